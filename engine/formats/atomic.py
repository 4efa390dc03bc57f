"""Writing a text file atomically: a temporary file beside it, flushed and synced, then renamed over it.

A crash never leaves a half-written file; it can leave the temporary file, named
``.<name>.<8 random characters>.tmp`` (see :func:`temp_prefix`), which the app sweeps
at start.  Used for PBN files here and for the app's own files (``app.saves``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_text_atomically", "temp_prefix", "TEMP_SUFFIX"]

TEMP_SUFFIX = ".tmp"


def temp_prefix(target: Path) -> str:
    """The temporary files of a save of ``target`` are ``.<name>.<8 random characters>.tmp``."""
    return f".{target.name}."


def write_text_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically; returns the path."""
    target = Path(path)
    fd, temp_name = tempfile.mkstemp(prefix=temp_prefix(target), suffix=TEMP_SUFFIX, dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    _fsync_directory(target.parent)
    return target


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
