"""The PIMC bridge player: every seat, worlds sampled from its own view, double-dummy means.

Declarer also plays dummy's cards (the view it receives then says dummy is to
play); a defender samples declarer's and partner's hands.  Bampton's
refinements: a single choice after bucketing equivalent cards is played without
search, ties go to expected tricks and then to the lowest card, and the search
stops as soon as the worlds not yet solved cannot change the best card.
"""

from __future__ import annotations

import random
from typing import Mapping

from ..analysis.bridge import AnalysisBudget, choose_pimc, position_from_view
from ..bridge.view import BridgeView
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card
from ..core.seats import Seat
from ..search.bridge_game import equivalence_buckets
from ..solvers.oracle import DoubleDummyOracle
from ..worlds import HandConstraint

__all__ = ["BridgePimcPlayer", "forced_card"]


def forced_card(view: BridgeView, out_of_play: int = 0) -> Card | None:
    """The card to play without search when every legal card is equivalent (the lowest)."""
    live = ~(view.played_cards.mask | out_of_play) & ((1 << 52) - 1)
    for c in view.current_trick.cards:
        live |= 1 << c
    runs = equivalence_buckets(view.legal_cards.mask, live)
    return runs[0][0] if len(runs) == 1 else None


class BridgePimcPlayer:
    """Perfect-information Monte Carlo over ``worlds`` sampled deals per card."""

    def __init__(
        self,
        worlds: int = 20,
        seed: int = 1,
        *,
        time_limit: float | None = None,
        constraints: Mapping[Seat, HandConstraint] | None = None,
        oracle: DoubleDummyOracle | None = None,
        cancel: CancelToken = NEVER,
        out_of_play: int = 0,
    ) -> None:
        self.name = f"pimc:worlds={worlds}"
        self.budget = AnalysisBudget(worlds=worlds, time_limit=time_limit, stop_when_clear=True)
        self.rng = random.Random(seed)
        self.constraints = constraints
        self.oracle = oracle
        self.cancel = cancel
        self.out_of_play = out_of_play  # an ending's cards gone before it started (public)

    def choose_card(self, view: BridgeView) -> Card:
        forced = forced_card(view, self.out_of_play)
        if forced is not None:
            return forced
        position = position_from_view(view, self.budget.worlds, self.rng, self.constraints,
                                      out_of_play=self.out_of_play)
        return choose_pimc(position, self.budget, oracle=self.oracle, cancel=self.cancel).card
