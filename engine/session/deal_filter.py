"""Deal filters for new bridge boards: any deal; one whose automatic contract is a game or a slam; or
"3NT undecided", a deal where 3NT by North or South makes against some opening leads and fails against
others (double-dummy), so the play of the first trick matters."""

from __future__ import annotations

from enum import Enum

from ..bridge.contract import Strain
from ..bridge.scoring import score_breakdown
from ..core.deal import Deal
from ..core.seats import Seat
from .contract_choice import NS_DECLARERS, ContractChoice
from ..solvers.oracle import DoubleDummyOracle

__all__ = ["DealFilter", "MAX_FILTER_TRIES", "THREE_NT_TRICKS", "undecided_3nt_declarer"]

THREE_NT_TRICKS = 9

MAX_FILTER_TRIES = 400
"""Deals tried before a filtered search gives up (a slam turns up in about one deal in twenty)."""


class DealFilter(Enum):
    RANDOM = "Random deal"
    GAME_NS = "Game for North-South"
    SLAM_NS = "Slam for North-South"
    NT3_UNDECIDED = "3NT undecided"

    @property
    def needs_solver(self) -> bool:
        """Only the double-dummy solver can tell which opening leads beat 3NT."""
        return self is DealFilter.NT3_UNDECIDED

    def accepts(self, choice: ContractChoice) -> bool:
        """Whether a deal whose automatic contract is ``choice`` passes this filter."""
        if self is DealFilter.RANDOM:
            return True
        if self is DealFilter.NT3_UNDECIDED:
            return False  # decided by undecided_3nt_declarer, which needs more than the contract
        if not choice.expected_to_make:
            return False
        if self is DealFilter.SLAM_NS:
            return choice.contract.level >= 6
        is_game = score_breakdown(choice.contract, False, choice.contract.tricks_needed).contract_points >= 100
        return is_game and choice.contract.level < 6


def undecided_3nt_declarer(deal: Deal, oracle: DoubleDummyOracle) -> Seat | None:
    """South or North (South first) when 3NT by that seat makes against some opening leads and not others."""
    for declarer in NS_DECLARERS:
        leads = oracle.tricks_per_card(deal, int(Strain.NOTRUMP), int(declarer.lho))
        declarer_tricks = [13 - defenders for defenders in leads.values()]
        if min(declarer_tricks) < THREE_NT_TRICKS <= max(declarer_tricks):
            return declarer
    return None
