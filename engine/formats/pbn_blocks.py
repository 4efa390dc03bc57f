"""Grouping PBN tokens into games of raw tags, and PBN's ``#`` tag-value inheritance.

Each game becomes a list of :class:`RawTag` (name, value, line and the words of
its section, if any).  Games are separated by blank lines, as PBN specifies;
any number of blank lines (or comment-only lines) may sit between games.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable

from .pbn_error import PbnError
from .pbn_lexer import Token, TokenKind

__all__ = ["RawTag", "split_games", "resolve_inheritance"]

INHERIT = "#"


@dataclass(frozen=True, slots=True)
class RawTag:
    """One tag as written, with the section words that follow it."""

    name: str
    value: str
    line: int
    section: tuple[Token, ...] = field(default=())


def split_games(tokens: Iterable[Token]) -> list[list[RawTag]]:
    """Split the token stream into games (lists of raw tags in file order)."""
    blocks: list[list[RawTag]] = []
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
                    f"{token.text!r} is outside any tag: section data must follow its tag, "
                    f"e.g. calls after [Auction \"N\"]",
                )
            words.append(token)
        else:
            close_tag()
            if current:
                blocks.append(current)
                current = []
    close_tag()
    if current:
        blocks.append(current)
    return blocks


def resolve_inheritance(games: list[list[RawTag]]) -> list[list[RawTag]]:
    """Replace each ``"#"`` value by the value the same tag had most recently before.

    PBN lets a game copy a tag value from the game before by writing ``#``
    (``[Event "#"]``); a ``#`` with nothing to copy is an error.
    """
    latest: dict[str, str] = {}
    resolved: list[list[RawTag]] = []
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
        resolved.append(out)
    return resolved
