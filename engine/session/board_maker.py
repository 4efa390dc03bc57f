"""Preparing a bridge board for play: the deal (filtered if asked), its DD table and automatic contract.

This is engine work (North-South's ten double-dummy cells per deal tried), so the
app runs :func:`prepare_board` on its engine worker; it reports progress and stops
early when cancelled.  A filter first skips deals the point count rules out
(game: the estimate gives fewer than eight tricks in every strain; slam: fewer
than eleven; 3NT undecided: North-South hold under 22 or over 29 points) so
that only plausible deals are solved; a deal the solver gives up on
(:class:`SolverGaveUpError`) is skipped too.
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
from .contract_choice import NS_DECLARERS, ContractChoice, ContractMethod, choose_contract, estimated_table
from .deal_filter import MAX_FILTER_TRIES, DealFilter, undecided_3nt_declarer
from .double_dummy import DdTable, DoubleDummyOracle, SolverGaveUpError, TableCancelledError, declarer_table

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


def analyse_deal(
    deal: Deal,
    oracle: DoubleDummyOracle | None,
    cancel: threading.Event | None = None,
    report: Callable[[float, str], None] | None = None,
) -> tuple[DdTable | None, DdTable, ContractMethod]:
    """(North-South's DD cells or None, the table to choose the contract from, how it was made)."""
    if oracle is not None:
        try:
            table = declarer_table(oracle, deal, NS_DECLARERS, cancel, report)
        except TableCancelledError:
            raise BoardCancelledError() from None
        return table, table, ContractMethod.DOUBLE_DUMMY
    return None, estimated_table(deal), ContractMethod.POINT_COUNT


def _plausible(deal: Deal, deal_filter: DealFilter) -> bool:
    """Whether the point count leaves ``deal`` a chance of passing ``deal_filter`` (see the module docstring)."""
    if deal_filter is DealFilter.RANDOM:
        return True
    if deal_filter is DealFilter.NT3_UNDECIDED:
        return 22 <= deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp() <= 29
    estimate = estimated_table(deal)
    best = max(estimate.get(strain, seat) for strain in Strain for seat in NS_DECLARERS)
    return best >= (11 if deal_filter is DealFilter.SLAM_NS else 8)


def _stronger_side_north_south(deal: Deal) -> Deal:
    """Random boards give North-South (the user's side) the greater share of the high cards, so
    that the automatic contract is one they can hope to make (a quarter turn of the table)."""
    ns = deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp()
    return deal if ns >= 20 else deal.rotate(1)


Report = Callable[[float, str], None]


def _within_attempt(report: Report | None, attempt: int, tries: int, deal_filter: DealFilter) -> Report | None:
    """Progress of one deal's cells, shown as part of the search (a single deal: the cells alone)."""
    if report is None:
        return None
    if tries == 1:
        return report
    return lambda fraction, text: report((attempt + fraction) / tries, f"looking for a deal: {deal_filter.value.lower()} ({text})")


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
        try:
            prepared = _try_deal(board, deal is not None, deal_filter, oracle, cancel, _within_attempt(report, attempt, tries, deal_filter))
        except SolverGaveUpError:
            if deal is not None:
                raise
            prepared = None
        if prepared is not None:
            return prepared
        if report is not None:
            report(attempt / tries, f"looking for a deal: {deal_filter.value.lower()}")
    raise NoDealFoundError(f"no deal with {deal_filter.value.lower()} in {tries} tries; try again or use Random deal")


def _try_deal(
    board: BridgeBoard,
    given: bool,
    deal_filter: DealFilter,
    oracle: DoubleDummyOracle | None,
    cancel: threading.Event | None,
    report: Callable[[float, str], None] | None,
) -> PreparedBoard | None:
    """``board`` prepared, or ``None`` when it does not pass the filter (a given deal always passes)."""
    candidate = board.deal
    if not given and deal_filter.needs_solver:
        if oracle is None:
            raise NoDealFoundError(f"the filter {deal_filter.value!r} needs the double-dummy solver")
        declarer = None if not _plausible(candidate, deal_filter) else undecided_3nt_declarer(candidate, oracle)
        if declarer is None:
            return None
        dd_table, _, _ = analyse_deal(candidate, oracle, cancel, report)
        assert dd_table is not None
        tricks = dd_table.get(Strain.NOTRUMP, declarer)
        return PreparedBoard(board, ContractChoice(THREE_NT, declarer, tricks, ContractMethod.DOUBLE_DUMMY), dd_table)
    if not given and oracle is not None and not _plausible(candidate, deal_filter):
        return None
    dd_table, table, method = analyse_deal(candidate, oracle, cancel, report)
    choice = choose_contract(table, board.vulnerability, method)
    return PreparedBoard(board, choice, dd_table) if given or deal_filter.accepts(choice) else None
