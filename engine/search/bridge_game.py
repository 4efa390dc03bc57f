"""Bridge card play seen by one side, as a :class:`~engine.search.multiworld.MultiWorldGame` (αμ §4.2).

MAX is the side choosing now (declarer with dummy, or one defender); the worlds
are full trick-start deals that agree on every card MAX can see; MIN is the
other side, which knows the world.  A state is public: the cards played since
the root, who leads the current trick, and how many tricks MAX's side has won
since the root.  A state is terminal as soon as the contract is decided (MAX's
side has its target, or can no longer reach it: the stop function of the
paper's algorithm 3).  Payoffs are 1 (MAX's side reaches its target) or 0.

``evaluate`` is a double-dummy make-or-fail test through the game's
:class:`~engine.solvers.oracle.DoubleDummyOracle` (one null-window question per
card, not an exact count, since a leaf's payoff is only "target reached or
not").  After a card of MIN's, one batched question per position answers for
every legal card, so the values of all of a position's children come from one
call over its worlds (a search tries every MIN card).  After a card of MAX's,
the child's position is asked alone (one test per world instead of one per
card): a search often stops at MAX's first card (αμ's decided cut), and at
trick 2 of the hint bench, where a void dummy has twelve cards, asking every
card made a hint 11.5 s on one thread, asking the child 5.5 s.  Exact trick
counts (:meth:`BridgePlayGame.max_tricks`) are solved only where expected
tricks are wanted.

MAX's moves are bucketed: cards of one hand that are adjacent in rank among the
cards still live in the suit (played cards squeezed out, cards in the current
trick still separating) are equivalent in every world, and only the lowest of
each run is searched.  MIN's moves are not bucketed: which card the defence
shows changes what MAX learns.

Only a declaring MAX may be searched beyond its own next card: with a defender
as MAX, the partner's turns would be neither MAX's (its hand differs between
worlds) nor MIN's, so callers search defenders with M = 1 (the analysis layer
does; see :mod:`engine.analysis.bridge`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..bridge.tricks import legal_mask, trick_winner_index
from ..core.cancel import NEVER, CancelToken
from ..core.cards import SUIT_MASKS, Card, cards_of
from ..solvers.oracle import DoubleDummyOracle

__all__ = [
    "BridgeGameError",
    "PlayState",
    "BridgePlayGame",
    "equivalence_buckets",
    "legal_mask",
]


class SolvingBudgetExceeded(Exception):
    """A search on a :class:`BridgePlayGame` asked for more double-dummy solving than its
    :class:`SolvingBudget` allows (a work budget: the same on every machine, unlike a time limit)."""


class SolvingBudget:
    """Double-dummy solving a search may spend, in units of one deal solved with ``t`` tricks left costing
    ``max(1, t - 3)²`` (a deep solve costs far more than a late one), shared by every game it is given to;
    ``limit`` None: no limit (the units are still counted).  A question about the position after one of
    MAX's cards is charged as the per-card question at its parent would be: one deal the first time a
    child of that parent is asked about in that deal, nothing after (so a search's units, and where a budget
    stops it, do not depend on which of the two questions answered it)."""

    def __init__(self, limit: float | None) -> None:
        if limit is not None and not limit >= 0:
            raise ValueError(f"a solving budget must be ≥ 0 units, got {limit}")
        self.limit = limit
        self.spent = 0.0

    def charge(self, deals: float, tricks_left: int) -> None:
        self.spent += deals * max(1, tricks_left - 3) ** 2
        if self.limit is not None and self.spent > self.limit:
            raise SolvingBudgetExceeded(f"more than {self.limit:,.0f} units of double-dummy solving")


class BridgeGameError(ValueError):
    """The worlds, trick or target given for a bridge search are inconsistent; the message says which."""


@dataclass(frozen=True, slots=True)
class PlayState:
    """A public position: cards of tricks completed since the root, MAX's tricks among them,
    the current trick's leader and its cards.  ``history`` (the completed tricks' cards in play
    order) makes the state everything MAX has seen: the same cards played by other seats, or
    with other suits led, leave other worlds possible, so they must not share a table entry."""

    done: int
    won: int
    leader: int
    trick: tuple[Card, ...]
    history: tuple[Card, ...] = ()

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def removed(self) -> int:
        mask = self.done
        for c in self.trick:
            mask |= 1 << c
        return mask


def equivalence_buckets(hand: int, live: int) -> list[list[Card]]:
    """Runs of cards of ``hand`` adjacent in rank among the ``live`` cards of their suit, each
    run ascending; runs in ascending card order."""
    runs: list[list[Card]] = []
    for s in range(4):
        current: list[Card] = []
        for card in range(13 * s, 13 * s + 13):
            bit = 1 << card
            if hand & bit:
                current.append(card)
            elif live & bit and current:
                runs.append(current)
                current = []
        if current:
            runs.append(current)
    return runs


class BridgePlayGame:
    """The multi-world game of the play from one deciding seat's position.

    ``worlds``: ``(n, 4)`` trick-start hand masks (index = seat; the cards of
    ``trick`` still in them).  ``target``: tricks MAX's side still needs,
    counting the current trick.  ``max_seats``: the seats whose cards MAX
    chooses (declarer and dummy, or the one defender).  ``oracle`` answers the double-dummy
    questions; ``cancel`` is handed to every one of them (a search on this game stops within one
    solve of a cancellation, or of its time budget when the token carries one); ``solving``: a work
    budget, past which a question raises :class:`SolvingBudgetExceeded` before it is solved.
    """

    def __init__(
        self,
        worlds: np.ndarray,
        weights: Sequence[float],
        strain: int,
        leader: int,
        trick: Sequence[Card],
        max_seats: Sequence[int],
        target: int,
        oracle: DoubleDummyOracle,
        cancel: CancelToken = NEVER,
        solving: SolvingBudget | None = None,
    ) -> None:
        self.solving = solving
        self.worlds = np.asarray(worlds, dtype=np.uint64).reshape(-1, 4)
        n = self.worlds.shape[0]
        if n == 0:
            raise BridgeGameError("a bridge search needs at least one world")
        if len(weights) != n:
            raise BridgeGameError(f"{len(weights)} weights for {n} worlds")
        self._weights = tuple(float(w) for w in weights)
        self._hands = [tuple(int(x) for x in row) for row in self.worlds]
        self.strain = int(strain)
        self.trump = None if self.strain == 4 else self.strain
        self.root_state = PlayState(0, 0, int(leader) & 3, tuple(int(c) for c in trick))
        if len(self.root_state.trick) > 3:
            raise BridgeGameError("the current trick holds at most 3 cards")
        self.max_seats = frozenset(int(s) & 3 for s in max_seats)
        self.max_side = next(iter(self.max_seats)) & 1
        if any(s & 1 != self.max_side for s in self.max_seats):
            raise BridgeGameError("MAX's seats must belong to one side")
        self.oracle = oracle
        self.cancel = cancel
        self.root_tricks = self._check_worlds()
        self.target = int(target)
        if self.root_state.to_move not in self.max_seats:
            raise BridgeGameError(f"seat {self.root_state.to_move} is to move, not one of MAX's seats")
        first_of: dict[tuple[int, ...], int] = {}
        self._twin = [first_of.setdefault(hands, w) for w, hands in enumerate(self._hands)]
        """``_twin[w]``: the first world with the same hands as ``w`` (sampling may repeat a deal): solved once."""
        self._parent: dict[PlayState, list[tuple[PlayState, Card]]] = {}
        self._per_card: dict[tuple[int, int, tuple[Card, ...]], np.ndarray] = {}
        self._reach_tables: dict[tuple[int, int, tuple[Card, ...], int], np.ndarray] = {}
        self._position_reach: dict[tuple[int, int, tuple[Card, ...], int], np.ndarray] = {}
        self._charged: dict[tuple, set[int]] = {}
        """Per per-card question (its key), the deals already charged for it (see :class:`SolvingBudget`)."""
        self.solves = 0  # worlds solved (one per position and world), for benchmarks

    def _check_worlds(self) -> int:
        """Every world is a trick-start deal holding the trick's cards, and MAX's hands agree."""
        trick = self.root_state.trick
        leader = self.root_state.leader
        first = self._hands[0]
        size = first[leader].bit_count()
        for i, hands in enumerate(self._hands):
            union = 0
            for seat in range(4):
                if hands[seat].bit_count() != size:
                    raise BridgeGameError(f"world {i}: hands of unequal size at the trick start")
                if union & hands[seat]:
                    raise BridgeGameError(f"world {i}: a card is in two hands")
                union |= hands[seat]
            for k, c in enumerate(trick):
                if not hands[(leader + k) & 3] >> c & 1:
                    raise BridgeGameError(f"world {i}: card {c} of the trick was not in its player's hand")
            for seat in self.max_seats:
                if hands[seat] != first[seat]:
                    raise BridgeGameError(f"world {i}: MAX's hand {seat} differs from world 0")
        if size == 0:
            raise BridgeGameError("no tricks are left to play")
        return size

    # --- MultiWorldGame -----------------------------------------------------------------
    @property
    def weights(self) -> tuple[float, ...]:
        return self._weights

    @property
    def payoff_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)

    def root(self) -> PlayState:
        return self.root_state

    def root_worlds(self) -> tuple[int, ...]:
        return tuple(range(len(self._hands)))

    def tricks_left(self, state: PlayState) -> int:
        """Tricks not yet completed, the current one included."""
        return self.root_tricks - state.done.bit_count() // 4

    def is_terminal(self, state: PlayState) -> bool:
        return state.won >= self.target or state.won + self.tricks_left(state) < self.target

    def is_max_to_move(self, state: PlayState) -> bool:
        return state.to_move in self.max_seats

    def hand(self, state: PlayState, world: int, seat: int) -> int:
        return self._hands[world][seat] & ~state.removed

    def live(self, state: PlayState) -> int:
        """Cards not yet played in a completed trick (held, or on the table in the current one)."""
        hands = self._hands[0]
        return (hands[0] | hands[1] | hands[2] | hands[3]) & ~state.done

    def moves(self, state: PlayState, world: int) -> list[Card]:
        seat = state.to_move
        legal = legal_mask(self.hand(state, world, seat), state.trick)
        if seat not in self.max_seats:
            return cards_of(legal)
        return [run[0] for run in equivalence_buckets(legal, self.live(state))]

    def moves_union(self, state: PlayState, worlds: Sequence[int]) -> list[Card]:
        seat = state.to_move
        union = 0
        for w in worlds:
            union |= legal_mask(self.hand(state, w, seat), state.trick)
        if seat in self.max_seats:
            return [run[0] for run in equivalence_buckets(union, self.live(state))]
        return cards_of(union)

    def play(self, state: PlayState, move: Card) -> PlayState:
        trick = state.trick + (int(move),)
        if len(trick) < 4:
            child = PlayState(state.done, state.won, state.leader, trick, state.history)
        else:
            winner = (state.leader + trick_winner_index(trick, self.trump)) & 3
            mask = state.done | (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            child = PlayState(mask, state.won + (winner & 1 == self.max_side), winner, (), state.history + trick)
        links = self._parent.setdefault(child, [])
        if len(links) < 4 and (state, int(move)) not in links:
            links.append((state, int(move)))
        return child

    def payoff(self, state: PlayState, world: int) -> float | None:
        return 1.0 if state.won >= self.target else 0.0

    def evaluate(self, state: PlayState, world: int) -> float | None:
        return 1.0 if self.makes(state, world) else 0.0

    # --- make-or-fail values -------------------------------------------------------------
    def makes(self, state: PlayState, world: int) -> bool:
        """Whether MAX's side reaches its target from ``state`` in ``world`` with best play by both sides."""
        if state.won >= self.target:
            return True
        if state.won + self.tricks_left(state) < self.target:
            return False
        incoming = self._incoming(state, world)
        if incoming is not None:
            parent = incoming[0]
            if self.is_max_to_move(parent):
                asked_there = self._reach_key(parent)[0]
                table = self._reach_tables.get(asked_there)
                if table is None or table[world, 0] == -2:  # not answered there in this world
                    # MAX's card: a search tries its cards one at a time and often stops at the first (αμ's
                    # decided cut), so this card's position is asked alone rather than every card at the parent
                    return self._makes_here(state, world, asked_there)
            return self._makes_after_card(parent, world, incoming[1])
        results = [self._makes_after_card(state, world, c)
                   for c in cards_of(legal_mask(self.hand(state, world, state.to_move), state.trick))]
        return any(results) if self.is_max_to_move(state) else all(results)

    def _reach_key(self, state: PlayState) -> tuple[tuple, int, bool]:
        """The per-card question at ``state``: its table key, the tricks the side to move needs from the trick
        start (MAX's still needed, or MIN's to beat them), and whether that side is MAX's."""
        need = self.target - state.won  # MAX's tricks still needed, counted from this trick's start
        maxs = state.to_move & 1 == self.max_side
        asked = need if maxs else self.tricks_left(state) - need + 1
        return (state.done, state.leader, state.trick, asked), asked, maxs

    def _new_charges(self, asked: list[int], charge_as: tuple | None) -> int:
        """How many of the deals ``asked`` to charge: all, or those not yet charged for ``charge_as``."""
        if charge_as is None:
            return len(asked)
        done = self._charged.setdefault(charge_as, set())
        fresh = [w for w in asked if w not in done]
        done.update(fresh)
        return len(fresh)

    def _makes_after_card(self, state: PlayState, world: int, card: Card) -> bool:
        """Whether MAX's side reaches its target if ``card`` is played at ``state`` (then best play)."""
        _, need, maxs = self._reach_key(state)
        answer = self._reach(state, world, need)[card]
        makes = answer == 1 if maxs else answer == 0  # MIN to move: MAX makes unless MIN takes enough
        if answer < 0:
            raise BridgeGameError(f"card {card} is not legal in world {world}")
        return makes

    def _makes_here(self, state: PlayState, world: int, charge_as: tuple) -> bool:
        """Whether MAX's side reaches its target from ``state`` in ``world``: one null-window test of the
        position (batched over the consistent worlds), charged as the per-card question keyed ``charge_as``
        (the parent's)."""
        key, need, maxs = self._reach_key(state)
        row = self._batched(self._position_reach, key, state, world,
                            lambda start, homes: np.asarray(self.oracle.batch_reach(
                                start, self.strain, state.leader, state.trick, need, cancel=self.cancel,
                                homes=homes), dtype=np.int64).reshape(-1, 1), width=1,
                            charge_as=charge_as)
        return bool(row[0] == 1) == maxs

    def _reach(self, state: PlayState, world: int, need: int) -> np.ndarray:
        """Per card: does the side to move at ``state`` take ``need`` tricks from the trick start (batched over worlds)."""
        key = (state.done, state.leader, state.trick, need)
        return self._batched(self._reach_tables, key, state, world,
                             lambda start, homes: self.oracle.batch_reach_per_card(
                                 start, self.strain, state.leader, state.trick, need, cancel=self.cancel, homes=homes),
                             charge_as=key)

    def reach_rows(self, state: PlayState, worlds: Sequence[int], need: int) -> np.ndarray:
        """:meth:`_reach`'s rows for the given ``worlds`` only, asking just for those not yet known: lets
        a caller go through the worlds in chunks (PIMC's early stops) and leave its answers for the
        search that follows on this game."""
        key = (state.done, state.leader, state.trick, need)
        table = self._table(self._reach_tables, key)
        self._fill(table, state, [w for w in worlds if table[w, 0] == -2],
                   lambda start, homes: self.oracle.batch_reach_per_card(start, self.strain, state.leader, state.trick,
                                                                         need, cancel=self.cancel, homes=homes),
                   charge_as=key)
        return table[list(worlds)]

    def tricks_rows(self, state: PlayState, worlds: Sequence[int]) -> np.ndarray:
        """:meth:`per_card`'s rows for the given ``worlds`` only, solving just those not yet known
        (PIMC goes through the root's worlds in chunks this way)."""
        table = self._table(self._per_card, (state.done, state.leader, state.trick))
        self._fill(table, state, [w for w in worlds if table[w, 0] == -2],
                   lambda start, homes: self.oracle.batch_tricks_per_card(start, self.strain, state.leader,
                                                                          state.trick, cancel=self.cancel, homes=homes))
        return table[list(worlds)]

    def known_tricks(self, state: PlayState) -> np.ndarray | None:
        """Every world's :meth:`per_card` row at ``state`` when all are already solved, else None."""
        table = self._per_card.get((state.done, state.leader, state.trick))
        if table is None or (table[:, 0] == -2).any():
            return None
        return table

    def _table(self, cache: dict, key: tuple, width: int = 52) -> np.ndarray:
        table = cache.get(key)
        if table is None:
            table = np.full((len(self._hands), width), -2, dtype=np.int64)
            cache[key] = table
        return table

    def _fill(self, table: np.ndarray, state: PlayState, worlds: list[int],
              ask: Callable[[np.ndarray, list[int]], np.ndarray], charge_as: tuple | None = None) -> None:
        """Fill the rows ``worlds`` of ``table``: a world whose twin (an identical deal) is known is
        copied, the others are asked for in one call, each deal once (``ask(hands, worlds)``: the worlds'
        indices are their homes, see :class:`~engine.solvers.oracle.DoubleDummyOracle`), each charged as
        one deal solved (with ``charge_as``, a per-card question's key: only the deals not yet charged for it,
        see :class:`SolvingBudget`)."""
        asked: list[int] = []
        for w in worlds:
            twin = self._twin[w]
            if table[twin, 0] == -2 and twin not in asked:
                asked.append(twin)
        if asked:
            if self.solving is not None:
                self.solving.charge(self._new_charges(asked, charge_as), self.tricks_left(state))
            start = np.array([self.trick_start_hands(state, w) for w in asked], dtype=np.uint64)
            out = np.asarray(ask(start, asked))
            self.solves += len(asked)
            for row, w in zip(out, asked):
                table[w] = row
        for w in worlds:
            table[w] = table[self._twin[w]]

    def _batched(self, cache: dict, key: tuple, state: PlayState, world: int,
                 ask: Callable[[np.ndarray, list[int]], np.ndarray], width: int = 52,
                 charge_as: tuple | None = None) -> np.ndarray:
        """Row ``world`` of the table ``cache[key]`` for ``state`` (per card, or ``width`` 1: one answer per
        world): when it is missing, one ``ask`` over the trick-start hands fills it for every consistent
        world still missing."""
        table = self._table(cache, key, width)
        if table[world, 0] == -2:
            pending = [w for w in self._consistent_worlds(state) if table[w, 0] == -2]
            if world not in pending:
                pending.append(world)
            self._fill(table, state, pending, ask, charge_as)
        return table[world]

    def _incoming(self, state: PlayState, world: int) -> tuple[PlayState, Card] | None:
        """A parent and card leading to ``state`` that are legal in ``world``, if the search came that way.
        A trick-boundary state has several parents (the same four cards from different seats in
        different worlds): one where the card was legal in this world is used."""
        for parent, card in self._parent.get(state, ()):
            if legal_mask(self.hand(parent, world, parent.to_move), parent.trick) >> card & 1:
                return parent, card
        return None

    # --- double-dummy values ----------------------------------------------------------------
    def max_tricks(self, state: PlayState, world: int) -> int:
        """Tricks of MAX's side since the root with best play from ``state`` in ``world``."""
        if self.tricks_left(state) == 0:
            return state.won
        incoming = self._incoming(state, world)
        if incoming is not None:
            return self._after_card(incoming[0], world, incoming[1])
        values = [self._after_card(state, world, c)
                  for c in cards_of(legal_mask(self.hand(state, world, state.to_move), state.trick))]
        return max(values) if self.is_max_to_move(state) else min(values)

    def _after_card(self, state: PlayState, world: int, card: Card) -> int:
        """MAX's side's tricks since the root if ``card`` is played at ``state`` (then best play)."""
        value = int(self.per_card(state, world)[card])
        if value < 0:
            raise BridgeGameError(f"card {card} is not legal in world {world}")
        if state.to_move & 1 != self.max_side:
            value = self.tricks_left(state) - value
        return state.won + value

    def per_card(self, state: PlayState, world: int) -> np.ndarray:
        """Side-to-move tricks after each card at ``state`` in ``world`` (solving in batch)."""
        # The values depend on nothing but the cards gone, the leader and the trick.
        return self._batched(self._per_card, (state.done, state.leader, state.trick), state, world,
                             lambda start, homes: self.oracle.batch_tricks_per_card(
                                 start, self.strain, state.leader, state.trick, cancel=self.cancel, homes=homes))

    def trick_start_hands(self, state: PlayState, world: int) -> tuple[int, int, int, int]:
        """The hands of ``world`` at the start of ``state``'s trick (its cards still held)."""
        return tuple(h & ~state.done for h in self._hands[world])  # type: ignore[return-value]

    def _consistent_worlds(self, state: PlayState) -> list[int]:
        """Worlds whose hands still have the right sizes at ``state`` and where the current trick
        does not revoke (a cheap superset of the worlds valid there: a card held by another hand
        in a world upsets the sizes; revokes in earlier tricks leave a legal position)."""
        size = self.tricks_left(state)
        played_by = [0, 0, 0, 0]
        for k, c in enumerate(state.trick):
            played_by[(state.leader + k) & 3] = 1
        removed = state.removed
        out = []
        for w, hands in enumerate(self._hands):
            start = self.trick_start_hands(state, w)
            if all(h.bit_count() == size for h in start) and \
                    all((hands[s] & ~removed).bit_count() == size - played_by[s] for s in range(4)) and \
                    all(start[(state.leader + k) & 3] >> c & 1 for k, c in enumerate(state.trick)) and \
                    self._follows_suit(state, w):
                out.append(w)
        return out

    def _follows_suit(self, state: PlayState, world: int) -> bool:
        """No card of the current trick revokes in ``world`` (the solver refuses such positions)."""
        if len(state.trick) < 2:
            return True
        led = SUIT_MASKS[state.trick[0] // 13]
        start = self.trick_start_hands(state, world)
        for k in range(1, len(state.trick)):
            card = state.trick[k]
            if not (1 << card) & led and start[(state.leader + k) & 3] & led:
                return False
        return True
