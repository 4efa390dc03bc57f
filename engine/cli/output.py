"""Shared output helpers for CLI commands: one JSON object per line, or readable text."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

__all__ = ["emit_json"]


def emit_json(obj: Any, out: TextIO | None = None) -> None:
    """Write one compact JSON object on its own line and flush (streams well into pipes)."""
    stream = out or sys.stdout
    stream.write(json.dumps(obj, separators=(", ", ": "), ensure_ascii=False) + "\n")
    stream.flush()
