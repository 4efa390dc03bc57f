"""Per-world, per-card results of one bridge decision: the raw facts every hint sentence rests on.

:func:`card_tricks_matrix` gives, for every legal card of the seat to move and
every world, the double-dummy tricks of declarer's side from the start of the
current trick (what PIMC averages).  :func:`alphamu_outcomes` gives, for the
declaring side, the per-world make (1) / fail (0) vector of the line αμ picks
after each card: one card choice for all worlds over the next ``M`` declarer
decisions (no strategy fusion there), double-dummy below.  The hint layer
describes *sets of worlds* taken from these arrays, so the arrays are exposed
rather than only their means (which is all :func:`engine.analysis.bridge.analyse_position`
returns).

:func:`card_goal_matrix` is the cheaper start of the same matrix: one make-or-fail
test per card and world at the goal (on 40 deals of each of the hint bench's
three opening leads, 5 to 11 times cheaper than every card's exact counts), the
counts themselves then solved only for the cards that need them
(:meth:`WorldsMatrix.solved`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

import numpy as np

from ..analysis.bridge import BridgePosition
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card, card_str
from ..search.alphamu import AlphaMuOptions, AlphaMuSearch
from ..search.bridge_game import BridgePlayGame, SolvingBudget, equivalence_buckets, legal_mask
from ..search.pareto import best_option, realised_choices
from ..solvers.oracle import ALL_CARDS, DoubleDummyOracle
from ..solvers.solver_oracle import default_oracle

__all__ = ["WorldsMatrix", "AlphaMuLine", "card_tricks_matrix", "card_goal_matrix", "alphamu_outcomes",
           "card_runs", "Unresolved"]


class Unresolved(LookupError):
    """A question the matrix cannot answer from what was solved: a card's exact counts, or a trick level
    between the bounds of some deal (see :meth:`WorldsMatrix.solved`)."""


@dataclass(frozen=True, eq=False)
class WorldsMatrix:
    """Double-dummy tricks per world and legal card, from declarer's side.

    ``tricks[i, j]`` = tricks declarer's side takes from the start of the current
    trick in world ``i`` after card ``cards[j]`` (best play by everyone afterwards,
    each world solved with all hands open).  ``target`` = tricks declarer's side
    needs counting this trick; ``declaring`` tells whether the seat to move is on
    declarer's side (otherwise its goal is to hold declarer below ``target``).

    ``high`` (None: equal to ``tricks``) makes the matrix one of bounds: declarer's side takes between
    ``tricks[i, j]`` and ``high[i, j]`` tricks.  A column whose bounds meet in every world is exact
    (:attr:`exact_cards`); a question the bounds do not settle raises :class:`Unresolved`, never a guess.
    """

    cards: tuple[Card, ...]
    tricks: np.ndarray
    weights: np.ndarray
    target: int
    declaring: bool
    high: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.tricks.shape != (len(self.weights), len(self.cards)):
            raise ValueError(f"tricks has shape {self.tricks.shape}, expected ({len(self.weights)}, {len(self.cards)})")
        if self.high is not None and (self.high.shape != self.tricks.shape or (self.high < self.tricks).any()):
            raise ValueError("high must have the shape of tricks and lie at or above it")

    @property
    def n_worlds(self) -> int:
        return int(self.tricks.shape[0])

    @property
    def exact_cards(self) -> frozenset[Card]:
        """The cards whose counts are exact in every world."""
        if self.high is None:
            return frozenset(self.cards)
        same = (self.high == self.tricks).all(axis=0)
        return frozenset(c for c, s in zip(self.cards, same) if s)

    def _index(self, card: Card) -> int:
        try:
            return self.cards.index(card)
        except ValueError:
            raise KeyError(f"{card_str(card)} is not a legal card here") from None

    def column(self, card: Card) -> np.ndarray:
        j = self._index(card)
        if self.high is not None and (self.high[:, j] != self.tricks[:, j]).any():
            raise Unresolved(f"{card_str(card)}'s tricks were solved only against a level, not exactly")
        return self.tricks[:, j]

    def makes(self, card: Card, level: int | None = None) -> np.ndarray:
        """Boolean per world: declarer's side reaches ``level`` tricks (default: the target)."""
        level = self.target if level is None else level
        j = self._index(card)
        low = self.tricks[:, j] >= level
        if self.high is not None and (low != (self.high[:, j] >= level)).any():
            raise Unresolved(f"whether {card_str(card)} reaches {level} tricks was not solved in every deal")
        return low

    def p_make(self, card: Card, level: int | None = None) -> float:
        return float(self.weights[self.makes(card, level)].sum())

    def expected_tricks(self, card: Card) -> float:
        return float((self.column(card) * self.weights).sum())

    def solved(self, cards: Sequence[Card], position: BridgePosition, oracle: DoubleDummyOracle | None = None,
               cancel: CancelToken = NEVER) -> "WorldsMatrix":
        """This matrix with the exact counts of ``cards`` (of ``position``'s deals, the ones it was made from)."""
        exact_before = self.exact_cards
        todo = [c for c in cards if c not in exact_before]
        if not todo:
            return self
        exact = card_tricks_matrix(position, oracle, cancel, only=todo)
        low, high = self.tricks.copy(), (self.tricks if self.high is None else self.high).copy()
        for c in todo:
            j = self._index(c)
            col = exact.column(c)
            if (col < low[:, j]).any() or (col > high[:, j]).any():
                raise RuntimeError(f"{card_str(c)}: the exact counts contradict the bounds solved before")
            low[:, j] = high[:, j] = col
        return replace(self, tricks=low, high=high)


def card_runs(position: BridgePosition) -> list[list[Card]]:
    """The legal cards of the seat to move, grouped into runs of equivalent cards (ascending)."""
    hands = [int(x) for x in position.worlds[0]]
    mover = int(position.to_move)
    live = hands[0] | hands[1] | hands[2] | hands[3]
    legal = legal_mask(hands[mover], position.trick)
    return equivalence_buckets(legal, live)


def _legal_cards(position: BridgePosition) -> list[Card]:
    return sorted({c for run in card_runs(position) for c in run})


def _checked(cols: np.ndarray, legal: Sequence[Card]) -> None:
    if (cols < 0).any():
        bad = legal[int(np.argwhere(cols < 0)[0][1])]
        raise ValueError(f"{card_str(bad)} is not legal in every world: the worlds disagree on the mover's hand")


def _matrix_worlds(position: BridgePosition) -> np.ndarray:
    worlds = np.asarray(position.worlds, dtype=np.uint64).reshape(-1, 4)
    if worlds.shape[0] == 0:
        raise ValueError("a position needs at least one world")
    return worlds


def _weights(position: BridgePosition) -> np.ndarray:
    weights = np.asarray(position.weights, dtype=float)
    return weights / weights.sum()


def card_tricks_matrix(position: BridgePosition, oracle: DoubleDummyOracle | None = None,
                       cancel: CancelToken = NEVER, only: Sequence[Card] | None = None) -> WorldsMatrix:
    """Solve every world once (all legal cards at a time, or the cards ``only``: the matrix then has those
    columns alone) and turn the counts to declarer's side."""
    oracle = oracle if oracle is not None else default_oracle()
    worlds = _matrix_worlds(position)
    legal = _legal_cards(position) if only is None else sorted(only)
    mask = ALL_CARDS if only is None else sum(1 << c for c in legal)
    out = np.asarray(oracle.batch_tricks_per_card(worlds, position.strain, int(position.leader), position.trick,
                                                  cards=mask, cancel=cancel, homes=range(len(worlds))))
    declaring = position.to_move.same_side(position.declarer)
    tricks_left = int(worlds[0, int(position.leader)]).bit_count()
    cols = out[:, legal].astype(np.int64)
    _checked(cols, legal)
    if not declaring:
        cols = tricks_left - cols
    return WorldsMatrix(tuple(legal), cols, _weights(position), position.target, declaring)


def card_goal_matrix(position: BridgePosition, oracle: DoubleDummyOracle | None = None,
                     cancel: CancelToken = NEVER, levels: Sequence[int] | None = None) -> WorldsMatrix:
    """The matrix of bounds that settles, for every legal card and world, whether declarer's side reaches
    the target (and each of ``levels``, declarer's side's trick counts: default the target alone): one
    null-window test each (declarer's side takes ``>= level`` tricks, or ``< level``)."""
    oracle = oracle if oracle is not None else default_oracle()
    worlds = _matrix_worlds(position)
    legal = _legal_cards(position)
    declaring = position.to_move.same_side(position.declarer)
    tricks_left = int(worlds[0, int(position.leader)]).bit_count()
    target = position.target
    low = np.zeros((len(worlds), len(legal)), dtype=np.int64)
    high = np.full((len(worlds), len(legal)), tricks_left, dtype=np.int64)
    for level in sorted({target, *(levels or ())}):
        if not 0 < level <= tricks_left:
            continue  # reached in every deal (at most 0 tricks), or in none: nothing to settle
        need = level if declaring else tricks_left - level + 1  # the mover's side: the level, or beating it
        out = np.asarray(oracle.batch_reach_per_card(worlds, position.strain, int(position.leader), position.trick,
                                                     need, cancel=cancel, homes=range(len(worlds))))
        cols = out[:, legal].astype(np.int64)
        _checked(cols, legal)
        reached = cols == 1 if declaring else cols == 0  # declarer's side reaches the level
        low = np.where(reached, np.maximum(low, level), low)
        high = np.where(reached, high, np.minimum(high, level - 1))
    if (high < low).any():
        raise RuntimeError("the make-or-fail tests at different levels contradict each other")
    return WorldsMatrix(tuple(legal), low, _weights(position), target, declaring, high)


@dataclass(frozen=True, eq=False)
class AlphaMuLine:
    """αμ's best line after one root card: its per-world outcome (1.0 make, 0.0 fail) and the
    declaring side's planned cards later in the *same* trick, keyed by the cards played after
    the root card (e.g. ``{(West's card,): North's card}`` after a lead from South)."""

    card: Card
    outcome: np.ndarray
    replies: Mapping[tuple[Card, ...], Card] = field(default_factory=dict)


def alphamu_outcomes(
    position: BridgePosition,
    max_moves: int,
    cards: Sequence[Card] | None = None,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    solving: SolvingBudget | None = None,
) -> dict[Card, AlphaMuLine]:
    """αμ's best line after each card (declarer's side): per-world outcome and the plan in this trick.
    ``solving``: the double-dummy work the search may spend (:class:`~engine.search.bridge_game.SolvingBudget`).

    The root card is the first of the ``max_moves`` MAX moves; the search below it
    uses ``max_moves - 1`` (exactly what :func:`engine.analysis.bridge.analyse_position`
    does for its αμ values, whose p_make is the weighted mean of these vectors).
    With ``max_moves == 1`` the vectors are the double-dummy make/fail per world.
    """
    if max_moves < 1:
        raise ValueError(f"max_moves (M) must be at least 1, got {max_moves}")
    mover = position.to_move
    if not mover.same_side(position.declarer):
        raise ValueError("αμ outcomes are for the declaring side; a defender is valued with PIMC")
    seats = (int(position.declarer), int(position.declarer.partner))
    game = BridgePlayGame(position.worlds, position.weights, position.strain, int(position.leader),
                          position.trick, seats, position.target, oracle if oracle is not None else default_oracle(),
                          cancel, solving)
    root = game.root()
    worlds = game.root_worlds()
    weights = np.asarray(game.weights, dtype=float)
    chosen = list(cards) if cards is not None else [run[0] for run in card_runs(position)]
    options = AlphaMuOptions(max_moves=max_moves - 1, iterative_deepening=True, transposition_table=True,
                             early_cut=True, root_cut=True, star_cut=True)
    out: dict[Card, AlphaMuLine] = {}
    prefix = len(root.trick) + 1
    for card in chosen:
        child = game.play(root, card)
        replies: dict[tuple[Card, ...], Card] = {}
        if game.is_terminal(child):
            vec = [game.payoff(child, w) for w in worlds]
        elif max_moves == 1:
            vec = [game.evaluate(child, w) for w in worlds]
        else:
            front, _ = AlphaMuSearch(game, options).run(child, worlds)
            vec, provenance = best_option(front, weights)[1]
            choices, _ = realised_choices(provenance)
            for state, move in choices.items():
                if state.done == 0 and len(state.trick) > prefix and state.trick[:prefix] == root.trick + (card,):
                    replies[tuple(state.trick[prefix:])] = int(move)
        out[card] = AlphaMuLine(card, np.array([0.0 if v is None else float(v) for v in vec]), replies)
    return out
