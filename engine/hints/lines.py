"""The one analysis behind a bridge hint: every card's chance with the best line that starts with it.

A beginner believes the number a hint prints, so the number must be the chance a
player who cannot see the hidden cards really has: the chance of the best *line*
(a plan whose later choices are the same in every deal the player cannot tell
apart), against defenders who see everything (Frank & Basin's best defence).
Double-dummy means (PIMC) and αμ with a short horizon count a later guess as made
in every deal, which is why they rate "cross to dummy and decide later" above the
drop; they are not used for the stated chances when the exact value can be had.

The method is chosen by the position and reported:

* ``FORCED`` — one card (or one run of equal cards): nothing to decide, no search;
* ``EXACT`` — every consistent layout is enumerated (there are at most
  :attr:`HintBudget.exact_layouts`), weighted by vacant places and by restricted
  choice (:mod:`engine.worlds.likelihood`), and searched exactly to the end of the
  play (:mod:`engine.search.single_dummy`, within :attr:`HintBudget.exact_nodes`);
  the chances are exact probabilities;
* ``SUIT_REDUCTION`` — too many layouts for that, but one suit decides: checked by
  double dummy on the deals (:mod:`.suit_reduction`), the decision goes to the
  exact single-suit solver over every layout of that suit, weighted as in the deal;
  the chances are exact for the suit;
* ``ESTIMATE`` — otherwise.  With the layouts enumerated but the search to the end
  too big, the same search one trick deeper at a time within the node budget
  (:func:`~engine.search.single_dummy.deepening_single_dummy`): the deepest search
  finished, double dummy after it.  With too many layouts, a sample of deals
  (:attr:`HintBudget.worlds`), weighted the same way, each card valued by αμ
  with M declarer moves, M deepened while the work budget allows; a defender's
  cards by the single-dummy search on the sampled deals, as many tricks deep as
  the same budget allows (from the first trick that holds another of the
  defender's cards: before it the search is double dummy), else double dummy.
  Either search takes the cards best double-dummy figure first, and a card whose
  double-dummy figure cannot enter the top :attr:`HintBudget.candidates` is not
  searched: it keeps its double-dummy figure.
  A sampled chance carries its 95% sampling error; every estimate is an upper
  bound of the line's chance on its deals, stated as optimistic, since some later
  guess is counted as right.  Over every layout, the best cards also get a lower
  bound, the chance of one concrete line against best defence (the searched line,
  then Monte-Carlo play: :mod:`engine.search.line_floor`), so the figure is given
  as a range the true chance lies in.

A search cut at a horizon answers a state where no card of the side searched
is left before the horizon by one double-dummy question
(:meth:`~engine.search.single_dummy._Search.seen_to_horizon`), so one trick of
search costs what double dummy does.

Everything the hint says — the star, every bar, every sentence — is read from one
:class:`LineValues`.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence

import numpy as np

from ..analysis.bridge import BridgePosition, position_from_view
from ..bridge.view import BridgeView
from ..core.cancel import NEVER, Cancelled, CancelToken
from ..core.cards import SUIT_MASKS, SUIT_NAMES, Card
from ..core.seats import Seat
from ..search.bridge_game import (BridgePlayGame, PlayState, SolvingBudget, SolvingBudgetExceeded,
                                  equivalence_buckets)
from ..search.line_floor import line_floors
from ..search.single_dummy import (QUESTIONS_PER_NODE, RootChoice, SingleDummyBudget, deepening_single_dummy,
                                   first_informative_horizon, weight_of)
from ..solvers.oracle import DoubleDummyOracle
from ..solvers.solver_oracle import default_oracle
from ..worlds import count_worlds
from ..worlds.bridge_knowledge import knowledge_from_view
from ..worlds.knowledge import OriginalHandConstraint, WorldKnowledge
from ..worlds.likelihood import record_likelihoods
from .model import Method
from .render import against
from .suit_reduction import SuitReduction, find_suit_reduction
from .worlds_matrix import WorldsMatrix, alphamu_outcomes, card_goal_matrix, card_runs, card_tricks_matrix

__all__ = ["Method", "Basis", "HintBudget", "LineValues", "line_values", "position_values", "weighted_deals"]


@dataclass(frozen=True, slots=True)
class HintBudget:
    """How hard a hint may work.  ``exact_layouts``: enumerate and solve exactly up to this many consistent
    layouts; ``exact_nodes`` and ``exact_time`` (seconds, None: no limit): the exact search's budget, past
    which the hint falls back to an estimate (a node budget by default: the method, and so the answer, must
    not depend on how busy the machine is); ``worlds``: deals sampled for an estimate (always this many:
    fewer would widen every error bar); ``max_moves``: αμ's M for an estimate, deepened up to
    ``deepest_moves`` while the work budget allows (the figures are the deepest level finished); ``alphamu_work``: the
    double-dummy solving αμ may spend on top of the double-dummy figures
    (:class:`~engine.search.bridge_game.SolvingBudget` units; None: no limit) and ``time_limit``: seconds it
    may take (None: no limit) — when either runs out, every card keeps its double-dummy figure and the hint
    says so (one method for every card, never a mix).  The work budget is the one the app and the CLI
    share by default: it does not depend on the machine, so the same position gets the same answer (the
    default is about three times what αμ spent at trick 2 of the hint bench, 150-380 thousand units: a
    cap on runaway searches, not a cut of normal ones);
    ``first_worlds``: the deals of the first, quick answer shown while the rest is computed (six: at the
    hint bench's opening lead and trick 2 a deal costs 0.1-0.15 s of double dummy, and the first answer
    must show within a second; it is labelled a first look and carries its sampling error)."""

    exact_layouts: int = 20_000
    exact_nodes: int | None = 150_000
    exact_time: float | None = None
    worlds: int = 200
    max_moves: int = 2
    deepest_moves: int = 4
    alphamu_work: int | None = 1_000_000
    time_limit: float | None = None
    first_worlds: int = 6
    candidates: int = 4

    def __post_init__(self) -> None:
        if self.exact_layouts < 0 or (self.exact_nodes is not None and self.exact_nodes < 0):
            raise ValueError("exact_layouts and exact_nodes must not be negative")
        if self.worlds < 1 or self.first_worlds < 1:
            raise ValueError("worlds and first_worlds must be at least 1")
        if not 1 <= self.max_moves <= 6:
            raise ValueError(f"max_moves (M) must be between 1 and 6, got {self.max_moves}")
        if not 1 <= self.deepest_moves <= 8:
            raise ValueError(f"deepest_moves must be between 1 and 8, got {self.deepest_moves}")
        if self.alphamu_work is not None and self.alphamu_work < 0:
            raise ValueError(f"alphamu_work must not be negative, got {self.alphamu_work}")
        if self.candidates < 1:
            raise ValueError(f"candidates must be at least 1, got {self.candidates}")
        if self.time_limit is not None and not (self.time_limit >= 0 and math.isfinite(self.time_limit)):
            raise ValueError(f"time_limit must be a finite number of seconds ≥ 0, got {self.time_limit}")


@dataclass(frozen=True, slots=True)
class Basis:
    """How the figures were found: ``algorithm`` names the engine (for the JSON and the advanced view),
    ``words`` says it in a player's words (no engine names) and ``caveat`` how an estimate flatters the side
    it advises ("" when the figures are exact)."""

    algorithm: str
    words: str
    caveat: str = ""


_SEEING = "each deal played out seeing every card"
_EVERY_GUESS = "the figures are optimistic: every later guess is counted as right"
FORCED_BASIS = Basis("no choice", "no choice")
DECIDED_BASIS = Basis("decided", "the result is decided whatever is played")
EXACT_BASIS = Basis("exact single-dummy search, best defence",
                    "every line played to the end without seeing the hidden cards, against the best defence")
PIMC_BASIS = Basis("double dummy (PIMC)", _SEEING, _EVERY_GUESS)
NOWHERE_BASIS = Basis("exact: no card reaches the goal in any layout even double dummy",
                      "no card reaches the goal in any layout even seeing every card, so no line does")
EXACT_ON_SAMPLE_BASIS = Basis(
    "single-dummy search to the end on the sampled deals, best defence",
    "every line played to the end without seeing the hidden cards, against declarer's best play, on the "
    "sampled deals",
    "the figures are a little optimistic: a line need only tell the sampled deals apart, not every layout")


DEEPEN_GROWTH = 8
"""αμ tries one level deeper only when this many times the last level's solving fits in the budget left:
measured at trick 2 and mid-hand of the hint bench, a level cost 2.5 to more than 6 times the one before,
and a level that overruns the budget is work thrown away (the shallower figures stand)."""


ESTIMATE_NODE_SHARE = 10
"""A defender's search on sampled deals gets this fraction of the exact search's nodes: a node over 200 deals
costs about a millisecond.  Measured on 20 defenders' 7-card endings sampled at 200 deals: with the whole
budget the slowest took 68 s, with a fifth 30 s, with a twentieth 3.5 s, and 13 of the 15 with a choice
to search were still searched single dummy (7 to the end).  A tenth since the double-dummy questions at 7-8
tricks stay on the calling thread (0.1 ms a node at trick 6): at trick 4 of the hint bench's deals, searches
two tricks deep of 8,104 and 11,411 nodes then finish in 2.5 and 1.6 s."""


DEFENDER_LEAST = 4
"""A defender's search on sampled deals is tried only when this many times its least cost (in solving units:
:func:`_least_horizon_cost`, over the cards it must search) fits in the work budget.  Measured two tricks deep
on 20 positions at tricks 2-6 of the hint bench's deals: a search that finished cost 3.7 to 79 times its
least, and none whose least was over a quarter of the 1,000,000-unit budget finished within it (five needed
1.8-4.9 million units), so trying them was work thrown away."""


def alphamu_basis(moves: int) -> Basis:
    ahead = "one move" if moves == 1 else f"{moves} moves"
    return Basis(f"αμ, M = {moves}", f"a search {ahead} of your side ahead without seeing the hidden cards, every "
                 f"card seen after that", "the figures are optimistic: a guess beyond the search horizon is counted "
                 "as right")


def horizon_basis(tricks: int, declaring: bool = True) -> Basis:
    deep = "one trick" if tricks == 1 else f"{tricks} tricks"
    return Basis(f"single-dummy search {deep} deep against the best defence, double dummy after",
                 f"a search {deep} deep without seeing the hidden cards {against(declaring)}, every card "
                 f"seen after that", "the figures are optimistic: after the tricks searched every guess is counted "
                 "as right")


def out_of_time_basis(seconds: float) -> Basis:
    return Basis(f"double dummy (PIMC; αμ did not finish in {seconds:g} s)",
                 f"{_SEEING}; the deeper search did not finish in {seconds:g} s", _EVERY_GUESS)


def out_of_work_basis(units: int) -> Basis:
    return Basis(f"double dummy (PIMC; αμ needed more than its {units:,} units of solving)",
                 f"{_SEEING}; the deeper search needed more solving than a hint may spend", _EVERY_GUESS)


@dataclass(frozen=True, eq=False)
class LineValues:
    """Every legal card's value for the side to move (see the module docstring).

    ``position``: the deals (trick-start hands) and their normalised weights; ``original``: the same
    deals' hands at the start of the play (what conditions speak of); ``layouts``: how many layouts
    are consistent with what the player saw.  Per run of equal cards (keyed by its lowest card):
    ``chance`` of the goal for the side to move, ``error`` (95% half-width, 0 when exact),
    ``success`` (per deal: 1.0 when the card's line reaches the goal there, fractional never),
    ``dd_tricks`` (declarer's side's mean double-dummy tricks, tricks won before included),
    ``dd_per_world`` (declarer's side's double-dummy tricks from this trick on, per deal; ``dd_tricks`` and
    ``dd_per_world`` only for the cards whose counts were solved: an estimate solves them only for the
    cards tied at the top, see :func:`_tied_best`, and for declarer every card when a suit may decide),
    ``dd_reached`` (per deal: declarer's side reaches ``goal_tricks`` double dummy; when absent, read from
    ``dd_per_world``) and ``plans``
    (exact only: the choices of the card's line, keyed by public state).  ``sampled``: the deals are a
    random sample of the layouts (else every layout, each with its probability).  ``narrowed``: the
    auction's constraints narrow the layouts further than ``layouts`` counts (the play alone; the deals
    are drawn from the narrower set, whose size is not counted); when the layouts are enumerated,
    ``layouts`` is their number with the constraints applied and ``narrowed`` is False.
    ``goal_tricks``: declarer's side's tricks from this trick on that the goal is about.  ``preferred``:
    among cards equal on chance and tricks, these come first (a suit reduction's deciding suit: a card
    of another suit only puts the suit's play off).  ``line_tricks``: the card's line's own expected
    tricks (declarer's side's, tricks won before included), when the method knows them (a suit
    reduction); ties on the chance are then broken on them rather than on double-dummy tricks.
    ``at_most``: cards whose ``chance`` is only an upper bound (a suit reduction's cards the suit does not
    decide); their ``success`` is unknown (zeros) and no condition is stated for them.
    ``reduction``: the suit reduction behind a ``SUIT_REDUCTION`` valuation.
    """

    method: Method
    exact: bool
    algorithm: str
    position: BridgePosition
    original: np.ndarray
    layouts: int
    runs: tuple[tuple[Card, ...], ...]
    declaring: bool
    goal_tricks: int
    chance: Mapping[Card, float] = field(default_factory=dict)
    error: Mapping[Card, float] = field(default_factory=dict)
    success: Mapping[Card, np.ndarray] = field(default_factory=dict)
    dd_tricks: Mapping[Card, float] = field(default_factory=dict)
    make: Mapping[Card, float] = field(default_factory=dict)
    plans: Mapping[Card, Mapping[PlayState, Card]] = field(default_factory=dict)
    dd_per_world: Mapping[Card, np.ndarray] = field(default_factory=dict)
    dd_reached: Mapping[Card, np.ndarray] = field(default_factory=dict)
    dd_over: Mapping[Card, np.ndarray] = field(default_factory=dict)
    """Declarer's: per deal, whether declarer's side makes an overtrick (the target plus one) double dummy
    (what a safety play gives up); when absent, read from ``dd_per_world``."""
    final: bool = True
    sampled: bool = False
    narrowed: bool = False
    preferred: frozenset[Card] = frozenset()
    line_tricks: Mapping[Card, float] = field(default_factory=dict)
    at_most: frozenset[Card] = frozenset()
    floor: Mapping[Card, float] = field(default_factory=dict)
    """For the cards it was found for (an estimate's best cards): the chance of one concrete line starting
    with the card, against best defence on the same deals — a lower bound, ``chance`` being an upper one."""
    reduction: SuitReduction | None = None
    """A suit reduction's suit problem and lines (its strategies are the cards' plans: :mod:`.suit_plan`)."""
    basis: Basis | None = None
    """The method in a player's words (None: ``algorithm`` is already plain words)."""

    def dd_goal(self, card: Card) -> np.ndarray:
        """Per deal: whether the goal is reached after ``card`` with every later guess right (double dummy)."""
        reached = self.dd_reached.get(card)
        makes = np.asarray(self.dd_per_world[card]) >= self.goal_tricks if reached is None else np.asarray(reached)
        return makes if self.declaring else ~makes

    def dd_overtrick(self, card: Card) -> np.ndarray:
        """Per deal: whether declarer's side takes the target plus one after ``card``, double dummy."""
        over = self.dd_over.get(card)
        return np.asarray(self.dd_per_world[card]) >= self.position.target + 1 if over is None else np.asarray(over)

    @property
    def worlds(self) -> int:
        return int(np.asarray(self.position.worlds).shape[0])

    @property
    def weights(self) -> np.ndarray:
        return np.asarray(self.position.weights, dtype=float)

    @property
    def reps(self) -> tuple[Card, ...]:
        return tuple(run[0] for run in self.runs)

    def run_of(self, card: Card) -> tuple[Card, ...]:
        for run in self.runs:
            if card in run:
                return run
        raise KeyError(f"card {card} is not a legal card here")


Update = Callable[[LineValues], None]


# --- deals and their weights ---------------------------------------------------------------------------


def _original_hands(view: BridgeView | None, worlds: np.ndarray) -> np.ndarray:
    """Every deal's hands at the start of the play (or of the ending): trick-start hands plus the cards
    each seat played in the tricks already completed (no view: the worlds are all there is)."""
    out = np.asarray(worlds, dtype=np.uint64).copy()
    if view is None:
        return out
    for trick in view.tricks:
        for k, card in enumerate(trick.cards):
            out[:, int(trick.leader.offset(k))] |= np.uint64(1 << card)
    return out


def _weighted(view: BridgeView, position: BridgePosition) -> BridgePosition:
    """The deals' weights times the likelihood of the cards seen (restricted choice), normalised."""
    plays = [(int(p.seat), int(p.card)) for p in view.plays()]
    prior = np.asarray(position.weights, dtype=float)
    weights = prior * record_likelihoods(position.worlds, plays)
    weights = weights / weights.sum()
    return replace(position, weights=tuple(float(w) for w in weights))


def weighted_deals(view: BridgeView, deals: int, rng: random.Random,
                   constraints: Mapping[Seat, OriginalHandConstraint] | None = None,
                   out_of_play: int = 0) -> BridgePosition:
    """The trick-start deals of ``view`` the way a hint weighs them: every consistent layout when there
    are at most ``deals``, else a sample of ``deals``, weighted by the likelihood of the cards seen."""
    return _weighted(view, position_from_view(view, deals, rng, constraints, exact_limit=deals,
                                              out_of_play=out_of_play))


def _error(success: np.ndarray, weights: np.ndarray) -> float:
    """95% half-width of a weighted mean of 0/1 outcomes over independently sampled deals (the weights
    being importance weights of a uniform sample)."""
    p = float(weights @ success)
    var = float(np.sum(weights ** 2 * (success - p) ** 2))
    return 1.96 * math.sqrt(var)


# --- the analysis ----------------------------------------------------------------------------------------


def line_values(
    view: BridgeView,
    budget: HintBudget = HintBudget(),
    *,
    rng: random.Random | None = None,
    constraints: Mapping[Seat, OriginalHandConstraint] | None = None,
    out_of_play: int = 0,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    on_update: Update | None = None,
    value_forced: bool = False,
) -> LineValues:
    """The values of ``view``'s legal cards (the deciding seat's view: declarer's for dummy's card).
    A forced card (one run of equal cards) is answered at once without figures, unless ``value_forced``
    (a review still wants the position's chance)."""
    if not view.legal_cards:
        raise ValueError(f"{view.seat.name.title()} is not the seat choosing the next card")
    rng = rng if rng is not None else random.Random(0)
    knowledge = knowledge_from_view(view, constraints, out_of_play)
    layouts = count_worlds(knowledge)  # the play alone: the auction's constraints are not counted
    narrowed = knowledge.has_constraints
    forced = _forced(view, out_of_play)
    if forced is not None and not value_forced:
        position = position_from_view(view, 1, rng, constraints, exact_limit=0, out_of_play=out_of_play)
        return replace(_forced_values(view, position, layouts, forced), narrowed=narrowed)
    start = time.perf_counter()
    if on_update is not None:  # a first look within a second, refined below (its own generator: the
        quick_rng = random.Random()  # final answer must not depend on whether anyone watched)
        quick_rng.setstate(rng.getstate())
        quick = _weighted(view, position_from_view(view, budget.first_worlds, quick_rng, constraints, exact_limit=0,
                                                   out_of_play=out_of_play))
        on_update(position_values(view, quick, layouts, Method.ESTIMATE, replace(budget, max_moves=1, alphamu_work=0),
                                  oracle=oracle, cancel=cancel.part(0.0, 0.05), final=False, narrowed=narrowed))
    enumerated = None
    if layouts <= budget.exact_layouts and not _exact_out_of_reach(view, layouts, budget, out_of_play):
        enumerated = _weighted(view, position_from_view(view, budget.exact_layouts, rng, constraints,
                                                        exact_limit=budget.exact_layouts, out_of_play=out_of_play))
        layouts, narrowed = len(enumerated.worlds), False  # every layout, the auction's constraints applied
        try:
            return position_values(view, enumerated, layouts, Method.EXACT, budget, oracle=oracle,
                                   cancel=cancel.part(0.05, 0.8), on_update=on_update)
        except SingleDummyBudget:
            pass  # too deep to solve exactly: estimate on the same deals (or a sample of them)
    if enumerated is not None and len(enumerated.worlds) <= budget.worlds:
        position, sampled = enumerated, False
    else:
        position, sampled = _weighted(view, position_from_view(view, budget.worlds, rng, constraints,
                                                               exact_limit=0, out_of_play=out_of_play)), True
    remaining = None if budget.time_limit is None else max(0.0, budget.time_limit - (time.perf_counter() - start))
    part = cancel.part(0.05 if enumerated is None else 0.8, 1.0)
    return position_values(view, position, layouts, Method.ESTIMATE, replace(budget, time_limit=remaining),
                           oracle=oracle, cancel=part, on_update=on_update, sampled=sampled, narrowed=narrowed,
                           knowledge=knowledge)


def _exact_out_of_reach(view: BridgeView, layouts: int, budget: HintBudget, out_of_play: int) -> bool:
    """Whether the exact search over every layout would certainly overrun its double-dummy budget before its
    first trick is searched, so that enumerating and solving every layout would be work thrown away (the
    estimate on sampled deals follows anyway).  The bound: when the contract can be neither made nor lost
    within the current trick (the side to move needs at least 2 of the ``t`` tricks left and not all of
    them), every layout is asked about at least once after each of the mover's cards, at a cost of at least
    ``max(1, t - 4)²`` units (see ``_Search._ask``); more than the ``QUESTIONS_PER_NODE`` units per node of
    ``exact_nodes`` the search may spend.  Measured at mid-hand of the hint bench: 12,870 layouts with 8 tricks
    left cost 1.4-1.7 s to solve before a search that gave up.  What the skipped enumeration could still have
    given: an exact 0% when no card reaches the contract in any layout even double dummy, or an exact search of
    another goal when every card is proven equal for the contract (:func:`_proven_equal`); the estimate says
    the same from its sample."""
    if budget.exact_nodes is None:
        return False
    cards = len(_runs(view, out_of_play))
    tricks_left = len(view.playing_hand)  # the mover has not played to the current trick
    need = view.contract.tricks_needed - view.declarer_tricks
    if not view.to_play.same_side(view.declarer):
        need = tricks_left - need + 1
    if not 2 <= need <= tricks_left - 1:
        return False
    return cards * layouts * max(1, tricks_left - 4) ** 2 > QUESTIONS_PER_NODE * budget.exact_nodes


def _runs(view: BridgeView, out_of_play: int) -> list:
    """The legal cards in runs of equal cards (no card still to be played lies between them)."""
    live = ~(view.played_cards.mask | out_of_play) & ((1 << 52) - 1)
    for c in view.current_trick.cards:
        live |= 1 << c
    return equivalence_buckets(view.legal_cards.mask, live)


def _forced(view: BridgeView, out_of_play: int) -> tuple[Card, ...] | None:
    """The run of equal cards when every legal card is in it (nothing to choose), else None."""
    runs = _runs(view, out_of_play)
    return tuple(runs[0]) if len(runs) == 1 else None


def _forced_values(view: BridgeView, position: BridgePosition, layouts: int, run: tuple[Card, ...]) -> LineValues:
    declaring = view.to_play.same_side(view.declarer)
    return LineValues(Method.FORCED, True, FORCED_BASIS.algorithm, position, _original_hands(view, position.worlds),
                      layouts, (run,), declaring, position.target, basis=FORCED_BASIS)


def _max_side(position: BridgePosition) -> tuple[tuple[int, ...], bool]:
    mover = position.to_move
    if mover.same_side(position.declarer):
        return (int(position.declarer), int(position.declarer.partner)), True
    return (int(mover),), False


def position_values(
    view: BridgeView | None,
    position: BridgePosition,
    layouts: int,
    method: Method,
    budget: HintBudget,
    *,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    on_update: Update | None = None,
    final: bool = True,
    sampled: bool | None = None,
    narrowed: bool = False,
    knowledge: WorldKnowledge | None = None,
) -> LineValues:
    """Value the cards over ``position``'s deals by ``method`` (EXACT raises
    :class:`~engine.search.single_dummy.SingleDummyBudget` when the search is too big).  ``view``: what
    the player saw, for the deals' original hands (None: the deals are all there is).  ``sampled``: whether
    the deals are a random sample (figures then carry a sampling error); by default, unless EXACT.
    ``knowledge`` (with ``view``, for an ESTIMATE): what the player knows of the layouts, so that a
    decision one suit settles goes to the exact suit solver (:mod:`.suit_reduction`) instead."""
    sampled = method is not Method.EXACT if sampled is None else sampled
    oracle = oracle if oracle is not None else default_oracle()
    seats, declaring = _max_side(position)
    runs = tuple(tuple(run) for run in card_runs(position))
    reps = [run[0] for run in runs]
    if method is Method.ESTIMATE and len(reps) > 1:  # exact counts only where needed (_tied_best)
        # declarer's side: the overtrick level too, for the safety play (bridge_hint._with_overlays)
        matrix = card_goal_matrix(position, oracle, cancel, levels=(position.target + 1,) if declaring else ())
        if not declaring:  # most often no search follows (see _defender_horizon): break double dummy's ties now
            matrix = matrix.solved(_tied_best({c: 1.0 - matrix.p_make(c) for c in reps}), position, oracle, cancel)
    else:
        matrix = card_tricks_matrix(position, oracle, cancel)
    tricks_left = int(np.asarray(position.worlds)[0, int(position.leader)]).bit_count()
    w = matrix.weights
    original = _original_hands(view, position.worlds)
    base = dict(position=position, original=original, layouts=layouts, runs=runs, declaring=declaring,
                final=final, narrowed=narrowed, **_dd_facts(position, matrix, reps))
    facts_from = matrix  # the matrix the counts in ``base`` come from
    goal = position.target
    if method is Method.ESTIMATE and view is not None and knowledge is not None and final:
        plays = [(int(p.seat), int(p.card)) for p in view.plays()]

        def every_count() -> dict[Card, np.ndarray]:
            """Every card's exact counts: asked for only when a suit may decide (find_suit_reduction)."""
            nonlocal matrix
            matrix = matrix.solved(reps, position, oracle, cancel)
            return {c: matrix.column(c) for c in reps}

        reduction = find_suit_reduction(position, reps, every_count, knowledge, plays,
                                        reached={c: matrix.makes(c) for c in reps} if declaring else None)
        if reduction is not None:
            result = _reduced_values(view, position, reduction, layouts, runs, declaring, tricks_left, narrowed)
            if result is not None:
                if on_update is not None:
                    on_update(result)
                return result
    def differing_level(chance: float) -> int | None:
        """Every card reaches the contract equally often (``chance``, the mover's): the first trick level
        where their double-dummy figures differ, above the contract when it is made, below when not (None:
        nowhere)."""
        nonlocal matrix
        matrix = matrix.solved(reps, position, oracle, cancel)  # every card's counts: the levels are compared
        made = chance > 0.5 if declaring else chance < 0.5
        for level in (range(goal + 1, tricks_left + 1) if made else range(goal - 1, 0, -1)):
            dd = [matrix.p_make(c, level) for c in reps]
            if max(dd) - min(dd) > 1e-9:
                return level
        return None

    equal = _proven_equal(position, matrix, method, budget, seats, declaring, goal, reps, oracle, cancel) \
        if len(reps) > 1 else None
    level = None if equal is None else differing_level(equal)
    if level is not None:  # the contract's figures are known without the search, and the goal moves on
        contract = {c: equal for c in reps}
        goal = level
        values = _value(position, matrix, method, budget, seats, declaring, goal, reps, oracle, cancel, sampled)
    else:
        values = _value(position, matrix, method, budget, seats, declaring, goal, reps, oracle, cancel, sampled)
        contract = values[0]
        if len(reps) > 1 and max(contract.values()) - min(contract.values()) <= 1e-9:
            level = differing_level(contract[reps[0]])
            if level is not None:
                goal = level
                values = _value(position, matrix, method, budget, seats, declaring, goal, reps, oracle, cancel,
                                sampled)
    chance, error, success, plans, basis, solved, find_floor = values
    floor = find_floor()  # only for the goal the figures are about (the contract's are dropped when all equal)
    if not matrix.exact_cards.issuperset(reps):  # the deeper search may have tied other cards at the top
        matrix = matrix.solved(_tied_best(chance), position, oracle, cancel)
    if matrix is not facts_from:  # more counts solved since
        base.update(_dd_facts(position, matrix, reps))
    base["dd_reached"] = {c: matrix.makes(c, goal) for c in reps}
    if declaring:
        base["dd_over"] = {c: matrix.makes(c, position.target + 1) for c in reps}
    if method is Method.EXACT and not solved:
        method = Method.ESTIMATE  # the exact search stopped short of the end of the play
    make = {c: (contract[c] if declaring else 1.0 - contract[c]) for c in reps}
    result = LineValues(method, method is Method.EXACT, basis.algorithm, goal_tricks=goal, chance=chance, error=error,
                        success=success, make=make, plans=plans, sampled=sampled, basis=basis, floor=floor,
                        **base)  # type: ignore[arg-type]
    if on_update is not None:
        on_update(result)
    return result


def _tied_best(chance: Mapping[Card, float]) -> list[Card]:
    """The cards tied on ``chance`` with the best, when there are several (else none): the cards whose exact
    double-dummy tricks an estimate solves, since the tie-break is on them.  Every card's chance
    rests on one make-or-fail test per deal at the goal; the exact counts cost far more.  Measured on the hint
    bench's three opening leads (200 deals, two threads, the whole hint's wall time, every chance the same):
    with every card's counts 17.3, 20.0 and 21.0 s; with the tests at the goal and the counts of the four best
    cards 8.4, 12.8 and 17.3 s; with the counts of the tied cards only (two, two and none) 5.5, 7.1 and 4.3 s.
    At trick 2 as declarer, the hint bench's three positions took 7.3, 6.5 and 2.5 s with every card's counts,
    3.5, 6.4 and 2.1 s with the tests (the target and one overtrick, for the safety play) and the counts only
    where needed (a suit the tests cannot rule out: :func:`~.suit_reduction.find_suit_reduction`).
    A card's expected tricks alone say little: they are shown where cards are compared on them."""
    best = max(chance.values())
    tied = [c for c in chance if chance[c] >= best - 1e-9]
    return tied if len(tied) > 1 else []


def _dd_facts(position: BridgePosition, matrix: WorldsMatrix, reps: Sequence[Card]) -> dict[str, dict]:
    """The double-dummy counts of the cards the matrix knows exactly: mean tricks (tricks won before
    included) and tricks per deal."""
    exact = matrix.exact_cards
    known = [c for c in reps if c in exact]
    return {"dd_tricks": {c: position.offset + matrix.expected_tricks(c) for c in known},
            "dd_per_world": {c: matrix.column(c) for c in known}}


def _value(position: BridgePosition, matrix: WorldsMatrix, method: Method, budget: HintBudget,
           seats: tuple[int, ...], declaring: bool, goal: int, reps: Sequence[Card], oracle: DoubleDummyOracle,
           cancel: CancelToken, sampled: bool):
    """(chance, error, success, plans, basis, solved, floor) per card for the side to move reaching ``goal``
    (declarer's side's tricks from this trick on; a defender's goal is to hold declarer below it).
    ``solved``: the figures are exact (the EXACT search reached the end of the play); ``floor``: finds, for
    the cards it is found for, the chance of a concrete line (a lower bound: :func:`_line_floors`) — called
    only for the goal kept."""
    w = matrix.weights
    tricks_left = int(np.asarray(position.worlds)[0, int(position.leader)]).bit_count()

    def dd_success(card: Card) -> np.ndarray:
        return _dd_success(matrix, card, goal, declaring)

    if goal <= 0 or goal > tricks_left:  # decided whatever is played
        reached = goal <= 0
        mine = reached if declaring else not reached
        ones = np.full(len(w), 1.0 if mine else 0.0)
        return ({c: float(mine) for c in reps}, {c: 0.0 for c in reps}, {c: ones for c in reps}, {},
                DECIDED_BASIS, True, _NO_FLOOR)
    exact_basis = EXACT_BASIS if declaring else replace(EXACT_BASIS, words=EXACT_BASIS.words.replace(
        against(True), against(False)))
    if method is Method.EXACT and all(float(w @ dd_success(c)) <= 1e-12 for c in reps):
        # seeing every card, no card reaches the goal in any layout, so no line does: exact without a search
        zeros = np.zeros(len(w))
        return ({c: 0.0 for c in reps}, {c: 0.0 for c in reps}, {c: zeros for c in reps}, {}, NOWHERE_BASIS,
                True, _NO_FLOOR)
    if method is Method.EXACT:
        target = goal if declaring else tricks_left - goal + 1
        game = BridgePlayGame(position.worlds, position.weights, position.strain, int(position.leader),
                              position.trick, seats, target, oracle, cancel)
        result = deepening_single_dummy(game, budget.exact_nodes, budget.exact_time)
        n = len(w)
        chance, success, plans = {}, {}, {}
        for c in reps:
            bits = result.sets[c]
            vec = _members(bits, n)
            success[c] = vec
            chance[c] = float(w @ vec)
            plans[c] = result.plans.get(c, {})
        if result.horizon is None:
            return chance, {c: 0.0 for c in reps}, success, plans, exact_basis, True, _NO_FLOOR
        error = {c: _error(success[c], w) if sampled else 0.0 for c in reps}
        # a search that stops before the mover's next card sees no more than double dummy: say so
        shallow = result.horizon < first_informative_horizon(game)
        floor = _NO_FLOOR if sampled else (lambda: _line_floors(game, result.plans, chance, reps, budget))
        return (chance, error, success, plans, PIMC_BASIS if shallow else horizon_basis(result.horizon, declaring),
                False, floor)
    success = {c: dd_success(c) for c in reps}
    basis = PIMC_BASIS
    if not declaring:
        found = _defender_horizon(position, goal, tricks_left, seats, reps, budget, oracle, cancel, success)
        if found is not None:
            success, basis = found
    elif budget.max_moves > 1:
        deadline = None if budget.time_limit is None else time.perf_counter() + budget.time_limit
        solving = SolvingBudget(budget.alphamu_work)
        raised = replace(position, target=goal)
        token = cancel if deadline is None else cancel.until(deadline)

        roots = _root_choice(w, success, reps, budget)

        def alphamu_at(moves: int) -> dict[Card, np.ndarray]:
            found: dict[Card, float] = {}
            deeper = dict(success)
            for c in roots.order:
                if roots.cut(c, found):
                    break  # αμ never rates a card above its double-dummy chance: this one cannot enter the top
                line = alphamu_outcomes(raised, moves, [c], oracle, token, solving)[c]
                deeper[c] = np.asarray(line.outcome, dtype=float)
                found[c] = float(w @ deeper[c])
            return deeper

        # M as deep as the position needs and the budget allows: from max_moves up to deepest_moves (never
        # past the side's moves left, where αμ has no horizon), one level more only while the last level's
        # cost times DEEPEN_GROWTH fits in what is left of the budget (the same units on every machine)
        last = min(max(budget.max_moves, budget.deepest_moves), 2 * tricks_left)
        done: tuple[dict[Card, np.ndarray], int] | None = None
        for moves in range(budget.max_moves, max(budget.max_moves, last) + 1):
            before = solving.spent
            try:
                done = (alphamu_at(moves), moves)
            except SolvingBudgetExceeded:
                if done is None:
                    basis = out_of_work_basis(budget.alphamu_work or 0)
                break
            except Cancelled:
                cancel.check()  # the user's stop goes on up; the time limit leaves the last finished level
                if done is None:
                    basis = out_of_time_basis(budget.time_limit or 0.0)
                break
            cost = solving.spent - before
            if budget.alphamu_work is not None and DEEPEN_GROWTH * cost > budget.alphamu_work - solving.spent:
                break
        if done is not None:
            success, basis = done[0], alphamu_basis(done[1])
    chance = {c: float(w @ success[c]) for c in reps}
    error = {c: _error(success[c], w) if sampled else 0.0 for c in reps}
    return chance, error, success, {}, basis, False, _NO_FLOOR


def _dd_success(matrix: WorldsMatrix, card: Card, goal: int, declaring: bool) -> np.ndarray:
    """1.0 in each deal where the side to move reaches ``goal`` after ``card`` seeing every card, else 0.0 (an
    upper bound on every line starting with the card)."""
    makes = matrix.makes(card, goal)
    return (makes if declaring else ~makes).astype(float)


def _NO_FLOOR() -> dict[Card, float]:
    return {}


FLOOR_NODE_SHARE = 20
"""The floors of a hint (:func:`_line_floors`) share this fraction of the exact search's nodes (and its solving
units per node): measured at mid-hand, a floor over thousands of layouts with 8 tricks left needs more than a
fifth of the exact budget, and one that does not fit must cost little (it is work thrown away)."""

FLOOR_LEAST_NODES = 2_000
"""A floor may always search this many nodes (well under a second): a small position's floor is cheap even
when the exact search's budget was cut."""

FLOOR_CARDS = 2
"""Floors are sought for this many cards, best upper figure first: the recommended card, and the runner-up
(so that the hint can tell whether the recommendation is proven)."""


def _line_floors(game: BridgePlayGame, plans: Mapping[Card, Mapping[PlayState, Card]],
                 chance: Mapping[Card, float], reps: Sequence[Card], budget: HintBudget) -> dict[Card, float]:
    """For the best cards by their (upper) figure: the chance of a concrete line starting with the card
    against best defence (:func:`~engine.search.line_floor.line_floors`), a lower bound of the best line's
    chance — the searched line, then Monte-Carlo play, and when that falls short of the upper figure,
    Monte-Carlo play from the start too (the better of the two counts).  One budget for them all: the cards
    it does not reach get no floor."""
    nodes = None if budget.exact_nodes is None else max(FLOOR_LEAST_NODES, budget.exact_nodes // FLOOR_NODE_SHARE)
    lines: list[tuple[Card, Mapping[PlayState, Card]]] = []
    for card in sorted(reps, key=lambda c: -chance[c])[:FLOOR_CARDS]:
        lines += [(card, plans.get(card, {})), (card, {})]
    out: dict[Card, float] = {}
    for found in line_floors(game, lines, node_limit=nodes, enough=chance):
        out[found.card] = max(out.get(found.card, 0.0), found.chance)
    return out


EQUAL_PROOF_SHARE = 15
"""The lines that prove every card equal (:func:`_proven_equal`) may search this fraction of the exact search's
nodes (at least :data:`FLOOR_LEAST_NODES`): when the proof fails, the search runs anyway, so it must cost little."""


def _proven_equal(position: BridgePosition, matrix: WorldsMatrix, method: Method, budget: HintBudget,
                  seats: tuple[int, ...], declaring: bool, goal: int, reps: Sequence[Card],
                  oracle: DoubleDummyOracle, cancel: CancelToken) -> float | None:
    """The chance (the mover's) with which every card reaches ``goal``, when that is proven without the search
    of the goal, else None.  Seeing every card bounds every line from above: when each card's double-dummy
    figure is 0, so is every line's, whatever the method.  When the figures are equal and, over every layout
    (EXACT), a concrete line starting with each card reaches its card's figure against best defence
    (:func:`~engine.search.line_floor.line_floors`), that figure is each card's exact chance.  Either way the
    search of the goal could only find the cards equal (a hint then moves on to the tricks where they differ),
    and in endings where the contract is settled that search was half the hint's time."""
    tricks_left = int(np.asarray(position.worlds)[0, int(position.leader)]).bit_count()
    if goal <= 0 or goal > tricks_left:
        return None  # decided whatever is played: answered at once anyway
    w = matrix.weights
    dd = {c: float(w @ _dd_success(matrix, c, goal, declaring)) for c in reps}
    if max(dd.values()) - min(dd.values()) > 1e-9:
        return None
    common = dd[reps[0]]
    if common <= 1e-12:
        return 0.0
    if method is not Method.EXACT:
        return None
    target = goal if declaring else tricks_left - goal + 1
    game = BridgePlayGame(position.worlds, position.weights, position.strain, int(position.leader),
                          position.trick, seats, target, oracle, cancel)
    nodes = None if budget.exact_nodes is None else max(FLOOR_LEAST_NODES, budget.exact_nodes // EQUAL_PROOF_SHARE)
    weights = tuple(float(x) for x in w)
    reached = {c: -1.0 for c in reps}
    for found in line_floors(game, [(c, {}) for c in reps], node_limit=nodes, enough=dd, require=dd):
        reached[found.card] = max(reached[found.card], weight_of(found.won, weights))
    return common if all(reached[c] >= dd[c] - 1e-9 for c in reps) else None


def _defender_horizon(position: BridgePosition, goal: int, tricks_left: int, seats: tuple[int, ...],
                      reps: Sequence[Card], budget: HintBudget, oracle: DoubleDummyOracle, cancel: CancelToken,
                      dd: Mapping[Card, np.ndarray]) -> tuple[dict[Card, np.ndarray], Basis] | None:
    """A defender's cards valued by the single-dummy search on the sampled deals, as many tricks deep as
    the node budget allows (partner, who sees the deal, plays the card best for the defence; declarer the
    worst): (success per card, basis), or None when not even the first trick that holds another card of
    the defender's fits (the double-dummy figures then stand, and say so).  As αμ's root loop does, the
    cards are searched best double-dummy figure first (``dd``: success per deal), and a card whose
    double-dummy figure cannot enter the top :attr:`HintBudget.candidates` is not searched: it keeps its
    double-dummy figure, an upper bound as the others are."""
    roots = _root_choice(np.asarray(position.weights, dtype=float), dd, reps, budget)
    work = budget.alphamu_work
    if work is not None and DEFENDER_LEAST * _least_horizon_cost(position, roots.order[:roots.keep]) > work:
        return None  # it would overrun the budget (see DEFENDER_LEAST)
    game = BridgePlayGame(position.worlds, position.weights, position.strain, int(position.leader),
                          position.trick, seats, tricks_left - goal + 1, oracle, cancel)
    try:
        nodes = None if budget.exact_nodes is None else budget.exact_nodes // ESTIMATE_NODE_SHARE
        result = deepening_single_dummy(game, nodes, budget.exact_time,
                                        first=first_informative_horizon(game), solving_limit=work,
                                        growth=DEEPEN_GROWTH, roots=roots)
    except SingleDummyBudget:
        return None
    n = len(position.weights)
    success = {c: _members(result.sets[c], n) if c in result.sets else dd[c] for c in reps}
    return success, (EXACT_ON_SAMPLE_BASIS if result.horizon is None else horizon_basis(result.horizon, False))


def _root_choice(weights: np.ndarray, dd: Mapping[Card, np.ndarray], reps: Sequence[Card],
                 budget: HintBudget) -> RootChoice:
    """The cards a deeper search values (αμ's, a defender's): best double-dummy chance first (``dd``: success
    per deal), leaving out a card that cannot enter the top :attr:`HintBudget.candidates`."""
    bounds = {c: float(weights @ dd[c]) for c in reps}
    return RootChoice(tuple(sorted(reps, key=lambda c: -bounds[c])), bounds, budget.candidates)


def _members(bits: int, n: int) -> np.ndarray:
    """1.0 for each of ``n`` deals in the set ``bits``, else 0.0."""
    return np.array([(bits >> i) & 1 for i in range(n)], dtype=float)


def _least_horizon_cost(position: BridgePosition, reps: Sequence[Card]) -> int:
    """A lower bound on a defender's search two tricks deep, in solving units: after each of the
    defender's cards, every way the other seats can complete the trick in every deal leads to a state whose
    deals are solved at the next trick's start (one deal solved with ``t`` tricks left costs
    ``max(1, t - 3)²``, as :class:`~engine.search.bridge_game.SolvingBudget` counts)."""
    hands = np.asarray(position.worlds, dtype=np.uint64)
    leader = int(position.leader)
    tricks_left = int(hands[0, leader]).bit_count()
    completions = 0.0
    for card in reps:
        trick = (*position.trick, card)
        led = np.uint64(SUIT_MASKS[trick[0] // 13])
        ways = np.ones(len(hands))
        for k in range(len(trick), 4):
            held = hands[:, (leader + k) & 3]
            follow = np.bitwise_count(held & led).astype(float)
            ways *= np.where(follow > 0, follow, np.bitwise_count(held).astype(float))
        completions += float(ways.sum())
    return int(completions * max(1, tricks_left - 4) ** 2)


def _reduced_values(view: BridgeView, position: BridgePosition, reduction: SuitReduction, layouts: int,
                    runs: tuple[tuple[Card, ...], ...], declaring: bool, tricks_left: int,
                    narrowed: bool) -> LineValues | None:
    """The cards valued by the exact suit solver (:mod:`.suit_reduction`), over one deal per layout of the
    deciding suit; a card the suit does not decide gets its upper bound (``at_most``).  The goal moves to
    the first trick level where the cards differ, as for the others.  None when no card is decided by the
    suit, or a bound exceeds the best decided card's chance (that card might be the better one)."""
    reps = [run[0] for run in runs]
    n = len(reduction.wests)

    def at(level: int) -> tuple[dict[Card, tuple[float, np.ndarray, float, float]], set[Card]]:
        open_ = {c for c in reps if not reduction.decides(c, level)}
        out = {c: reduction.line(c, level) for c in reps if c not in open_}
        for c in open_:  # success unknown per layout: the conditions leave these cards out
            out[c] = (reduction.bound(c, level), np.zeros(n), 0.0, float("nan"))
        return out, open_

    goal = position.target
    lines, unresolved = at(goal)
    contract = {c: lines[c][0] for c in reps}
    resolved = [c for c in reps if c not in unresolved]
    if not resolved:
        return None
    if len(resolved) > 1 and max(contract[c] for c in resolved) - min(contract[c] for c in resolved) <= 1e-9:
        made = contract[resolved[0]] > 0.5
        for level in (range(goal + 1, tricks_left + 1) if made else range(goal - 1, 0, -1)):
            trial, trial_open = at(level)
            kept = [c for c in reps if c not in trial_open]
            if kept and max(trial[c][0] for c in kept) - min(trial[c][0] for c in kept) > 1e-9:
                goal, lines, unresolved, resolved = level, trial, trial_open, kept
                break
    best = max(lines[c][0] for c in resolved)
    if any(lines[c][0] > best + 1e-12 for c in unresolved):
        return None
    reduced = replace(position, worlds=reduction.deals, weights=tuple(float(w) for w in reduction.weights))
    mask = np.uint64(SUIT_MASKS[reduction.suit])
    original = _original_hands(view, reduction.deals) & mask  # conditions speak of the deciding suit only
    w = reduction.weights
    suit = SUIT_NAMES[reduction.suit]
    weighed = (f"each weighted by its share of the {reduction.checked} sampled deals that fit the auction"
               if reduction.sampled else "each weighted by what you have seen")
    algorithm = (f"the exact single-suit solver for the {suit}, best defence, every layout of the outstanding "
                 f"{suit} ({weighed}); the other suits give the same tricks whatever the {suit} do (checked by "
                 f"double dummy on {reduction.checked} sampled deals)")
    exact = all(lines[c][2] == 0.0 for c in reps) and not unresolved and not reduction.sampled
    dd_per_world = {c: reduction.dd(c, goal) for c in resolved}
    dd_tricks = {c: position.offset + float(w @ dd_per_world[c]) for c in resolved}
    for c in unresolved:  # the sampled deals' mean, and no per-layout figure: the suit does not decide it
        dd_tricks[c] = position.offset + float(reduction.sample_weights @ reduction.sample_dd[c])
        dd_per_world[c] = np.full(n, -1, dtype=np.int64)
    return LineValues(
        Method.SUIT_REDUCTION, exact, algorithm, reduced, original, layouts, runs, declaring, goal,
        chance={c: lines[c][0] for c in reps}, error={c: lines[c][2] for c in reps},
        success={c: lines[c][1] for c in reps}, dd_tricks=dd_tricks,
        make={c: contract[c] for c in reps}, plans={}, dd_per_world=dd_per_world, final=True,
        sampled=reduction.sampled, narrowed=narrowed, preferred=frozenset(c for c in resolved if c // 13 == reduction.suit),
        line_tricks={c: position.offset + lines[c][3] for c in resolved}, at_most=frozenset(unresolved),
        reduction=reduction, basis=Basis(algorithm, algorithm))
