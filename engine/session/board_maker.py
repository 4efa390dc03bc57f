"""Preparing a bridge board for play: the deal (filtered if asked), its DD table and automatic contract.

This is engine work (a double-dummy table per deal tried), so the app runs
:func:`prepare_board` on its engine worker; it stops early when cancelled.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Callable

from ..bridge.contract import Contract, Strain
from ..core.deal import Deal, random_deal
from ..core.seats import Seat
from .bridge_session import BridgeBoard
from .contract_choice import ContractChoice, ContractMethod, choose_contract, estimated_table
from .deal_filter import MAX_FILTER_TRIES, DealFilter, undecided_3nt_declarer
from .double_dummy import DdTable, DoubleDummyOracle

__all__ = [
    "PreparedBoard",
    "NoDealFoundError",
    "BoardCancelledError",
    "analyse_deal",
    "random_board_deal",
    "prepare_board",
]


THREE_NT = Contract(3, Strain.NOTRUMP)


class NoDealFoundError(ValueError):
    """No deal passed the filter within the allowed number of tries."""


class BoardCancelledError(Exception):
    """The search for a deal was cancelled."""


@dataclass(frozen=True, slots=True)
class PreparedBoard:
    board: BridgeBoard
    choice: ContractChoice
    dd_table: DdTable | None  # None when no double-dummy solver is installed

    @property
    def by_solver(self) -> bool:
        return self.dd_table is not None


def analyse_deal(deal: Deal, oracle: DoubleDummyOracle | None) -> tuple[DdTable | None, DdTable, ContractMethod]:
    """(the real DD table or None, the table to choose the contract from, how it was made)."""
    if oracle is not None:
        table = DdTable.from_rows(oracle.table(deal))
        return table, table, ContractMethod.DOUBLE_DUMMY
    return None, estimated_table(deal), ContractMethod.POINT_COUNT


def _stronger_side_north_south(deal: Deal) -> Deal:
    """Random boards give North-South (the user's side) the greater share of the high cards, so
    that the automatic contract is one they can hope to make (a quarter turn of the table)."""
    ns = deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp()
    return deal if ns >= 20 else deal.rotate(1)


def random_board_deal(seed: int) -> Deal:
    """The random deal a board gets from ``seed`` (North-South the stronger side, as below)."""
    return _stronger_side_north_south(random_deal(random.Random(seed)))


def prepare_board(
    number: int,
    seed: int,
    deal_filter: DealFilter,
    oracle: DoubleDummyOracle | None,
    cancel: threading.Event | None = None,
    report: Callable[[float, str], None] | None = None,
    *,
    deal: Deal | None = None,
    max_tries: int = MAX_FILTER_TRIES,
) -> PreparedBoard:
    """Board ``number`` from ``deal`` (or random deals from ``seed`` until one passes ``deal_filter``)."""
    rng = random.Random(seed)
    tries = 1 if deal is not None else max_tries
    for attempt in range(tries):
        if cancel is not None and cancel.is_set():
            raise BoardCancelledError()
        candidate = deal if deal is not None else _stronger_side_north_south(random_deal(rng))
        board = BridgeBoard.numbered(number, candidate)
        if deal is None and deal_filter.needs_solver:
            if oracle is None:
                raise NoDealFoundError(f"the filter {deal_filter.value!r} needs the double-dummy solver")
            declarer = undecided_3nt_declarer(candidate, oracle)
            if declarer is not None:
                dd_table = DdTable.from_rows(oracle.table(candidate))
                tricks = dd_table.get(Strain.NOTRUMP, declarer)
                return PreparedBoard(board, ContractChoice(THREE_NT, declarer, tricks, ContractMethod.DOUBLE_DUMMY), dd_table)
        else:
            dd_table, table, method = analyse_deal(candidate, oracle)
            choice = choose_contract(table, board.vulnerability, method)
            if deal is not None or deal_filter.accepts(choice):
                return PreparedBoard(board, choice, dd_table)
        if report is not None:
            report(attempt / tries, f"looking for a deal: {deal_filter.value.lower()}")
    raise NoDealFoundError(f"no deal with {deal_filter.value.lower()} in {tries} tries; try again or use Random deal")
