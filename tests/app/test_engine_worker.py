"""The engine worker serves jobs in order, cancels, drops stale answers, reports errors, keeps the GUI live."""

import os
import sys
import threading
import time

import numpy as np
import pytest
from PySide6.QtCore import QTimer

from engine.core.cancel import Cancelled

from app.worker.engine_worker import ENGINE_NICENESS, GIL_SWITCH_INTERVAL_S
from app.worker import (
    EngineActivity,
    EngineWorker,
    JobCancelled,
    JobDone,
    JobFailed,
    JobProgress,
    WorkerShutDownError,
)


@pytest.fixture
def worker(qtbot):
    w = EngineWorker(progress_interval_s=0.0)
    yield w
    assert w.shutdown(timeout_s=10)


def _collect(worker):
    seen = []
    for sig in (worker.finished, worker.failed, worker.cancelled):
        sig.connect(seen.append)
    return seen


def _wait_for_answers(qtbot, seen, count, timeout=10_000):
    qtbot.waitUntil(lambda: len(seen) >= count, timeout=timeout)


def test_requests_are_served_in_submission_order(qtbot, worker):
    seen = _collect(worker)
    order = []

    def job_for(n):
        def job(cancel):
            time.sleep(0.01 * (5 - n))  # later jobs are quicker: order must still hold
            order.append(n)
            return n * n

        return job

    ids = [worker.submit(job_for(n)) for n in range(5)]
    assert ids == sorted(ids) and len(set(ids)) == 5
    _wait_for_answers(qtbot, seen, 5)
    assert order == [0, 1, 2, 3, 4]
    assert all(isinstance(m, JobDone) for m in seen)
    assert [m.request_id for m in seen] == ids
    assert [m.result for m in seen] == [0, 1, 4, 9, 16]
    qtbot.waitUntil(lambda: worker.status.activity is EngineActivity.IDLE)
    assert worker.pending == 0


def test_cancel_stops_a_long_running_job(qtbot, worker):
    seen = _collect(worker)
    started = threading.Event()
    stopped_early = threading.Event()

    def long_job(cancel):
        started.set()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            time.sleep(0.005)
            if cancel.cancelled:
                stopped_early.set()
                raise Cancelled()
        return "ran to the end"

    rid = worker.submit(long_job)
    assert started.wait(5)
    t0 = time.monotonic()
    worker.cancel(rid)
    _wait_for_answers(qtbot, seen, 1)
    assert time.monotonic() - t0 < 2
    assert stopped_early.is_set()
    assert seen == [JobCancelled(rid)]


def test_a_cancelled_job_that_still_returns_is_dropped_as_stale(qtbot, worker):
    seen = _collect(worker)
    progress = []
    worker.progress.connect(progress.append)
    release = threading.Event()
    started = threading.Event()

    def stubborn_job(cancel):  # ignores its cancel event, like a kernel mid-call
        started.set()
        release.wait(5)
        cancel.report(0.5, "half way")
        return "stale answer"

    stale = worker.submit(stubborn_job)
    fresh = worker.submit(lambda cancel: "fresh answer")
    assert started.wait(5)
    worker.cancel(stale)
    release.set()
    _wait_for_answers(qtbot, seen, 2)
    assert seen[0] == JobCancelled(stale)
    assert isinstance(seen[1], JobDone) and seen[1].result == "fresh answer" and seen[1].request_id == fresh
    assert progress == []  # the stale job's progress never reached the GUI


def test_a_job_cancelled_while_queued_never_runs(qtbot, worker):
    seen = _collect(worker)
    gate = threading.Event()
    ran = []
    first = worker.submit(lambda cancel: gate.wait(5))
    queued = worker.submit(lambda cancel: ran.append("queued job"))
    worker.cancel(queued)
    gate.set()
    _wait_for_answers(qtbot, seen, 2)
    assert [type(m) for m in seen] == [JobDone, JobCancelled]
    assert seen[0].request_id == first and seen[1].request_id == queued
    assert ran == []


def test_errors_are_delivered_as_messages_and_the_worker_carries_on(qtbot, worker):
    seen = _collect(worker)

    def broken(cancel):
        raise ZeroDivisionError("no tricks left to divide")

    def bad_input(cancel):
        raise ValueError("card SZ: Z is not a rank")

    bad = worker.submit(broken)
    worse = worker.submit(bad_input)
    good = worker.submit(lambda cancel: 42)
    _wait_for_answers(qtbot, seen, 3)
    assert isinstance(seen[0], JobFailed) and seen[0].request_id == bad
    assert seen[0].message == "ZeroDivisionError: no tricks left to divide"
    assert "Traceback" in seen[0].details
    assert isinstance(seen[1], JobFailed) and seen[1].request_id == worse
    assert seen[1].message == "card SZ: Z is not a rank"
    assert seen[2] == JobDone(good, 42, seen[2].seconds)


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("this exception cannot be printed")


@pytest.mark.parametrize("exc, message", [
    (SystemExit(3), "SystemExit: the job tried to end the program (exit status 3)"),
    (SystemExit(), "SystemExit: the job tried to end the program (exit status 0)"),
    (KeyboardInterrupt(), "KeyboardInterrupt: KeyboardInterrupt"),
    (_Unprintable(), "_Unprintable: _Unprintable"),
    (GeneratorExit(), "GeneratorExit: GeneratorExit"),
    (ValueError("line one\nline two"), "line one line two"),
])
def test_the_worker_survives_any_exception_of_a_job_and_reports_it(qtbot, worker, exc, message):
    """Issue 23: SystemExit (or an exception whose text fails) ended the worker thread, the app kept thinking."""
    seen = _collect(worker)

    def fatal(cancel):
        raise exc

    bad = worker.submit(fatal)
    good = worker.submit(lambda cancel: "still serving")
    _wait_for_answers(qtbot, seen, 2)
    assert isinstance(seen[0], JobFailed) and seen[0].request_id == bad and seen[0].message == message
    assert seen[1] == JobDone(good, "still serving", seen[1].seconds)
    assert worker._thread.is_alive()
    qtbot.waitUntil(lambda: worker.status.activity is EngineActivity.IDLE)


def test_progress_is_throttled_and_delivered_on_the_gui_thread(qtbot):
    worker = EngineWorker(progress_interval_s=10.0)  # only the first and the final report pass
    try:
        seen = _collect(worker)
        progress = []
        gui_thread = threading.get_ident()
        threads = set()

        def on_progress(p):
            threads.add(threading.get_ident())
            progress.append(p)

        worker.progress.connect(on_progress)
        statuses = []
        worker.status_changed.connect(statuses.append)

        def job(cancel):
            for i in range(1000):
                cancel.report(i / 1000, f"step {i}")
            cancel.report(1.0, "done")
            return None

        rid = worker.submit(job, activity=EngineActivity.COMPILING, label="warming")
        _wait_for_answers(qtbot, seen, 1)
        qtbot.waitUntil(lambda: worker.status.activity is EngineActivity.IDLE)
        assert progress == [JobProgress(rid, 0.0, "step 0"), JobProgress(rid, 1.0, "done")]
        assert threads == {gui_thread}
        activities = [s.activity for s in statuses]
        assert activities[0] is EngineActivity.COMPILING and activities[-1] is EngineActivity.IDLE
        assert any(s.fraction == 1.0 for s in statuses)
    finally:
        assert worker.shutdown(10)


def test_submit_after_shutdown_is_refused(qtbot):
    worker = EngineWorker()
    assert worker.shutdown(5)
    with pytest.raises(WorkerShutDownError):
        worker.submit(lambda cancel: None)


def _numba_burner():
    import engine.jit  # noqa: F401  (numba's cache dir set up the project's way)
    import numba

    @numba.njit(nogil=True, cache=False)
    def burn(n):
        acc = 0.0
        for i in range(n):
            acc += np.sqrt(i * 1.0 + acc % 7.0)
        return acc

    burn(10)  # compile before the measurement starts
    return burn


def test_gui_event_loop_stays_responsive_while_a_long_nogil_job_runs(qtbot, worker):
    burn = _numba_burner()
    chunk = 200_000
    duration = 1.0  # seconds of nogil work on the engine thread, whatever the machine's speed

    def long_job(cancel):
        total = 0.0
        t0 = time.perf_counter()
        while (elapsed := time.perf_counter() - t0) < duration:
            if cancel.cancelled:
                raise Cancelled()
            total += burn(chunk)
            cancel.report(min(elapsed / duration, 1.0))
        return total

    ticks = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    seen = _collect(worker)
    timer.start()
    start = time.perf_counter()
    worker.submit(long_job)
    _wait_for_answers(qtbot, seen, 1, timeout=30_000)
    timer.stop()
    assert isinstance(seen[0], JobDone)
    assert seen[0].seconds > 0.5, "the job must be long enough to mean something"
    gaps = np.diff([start] + ticks)
    assert len(ticks) > 20
    assert gaps.max() < 0.050, f"GUI event loop stalled for {gaps.max() * 1000:.1f} ms"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="thread priorities are per thread on Linux only")
def test_the_engine_thread_and_the_threads_it_starts_yield_to_the_gui(qtbot, worker):
    """With every core solving, the GUI thread must not wait for a time slice behind the engine: the engine
    thread runs at a lower priority (nice + ENGINE_NICENESS), and so do the solver threads it starts."""
    seen = _collect(worker)

    def priorities(cancel):
        own = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        child: list[int] = []
        t = threading.Thread(target=lambda: child.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
        t.start()
        t.join()
        return own, child[0]

    worker.submit(priorities)
    _wait_for_answers(qtbot, seen, 1)
    gui = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert isinstance(seen[0], JobDone)
    own, child = seen[0].result
    assert own == min(19, gui + ENGINE_NICENESS) and child == own


def test_the_gil_changes_hands_finely_while_the_worker_lives(worker):
    """PySide gives the GIL up inside Qt calls and must win it back after each: at CPython's default
    5 ms switch interval a paint running beside the engine's Python waited up to 5 ms per call."""
    assert sys.getswitchinterval() <= GIL_SWITCH_INTERVAL_S + 1e-9
