"""Choosing the three cards to pass by playing the hand out: every triple, then the best few again.

Every one of the 286 triples of the seat's 13 cards is a candidate.  The other
39 cards are dealt at random (uniformly: nothing is known of them yet), the
other seats pass by a *pass model* the caller supplies (a function from a
seat's pass view to its three cards — the rule-based player's pass in
practice), and the hand is played from the ♣2 to the end by the playout
policy at all four seats (:mod:`.kernel_passing`), the same deals and random
numbers for every candidate.  A first round over ``deals`` deals ranks the
triples; the best ``finalists`` are played over ``final_deals`` more deals and
ranked on all their hands.  The result lists candidates best first with the
seat's expected points: what a pass hint shows.
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ...core.cards import FULL_MASK, Card, card_str
from ...hearts.passing import PassDirection
from ...hearts.view import HeartsPhase, HeartsView, pass_view
from ...solvers.hearts.kernel_rules import rules_array
from .kernel_passing import pass_playouts

__all__ = ["PassModel", "PassSearchOptions", "PassCandidate", "PassSearchResult", "search_pass"]

PassModel = Callable[[HeartsView], Sequence[Card]]
"""How the other seats are assumed to pass: their pass view in, three cards out."""


@dataclass(frozen=True, slots=True)
class PassSearchOptions:
    deals: int = 40
    finalists: int = 12
    final_deals: int = 160
    playouts: int = 2
    """Playouts per deal and candidate."""
    epsilon: float = 0.1

    def __post_init__(self) -> None:
        for name in ("deals", "finalists", "playouts"):
            if getattr(self, name) < 1:
                raise ValueError(f"pass search: {name} must be at least 1, got {getattr(self, name)}")
        if self.final_deals < 0:
            raise ValueError(f"pass search: final_deals must be ≥ 0, got {self.final_deals}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"pass search: epsilon must be a probability 0..1, got {self.epsilon}")


@dataclass(frozen=True, slots=True)
class PassCandidate:
    cards: tuple[Card, Card, Card]
    expected_points: float
    """The passer's mean points over the hands played with this pass (lower is better)."""
    hands: int
    """Hands played out with this pass."""

    def to_dict(self) -> dict[str, object]:
        return {"cards": [card_str(c) for c in self.cards], "expected_points": round(self.expected_points, 3),
                "hands": self.hands}


@dataclass(frozen=True, slots=True)
class PassSearchResult:
    seat: int
    direction: PassDirection
    candidates: tuple[PassCandidate, ...]
    """Finalists best first, then the other triples by their first-round mean."""
    elapsed: float

    @property
    def best(self) -> tuple[Card, Card, Card]:
        return self.candidates[0].cards

    def to_dict(self, top: int = 5) -> dict[str, object]:
        return {"seat": self.seat, "direction": self.direction.label, "elapsed": round(self.elapsed, 3),
                "best": [card_str(c) for c in self.best], "candidates": [c.to_dict() for c in self.candidates[:top]]}


def _mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _deals(view: HeartsView, count: int, model: PassModel, rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    me = int(view.seat)
    rest = [c for c in range(52) if (FULL_MASK & ~view.hand.mask) >> c & 1]
    others = [s for s in range(4) if s != me]
    deals = np.zeros((count, 4), np.int64)
    passes = np.zeros((count, 4), np.int64)
    for d in range(count):
        rng.shuffle(rest)
        deals[d, me] = view.hand.mask
        for i, s in enumerate(others):
            deals[d, s] = _mask(rest[13 * i : 13 * i + 13])
            pv = pass_view(s, int(deals[d, s]), view.direction, view.rules, hand_number=view.hand_number,
                           scores=view.scores)
            passes[d, s] = _mask(model(pv))
    return deals, passes


def _play(view: HeartsView, deals, passes, candidates, options: PassSearchOptions, rng: random.Random) -> np.ndarray:
    seeds = np.array([[rng.getrandbits(62) | 1 for _ in range(options.playouts)] for _ in range(deals.shape[0])],
                     dtype=np.int64).reshape(deals.shape[0], options.playouts)
    out = np.zeros(candidates.shape[0])
    pass_playouts(deals, passes, candidates, int(view.seat), view.direction.value, seeds, rules_array(view.rules),
                  options.epsilon, out)
    return out


def search_pass(view: HeartsView, model: PassModel, options: PassSearchOptions | None = None,
                rng: random.Random | None = None) -> PassSearchResult:
    """Rank every pass of ``view.seat`` (a passing view on a hand that passes); see the module doc."""
    if view.phase is not HeartsPhase.PASSING:
        raise ValueError(f"seat {int(view.seat)} is not passing: the view is of the {view.phase.value} phase")
    if view.direction is PassDirection.HOLD:
        raise ValueError("no cards are passed on a hold hand")
    if len(view.hand) != 13:
        raise ValueError(f"seat {int(view.seat)} holds {len(view.hand)} cards; a pass is chosen from 13")
    options = options if options is not None else PassSearchOptions()
    rng = rng if rng is not None else random.Random(0)
    start = time.perf_counter()
    triples = list(itertools.combinations(sorted(view.hand.ascending()), 3))
    candidates = np.array([_mask(t) for t in triples], dtype=np.int64)
    deals, passes = _deals(view, options.deals, model, rng)
    first = _play(view, deals, passes, candidates, options, rng)
    hands_first = options.deals * options.playouts
    order = sorted(range(len(triples)), key=lambda k: (first[k], triples[k]))
    finalists = order[: options.finalists]
    totals = {k: (first[k], hands_first) for k in order}
    if options.final_deals:
        deals, passes = _deals(view, options.final_deals, model, rng)
        again = _play(view, deals, passes, candidates[finalists], options, rng)
        for i, k in enumerate(finalists):
            totals[k] = (first[k] + again[i], hands_first + options.final_deals * options.playouts)
    ranked = sorted(finalists, key=lambda k: (totals[k][0] / totals[k][1], triples[k])) + order[options.finalists:]
    out = tuple(PassCandidate(triples[k], totals[k][0] / totals[k][1], totals[k][1]) for k in ranked)  # type: ignore[arg-type]
    return PassSearchResult(int(view.seat), view.direction, out, time.perf_counter() - start)

