"""Routes the engine worker's answers to the controller that asked, by request id.

Each controller submits through its own :class:`EngineRequests`; answers to other
controllers' requests (or to requests it has cancelled) are ignored, so a stale
computer move can never reach a newer position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QObject

from ..worker import EngineActivity, EngineJob, EngineWorker, JobCancelled, JobDone, JobFailed, RequestId

__all__ = ["EngineRequests"]


@dataclass(frozen=True, slots=True)
class _Pending:
    on_done: Callable[[Any], None]
    on_failed: Callable[[str], None]


class EngineRequests(QObject):
    """Submits jobs for one controller and calls back on the GUI thread with their results."""

    def __init__(self, worker: EngineWorker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._pending: dict[RequestId, _Pending] = {}
        worker.finished.connect(self._on_done)
        worker.failed.connect(self._on_failed)
        worker.cancelled.connect(self._on_cancelled)

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def submit(
        self, job: EngineJob, label: str, on_done: Callable[[Any], None], on_failed: Callable[[str], None]
    ) -> RequestId:
        request_id = self._worker.submit(job, activity=EngineActivity.THINKING, label=label)
        self._pending[request_id] = _Pending(on_done, on_failed)
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
        self._pending.pop(cancelled.request_id, None)
