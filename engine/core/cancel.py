"""One way to stop a long computation and to hear how far it got: the :class:`CancelToken`.

Every long computation of the engine (an analysis, a hint, a review, a
double-dummy table, a board search, a suit problem) takes a token, checks it
between units of work and raises :class:`Cancelled` when asked to stop; it
reports its progress through the same token.  The caller that owns the
computation (the app's engine worker, a player with a time budget, a test) makes
the token and maps :class:`Cancelled` once; nothing in between needs to know.

A token is a flag plus a progress callback.  :meth:`CancelToken.part` gives a
sub-computation a token of its own whose progress maps onto a slice of the
parent's, sharing the parent's flag, so nested work reports one monotone
fraction without knowing where it sits.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

__all__ = ["Cancelled", "CancelToken", "ProgressCallback", "NEVER"]

ProgressCallback = Callable[[float, str], None]
"""``report(fraction, message)``: how far a computation got (0..1) and what it is doing."""


class Cancelled(Exception):
    """A computation stopped because its token was cancelled.

    ``last`` carries the last partial result the computation reported (a hint's
    values so far), else ``None``.
    """

    def __init__(self, message: str = "cancelled", last: Any = None) -> None:
        super().__init__(message)
        self.last = last


class CancelToken:
    """A cancel flag and a progress callback, passed down a long computation.

    ``event`` is the flag (a fresh one when not given); ``progress`` receives
    ``(fraction, message)`` reports.  Tokens are cheap: checking one is an
    attribute read and an ``Event.is_set``.
    """

    __slots__ = ("_event", "_progress", "_start", "_span", "_label")

    def __init__(self, event: threading.Event | None = None, progress: ProgressCallback | None = None) -> None:
        self._event = event if event is not None else threading.Event()
        self._progress = progress
        self._start = 0.0
        self._span = 1.0
        self._label = ""

    @property
    def cancelled(self) -> bool:
        """Whether the computation should stop."""
        return self._event.is_set()

    @property
    def cancellable(self) -> bool:
        """Whether anyone can cancel this token (False only for :data:`NEVER`): work that can be
        stopped is done in smaller steps, so that a stop takes effect soon."""
        return True

    def cancel(self) -> None:
        """Ask the computation (and every part of it) to stop at its next check."""
        self._event.set()

    def check(self, message: str = "cancelled") -> None:
        """Raise :class:`Cancelled` when the token was cancelled."""
        if self.cancelled:
            raise Cancelled(message)

    def report(self, fraction: float, message: str = "") -> None:
        """Report progress: ``fraction`` (0..1) of this token's part of the work."""
        if self._progress is not None:
            f = min(1.0, max(0.0, float(fraction)))
            if self._label:
                message = f"{self._label} ({message})" if message else self._label
            self._progress(self._start + self._span * f, message)

    def part(self, start: float, end: float, label: str = "") -> "CancelToken":
        """A token for the share ``start..end`` of this computation: the same flag, its progress mapped
        into that share of this token's; ``label`` (e.g. "looking for a deal") heads its messages."""
        if not 0.0 <= start <= end <= 1.0:
            raise ValueError(f"a part of the work must satisfy 0 <= start <= end <= 1, got {start}..{end}")
        child = CancelToken(self._event, self._progress)
        child._start = self._start + self._span * start
        child._span = self._span * (end - start)
        child._label = label
        return child

    def until(self, deadline: float) -> "CancelToken":
        """This token that also counts as cancelled once ``time.perf_counter()`` passes ``deadline``: a
        bounded part of the work stops at its next check, and the caller tells a timeout from the user's
        stop by checking this token afterwards.  Same flag and progress."""
        child = _Deadline(self._event, self._progress, deadline)
        child._start, child._span, child._label = self._start, self._span, self._label
        return child

    def __repr__(self) -> str:
        return f"CancelToken(cancelled={self.cancelled})"


class _Deadline(CancelToken):
    """A token with a time limit (see :meth:`CancelToken.until`)."""

    __slots__ = ("_deadline",)

    def __init__(self, event: threading.Event, progress: ProgressCallback | None, deadline: float) -> None:
        super().__init__(event, progress)
        self._deadline = deadline

    @property
    def cancelled(self) -> bool:
        return self._event.is_set() or time.perf_counter() > self._deadline


class _NeverCancelled(CancelToken):
    """The token of computations nobody can stop (a command-line run, a test): never set, reports nowhere."""

    __slots__ = ()

    @property
    def cancelled(self) -> bool:
        return False

    @property
    def cancellable(self) -> bool:
        return False

    def cancel(self) -> None:
        raise RuntimeError("NEVER is the token of computations nobody stops; make a CancelToken to cancel")

    def part(self, start: float, end: float, label: str = "") -> "CancelToken":
        return self


NEVER: CancelToken = _NeverCancelled()
"""The default token: never cancelled, reports nowhere."""
