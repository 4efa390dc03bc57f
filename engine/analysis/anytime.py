"""Anytime card analyses: the same answers as :mod:`.bridge` and :mod:`.hearts`, with partial results on the way.

The hints panel shows every legal card's value while the search refines it, so the
searches here report *snapshots*: a complete analysis of the worlds solved so far,
at most every ``min_interval`` seconds.  The final answer is exactly what the plain
analysis returns for the same arguments (same worlds, same seed, same budget) —
nothing is re-implemented, the plain functions are run with small observers:

* Bridge: :func:`~.bridge.analyse_position` is run with a *recording* leaf evaluator
  that keeps every world's double-dummy results at the root.  On each progress report
  (after each chunk of worlds) a snapshot is the plain PIMC analysis of the worlds
  solved so far — all of them answered from the record, so it costs no solving.  The
  recorder also solves a chunk one world at a time and checks the cancel event between
  worlds, so a cancellation stops after at most one world's solve (the kernel itself
  cannot be interrupted).  αμ (M > 1, declaring side) first runs PIMC with snapshots —
  αμ's own PIMC fallback values then come from the record for free — and reports card
  by card while αμ refines.
* Hearts: :meth:`MCMaxnSearch.search_all <engine.search.hearts.mcmaxn.MCMaxnSearch.search_all>`
  is run with an observed solver that sums each batch of worlds as the search does and
  checks the cancel event between batches.

A cancellation raises :class:`AnytimeCancelled`, which carries the last snapshot.
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from dataclasses import dataclass
from typing import Callable, Generic, Mapping, Sequence, TypeVar

import numpy as np

from ..bridge.view import BridgeView
from ..core.cards import Card
from ..core.seats import Seat
from ..hearts.view import HeartsView
from ..search.bridge_game import LeafEvaluator, default_leaf_evaluator, reach_per_card
from ..search.hearts.mcmaxn import MCMaxnOptions, MCMaxnResult, MCMaxnSearch
from ..solvers.hearts import CardValue as HeartsCardValue
from ..solvers.hearts import SearchDepth
from ..worlds import HandConstraint
from .bridge import (
    Algorithm,
    AnalysisBudget,
    AnalysisCancelled,
    AnalysisProgress,
    BridgePosition,
    PositionAnalysis,
    analyse_position,
    position_from_view,
)
from .hearts import HeartsAnalysis, analysis_from_result

__all__ = [
    "Snapshot",
    "AnytimeCancelled",
    "analyse_position_anytime",
    "analyse_view_anytime",
    "analyse_hearts_anytime",
    "DEFAULT_MIN_INTERVAL",
]

DEFAULT_MIN_INTERVAL = 0.25
"""Seconds between two snapshots (a snapshot is cheap, but not free: it re-reads every world solved)."""

AnalysisT = TypeVar("AnalysisT", PositionAnalysis, HeartsAnalysis)


@dataclass(frozen=True, slots=True)
class Snapshot(Generic[AnalysisT]):
    """A partial (or the final) analysis: the values over the first ``worlds_used`` of ``worlds_total`` worlds.

    ``fraction`` (0..1) is how far the whole search has got — worlds for PIMC and Hearts,
    then root cards for αμ; ``stage`` says what is being refined (``"pimc"``, ``"alphamu"``,
    ``"mcmaxn"``); ``final`` marks the last snapshot, whose analysis is the returned one.
    """

    analysis: AnalysisT
    worlds_used: int
    worlds_total: int
    fraction: float
    stage: str
    elapsed: float
    final: bool = False


UpdateFn = Callable[[Snapshot], None]


class AnytimeCancelled(AnalysisCancelled):
    """The search was cancelled; ``last`` is the last snapshot reported (None when none was)."""

    def __init__(self, last: Snapshot | None) -> None:
        super().__init__("cancelled" if last is None else f"cancelled after {last.worlds_used} worlds")
        self.last = last


class _Interrupted(Exception):
    """Raised inside the search by an observer when the cancel event is set."""


# --- bridge ------------------------------------------------------------------------------------------


class _RecordingEvaluator:
    """A leaf evaluator that remembers the root's per-world results and solves one world at a time.

    Only calls at the root (its leader and trick) are recorded: those are the ones PIMC
    makes, and the ones αμ's PIMC fallback repeats.  Deeper calls (αμ) pass through in
    one batch, with a cancel check before them.
    """

    def __init__(self, inner: LeafEvaluator, position: BridgePosition, cancel: threading.Event | None) -> None:
        self._inner = inner
        self._root = (int(position.strain), int(position.leader), tuple(int(c) for c in position.trick))
        self._cancel = cancel
        self._record: dict[bytes, np.ndarray] = {}

    def _check(self) -> None:
        if self._cancel is not None and self._cancel.is_set():
            raise _Interrupted()

    def batch_tricks_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card]
    ) -> np.ndarray:
        worlds = np.asarray(worlds, dtype=np.uint64)
        if (int(strain), int(leader), tuple(int(c) for c in played)) != self._root:
            self._check()
            return self._inner.batch_tricks_per_card(worlds, strain, leader, played)
        out = np.empty((len(worlds), 52), dtype=np.int64)
        for i, row in enumerate(worlds):
            key = row.tobytes()
            answer = self._record.get(key)
            if answer is None:
                self._check()
                answer = np.asarray(self._inner.batch_tricks_per_card(row[None, :], strain, leader, played))[0]
                self._record[key] = answer
            out[i] = answer
        return out

    def batch_reach_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], need: int
    ) -> np.ndarray:
        """Make-or-fail questions (αμ's leaves) pass through, with a cancel check before them."""
        self._check()
        return reach_per_card(self._inner, worlds, strain, leader, played, need)


def _prefix(position: BridgePosition, count: int) -> BridgePosition:
    return dataclasses.replace(position, worlds=position.worlds[:count], weights=position.weights[:count])


def _snapshot_budget(budget: AnalysisBudget) -> AnalysisBudget:
    """Every recorded world counts in a snapshot: no time budget, no early stop."""
    return dataclasses.replace(budget, time_limit=None, stop_delta=None, stop_when_clear=False, quiescence=None)


def analyse_position_anytime(
    position: BridgePosition,
    algorithm: Algorithm = Algorithm.PIMC,
    budget: AnalysisBudget = AnalysisBudget(),
    *,
    evaluator: LeafEvaluator | None = None,
    cancel: threading.Event | None = None,
    on_update: UpdateFn | None = None,
    min_interval: float = DEFAULT_MIN_INTERVAL,
) -> PositionAnalysis:
    """:func:`~.bridge.analyse_position` with snapshots; returns the same analysis (see the module docstring).

    ``on_update`` is called on the searching thread with each :class:`Snapshot` (the last
    one with ``final=True``); it should be quick.  Raises :class:`AnytimeCancelled` when
    ``cancel`` is set before the search ends.
    """
    start = time.perf_counter()
    recorder = _RecordingEvaluator(evaluator if evaluator is not None else default_leaf_evaluator(), position, cancel)
    total = len(position.weights)
    last: list[Snapshot | None] = [None]
    next_at = [start + min_interval]
    pimc_budget = _snapshot_budget(budget)
    alphamu = algorithm is Algorithm.ALPHAMU and budget.max_moves > 1 and _declaring(position)

    def emit(snapshot: Snapshot) -> None:
        last[0] = snapshot
        if on_update is not None:
            on_update(snapshot)

    def pimc_progress(p: AnalysisProgress) -> None:
        now = time.perf_counter()
        if now < next_at[0] or p.done >= total:
            return
        partial = analyse_position(_prefix(position, p.done), Algorithm.PIMC, pimc_budget, evaluator=recorder)
        partial = dataclasses.replace(partial, algorithm=Algorithm.PIMC, complete=False)
        share = 0.5 if alphamu else 1.0
        fraction = share * _fraction(p.done / total, start, budget.time_limit)
        emit(Snapshot(partial, p.done, total, fraction, "pimc", now - start))
        next_at[0] = time.perf_counter() + min_interval  # the snapshot's own cost is not counted

    def alphamu_progress(p: AnalysisProgress) -> None:
        shown = last[0]
        if shown is not None and p.done < p.total:
            fraction = 0.5 + 0.5 * p.done / max(1, p.total)
            emit(dataclasses.replace(shown, fraction=fraction, stage="alphamu", elapsed=time.perf_counter() - start))

    try:
        if alphamu:
            pimc = analyse_position(position, Algorithm.PIMC, budget, evaluator=recorder, cancel=cancel,
                                    progress=pimc_progress)
            _stop_if_cancelled(cancel)
            emit(Snapshot(dataclasses.replace(pimc, complete=False), pimc.worlds_used, total, 0.5, "alphamu",
                          time.perf_counter() - start))
            remaining = None if budget.time_limit is None else max(0.0, budget.time_limit - (time.perf_counter() - start))
            result = analyse_position(position, algorithm, dataclasses.replace(budget, time_limit=remaining),
                                      evaluator=recorder, cancel=cancel, progress=alphamu_progress)
        else:
            result = analyse_position(position, algorithm, budget, evaluator=recorder, cancel=cancel,
                                      progress=pimc_progress)
        _stop_if_cancelled(cancel)
    except (_Interrupted, AnalysisCancelled):
        raise AnytimeCancelled(last[0]) from None
    emit(Snapshot(result, result.worlds_used, total, 1.0, "alphamu" if alphamu else "pimc",
                  time.perf_counter() - start, final=True))
    return result


def analyse_view_anytime(
    view: BridgeView,
    algorithm: Algorithm = Algorithm.PIMC,
    budget: AnalysisBudget = AnalysisBudget(),
    *,
    rng: random.Random | None = None,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    evaluator: LeafEvaluator | None = None,
    cancel: threading.Event | None = None,
    on_update: UpdateFn | None = None,
    min_interval: float = DEFAULT_MIN_INTERVAL,
    out_of_play: int = 0,
) -> PositionAnalysis:
    """:func:`~.bridge.analyse_view` with snapshots: the same worlds (same ``rng``) and the same answer."""
    if not view.legal_cards:
        raise ValueError(f"{view.seat.name.title()} is not the seat choosing the next card")
    position = position_from_view(view, budget.worlds, rng if rng is not None else random.Random(0), constraints,
                                  out_of_play=out_of_play)
    _stop_if_cancelled(cancel, translate=True)
    return analyse_position_anytime(position, algorithm, budget, evaluator=evaluator, cancel=cancel,
                                    on_update=on_update, min_interval=min_interval)


def _declaring(position: BridgePosition) -> bool:
    return position.to_move.same_side(position.declarer)


def _fraction(done: float, start: float, time_limit: float | None) -> float:
    """Progress: the share of worlds solved, or of the time budget when that runs out sooner."""
    if time_limit is not None and time_limit > 0:
        done = max(done, (time.perf_counter() - start) / time_limit)
    return min(1.0, done)


def _stop_if_cancelled(cancel: threading.Event | None, *, translate: bool = False) -> None:
    if cancel is not None and cancel.is_set():
        if translate:
            raise AnytimeCancelled(None)
        raise _Interrupted()


# --- Hearts ------------------------------------------------------------------------------------------


class _ObservedHeartsSolver:
    """Stands in for the search's solver: passes each batch through, sums it as the search
    does, checks the cancel event and reports snapshots."""

    def __init__(self, inner, legal: list[Card], cancel: threading.Event | None,
                 on_batch: Callable[[np.ndarray, int], None]) -> None:
        self._inner = inner
        self._legal = legal
        self._cancel = cancel
        self._on_batch = on_batch
        self._total = np.zeros((52, 8))
        self._searched = 0

    def __getattr__(self, name: str):  # nodes, rules, ... of the real solver
        return getattr(self._inner, name)

    def world_values(self, position, worlds: np.ndarray) -> np.ndarray:
        if self._cancel is not None and self._cancel.is_set():
            raise _Interrupted()
        values = self._inner.world_values(position, worlds)
        self._total[self._legal] += values[:, self._legal, :].sum(axis=0)
        self._searched += len(values)
        self._on_batch(self._total, self._searched)
        return values


def _hearts_partial(seat: int, legal: list[Card], total: np.ndarray, searched: int, elapsed: float) -> HeartsAnalysis:
    mean = total / searched
    cards = tuple(
        HeartsCardValue(c, tuple(float(x) for x in mean[c, :4]), tuple(float(x) for x in mean[c, 4:]))  # type: ignore[arg-type]
        for c in legal
    )
    return analysis_from_result(MCMaxnResult(seat, cards, searched, elapsed, 0))


def analyse_hearts_anytime(
    view: HeartsView,
    *,
    worlds: int = 60,
    time_limit: float = 2.0,
    depth: SearchDepth | None = None,
    seed: int = 0,
    cancel: threading.Event | None = None,
    on_update: UpdateFn | None = None,
    min_interval: float = DEFAULT_MIN_INTERVAL,
) -> HeartsAnalysis:
    """:func:`~.hearts.analyse_hearts` with snapshots; returns the same analysis for the same arguments."""
    if not view.legal_cards:
        raise ValueError(f"seat {int(view.seat)} is not to move: no legal cards in its view")
    start = time.perf_counter()
    options = MCMaxnOptions(worlds=worlds, time_limit=time_limit, depth=depth if depth is not None else SearchDepth())
    search = MCMaxnSearch(view.rules, options, seed)
    legal = sorted(view.legal_cards.ascending())
    seat = int(view.seat)
    last: list[Snapshot | None] = [None]
    next_at = [start + min_interval]

    def on_batch(total: np.ndarray, searched: int) -> None:
        now = time.perf_counter()
        if now < next_at[0] or searched >= worlds:
            return
        partial = _hearts_partial(seat, legal, total, searched, now - start)
        last[0] = snapshot = Snapshot(partial, searched, worlds, _fraction(searched / worlds, start, time_limit),
                                      "mcmaxn", now - start)
        if on_update is not None:
            on_update(snapshot)
        next_at[0] = time.perf_counter() + min_interval

    search.solver = _ObservedHeartsSolver(search.solver, legal, cancel, on_batch)  # type: ignore[assignment]
    try:
        result = search.search_all(view)
    except _Interrupted:
        raise AnytimeCancelled(last[0]) from None
    if cancel is not None and cancel.is_set():
        raise AnytimeCancelled(last[0])
    analysis = analysis_from_result(result)
    final = Snapshot(analysis, analysis.worlds, worlds, 1.0, "mcmaxn", time.perf_counter() - start, final=True)
    if on_update is not None:
        on_update(final)
    return analysis
