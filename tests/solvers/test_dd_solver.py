"""The double-dummy solver against a plain minimax on small endings, hand-built endings, and its API."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import CardSet, parse_card
from engine.core.deal import Deal
from engine.solvers.dd import DoubleDummyError, DoubleDummySolver
from tests.solvers.reference import reference_tricks_per_card

SOLVER = DoubleDummySolver(8)


def _random_ending(rng: random.Random, size: int) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[size * i : size * (i + 1)]) for i in range(4)]


def _random_played(rng: random.Random, hands: list[int], leader: int, count: int) -> list[int]:
    played: list[int] = []
    for i in range(count):
        own = [c for c in range(52) if hands[(leader + i) % 4] >> c & 1]
        if played:
            own = [c for c in own if c // 13 == played[0] // 13] or own
        played.append(rng.choice(own))
    return played


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_matches_plain_minimax_on_random_endings(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(60 if size < 4 else 25):
        hands = _random_ending(rng, size)
        strain, leader = rng.randrange(5), rng.randrange(4)
        played = _random_played(rng, hands, leader, rng.randrange(4))
        assert SOLVER.tricks_per_card(hands, strain, leader, played) == reference_tricks_per_card(
            hands, strain, leader, played
        ), (Deal.from_masks(hands).to_pbn(), strain, leader, played)


@settings(max_examples=60, deadline=None)
@given(
    perm=st.permutations(list(range(52))),
    size=st.integers(1, 3),
    strain=st.integers(0, 4),
    leader=st.integers(0, 3),
    nplayed=st.integers(0, 3),
)
def test_hypothesis_endings_match_minimax(perm, size, strain, leader, nplayed) -> None:
    hands = [sum(1 << c for c in perm[size * i : size * (i + 1)]) for i in range(4)]
    played = _random_played(random.Random(sum(perm[:5])), hands, leader, nplayed)
    assert SOLVER.tricks_per_card(hands, strain, leader, played) == reference_tricks_per_card(
        hands, strain, leader, played
    )


def test_tricks_is_the_best_card_and_sides_sum_to_the_cards_left() -> None:
    rng = random.Random(7)
    for _ in range(40):
        hands = _random_ending(rng, 4)
        strain, leader = rng.randrange(5), rng.randrange(4)
        played = _random_played(rng, hands, leader, rng.randrange(3))
        per_card = SOLVER.tricks_per_card(hands, strain, leader, played)
        assert SOLVER.tricks(hands, strain, leader, played) == max(per_card.values())
        for card, value in per_card.items():  # the next seat (an opponent) gets the rest
            after = SOLVER.tricks(hands, strain, leader, played + [card])
            assert value + after == 4


def _pbn(text: str) -> Deal:
    return Deal.from_pbn(text, partial=True)


def test_finesse_works_only_when_the_king_is_onside() -> None:
    # South leads a spade towards North's AQ; West's king is finessed, East's is not.
    onside = _pbn("N:AQ... 32... 54... K6...")
    offside = _pbn("N:AQ... K6... 54... 32...")
    assert SOLVER.tricks_per_card(onside, 4, 2)[parse_card("S5")] == 2
    assert SOLVER.tricks_per_card(offside, 4, 2)[parse_card("S5")] == 1


def test_simple_squeeze_yields_the_last_trick() -> None:
    # South cashes the club ace; West must keep K3 of spades and the heart king, and cannot.
    squeeze = _pbn("N:A2.Q.. ..KQJ. 4..2.A K3.K..")
    values = SOLVER.tricks_per_card(squeeze, 4, 2)
    assert values[parse_card("CA")] == 3  # NS take all three tricks by the squeeze
    assert values[parse_card("D2")] == 0  # East wins and cashes two more diamonds
    assert SOLVER.tricks(squeeze, 4, 2) == 3


def test_ruffing_and_overruffing() -> None:
    # Hearts are trumps; West leads a spade, North is void and ruffs, East overruffs.
    deal = _pbn("N:.Q2.. .K3.. A2... KQ...")
    values = SOLVER.tricks_per_card(deal, 1, 3, [parse_card("SK")])
    assert values == {parse_card("HQ"): 0, parse_card("H2"): 0}


def test_equal_cards_are_listed_separately_with_equal_values() -> None:
    deal = _pbn("N:AKQ... 432... JT9... 876...")
    values = SOLVER.tricks_per_card(deal, 4, 0)
    assert values == {parse_card(c): 3 for c in ("SA", "SK", "SQ")}


def test_table_of_a_one_suit_per_hand_deal() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    table = SOLVER.table(deal)
    assert table.get(0, 0) == 13 and table.get(0, 1) == 0
    assert table.get(1, 1) == 13 and table.get(4, 0) == 0
    assert table.to_json()["NT"] == {"N": 0, "E": 0, "S": 0, "W": 0}


def test_batch_equals_single_calls() -> None:
    rng = random.Random(3)
    south = CardSet.from_pbn("AK.Q2.3.-")
    rest = [c for c in range(52) if c not in south]
    worlds = []
    for _ in range(6):
        cards = rng.sample(rest, 15)
        worlds.append([sum(1 << c for c in cards[0:5]), sum(1 << c for c in cards[5:10]), south.mask,
                       sum(1 << c for c in cards[10:15])])
    batch = SOLVER.batch_tricks_per_card(worlds, 2, 2)
    assert batch == [SOLVER.tricks_per_card(w, 2, 2) for w in worlds]


def test_bad_positions_raise_clear_errors() -> None:
    deal = _pbn("N:AK... Q2... 43... 65...")
    with pytest.raises(DoubleDummyError, match="does not hold"):
        SOLVER.tricks_per_card(deal, 4, 0, [parse_card("SQ")])
    with pytest.raises(DoubleDummyError, match="revokes"):
        SOLVER.tricks_per_card(_pbn("N:A.2.. K.3.. Q.4.. J.5.."), 4, 0, [parse_card("SA"), parse_card("H3")])
    with pytest.raises(DoubleDummyError, match="equal sizes"):
        SOLVER.tricks([0b111, 0b11000, 1 << 20, 1 << 30], 4, 0)
    with pytest.raises(DoubleDummyError, match="two hands"):
        SOLVER.tricks([1, 1, 2, 4], 4, 0)
    with pytest.raises(DoubleDummyError, match="strain"):
        SOLVER.tricks(deal, 7, 0)


def test_a_node_budget_gives_up_cleanly_and_the_solver_stays_exact():
    from engine.core.deal import random_deals
    from engine.solvers.dd import DoubleDummyGaveUp

    solver = DoubleDummySolver(8)
    deal = random_deals(3, 1)[0]
    rng = random.Random(3)
    for limit in (1, 50, 2_000):
        with pytest.raises(DoubleDummyGaveUp, match=f"gave up after {limit:,} nodes"):
            solver.tricks_per_card(deal, 4, 1, node_limit=limit)
        with pytest.raises(DoubleDummyGaveUp):
            solver.table(deal, node_limit=limit)
    with pytest.raises(DoubleDummyError, match="node limit 0"):
        solver.tricks(deal, 4, 1, node_limit=0)
    # after giving up (hands restored, partial work kept) it answers endings exactly, with or without a budget
    for _ in range(20):
        cards = rng.sample(range(52), 12)
        ending = Deal.from_masks([sum(1 << c for c in cards[i * 3 : (i + 1) * 3]) for i in range(4)])
        strain, leader = rng.randrange(5), rng.randrange(4)
        expected = reference_tricks_per_card(ending.masks, strain, leader, ())
        assert solver.tricks_per_card(ending, strain, leader) == expected
        assert solver.tricks_per_card(ending, strain, leader, node_limit=10_000) == expected
