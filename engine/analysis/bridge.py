"""Bridge card analysis: every legal card with its chance of making the contract and its expected tricks.

Used by the players, the hints and the app.  Two algorithms, both over the same
:class:`~engine.search.bridge_game.BridgePlayGame`:

* ``PIMC`` — the mean over worlds of double-dummy results (p_make, expected
  tricks), worlds taken in chunks so the search can stop early: when the
  leader's lead over the runner-up exceeds the weight of the worlds not yet
  seen (the order cannot change), when Bampton's delta rule holds (optional),
  on the time budget, or on cancellation;
* ``ALPHAMU`` — αμ with M MAX moves (the search family's engine) giving each
  card's p_make as the best score of its Pareto front after the card; with
  M = 1 it is PIMC.  A defender is searched with M = 1 (its partner's hand is
  hidden, so αμ's same-move-in-every-world rule does not apply to it).

Expected tricks are always the double-dummy mean (αμ scores only make/fail);
they break ties.  Both are from declarer's side: p_make is declarer's chance
and expected tricks are declarer's side's tricks (``offset`` tricks already won
plus the mean from the current trick on).  Equivalent cards share one value;
among cards of equal value the lowest of the lowest run is preferred.

A player needs only the best card: :func:`choose_pimc` (and
:func:`choose_alphamu`) ask make-or-fail questions for every card and exact
trick counts only for the cards tied on the chance of making — the same card
as the full analysis for a fraction of the search.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Mapping

import numpy as np

from ..bridge.view import BridgeView
from ..core.cancel import NEVER, Cancelled, CancelToken
from ..core.cards import Card, card_str
from ..core.seats import Seat
from ..search.alphamu import AlphaMuOptions, AlphaMuSearch
from ..search.bridge_game import BridgePlayGame, equivalence_buckets, legal_mask
from ..search.pareto import best_option
from ..solvers.oracle import DoubleDummyOracle
from ..solvers.solver_oracle import default_oracle
from ..worlds import HandConstraint, world_set
from ..worlds.bridge_knowledge import knowledge_from_view
from .snapshot import DEFAULT_MIN_INTERVAL, Snapshot, SnapshotClock, UpdateFn

__all__ = [
    "Algorithm",
    "AnalysisBudget",
    "AnalysisProgress",
    "CardValue",
    "PositionAnalysis",
    "BridgePosition",
    "analyse_position",
    "analyse_view",
    "position_from_view",
    "RootChoice",
    "choose_alphamu",
    "choose_pimc",
]


class Algorithm(Enum):
    PIMC = "pimc"
    ALPHAMU = "alphamu"

    @classmethod
    def parse(cls, text: str) -> "Algorithm":
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown algorithm {text!r} (choose pimc or alphamu)") from None


@dataclass(frozen=True, slots=True)
class AnalysisBudget:
    """How much to search.  ``time_limit`` in seconds (None = no limit).  PIMC's stopping rules
    (Bampton §6.4), each after ``min_worlds``: ``stop_delta`` (the leader's p_make leads the
    runner-up by this much) and ``quiescence`` (the same leader for that many chunks in a row);
    ``stop_when_clear`` stops whenever the unsolved worlds could not change the leader."""

    worlds: int = 20
    max_moves: int = 1
    time_limit: float | None = None
    stop_delta: float | None = None
    min_worlds: int = 10
    chunk: int = 5
    stop_when_clear: bool = False  # PIMC: stop once the remaining worlds cannot change the best card
    quiescence: int | None = None  # PIMC: stop when the leader stayed the same for this many chunks
    transposition_table: bool = True
    early_cut: bool = True
    root_cut: bool = True

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError(f"worlds must be at least 1, got {self.worlds}")
        if self.max_moves < 1:
            raise ValueError(f"max_moves (M) must be at least 1, got {self.max_moves}")
        if self.chunk < 1:
            raise ValueError(f"chunk must be at least 1, got {self.chunk}")
        if self.time_limit is not None and not 0 <= self.time_limit < float("inf"):  # 0: the first answer
            raise ValueError(f"time_limit must be a finite number of seconds ≥ 0, got {self.time_limit}")


@dataclass(frozen=True, slots=True)
class AnalysisProgress:
    """Reported as the search goes: ``done`` of ``total`` steps (worlds for PIMC, root cards
    times iterations for αμ), and the best card so far."""

    done: int
    total: int
    best: Card | None


ProgressFn = Callable[[AnalysisProgress], None]


@dataclass(frozen=True, slots=True)
class CardValue:
    card: Card
    p_make: float
    expected_tricks: float


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """The value of every legal card (declarer's side), the recommended card and how far the
    search got (``complete`` is False when not every world or card was searched: an early
    stop, the time budget or a cancellation)."""

    algorithm: Algorithm
    max_moves: int
    cards: tuple[CardValue, ...]
    best: Card
    worlds_used: int
    complete: bool
    stats: Mapping[str, int] = field(default_factory=dict)

    def value(self, card: Card) -> CardValue:
        for v in self.cards:
            if v.card == card:
                return v
        raise KeyError(f"{card_str(card)} is not a legal card here")

    def to_json(self) -> dict[str, object]:
        return {
            "cards": {
                card_str(v.card): {"p_make": round(v.p_make, 6), "expected_tricks": round(v.expected_tricks, 6)}
                for v in self.cards
            },
            "best": card_str(self.best),
        }


@dataclass(frozen=True, slots=True)
class BridgePosition:
    """A position to analyse: trick-start worlds (``(n, 4)`` hand masks) with weights, the
    strain (DDS order), the trick so far, declarer, and the tricks declarer's side still needs
    counting this trick; ``offset`` = declarer's side's tricks already won (for expected tricks)."""

    worlds: np.ndarray
    weights: tuple[float, ...]
    strain: int
    leader: Seat
    trick: tuple[Card, ...]
    declarer: Seat
    target: int
    offset: int = 0

    @property
    def to_move(self) -> Seat:
        return Seat((self.leader + len(self.trick)) % 4)


class _Stopper(CancelToken):
    """The caller's token plus the analysis' time budget: the token the analysis hands down to its
    game (and so to every double-dummy question).  The time budget only counts once a first answer
    exists (``has_answer``): an anytime search always answers, while a cancellation stops at once."""

    def __init__(self, time_limit: float | None, cancel: CancelToken) -> None:
        super().__init__()
        self.caller = cancel
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.has_answer = False

    @property
    def cancelled(self) -> bool:
        if self.caller.cancelled:
            return True
        return self.has_answer and self.deadline is not None and time.perf_counter() >= self.deadline

    @property
    def cancellable(self) -> bool:
        return self.caller.cancellable or self.deadline is not None

    def cancel(self) -> None:
        self.caller.cancel()

    def report(self, fraction: float, message: str = "") -> None:
        self.caller.report(fraction, message)


def _game(position: "BridgePosition", oracle: DoubleDummyOracle | None, stopper: _Stopper) -> BridgePlayGame:
    seats, target, _ = _max_side(position)
    return BridgePlayGame(position.worlds, position.weights, position.strain, int(position.leader), position.trick,
                          seats, target, oracle if oracle is not None else default_oracle(), stopper)


def _max_side(position: BridgePosition) -> tuple[tuple[int, ...], int, bool]:
    """MAX's seats, MAX's target and whether MAX is the declaring side."""
    mover = position.to_move
    if mover.same_side(position.declarer):
        return (int(position.declarer), int(position.declarer.partner)), position.target, True
    tricks_left = int(position.worlds[0, int(position.leader)]).bit_count()
    return (int(mover),), tricks_left - position.target + 1, False


def _buckets(game: BridgePlayGame) -> list[list[Card]]:
    root = game.root()
    legal = legal_mask(game.hand(root, 0, root.to_move), root.trick)
    return equivalence_buckets(legal, game.live(root))


def _choose(values: dict[Card, tuple[float, float]], buckets: list[list[Card]]) -> Card:
    """Highest p_make, then most expected tricks, then the lowest card (ties in lowest card order)."""
    best_card, best_key = None, None
    for run in buckets:
        rep = run[0]
        if rep not in values:
            continue
        p, t = values[rep]
        key = (round(p, 9), round(t, 9))
        if best_key is None or key > best_key or (key == best_key and rep % 13 < best_card % 13):  # type: ignore[operator]
            best_card, best_key = rep, key
    assert best_card is not None
    return best_card


def _expand(values: dict[Card, tuple[float, float]], buckets: list[list[Card]]) -> tuple[CardValue, ...]:
    out: list[CardValue] = []
    for run in buckets:
        if run[0] in values:
            p, t = values[run[0]]
            out.extend(CardValue(c, p, t) for c in run)
    return tuple(sorted(out, key=lambda v: (v.card // 13, -v.card)))  # display order: S H D C, high first


def analyse_position(
    position: BridgePosition,
    algorithm: Algorithm = Algorithm.PIMC,
    budget: AnalysisBudget = AnalysisBudget(),
    *,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    progress: ProgressFn | None = None,
    on_update: UpdateFn | None = None,
    min_interval: float = DEFAULT_MIN_INTERVAL,
) -> PositionAnalysis:
    """Analyse every legal card of the seat to move (see the module docstring).

    Stopped by ``cancel`` or the time budget, the analysis returns what it found so far
    (``complete`` False), or raises :class:`~engine.core.cancel.Cancelled` when it found nothing.

    With ``on_update``, the analysis reports :class:`~.snapshot.Snapshot` objects as it goes: after
    each chunk of worlds (at most every ``min_interval`` seconds) the PIMC analysis of the worlds
    solved so far, at no extra solving; for αμ (M > 1, declaring side) PIMC runs first with its
    snapshots, then αμ refines card by card on the same game (its double-dummy values come from
    PIMC's solves).  The last snapshot is ``final`` and holds the analysis returned.  Watched this
    way, a cancellation always raises :class:`~engine.core.cancel.Cancelled`, carrying the last
    snapshot as ``last``.
    """
    clock = SnapshotClock(on_update, min_interval)
    stopper = _Stopper(budget.time_limit, cancel)
    game = _game(position, oracle, stopper)
    buckets = _buckets(game)
    declaring = _max_side(position)[2]
    use_alphamu = algorithm is Algorithm.ALPHAMU and declaring and budget.max_moves > 1
    try:
        if not use_alphamu:
            values, used, complete = _pimc(game, position, buckets, budget, stopper, progress, clock, 1.0)
            m = 1
        else:
            if clock.wanted:
                pimc_values, used, complete = _pimc(game, position, buckets, budget, stopper, progress, clock, 0.5)
                _raise_if(cancel, clock)
                shown = _declarer_analysis(position, game, buckets, pimc_values, Algorithm.PIMC, 1, used, False)
                clock.emit(Snapshot(shown, used, len(position.weights), 0.5, "alphamu", clock.elapsed()))
                remaining = None if budget.time_limit is None else max(0.0, budget.time_limit - clock.elapsed())
                stopper = _Stopper(remaining, cancel)
                game.cancel = stopper
            values, used, complete = _alphamu_cards(game, buckets, budget, stopper,
                                                    _alphamu_progress(progress, clock))
            m = budget.max_moves
        _raise_if(cancel, clock)
    except Cancelled as exc:
        raise Cancelled(str(exc), last=clock.last) from None
    result = _declarer_analysis(position, game, buckets, values, algorithm, m, used, complete)
    clock.emit(Snapshot(result, used, len(position.weights), 1.0, "alphamu" if use_alphamu else "pimc",
                        clock.elapsed(), final=True))
    return result


def _raise_if(cancel: CancelToken, clock: SnapshotClock) -> None:
    """Watched by snapshots, a cancelled analysis raises rather than returning its partial answer."""
    if clock.wanted and cancel.cancelled:
        raise Cancelled("cancelled", last=clock.last)


def _alphamu_progress(progress: ProgressFn | None, clock: SnapshotClock) -> ProgressFn | None:
    """αμ's per-card progress, and (watched) the last snapshot again with the fraction moved on."""
    if not clock.wanted:
        return progress

    def report(p: AnalysisProgress) -> None:
        if progress is not None:
            progress(p)
        shown = clock.last
        if shown is not None and p.done < p.total:
            clock.emit(dataclasses.replace(shown, fraction=0.5 + 0.5 * p.done / max(1, p.total), stage="alphamu",
                                           elapsed=clock.elapsed()))

    return report


def _declarer_analysis(position: BridgePosition, game: BridgePlayGame, buckets: list[list[Card]],
                       values: dict[Card, tuple[float, float]], algorithm: Algorithm, max_moves: int, used: int,
                       complete: bool) -> PositionAnalysis:
    """MAX's values (its side's chance and tricks) as declarer's, with MAX's own best card."""
    declaring = _max_side(position)[2]
    tricks_left = game.root_tricks
    declarer_values = {}
    for card, (p, t) in values.items():
        if not declaring:
            p, t = 1.0 - p, tricks_left - t
        declarer_values[card] = (float(p), float(position.offset + t))
    best = _choose(values, buckets)  # MAX's own objective: its side's chance, then its tricks
    return PositionAnalysis(algorithm, max_moves, _expand(declarer_values, buckets), best, used, complete,
                            {"solves": game.solves})


def _pimc(game: BridgePlayGame, position: BridgePosition, buckets: list[list[Card]], budget: AnalysisBudget,
          stopper: _Stopper, progress: ProgressFn | None, clock: SnapshotClock,
          share: float) -> tuple[dict[Card, tuple[float, float]], int, bool]:
    """Mean double-dummy p_make and tricks per card for MAX, worlds in chunks with early stops.

    Watched (``clock``), a snapshot after a chunk is the analysis of the worlds solved so far,
    its fraction scaled to ``share`` of the whole (αμ refines the rest)."""
    root = game.root()
    n = len(game.weights)
    weights = np.array(game.weights)
    reps = [run[0] for run in buckets]
    wins = {c: 0.0 for c in reps}
    tricks = {c: 0.0 for c in reps}
    seen = 0.0
    used = 0
    complete = True
    if len(reps) == 1:  # one choice: still valued, but over every world at once
        chunk = n
    else:
        chunk = budget.chunk
    leader: Card | None = None
    steady = 0
    for start in range(0, n, chunk):
        idx = list(range(start, min(n, start + chunk)))
        try:
            stopper.check()
            out = game.tricks_rows(root, idx)
        except Cancelled:
            if used == 0:
                raise Cancelled("cancelled before any world was solved") from None
            complete = False
            break
        stopper.has_answer = True
        for row, w in zip(out, idx):
            wt = weights[w]
            for c in reps:
                mine = int(row[c])
                if root.to_move & 1 != game.max_side:
                    mine = game.root_tricks - mine
                wins[c] += wt * (mine >= game.target)
                tricks[c] += wt * mine
        seen += float(weights[idx].sum())
        used += len(idx)
        scores = sorted(((wins[c] / seen, tricks[c] / seen) for c in reps), reverse=True)
        lead = max(reps, key=lambda c: (wins[c], tricks[c]))
        steady = steady + 1 if lead == leader else 1
        leader = lead
        stopper.report(share * used / n, f"{used} of {n} deals")
        if progress is not None:
            progress(AnalysisProgress(used, n, lead))
        if clock.due() and used < n:
            partial = {c: (float(wins[c] / seen), float(tricks[c] / seen)) for c in reps}
            analysis = _declarer_analysis(position, game, buckets, partial, Algorithm.PIMC, 1, used, False)
            clock.emit(Snapshot(analysis, used, n, share * clock.fraction(used / n, budget.time_limit), "pimc",
                                clock.elapsed()), rearm=True)
        if len(scores) > 1 and used < n:
            gap = (scores[0][0] - scores[1][0]) * seen
            remaining = 1.0 - seen
            if budget.stop_when_clear and gap > remaining + 1e-12:  # the rest cannot change the leader
                complete = False
                break
            if used >= budget.min_worlds and (
                    (budget.stop_delta is not None and scores[0][0] - scores[1][0] >= budget.stop_delta)
                    or (budget.quiescence is not None and steady >= budget.quiescence)):
                complete = False
                break
    return {c: (float(wins[c] / seen), float(tricks[c] / seen)) for c in reps}, used, complete


def _alphamu_options(budget: AnalysisBudget, max_moves: int) -> AlphaMuOptions:
    return AlphaMuOptions(max_moves=max_moves, iterative_deepening=max_moves >= 1,
                          transposition_table=budget.transposition_table, early_cut=budget.early_cut,
                          root_cut=budget.root_cut, star_cut=budget.root_cut)


def _pimc_score(game: BridgePlayGame, card: Card) -> float:
    """PIMC's p_make for MAX after ``card`` at the root: the weighted double-dummy make rate."""
    child = game.play(game.root(), card)
    return sum(game.weights[w] * float(game.evaluate(child, w) or 0.0) for w in game.root_worlds())


def _expected_tricks(game: BridgePlayGame, cards: set[Card]) -> dict[Card, float]:
    """Mean double-dummy tricks of MAX's side after each of ``cards`` at the root: from the game's own
    root rows when PIMC solved them on this game, else solving only those cards."""
    root = game.root()
    worlds = game.root_worlds()
    out = game.known_tricks(root)
    if out is None:
        hands = np.array([game.trick_start_hands(root, w) for w in worlds], dtype=np.uint64)
        out = game.oracle.batch_tricks_per_card(hands, game.strain, root.leader, root.trick,
                                                cards=sum(1 << c for c in cards), cancel=game.cancel)
        game.solves += len(worlds)
    return {c: float(sum(game.weights[w] * int(out[w, c]) for w in worlds)) for c in cards}


def _alphamu_cards(game: BridgePlayGame, buckets: list[list[Card]], budget: AnalysisBudget, stopper: _Stopper,
                   progress: ProgressFn | None) -> tuple[dict[Card, tuple[float, float]], int, bool]:
    """Each card's αμ value: the best score of the front below it, searched with M − 1 MAX moves."""
    reps = [run[0] for run in buckets]
    worlds = game.root_worlds()
    root = game.root()
    values: dict[Card, tuple[float, float]] = {}
    complete = True
    try:
        # The double-dummy values first: PIMC's answer is the fallback if time runs out.
        tricks = _expected_tricks(game, set(reps))
        pimc = {c: (_pimc_score(game, c), tricks[c]) for c in reps}
    except Cancelled:
        raise Cancelled("cancelled before any world was solved") from None
    stopper.has_answer = True
    for i, c in enumerate(reps):
        child = game.play(root, c)
        p: float = pimc[c][0]
        try:
            if budget.max_moves > 1 and not game.is_terminal(child):
                engine = AlphaMuSearch(game, _alphamu_options(budget, budget.max_moves - 1))
                front, _ = engine.run(child, worlds)
                p = best_option(front, game.weights)[0]
        except Cancelled:
            complete = False
            break
        values[c] = (p, pimc[c][1])
        if progress is not None:
            progress(AnalysisProgress(i + 1, len(reps), max(values, key=lambda k: values[k])))
    for c in reps:  # cards not reached in time keep PIMC's (optimistic) value
        values.setdefault(c, pimc[c])
    return values, len(worlds), complete


# --- from a seat's view ---------------------------------------------------------------------------


def position_from_view(
    view: BridgeView,
    worlds: int,
    rng: random.Random,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    *,
    exact_limit: int | None = None,
    out_of_play: int = 0,
) -> BridgePosition:
    """Sample (or enumerate, when at most ``exact_limit`` exist) the trick-start deals the
    seat cannot tell apart; the view is all that is used, plus, for an ending, the public
    ``out_of_play`` cards that were gone before it started (a view does not record them)."""
    knowledge = knowledge_from_view(view, constraints, out_of_play)
    sample = world_set(knowledge, worlds, rng, exact_limit=worlds if exact_limit is None else exact_limit)
    hands = np.array(sample.hands, dtype=np.uint64)
    trick = view.current_trick
    for k, card in enumerate(trick.cards):  # back to the trick start: the trick's cards return home
        hands[:, (int(trick.leader) + k) % 4] |= np.uint64(1 << card)
    target = view.contract.tricks_needed - view.declarer_tricks
    return BridgePosition(
        worlds=hands,
        weights=tuple(float(w) for w in sample.weights),
        strain=int(view.contract.strain),
        leader=trick.leader,
        trick=tuple(trick.cards),
        declarer=view.declarer,
        target=target,
        offset=view.declarer_tricks,
    )


def analyse_view(
    view: BridgeView,
    algorithm: Algorithm = Algorithm.PIMC,
    budget: AnalysisBudget = AnalysisBudget(),
    *,
    rng: random.Random | None = None,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    progress: ProgressFn | None = None,
    on_update: UpdateFn | None = None,
    min_interval: float = DEFAULT_MIN_INTERVAL,
    out_of_play: int = 0,
) -> PositionAnalysis:
    """Analyse the legal cards of ``view`` (the deciding seat's view) from sampled worlds
    (:func:`analyse_position` on :func:`position_from_view`'s worlds, snapshots included)."""
    if not view.legal_cards:
        raise ValueError(f"{view.seat.name.title()} is not the seat choosing the next card")
    position = position_from_view(view, budget.worlds, rng if rng is not None else random.Random(0), constraints,
                                  out_of_play=out_of_play)
    if on_update is not None and cancel.cancelled:
        raise Cancelled("cancelled before the analysis started")
    return analyse_position(position, algorithm, budget, oracle=oracle, cancel=cancel, progress=progress,
                            on_update=on_update, min_interval=min_interval)


@dataclass(frozen=True, slots=True)
class RootChoice:
    """αμ's card at the root (best p_make; expected tricks, then the lowest card, break ties),
    the deepest completed iteration and the search counters."""

    card: Card
    p_make: float
    iterations: int
    stats: Mapping[str, int]


def choose_alphamu(
    position: BridgePosition,
    budget: AnalysisBudget,
    *,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
) -> RootChoice:
    """The declaring side's card by one αμ search from the root (with the root cut, faster than
    valuing every card); iterative deepening on M keeps the last completed iteration when
    time runs out or the search is cancelled.

    Among cards of equal chance the objective prefers more expected tricks, but the root
    cut keeps only the first card that reaches the best score.  So PIMC's card (the best
    chance, then the most expected tricks) is searched first at the root: αμ plays it
    unless looking M moves ahead finds it worse, as in paper 001 where αμ departs from
    PIMC only on such discrepancies."""
    stopper = _Stopper(budget.time_limit, cancel)
    if not _max_side(position)[2]:
        raise ValueError("αμ searches for the declaring side only; a defender uses PIMC")
    game = _game(position, oracle, stopper)
    root, worlds = game.root(), game.root_worlds()
    options = _alphamu_options(budget, budget.max_moves)
    engine = AlphaMuSearch(game, options)
    try:  # on αμ's own game: its first iteration finds the root's make-or-fail answers known
        engine.root_first = _pimc_card(game, budget, stopper).card
    except Cancelled:
        raise Cancelled("cancelled before the first αμ iteration finished") from None
    stopper.has_answer = False  # the time budget counts again only once αμ's first iteration is done
    iterative = budget.transposition_table
    depths = range(1, budget.max_moves + 1) if iterative else (budget.max_moves,)
    result: tuple[float, set[Card]] | None = None
    done = 0
    for depth in depths:
        engine.budget_hit = False
        try:
            front = engine.search(root, worlds, depth, None, is_root=True)
        except Cancelled:
            break
        score = best_option(front, game.weights)[0]
        if iterative:
            engine.prev_best = score
        tops = {prov.move for vec, prov in front
                if abs(best_option([(vec, prov)], game.weights)[0] - score) < 1e-9}
        result, done = (score, tops), depth
        stopper.has_answer = True
        if not engine.budget_hit:
            break
    if result is None:
        raise Cancelled("cancelled before the first αμ iteration finished")
    score, tops = result
    buckets = [run for run in _buckets(game) if run[0] in tops]
    tricks = {c: 0.0 for c in tops}
    if len(tops) > 1:
        try:
            tricks = _expected_tricks(game, tops)
        except Cancelled:
            pass
    card = _choose({c: (score, tricks[c]) for c in tops}, buckets)
    st = engine.stats
    return RootChoice(card, score, done, {
        "nodes": st.nodes, "early_cuts": st.early_cuts, "root_cuts": st.root_cuts,
        "decided_cuts": st.decided_cuts, "solves": game.solves})


def choose_pimc(
    position: BridgePosition,
    budget: AnalysisBudget = AnalysisBudget(),
    *,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
) -> RootChoice:
    """PIMC's card, the one :func:`analyse_position` would recommend, for less work.

    A player needs the best card, not every card's value: the chance of making
    comes from one make-or-fail (null-window) solve per card and world, and exact
    trick counts are solved only for the cards tied on that chance, where
    expected tricks break the tie.  The worlds, their order and the stopping
    rules are :func:`analyse_position`'s, so the card is the same; a budget with
    the quiescence rule (whose leader depends on expected tricks) is handed to
    :func:`analyse_position` itself.
    """
    if budget.quiescence is not None:
        analysis = analyse_position(position, Algorithm.PIMC, budget, oracle=oracle, cancel=cancel)
        best = analysis.value(analysis.best)
        return RootChoice(analysis.best, best.p_make, 1, dict(analysis.stats))
    stopper = _Stopper(budget.time_limit, cancel)
    return _pimc_card(_game(position, oracle, stopper), budget, stopper)


def _pimc_card(game: BridgePlayGame, budget: AnalysisBudget, stopper: _Stopper) -> RootChoice:
    """:func:`choose_pimc` on a built game (whose questions carry ``stopper``); the make-or-fail
    answers stay in the game, so an αμ search on it starts with the root's already known."""
    buckets = _buckets(game)
    reps = [run[0] for run in buckets]
    root = game.root()
    target = game.target
    n = len(game.weights)
    weights = np.array(game.weights)
    wins = {c: 0.0 for c in reps}
    seen, used = 0.0, 0
    chunk = n if len(reps) == 1 else budget.chunk
    for start in range(0, n, chunk):
        idx = list(range(start, min(n, start + chunk)))
        try:
            stopper.check()
            out = game.reach_rows(root, idx, target)
        except Cancelled:
            if used == 0:
                raise Cancelled("cancelled before any world was solved") from None
            break
        stopper.has_answer = True
        for row, w in zip(out, idx):
            for c in reps:
                wins[c] += weights[w] * (row[c] == 1)
        seen += float(weights[idx].sum())
        used += len(idx)
        ranked = sorted((wins[c] for c in reps), reverse=True)
        if len(ranked) > 1 and used < n:
            gap = (ranked[0] - ranked[1])
            if budget.stop_when_clear and gap > 1.0 - seen + 1e-12:
                break
            if used >= budget.min_worlds and budget.stop_delta is not None and gap / seen >= budget.stop_delta:
                break
    chances = {c: float(wins[c] / seen) for c in reps}
    top = max(round(p, 9) for p in chances.values())
    tied = [c for c in reps if round(chances[c], 9) == top]
    tricks = {c: 0.0 for c in tied}
    if len(tied) > 1:
        try:
            hands = np.array([game.trick_start_hands(root, w) for w in range(used)], dtype=np.uint64)
            out = game.oracle.batch_tricks_per_card(hands, game.strain, root.leader, root.trick,
                                                    cards=sum(1 << c for c in tied), cancel=game.cancel)
        except Cancelled:  # out of time (or cancelled) while breaking the tie: the lowest card
            out = np.zeros((0, 52), dtype=np.int64)
        for row, w in zip(out, range(used)):
            for c in tied:
                tricks[c] += weights[w] * int(row[c])
        game.solves += len(out)
    card = _choose({c: (chances[c], tricks[c] / seen) for c in tied}, buckets)
    return RootChoice(card, chances[card], 1, {"solves": game.solves, "worlds": used})
