"""Quoting user input inside error messages, never more than a short excerpt.

An error message names what was wrong (``bad card 'X7'``); when the input is a
megabyte-long word, echoing it whole would make a one-line message a megabyte
long (and the status bar or terminal unusable), so long text is cut.
"""

from __future__ import annotations

__all__ = ["quoted", "QUOTE_LIMIT"]

QUOTE_LIMIT = 40


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)`` for short text; a cut excerpt with the full length for long text."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"
