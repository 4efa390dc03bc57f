"""The one error type PBN reading raises: it always carries the line number."""

from __future__ import annotations

__all__ = ["PbnError", "PbnFileError", "PbnSizeError"]


class PbnError(ValueError):
    """Malformed PBN input; ``str()`` names the source, the line and what is wrong.

    It is a ``ValueError`` so the CLI prints the message without a traceback.
    """

    def __init__(self, line: int, message: str, source: str | None = None) -> None:
        self.line = line
        self.message = message
        self.source = source
        where = f"line {line}" if source is None else f"{source}, line {line}"
        super().__init__(f"{where}: {message}")

    def with_source(self, source: str) -> "PbnError":
        """The same error, now naming the file it came from."""
        return PbnError(self.line, self.message, source)


class PbnFileError(ValueError):
    """A path refused before anything is read from it: not a regular file (a FIFO or a terminal would
    block the reading for ever), or too large (:class:`PbnSizeError`).  ``str()`` is ``what`` (the
    path) followed by ``reason``; a caller that has named the file already shows ``reason`` alone."""

    def __init__(self, what: str, reason: str) -> None:
        self.what = what
        self.reason = reason
        super().__init__(f"{what} {reason}")


class PbnSizeError(PbnFileError):
    """A PBN file (or text) too large to be a deal file; refused before it is parsed."""
