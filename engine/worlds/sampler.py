"""Uniform world sampling and exact enumeration under known cards, voids and auction constraints.

Sampling must be *uniform* over the worlds consistent with what the seat has
seen, otherwise every estimate built on it is biased.  Dealing cards greedily
around the voids is not uniform, so we sample suit by suit with exact
completion counts: the number of ways to place the remaining suits given the
free places left in each hand (a small dynamic programme over at most four
capacities, :mod:`.completion`, shared with the Hearts sampler).  Auction
constraints (HCP, lengths, shape, key cards: any constraint on an original hand)
are then applied by rejection, which keeps uniformity over the constrained set;
the most demanding hand is drawn first, alone (:class:`_ConstrainedSampler`), so
tight auctions cost single-hand draws rather than whole deals.

When few cards are unseen, :func:`world_set` enumerates every world instead and
weights them equally (the a-priori distribution given the seat's knowledge).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import numpy as np

from ..core.cards import SUIT_MASKS, CardSet, cards_of
from .completion import ClassCompletion
from .knowledge import KnowledgeError, WorldKnowledge

__all__ = ["WorldSet", "count_worlds", "sample_worlds", "enumerate_worlds", "world_set"]

Hands = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class WorldSet:
    """Worlds as an ``(n, 4)`` uint64 array of hand masks (index = seat) with weights summing to 1."""

    hands: np.ndarray
    weights: np.ndarray
    exact: bool  # True when the set is every consistent world, False when sampled

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def world(self, i: int) -> Hands:
        return tuple(int(x) for x in self.hands[i])  # type: ignore[return-value]


def _completion(knowledge: WorldKnowledge) -> ClassCompletion:
    """The unseen cards in one class per suit, barred from the seats void in it or with no room."""
    unknown = knowledge.unknown
    classes = [
        (tuple(i for i in range(4) if knowledge.seats[i].allows_suit(s) and knowledge.free_places[i] > 0),
         cards_of(unknown & SUIT_MASKS[s]))
        for s in range(4)
    ]
    return ClassCompletion(classes, knowledge.free_places)


def count_worlds(knowledge: WorldKnowledge) -> int:
    """Number of worlds consistent with known cards and voids (auction constraints not applied)."""
    return _completion(knowledge).count


def _with_known(knowledge: WorldKnowledge, placed: Hands) -> Hands:
    return tuple(k.known | p for k, p in zip(knowledge.seats, placed))  # type: ignore[return-value]


def sample_worlds(
    knowledge: WorldKnowledge, count: int, rng: random.Random, *, max_tries_per_world: int = 20_000
) -> list[Hands]:
    """``count`` independent uniform worlds (current hands, index = seat).

    Raises :class:`KnowledgeError` when no world fits, or when the auction
    constraints reject ``max_tries_per_world`` candidates in a row.
    """
    comp = _completion(knowledge)
    if comp.count == 0:
        raise KnowledgeError("no deal is consistent with the known cards and voids")
    if knowledge.has_constraints:
        return _ConstrainedSampler(knowledge, rng).sample(count, rng, max_tries_per_world)
    return [_with_known(knowledge, comp.sample(rng)) for _ in range(count)]


class _ConstrainedSampler:
    """Exact rejection sampling that deals the most demanding hand first.

    An auction can leave few deals (an opener's 15-17 balanced, a responder's
    key cards), and rejecting whole deals then wastes thousands of tries.  Here
    the seat whose constraint rejects most often (measured by a short pilot) is
    drawn first, alone: its free places are filled uniformly from the cards it may
    hold, and retried until its own constraint holds, which is cheap.  Given its
    hand, the number of ways to deal the rest is ``N(a)``; the hand is kept with
    probability ``N(a) / M`` (``M`` = the ways without voids, an upper bound) so
    every hand gets its share of the deals, then the rest is dealt uniformly and
    the other seats' constraints are checked.  Every world that survives is
    equally likely: this is rejection sampling from the uniform distribution over
    the deals that satisfy everything, only with a better proposal.
    """

    PILOT = 200

    def __init__(self, knowledge: WorldKnowledge, rng: random.Random) -> None:
        self.knowledge = knowledge
        self.free = knowledge.free_places
        self.unknown = knowledge.unknown
        seats = knowledge.seats
        self.allowed = []
        for k in seats:
            mask = 0
            for s in range(4):
                if k.allows_suit(s):
                    mask |= SUIT_MASKS[s]
            self.allowed.append(mask)
        constrained = [i for i in range(4) if self.free[i] > 0 and not seats[i].constraint.is_trivial]
        for i in constrained:
            self._check_points_reachable(i)
        self.first = min(constrained, key=lambda i: (self._pilot(i, rng), i)) if constrained else None
        if self.first is not None:
            self.first_cards = cards_of(self.unknown & self.allowed[self.first])
            if len(self.first_cards) < self.free[self.first]:
                raise KnowledgeError("no deal is consistent with the known cards and voids")
        self.rest_voids = any(
            seats[i].voids and self.free[i] > 0 for i in range(4) if i != self.first
        )

    def _check_points_reachable(self, seat: int) -> None:
        """Raise at once when the seat's high-card-point range (a constraint's ``hcp``, when it has one)
        cannot be met by any hand: its seen cards plus the weakest or strongest cards it may still hold.
        Rejection sampling would otherwise spend a million draws finding out (a misbid: a minute)."""
        points = getattr(self.knowledge.seats[seat].constraint, "hcp", None)
        if points is None:
            return
        k = self.knowledge.seats[seat]
        seen = CardSet(k.known | k.played).hcp()
        pool = sorted(CardSet(1 << c).hcp() for c in cards_of(self.unknown & self.allowed[seat]))
        free = self.free[seat]
        least, most = seen + sum(pool[:free]), seen + sum(pool[len(pool) - free:])
        low, high = points
        if low > most or high < least:
            raise KnowledgeError(
                f"the auction gives {'NESW'[seat]} {low}-{high} HCP, but with the cards seen {'NESW'[seat]} "
                f"can hold only {least}-{most}: no deal fits (a misbid?)")

    def _original(self, seat: int, placed: int) -> int:
        k = self.knowledge.seats[seat]
        return k.known | k.played | placed

    def _pilot(self, seat: int, rng: random.Random) -> int:
        cards = cards_of(self.unknown & self.allowed[seat])
        if len(cards) < self.free[seat]:
            return 0
        constraint = self.knowledge.seats[seat].constraint
        hits = 0
        for _ in range(self.PILOT):
            placed = sum(1 << c for c in rng.sample(cards, self.free[seat]))
            hits += constraint.accepts(self._original(seat, placed))
        return hits

    def _rest(self, first_hand: int, rng: random.Random) -> Hands | None:
        """The other hands dealt uniformly around ``first_hand`` (``None``: this hand lost its N(a)/M draw)."""
        remaining = self.unknown & ~first_hand
        caps = list(self.free)
        if self.first is not None:
            caps[self.first] = 0
        if not self.rest_voids:
            cards = cards_of(remaining)
            rng.shuffle(cards)
            placed = [0, 0, 0, 0]
            pos = 0
            for seat in range(4):
                for c in cards[pos : pos + caps[seat]]:
                    placed[seat] |= 1 << c
                pos += caps[seat]
            if self.first is not None:
                placed[self.first] = first_hand
            return tuple(placed)  # type: ignore[return-value]
        classes = [
            (tuple(i for i in range(4) if caps[i] > 0 and self.allowed[i] >> (13 * s) & 1), cards_of(remaining & SUIT_MASKS[s]))
            for s in range(4)
        ]
        comp = ClassCompletion(classes, tuple(caps))  # type: ignore[arg-type]
        ways = comp.count
        if ways == 0 or rng.random() * ClassCompletion.multinomial(tuple(caps)) >= ways:  # type: ignore[arg-type]
            return None
        placed = list(comp.sample(rng))
        if self.first is not None:
            placed[self.first] = first_hand
        return tuple(placed)  # type: ignore[return-value]

    def sample(self, count: int, rng: random.Random, max_tries: int) -> list[Hands]:
        first = self.first
        out: list[Hands] = []
        for _ in range(count):
            tries = 0
            while True:
                tries += 1
                if tries > max_tries:
                    raise KnowledgeError(
                        f"the auction constraints rejected {max_tries} sampled deals in a row; "
                        "they are probably contradictory"
                    )
                first_hand = 0
                if first is not None:
                    constraint = self.knowledge.seats[first].constraint
                    for _draw in range(50 * max_tries):
                        first_hand = sum(1 << c for c in rng.sample(self.first_cards, self.free[first]))
                        if constraint.accepts(self._original(first, first_hand)):
                            break
                    else:
                        raise KnowledgeError(
                            f"the auction constraints rejected {50 * max_tries} hands for {'NESW'[first]} in a row; "
                            "they are probably contradictory"
                        )
                placed = self._rest(first_hand, rng)
                if placed is None:
                    continue
                hands = _with_known(self.knowledge, placed)
                if self.knowledge.accepts(hands):
                    out.append(hands)
                    break
        return out


def enumerate_worlds(knowledge: WorldKnowledge, limit: int = 50_000) -> list[Hands]:
    """Every consistent world (constraints applied), or ``KnowledgeError`` if there are over ``limit``."""
    total = count_worlds(knowledge)
    if total > limit:
        raise KnowledgeError(f"{total} worlds are consistent, more than the enumeration limit {limit}")
    free = knowledge.free_places
    unknown = cards_of(knowledge.unknown)
    allowed_mask = []
    for k in knowledge.seats:
        m = 0
        for s in range(4):
            if k.allows_suit(s):
                m |= SUIT_MASKS[s]
        allowed_mask.append(m)
    out: list[Hands] = []

    def rec(seat: int, remaining: list[int], acc: list[int]) -> None:
        if seat == 3:
            mask = sum(1 << c for c in remaining)
            if len(remaining) == free[3] and mask & ~allowed_mask[3] == 0:
                hands = _with_known(knowledge, (acc[0], acc[1], acc[2], mask))
                if knowledge.accepts(hands):
                    out.append(hands)
            return
        pool = [c for c in remaining if allowed_mask[seat] >> c & 1]
        for chosen in itertools.combinations(pool, free[seat]):
            mask = sum(1 << c for c in chosen)
            acc[seat] = mask
            rec(seat + 1, [c for c in remaining if not mask >> c & 1], acc)
        acc[seat] = 0

    rec(0, unknown, [0, 0, 0, 0])
    return out


def world_set(
    knowledge: WorldKnowledge, count: int, rng: random.Random, *, exact_limit: int = 0
) -> WorldSet:
    """Enumerate when at most ``exact_limit`` worlds are consistent, otherwise sample ``count``."""
    if exact_limit and count_worlds(knowledge) <= exact_limit:
        worlds = enumerate_worlds(knowledge, exact_limit)
        if not worlds:
            raise KnowledgeError("no deal is consistent with everything known")
        exact = True
    else:
        worlds = sample_worlds(knowledge, count, rng)
        exact = False
    hands = np.array(worlds, dtype=np.uint64).reshape(-1, 4)
    weights = np.full(len(worlds), 1.0 / len(worlds))
    return WorldSet(hands=hands, weights=weights, exact=exact)

