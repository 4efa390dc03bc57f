"""The one engine thread: serves jobs in order, off the GUI thread, with ids and cancellation.

Why one serial thread: the engine's kernels are CPU-bound and release the GIL, and
the searches share caches; running one request at a time keeps answers in the order
they were asked and never oversubscribes the cores.  The GUI submits a plain
callable ``job(token)`` and gets typed messages back through queued signals, so
every slot runs on the GUI thread.  The token (:class:`~engine.core.cancel.CancelToken`)
carries the job's cancel flag and its progress reports; the engine's one
:class:`~engine.core.cancel.Cancelled` exception is mapped to :class:`JobCancelled`
here, and nowhere else.

The engine thread runs at a lower scheduling priority than the GUI (:func:`yield_to_the_gui`; the
solver threads it starts inherit it): with every core busy solving, the operating system still runs
the GUI thread at once when it wakes, so the window never waits for a time slice behind the engine.
The GIL changes hands every :data:`GIL_SWITCH_INTERVAL_S` while the worker lives (:func:`share_the_gil_finely`):
PySide releases the GIL inside most Qt calls and must win it back after each, so with the engine thread
running Python (sampling deals, αμ's bookkeeping) every call of a paint cost up to CPython's default
5 ms switch interval — 10 ms of painting stretched to 100-170 ms of frozen window on a 2-core machine.

Stale answers: :meth:`EngineWorker.cancel` sets the job's event (the job should
stop at its next check) and marks the id cancelled; whatever that job still
produces — progress, a result, an error — is dropped on arrival and replaced by
exactly one :class:`JobCancelled` message.
"""

from __future__ import annotations

import itertools
import os
import queue
import sys
import threading
import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, Signal

from engine.core.cancel import Cancelled, CancelToken

from .messages import (
    EngineActivity,
    EngineJob,
    EngineStatus,
    JobCancelled,
    JobDone,
    JobFailed,
    JobProgress,
    RequestId,
)

__all__ = ["EngineWorker", "WorkerShutDownError"]

DEFAULT_PROGRESS_INTERVAL_S = 0.05
ENGINE_NICENESS = 5
"""How much lower than the GUI's the engine thread's priority is (a Unix nice increment)."""
GIL_SWITCH_INTERVAL_S = 0.0005
"""The longest a thread that wants the GIL waits for the one holding it (CPython's default is 5 ms)."""


def share_the_gil_finely() -> None:
    """Make the GIL change hands every :data:`GIL_SWITCH_INTERVAL_S` (never coarser than it was).

    Measured by ``tests/app/test_gui_latency.py`` on 2 cores: the worst event-loop gap during a long
    hint was 95-160 ms at the default 5 ms, 19-44 ms at 0.5 ms.  The engine's kernels hold no GIL,
    so the finer hand-over costs its Python parts a few microseconds per switch, only while the GUI
    thread also wants to run."""
    sys.setswitchinterval(min(sys.getswitchinterval(), GIL_SWITCH_INTERVAL_S))


def yield_to_the_gui() -> bool:
    """Lower the calling thread's scheduling priority by :data:`ENGINE_NICENESS` (Linux: nice is per
    thread, and threads it starts inherit it); True when done.  Elsewhere nothing changes: lowering a
    whole process would slow its GUI thread too."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + ENGINE_NICENESS)
    except (AttributeError, OSError):
        return False
    return True


class WorkerShutDownError(RuntimeError):
    """A job was submitted after :meth:`EngineWorker.shutdown`."""


@dataclass(frozen=True, slots=True)
class _Request:
    request_id: RequestId
    job: EngineJob
    activity: EngineActivity
    label: str
    cancel_event: threading.Event
    stoppable: bool = False


@dataclass(frozen=True, slots=True)
class _Started:
    request: _Request


@dataclass(frozen=True, slots=True)
class _QueueDrained:
    after: RequestId


class _ThrottledReporter:
    """Posts progress at most every ``interval`` seconds (always the final 100 %)."""

    def __init__(self, worker: "EngineWorker", request: _Request, interval: float) -> None:
        self._worker = worker
        self._request = request
        self._interval = interval
        self._last = float("-inf")

    def __call__(self, fraction: float, message: str = "") -> None:
        if self._request.cancel_event.is_set():
            return
        fraction = min(1.0, max(0.0, float(fraction)))
        now = time.monotonic()
        if fraction < 1.0 and now - self._last < self._interval:
            return
        self._last = now
        self._worker._post(JobProgress(self._request.request_id, fraction, message))


class EngineWorker(QObject):
    """Runs engine jobs one at a time on a background thread; results arrive as signals."""

    progress = Signal(object)  # JobProgress
    finished = Signal(object)  # JobDone
    failed = Signal(object)  # JobFailed
    cancelled = Signal(object)  # JobCancelled
    status_changed = Signal(object)  # EngineStatus

    _posted = Signal(object)  # any message from the engine thread, delivered queued

    def __init__(
        self, parent: QObject | None = None, *, progress_interval_s: float = DEFAULT_PROGRESS_INTERVAL_S
    ) -> None:
        super().__init__(parent)
        self._progress_interval = progress_interval_s
        self._ids = itertools.count(1)
        self._queue: queue.SimpleQueue[_Request | None] = queue.SimpleQueue()
        self._events: dict[RequestId, threading.Event] = {}
        self._cancelled: set[RequestId] = set()
        self._status = EngineStatus(EngineActivity.IDLE)
        self._running: _Request | None = None
        self._closed = False
        self._posted.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        share_the_gil_finely()
        self._thread = threading.Thread(target=self._serve, name="tenace-engine", daemon=True)
        self._thread.start()

    # --- GUI-thread API ---------------------------------------------------------
    @property
    def status(self) -> EngineStatus:
        return self._status

    @property
    def pending(self) -> int:
        """Requests submitted and not yet answered (running one included)."""
        return len(self._events)

    def submit(
        self, job: EngineJob, *, activity: EngineActivity = EngineActivity.THINKING, label: str = "",
        stoppable: bool = False,
    ) -> RequestId:
        """Queue ``job``; returns its request id.  Jobs run strictly in submission order.

        ``stoppable``: the user may stop it from the status bar (its :class:`EngineStatus` says so)."""
        if self._closed:
            raise WorkerShutDownError("the engine worker has been shut down")
        if activity is EngineActivity.IDLE:
            raise ValueError("activity of a job must be COMPILING or THINKING, not IDLE")
        request = _Request(next(self._ids), job, activity, label, threading.Event(), stoppable)
        self._events[request.request_id] = request.cancel_event
        self._queue.put(request)
        return request.request_id

    def cancel(self, request_id: RequestId) -> None:
        """Ask a job to stop and drop whatever it still reports; unknown or finished ids are ignored."""
        event = self._events.get(request_id)
        if event is not None:
            event.set()
            self._cancelled.add(request_id)

    def cancel_all(self) -> None:
        for request_id in list(self._events):
            self.cancel(request_id)

    def shutdown(self, timeout_s: float = 5.0) -> bool:
        """Cancel everything, stop the thread; True when it ended within ``timeout_s``."""
        if not self._closed:
            self._closed = True
            self.cancel_all()
            self._queue.put(None)
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    # --- engine thread ----------------------------------------------------------------
    def _post(self, message: object) -> None:
        try:
            self._posted.emit(message)
        except RuntimeError:  # the QObject is gone (application quitting): nobody to tell
            pass

    def _serve(self) -> None:
        yield_to_the_gui()
        while True:
            request = self._queue.get()
            if request is None:
                return
            try:
                self._run(request)
            except BaseException as exc:  # noqa: BLE001 - the thread outlives anything a job does
                self._post(JobFailed(request.request_id, _describe(exc), _details(exc)))
            if self._queue.empty():
                self._post(_QueueDrained(request.request_id))

    def _run(self, request: _Request) -> None:
        rid = request.request_id
        if request.cancel_event.is_set():
            self._post(JobCancelled(rid))
            return
        self._post(_Started(request))
        start = time.perf_counter()
        try:
            token = CancelToken(request.cancel_event, _ThrottledReporter(self, request, self._progress_interval))
            result = request.job(token)
        except Cancelled:
            self._post(JobCancelled(rid))
        except BaseException as exc:  # noqa: BLE001 - SystemExit too: any failure becomes a message, never a crash
            self._post(JobFailed(rid, _describe(exc), _details(exc)))
        else:
            if request.cancel_event.is_set():
                self._post(JobCancelled(rid))
            else:
                self._post(JobDone(rid, result, time.perf_counter() - start))

    # --- back on the GUI thread ---------------------------------------------------------
    def _deliver(self, message: object) -> None:
        if isinstance(message, _Started):
            self._running = message.request
            request = message.request
            self._set_status(EngineStatus(request.activity, request.request_id, None, request.label, request.stoppable))
            return
        if isinstance(message, _QueueDrained):
            if not self._events:
                self._running = None
                self._set_status(EngineStatus(EngineActivity.IDLE))
            return
        rid = message.request_id  # type: ignore[attr-defined]
        if isinstance(message, JobProgress):
            if rid in self._cancelled:
                return
            running = self._running
            if running is not None and running.request_id == rid:
                self._set_status(EngineStatus(running.activity, rid, message.fraction, message.message or running.label,
                                              running.stoppable))
            self.progress.emit(message)
            return
        self._events.pop(rid, None)
        if rid in self._cancelled:
            self._cancelled.discard(rid)
            self.cancelled.emit(JobCancelled(rid))
        elif isinstance(message, JobDone):
            self.finished.emit(message)
        elif isinstance(message, JobFailed):
            self.failed.emit(message)
        elif isinstance(message, JobCancelled):
            self.cancelled.emit(message)

    def _set_status(self, status: EngineStatus) -> None:
        if status != self._status:
            self._status = status
            self.status_changed.emit(status)


def _describe(exc: BaseException) -> str:
    """A one-line message for the UI: input errors speak for themselves, others name their type.

    Never raises, even for an exception whose ``str()`` fails; cut to one line of at most 300 characters.
    """
    name = type(exc).__name__
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - an exception whose text cannot be had is still reported
        text = ""
    if isinstance(exc, SystemExit):
        text = f"the job tried to end the program (exit status {text or 0})"
    text = " ".join((text or name).split())[:300]
    return text if isinstance(exc, ValueError) else f"{name}: {text}"


def _details(exc: BaseException) -> str:
    """The traceback for a log (never raises)."""
    try:
        return "".join(traceback.format_exception(exc))
    except Exception:  # noqa: BLE001
        return type(exc).__name__
