"""Atomic saves, what they leave behind when interrupted, and setting bad files aside.

Every file the app writes is written atomically: a temporary file beside the
target, flushed and synced, then renamed over it, so a crash never leaves a
half-written file.  A crash *during* the save leaves the temporary file, though.
The settings' temporaries live in the config directory, which
:func:`clean_interrupted_saves` sweeps at start; a PBN file can be saved anywhere,
so a :class:`SaveJournal` in the config directory notes each save in progress
(the target's temporary-file pattern) and forgets it once the save is over: at
start the patterns still noted belong to interrupted saves, and their files go.

:func:`keep_aside` renames a damaged file to ``<name>.bad-<date>-<time>`` beside
itself, so nothing the user had is lost when the app starts afresh.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from engine.formats.atomic import TEMP_SUFFIX, temp_prefix, write_text_atomically

__all__ = [
    "atomic_write_text", "clean_interrupted_saves", "keep_aside", "SaveJournal", "STALE_AFTER_S",
    "TEMP_SUFFIX", "temp_prefix",
]

STALE_AFTER_S = 60.0
"""A temporary file untouched for this long is no save in progress (another running Tenace would be
writing its file within milliseconds)."""
JOURNAL_FILE = "saves-in-progress.json"
_RANDOM_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def _is_temp(path: Path, prefix: str) -> bool:
    name = path.name
    if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
        return False
    middle = name[len(prefix):-len(TEMP_SUFFIX)]
    return len(middle) == 8 and set(middle) <= _RANDOM_CHARS


def atomic_write_text(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically (temporary file, fsync, rename), making its folder if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text_atomically(path, text)


def keep_aside(path: Path, now: float | None = None) -> Path | None:
    """Rename ``path`` to ``<name>.bad-YYYYMMDD-HHMMSS`` (a number added if taken); ``None`` if it failed."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    for n in range(100):
        aside = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if aside.exists():
            continue
        try:
            os.replace(path, aside)
        except OSError:
            return None
        return aside
    return None


def _stale_temps(directory: Path, prefix: str, now: float) -> list[Path]:
    try:
        entries = list(directory.iterdir())
    except OSError:
        return []
    out = []
    for entry in entries:
        if _is_temp(entry, prefix):
            try:
                if now - entry.stat().st_mtime >= STALE_AFTER_S:
                    out.append(entry)
            except OSError:
                continue
    return out


def _remove(paths: list[Path]) -> list[Path]:
    removed = []
    for path in paths:
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


class SaveJournal:
    """Saves in progress, noted in ``<config dir>/saves-in-progress.json`` (a list of target paths)."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / JOURNAL_FILE

    def targets(self) -> list[Path]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return []
        return [Path(t) for t in data if isinstance(t, str)] if isinstance(data, list) else []

    def _write(self, targets: list[Path]) -> None:
        if targets:
            atomic_write_text(self.path, json.dumps(sorted({str(t) for t in targets})))
        else:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass

    @contextmanager
    def saving(self, target: Path) -> Iterator[None]:
        """Note ``target``'s save while it runs (a journal that cannot be written does not stop the save)."""
        target = Path(target).absolute()
        try:
            self._write(self.targets() + [target])
        except OSError:
            pass
        try:
            yield
        finally:
            try:
                self._write([t for t in self.targets() if t != target])
            except OSError:
                pass

    def clean(self, now: float | None = None) -> list[Path]:
        """Delete the temporary files of the saves noted (interrupted ones); forget them."""
        now = time.time() if now is None else now
        removed = []
        for target in self.targets():
            removed += _remove(_stale_temps(target.parent, temp_prefix(target), now))
        try:
            self._write([])
        except OSError:
            pass
        return removed


def clean_interrupted_saves(config_dir: Path, config_files: tuple[str, ...], now: float | None = None,
                            legacy_prefixes: tuple[str, ...] = ()) -> list[Path]:
    """At start: remove temporary files left by interrupted saves of ``config_files`` (in ``config_dir``),
    of the journal itself and of the saves it notes; ``legacy_prefixes`` are older temporary names
    (``.settings-``).  Returns what was removed."""
    now = time.time() if now is None else now
    prefixes = [temp_prefix(config_dir / name) for name in (*config_files, JOURNAL_FILE)] + list(legacy_prefixes)
    removed = []
    for prefix in prefixes:
        removed += _remove(_stale_temps(config_dir, prefix, now))
    return removed + SaveJournal(config_dir).clean(now)
