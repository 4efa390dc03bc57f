"""Running a match's deals in parallel: this process, a pool of worker processes, or a Dask cluster.

A match harness turns each deal into a *task*, a small picklable value that
says everything about the deal (the specs, the seeds, the cards), and a
module-level function plays it.  :func:`run_tasks` hands the tasks to

* this process, one after the other (``workers=1``: what the tests and a
  debugger want);
* a pool of worker processes, one per core by default (``spawn``ed: each
  worker loads the engine and its numba kernels from the cache once);
* a Dask cluster (``dask=ADDRESS``, the scheduler's address): the optional
  ``cluster`` extra (``dask[distributed]``), imported only here and only then;
  the workers need the same Tenace installed.

and yields the results **in task order** whatever order they finish in, so a
seeded match prints the same lines serially, in a pool or on a cluster.  The
``done`` callback sees each result as soon as it finishes (to save it at once
for a resume), and ``progress`` reports finished/total and the time taken.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Callable, Iterator, Sequence, TextIO

from ..cli.options import add_number
from ..core.bounds import Bounds

__all__ = ["Parallelism", "run_tasks", "Progress", "add_parallel_arguments", "parallelism_from_args",
           "default_workers"]

WORKERS = Bounds.integers(1, 1024)
"""Worker processes of a match (each plays whole deals)."""


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class Parallelism:
    """Where a match's deals run: ``workers`` local processes (1 = this process), or a Dask scheduler."""

    workers: int = 1
    dask: str | None = None

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError(f"--workers must be at least 1, got {self.workers}")

    def describe(self) -> str:
        if self.dask:
            return f"dask cluster at {self.dask}"
        return "serial, in this process" if self.workers == 1 else f"{self.workers} worker processes"


class Progress:
    """``finished/total`` with elapsed time and an estimate of the rest, written to ``stream`` (stderr)."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None, every: float = 2.0) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self.start = time.perf_counter()
        self.done = 0
        self._last = -1e9

    def __call__(self, finished: int = 1) -> None:
        self.done += finished
        now = time.perf_counter()
        if self.done < self.total and now - self._last < self.every:
            return
        self._last = now
        spent = now - self.start
        rest = spent / self.done * (self.total - self.done) if self.done else 0.0
        self.stream.write(f"{self.label}: {self.done}/{self.total} done, {spent:.0f} s elapsed, "
                          f"about {rest:.0f} s to go\n")
        self.stream.flush()


def run_tasks(fn: Callable[[Any], Any], tasks: Sequence[Any], parallelism: Parallelism,
              done: Callable[[int, Any], None] | None = None) -> Iterator[Any]:
    """``fn(task)`` for every task, yielded in task order; ``done(index, result)`` as each one finishes."""
    if parallelism.dask:
        yield from _on_dask(fn, tasks, parallelism.dask, done)
    elif parallelism.workers == 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            result = fn(task)
            if done is not None:
                done(i, result)
            yield result
    else:
        yield from _in_pool(fn, tasks, parallelism.workers, done)


class _InOrder:
    """Results as they finish, handed to ``done`` at once and released in task order."""

    def __init__(self, done: Callable[[int, Any], None] | None) -> None:
        self.done = done
        self.finished: dict[int, Any] = {}
        self.next_index = 0

    def add(self, index: int, result: Any) -> list[Any]:
        if self.done is not None:
            self.done(index, result)
        self.finished[index] = result
        out = []
        while self.next_index in self.finished:
            out.append(self.finished.pop(self.next_index))
            self.next_index += 1
        return out


def _stop_on_sigterm() -> Any:
    """Turn SIGTERM into SystemExit while a pool runs, so an interrupted run stops its workers too."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum, frame):  # noqa: ARG001
        raise SystemExit(f"stopped by signal {signum}")

    return signal.signal(signal.SIGTERM, stop)


def _in_pool(fn, tasks, workers, done) -> Iterator[Any]:
    window = 4 * workers  # tasks in flight: enough to keep every worker busy, few to lose on an interrupt
    previous = _stop_on_sigterm()
    pool = ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=get_context("spawn"))
    try:
        pending: dict[Any, int] = {}
        order = _InOrder(done)
        submitted = 0
        try:
            while order.next_index < len(tasks):
                while submitted < len(tasks) and len(pending) < window:
                    pending[pool.submit(fn, tasks[submitted])] = submitted
                    submitted += 1
                ready, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                for future in ready:
                    index = pending.pop(future)
                    yield from order.add(index, future.result())
        except BaseException:
            # interrupted (Ctrl-C, SIGTERM, an error): stop the workers now rather than finish their deals;
            # the deals already finished were handed to ``done`` (saved, with --save)
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _on_dask(fn, tasks, address, done) -> Iterator[Any]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ValueError("--dask needs the cluster extra: install tenace[cluster] (dask[distributed])") from None
    with Client(address) as client:
        futures = client.map(fn, list(tasks), pure=False)
        index_of = {f.key: i for i, f in enumerate(futures)}
        order = _InOrder(done)
        for future in as_completed(futures):
            yield from order.add(index_of[future.key], future.result())


def add_parallel_arguments(p) -> None:
    """The ``--workers``/``--dask`` and ``--save``/``--resume`` options both match harnesses take."""
    add_number(p, "--workers", bounds=WORKERS, default=None,
               help=f"worker processes playing deals in parallel (default: one per core, here "
                    f"{default_workers()}; 1 = serially in this process)")
    p.add_argument("--dask", metavar="ADDRESS", default=None,
                   help="play the deals on a Dask cluster (scheduler address, e.g. tcp://10.0.0.5:8786); needs "
                        "the optional cluster extra, tenace[cluster]")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="append each deal's JSON lines to FILE as soon as the deal is finished")
    p.add_argument("--resume", action="store_true",
                   help="with --save: keep the deals already in FILE (an interrupted run), play only the others")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def parallelism_from_args(args) -> Parallelism:
    if args.dask is not None and args.workers is not None:
        raise ValueError("--workers and --dask exclude each other: the cluster decides how many workers run")
    return Parallelism(workers=args.workers if args.workers is not None else default_workers(), dask=args.dask)
