"""Reading and writing PBN files: the public entry points of the PBN package.

``read_pbn`` accepts text or a path and returns typed games; ``write_pbn``
renders games as canonical PBN; ``write_pbn_file`` saves them atomically so a
crash never leaves a half-written file behind.

Reading is linear in the size of the input whatever it holds (no backtracking
pattern, games parsed as they are read), and a file larger than
:data:`MAX_PBN_BYTES` is refused before it is read: a tournament's PBN file is a
few megabytes, so anything far larger is not a deal file and would only cost
time and memory.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

from .atomic import write_text_atomically
from .pbn_blocks import resolve_inheritance, split_games
from .pbn_error import PbnError, PbnFileError, PbnSizeError
from .pbn_game import PbnGame
from .pbn_lexer import tokenize
from .pbn_parse import game_from_tags
from .pbn_write import game_to_pbn
from .user_file import NotARegularFile, open_user_file

__all__ = [
    "read_pbn", "parse_pbn", "write_pbn", "write_pbn_file", "decode_pbn_bytes", "read_pbn_bytes",
    "MAX_PBN_BYTES",
]

EXPORT_HEADER = "% PBN 2.1\n% EXPORT\n"
MAX_PBN_BYTES = 8 * 1024 * 1024
"""The largest PBN file (or text, in characters) Tenace reads: 8 MiB, thousands of fully played
boards; the worst content of that size reads in under 20 s of CPU and 400 MB here."""

Progress = Callable[[float], None]
"""Told the fraction of the input read so far; it may raise to stop the reading (a cancel)."""


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _check_size(size: int, what: str) -> None:
    if size > MAX_PBN_BYTES:
        raise PbnSizeError(what, f"is {_megabytes(size)}; Tenace reads PBN files of at most "
                           f"{_megabytes(MAX_PBN_BYTES)}")


def decode_pbn_bytes(data: bytes) -> str:
    """UTF-8 (with or without BOM) when valid, else ISO-8859-1, the character set PBN specifies."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_pbn(text: str, progress: Progress | None = None, limit: int | None = None) -> list[PbnGame]:
    """Parse PBN text into games; raise :class:`PbnError` (with a line number) on bad input.

    Text longer than :data:`MAX_PBN_BYTES` characters raises :class:`PbnSizeError`.  With
    ``limit``, reading stops after that many games (the rest of the text is never looked at).
    """
    _check_size(len(text), "the PBN text")
    total = max(len(text), 1)
    on_chunk = None if progress is None else (lambda done: progress(done / total))
    out: list[PbnGame] = []
    for tags in resolve_inheritance(split_games(tokenize(text, on_chunk))):
        if limit is not None and len(out) >= limit:
            break
        out.append(game_from_tags(tags))
    if progress is not None:
        progress(1.0)
    return out


def _is_path_text(source: str) -> bool:
    """One non-blank line with no tag in it cannot be a PBN game, so it must be a file name."""
    return bool(source.strip()) and "\n" not in source and "\r" not in source and "[" not in source


def read_pbn_bytes(path: str | os.PathLike[str], *, pipes: bool = False) -> bytes:
    """The bytes of a PBN file, refused before reading when it is too large (:class:`PbnSizeError`) or
    not a regular file (:class:`PbnFileError`: a FIFO or a terminal would block the reading for ever).
    ``pipes`` lets a pipe or a device through (the command line's ``--pbn <(...)``), still size-capped."""
    path = Path(path)
    try:
        f = open_user_file(path, pipes=pipes)
    except NotARegularFile as exc:
        raise PbnFileError(str(path), f"is {exc.kind}: Tenace reads PBN files") from None
    with f:
        _check_size(os.fstat(f.fileno()).st_size, str(path))
        data = f.read(MAX_PBN_BYTES + 1)  # a file that grows while we read is still cut off
    _check_size(len(data), str(path))
    return data


def read_pbn(source: str | os.PathLike[str], progress: Progress | None = None,
             limit: int | None = None, *, pipes: bool = False) -> list[PbnGame]:
    """Read games from a path or from PBN text.

    A ``str`` is taken as a path when it is a single line without any tag
    (so ``read_pbn("missing.pbn")`` raises ``FileNotFoundError`` rather than
    parsing the name); otherwise it is the PBN text itself.  Errors from a
    file name it.  ``progress`` (see :data:`Progress`) follows the parsing;
    ``limit`` stops after that many games.  A path that is not a regular file is refused unless
    ``pipes`` (see :func:`read_pbn_bytes`).
    """
    if isinstance(source, os.PathLike) or _is_path_text(source):
        path = Path(source).expanduser() if isinstance(source, os.PathLike) else Path(source.strip())
        text = decode_pbn_bytes(read_pbn_bytes(path, pipes=pipes))
        try:
            return parse_pbn(text, progress, limit)
        except PbnError as e:
            raise e.with_source(str(path)) from None
    return parse_pbn(source, progress, limit)


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
    """Write games to ``path`` atomically (see :mod:`.atomic`)."""
    write_text_atomically(path, write_pbn(games))
