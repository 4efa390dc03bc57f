"""The chance of one concrete single-dummy line against best defence: a lower bound on the best line's.

A search cut at a horizon (:func:`~engine.search.single_dummy.deepening_single_dummy`)
counts every guess after the horizon as right, so its figure is an upper bound of
what the player can make.  A *floor* comes from the other side: fix a line the
player can really follow — a card at each of its turns that depends only on what
it has seen — and find, deal by deal, whether it survives every defence (each
defender seeing the deal and the line, Frank & Basin's best defence).  Whatever
line is fixed, the best line does at least as well, so its chance is a lower
bound, and the true chance lies between the two figures.

The line fixed here (:class:`FloorLine`):

* at any trick its side leads, when the leader's sure tricks — its top cards in
  each suit, as many rounds as no opponent with a trump can ruff — reach the target
  in every deal still open, it cashes them (and wins every one of those deals);
* else, for the first tricks, the choices of the searched line itself (``plan``: a card
  per public state, as the horizon search chose them);
* after that, at each turn the card whose double-dummy make set over the deals
  still possible is the heaviest (Monte-Carlo play over every layout still
  consistent with the cards seen; weights equal to 12 decimals tie, and ties go to
  the card that makes in more deals, then the lowest card).

Declarer's card being fixed at every public state, the search's front at a
state is one set (the deals the line wins from there), and only the defenders'
cards branch.  Three cuts keep it small, all exact for this line: a deal that
double dummy cannot make is lost whatever the line does; once one deal is left
(past the planned tricks) the line plays that deal double dummy, so it wins it
exactly when double dummy does; and when the sure tricks suffice, it wins them all.

The search runs under the same kind of budget as the horizon search and raises
:class:`~engine.search.single_dummy.SingleDummyBudget` when it is spent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..core.cards import SUIT_MASKS, Card
from .bridge_game import BridgePlayGame, PlayState
from .single_dummy import QUESTIONS_PER_NODE, SingleDummyBudget, _Caches, _Search, weight_of

__all__ = ["FloorLine", "line_floor", "line_floors"]


@dataclass(frozen=True)
class FloorLine:
    """One root card's floor: ``won`` (a bitmask over the game's worlds: the deals the fixed line makes
    against best defence), its weight ``chance``, and the ``nodes`` searched."""

    card: Card
    won: int
    chance: float
    nodes: int


class _FloorSearch(_Search):
    """The single-dummy search with declarer's card fixed at every state (see the module docstring)."""

    progress_words = "checking a concrete line against the best defence"
    one_deal_shortcut = False  # the line is fixed: its own one-deal rule (past the plan) is in :meth:`front`

    def __init__(self, game: BridgePlayGame, plan: Mapping[PlayState, Card], node_limit: int | None,
                 deadline: float | None, caches: _Caches) -> None:
        super().__init__(game, node_limit, deadline, None, caches)
        self.fixed = dict(plan)
        # the planned states' played cards: past the deepest, the line is Monte-Carlo play only
        self.planned_depth = max((s.removed.bit_count() for s in self.fixed), default=-1)

    def front(self, state: PlayState, worlds: int) -> list[int]:
        open_, decided = self.settle(state, worlds)
        if not decided:
            if not open_ & (open_ - 1) and state.removed.bit_count() > self.planned_depth:
                return [self.dd_set(state, open_)]  # one deal: Monte-Carlo play is double-dummy play there
            if not state.trick and state.leader & 1 == self.game.max_side and self.sure(state, open_):
                return [open_]  # cash the sure tricks
        return super().front(state, worlds)

    def sure(self, state: PlayState, worlds: int) -> bool:
        """Whether, in every deal of ``worlds``, the leader (of MAX's side, at a trick start) can cash enough
        tricks for the target whatever the opponents hold: in each suit its cards above every live card it does
        not hold, each for a round no opponent with a trump left can ruff."""
        game = self.game
        need = game.target - state.won
        trumps = None if game.trump is None else SUIT_MASKS[game.trump]
        for row in self.hands[self.members(worlds)]:
            hands = [int(h) & ~state.done for h in row]
            mine = hands[state.leader]
            theirs = hands[(state.leader + 1) & 3] | hands[(state.leader + 2) & 3] | hands[(state.leader + 3) & 3]
            ruffers = [h for seat, h in enumerate(hands) if seat & 1 != game.max_side and trumps is not None
                       and h & trumps]
            total = 0
            for suit, mask in enumerate(SUIT_MASKS):
                others = theirs & mask
                top = (mine & mask) >> others.bit_length() if others else mine & mask  # above their best card
                count = top.bit_count()
                if suit != game.trump:
                    for h in ruffers:
                        count = min(count, (h & mask).bit_count())
                total += count
            if total < need:
                return False
        return True

    def max_node(self, state: PlayState, worlds: int, key: tuple) -> list[int]:
        game = self.game
        moves = self.moves_of_max(state, worlds)
        card = self.fixed.get(state)
        if card not in moves:
            bounds = self.card_dd_sets(state, worlds, moves)
            card = max(moves, key=lambda c: (round(weight_of(bounds[c], game.weights), 12), bounds[c].bit_count(), -c))
        return self.front(self.play(state, card), worlds)


def line_floors(game: BridgePlayGame, lines: Sequence[tuple[Card, Mapping[PlayState, Card]]],
                node_limit: int | None = 150_000, solving_limit: int | None = None,
                time_limit: float | None = None, enough: Mapping[Card, float] | None = None,
                require: Mapping[Card, float] | None = None) -> list[FloorLine]:
    """The floors of ``lines`` in turn (a root card, then a plan: {public state: card}, e.g. a horizon
    search's line, followed where it has a card, Monte-Carlo play after), against best defence on the game's
    worlds and weights, within one budget shared by all of them (their double-dummy answers shared too): the
    floors found before the budget ran out, in order.  The budget: ``node_limit`` nodes, ``solving_limit``
    units of double-dummy solving (default: as the horizon search, per node), ``time_limit`` seconds.  A
    line whose first question alone would overrun the solving budget is not started.  ``enough``: a card's
    later lines are skipped once one of its floors reaches this chance (it cannot do better: an upper bound).
    ``require``: the caller needs every line's floor to reach this chance, so the search stops after the first
    line whose floor falls short (the lines found so far, that one included, are returned)."""
    root = game.root()
    for card, _ in lines:
        if card not in game.moves(root, 0):
            raise ValueError(f"card {card} is not one of the moves searched at the root")
    caches = _Caches(game)
    caches.question_limit = solving_limit if solving_limit is not None else (
        None if node_limit is None else QUESTIONS_PER_NODE * node_limit)
    if caches.question_limit is not None and len(game.weights) * max(1, game.tricks_left(root) - 3) ** 2 \
            > caches.question_limit:
        return []
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    everything = (1 << len(game.weights)) - 1
    found: list[FloorLine] = []
    spent = 0
    best: dict[Card, float] = {}
    for card, plan in lines:
        if enough is not None and card in best and best[card] >= enough.get(card, 1.0) - 1e-12:
            continue
        left = None if node_limit is None else node_limit - spent
        search = _FloorSearch(game, plan, left, deadline, caches)
        try:
            won = search.front(search.play(root, card), everything)[0]
        except SingleDummyBudget:
            break
        spent += search.nodes
        found.append(FloorLine(card, won, weight_of(won, game.weights), search.nodes))
        best[card] = max(best.get(card, 0.0), found[-1].chance)
        if require is not None and found[-1].chance < require.get(card, 0.0) - 1e-12:
            break
    return found


def line_floor(game: BridgePlayGame, card: Card, plan: Mapping[PlayState, Card] | None = None,
               node_limit: int | None = 150_000, solving_limit: int | None = None,
               time_limit: float | None = None) -> FloorLine:
    """The floor of one line (see :func:`line_floors`); raises
    :class:`~engine.search.single_dummy.SingleDummyBudget` when the budget runs out."""
    found = line_floors(game, [(card, plan or {})], node_limit, solving_limit, time_limit)
    if not found:
        raise SingleDummyBudget("the line's floor needs more than its budget")
    return found[0]
