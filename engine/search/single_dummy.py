"""Exact single-dummy values of a bridge decision: the best *line* after each card, against best defence.

Frank & Basin's best-defence model on the real play: declarer (MAX, playing both
hands) does not see the defenders' cards, so a later decision must be the same in
every deal it cannot tell apart; each defender (MIN) knows the deal and declarer's
plan and plays the worst card for it in each deal.  A line succeeds in a set of
deals; the chance of a card is the largest weight of a set some line starting with
it achieves.  This is the chance a player who cannot see the hidden cards really
has — not what double-dummy play (every later guess right) would make.

The search keeps, at each public state, the Pareto front of the sets of deals a
line can win from there (a set is a bitmask over the deals, payoffs being make or
fail), as αμ does with unbounded depth (Cazenave & Ventos), specialised to 0/1
payoffs so that a front is a small antichain of ints:

* at declarer's turn the fronts of the cards are pooled (declarer chooses one card
  for every deal still possible there), keeping the maximal sets;
* at a defender's turn every deal lets the defender pick any of its legal cards, so
  a combination of one set per card succeeds on the deals where every card the
  defender holds leads to success: ``∩ (S_c ∪ ¬V_c)``, maximal sets kept;
* terminal states are won or lost; the double-dummy make set ``D`` of a state
  bounds every line from above, so deals outside it are dropped at once, and a
  declarer node stops as soon as a card reaches all of ``D`` (it cannot do better).

Fronts are memoised by public state and deal set.  The search is exponential in the
worst case (the problem is NP-complete in the tree size, F&B §6), so it runs under a
node budget and raises :class:`SingleDummyBudget` when it is spent; callers then
fall back to an estimate.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from ..core.cards import SUIT_MASKS, Card, cards_of
from .bridge_game import BridgePlayGame, PlayState

__all__ = ["SingleDummyBudget", "SingleDummyResult", "RootChoice", "solve_single_dummy", "deepening_single_dummy",
           "first_informative_horizon", "weight_of"]


class SingleDummyBudget(RuntimeError):
    """The exact search used up its node budget (the position is too large to be solved exactly)."""


@dataclass(frozen=True)
class SingleDummyResult:
    """Per root card (the lowest of each run of equivalent cards): the best set of deals a line starting
    with it wins (``sets[card]``, a bitmask over the game's worlds) and its weight (``chance[card]``);
    ``plans[card]``: declarer's choices of that line, ``{state: card}`` at each declarer state it reaches.
    With a ``horizon``, the sets are those of lines searched that many tricks deep, double dummy after."""

    sets: dict[Card, int]
    chance: dict[Card, float]
    plans: dict[Card, dict[PlayState, Card]]
    nodes: int
    horizon: int | None = None  # tricks searched single dummy before counting double dummy; None: exact


QUESTIONS_PER_NODE = 4
"""The budget for double-dummy solves (in units: see ``_Search._ask``), per node of the node budget (counted over every depth of a deepening
search, the answers being shared): the cost of a node grows with the deals it holds."""

PAIRS_PER_NODE = 20
"""The budget for combining opponents' strategy sets, per node of the node budget: fronts can grow as the
product of their children's, so a few nodes may hold most of the work (and the memory)."""


FILTER_SHARE = 4
"""A node's filter of its combinations may make this many containment tests per combination left in the
budget (a test of two ints costs a few times less than forming a combination)."""


def weight_of(bits: int, weights: tuple[float, ...]) -> float:
    """The total weight of the deals in ``bits``."""
    total = 0.0
    while bits:
        low = bits & -bits
        total += weights[low.bit_length() - 1]
        bits ^= low
    return total


def _maximal(sets: list[int], limit: int | None = None) -> list[int]:
    """The sets not contained in another (each once), largest first.  ``limit``: the containment tests it may
    make (raises :class:`SingleDummyBudget` past it: a filter of a million sets against a thousand kept ones
    is most of a search's time, and no node count sees it)."""
    out: list[int] = []
    work = 0
    for s in sorted(set(sets), key=int.bit_count, reverse=True):
        if limit is not None:
            work += len(out)
            if work > limit:
                raise SingleDummyBudget(f"the exact single-dummy search's strategy sets need more than {limit:,} "
                                        f"comparisons to filter")
        for o in out:
            if s & o == s:
                break
        else:
            out.append(s)
    return out


def _covered(s: int, sets: list[int]) -> bool:
    """Whether ``s`` is contained in one of ``sets``."""
    for o in sets:
        if s & o == s:
            return True
    return False


class _Caches:
    """What does not depend on the horizon, kept across the iterations of a deepening search: the
    double-dummy sets, the children of states, deal sets' members and who holds which card where."""

    def __init__(self, game: BridgePlayGame) -> None:
        self.dd_memo: dict[tuple, int] = {}
        self.questions = 0  # double-dummy solving units spent (see _Search._ask), all depths together
        self.question_limit: int | None = None  # a deepening search's budget for them (None: per search)
        self.indices: dict[int, np.ndarray] = {}  # deal set -> its members
        self.children: dict[tuple[PlayState, Card], PlayState] = {}
        self.max_moves: dict[PlayState, list[Card]] = {}  # MAX's cards at a state: its hand is one in every deal
        self.hands = np.asarray(game.worlds, dtype=np.uint64).astype(np.int64)
        self.n = self.hands.shape[0]
        self.nbytes = (self.n + 7) // 8
        # For each seat and card, the deals where the seat holds it: a defender's legal cards come from these.
        self.holds = [[_as_set(np.flatnonzero((self.hands[:, seat] >> card) & 1), self.nbytes) for card in range(52)]
                      for seat in range(4)]


SMALL_SET = 16
"""Sets of at most this many deals are built bit by bit in Python: cheaper than numpy's packing for the few
deals most of a search's states hold."""


def _as_set(indices: np.ndarray, nbytes: int) -> int:
    if len(indices) <= SMALL_SET:
        bits = 0
        for i in indices.tolist():
            bits |= 1 << i
        return bits
    flags = np.zeros(nbytes * 8, dtype=np.uint8)
    flags[indices] = 1
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


class _Search:
    one_deal_shortcut = True
    """Answer a state with one deal left by double dummy, every line being free to be the double-dummy one
    there — past the tricks whose choices are recorded for the lines (``plan_tricks``: such a state records
    none).  The floor search, whose line is fixed, turns it off."""

    progress_words = "searching every line exactly"
    """What the search reports doing, with its share of the node budget spent."""

    shortcut = True
    """Answer the states with no MAX card before the horizon by double dummy (:meth:`seen_to_horizon`);
    the tests turn it off to check it against the search it replaces."""

    def __init__(self, game: BridgePlayGame, node_limit: int | None, deadline: float | None = None,
                 horizon: int | None = None, caches: _Caches | None = None, plan_tricks: int = 0) -> None:
        self.game = game
        self.one_deal_after = 4 * max(0, plan_tricks)  # cards of completed tricks: no line is recorded past them
        self.horizon = None if horizon is None else game.tricks_left(game.root()) - horizon
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.pairs = 0  # set combinations formed at opponents' turns: the work a node count does not see
        self.memo: dict[tuple, list[int]] = {}
        self.choice: dict[tuple, dict[int, Card]] = {}  # MAX node key -> set -> card played
        self.parts: dict[tuple, dict[int, tuple[tuple[Card, PlayState, int, int], ...]]] = {}  # MIN combos
        caches = caches if caches is not None else _Caches(game)
        self.caches = caches
        self.dd_memo, self.indices, self.children = caches.dd_memo, caches.indices, caches.children
        self.max_moves = caches.max_moves
        self.hands, self.n, self.nbytes, self.holds = caches.hands, caches.n, caches.nbytes, caches.holds

    def _ask(self, questions: int, state: PlayState) -> None:
        """Count double-dummy solves against the budget: a node over thousands of deals costs thousands
        of solves, which the node count alone does not see.  A solve with more tricks to play costs more
        (counted as ``(tricks - 3)²`` units, one up to four tricks)."""
        self.caches.questions += questions * max(1, self.game.tricks_left(state) - 3) ** 2
        limit = self.question_budget()
        if limit is not None and self.caches.questions > limit:
            raise SingleDummyBudget(f"the exact single-dummy search needs more than {limit:,} units of "
                                    f"double-dummy solving")

    def question_budget(self) -> int | None:
        """The units of double-dummy solving this search may spend (all depths of a deepening search)."""
        limit = self.caches.question_limit
        if limit is None and self.node_limit is not None:
            limit = QUESTIONS_PER_NODE * self.node_limit
        return limit

    def moves_of_max(self, state: PlayState, worlds: int) -> list[Card]:
        """MAX's cards at ``state`` (one per run of equal cards), the same in every deal: found once."""
        found = self.max_moves.get(state)
        if found is None:
            found = self.max_moves[state] = self.game.moves(state, (worlds & -worlds).bit_length() - 1)
        return found

    def play(self, state: PlayState, card: Card) -> PlayState:
        key = (state, card)
        child = self.children.get(key)
        if child is None:
            child = self.game.play(state, card)
            self.children[key] = child
        return child

    # --- deal sets as ints -------------------------------------------------------------------
    def members(self, worlds: int) -> np.ndarray:
        """The deal indices in the set ``worlds``."""
        found = self.indices.get(worlds)
        if found is None:
            raw = np.frombuffer(worlds.to_bytes(self.nbytes, "little"), dtype=np.uint8)
            found = self.indices[worlds] = np.flatnonzero(np.unpackbits(raw, bitorder="little")[: self.n])
        return found

    def as_set(self, indices: np.ndarray) -> int:
        return _as_set(indices, self.nbytes)

    def dd_set(self, state: PlayState, worlds: int) -> int:
        """The deals of ``worlds`` MAX's side makes from ``state`` (a trick start, or inside a trick) seeing
        every card."""
        memo_key = (state.done, state.won, state.leader, state.trick, worlds)
        found = self.dd_memo.get(memo_key)
        if found is not None:
            return found
        game = self.game
        idx = self.members(worlds)
        rows = self.hands[idx] & ~np.int64(state.done)
        self._ask(len(idx), state)
        need = game.target - state.won
        left = game.tricks_left(state)
        if state.to_move & 1 == game.max_side:
            ok = game.oracle.batch_reach(rows, game.strain, state.leader, state.trick, need, cancel=game.cancel,
                                         homes=idx)
        else:
            ok = ~game.oracle.batch_reach(rows, game.strain, state.leader, state.trick, left - need + 1,
                                          cancel=game.cancel, homes=idx)
        out = self.as_set(idx[np.asarray(ok, dtype=bool)])
        self.dd_memo[memo_key] = out
        return out

    def seen_to_horizon(self, state: PlayState) -> bool:
        """Whether every card left before the horizon is played by a seat that sees the deal: MAX has no
        card left in the current trick and the horizon ends it.  Then the opponents (worst for MAX) and a
        defender's partner (best for MAX) play double dummy, and the state's one set is the double-dummy
        set, found by one batched question instead of a search of their cards (horizon 1 costs what PIMC
        does)."""
        if not self.shortcut or self.horizon is None or not state.trick:
            return False
        if self.game.tricks_left(state) - 1 > self.horizon:
            return False
        leader = state.leader
        return all((leader + k) & 3 not in self.game.max_seats for k in range(len(state.trick), 4))

    @staticmethod
    def key(state: PlayState, worlds: int) -> tuple:
        return state.done, state.won, state.leader, state.trick, worlds

    def settle(self, state: PlayState, worlds: int) -> tuple[int, bool]:
        """(the deals still open at ``state``, whether the state is decided): won states keep every deal,
        lost ones none, and at a trick start the deals double dummy cannot make are dropped."""
        game = self.game
        if worlds == 0:
            return 0, True
        if state.won >= game.target:
            return worlds, True
        if state.won + game.tricks_left(state) < game.target:
            return 0, True
        if not state.trick:
            worlds = self.dd_set(state, worlds)
            if self.horizon is not None and game.tricks_left(state) <= self.horizon:
                return worlds, True  # past the horizon: every later guess counted as right
        return worlds, worlds == 0

    def front(self, state: PlayState, worlds: int) -> list[int]:
        worlds, decided = self.settle(state, worlds)
        if decided:
            return [worlds]
        if self.one_deal_shortcut and not worlds & (worlds - 1) and state.done.bit_count() >= self.one_deal_after:
            return [self.dd_set(state, worlds)]  # one deal: the best line is the double-dummy one
        key = self.key(state, worlds)
        found = self.memo.get(key)
        if found is not None:
            return found
        if self.seen_to_horizon(state):
            result = [self.dd_set(state, worlds)]
            self.memo[key] = result
            return result
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SingleDummyBudget(f"the exact single-dummy search needs more than {self.node_limit:,} nodes")
        if self.deadline is not None and not self.nodes & 63 and time.perf_counter() > self.deadline:
            raise SingleDummyBudget("the exact single-dummy search ran out of time")
        if not self.nodes & 255:
            self.game.cancel.check()
            if self.node_limit:
                self.game.cancel.report(self.nodes / self.node_limit, self.progress_words)
        if self.game.is_max_to_move(state):
            result = self.max_node(state, worlds, key)
        else:
            result = self.min_node(state, worlds, key, ally=state.to_move & 1 == self.game.max_side)
        self.memo[key] = result
        return result

    def card_dd_sets(self, state: PlayState, worlds: int, moves: list[Card]) -> dict[Card, int]:
        """For each of declarer's ``moves`` here: the deals of ``worlds`` double dummy makes after it (an upper
        bound on every line starting with it), one batched make-or-fail question for every card."""
        game = self.game
        idx = self.members(worlds)
        rows = self.hands[idx] & ~np.int64(state.done)
        self._ask(len(idx), state)
        need = game.target - state.won
        reach = np.asarray(game.oracle.batch_reach_per_card(rows, game.strain, state.leader, state.trick, need,
                                                            cancel=game.cancel, homes=idx))
        if len(idx) <= SMALL_SET:
            made = (reach[:, moves] == 1).T.tolist()
            deals = idx.tolist()
            out: dict[Card, int] = {}
            for card, row in zip(moves, made):
                bits = 0
                for i, yes in zip(deals, row):
                    if yes:
                        bits |= 1 << i
                out[card] = bits
            return out
        flags = np.zeros((self.nbytes * 8, len(moves)), dtype=np.uint8)
        flags[idx] = reach[:, moves] == 1
        packed = np.packbits(flags, axis=0, bitorder="little").T.copy()  # one row of bytes per move
        return {card: int.from_bytes(packed[j].tobytes(), "little") for j, card in enumerate(moves)}

    def max_node(self, state: PlayState, worlds: int, key: tuple) -> list[int]:
        """Declarer's turn: the cards' fronts pooled.  A card whose double-dummy set is already covered by a
        set some other card wins cannot add anything, so it is not searched (the early cut of αμ), and the
        cards are tried largest double-dummy set first so that such covers come early."""
        game = self.game
        moves = self.moves_of_max(state, worlds)
        bounds = self.card_dd_sets(state, worlds, moves)
        cards = sorted(moves, key=lambda c: -weight_of(bounds[c], game.weights))
        pooled: list[int] = []
        chosen: dict[int, Card] = {}
        for card in cards:
            bound = bounds.get(card, 0)
            if _covered(bound, pooled):
                continue
            child = self.play(state, card)
            if child.trick and self.seen_to_horizon(child):  # the child asks the question just answered
                self.dd_memo.setdefault((child.done, child.won, child.leader, child.trick, worlds), bound)
            for s in self.front(child, worlds):
                if s not in chosen:
                    chosen[s] = card
                    pooled.append(s)
            if worlds in chosen:  # a card wins every deal still open: nothing can do better
                break
        result = _maximal(pooled) if pooled else [0]
        if result == [0] and 0 not in chosen:
            chosen[0] = cards[0]
        self.choice[key] = {s: chosen[s] for s in result}
        return result

    def legal_sets(self, state: PlayState, worlds: int) -> dict[Card, int]:
        """For each card the seat to move may hold: the deals of ``worlds`` where it is legal (it follows
        suit, or shows out and may play anything)."""
        holds = self.holds[state.to_move]
        live = ~state.removed & ((1 << 52) - 1)
        out: dict[Card, int] = {}
        if state.trick:
            led = SUIT_MASKS[state.trick[0] // 13] & live
            followers = 0
            for card in cards_of(led):
                inside = holds[card] & worlds
                if inside:
                    out[card] = inside
                    followers |= inside
            worlds &= ~followers
            live &= ~led
            if not worlds:
                return out
        for card in cards_of(live):
            inside = holds[card] & worlds
            if inside:
                out[card] = inside
        return out

    def min_node(self, state: PlayState, worlds: int, key: tuple, ally: bool = False) -> list[int]:
        """An opponent's turn (``ally`` False): in each deal the line must survive every card the seat may
        play, so a combination of one set per card wins ``∩ (S_c ∪ ¬V_c)``.  The partner of a defender
        MAX (``ally``): seeing the deal, it plays the card that keeps the line alive, ``∪ (S_c ∩ V_c)``."""
        game = self.game
        legal_in = self.legal_sets(state, worlds)
        combos: dict[int, tuple] = {0 if ally else worlds: ()}
        for card in sorted(legal_in, key=lambda c: -legal_in[c].bit_count()):
            valid = legal_in[card]
            child = self.play(state, card)
            child_front = self.front(child, valid)
            outside = worlds & ~valid
            grown: dict[int, tuple] = {}
            self.pairs += len(combos) * len(child_front)
            pair_limit = None if self.node_limit is None else PAIRS_PER_NODE * self.node_limit
            if pair_limit is not None and self.pairs > pair_limit:
                raise SingleDummyBudget(f"the exact single-dummy search's strategy sets outgrow "
                                        f"{pair_limit:,} combinations")
            for s, how in combos.items():
                for t in child_front:
                    u = (s | (t & valid)) if ally else (s & (t | outside))
                    if u not in grown:
                        grown[u] = how + ((card, child, valid, t),)
            # the filter may make FILTER_SHARE tests per combination still left in the budget
            keep = _maximal(list(grown), None if pair_limit is None else FILTER_SHARE * (pair_limit - self.pairs))
            combos = {s: grown[s] for s in keep}
            if not ally and combos.keys() == {0}:  # the defence beats every line here already
                break
        self.parts[key] = combos
        return list(combos)

    # --- the line behind a set ------------------------------------------------------------------
    def plan(self, state: PlayState, worlds: int, target: int, out: dict[PlayState, Card], tricks: int,
             seen: set) -> None:
        """Declarer's choices realising the set ``target`` from ``state`` (``target`` ⊆ a set of its front),
        for the next ``tricks`` tricks (each state and set visited once)."""
        if tricks <= 0 and not state.trick:
            return
        worlds, decided = self.settle(state, worlds)
        if decided or (state, worlds, target) in seen:
            return
        seen.add((state, worlds, target))
        key = self.key(state, worlds)
        if self.game.is_max_to_move(state):
            choices = self.choice.get(key, {})
            pick = next((s for s in choices if target & s == target), None)
            if pick is None:
                return
            card = choices[pick]
            out.setdefault(state, card)
            child = self.play(state, card)
            self.plan(child, worlds, pick, out, tricks - (not child.trick), seen)
        else:
            parts = self.parts.get(key, {})
            pick = next((s for s in parts if target & s == target), None)
            if pick is None:
                return
            for card, child, valid, t in parts[pick]:
                self.plan(child, valid, t & target, out, tricks - (not child.trick), seen)


def solve_single_dummy(game: BridgePlayGame, node_limit: int | None = 2_000_000,
                       plan_tricks: int = 3, time_limit: float | None = None,
                       horizon: int | None = None, *, roots: RootChoice | None = None,
                       _caches: _Caches | None = None, _deadline: float | None = None) -> SingleDummyResult:
    """The exact best-defence value of every root card of ``game`` (declaring side as MAX, make-or-fail
    payoffs, the game's worlds and weights), with each card's line over the next ``plan_tricks`` tricks;
    raises :class:`SingleDummyBudget` past ``node_limit`` nodes or ``time_limit`` seconds, and
    :class:`~engine.core.cancel.Cancelled` when the game's token is cancelled.  ``horizon``: search only
    that many tricks single dummy and count the deals double dummy makes from there (every later guess
    right: an upper bound for the side searched); None: to the end.  ``roots``: value only some root cards
    (:class:`RootChoice`); the result then holds those searched."""
    deadline = _deadline if _deadline is not None else (
        None if time_limit is None else time.perf_counter() + time_limit)
    search = _Search(game, node_limit, deadline, horizon, _caches, plan_tricks)
    root = game.root()
    everything = (1 << len(game.weights)) - 1
    sets: dict[Card, int] = {}
    chance: dict[Card, float] = {}
    plans: dict[Card, dict[PlayState, Card]] = {}
    cards = game.moves(root, 0) if roots is None else list(roots.order)
    questions_before = search.caches.questions
    for card in cards:
        if roots is not None:
            if roots.cut(card, chance):
                continue
            roots.check_room(search, len(chance), questions_before)
        child = search.play(root, card)
        front = search.front(child, everything)
        best = max(front, key=lambda s: (weight_of(s, game.weights), s.bit_count()))
        sets[card] = best
        chance[card] = weight_of(best, game.weights)
        plan: dict[PlayState, Card] = {root: card}
        search.plan(child, everything, best, plan, plan_tricks - (not child.trick), set())
        plans[card] = plan
    exact = horizon is None or horizon >= game.tricks_left(root) - 1  # the last trick has no choice
    return SingleDummyResult(sets, chance, plans, search.nodes, None if exact else horizon)


@dataclass(frozen=True)
class RootChoice:
    """Which root cards a search values, as αμ's root loop chooses them: the cards in ``order`` (best upper
    bound first), each skipped once ``keep`` cards have been valued and its ``bounds`` (an upper bound of its
    chance: its double-dummy chance) is below the ``keep``-th best chance found, for it cannot enter the top
    ``keep``.  Before each card after the first, the search gives up (:class:`SingleDummyBudget`) when the
    nodes and double-dummy solving the cards so far took, per card, times the cards still certain to be
    searched, would overrun what is left of its budget: a search that cannot finish is stopped at its first
    card, not at its last."""

    order: tuple[Card, ...]
    bounds: Mapping[Card, float]
    keep: int

    def cut(self, card: Card, found: Mapping[Card, float]) -> bool:
        """Whether ``card`` cannot enter the top ``keep`` of the chances ``found`` so far."""
        if len(found) < self.keep:
            return False
        kth = sorted(found.values(), reverse=True)[self.keep - 1]
        return self.bounds[card] < kth - 1e-12

    def check_room(self, search: "_Search", done: int, questions_before: float) -> None:
        """Raise when ``done`` cards' cost per card, for the cards still certain to come, overruns the budget."""
        if done == 0:
            return
        certain = max(0, min(self.keep, len(self.order)) - done)  # cards searched whatever the chances found
        if search.node_limit is not None and search.nodes + search.nodes / done * certain > search.node_limit:
            raise SingleDummyBudget(f"the search's first {done} cards took {search.nodes:,} nodes: {certain} "
                                    f"more would overrun its {search.node_limit:,}")
        limit = search.question_budget()
        spent = search.caches.questions - questions_before
        if limit is not None and search.caches.questions + spent / done * certain > limit:
            raise SingleDummyBudget(f"the search's first {done} cards took {spent:,} units of double-dummy "
                                    f"solving: {certain} more would overrun its {limit:,}")


def first_informative_horizon(game: BridgePlayGame) -> int:
    """The shallowest horizon at which a search differs from double dummy: the first that holds a second
    card of MAX's (before it, every card after the root's is played by a seat that sees the deal).  One
    for declarer with dummy to play later in the trick; two for a defender, who plays once a trick."""
    root = game.root()
    rest = range(len(root.trick) + 1, 4)
    return 1 if any((root.leader + k) & 3 in game.max_seats for k in rest) else 2


def deepening_single_dummy(game: BridgePlayGame, node_limit: int | None, time_limit: float | None = None,
                           plan_tricks: int = 3,
                           on_depth: Callable[[SingleDummyResult], None] | None = None,
                           first: int = 1, solving_limit: int | None = None,
                           growth: float | None = None, roots: RootChoice | None = None) -> SingleDummyResult:
    """:func:`solve_single_dummy` one trick deeper at a time (horizon ``first``, then one more, … to the end)
    within one budget of ``node_limit`` nodes, ``time_limit`` seconds and ``solving_limit`` units of
    double-dummy solving (see ``_Search._ask``; by default ``QUESTIONS_PER_NODE`` per node): the deepest
    search finished (``horizon`` None when it reached the end: exact).  ``on_depth`` sees every finished
    depth.  ``growth``: try one trick deeper only while ``growth`` times the last depth's nodes and solving
    fit in what is left of the budget (a depth that overruns it is work thrown away).  ``roots``: the root
    cards valued at every depth (:class:`RootChoice`; default all).  Raises :class:`SingleDummyBudget` when not
    even the first depth could be searched."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    caches = _Caches(game)
    caches.question_limit = solving_limit if solving_limit is not None else (
        None if node_limit is None else QUESTIONS_PER_NODE * node_limit)
    last_trick = game.tricks_left(game.root()) - 1
    spent = 0
    solved_before = 0.0
    best: SingleDummyResult | None = None
    for horizon in range(min(first, max(1, last_trick)), max(1, last_trick) + 1):
        left = None if node_limit is None else node_limit - spent
        if left is not None and left < 1:
            break
        try:
            result = solve_single_dummy(game, left, plan_tricks, horizon=horizon, roots=roots, _caches=caches,
                                        _deadline=deadline)
        except SingleDummyBudget:
            if best is None:
                raise
            break
        spent += result.nodes
        best = result
        if on_depth is not None:
            on_depth(result)
        if result.horizon is None:
            break
        if growth is not None and node_limit is not None:
            solving = caches.questions - solved_before
            if growth * result.nodes > node_limit - spent or (
                    caches.question_limit is not None
                    and growth * solving > caches.question_limit - caches.questions):
                break
        solved_before = caches.questions
    if best is None:
        raise SingleDummyBudget(f"a budget of {node_limit} nodes searches no trick")
    return best
