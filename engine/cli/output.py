"""Shared output helpers for CLI commands: one JSON object per line, or readable text."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .inputs import one_line

__all__ = ["emit_json", "note"]


def emit_json(obj: Any, out: TextIO | None = None) -> None:
    """Write one compact JSON object on its own line and flush (streams well into pipes)."""
    stream = out or sys.stdout
    stream.write(json.dumps(obj, separators=(", ", ": "), ensure_ascii=False) + "\n")
    stream.flush()


def note(text: str) -> None:
    """Tell the user something on stderr without failing (``tenace-cli: note: ...``, one line)."""
    try:
        print(f"tenace-cli: note: {one_line(text)}", file=sys.stderr, flush=True)
    except (OSError, ValueError):  # stderr gone
        pass
