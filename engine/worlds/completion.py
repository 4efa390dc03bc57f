"""Counting and uniform sampling of the ways to deal unseen cards into hands with free places.

Both games sample worlds the same way: the unseen cards fall into *classes*, the
cards of a class being allowed in the same seats (bridge: the cards of one suit,
barred from the seats that showed out of it; Hearts: the cards a seat's Yes/Maybe/No
table allows in the same seats).  The number of ways to complete the hands is a
small dynamic programme over the classes and the seats' free places, and a world
drawn class by class with those counts as weights is exactly uniform.  Counting with
one card pinned to a seat gives exact card probabilities.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import factorial
from typing import Iterator, Sequence

__all__ = ["CardClass", "ClassCompletion"]

Hands = tuple[int, int, int, int]
CardClass = tuple[tuple[int, ...], list[int]]
"""(the seats that may hold the class's cards, the cards)."""


class ClassCompletion:
    """Counts and samples the placements of every class's cards within the seats' capacities."""

    def __init__(self, classes: Sequence[CardClass], capacity: Hands) -> None:
        self.class_cards = [list(cards) for _, cards in classes]
        self.allowed = [tuple(seats) for seats, _ in classes]
        self.capacity = capacity
        self.ways = lru_cache(maxsize=None)(self._ways)

    def splits(self, k: int, cap: Hands) -> Iterator[Hands]:
        """Every way to split class ``k``'s cards among its allowed seats within ``cap`` (counts per seat)."""
        n = len(self.class_cards[k])
        seats = self.allowed[k]
        if not seats:
            if n == 0:
                yield (0, 0, 0, 0)
            return

        def rec(i: int, left: int, acc: list[int]) -> Iterator[Hands]:
            if i == len(seats) - 1:
                if left <= cap[seats[i]]:
                    acc[seats[i]] = left
                    yield tuple(acc)  # type: ignore[misc]
                    acc[seats[i]] = 0
                return
            for c in range(min(left, cap[seats[i]]) + 1):
                acc[seats[i]] = c
                yield from rec(i + 1, left - c, acc)
            acc[seats[i]] = 0

        yield from rec(0, n, [0, 0, 0, 0])

    @staticmethod
    def multinomial(counts: Hands) -> int:
        out = factorial(sum(counts))
        for c in counts:
            out //= factorial(c)
        return out

    def _ways(self, k: int, cap: Hands) -> int:
        """Placements of classes ``k..`` filling exactly the capacities ``cap``."""
        if k == len(self.class_cards):
            return 1 if not any(cap) else 0
        total = 0
        for split in self.splits(k, cap):
            rest = tuple(c - x for c, x in zip(cap, split))
            total += self.multinomial(split) * self.ways(k + 1, rest)
        return total

    @property
    def count(self) -> int:
        """Every placement of every class (the number of consistent worlds)."""
        return self.ways(0, self.capacity)

    def sample(self, rng: random.Random) -> Hands:
        """One placement, uniformly: each class's split drawn with its completion count as weight."""
        cap: Hands = self.capacity
        hands = [0, 0, 0, 0]
        for k in range(len(self.class_cards)):
            options = []
            weights = []
            for split in self.splits(k, cap):
                rest = tuple(c - x for c, x in zip(cap, split))
                w = self.multinomial(split) * self.ways(k + 1, rest)
                if w:
                    options.append((split, rest))
                    weights.append(w)
            r = rng.randrange(sum(weights))
            i = 0
            while r >= weights[i]:
                r -= weights[i]
                i += 1
            split, cap = options[i]  # type: ignore[assignment]
            cards = self.class_cards[k][:]
            rng.shuffle(cards)
            pos = 0
            for seat in range(4):
                for c in cards[pos: pos + split[seat]]:
                    hands[seat] |= 1 << c
                pos += split[seat]
        return tuple(hands)  # type: ignore[return-value]
