"""Shared output helpers for CLI commands: one JSON object per line, or readable text."""

from __future__ import annotations

import json
import sys
from typing import Any, Iterable, TextIO

__all__ = ["emit_json", "open_input_lines"]


def emit_json(obj: Any, out: TextIO | None = None) -> None:
    """Write one compact JSON object on its own line and flush (streams well into pipes)."""
    stream = out or sys.stdout
    stream.write(json.dumps(obj, separators=(", ", ": "), ensure_ascii=False) + "\n")
    stream.flush()


def open_input_lines(path: str) -> Iterable[tuple[int, str]]:
    """Yield ``(line_number, text)`` for non-blank, non-comment lines of ``path`` (``-`` = stdin)."""
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
    try:
        for i, line in enumerate(stream, start=1):
            t = line.strip()
            if t and not t.startswith("#"):
                yield i, t
    finally:
        if stream is not sys.stdin:
            stream.close()
