"""Uniform world sampling and exact enumeration under known cards, voids and auction constraints.

Sampling must be *uniform* over the worlds consistent with what the seat has
seen, otherwise every estimate built on it is biased.  Dealing cards greedily
around the voids is not uniform, so we sample suit by suit with exact
completion counts: the number of ways to place the remaining suits given the
free places left in each hand (a small dynamic programme over at most four
capacities, :mod:`.completion`, shared with the Hearts sampler).  Auction constraints (HCP, lengths, balanced) are then applied by
rejection, which keeps uniformity over the constrained set.

When few cards are unseen, :func:`world_set` enumerates every world instead and
weights them equally (the a-priori distribution given the seat's knowledge).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import numpy as np

from ..core.cards import SUIT_MASKS, cards_of
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
    out: list[Hands] = []
    constrained = knowledge.has_constraints
    for _ in range(count):
        for _attempt in range(max_tries_per_world):
            hands = _with_known(knowledge, comp.sample(rng))
            if not constrained or knowledge.accepts(hands):
                out.append(hands)
                break
        else:
            raise KnowledgeError(
                f"the auction constraints rejected {max_tries_per_world} sampled deals in a row; "
                "they are probably contradictory"
            )
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

