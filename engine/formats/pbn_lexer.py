"""Tokenising PBN text: tags, section words and game breaks, each with its line number.

Comments (``;`` to the end of the line and ``{...}`` blocks, which may span
lines), ``%`` escape lines (``% PBN 2.1``, ``% EXPORT``) and CR/CRLF line ends
are dealt with here so the parser only ever sees meaningful tokens.  A blank
line outside a comment ends a game, which is how PBN separates games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Iterator

from ..core.quoting import quoted
from .pbn_error import PbnError

__all__ = ["TokenKind", "Token", "tokenize", "iter_lines"]

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_WORD_STOP = set(" \t[{;") | {"\f", "\v"}


class TokenKind(Enum):
    TAG = "tag"  # ``[Name "value"]``: ``text`` is the name, ``value`` the unescaped value
    WORD = "word"  # anything else in a section: a call, a card, ``*``, ``=1=``, ...
    BREAK = "break"  # a blank line: the end of a game


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    line: int
    text: str = ""
    value: str = ""


LINES_PER_CHUNK_CHARS = 1 << 16


def iter_lines(text: str, on_chunk: Callable[[int], None] | None = None) -> Iterator[str]:
    """``text.splitlines()`` one line at a time, without a list of every line of a large file.

    The text is cut after a ``\\n`` (always a line end, and never the first half of
    ``\\r\\n``) every :data:`LINES_PER_CHUNK_CHARS` characters or so; ``on_chunk`` is told
    how many characters have been handed out before each chunk (progress, cancellation).
    """
    start, n = 0, len(text)
    while start < n:
        if on_chunk is not None:
            on_chunk(start)
        cut = text.find("\n", start + LINES_PER_CHUNK_CHARS)
        end = n if cut < 0 else cut + 1
        yield from text[start:end].splitlines()
        start = end


def tokenize(text: str, on_chunk: Callable[[int], None] | None = None) -> Iterator[Token]:
    """Yield the tokens of ``text``; raise :class:`PbnError` for a malformed tag or comment.

    ``on_chunk(characters_read)`` is called every few tens of kilobytes (see :func:`iter_lines`).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    comment_opened_at = 0  # line of the ``{`` of an open block comment, 0 when none
    for number, line in enumerate(iter_lines(text, on_chunk), start=1):
        i = 0
        if comment_opened_at:
            close = line.find("}")
            if close < 0:
                continue
            comment_opened_at = 0
            i = close + 1
        elif line.lstrip().startswith("%"):
            continue  # escape line: directives such as ``% PBN 2.1`` carry nothing we need
        elif not line.strip():
            yield Token(TokenKind.BREAK, number)
            continue
        n = len(line)
        while i < n:
            ch = line[i]
            if ch.isspace():
                i += 1
            elif ch == ";":
                break
            elif ch == "{":
                close = line.find("}", i + 1)
                if close < 0:
                    comment_opened_at = number
                    break
                i = close + 1
            elif ch == "[":
                token, i = _read_tag(line, i, number)
                yield token
            else:
                start = i
                while i < n and line[i] not in _WORD_STOP:
                    i += 1
                yield Token(TokenKind.WORD, number, line[start:i])
    if comment_opened_at:
        raise PbnError(comment_opened_at, "comment opened with '{' is never closed with '}'")


def _read_tag(line: str, i: int, number: int) -> tuple[Token, int]:
    """Read ``[Name "value"]`` starting at the ``[`` at ``line[i]``; a tag must fit on one line."""
    n = len(line)
    i += 1
    while i < n and line[i].isspace():
        i += 1
    m = _TAG_NAME.match(line, i)
    if not m:
        raise PbnError(number, f"tag has no name after '[': {quoted(line.strip())}")
    name = m.group()
    i = m.end()
    while i < n and line[i].isspace():
        i += 1
    if i >= n or line[i] != '"':
        if i >= n or line[i] == "]":
            raise PbnError(number, f"tag {name} has no quoted value (expected [{name} \"...\"])")
        raise PbnError(number, f"tag {name}: the value must be in double quotes")
    i += 1
    chars: list[str] = []
    while True:
        if i >= n:
            raise PbnError(number, f"tag {name}: the value's closing '\"' is missing")
        ch = line[i]
        if ch == "\\" and i + 1 < n and line[i + 1] in '"\\':
            chars.append(line[i + 1])
            i += 2
        elif ch == '"':
            i += 1
            break
        else:
            chars.append(ch)
            i += 1
    while i < n and line[i].isspace():
        i += 1
    if i >= n or line[i] != "]":
        raise PbnError(number, f"tag {name} is not closed with ']'")
    return Token(TokenKind.TAG, number, name, "".join(chars)), i + 1
