"""A whole-deal decision handed to the exact single-suit solver, when one suit decides it.

Early in a hand the consistent layouts run to hundreds of thousands and no exact
search over whole deals fits; sampled deals searched a few moves deep count later
guesses as right.  Often, though, one suit decides: seven spades with AKJ32 opposite
7654 is a spade problem, whatever the other suits hold.  Then the exact suit solver
(:mod:`engine.suits.exact`, best defence, every layout of the outstanding cards)
gives the true single-dummy chance of every line, and so of every card.

**The rule, checked and never assumed.**  Declarer's side is on lead.  For a suit
``X`` whose outstanding cards the defenders hold, and a card ``c``: after ``c``,
double dummy reaches the goal in a sampled deal exactly when ``F_c`` plus the
double-dummy tricks of ``X`` alone on that deal's layout of it reach it — ``X`` led
by ``c`` when ``c`` is a card of ``X``, else from whichever hand does better (a card
of another suit only puts ``X`` off: both hands can lead it later).  ``F_c``, the
other suits' tricks, is the one number that fits the most sampled deals (weighted);
``X`` decides ``c`` when it fits all but at most :data:`MAX_DEVIATION` of them (a side
card a defender may ruff, a squeeze double dummy finds in a rare layout) and is no
more than the other suits' sure tricks (more would come from a squeeze, an endplay
or a guess that double dummy makes by seeing the other suits' cards).  The first
suit (trumps first) whose own tricks vary with its layout and that decides some
card is taken; when none does there is no reduction (two suits deciding together,
a side suit whose play tells declarer how to play this one, entries that run out)
and the hint estimates.

A card ``X`` decides gets the exact chance of the best suit line after it for
``goal - F_c``; when ``F_c`` does not fit every sampled deal, the figure carries an
error bound: the share of deals where it does not fit, at the top of its 95%
sampling interval.  A card ``X`` does not decide (leading a loser that lets the
defenders knock out an entry) is given as *at most* its double-dummy chance (upper
end of its sampling interval), and the reduction stands only when that bound does
not exceed the best decided card's chance: no such card can be the better one.

**The suit problem** is the suit as it stands: declarer's two holdings (his hand
as South, dummy as North), the cards already played gone, and each layout of the
outstanding cards weighted as in the deal: the sum over every consistent deal with
that layout (vacant places, voids shown) of the likelihood of the cards the
defenders chose among equals (restricted choice,
:func:`engine.worlds.likelihood.record_likelihoods`, in every suit: the same
weights the exact method gives the deals).  When the auction narrows the deals
they cannot be counted so: the layouts are then weighed by the sampled deals (drawn
from the narrowed deals), and every chance carries the sample's 95% error.  The value of a card of ``X`` is the
best line that starts with it; of another card, the best line from either hand;
each for the ``goal - F_c`` tricks the suit must provide.

What the reduction cannot see, and the hint says so by its method's name: a line
whose later entries are short in some deals where double dummy needed none, and
information the other suits would give (a count of the hand) before the suit is
played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Mapping, Sequence

import numpy as np

from ..analysis.bridge import BridgePosition
from ..core.cards import SUIT_MASKS, Card, card_str
from ..core.seats import Seat
from ..suits.double_dummy import suit_tricks as double_dummy_tricks
from ..suits.exact import ExactSolution, TargetLines, every_start
from ..suits.model import SuitProblem, SuitProblemError, layouts
from ..suits.position import NORTH, SOUTH, SuitTable, move_rank, move_seat
from ..worlds import WorldKnowledge
from ..worlds.likelihood import record_likelihoods

__all__ = ["SuitReduction", "find_suit_reduction", "sure_tricks", "MAX_OUTSTANDING", "MAX_DEVIATION"]

MAX_DEVIATION = 0.05
"""Largest share of the sampled deals in which a card's other-suit tricks may differ from their usual number."""

MAX_OUTSTANDING = 8
"""Most outstanding cards of the deciding suit the reduction takes on (2^8 layouts, each solved double
dummy for the check); beyond it the hint estimates."""


@dataclass(frozen=True, eq=False)
class _Seats:
    """The suit model's seats in the deal: South is declarer, North dummy, West plays after declarer."""

    south: Seat
    north: Seat
    west: Seat
    east: Seat

    @classmethod
    def of(cls, declarer: Seat) -> "_Seats":
        dummy = declarer.partner
        return cls(declarer, dummy, declarer.lho, dummy.lho)


def _field(hand: int, suit: int) -> int:
    return (int(hand) >> (13 * suit)) & 0x1FFF


def _cards(field: int, suit: int) -> int:
    return field << (13 * suit)


@dataclass(frozen=True, eq=False)
class SuitReduction:
    """A decision reduced to one suit: the weighted suit problem, the suit solver's lines by first trick,
    every layout as a whole deal, and the sampled deals the rule is checked on.

    ``deals``: one deal per layout of the outstanding cards (a sampled deal's other cards, moved between the
    defenders only as far as the layout's lengths require), ``weights`` their probabilities, ``wests`` their
    West holdings, ``suit_tricks[c]`` the suit's double-dummy tricks on each after ``c``.  The sample:
    ``sample_dd[c]`` (declarer's side's double-dummy tricks from this trick on after ``c``), ``sample_suit[c]``
    (the suit's own), ``sample_weights``, ``sample_wests``.
    """

    suit: int
    seats: _Seats
    problem: SuitProblem
    table: SuitTable
    leads: Mapping[Card, int | None]  # the suit move a card of the suit is; None: a card of another suit
    starts: Sequence[tuple[tuple[int, object, object], TargetLines]]
    deals: np.ndarray
    weights: np.ndarray
    wests: tuple[int, ...]
    suit_tricks: Mapping[Card, np.ndarray]
    sample_dd: Mapping[Card, np.ndarray]
    sample_suit: Mapping[Card, np.ndarray]
    sample_weights: np.ndarray
    sample_wests: np.ndarray
    sure: int = 13
    """The other suits' sure tricks (:func:`sure_tricks`): an ``F_c`` above it comes from a squeeze, an
    endplay or a guess double dummy makes seeing the other suits, which no suit line can stand for."""
    sampled: bool = False
    """The layouts are weighed by the sampled deals (the auction narrows the deals and they cannot be
    counted): every chance then carries the sample's 95% error."""

    @property
    def checked(self) -> int:
        return len(self.sample_weights)

    def fit(self, card: Card, goal: int) -> tuple[int, float]:
        """``F_c``: the other suits' tricks in most sampled deals (weighted; the larger on a tie); and the
        share of deals where it and the suit's own tricks do not tell whether double dummy reaches
        ``goal``.  (Not the number that fits the goal best: one trick more would "fit" every deal where
        double dummy wins by a squeeze the suit knows nothing of.)"""
        dd, own, w = self.sample_dd[card], self.sample_suit[card], self.sample_weights
        other = dd - own
        values = np.unique(other)
        mass = np.array([float(w[other == f].sum()) for f in values])
        f = int(values[np.flatnonzero(mass >= mass.max() - 1e-12)[-1]])
        return f, float(w[(own + f >= goal) != (dd >= goal)].sum())

    def decides(self, card: Card, goal: int) -> bool:
        """Whether the suit decides ``card``'s goal: its ``F_c`` fits all but :data:`MAX_DEVIATION` of the deals
        and is no more than the other suits' sure tricks (:attr:`sure`)."""
        fixed, miss = self.fit(card, goal)
        return miss <= MAX_DEVIATION and fixed <= self.sure

    def dd(self, card: Card, goal: int) -> np.ndarray:
        """Declarer's side's double-dummy tricks from this trick on in each of :attr:`deals`: ``F_c`` plus the
        suit's own."""
        return self.fit(card, goal)[0] + self.suit_tricks[card]

    def line(self, card: Card, goal: int) -> tuple[float, np.ndarray, float, float]:
        """The best line starting with ``card`` for declarer's side taking ``goal`` tricks from this trick
        on (the suit must decide it, :meth:`decides`): its chance, whether it succeeds in each of
        :attr:`deals`, the chance's error bound (0: exact) and the line's expected tricks from this trick
        on (its own tricks, not double dummy's).

        When ``F_c`` fits every sampled deal the chance is exact.  Otherwise it is still the suit line's
        exact chance with that ``F_c``, and its error bound is the share of deals where ``F_c`` does not
        fit (a ruff, a squeeze double dummy finds: there the outcome is not the suit's), at the top of its
        95% sampling interval."""
        fixed, miss = self.fit(card, goal)
        if miss > MAX_DEVIATION:
            raise ValueError(f"the {card_str(card)} is not decided by this suit: see bound()")
        chance, success, tricks = self._line(card, goal, fixed)
        error = 0.0 if miss == 0.0 else miss + 1.96 * math.sqrt(miss * (1.0 - miss) / self.checked)
        if self.sampled:  # the chance is the sample's share of deals whose layout the line wins
            index = {west: i for i, west in enumerate(self.wests)}
            made = np.array([success[index[int(w)]] for w in self.sample_wests])
            p = float(self.sample_weights @ made)
            error += 1.96 * float(np.sqrt(np.sum(self.sample_weights ** 2 * (made - p) ** 2)))
        return chance, success, min(error, 1.0), tricks

    def bound(self, card: Card, goal: int) -> float:
        """A card the suit does not decide: its chance at most, the double-dummy chance of ``goal`` on the
        sampled deals (no line does better than seeing every card) at the top of its 95% interval."""
        made = (self.sample_dd[card] >= goal).astype(float)
        w = self.sample_weights
        p = float(w @ made)
        return min(1.0, p + 1.96 * float(np.sqrt(np.sum(w ** 2 * (made - p) ** 2))))

    def _key(self, west: int) -> tuple[int, ...]:
        return tuple(sum(1 for r in g.ranks if west >> (r - 2) & 1) for g in self.table.groups)

    def solution(self, card: Card, goal: int) -> tuple[int, ExactSolution]:
        """The suit line :meth:`line` values for ``card``: the tricks the suit must provide (``goal - F_c``)
        and the suit solver's solution whose strategy plays it (its first move is ``card`` when ``card`` is
        of the suit).  The hint tells this strategy as the plan (:mod:`.suit_plan`)."""
        fixed = self.fit(card, goal)[0]
        return goal - fixed, self._best(card, goal - fixed)[2]

    def _best(self, card: Card, need: int) -> tuple[float, float, ExactSolution]:
        """(chance, expected suit tricks, solution) of the best suit line after ``card`` for ``need`` suit
        tricks: the best chance, then the most expected tricks."""
        lead = self.leads[card]
        best: tuple[float, float, ExactSolution] | None = None
        for (first, _third_pos, _third), lines in self.starts:
            if lead is not None and first != lead:
                continue
            sol = lines.expected if need <= 0 or need > lines.top else lines.by_target[need]
            expected = sum(w * t for w, t in zip(self.table.weights, sol.tricks))
            value = 1.0 if need <= 0 else 0.0 if need > lines.top else sol.value
            if best is None or (value, expected) > (best[0], best[1]):
                best = (value, expected, sol)
        if best is None:  # pragma: no cover - every card has a first trick
            raise ValueError(f"no suit line starts with the {card_str(card)}")
        return best

    def _line(self, card: Card, goal: int, fixed: int) -> tuple[float, np.ndarray, float]:
        """(chance, success per layout deal, expected tricks) of the best line after ``card`` for ``goal``
        when the other suits give ``fixed`` tricks: the best chance, then the most expected tricks."""
        need = goal - fixed
        n = len(self.wests)
        value, expected, sol = self._best(card, need)
        if need <= 0 or need > self.table.problem.tricks_available:
            return value, np.full(n, value), fixed + expected
        classes = self._classes()
        success = np.array([float(sol.success >> classes[i] & 1) for i in range(n)])
        return value, success, fixed + expected

    def _classes(self) -> list[int]:
        """Each layout's world class in the (merged) suit table."""
        index = {wc.west_counts: i for i, wc in enumerate(self.table.worlds)}
        return [index[self._key(west)] for west in self.wests]


def sure_tricks(hands: Sequence[int], seats: _Seats, but: int) -> int:
    """Tricks declarer's side takes in the suits other than ``but`` whatever the layout: in each, the cards
    it holds above every card the defenders hold, at most the longer hand's length."""
    ours = int(hands[int(seats.north)]) | int(hands[int(seats.south)])
    theirs = int(hands[int(seats.west)]) | int(hands[int(seats.east)])
    total = 0
    for suit in range(4):
        if suit == but:
            continue
        mine, other = _field(ours, suit), _field(theirs, suit)
        above = mine >> other.bit_length() if other else mine
        longer = max(_field(int(hands[int(seats.north)]), suit).bit_count(),
                     _field(int(hands[int(seats.south)]), suit).bit_count())
        total += min(above.bit_count(), longer)
    return total


# --- the suit's double-dummy tricks ------------------------------------------------------------------------


def _move_of(table: SuitTable, seat: int, rank: int) -> int | None:
    """The suit move (``seat``'s run of equal cards) a card of rank ``rank`` belongs to."""
    moves = [m for m in table.declarer_moves(table.root()) if move_seat(m) == seat and move_rank(m) <= rank]
    return max(moves, key=move_rank) if moves else None


# --- layouts and their weights --------------------------------------------------------------------------------


def _subsets(mask: int) -> list[int]:
    out, sub = [], mask
    while True:
        out.append(sub)
        if sub == 0:
            return out
        sub = (sub - 1) & mask


def _suit_likelihoods(knowledge: WorldKnowledge, seats: _Seats, suit: int, wests: Sequence[int],
                      hands: Sequence[int], plays: Sequence[tuple[int, Card]]) -> np.ndarray:
    """The likelihood of the defenders' choices in ``suit`` (restricted choice) with West holding each of
    ``wests`` (card masks of the suit's unknown cards) and East the rest: the factors of the other suits'
    plays come out the same in every row, so only ratios mean anything."""
    w_i, e_i = int(seats.west), int(seats.east)
    mask = SUIT_MASKS[suit]
    unknown = knowledge.unknown & mask
    rows = np.zeros((len(wests), 4), dtype=np.uint64)
    for i, west in enumerate(wests):
        for s in range(4):
            rows[i, s] = np.uint64(int(hands[s]) & mask)
        rows[i, w_i] = np.uint64((knowledge.seats[w_i].known & mask) | west)
        rows[i, e_i] = np.uint64((knowledge.seats[e_i].known & mask) | (unknown & ~west))
    return record_likelihoods(rows, plays)


def _west_holdings(knowledge: WorldKnowledge, seats: _Seats, suit: int) -> list[int]:
    """Every West share of the suit's unknown cards that the voids shown allow."""
    unknown = knowledge.unknown & SUIT_MASKS[suit]
    west_void = not knowledge.seats[int(seats.west)].allows_suit(suit)
    east_void = not knowledge.seats[int(seats.east)].allows_suit(suit)
    if west_void and east_void:
        return [0] if unknown == 0 else []
    if west_void:
        return [0]
    if east_void:
        return [unknown]
    return _subsets(unknown)


def _layout_weights(knowledge: WorldKnowledge, seats: _Seats, suit: int, outstanding: int,
                    hands: Sequence[int], plays: Sequence[tuple[int, Card]]) -> tuple[tuple[int, float], ...]:
    """Each West holding of the suit's outstanding cards with its weight in the deal: the sum, over every
    consistent deal with that layout, of the likelihood of the record (restricted choice in every suit).

    The sum factorises by suit: a suit's cards and its plays' factors depend on nothing else but how many
    of its unknown cards West holds, so each other suit gives a polynomial in West's count
    (``Σ likelihood · z^count`` over West's shares) and a layout's weight is the coefficient of West's
    remaining places in their product, times the layout's own likelihood."""
    w_i, e_i = int(seats.west), int(seats.east)
    free = knowledge.free_places
    if any(free[s] for s in range(4) if s not in (w_i, e_i)):
        return ()  # a hidden hand on declarer's side: not a whole-deal layout count this module knows
    poly = np.ones(1)
    for other in range(4):
        if other == suit:
            continue
        shares = _west_holdings(knowledge, seats, other)
        if not shares:
            return ()
        likelihood = _suit_likelihoods(knowledge, seats, other, shares, hands, plays)
        g = np.zeros(max(x.bit_count() for x in shares) + 1)
        np.add.at(g, [x.bit_count() for x in shares], likelihood)
        poly = np.convolve(poly, g / g.max())
    known_w = knowledge.seats[w_i].known
    known_e = knowledge.seats[e_i].known
    unknown = knowledge.unknown & SUIT_MASKS[suit]
    allowed = set(_west_holdings(knowledge, seats, suit))
    wests: list[int] = []
    shares: list[int] = []
    for field in _subsets(outstanding):
        cards = _cards(field, suit)
        if known_w & SUIT_MASKS[suit] & ~cards or known_e & cards:
            continue
        share = cards & unknown
        places = free[w_i] - share.bit_count()
        if share not in allowed or not 0 <= places < len(poly) or poly[places] <= 0.0:
            continue
        wests.append(field)
        shares.append(share)
    if not wests:
        return ()
    likelihood = _suit_likelihoods(knowledge, seats, suit, shares, hands, plays)
    weights = np.array([poly[free[w_i] - x.bit_count()] for x in shares]) * likelihood
    total = float(weights.sum())
    if not total > 0.0:
        return ()
    return tuple((w, float(x) / total) for w, x in zip(wests, weights) if x > 0.0)


def _deal_for(base: np.ndarray, seats: _Seats, suit: int, west: int, outstanding: int,
              knowledge: WorldKnowledge) -> np.ndarray | None:
    """``base`` (one consistent deal) with West holding ``west`` of the suit: the defenders' other cards
    moved between them, lowest first and never into a suit a defender has shown out of, as far as the
    hand sizes require.  None when that cannot be done."""
    deal = np.array(base, dtype=np.uint64)
    w_i, e_i = int(seats.west), int(seats.east)
    mask = SUIT_MASKS[suit]
    w_other = int(deal[w_i]) & ~mask
    e_other = int(deal[e_i]) & ~mask
    w_size = int(deal[w_i]).bit_count()
    need = w_size - west.bit_count()  # West's cards outside the suit
    surplus = w_other.bit_count() - need
    src, dst = (w_other, e_other) if surplus > 0 else (e_other, w_other)
    dst_seat = e_i if surplus > 0 else w_i
    voids = knowledge.seats[dst_seat].voids
    for card in range(52):
        if surplus == 0:
            break
        if src >> card & 1 and not voids >> (card // 13) & 1:
            src &= ~(1 << card)
            dst |= 1 << card
            surplus += -1 if surplus > 0 else 1
    if surplus != 0:
        return None
    w_other, e_other = (src, dst) if dst_seat == e_i else (dst, src)
    deal[w_i] = np.uint64(w_other | _cards(west, suit))
    deal[e_i] = np.uint64(e_other | _cards(outstanding & ~west, suit))
    return deal


# --- the reduction ------------------------------------------------------------------------------------------


def _suit_order(position: BridgePosition) -> list[int]:
    trump = position.strain if position.strain < 4 else None
    return ([trump] if trump is not None else []) + [s for s in range(4) if s != trump]


def find_suit_reduction(position: BridgePosition, reps: Sequence[Card],
                        dd: Mapping[Card, np.ndarray] | Callable[[], Mapping[Card, np.ndarray]],
                        knowledge: WorldKnowledge, plays: Sequence[tuple[int, Card]],
                        why: list[str] | None = None,
                        reached: Mapping[Card, np.ndarray] | None = None) -> SuitReduction | None:
    """The reduction of ``position``'s decision to one suit (module docstring), or None.

    ``reps``: the legal cards (one per run of equal cards); ``dd[c]``: declarer's side's double-dummy
    tricks from this trick on after ``c`` in each of ``position``'s (sampled) deals, or a function that
    solves them; ``reached`` (optional): per card and deal, whether declarer's side reaches the target
    double dummy.  With ``reached``, a suit is turned down on those make-or-fail bits alone when no other
    suits' trick count could fit them (:func:`_layout_miss`, then :func:`_may_decide`: the exact test would
    turn it down too), and the
    counts are asked for only when a suit passes; a function ``dd`` is then not called at all when none does.
    ``knowledge``: what the player knows (voids, sizes); ``plays``: the public record (seat, card) for
    restricted choice.  The goal is ``position.target``; :meth:`SuitReduction.decides` tells, per card and
    goal, whether the suit decides it.  ``why``, when given, collects the reason each suit was turned down."""
    reasons = why if why is not None else []
    if position.trick or not position.to_move.same_side(position.declarer):
        reasons.append("not declarer's side on lead")
        return None
    worlds = np.asarray(position.worlds, dtype=np.uint64).reshape(-1, 4)
    if len(worlds) == 0:
        reasons.append("no deals")
        return None
    solved: list[Mapping[Card, np.ndarray]] = []

    def counts() -> Mapping[Card, np.ndarray] | None:
        """The exact counts (solved once), or None when no card's depend on the layout."""
        if not solved:
            solved.append(dd() if callable(dd) else dd)
        found = solved[0]
        if not any(np.any(np.asarray(found[c]) != np.asarray(found[c])[0]) for c in reps):
            return None
        return found

    if reached is None and counts() is None:
        reasons.append(NO_LAYOUT_DEPENDENCE)
        return None
    for suit in _suit_order(position):
        found = _try_suit(position, worlds, suit, reps, counts, knowledge, plays, reached)
        if isinstance(found, SuitReduction):
            return found
        reasons.append(f"{'SHDC'[suit]}: {found}")
        if found == NO_LAYOUT_DEPENDENCE:
            return None
    return None


NO_LAYOUT_DEPENDENCE = "no card's double-dummy tricks depend on the layout"
DECIDES_NOTHING = "it decides no card's contract: the other suits' tricks vary with more than its layout"


def _layout_miss(group: np.ndarray, reached: np.ndarray, weights: np.ndarray) -> float:
    """The least share of deals (weighted) that any rule reading only the suit's layout gets wrong about
    ``reached`` (``group``: per deal, an index of West's holding of the suit): in each group of deals with one
    holding, the lighter of those reached and those not.  The suit's own tricks after a card depend on the
    layout alone, so no other-suits count fits better (:func:`_may_decide`); checked before the suit's tricks
    are even worked out."""
    reached = np.asarray(reached, dtype=bool)
    made = np.bincount(group, weights=np.where(reached, weights, 0.0))
    failed = np.bincount(group, weights=np.where(reached, 0.0, weights))
    return float(np.minimum(made, failed).sum())


def _may_decide(own: np.ndarray, reached: np.ndarray, weights: np.ndarray, goal: int, sure: int) -> bool:
    """Whether some other suits' trick count ``F`` (at most ``sure``) gets, from the suit's own tricks
    ``own``, whether double dummy reaches ``goal`` (``reached``) right in all but :data:`MAX_DEVIATION` of the
    deals (weighted).  :meth:`SuitReduction.decides` needs this of the one ``F`` it fits on the exact counts,
    so a card for which no ``F`` does is not decided by the suit, whatever the counts."""
    reached = np.asarray(reached, dtype=bool)
    for f in range(-14, sure + 1):
        if float(weights[(own + f >= goal) != reached].sum()) <= MAX_DEVIATION + 1e-12:
            return True
    return False


def _defenders_union(worlds: np.ndarray, seats: _Seats, first: Sequence[int]) -> list[int]:
    """The hands with each defender holding every card either may hold (for :func:`sure_tricks`, which
    only asks what the defenders hold between them)."""
    both = int(first[int(seats.west)]) | int(first[int(seats.east)])
    hands = list(first)
    hands[int(seats.west)] = both
    hands[int(seats.east)] = 0
    return hands


def _try_suit(position: BridgePosition, worlds: np.ndarray, suit: int, reps: Sequence[Card],
              counts: Callable[[], Mapping[Card, np.ndarray] | None], knowledge: WorldKnowledge,
              plays: Sequence[tuple[int, Card]], reached: Mapping[Card, np.ndarray] | None) -> SuitReduction | str:
    """The reduction to ``suit``, or why there is none (``counts``: the exact counts, None when no card's
    depend on the layout; ``reached``: see :func:`find_suit_reduction`)."""
    seats = _Seats.of(position.declarer)
    mover_seat = SOUTH if position.to_move == seats.south else NORTH
    first = [int(x) for x in worlds[0]]
    in_play = first[0] | first[1] | first[2] | first[3]
    west_col = [_field(int(x), suit) for x in worlds[:, int(seats.west)]]
    east_col = [_field(int(x), suit) for x in worlds[:, int(seats.east)]]
    north, south = _field(first[int(seats.north)], suit), _field(first[int(seats.south)], suit)
    outstanding = west_col[0] | east_col[0]
    if not outstanding or not (north | south):
        return "nothing to play in it"
    if outstanding.bit_count() > MAX_OUTSTANDING:
        return f"{outstanding.bit_count()} cards out (at most {MAX_OUTSTANDING})"
    gone = 0x1FFF & ~_field(in_play, suit)
    try:
        base = SuitProblem(north, south, gone=gone)
    except SuitProblemError as exc:
        return str(exc)
    leads: dict[Card, tuple[int, int] | None] = {}
    for c in reps:
        leads[c] = (mover_seat, c % 13 + 2) if c // 13 == suit else None
    sample_w = np.asarray(position.weights, dtype=float)
    sample_w = sample_w / sample_w.sum()
    if reached is not None:
        layout = np.unique(west_col, return_inverse=True)[1]
        if not any(_layout_miss(layout, reached[c], sample_w) <= MAX_DEVIATION + 1e-12 for c in reps):
            return DECIDES_NOTHING
    known: dict[tuple[tuple[int, int] | None, int], int] = {}

    def suit_tricks(c: Card, west: int) -> int:
        """The suit's double-dummy tricks after ``c`` with West holding ``west`` (cards of other suits share
        one lead: none)."""
        key = (leads[c], west)
        if key not in known:
            known[key] = double_dummy_tricks(north, south, west, outstanding & ~west, leads[c])
        return known[key]

    sample_suit = {c: np.array([suit_tricks(c, west) for west in west_col], dtype=np.int64) for c in reps}
    if not any(np.any(t != t[0]) for t in sample_suit.values()):
        return "it takes as many tricks in every deal, whatever is played"
    sure = sure_tricks(_defenders_union(worlds, seats, first), seats, suit)
    if reached is not None and not any(_may_decide(sample_suit[c], reached[c], sample_w, position.target, sure)
                                       for c in reps):
        return DECIDES_NOTHING
    dd = counts()
    if dd is None:
        return NO_LAYOUT_DEPENDENCE
    sample_dd = {c: np.asarray(dd[c], dtype=np.int64) for c in reps}
    if knowledge.has_constraints:  # the auction's deals cannot be counted: the sample weighs the layouts
        shares: dict[int, float] = {}
        for west, w in zip(west_col, sample_w):
            shares[west] = shares.get(west, 0.0) + float(w)
        weights = tuple((west, w) for west, w in shares.items() if w > 0.0)
    else:
        weights = _layout_weights(knowledge, seats, suit, outstanding, first, plays)
    if not weights:
        return "its layouts could not be weighed"
    problem = replace(base, layout_weights=weights)
    table = SuitTable(problem)
    move_leads = {c: (None if leads[c] is None else _move_of(table, *leads[c])) for c in reps}
    wests, probs, deals = [], [], []
    for lay in layouts(problem):
        deal = _deal_for(worlds[0], seats, suit, lay.west, outstanding, knowledge)
        if deal is None:
            return "a layout has no deal to stand for it"
        wests.append(lay.west)
        probs.append(lay.probability)
        deals.append(deal)
    p = np.asarray(probs, dtype=float)
    reduction = SuitReduction(
        suit, seats, problem, table, move_leads, (), np.asarray(deals), p / p.sum(), tuple(wests),
        {c: np.array([suit_tricks(c, west) for west in wests], dtype=np.int64) for c in reps},
        sample_dd, sample_suit, sample_w, np.asarray(west_col, dtype=np.int64),
        sure, knowledge.has_constraints)
    if not any(reduction.decides(c, position.target) for c in reps):
        return DECIDES_NOTHING
    return replace(reduction, starts=every_start(table))
