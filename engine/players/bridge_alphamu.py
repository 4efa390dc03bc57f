"""The αμ bridge player (Cazenave & Ventos): declarer searches M of its own moves ahead over
sampled worlds, against a defence assumed to see every card.

As declarer (playing dummy too) it runs one αμ search from the root with the
transposition table, iterative deepening and the early and root cuts; with
M = 1, and as a defender, it plays PIMC (αμ with M = 1) card for card — a
defender's partner is hidden, and αμ's one-move-in-every-world rule covers only
the hands MAX sees.  Among root cards of equal p_make the double-dummy expected
tricks decide: PIMC's card (best chance, then most expected tricks) is searched
first, so the root cut keeps it unless looking ahead finds it worse.
"""

from __future__ import annotations

import random
from typing import Mapping

from ..analysis.bridge import AnalysisBudget, choose_alphamu, choose_pimc, position_from_view
from ..bridge.view import BridgeView
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card
from ..core.seats import Seat
from ..solvers.oracle import DoubleDummyOracle
from ..worlds import HandConstraint
from .bridge_pimc import forced_card

__all__ = ["BridgeAlphaMuPlayer"]


class BridgeAlphaMuPlayer:
    """αμ with ``max_moves`` (M) MAX moves over ``worlds`` sampled deals per card."""

    def __init__(
        self,
        max_moves: int = 2,
        worlds: int = 20,
        seed: int = 1,
        *,
        time_limit: float | None = None,
        transposition_table: bool = True,
        cuts: bool = True,
        constraints: Mapping[Seat, HandConstraint] | None = None,
        oracle: DoubleDummyOracle | None = None,
        cancel: CancelToken = NEVER,
        out_of_play: int = 0,
    ) -> None:
        self.name = f"alphamu:m={max_moves},worlds={worlds}"
        self.budget = AnalysisBudget(worlds=worlds, max_moves=max_moves, time_limit=time_limit,
                                     transposition_table=transposition_table, early_cut=cuts, root_cut=cuts)
        self.defence_budget = AnalysisBudget(worlds=worlds, time_limit=time_limit, stop_when_clear=True)
        self.rng = random.Random(seed)
        self.constraints = constraints
        self.oracle = oracle
        self.cancel = cancel
        self.out_of_play = out_of_play  # an ending's cards gone before it started (public)
        self.last_stats: Mapping[str, int] = {}

    def choose_card(self, view: BridgeView) -> Card:
        forced = forced_card(view, self.out_of_play)
        if forced is not None:
            return forced
        position = position_from_view(view, self.budget.worlds, self.rng, self.constraints,
                                      out_of_play=self.out_of_play)
        if not view.is_declarer_side or self.budget.max_moves == 1:  # αμ with M = 1 is PIMC
            return choose_pimc(position, self.defence_budget, oracle=self.oracle, cancel=self.cancel).card
        if position.target <= 0 or position.target > int(position.worlds[0, int(position.leader)]).bit_count():
            # Already made or already down: only tricks matter, PIMC's expected tricks decide.
            return choose_pimc(position, self.defence_budget, oracle=self.oracle, cancel=self.cancel).card
        choice = choose_alphamu(position, self.budget, oracle=self.oracle, cancel=self.cancel)
        self.last_stats = choice.stats
        if choice.p_make <= 0.0:
            # Lost in every world against best defence: αμ's cuts stop at any card, so let PIMC
            # (optimistic, with expected tricks) pick the card that keeps the most chances.
            return choose_pimc(position, self.defence_budget, oracle=self.oracle, cancel=self.cancel).card
        return choice.card
