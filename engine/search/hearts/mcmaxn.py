"""MC-Max_n (Perkins' Sweetpea): average perfect-information Max_n values over uniformly sampled worlds.

Worlds are drawn in small batches until the world budget is spent or the time
budget runs out (at least one batch is always searched), so the search is an
anytime procedure.  Every legal card of the seat to move is valued in every
world; the card with the lowest mean own points wins, ties going to the card
that leaves the most points to the others (the same paranoid rule as inside
Max_n), then to the higher card.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ...core.cancel import NEVER, CancelToken
from ...core.cards import Card
from ...hearts.rules import HeartsRules
from ...hearts.view import HeartsView
from ...solvers.hearts import CardValue, HeartsPosition, HeartsSolver, SearchDepth
from ...worlds.hearts_knowledge import HeartsKnowledge
from ...worlds.hearts_sampler import HeartsWorldSampler

__all__ = ["MCMaxnOptions", "MCMaxnResult", "MCMaxnSearch", "best_card"]


@dataclass(frozen=True, slots=True)
class MCMaxnOptions:
    """World budget, time budget (seconds per decision), search depth and batch size."""

    worlds: int = 40
    time_limit: float = 0.5
    depth: SearchDepth = field(default_factory=SearchDepth)
    batch: int = 4
    paranoid: bool = False  # value cards by the paranoid reduction instead of Max_n (see HeartsSolver)

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError(f"worlds must be at least 1, got {self.worlds}")
        if self.time_limit <= 0:
            raise ValueError(f"time must be positive (seconds), got {self.time_limit}")
        if self.batch < 1:
            raise ValueError(f"batch must be at least 1, got {self.batch}")


@dataclass(frozen=True, slots=True)
class MCMaxnResult:
    """Every legal card with its values averaged over the searched worlds."""

    seat: int
    cards: tuple[CardValue, ...]
    worlds: int
    elapsed: float
    nodes: int

    def best(self) -> Card:
        return best_card(self.cards, self.seat)


def best_card(values: tuple[CardValue, ...] | list[CardValue], seat: int) -> Card:
    """The card with the fewest expected points for ``seat`` (paranoid tie-break, then the higher card)."""
    if not values:
        raise ValueError(f"seat {seat} has no card to choose from")
    return min(values, key=lambda v: (round(v.points[seat], 9), -round(sum(v.points), 9), -v.card)).card


class MCMaxnSearch:
    """Searches one decision at a time; keeps a solver (and its table memory) between decisions."""

    def __init__(self, rules: HeartsRules, options: MCMaxnOptions, seed: int = 0) -> None:
        self.rules = rules
        self.options = options
        self.solver = HeartsSolver(rules, options.depth, paranoid=options.paranoid)
        self.rng = random.Random(seed)

    def search(self, view: HeartsView) -> MCMaxnResult:
        """Values of every legal card of ``view.seat`` (which must be the seat to move).

        A forced card is returned at once, unvalued (use :meth:`search_all` to value it).
        """
        legal = sorted(view.legal_cards.ascending())
        if len(legal) == 1:
            only = CardValue(legal[0], (0.0,) * 4, (0.0,) * 4)  # type: ignore[arg-type]
            return MCMaxnResult(int(view.seat), (only,), 0, 0.0, 0)
        return self.search_all(view)

    def search_all(self, view: HeartsView, *, cancel: CancelToken = NEVER,
                   on_batch: Callable[[np.ndarray, int], None] | None = None) -> MCMaxnResult:
        """Like :meth:`search`, but values even a single legal card (for hints).

        ``cancel`` is checked before each batch of worlds (raising :class:`~engine.core.cancel.Cancelled`);
        ``on_batch(total, searched)`` sees the running sums (``total[card]``: points then moon chances,
        summed over the ``searched`` worlds) after each batch, so a caller can show partial values."""
        if not view.legal_cards:
            raise ValueError(f"seat {int(view.seat)} is not to move: no legal cards in its view")
        start = time.perf_counter()
        nodes0 = self.solver.nodes
        position = HeartsPosition.of_view(view)
        legal = sorted(view.legal_cards.ascending())
        sampler = HeartsWorldSampler(HeartsKnowledge.from_view(view))
        total = np.zeros((52, 8))
        searched = 0
        opts = self.options
        while searched < opts.worlds:
            cancel.check()
            n = min(opts.batch, opts.worlds - searched)
            values = self.solver.world_values(position, sampler.sample_array(n, self.rng))
            total[legal] += values[:, legal, :].sum(axis=0)
            searched += n
            if on_batch is not None:
                on_batch(total, searched)
            if time.perf_counter() - start > opts.time_limit:
                break
        mean = total / searched
        cards = tuple(
            CardValue(c, tuple(float(x) for x in mean[c, :4]), tuple(float(x) for x in mean[c, 4:]))  # type: ignore[arg-type]
            for c in legal
        )
        return MCMaxnResult(int(view.seat), cards, searched, time.perf_counter() - start, self.solver.nodes - nodes0)
