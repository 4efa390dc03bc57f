"""A card's line played out, deal by deal: the analysis's own strategy against a testing defence.

The exact analysis (:mod:`.lines`) keeps, for each card, the declaring side's choices of its best line
(``LineValues.plans``: a card per public state, the same in every deal that looks the same).  A plan
sentence or a technique such as a squeeze or a throw-in is a claim about that strategy, so it is read from
it: :func:`walk_line` plays the strategy in one deal, the declaring side's cards taken from the plan
(never chosen here), the other seats' cards by double dummy (each picks a card that gives its side the
most tricks from there, the lowest of equals: in a deal the line wins, every defence loses to it, so any
choice shows how it wins; in a deal it loses, this is a defence that beats it).

The walk stops where the strategy does: where the contract is decided (the search records no choice
beyond) or the plan's horizon ends.  Every :class:`Step` of the declaring side carries the public state
the plan was read at, so a test can check that the card is the strategy's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..bridge.tricks import legal_mask, trick_winner_index
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card
from ..core.seats import Seat
from ..search.bridge_game import PlayState
from ..solvers.oracle import DoubleDummyOracle
from .lines import LineValues

__all__ = ["Step", "WalkTrick", "Walk", "walk_line", "walk_lines", "MAX_WALKS"]

MAX_WALKS = 400
"""Walk every deal only up to this many deals (beyond, no plan or line technique is stated: a claim about
the strategy is checked in every deal or not made)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One card of the walk: who played it, whether the strategy chose it (``state``: the public state the
    plan was read at; None for the defence's cards and for cards already on the table)."""

    seat: Seat
    card: Card
    state: PlayState | None = None

    @property
    def planned(self) -> bool:
        return self.state is not None


@dataclass(frozen=True, slots=True)
class WalkTrick:
    """One trick of a walk: its leader, cards, winner (None if unfinished) and the deal's hands at its start."""

    leader: Seat
    steps: tuple[Step, ...]
    winner: Seat | None
    hands: tuple[int, int, int, int]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(s.card for s in self.steps)

    def seat_of(self, card: Card) -> Seat:
        for s in self.steps:
            if s.card == card:
                return s.seat
        raise KeyError(card)


@dataclass(frozen=True)
class Walk:
    """A card's line in one deal: the tricks played, whether the line reaches the goal there (the analysis's
    own per-deal result) and whether the strategy was followed to the end of the play (``complete``)."""

    world: int
    tricks: tuple[WalkTrick, ...]
    success: bool
    complete: bool

    @property
    def steps(self) -> list[Step]:
        return [s for t in self.tricks for s in t.steps]

    def planned(self) -> list[Step]:
        return [s for s in self.steps if s.planned]


def _max_seats(values: LineValues) -> frozenset[int]:
    p = values.position
    if values.declaring:
        return frozenset((int(p.declarer), int(p.declarer.partner)))
    return frozenset((int(p.to_move),))


def _guards(hands: tuple[int, ...], seat: int, mine: frozenset[int], removed: int) -> int:
    """The cards of ``seat`` that alone stop a card of the declaring side: a card ``g`` such that the side
    holds a lower card of its suit above every card of the seat's partner (a threat only ``seat`` guards)."""
    ours = 0
    for s in mine:
        ours |= hands[s]
    ours &= ~removed
    mate = hands[(seat + 2) & 3] & ~removed
    held = hands[seat] & ~removed
    out = 0
    for g in range(52):
        if not held >> g & 1:
            continue
        base = 13 * (g // 13)
        for x in range(base, g):
            if ours >> x & 1 and not any(mate >> y & 1 for y in range(x + 1, base + 13)):
                out |= 1 << g
                break
    return out


def _defence_card(oracle: DoubleDummyOracle, hands: tuple[int, ...], strain: int, leader: int,
                  trick: tuple[Card, ...], legal: int, guards: int = 0) -> Card:
    """The legal card giving the side to move the most double-dummy tricks; among equals, a card that
    guards nothing before a guard (a resisting defender keeps his guards), then the lowest rank."""
    row = np.array([hands], dtype=np.uint64)
    per = np.asarray(oracle.batch_tricks_per_card(row, strain, leader, trick))[0]
    best, best_key = -1, None
    for c in range(52):
        if not legal >> c & 1:
            continue
        key = (int(per[c]), not guards >> c & 1, -(c % 13), -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def walk_line(values: LineValues, card: Card, world: int, oracle: DoubleDummyOracle) -> Walk:
    """The line of ``card`` (its run's representative) in deal ``world`` of ``values`` (see the module)."""
    position = values.position
    plan = values.plans.get(card, {})
    hands = tuple(int(x) for x in np.asarray(position.worlds)[world])
    strain = int(position.strain)
    trump = None if strain == 4 else strain
    mine = _max_seats(values)
    side = next(iter(mine)) & 1
    state = PlayState(0, 0, int(position.leader), tuple(int(c) for c in position.trick))
    steps: list[Step] = [Step(Seat((state.leader + k) & 3), c) for k, c in enumerate(state.trick)]
    tricks: list[WalkTrick] = []
    complete = True
    start = tuple(h for h in hands)
    success = bool(np.asarray(values.success[card])[world] > 0.5) if card in values.success else False
    while True:
        seat = state.to_move
        held = hands[seat] & ~state.removed
        if not held:
            break
        if seat in mine:
            choice = plan.get(state)
            if choice is None:
                complete = False
                break
            steps.append(Step(Seat(seat), int(choice), state))
        else:
            legal = legal_mask(held, state.trick)
            guards = _guards(hands, seat, mine, state.removed)
            choice = _defence_card(oracle, start, strain, state.leader, state.trick, legal, guards)
            steps.append(Step(Seat(seat), int(choice)))
        trick = state.trick + (int(choice),)
        if len(trick) < 4:
            state = PlayState(state.done, state.won, state.leader, trick, state.history)
            continue
        winner = (state.leader + trick_winner_index(trick, trump)) & 3
        tricks.append(WalkTrick(Seat(state.leader), tuple(steps), Seat(winner), start))  # type: ignore[arg-type]
        steps = []
        done = state.done | sum(1 << c for c in trick)
        state = PlayState(done, state.won + (winner & 1 == side), winner, (), state.history + trick)
        start = tuple(h & ~done for h in hands)
    if steps:
        tricks.append(WalkTrick(Seat(state.leader), tuple(steps), None, start))  # type: ignore[arg-type]
    return Walk(world, tuple(tricks), success, complete)


def walk_lines(values: LineValues, card: Card, oracle: DoubleDummyOracle,
               worlds: Sequence[int] | None = None, *, cancel: CancelToken = NEVER) -> list[Walk] | None:
    """The line of ``card`` in every deal (or in ``worlds``); None when the analysis kept no strategy for
    the card (not exact) or there are more than :data:`MAX_WALKS` deals.  ``cancel`` is checked between
    deals (raises :class:`~engine.core.cancel.Cancelled`)."""
    if not values.exact or card not in values.plans or not values.plans[card]:
        return None
    chosen = range(values.worlds) if worlds is None else worlds
    if len(chosen) > MAX_WALKS:
        return None
    out = []
    for w in chosen:
        cancel.check()  # a stop request ends the walks between deals
        out.append(walk_line(values, card, w, oracle))
    return out
