"""A match's results file: each finished deal's JSON lines appended at once, read back to resume.

A long match interrupted (a reboot, a Ctrl-C, a cluster going away) keeps
every deal it finished: ``--save FILE`` appends a deal's lines as soon as the
deal is done (in whatever order the workers finish) and ``--resume`` reads them
back, so only the missing deals are played and the summary covers them all.
Without ``--resume`` an existing, non-empty file is refused rather than mixed
with a new run.

The file is the user's: it may have been cut short, edited, damaged on disk, or
be another file given by mistake.  Reading it back follows these rules, so it
never ends in a traceback, never mixes two matches and never loses a result:

* the file is only ever appended to; the lines already there, good or bad, stay;
* the first line written says which match the file holds (``{"match": "hearts",
  "settings": {...}}``); resuming with other settings (another seed, player,
  contract...) is refused, naming them;
* a deal counts as done only when all its lines are there (the last line of
  each part wins, so a deal replayed after a torn write is read right);
* the last line, cut short by the interruption (no newline, not whole JSON), is
  cut off the file before anything is appended (also when it is all the file
  holds, provided it is the start of this run's header: a run interrupted while
  writing its first deal);
* any other line that is not a result of this match (not UTF-8, not JSON,
  nested too deeply, a field missing or out of range, longer than
  :data:`~engine.cli.inputs.MAX_LINE_CHARS`) is skipped and told, naming its
  line: its deal is played again;
* a file in which no line is a result, a header or a summary is not a saved
  match at all: refused, and never appended to;
* a path that is not a regular file (a directory, a FIFO, a device) is refused:
  it could block the run or swallow its results.

Reading streams the file line by line and keeps only the rows of this match's
deals, so memory grows with the match, not with the file.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Callable, Iterator

from ..cli.inputs import MAX_LINE_CHARS, InputError, load_json, located
from ..core.quoting import quoted

__all__ = ["Journal", "RowReader", "is_header"]

RowReader = Callable[[Any, str], dict[str, Any]]
"""Checks one saved line (decoded JSON, and where it is for messages) and returns it as a row with a
whole-number ``deal``; raises :class:`~engine.cli.inputs.InputError` naming the file, line and field."""

_SHOWN_DAMAGE = 3  # damaged lines named in the note (the count covers them all)


def is_header(obj: Any) -> bool:
    """Is this decoded line a save file's header (``{"match": ..., "settings": ...}``)?"""
    return isinstance(obj, dict) and "match" in obj and "deal" not in obj


class _Mismatch(InputError):
    """The file is a good save of another match: refused, never skipped."""


def _header(match: str, settings: dict[str, Any]) -> dict[str, Any]:
    return {"match": match, "settings": settings}


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


def _shown(value: Any) -> str:
    return quoted(value, 40) if isinstance(value, str) else json.dumps(value)


@dataclass
class _Reading:
    """What one pass over the file found."""

    rows: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)  # deal -> part -> last row
    where: dict[int, str] = field(default_factory=dict)  # deal -> the place of its last line
    good_lines: int = 0  # results, headers and summaries: lines that belong in a save file
    headers: int = 0
    damaged: int = 0
    damage: list[str] = field(default_factory=list)  # the first few messages
    outside: int = 0  # results of deals this run does not play
    torn_at: int | None = None  # offset of a damaged last line without its newline
    torn: bytes = b""  # that line
    torn_error: str = ""  # and why it is not a result
    open_end: bool = False  # the file ends with a good line but no newline


def _raw_lines(f: BinaryIO) -> Iterator[tuple[int, int, bytes | None, bool]]:
    """``(number, offset, bytes, ended)`` per line; ``bytes`` is ``None`` for a line longer than the limit
    (skipped without holding it in memory); ``ended`` tells whether a newline closed it."""
    number, offset = 0, 0
    while True:
        raw = f.readline(MAX_LINE_CHARS + 1)
        if not raw:
            return
        number += 1
        start = offset
        offset += len(raw)
        if len(raw) > MAX_LINE_CHARS and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = f.readline(1 << 20)
                offset += len(raw)
            yield number, start, None, raw.endswith(b"\n")
            continue
        ended = raw.endswith(b"\n")
        yield number, start, raw[:-1] if ended else raw, ended


class Journal:
    """Deal lines by deal index, from an earlier run of the same match, plus the appending of new ones.

    ``match`` and ``settings`` name the run (the options that decide its results: seed, players,
    contract...); ``deals`` are the deal indexes this run plays; ``parts`` name a deal's lines
    (``part_of`` picks a row's part: the seating in Hearts) and ``read_row`` checks each line.
    :attr:`done` maps a finished deal to its rows in ``parts`` order (:attr:`where` to its line);
    :attr:`notes` are what the user should be told (damaged lines skipped, deals left out).
    """

    def __init__(self, path: str, *, resume: bool, match: str, settings: dict[str, Any], deals: range,
                 read_row: RowReader, parts: tuple[str, ...] = ("",),
                 part_of: Callable[[dict[str, Any]], str] = lambda row: "") -> None:
        self.path = path
        self.match = match
        self.settings = settings
        self.done: dict[int, list[dict[str, Any]]] = {}
        self.where: dict[int, str] = {}  # a done deal -> "FILE, line N" of its last line, for messages
        self.notes: list[str] = []
        self._has_header = False
        self._open_end = False
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{path} is not a regular file: --save needs a file to append the results to")
        if info.st_size == 0:
            return
        if not resume:
            raise ValueError(f"{path} already holds results: add --resume to continue that run, or save to "
                             f"another file")
        self._load(deals, read_row, parts, part_of)

    # --- reading ------------------------------------------------------------------------------------
    def _load(self, deals: range, read_row: RowReader, parts: tuple[str, ...],
              part_of: Callable[[dict[str, Any]], str]) -> None:
        found = _Reading()
        with open(self.path, "rb") as f:
            for number, offset, raw, ended in _raw_lines(f):
                where = f"{self.path}, line {number}"
                try:
                    self._read_line(raw, number, where, found, deals, read_row, part_of)
                except _Mismatch:
                    raise
                except InputError as exc:
                    if not ended and raw is not None and _cut_short(raw):  # the interruption's last line
                        found.torn_at, found.torn, found.torn_error = offset, raw, str(exc)
                        continue
                    found.damaged += 1
                    found.open_end = found.open_end or not ended
                    if len(found.damage) < _SHOWN_DAMAGE:
                        found.damage.append(str(exc))
                    continue
                if not ended and raw is not None and raw.strip():
                    found.open_end = True
        ours = _line(_header(self.match, self.settings)).encode("utf-8")
        if not found.good_lines and (found.damaged or (found.torn_at is not None and not ours.startswith(found.torn))):
            first = found.damage[0] if found.damage else found.torn_error
            raise InputError(f"{self.path} is not a saved match: no line in it is a saved result ({first}); give "
                             f"--save another file")
        self.done = {deal: [by_part[p] for p in parts] for deal, by_part in found.rows.items()
                     if all(p in by_part for p in parts)}
        self.where = {deal: found.where[deal] for deal in self.done}
        self._has_header = found.headers > 0
        self._open_end = found.open_end
        if found.damaged:
            which = "1 damaged line" if found.damaged == 1 else f"{found.damaged} damaged lines"
            self.notes.append(f"{self.path}: {which} skipped; a deal missing a line is played again "
                              f"({'; '.join(found.damage)})")
        if found.outside:
            self.notes.append(f"{self.path}: {found.outside} saved lines are for deals this run does not play "
                              f"({_span(deals)}); they are left out of it")
        if found.torn_at is not None:  # nothing readable is lost: the line was cut short
            with open(self.path, "r+b") as f:
                f.truncate(found.torn_at)

    def _read_line(self, raw: bytes | None, number: int, where: str, found: _Reading, deals: range, read_row: RowReader,
                   part_of: Callable[[dict[str, Any]], str]) -> None:
        if raw is None:
            raise InputError(f"{where}: longer than {MAX_LINE_CHARS // (1024 * 1024)} MB")
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{where}: not UTF-8 text (byte {exc.start + 1})") from None
        if not text.strip():
            return
        with located(where):
            obj = load_json(text, where)
            if isinstance(obj, dict) and "summary" in obj:
                found.good_lines += 1
                return
            if is_header(obj):
                self._check_header(obj, where)
                found.headers += 1
                found.good_lines += 1
                return
            row = read_row(obj, where)
            part = part_of(row)
        found.good_lines += 1
        if row["deal"] not in deals:
            found.outside += 1
            return
        found.rows.setdefault(row["deal"], {})[part] = row
        found.where[row["deal"]] = where

    def _check_header(self, obj: dict[str, Any], where: str) -> None:
        saved, settings = obj.get("match"), obj.get("settings")
        if not isinstance(saved, str) or not isinstance(settings, dict):
            raise InputError(f"{where}: not a save file's first line (expected a match name and its settings)")
        if saved != self.match:
            raise _Mismatch(f"{where}: this file holds a run of {quoted(saved, 40)}, not of {self.match}: save to "
                            f"another file")
        differ = [f"{_option(k)} {_shown(settings[k])} there, {_shown(v)} here" for k, v in self.settings.items()
                  if k in settings and settings[k] != v]
        if differ:
            raise _Mismatch(f"{where}: this file holds a run of another {self.match} ({'; '.join(differ[:3])}): "
                            f"resume with the options it was saved with, or save to another file")

    # --- appending ----------------------------------------------------------------------------------
    def append(self, rows: list[dict[str, Any]]) -> None:
        """Add one finished deal's lines, flushed to disk before returning (the header first, once)."""
        with open(self.path, "a", encoding="utf-8") as f:
            if self._open_end:
                f.write("\n")
                self._open_end = False
            if not self._has_header:
                f.write(_line(_header(self.match, self.settings)))
                self._has_header = True
            for row in rows:
                f.write(_line(row))
            f.flush()
            os.fsync(f.fileno())


def _cut_short(raw: bytes) -> bool:
    """Is this unfinished last line text cut short (not whole JSON)?  A whole line, even a wrong one,
    is the user's and stays in the file."""
    try:
        json.loads(raw.decode("utf-8", errors="replace"))
    except RecursionError:  # whole, nested too deeply (a torn line of ours never is)
        return False
    except ValueError:
        return True
    return False


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(", ", ": "), ensure_ascii=False) + "\n"


def _span(deals: range) -> str:
    return "no deals" if not deals else f"deals {deals.start}..{deals.stop - 1}"
