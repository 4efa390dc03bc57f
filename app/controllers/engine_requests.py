"""The one way a controller asks the engine worker for something, and hears back, by request id.

Each controller submits through its own :class:`EngineRequests`: the answer, a failure
and (when asked for) the progress of its own requests come back to the callbacks it
gave, on the GUI thread; answers to other controllers' requests, or to requests it has
cancelled, are ignored, so a stale computer move can never reach a newer position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QObject

from ..worker import EngineActivity, EngineJob, EngineWorker, JobCancelled, JobDone, JobFailed, JobProgress, RequestId

__all__ = ["EngineRequests"]


@dataclass(frozen=True, slots=True)
class _Pending:
    on_done: Callable[[Any], None]
    on_failed: Callable[[str], None]
    on_progress: Callable[[float, str], None] | None
    on_cancelled: Callable[[], None] | None


class EngineRequests(QObject):
    """Submits jobs for one controller and calls back on the GUI thread with their results."""

    def __init__(self, worker: EngineWorker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._pending: dict[RequestId, _Pending] = {}
        worker.finished.connect(self._on_done)
        worker.failed.connect(self._on_failed)
        worker.cancelled.connect(self._on_cancelled)
        worker.progress.connect(self._on_progress)

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def submit(
        self, job: EngineJob, label: str, on_done: Callable[[Any], None], on_failed: Callable[[str], None], *,
        on_progress: Callable[[float, str], None] | None = None, on_cancelled: Callable[[], None] | None = None,
        stoppable: bool = False,
    ) -> RequestId:
        """Queue ``job`` (``job(token)``, see :mod:`app.worker`); raises
        :class:`~app.worker.WorkerShutDownError` when the worker is shut down.  ``on_cancelled`` hears
        of a cancellation this controller did not ask for (the worker shutting down, or the user's Stop
        for a ``stoppable`` job)."""
        request_id = self._worker.submit(job, activity=EngineActivity.THINKING, label=label, stoppable=stoppable)
        self._pending[request_id] = _Pending(on_done, on_failed, on_progress, on_cancelled)
        return request_id

    def cancel_all(self) -> None:
        """Forget every pending request of this controller (their answers will be dropped)."""
        for request_id in list(self._pending):
            self._worker.cancel(request_id)
        self._pending.clear()

    def _on_done(self, done: JobDone) -> None:
        pending = self._pending.pop(done.request_id, None)
        if pending is not None:
            pending.on_done(done.result)

    def _on_failed(self, failed: JobFailed) -> None:
        pending = self._pending.pop(failed.request_id, None)
        if pending is not None:
            pending.on_failed(failed.message)

    def _on_cancelled(self, cancelled: JobCancelled) -> None:
        pending = self._pending.pop(cancelled.request_id, None)
        if pending is not None and pending.on_cancelled is not None:
            pending.on_cancelled()

    def _on_progress(self, progress: JobProgress) -> None:
        pending = self._pending.get(progress.request_id)
        if pending is not None and pending.on_progress is not None:
            pending.on_progress(progress.fraction, progress.message)
