"""Tenace's double-dummy solver as a :class:`~engine.solvers.oracle.DoubleDummyOracle`, on one thread or several.

A decision at the first tricks asks the solver about 20 worlds of 40-52 cards,
each a search of tens of milliseconds to seconds: independent work that a
second core halves.  The solver is not thread-safe, so each thread owns one
(with its own transposition table); the worlds of a call are handed out one at
a time to whichever thread is free, because one world can cost a hundred times
another; a world the caller names (``homes``) goes to the same thread each time
when that thread is free for it, so that its table answers the world's later
questions.  The answers are exact, so they do not depend on which thread solved
which world, or in what order: threads change the time, never the card.
Small positions (a few tricks left) stay on the calling thread, where a world
takes microseconds and handing it over would cost more than it saves.

The solver is created on first use, not with the oracle: importing it loads the
numba kernels, which must not happen on the GUI thread that builds a session.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Sequence

import numpy as np

from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card
from ..core.deal import Deal
from .oracle import ALL_CARDS, DDTable, DoubleDummyOracle

__all__ = ["SolverOracle", "default_oracle", "default_threads", "group_by_mover", "home_queues",
           "PARALLEL_MIN_TRICKS", "MAX_THREADS"]

PARALLEL_MIN_TRICKS = 9
"""Positions with fewer tricks left (from the trick start) are solved on the calling thread, all worlds in one
call.  At 7-8 tricks the table answers most of the single-dummy searches' questions in microseconds, and
handing the worlds out one at a time cost ten times the solving: measured on the hint bench's ten mid-hand
positions (trick 6), 19.2 s with 7 here against 12.4 s with 9, the defenders' searches taking half the time."""
MAX_THREADS = 4
"""More threads than this buy little: a decision rarely has more than 20 worlds."""


def default_threads() -> int:
    """Solver threads for interactive use: one per core, at most :data:`MAX_THREADS`."""
    return max(1, min(MAX_THREADS, os.cpu_count() or 1))


def group_by_mover(worlds: np.ndarray, leader: int, played: Sequence[Card]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The worlds as an ``(n, 4)`` int64 array, and the indices of the worlds grouped by the hand of the
    seat to move (groups in order of first appearance)."""
    if isinstance(worlds, np.ndarray) and worlds.dtype == np.int64:
        rows = worlds.reshape(-1, 4)
    elif len(worlds):
        rows = np.asarray(worlds, dtype=np.uint64).astype(np.int64).reshape(-1, 4)
    else:
        rows = np.zeros((0, 4), dtype=np.int64)
    if not len(rows):
        return rows, []
    mover = (int(leader) + len(played)) & 3
    column = rows[:, mover]
    if (column == column[0]).all():  # the usual case: the mover's hand is known
        return rows, [np.arange(len(rows))]
    _, first, inverse = np.unique(column, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    return rows, [np.flatnonzero(inverse == g) for g in order]


def _one_small_group(worlds: object, leader: int, played: int) -> bool:
    """Whether ``worlds`` (an int64 array of few worlds, the mover's hand the same in all) is one call on this
    thread as :meth:`SolverOracle._each_group` would make it, so that its grouping can be skipped."""
    if not isinstance(worlds, np.ndarray) or worlds.dtype != np.int64 or worlds.ndim != 2 or not 0 < len(worlds) <= 16:
        return False
    if int(worlds[0, leader]).bit_count() >= PARALLEL_MIN_TRICKS:
        return False
    mover = (leader + played) & 3
    return len(worlds) == 1 or bool((worlds[:, mover] == worlds[0, mover]).all())


def home_queues(members: Sequence[int], homes: Sequence[int] | None, solvers: int) -> list[deque[int]]:
    """Each solver's queue of the items ``members``: item ``i`` in queue ``homes[i] % solvers``, in the order
    given (without ``homes``, the items in turn)."""
    queues: list[deque[int]] = [deque() for _ in range(solvers)]
    for n, i in enumerate(members):
        queues[(n if homes is None else int(homes[int(i)])) % solvers].append(int(i))
    return queues


_Solve = Callable[[object, np.ndarray], np.ndarray]
"""(solver, worlds as an ``(n, 4)`` array) -> one 52-entry answer row per world."""


class SolverOracle(DoubleDummyOracle):
    """The double-dummy solver (:class:`~engine.solvers.dd.DoubleDummySolver`) behind the oracle seam.

    The solver's batch call wants one hand for the seat to play in every world (one decision),
    so worlds are grouped by that hand: one call at MAX's turns, one per world at MIN's.
    With ``threads`` > 1, the worlds of a large position are shared out among that many solvers:
    ``solver`` (or a default one) serves the calling thread, the helpers are default-sized solvers.
    ``node_limit`` is the budget of a question that does not give its own.
    """

    def __init__(self, solver: object | None = None, *, threads: int = 1, node_limit: int | None = None) -> None:
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads}")
        if node_limit is not None and node_limit < 1:
            raise ValueError(f"node limit {node_limit} must be at least 1")
        self._given = solver
        self._threads = threads
        self.node_limit = node_limit
        self._made: list[object] = []
        self._pool: ThreadPoolExecutor | None = None

    # --- the solvers, made on first use -----------------------------------------------------------
    def _all(self) -> list[object]:
        if not self._made:
            from .dd import DoubleDummySolver

            first = self._given if self._given is not None else DoubleDummySolver()
            self._made = [first] + [DoubleDummySolver() for _ in range(self._threads - 1)]
        return self._made

    @property
    def _solvers(self) -> list[object]:
        """Every solver, the calling thread's first."""
        return self._all()

    @property
    def solver(self) -> object:
        """The calling thread's solver."""
        return self._all()[0]

    @property
    def threads(self) -> int:
        return self._threads

    @property
    def nodes(self) -> tuple[int, ...]:
        """Search nodes each solver has visited (the first is the calling thread's)."""
        return tuple(int(s.nodes) for s in self._all())  # type: ignore[attr-defined]

    def clear(self) -> None:
        """Empty every solver's table (answers never depend on it; a benchmark's warm-up must not leave
        the answers of a position it then times)."""
        for solver in self._made:
            solver.clear()  # type: ignore[attr-defined]

    def _limit(self, node_limit: int | None) -> int | None:
        return self.node_limit if node_limit is None else node_limit

    # --- the oracle's questions -----------------------------------------------------------------------
    def batch_tricks_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], *,
        cards: int = ALL_CARDS, node_limit: int | None = None, cancel: CancelToken = NEVER,
        homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """Exact counts; a restricted question (``cards``) searches only those cards, and should the
        answer miss a wanted card (the solver's classes of equal cards can differ from the caller's),
        every card is solved."""
        trick = tuple(int(c) for c in played)
        limit = self._limit(node_limit)

        def solve(solver: object, rows: np.ndarray, only: int) -> np.ndarray:
            out = np.full((len(rows), 52), -1, dtype=np.int64)
            answers = solver.batch_tricks_per_card(  # type: ignore[attr-defined]
                rows, int(strain), int(leader), trick, cards=only, node_limit=limit)
            for i, per_card in enumerate(answers):
                for card, tricks in per_card.items():
                    out[i, int(card)] = int(tricks)
            return out

        out = self._each_group(worlds, leader, played, lambda s, rows: solve(s, rows, cards), cancel, homes)
        if cards != ALL_CARDS and len(out):
            wanted = [c for c in range(52) if cards >> c & 1]
            if not (out[:, wanted] >= 0).all():
                out = self._each_group(worlds, leader, played, lambda s, rows: solve(s, rows, ALL_CARDS), cancel,
                                       homes)
        return out

    def batch_reach_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], need: int, *,
        node_limit: int | None = None, cancel: CancelToken = NEVER, homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """Make-or-fail per card, one null-window test per card and world."""
        trick = tuple(int(c) for c in played)
        limit = self._limit(node_limit)
        if _one_small_group(worlds, int(leader), len(trick)):  # what the single-dummy searches ask, thousands of times
            return np.asarray(self._all()[0].batch_reaches_per_card(  # type: ignore[attr-defined]
                worlds, int(strain), int(leader), trick, int(need), node_limit=limit))

        def solve(solver: object, rows: np.ndarray) -> np.ndarray:
            return np.asarray(solver.batch_reaches_per_card(  # type: ignore[attr-defined]
                rows, int(strain), int(leader), trick, int(need), node_limit=limit))

        return self._each_group(worlds, leader, played, solve, cancel, homes)

    def batch_reach(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], need: int, *,
        node_limit: int | None = None, cancel: CancelToken = NEVER, homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """One null-window test per world: a large position's worlds one at a time on whichever solver is
        free (a deal to its home's solver first, see :meth:`_spread`), else every world in one kernel call
        on this thread (chunks of a few worlds when someone may cancel, so a stop waits for a few solves)."""
        worlds = np.asarray(worlds)
        out = np.zeros(len(worlds), dtype=bool)
        trick = tuple(played)
        limit = self._limit(node_limit)
        large = len(worlds) > 0 and int(worlds[0][int(leader)]).bit_count() >= PARALLEL_MIN_TRICKS
        solvers = self._all()
        if large and len(worlds) > 1 and len(solvers) > 1:
            def one(solver: object, i: int) -> None:
                out[i] = solver.reaches_many(  # type: ignore[attr-defined]
                    worlds[i:i + 1], strain, leader, trick, need, node_limit=limit)[0]

            self._spread(np.arange(len(worlds)), one, cancel, homes)
            return out
        step = 8 if cancel.cancellable and large else max(1, len(worlds))
        for start in range(0, len(worlds), step):
            cancel.check()
            out[start:start + step] = self.solver.reaches_many(  # type: ignore[attr-defined]
                worlds[start:start + step], strain, leader, trick, need, node_limit=limit)
        return out

    def reach_questions(self, deal, questions: Sequence[tuple[int, int, int]], *,
                        cancel: CancelToken = NEVER) -> list[bool]:
        """The questions at once, one per solver thread (each question a null-window search of the whole
        deal: tens of milliseconds to a second at 52 cards); on one thread, in order."""
        from .oracle import _masks

        world = np.array([_masks(deal)], dtype=np.uint64)
        limit = self._limit(None)
        out = [False] * len(questions)
        if not questions:
            return out
        solvers = self._all()

        def answer(solver: object, i: int) -> None:
            strain, leader, need = questions[i]
            out[i] = bool(solver.reaches_many(world, int(strain), int(leader), (), int(need),  # type: ignore[attr-defined]
                                              node_limit=limit)[0])

        if len(solvers) == 1 or len(questions) == 1:
            for i in range(len(questions)):
                cancel.check()
                answer(solvers[0], i)
            return out
        self._spread(np.arange(len(questions)), answer, cancel)
        return out

    def tricks_per_card(self, hands, strain: int, leader: int, played: Sequence[Card] = (), *,
                        node_limit: int | None = None) -> dict[Card, int]:
        return self.solver.tricks_per_card(  # type: ignore[attr-defined]
            hands, strain, leader, tuple(played), node_limit=self._limit(node_limit))

    def declarer_tricks(self, deal: Deal, strain: int, declarer: int, *, node_limit: int | None = None) -> int:
        leader = (int(declarer) + 1) % 4
        defenders = self.solver.tricks(deal, strain, leader, (), node_limit=self._limit(node_limit))  # type: ignore[attr-defined]
        return len(deal[leader]) - int(defenders)

    def table(self, deal: Deal, *, node_limit: int | None = None) -> DDTable:
        """The full 5 × 4 table in one kernel call."""
        return self.solver.table(deal, node_limit=self._limit(node_limit))  # type: ignore[attr-defined]

    # --- sharing the worlds out ----------------------------------------------------------------
    def _each_group(self, worlds: np.ndarray, leader: int, played: Sequence[Card], solve: _Solve,
                    cancel: CancelToken, homes: Sequence[int] | None = None) -> np.ndarray:
        """``solve`` over the worlds: a large position's worlds one at a time on whichever solver is free (a
        deal to its home's solver first, see :meth:`_spread`), a small one's in one call per hand of the
        seat to move on this thread."""
        rows, groups = group_by_mover(worlds, leader, played)
        if not len(rows):
            return np.full((0, 52), -1, dtype=np.int64)
        tricks_left = int(rows[0][int(leader)]).bit_count()
        large = tricks_left >= PARALLEL_MIN_TRICKS
        if not large and len(groups) == 1:  # one small call: the searches ask thousands of these
            return solve(self._all()[0], rows)
        out = np.full((len(rows), 52), -1, dtype=np.int64)
        solvers = self._all()
        if large and len(rows) > 1 and len(solvers) > 1:
            def one(solver: object, i: int) -> None:
                out[i] = solve(solver, rows[i:i + 1])[0]

            self._spread(np.arange(len(rows)), one, cancel, homes)
            return out
        for members in groups:
            cancel.check()
            if large and len(members) > 1 and cancel.cancellable:  # one world at a time: stop between them
                for i in members:
                    cancel.check()
                    out[i] = solve(solvers[0], rows[i:i + 1])[0]
            else:
                out[members] = solve(solvers[0], rows[members])
        return out

    def _spread(self, members: np.ndarray, task: Callable[[object, int], None], cancel: CancelToken,
                homes: Sequence[int] | None = None) -> None:
        """Run ``task(solver, i)`` for every item ``i`` of ``members``, one at a time on whichever solver is
        free (this thread runs one).  With ``homes`` (an identity per item, see the oracle's docstring),
        item ``i`` waits in the queue of solver ``homes[i] % solvers``, and a solver whose queue is empty
        takes from the back of the longest other queue: a deal asked about again and again (a search's
        leaves) meets its own table's entries, and no solver idles while another has work.  Measured at
        trick 2 of the hint bench (αμ's leaves, 10-11 tricks left): 92 million nodes over the two solvers
        without homes, 69 million with them (57 million on one solver alone)."""
        solvers = self._all()
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=len(solvers) - 1, thread_name_prefix="tenace-dd")
        used = solvers[:len(members)]
        queues = home_queues(members, homes, len(used))
        lock = threading.Lock()

        def take(me: int) -> int | None:
            with lock:
                if queues[me]:
                    return queues[me].popleft()
                other = max(queues, key=len)
                return other.pop() if other else None

        def work(me: int) -> None:
            while True:
                i = take(me)
                if i is None:
                    return
                cancel.check()
                task(used[me], i)

        helpers = [self._pool.submit(work, me) for me in range(1, len(used))]
        error: BaseException | None = None
        try:
            work(0)
        except BaseException as exc:  # let the helpers finish before raising: they write into ``out``
            error = exc
            with lock:
                for queue in queues:
                    queue.clear()
        for future in helpers:
            exc = future.exception()
            if error is None and exc is not None:
                error = exc
        if error is not None:
            raise error


_thread_local = threading.local()


def default_oracle() -> SolverOracle:
    """This thread's double-dummy oracle (the solver is not thread-safe, so one per thread; its
    table is shared by every search the thread runs, which is sound: entries are exact).  It shares
    large positions out over :func:`default_threads` solvers."""
    oracle = getattr(_thread_local, "oracle", None)
    if oracle is None:
        oracle = SolverOracle(threads=default_threads())
        _thread_local.oracle = oracle
    return oracle
