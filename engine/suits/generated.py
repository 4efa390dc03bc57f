"""A generated family of suit problems, for sweeps and benchmarks beyond the expert library.

Every split of the top cards and the spot cards between North and South:

* each of the six top cards A K Q J 10 9 goes to North, to South, or to the defence;
* North and South get any number of the seven spot cards 8..2 (written ``x``: South's
  are the lowest, as :func:`~engine.suits.model.parse_holdings` deals them);
* the longer hand has at most seven cards, declarer holds at least one card and the
  defence at least one;
* every trick target from one to the length of the longer hand.

That is 20,769 holdings and 108,496 problems, voids and hands that run out first
included.  :func:`sample` draws a reproducible sample of them.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache

from .model import FULL_SUIT, SuitProblem, holding_str

__all__ = ["GeneratedProblem", "TOP_RANKS", "SPOT_RANKS", "MAX_LENGTH", "holdings", "problems", "sample"]

TOP_RANKS = (14, 13, 12, 11, 10, 9)
SPOT_RANKS = (8, 7, 6, 5, 4, 3, 2)
MAX_LENGTH = 7


@dataclass(frozen=True)
class GeneratedProblem:
    north: int
    south: int
    target: int

    def problem(self) -> SuitProblem:
        return SuitProblem(self.north, self.south)

    def label(self) -> str:
        return f"{holding_str(self.north)} opposite {holding_str(self.south)}, {self.target} trick{'s' * (self.target > 1)}"


def _field(ranks: list[int] | tuple[int, ...]) -> int:
    return sum(1 << (r - 2) for r in ranks)


@lru_cache(maxsize=1)
def holdings() -> tuple[tuple[int, int], ...]:
    """Every (North, South) pair of the family, as rank fields, in a fixed order."""
    out = []
    spots = sorted(SPOT_RANKS)
    for owners in itertools.product("NSo", repeat=len(TOP_RANKS)):
        north_tops = _field([r for r, o in zip(TOP_RANKS, owners) if o == "N"])
        south_tops = _field([r for r, o in zip(TOP_RANKS, owners) if o == "S"])
        for south_spots in range(len(spots) + 1):
            for north_spots in range(len(spots) + 1 - south_spots):
                south = south_tops | _field(spots[:south_spots])
                north = north_tops | _field(spots[south_spots:south_spots + north_spots])
                if not north | south or north | south == FULL_SUIT:
                    continue
                if max(north.bit_count(), south.bit_count()) > MAX_LENGTH:
                    continue
                out.append((north, south))
    return tuple(out)


def problems() -> list[GeneratedProblem]:
    """Every problem of the family: each holding with each trick target."""
    return [GeneratedProblem(n, s, k) for n, s in holdings()
            for k in range(1, max(n.bit_count(), s.bit_count()) + 1)]


def sample(count: int, seed: int) -> list[GeneratedProblem]:
    """``count`` distinct problems drawn at random (``seed`` makes the draw reproducible); the whole
    family when ``count`` is at least its size."""
    every = problems()
    if count >= len(every):
        return every
    return random.Random(seed).sample(every, count)
