"""Automatic contract choice, deal filters and the solver-free claim rule."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from engine.bridge.contract import Contract, Strain, Vulnerability
from engine.bridge.play import BridgePlay
from engine.bridge.scoring import declarer_score, duplicate_score
from engine.core.deal import Deal, random_deal
from engine.core.seats import Seat
from engine.session.board_maker import NoDealFoundError, prepare_board
from engine.session.contract_choice import ContractChoice, ContractMethod, choose_contract, estimated_table
from engine.session.deal_filter import DealFilter
from engine.session.double_dummy import declarer_side_tricks_left
from engine.solvers.oracle import DDTable
from engine.session.trivial_claim import leader_holds_only_top_winners
from tests.solvers.reference import reference_ns_tricks


def _table(ns: dict[Strain, int], ew: int = 3) -> DDTable:
    return DDTable.from_rows([[ns.get(s, 6), ew, ns.get(s, 6), ew] for s in Strain])


def test_the_best_scoring_made_contract_is_chosen():
    choice = choose_contract(_table({Strain.SPADES: 10, Strain.NOTRUMP: 9, Strain.DIAMONDS: 11}), Vulnerability.NONE, ContractMethod.DOUBLE_DUMMY)
    assert (str(choice.contract), choice.declarer, choice.expected_tricks) == ("4S", Seat.SOUTH, 10)
    slam = choose_contract(_table({Strain.HEARTS: 12, Strain.NOTRUMP: 11}), Vulnerability.BOTH, ContractMethod.DOUBLE_DUMMY)
    assert str(slam.contract) == "6H" and slam.expected_to_make
    # 4NT= (430) beats 5D= (400): the notrump game scores more than the minor game
    assert str(choose_contract(_table({Strain.NOTRUMP: 10, Strain.DIAMONDS: 11}), Vulnerability.NONE, ContractMethod.DOUBLE_DUMMY).contract) == "4NT"
    # equal scores (3NT= and 5C=, 400 each): the lower level
    assert str(choose_contract(_table({Strain.NOTRUMP: 9, Strain.CLUBS: 11}), Vulnerability.NONE, ContractMethod.DOUBLE_DUMMY).contract) == "3NT"


def _plain_best_contract_level(table: DDTable, vulnerability: Vulnerability) -> tuple[int, int]:
    """(best score, level made in that strain) over North-South's strains, written out plainly."""
    best = None
    for strain in Strain:
        tricks = max(table.get(strain, Seat.NORTH), table.get(strain, Seat.SOUTH))
        if tricks >= 7:
            seat = Seat.NORTH if table.get(strain, Seat.NORTH) >= table.get(strain, Seat.SOUTH) else Seat.SOUTH
            score = duplicate_score(Contract(tricks - 6, strain), vulnerability.is_vulnerable(seat), tricks)
            best = max(best or (score, tricks - 6), (score, tricks - 6), key=lambda x: x[0])
    return best


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=10, max_size=10), st.sampled_from(list(Vulnerability)))
def test_the_contract_is_bid_to_the_level_the_side_makes_by_the_partner_who_makes_most(cells, vulnerability):
    rows = [[cells[2 * s], 13 - cells[2 * s], cells[2 * s + 1], 13 - cells[2 * s + 1]] for s in range(5)]
    table = DDTable.from_rows(rows)
    choice = choose_contract(table, vulnerability, ContractMethod.DOUBLE_DUMMY)
    strain = choice.contract.strain
    made = max(table.get(strain, Seat.NORTH), table.get(strain, Seat.SOUTH))
    assert table.get(strain, choice.declarer) == made == choice.expected_tricks  # the partner who makes most
    if made >= 7:
        assert choice.contract.level == made - 6  # never below the level the side makes (game, slam or not)
        score, _ = _plain_best_contract_level(table, vulnerability)
        assert declarer_score(choice.contract, choice.declarer, vulnerability, made) == score
    else:
        assert choice.contract.level == 1 and all(
            max(table.get(s, Seat.NORTH), table.get(s, Seat.SOUTH)) < 7 for s in Strain)
    assert choice.reason and f"{choice.contract.level}{strain.symbol}" in choice.reason


def test_nine_tricks_is_three_not_one_and_declarer_is_who_makes_more_or_holds_more_trumps():
    nine = choose_contract(_table({Strain.SPADES: 9}), Vulnerability.NONE, ContractMethod.DOUBLE_DUMMY)
    assert str(nine.contract) == "3S" and "9 tricks in spades" in nine.reason and "part score" in nine.reason
    rows = [[6, 3, 6, 3] for _ in Strain]
    rows[Strain.HEARTS] = [10, 3, 9, 3]  # North makes ten hearts, South nine
    north = choose_contract(DDTable.from_rows(rows), Vulnerability.NONE, ContractMethod.DOUBLE_DUMMY)
    assert (str(north.contract), north.declarer) == ("4H", Seat.NORTH)
    assert "North makes 10 tricks in hearts, South 9" in north.reason and "game" in north.reason
    # the same tricks either way: the partner with more trumps declares (South holds a doubleton here)
    deal = Deal.from_pbn("N:AKJ65.AKQ.32.432 432.432.7654.765 Q7.765.AKQJ.AKQJ T98.JT98.T98.T98")
    rows = [[6, 3, 6, 3] for _ in Strain]
    rows[Strain.SPADES] = [10, 3, 10, 3]
    choice = choose_contract(DDTable.from_rows(rows), Vulnerability.NONE, ContractMethod.DOUBLE_DUMMY, deal=deal)
    assert choice.declarer is Seat.NORTH and "more trumps (5 against 2)" in choice.reason


def test_when_north_south_make_nothing_the_cheapest_one_level_contract_is_played():
    choice = choose_contract(_table({s: 5 for s in Strain} | {Strain.CLUBS: 6}), Vulnerability.NS, ContractMethod.DOUBLE_DUMMY)
    assert str(choice.contract) == "1C" and not choice.expected_to_make


def test_point_count_estimate_follows_strength_and_fits():
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = estimated_table(deal)
    assert table.get(Strain.NOTRUMP, Seat.NORTH) == 13 and table.get(Strain.NOTRUMP, Seat.EAST) == 0
    assert str(choose_contract(table, Vulnerability.NONE, ContractMethod.POINT_COUNT).contract) == "7NT"


def test_filters_accept_only_their_contracts():
    def choice(text: str, tricks: int) -> ContractChoice:
        return ContractChoice(Contract.parse(text), Seat.SOUTH, tricks, ContractMethod.DOUBLE_DUMMY)

    assert DealFilter.GAME_NS.accepts(choice("4S", 10)) and not DealFilter.GAME_NS.accepts(choice("3S", 9))
    assert not DealFilter.GAME_NS.accepts(choice("6S", 12)) and DealFilter.SLAM_NS.accepts(choice("6S", 12))
    assert not DealFilter.SLAM_NS.accepts(choice("1C", 6)) and DealFilter.RANDOM.accepts(choice("1C", 6))


def test_prepare_board_finds_a_game_deal_and_gives_up_honestly():
    board = prepare_board(3, 11, DealFilter.GAME_NS, None)
    assert board.board.number == 3 and board.board.dealer is Seat.SOUTH and DealFilter.GAME_NS.accepts(board.choice)
    gave_up = 0
    for seed in range(6):
        try:
            assert prepare_board(1, seed, DealFilter.SLAM_NS, None, max_tries=1).choice.contract.level >= 6
        except NoDealFoundError as exc:
            assert "slam" in str(exc)
            gave_up += 1
    assert gave_up >= 1


def test_random_boards_give_north_south_the_stronger_hands():
    for seed in range(20):
        deal = prepare_board(1, seed, DealFilter.RANDOM, None).board.deal
        assert deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp() >= 20


def test_prepare_board_uses_the_solver_table_when_there_is_one(table_oracle):
    rows = [[8, 5, 9, 4], [7, 6, 7, 6], [6, 7, 6, 7], [5, 8, 5, 8], [9, 4, 8, 4]]
    prepared = prepare_board(1, 0, DealFilter.RANDOM, table_oracle(rows), deal=random_deal(random.Random(4)))
    assert prepared.by_solver and prepared.choice.method is ContractMethod.DOUBLE_DUMMY
    assert (str(prepared.choice.contract), prepared.choice.declarer, prepared.choice.expected_tricks) == ("3NT", Seat.NORTH, 9)


def _ending(seed: int, size: int) -> Deal:
    rng = random.Random(seed)
    cards = rng.sample(range(52), 4 * size)
    return Deal.from_masks([sum(1 << c for c in cards[i * size : (i + 1) * size]) for i in range(4)])


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from(list(Strain)), st.sampled_from(list(Seat)))
def test_a_trivial_claim_is_always_right(seed, size, strain, leader):
    deal = _ending(seed, size)
    play = BridgePlay(deal, Contract(1, strain), leader.rho, leader=leader, prior_declarer_tricks=13 - size)
    if leader_holds_only_top_winners(play):
        ns = reference_ns_tricks(deal.masks, int(strain), int(leader))
        assert (ns if leader.is_ns else size - ns) == size


def test_trivial_claim_examples():
    top = Deal.from_pbn("N:AK... 32... .32.. ...32", partial=True)
    play = BridgePlay(top, Contract(1, Strain.NOTRUMP), Seat.SOUTH, leader=Seat.NORTH, prior_declarer_tricks=11)
    assert leader_holds_only_top_winners(play)
    ruffable = Deal.from_pbn("N:AK... 32... .43.. .2..2", partial=True)
    play = BridgePlay(ruffable, Contract(1, Strain.HEARTS), Seat.SOUTH, leader=Seat.NORTH, prior_declarer_tricks=11)
    assert not leader_holds_only_top_winners(play)


def test_tricks_left_from_the_oracle_mid_trick(ending_oracle):
    deal = Deal.from_pbn("N:AK... 32... ..Q4. ...T5", partial=True)
    play = BridgePlay(deal, Contract(1, Strain.NOTRUMP), Seat.SOUTH, leader=Seat.EAST, prior_declarer_tricks=11)
    play.play(deal[Seat.EAST].lowest())
    assert declarer_side_tricks_left(ending_oracle, play) == 2


def test_trivial_claims_are_found_often_enough_to_matter_and_are_right():
    found = 0
    for seed in range(300):
        size = 1 + seed % 3
        deal = _ending(seed, size)
        strain, leader = Strain(seed % 5), Seat(seed % 4)
        play = BridgePlay(deal, Contract(1, strain), leader.rho, leader=leader, prior_declarer_tricks=13 - size)
        if leader_holds_only_top_winners(play):
            found += 1
            ns = reference_ns_tricks(deal.masks, int(strain), int(leader))
            assert (ns if leader.is_ns else size - ns) == size
    assert found >= 10


class _LeadOracle:
    """Per-lead answers chosen by the test: defenders' tricks for each opening lead, and a fixed table."""

    def __init__(self, defender_tricks_by_leader):
        self.by_leader = defender_tricks_by_leader

    def declarer_tricks(self, deal, strain, declarer):
        return ([[7, 6, 7, 6]] * 4 + [[9, 4, 9, 4]])[strain][declarer]

    def tricks_per_card(self, deal, strain, leader, played=()):
        assert strain == Strain.NOTRUMP and not played
        return self.by_leader[Seat(leader)]


def test_3nt_undecided_needs_leads_that_beat_it_and_leads_that_do_not():
    split = _LeadOracle({Seat.WEST: {0: 4, 1: 5, 2: 4}, Seat.EAST: {0: 3}})
    prepared = prepare_board(1, 3, DealFilter.NT3_UNDECIDED, split)
    assert str(prepared.choice.contract) == "3NT" and prepared.choice.declarer is Seat.SOUTH
    north = _LeadOracle({Seat.WEST: {0: 4, 1: 4}, Seat.EAST: {0: 5, 1: 3}})
    assert prepare_board(1, 3, DealFilter.NT3_UNDECIDED, north).choice.declarer is Seat.NORTH
    settled = _LeadOracle({Seat.WEST: {0: 4, 1: 4}, Seat.EAST: {0: 6, 1: 5}})
    with pytest.raises(NoDealFoundError, match="3nt undecided"):
        prepare_board(1, 3, DealFilter.NT3_UNDECIDED, settled, max_tries=3)
    with pytest.raises(NoDealFoundError, match="needs the double-dummy solver"):
        prepare_board(1, 3, DealFilter.NT3_UNDECIDED, None)
