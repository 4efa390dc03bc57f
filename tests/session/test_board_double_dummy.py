"""A new board's double-dummy cells: North-South's only, with progress, cancellation, and the real solver."""

from __future__ import annotations

import random

import pytest

from engine.bridge.contract import Contract, Strain
from engine.core.cancel import NEVER, Cancelled, CancelToken
from engine.core.deal import random_deal, random_deals
from engine.core.seats import Seat
from engine.session.board_maker import NoDealFoundError, prepare_board
from engine.session.bridge_session import BridgeBoard, BridgeSession
from engine.session.contract_choice import NS_DECLARERS, ContractChoice, ContractMethod, choose_contract
from engine.session.deal_filter import DealFilter
from engine.session.double_dummy import declarer_table
from engine.solvers.oracle import DDTable, DoubleDummyGaveUp
from engine.solvers.solver_oracle import SolverOracle

ROWS = [[8, 5, 9, 4], [7, 6, 7, 6], [6, 7, 6, 7], [5, 8, 5, 8], [9, 4, 8, 4]]


class CountingOracle:
    """Table cells from fixed rows; records which cells were asked for and can cancel after a few."""

    def __init__(self, cancel_after: int | None = None, cancel: CancelToken | None = None):
        self.asked: list[tuple[int, int]] = []
        self.cancel_after = cancel_after
        self.cancel = cancel

    def declarer_tricks(self, deal, strain, declarer):
        self.asked.append((strain, declarer))
        if self.cancel_after is not None and len(self.asked) == self.cancel_after:
            self.cancel.cancel()
        return ROWS[strain][declarer]

    def tricks_per_card(self, deal, strain, leader, played=()):
        raise AssertionError("a board's table needs no per-card solve")


def test_only_north_souths_cells_are_solved_with_progress_before_each():
    oracle, reports = CountingOracle(), []
    table = declarer_table(oracle, random_deal(random.Random(1)), NS_DECLARERS,
                           CancelToken(progress=lambda f, t: reports.append((f, t))))
    assert sorted(oracle.asked) == sorted((int(s), int(seat)) for s in Strain for seat in (Seat.NORTH, Seat.SOUTH))
    assert [f for f, _ in reports] == [i / 10 for i in range(10)]
    assert reports[0][1] == "double-dummy: NT by South"
    for strain in Strain:
        for seat in Seat:
            assert table.has(strain, seat) == seat.is_ns
            if seat.is_ns:
                assert table.get(strain, seat) == ROWS[strain][seat]
    with pytest.raises(KeyError, match="Spades by East was not solved"):
        table.get(Strain.SPADES, Seat.EAST)


def test_cancelling_stops_between_cells_and_no_board_is_made():
    cancel = CancelToken()
    oracle = CountingOracle(cancel_after=3, cancel=cancel)
    with pytest.raises(Cancelled):
        declarer_table(oracle, random_deal(random.Random(1)), NS_DECLARERS, cancel)
    assert len(oracle.asked) == 3
    cancel = CancelToken()
    oracle = CountingOracle(cancel_after=4, cancel=cancel)
    with pytest.raises(Cancelled):
        prepare_board(1, 0, DealFilter.RANDOM, oracle, cancel, deal=random_deal(random.Random(2)))
    assert len(oracle.asked) == 4


def test_a_filter_solves_only_deals_the_point_count_leaves_possible():
    oracle = CountingOracle()
    with pytest.raises(NoDealFoundError, match="slam"):
        prepare_board(1, 5, DealFilter.SLAM_NS, oracle, max_tries=40)
    tried = len(oracle.asked) // 10
    assert tried < 40  # most random deals have no slam even by the point count; they were never solved


def test_the_summary_reports_the_double_dummy_cell_of_the_contract_played():
    board = BridgeBoard.numbered(1, random_deal(random.Random(3)))
    rows = [[None, None, 9, None]] * 5
    choice = ContractChoice(Contract.parse("3NT"), Seat.SOUTH, 9, ContractMethod.DOUBLE_DUMMY)
    session = BridgeSession(board, choice, dd_table=DDTable.from_rows(rows), player_spec="rules")
    while (turn := session.computer_turn()) is not None or not session.is_complete:
        if turn is not None:
            assert session.apply_computer_card(turn.ply, turn.job(NEVER))
        else:
            session.play_card(next(s.card for s in session.card_statuses(session.play.to_play) if s.playable))
    assert session.summary().dd_tricks == 9


def test_the_engine_solver_chooses_the_contract_and_its_cells_match_dds():
    dds_oracle = pytest.importorskip("engine.solvers.dds_oracle")
    pytest.importorskip("endplay")
    deal = random_deals(1, 7)[6]  # a deal the solver handles in about a second
    prepared = prepare_board(1, 0, DealFilter.RANDOM, SolverOracle(), deal=deal)
    assert prepared.by_solver and prepared.choice.method is ContractMethod.DOUBLE_DUMMY
    reference = dds_oracle.dds_table(deal)
    for strain in Strain:
        for seat in Seat:
            if prepared.dd_table.has(strain, seat):  # the cells the make-or-fail questions made exact
                assert seat.is_ns and prepared.dd_table.get(strain, seat) == reference[strain][seat], (strain, seat)
    choice = prepared.choice
    assert prepared.dd_table.get(choice.contract.strain, choice.declarer) == choice.expected_tricks
    assert choice.expected_tricks == reference[choice.contract.strain][choice.declarer]
    rows = [[reference[s][seat] if Seat(seat).is_ns else None for seat in range(4)] for s in range(5)]
    assert choice == choose_contract(DDTable.from_rows(rows), prepared.board.vulnerability, ContractMethod.DOUBLE_DUMMY,
                                     deal=deal)


class GivingUpOracle(CountingOracle):
    """Gives up on the first ``hard`` deals it is asked about (as the real solver does on rare deals)."""

    def __init__(self, hard: int):
        super().__init__()
        self.hard = hard
        self.deals: list = []

    def declarer_tricks(self, deal, strain, declarer):
        if deal not in self.deals:
            self.deals.append(deal)
        if len(self.deals) <= self.hard:
            raise DoubleDummyGaveUp(15_000_000)
        return super().declarer_tricks(deal, strain, declarer)


def test_a_filtered_search_moves_on_from_a_deal_the_solver_gives_up_on_but_a_given_deal_reports_it():
    oracle = GivingUpOracle(hard=2)
    prepared = prepare_board(1, 0, DealFilter.GAME_NS, oracle, max_tries=400)
    assert len(oracle.deals) >= 3 and prepared.board.deal == oracle.deals[-1]
    with pytest.raises(DoubleDummyGaveUp, match="gave up"):
        prepare_board(1, 0, DealFilter.RANDOM, GivingUpOracle(hard=1), deal=random_deal(random.Random(2)))


def test_the_real_oracle_turns_the_solver_budget_into_a_session_error():
    oracle = SolverOracle(node_limit=100)
    with pytest.raises(DoubleDummyGaveUp, match="gave up after 100 nodes"):
        oracle.declarer_tricks(random_deals(1, 1)[0], int(Strain.NOTRUMP), int(Seat.SOUTH))
