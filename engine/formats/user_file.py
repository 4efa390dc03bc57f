"""Opening a file the user named without ever blocking: a FIFO, a terminal or a folder is refused first.

``open()`` on a FIFO waits for a writer, and reading a terminal waits for a
line: picked in an Open dialog (or left where a settings file should be), either
would stop the thread reading it for ever.  The file is opened without blocking,
checked, then read normally.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

__all__ = ["open_user_file", "NotARegularFile"]


class NotARegularFile(OSError):
    """The path names a folder, a FIFO, a device...: nothing Tenace reads as a file (``kind`` says which:
    "a folder" or "not a regular file")."""

    def __init__(self, path: str, kind: str) -> None:
        self.kind = kind
        super().__init__(f"{path} is {kind}")


def open_user_file(path: str | os.PathLike[str], *, pipes: bool = False) -> BinaryIO:
    """``path`` opened for reading in binary; :class:`NotARegularFile` for a folder, and for a FIFO or a
    device unless ``pipes`` (the command line's ``--pbn <(...)``).  The caller caps what it reads."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode) or not (pipes or stat.S_ISREG(mode)):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise NotARegularFile(os.fspath(path), kind)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
