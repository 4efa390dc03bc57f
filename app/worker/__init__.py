"""The engine worker: one background thread that runs engine jobs for the GUI (see engine_worker)."""

from .engine_worker import EngineWorker, WorkerShutDownError
from .messages import (
    EngineActivity,
    EngineJob,
    EngineStatus,
    JobCancelled,
    JobDone,
    JobFailed,
    JobProgress,
    ProgressReporter,
    RequestId,
)

__all__ = [
    "EngineWorker",
    "WorkerShutDownError",
    "EngineActivity",
    "EngineJob",
    "EngineStatus",
    "JobCancelled",
    "JobDone",
    "JobFailed",
    "JobProgress",
    "ProgressReporter",
    "RequestId",
]
