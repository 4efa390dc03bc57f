"""Choosing the contract of a deal automatically, so the user can go straight to the play.

The method (documented in the app's help): North-South declare.  With a double-dummy
table, every contract North or South makes double-dummy is scored (duplicate scoring,
the board's vulnerability) and the best score wins; ties go to the lower level, then
to South.  When North-South make nothing, the least costly one-level contract is
played.  Without a double-dummy solver the table is replaced by a point-count estimate
(:func:`estimated_table`): combined high-card points give the notrump tricks, an
eight-card or longer fit adds one trick per card beyond seven.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.scoring import declarer_score
from ..core.deal import Deal
from ..core.seats import Seat
from ..solvers.oracle import DDTable

__all__ = ["ContractMethod", "ContractChoice", "choose_contract", "estimated_table", "NS_DECLARERS"]

NS_DECLARERS = (Seat.SOUTH, Seat.NORTH)  # South first: on equal scores the user's usual seat declares


class ContractMethod(Enum):
    DOUBLE_DUMMY = "double-dummy table"
    POINT_COUNT = "point-count estimate"
    BY_HAND = "set by hand"


@dataclass(frozen=True, slots=True)
class ContractChoice:
    """The contract, its declarer, the tricks the method expects and how it was chosen."""

    contract: Contract
    declarer: Seat
    expected_tricks: int
    method: ContractMethod

    @property
    def expected_to_make(self) -> bool:
        return self.expected_tricks >= self.contract.tricks_needed


def estimated_table(deal: Deal) -> DDTable:
    """A point-count stand-in for the double-dummy table (same shape; both N-S seats alike)."""
    ns_hcp = deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp()
    ew_hcp = 40 - ns_hcp
    rows = []
    for strain in Strain:
        row = []
        for seat in Seat:
            hcp = ns_hcp if seat.is_ns else ew_hcp
            nt = 7 + (hcp - 20) * 5 / 13  # 20 points: seven tricks; 33: twelve
            if strain.trump is None:
                tricks = nt
            else:
                fit = deal[seat].suit_length(strain.trump) + deal[seat.partner].suit_length(strain.trump)
                tricks = nt + (fit - 7) if fit >= 8 else nt - 1
            row.append(min(13, max(0, round(tricks))))
        rows.append(row)
    return DDTable.from_rows(rows)


def choose_contract(table: DDTable, vulnerability: Vulnerability, method: ContractMethod) -> ContractChoice:
    """The best-scoring contract North-South make according to ``table`` (see the module docstring)."""
    best: tuple[int, int, ContractChoice] | None = None
    for declarer in NS_DECLARERS:
        for strain in Strain:
            tricks = table.get(strain, declarer)
            for level in range(1, tricks - 6 + 1):
                contract = Contract(level, strain)
                score = declarer_score(contract, declarer, vulnerability, tricks)
                key = (score, -level)
                if best is None or key > best[:2]:
                    best = (score, -level, ContractChoice(contract, declarer, tricks, method))
    if best is not None:
        return best[2]
    fallback: tuple[int, ContractChoice] | None = None
    for declarer in NS_DECLARERS:
        for strain in Strain:
            tricks = table.get(strain, declarer)
            contract = Contract(1, strain)
            score = declarer_score(contract, declarer, vulnerability, tricks)
            if fallback is None or score > fallback[0]:
                fallback = (score, ContractChoice(contract, declarer, tricks, method))
    assert fallback is not None
    return fallback[1]
