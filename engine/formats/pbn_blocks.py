"""Grouping PBN tokens into games of raw tags, and PBN's ``#`` tag-value inheritance.

Each game becomes a list of :class:`RawTag` (name, value, line and the words of
its section, if any).  Games are separated by blank lines, as PBN specifies;
any number of blank lines (or comment-only lines) may sit between games.

Both steps stream: a game is handed on as soon as its blank line is read, so
memory holds one game's tokens at a time, and a section may hold at most
:data:`MAX_SECTION_WORDS` words (a real Auction or Play section has a few
hundred; a hostile file would otherwise make millions of token objects).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator

from ..core.quoting import quoted
from .pbn_error import PbnError
from .pbn_lexer import Token, TokenKind

__all__ = ["RawTag", "split_games", "resolve_inheritance", "MAX_SECTION_WORDS"]

INHERIT = "#"
MAX_SECTION_WORDS = 100_000


@dataclass(frozen=True, slots=True)
class RawTag:
    """One tag as written, with the section words that follow it."""

    name: str
    value: str
    line: int
    section: tuple[Token, ...] = field(default=())


def split_games(tokens: Iterable[Token]) -> Iterator[list[RawTag]]:
    """Yield the games of the token stream (lists of raw tags in file order), one at a time."""
    current: list[RawTag] = []
    words: list[Token] = []

    def close_tag() -> None:
        if current and words:
            current[-1] = replace(current[-1], section=tuple(words))
        words.clear()

    for token in tokens:
        if token.kind is TokenKind.TAG:
            close_tag()
            current.append(RawTag(token.text, token.value, token.line))
        elif token.kind is TokenKind.WORD:
            if not current:
                raise PbnError(
                    token.line,
                    f"{quoted(token.text)} is outside any tag: section data must follow its tag, "
                    f"e.g. calls after [Auction \"N\"]",
                )
            if len(words) >= MAX_SECTION_WORDS:
                tag = current[-1]
                raise PbnError(token.line, f"the [{tag.name}] section (line {tag.line}) has more than "
                               f"{MAX_SECTION_WORDS:,} words: this is not a PBN game")
            words.append(token)
        else:
            close_tag()
            if current:
                yield current
                current = []
    close_tag()
    if current:
        yield current


def resolve_inheritance(games: Iterable[list[RawTag]]) -> Iterator[list[RawTag]]:
    """Replace each ``"#"`` value by the value the same tag had most recently before.

    PBN lets a game copy a tag value from the game before by writing ``#``
    (``[Event "#"]``); a ``#`` with nothing to copy is an error.
    """
    latest: dict[str, str] = {}
    for game in games:
        out: list[RawTag] = []
        for tag in game:
            if tag.value.strip() == INHERIT:
                key = tag.name.lower()
                if key not in latest:
                    raise PbnError(tag.line, f"[{tag.name} \"#\"] copies the previous game's {tag.name}, "
                                   f"but no earlier game has a {tag.name} tag")
                tag = replace(tag, value=latest[key])
            out.append(tag)
        seen: set[str] = set()
        for tag in out:
            key = tag.name.lower()
            if key not in seen:
                latest[key] = tag.value
                seen.add(key)
        yield out
