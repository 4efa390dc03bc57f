"""Preparing a bridge board for play: the deal (filtered if asked), its DD cells and automatic contract.

This is engine work, so the app runs :func:`prepare_board` on its engine worker;
it reports progress and stops early when cancelled.  With the engine's oracle the
contract comes from make-or-fail questions (:mod:`.contract_questions`: the same
choice as from North-South's ten exact cells, for a fraction of the search) and
the table holds the cells those questions made exact; an oracle that only answers
whole cells gets its ten North-South cells asked.  A filter first skips deals the point count rules out
(game: the estimate gives fewer than eight tricks in every strain; slam: fewer
than eleven; 3NT undecided: North-South hold under 22 or over 29 points) so
that only plausible deals are solved; a deal the solver gives up on
(:class:`~engine.solvers.oracle.DoubleDummyGaveUp`) is skipped too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..bridge.contract import Contract, Strain
from ..core.cancel import NEVER, CancelToken
from ..core.deal import Deal, random_deal
from ..core.seats import Seat
from ..solvers.oracle import DDTable, DoubleDummyGaveUp, DoubleDummyOracle
from .bridge_session import BridgeBoard
from .contract_choice import NS_DECLARERS, ContractChoice, ContractMethod, choose_contract, estimated_table
from .contract_questions import decide_contract, oracle_questions
from .deal_filter import MAX_FILTER_TRIES, DealFilter, undecided_3nt_declarer
from .double_dummy import declarer_table

__all__ = [
    "PreparedBoard",
    "NoDealFoundError",
    "analyse_deal",
    "random_board_deal",
    "prepare_board",
]


THREE_NT = Contract(3, Strain.NOTRUMP)


class NoDealFoundError(ValueError):
    """No deal passed the filter within the allowed number of tries."""


@dataclass(frozen=True, slots=True)
class PreparedBoard:
    board: BridgeBoard
    choice: ContractChoice
    dd_table: DDTable | None  # None when no double-dummy solver is installed

    @property
    def by_solver(self) -> bool:
        return self.dd_table is not None


def analyse_deal(
    deal: Deal, oracle: DoubleDummyOracle | None, cancel: CancelToken = NEVER
) -> tuple[DDTable | None, DDTable, ContractMethod]:
    """(North-South's DD cells or None, the table to choose the contract from, how it was made)."""
    if oracle is not None:
        table = declarer_table(oracle, deal, NS_DECLARERS, cancel)
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


def _within_attempt(cancel: CancelToken, attempt: int, tries: int, deal_filter: DealFilter) -> CancelToken:
    """Progress of one deal's cells, shown as part of the search (a single deal: the cells alone)."""
    if tries == 1:
        return cancel
    return cancel.part(attempt / tries, (attempt + 1) / tries, f"looking for a deal: {deal_filter.value.lower()}")


def random_board_deal(seed: int) -> Deal:
    """The random deal a board gets from ``seed`` (North-South the stronger side, as below)."""
    return _stronger_side_north_south(random_deal(random.Random(seed)))


def prepare_board(
    number: int,
    seed: int,
    deal_filter: DealFilter,
    oracle: DoubleDummyOracle | None,
    cancel: CancelToken = NEVER,
    *,
    deal: Deal | None = None,
    max_tries: int = MAX_FILTER_TRIES,
) -> PreparedBoard:
    """Board ``number`` from ``deal`` (or random deals from ``seed`` until one passes ``deal_filter``)."""
    rng = random.Random(seed)
    tries = 1 if deal is not None else max_tries
    for attempt in range(tries):
        cancel.check("the search for a deal was cancelled")
        candidate = deal if deal is not None else _stronger_side_north_south(random_deal(rng))
        board = BridgeBoard.numbered(number, candidate)
        try:
            prepared = _try_deal(board, deal is not None, deal_filter, oracle,
                                 _within_attempt(cancel, attempt, tries, deal_filter))
        except DoubleDummyGaveUp:
            if deal is not None:
                raise
            prepared = None
        if prepared is not None:
            return prepared
        cancel.report(attempt / tries, f"looking for a deal: {deal_filter.value.lower()}")
    raise NoDealFoundError(f"no deal with {deal_filter.value.lower()} in {tries} tries; try again or use Random deal")


def _try_deal(
    board: BridgeBoard,
    given: bool,
    deal_filter: DealFilter,
    oracle: DoubleDummyOracle | None,
    cancel: CancelToken,
) -> PreparedBoard | None:
    """``board`` prepared, or ``None`` when it does not pass the filter (a given deal always passes)."""
    candidate = board.deal
    if not given and deal_filter.needs_solver:
        if oracle is None:
            raise NoDealFoundError(f"the filter {deal_filter.value!r} needs the double-dummy solver")
        declarer = None if not _plausible(candidate, deal_filter) else undecided_3nt_declarer(candidate, oracle)
        if declarer is None:
            return None
        if _asks_questions(oracle):
            tricks = oracle.declarer_tricks(candidate, int(Strain.NOTRUMP), int(declarer))
            rows: list[list[int | None]] = [[None] * 4 for _ in Strain]
            rows[Strain.NOTRUMP][declarer] = tricks
            dd_table = DDTable.from_rows(rows)
        else:
            dd_table, _, _ = analyse_deal(candidate, oracle, cancel)
            assert dd_table is not None
            tricks = dd_table.get(Strain.NOTRUMP, declarer)
        return PreparedBoard(board, ContractChoice(THREE_NT, declarer, tricks, ContractMethod.DOUBLE_DUMMY), dd_table)
    if not given and oracle is not None and not _plausible(candidate, deal_filter):
        return None
    if _asks_questions(oracle):
        choice, dd_table = decide_contract(oracle_questions(oracle, candidate), candidate, board.vulnerability,
                                           cancel, at_once=int(getattr(oracle, "threads", 1)))
    else:
        dd_table, table, method = analyse_deal(candidate, oracle, cancel)
        choice = choose_contract(table, board.vulnerability, method, deal=candidate)
    return PreparedBoard(board, choice, dd_table) if given or deal_filter.accepts(choice) else None


def _asks_questions(oracle: DoubleDummyOracle | None) -> bool:
    """Whether ``oracle`` answers make-or-fail questions (the engine's oracles do; a stand-in that
    only knows whole table cells is asked for those)."""
    return isinstance(oracle, DoubleDummyOracle)
