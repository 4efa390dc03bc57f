"""Reading and writing PBN files: the public entry points of the PBN package.

``read_pbn`` accepts text or a path and returns typed games; ``write_pbn``
renders games as canonical PBN; ``write_pbn_file`` saves them atomically so a
crash never leaves a half-written file behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterable

from .pbn_blocks import resolve_inheritance, split_games
from .pbn_error import PbnError
from .pbn_game import PbnGame
from .pbn_lexer import tokenize
from .pbn_parse import game_from_tags
from .pbn_write import game_to_pbn

__all__ = ["read_pbn", "parse_pbn", "write_pbn", "write_pbn_file", "decode_pbn_bytes"]

EXPORT_HEADER = "% PBN 2.1\n% EXPORT\n"


def decode_pbn_bytes(data: bytes) -> str:
    """UTF-8 (with or without BOM) when valid, else ISO-8859-1, the character set PBN specifies."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_pbn(text: str) -> list[PbnGame]:
    """Parse PBN text into games; raise :class:`PbnError` (with a line number) on bad input."""
    games = resolve_inheritance(split_games(tokenize(text)))
    return [game_from_tags(tags) for tags in games]


def _is_path_text(source: str) -> bool:
    """One non-blank line with no tag in it cannot be a PBN game, so it must be a file name."""
    return bool(source.strip()) and "\n" not in source and "\r" not in source and "[" not in source


def read_pbn(source: str | os.PathLike[str]) -> list[PbnGame]:
    """Read games from a path or from PBN text.

    A ``str`` is taken as a path when it is a single line without any tag
    (so ``read_pbn("missing.pbn")`` raises ``FileNotFoundError`` rather than
    parsing the name); otherwise it is the PBN text itself.  Errors from a
    file name it.
    """
    if isinstance(source, os.PathLike) or _is_path_text(source):
        path = Path(source).expanduser() if isinstance(source, os.PathLike) else Path(source.strip())
        text = decode_pbn_bytes(path.read_bytes())
        try:
            return parse_pbn(text)
        except PbnError as e:
            raise e.with_source(str(path)) from None
    return parse_pbn(source)


def write_pbn(games: Iterable[PbnGame]) -> str:
    """Canonical PBN text: the export header, then the games separated by blank lines."""
    blocks = []
    for number, game in enumerate(games, start=1):
        block = game_to_pbn(game)
        if not block:
            raise ValueError(f"game {number} has no tags at all: PBN cannot represent an empty game")
        blocks.append(block)
    return EXPORT_HEADER + "".join(f"\n{block}\n" for block in blocks)


def write_pbn_file(path: str | os.PathLike[str], games: Iterable[PbnGame]) -> None:
    """Write games to ``path`` atomically: temp file in the same directory, fsync, then rename."""
    target = Path(path)
    text = write_pbn(games)
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_directory(target.parent)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    try:
        fd = os.open(directory or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
