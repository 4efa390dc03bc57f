"""What the engine worker sends back to the GUI: small frozen dataclasses, never Qt objects.

Every message carries the ``request_id`` that :meth:`EngineWorker.submit` returned, so a
controller can tell an answer to its current question from a stale one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Generic, Protocol, TypeVar

from engine.core.cancel import CancelToken

__all__ = [
    "RequestId",
    "EngineActivity",
    "EngineStatus",
    "JobProgress",
    "JobDone",
    "JobFailed",
    "JobCancelled",
    "ProgressReporter",
    "EngineJob",
]

RequestId = int
ResultT = TypeVar("ResultT")


class EngineActivity(Enum):
    """What the engine thread is doing, as the status bar shows it."""

    IDLE = "idle"
    COMPILING = "compiling"
    THINKING = "thinking"


class ProgressReporter(Protocol):
    """The callable a job calls with its progress (0..1) and an optional short message."""

    def __call__(self, fraction: float, message: str = "") -> None: ...


EngineJob = Callable[[CancelToken], object]
"""A job: ``job(token) -> result``; plain Python, never Qt.  The token carries the job's cancel flag
and reports its progress; a job that sees it cancelled raises :class:`~engine.core.cancel.Cancelled`."""


@dataclass(frozen=True, slots=True)
class EngineStatus:
    """The engine thread's current activity; ``fraction`` is ``None`` when progress is unknown."""

    activity: EngineActivity
    request_id: RequestId | None = None
    fraction: float | None = None
    message: str = ""
    stoppable: bool = False  # the user may stop this job (a file being read): the status bar offers Stop


@dataclass(frozen=True, slots=True)
class JobProgress:
    request_id: RequestId
    fraction: float
    message: str


@dataclass(frozen=True, slots=True)
class JobDone(Generic[ResultT]):
    request_id: RequestId
    result: ResultT
    seconds: float


@dataclass(frozen=True, slots=True)
class JobFailed:
    """A job raised: the UI shows ``message``; ``details`` holds the traceback for a log."""

    request_id: RequestId
    message: str
    details: str


@dataclass(frozen=True, slots=True)
class JobCancelled:
    request_id: RequestId
