"""Payoff-reduction minimaxing (Frank & Basin §7.2, Fig. 19) and its beta-reduction hybrid.

Each leaf payoff in world k is reduced to the minimax value, in world k, of
every MIN ancestor: MIN can always hold MAX to that much, so larger payoffs are
unreachable and only mislead MAX's choices elsewhere (non-locality).  The
reduction is done on the fly: a cap vector is lowered at each MIN node on the
way down, which is steps 1-3 of Fig. 19 combined.
"""

from __future__ import annotations

from .multiworld import MultiWorldGame
from .result import SearchResult
from .vector_mm import VectorOptions, _result

__all__ = ["prm", "prm_beta"]


def prm(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    """vector-mm on the payoff-reduced tree."""
    return _result("prm", game, VectorOptions(payoff_reduction=True), compiled)


def prm_beta(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    """vm-beta on the payoff-reduced tree."""
    return _result("prm-beta", game, VectorOptions(beta_reduction=True, payoff_reduction=True), compiled)
