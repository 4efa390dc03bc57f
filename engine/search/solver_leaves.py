"""The double-dummy solver as the searches' leaf evaluator, on one thread or several.

A decision at the first tricks asks the solver about 20 worlds of 40-52 cards,
each a search of tens of milliseconds to seconds: independent work that a
second core halves.  The solver is not thread-safe, so each thread owns one
(with its own transposition table); the worlds of a call are handed out one at
a time to whichever thread is free, because one world can cost a hundred times
another.  The answers are exact, so they do not depend on which thread solved
which world, or in what order: threads change the time, never the card.
Small positions (a few tricks left) stay on the calling thread, where a world
takes microseconds and handing it over would cost more than it saves.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Sequence

import numpy as np

from ..core.cards import Card

__all__ = ["SolverLeafEvaluator", "default_leaf_evaluator", "default_threads", "group_by_mover",
           "ALL_CARDS", "PARALLEL_MIN_TRICKS", "MAX_THREADS"]

PARALLEL_MIN_TRICKS = 7
"""Positions with fewer tricks left (from the trick start) are solved on the calling thread."""
ALL_CARDS = (1 << 52) - 1
"""The card mask of every card (``cards=`` of :meth:`SolverLeafEvaluator.batch_tricks_for_cards`)."""
MAX_THREADS = 4
"""More threads than this buy little: a decision rarely has more than 20 worlds."""


def default_threads() -> int:
    """Solver threads for interactive use: one per core, at most :data:`MAX_THREADS`."""
    return max(1, min(MAX_THREADS, os.cpu_count() or 1))


def group_by_mover(
    worlds: np.ndarray, leader: int, played: Sequence[Card]
) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """The worlds as int tuples, and the indices of the worlds grouped by the hand of the seat to move."""
    rows = [tuple(int(x) for x in row) for row in worlds]
    mover = (int(leader) + len(played)) & 3
    groups: dict[int, list[int]] = {}
    for i, row in enumerate(rows):
        groups.setdefault(row[mover], []).append(i)
    return rows, list(groups.values())


_Solve = Callable[[object, list[tuple[int, ...]]], np.ndarray]
"""(solver, worlds) -> one 52-entry answer row per world."""


class SolverLeafEvaluator:
    """The double-dummy solver (:class:`~engine.solvers.dd.DoubleDummySolver`) as a leaf evaluator.

    The solver's batch call wants one hand for the seat to play in every world (one decision),
    so worlds are grouped by that hand: one call at MAX's turns, one per world at MIN's.
    With ``threads`` > 1, the worlds of a large position are shared out among that many solvers:
    ``solver`` (or a default one) serves the calling thread, the helpers are default-sized solvers.
    """

    def __init__(self, solver: object | None = None, *, threads: int = 1) -> None:
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads}")
        from ..solvers.dd import DoubleDummySolver

        self._solver = solver if solver is not None else DoubleDummySolver()
        self._solvers = [self._solver] + [DoubleDummySolver() for _ in range(threads - 1)]
        self._pool: ThreadPoolExecutor | None = None

    @property
    def threads(self) -> int:
        return len(self._solvers)

    @property
    def nodes(self) -> tuple[int, ...]:
        """Search nodes each solver has visited (the first is the calling thread's)."""
        return tuple(int(s.nodes) for s in self._solvers)  # type: ignore[attr-defined]

    def batch_tricks_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card]
    ) -> np.ndarray:
        return self.batch_tricks_for_cards(worlds, strain, leader, played, ALL_CARDS)

    def batch_tricks_for_cards(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], cards: int
    ) -> np.ndarray:
        """``batch_tricks_per_card`` searching only the cards in the mask ``cards`` (see
        :func:`~engine.search.bridge_game.tricks_for_cards`)."""
        trick = tuple(int(c) for c in played)

        def solve(solver: object, rows: list[tuple[int, ...]]) -> np.ndarray:
            out = np.full((len(rows), 52), -1, dtype=np.int64)
            answers = solver.batch_tricks_per_card(  # type: ignore[attr-defined]
                rows, int(strain), int(leader), trick, cards=cards)
            for i, per_card in enumerate(answers):
                for card, tricks in per_card.items():
                    out[i, int(card)] = int(tricks)
            return out

        return self._each_group(worlds, leader, played, solve)

    def batch_reach_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], need: int
    ) -> np.ndarray:
        """Make-or-fail per card (see :func:`~engine.search.bridge_game.reach_per_card`), one
        null-window test per card and world."""
        trick = tuple(int(c) for c in played)

        def solve(solver: object, rows: list[tuple[int, ...]]) -> np.ndarray:
            return np.asarray(solver.batch_reaches_per_card(  # type: ignore[attr-defined]
                rows, int(strain), int(leader), trick, int(need)))

        return self._each_group(worlds, leader, played, solve)

    # --- sharing the worlds out ----------------------------------------------------------------
    def _each_group(self, worlds: np.ndarray, leader: int, played: Sequence[Card], solve: _Solve) -> np.ndarray:
        rows, groups = group_by_mover(worlds, leader, played)
        out = np.full((len(rows), 52), -1, dtype=np.int64)
        if not rows:
            return out
        tricks_left = int(rows[0][int(leader)]).bit_count()
        for members in groups:
            if len(self._solvers) == 1 or len(members) < 2 or tricks_left < PARALLEL_MIN_TRICKS:
                out[members] = solve(self._solver, [rows[i] for i in members])
            else:
                self._spread(members, rows, solve, out)
        return out

    def _spread(self, members: list[int], rows: list[tuple[int, ...]], solve: _Solve, out: np.ndarray) -> None:
        """Solve the worlds ``members`` one at a time on whichever solver is free (this thread runs one)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=len(self._solvers) - 1, thread_name_prefix="tenace-dd")
        pending = iter(members)
        lock = threading.Lock()

        def work(solver: object) -> None:
            while True:
                with lock:
                    i = next(pending, None)
                if i is None:
                    return
                out[i] = solve(solver, [rows[i]])[0]

        helpers = [self._pool.submit(work, s) for s in self._solvers[1:len(members)]]
        error: BaseException | None = None
        try:
            work(self._solver)
        except BaseException as exc:  # let the helpers finish before raising: they write into ``out``
            error = exc
            with lock:
                for _ in pending:
                    pass
        for future in helpers:
            exc = future.exception()
            if error is None and exc is not None:
                error = exc
        if error is not None:
            raise error


_thread_local = threading.local()


def default_leaf_evaluator() -> SolverLeafEvaluator:
    """This thread's double-dummy evaluator (the solver is not thread-safe, so one per thread; its
    table is shared by every search the thread runs, which is sound: entries are exact).  It shares
    large positions out over :func:`default_threads` solvers."""
    evaluator = getattr(_thread_local, "evaluator", None)
    if evaluator is None:
        evaluator = SolverLeafEvaluator(threads=default_threads())
        _thread_local.evaluator = evaluator
    return evaluator
