"""Uniform sampling of Hearts worlds from a Y/M/N table, exact card probabilities, and Perkins' Iter10.

Perkins' sampler (turn a random Maybe into a Yes and propagate) is not
uniform in general, so worlds are drawn exactly uniformly instead: the unknown
cards fall into classes by *which seats may hold them* (at most seven classes
with three hidden seats), and the number of ways to complete the hands is a
small dynamic programme over the classes and the seats' free places — the
same class-split completion (:mod:`.completion`) the bridge sampler uses with
one class per suit.  Counting with a card
pinned to a seat gives *exact* card probabilities, which the tests hold the
sampler to.  :func:`iterative_probabilities` is Perkins' fast approximation
(used by II-Max_n, where exact counts at every node would be too slow).
"""

from __future__ import annotations

import random

import numpy as np

from ..core.cards import cards_of
from .completion import ClassCompletion
from .hearts_knowledge import HeartsKnowledge
from .knowledge import KnowledgeError

__all__ = ["HeartsWorldSampler", "iterative_probabilities"]

Hands = tuple[int, int, int, int]


def _classes(knowledge: HeartsKnowledge, pinned: tuple[int, int] | None = None) -> tuple[list, Hands]:
    """Unknown cards grouped by the seats that may hold them; ``pinned`` = (card, seat) fixed first."""
    groups: dict[tuple[int, ...], list[int]] = {}
    cap = list(knowledge.free_places)
    for card in cards_of(knowledge.unknown):
        if pinned is not None and card == pinned[0]:
            cap[pinned[1]] -= 1
            continue
        seats = tuple(s for s in range(4) if knowledge.maybe[s] >> card & 1)
        groups.setdefault(seats, []).append(card)
    return sorted(groups.items()), tuple(cap)  # type: ignore[return-value]


class HeartsWorldSampler:
    """Draws worlds (the four hands now) uniformly among those the Y/M/N table allows."""

    def __init__(self, knowledge: HeartsKnowledge) -> None:
        self.knowledge = knowledge
        classes, cap = _classes(knowledge)
        self._completion = ClassCompletion(classes, cap)
        self.count = self._completion.count
        if self.count == 0:
            raise KnowledgeError("no deal is consistent with what this seat knows")

    def sample(self, rng: random.Random) -> Hands:
        placed = self._completion.sample(rng)
        return tuple(self.knowledge.yes[s] | placed[s] for s in range(4))  # type: ignore[return-value]

    def sample_array(self, count: int, rng: random.Random) -> np.ndarray:
        """``count`` worlds as an ``(count, 4)`` int64 array (hand masks by seat)."""
        return np.array([self.sample(rng) for _ in range(count)], dtype=np.int64).reshape(-1, 4)

    def exact_probabilities(self) -> np.ndarray:
        """``P[seat, card]`` that ``seat`` holds ``card``, counted exactly over all consistent worlds."""
        k = self.knowledge
        probs = np.zeros((4, 52))
        for s in range(4):
            for c in cards_of(k.yes[s]):
                probs[s, c] = 1.0
        for card in cards_of(k.unknown):
            for s in range(4):
                if not k.maybe[s] >> card & 1 or k.free_places[s] == 0:
                    continue
                classes, cap = _classes(k, (card, s))
                probs[s, card] = ClassCompletion(classes, cap).count / self.count
        return probs


def iterative_probabilities(knowledge: HeartsKnowledge, iterations: int = 10, rate: float = 0.5) -> np.ndarray:
    """Perkins' iterative estimate of ``P[seat, card]``: spread each seat's free places over its Maybes,
    then alternately nudge row sums to hand sizes and column sums to one (``rate`` = his α).

    Each correction is shared among the Maybes of the row (column) rather than
    added whole to every one of them as the paper's wording reads: added whole,
    a seat with fifteen Maybes overshoots fifteenfold and the table oscillates.
    """
    probs = np.zeros((4, 52))
    maybe = np.zeros((4, 52), dtype=bool)
    for s in range(4):
        for c in cards_of(knowledge.yes[s]):
            probs[s, c] = 1.0
        cards = cards_of(knowledge.maybe[s])
        if cards:
            maybe[s, cards] = True
            probs[s, cards] = knowledge.free_places[s] / len(cards)
    sizes = np.array(knowledge.sizes, dtype=float)
    unknown = cards_of(knowledge.unknown)
    row_count = np.maximum(maybe.sum(axis=1), 1)
    col_count = np.maximum(maybe.sum(axis=0), 1)
    for _ in range(iterations):
        row_gap = (sizes - probs.sum(axis=1)) / row_count
        probs += rate * row_gap[:, None] * maybe
        if unknown:
            col_gap = (1.0 - probs[:, unknown].sum(axis=0)) / col_count[unknown]
            probs[:, unknown] += rate * col_gap[None, :] * maybe[:, unknown]
        np.clip(probs, 0.0, 1.0, out=probs)
    return probs
