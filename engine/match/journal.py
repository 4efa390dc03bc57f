"""A match's results file: each finished deal's JSON lines appended at once, read back to resume.

A long match interrupted (a reboot, a Ctrl-C, a cluster going away) keeps
every deal it finished: ``--save FILE`` appends a deal's lines as soon as the
deal is done (in whatever order the workers finish) and ``--resume`` reads them
back, so only the missing deals are played and the summary covers them all.
A deal counts as done only when all its lines are there; a line cut short by
the interruption is dropped (and cut off the file before anything is
appended).  Without ``--resume`` an existing, non-empty file is refused rather
than mixed with a new run.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable

from ..cli.inputs import InputError, load_json

__all__ = ["Journal"]

RowReader = Callable[[Any, str], dict[str, Any]]
"""Checks one saved line (decoded JSON, and where it is for messages) and returns it as a row with a
``deal`` index; raises :class:`~engine.cli.inputs.InputError` naming the file, line and field."""


def _deal_index(obj: Any, where: str) -> dict[str, Any]:
    if not isinstance(obj, dict) or isinstance(obj.get("deal"), bool) or not isinstance(obj.get("deal"), int):
        raise InputError(f"{where}: not a deal result of this match (no whole-number field 'deal')")
    return obj


class Journal:
    """Deal lines by deal index, from an earlier run of the same match, plus the appending of new ones.

    Every saved line is read as any other input: a line that is not JSON, nested too deeply or
    missing a field is an error naming the file and line (``read_row`` checks the fields).
    """

    def __init__(self, path: str, *, resume: bool, lines_per_deal: int, read_row: RowReader = _deal_index) -> None:
        self.path = path
        self.done: dict[int, list[dict[str, Any]]] = {}
        exists = os.path.exists(path) and os.path.getsize(path) > 0
        if exists and not resume:
            raise ValueError(f"{path} already holds results: add --resume to continue that run, or save to "
                             f"another file")
        if exists:
            self._load(lines_per_deal, read_row)

    def _load(self, lines_per_deal: int, read_row: RowReader) -> None:
        with open(self.path, "rb") as f:
            data = f.read()
        keep = len(data)
        if not data.endswith(b"\n"):  # the last line was cut short: drop it
            keep = data.rfind(b"\n") + 1
        lines: dict[int, list[dict[str, Any]]] = {}
        for number, raw in enumerate(data[:keep].split(b"\n"), 1):
            where = f"{self.path}, line {number}"
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InputError(f"{where}: not UTF-8 text") from None
            if not text.strip():
                continue
            obj = load_json(text, where)
            if isinstance(obj, dict) and "summary" in obj:
                continue
            row = read_row(obj, where)
            lines.setdefault(row["deal"], []).append(row)
        # a deal replayed after a torn write has its complete lines last
        self.done = {d: rows[-lines_per_deal:] for d, rows in lines.items() if len(rows) >= lines_per_deal}
        if keep != len(data):
            with open(self.path, "r+b") as f:
                f.truncate(keep)

    def append(self, rows: list[dict[str, Any]]) -> None:
        """Add one finished deal's lines, flushed to disk before returning."""
        with open(self.path, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, separators=(", ", ": "), ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
