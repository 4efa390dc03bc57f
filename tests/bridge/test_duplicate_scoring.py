"""Duplicate scoring against a hand-checked table that covers every branch of the rules."""

import pytest

from engine.bridge.contract import Contract, Vulnerability
from engine.bridge.scoring import ScoringError, declarer_score, duplicate_score, score_breakdown
from engine.core.seats import Seat

NV, V = False, True

# (contract, vulnerable, tricks, score) — each worked out by hand from the laws' scoring table
TABLE = [
    # undoubled part scores (minor 20, major 30, NT 40+30) + 50
    ("1C", NV, 7, 70),
    ("2C", NV, 8, 90),
    ("1D", NV, 9, 110),  # two overtricks at 20
    ("1H", NV, 7, 80),
    ("2S", V, 8, 110),
    ("1NT", NV, 7, 90),
    ("2NT", V, 8, 120),
    ("1NT", NV, 10, 180),  # overtricks in NT are 30
    ("3C", V, 9, 110),
    ("4C", NV, 10, 130),
    ("2NT", NV, 10, 180),  # overtricks never make a game
    # games
    ("3NT", NV, 9, 400),
    ("3NT", V, 9, 600),
    ("3NT", NV, 10, 430),
    ("4H", NV, 10, 420),
    ("4S", V, 10, 620),
    ("4S", V, 11, 650),
    ("5C", NV, 11, 400),
    ("5D", V, 11, 600),
    ("5D", V, 13, 640),
    # slams
    ("6C", NV, 12, 920),
    ("6H", V, 12, 1430),
    ("6NT", NV, 12, 990),
    ("6NT", V, 13, 1470),
    ("7S", NV, 13, 1510),
    ("7NT", V, 13, 2220),
    ("7C", V, 13, 2140),
    # doubled, made: trick score x2, insult 50, overtricks 100/200
    ("4SX", NV, 10, 590),
    ("1CX", NV, 7, 140),
    ("2HX", NV, 8, 470),  # doubled into game
    ("2DX", V, 8, 180),  # 80 is still a part score
    ("1NTX", V, 8, 380),
    ("1NTX", NV, 9, 380),
    ("3NTX", V, 10, 950),
    ("6SX", V, 12, 1660),
    ("7NTX", NV, 13, 1790),
    # redoubled, made: trick score x4, insult 100, overtricks 200/400
    ("1NTXX", NV, 7, 560),
    ("1NTXX", V, 7, 760),
    ("1CXX", NV, 7, 230),
    ("1CXX", NV, 8, 430),
    ("2CXX", V, 9, 1160),
    ("4HXX", NV, 11, 1080),
    ("7NTXX", V, 13, 2980),
    # undoubled, down: 50 / 100 each
    ("3NT", NV, 8, -50),
    ("3NT", V, 6, -300),
    ("7NT", NV, 0, -650),
    ("4S", V, 0, -1000),
    # doubled non-vulnerable, down: 100, 200, 200, then 300
    ("4SX", NV, 9, -100),
    ("4SX", NV, 8, -300),
    ("4SX", NV, 7, -500),
    ("4SX", NV, 6, -800),
    ("4SX", NV, 5, -1100),
    ("7NTX", NV, 0, -3500),
    # doubled vulnerable, down: 200, then 300
    ("4HX", V, 9, -200),
    ("4HX", V, 8, -500),
    ("4HX", V, 7, -800),
    ("4HX", V, 6, -1100),
    ("7NTX", V, 0, -3800),
    # redoubled, down: twice doubled
    ("3NTXX", NV, 8, -200),
    ("3NTXX", NV, 6, -1000),
    ("3NTXX", V, 8, -400),
    ("3NTXX", V, 7, -1000),
    ("1CXX", NV, 0, -3400),
    ("7NTXX", NV, 0, -7000),
    ("7NTXX", V, 0, -7600),
]


@pytest.mark.parametrize("contract, vulnerable, tricks, expected", TABLE)
def test_scoring_table(contract, vulnerable, tricks, expected):
    assert duplicate_score(Contract.parse(contract), vulnerable, tricks) == expected


def test_table_covers_every_doubling_vulnerability_and_outcome():
    seen = {
        (Contract.parse(c).doubling, v, t >= Contract.parse(c).tricks_needed) for c, v, t, _ in TABLE
    }
    assert len(seen) == 3 * 2 * 2


@pytest.mark.parametrize(
    "vulnerability, declarer, expected",
    [
        (Vulnerability.NONE, Seat.EAST, 420),
        (Vulnerability.NS, Seat.EAST, 420),
        (Vulnerability.EW, Seat.EAST, 620),
        (Vulnerability.BOTH, Seat.EAST, 620),
        (Vulnerability.NS, Seat.NORTH, 620),
        (Vulnerability.EW, Seat.SOUTH, 420),
    ],
)
def test_vulnerability_is_taken_from_the_declaring_side(vulnerability, declarer, expected):
    assert declarer_score(Contract.parse("4H"), declarer, vulnerability, 10) == expected


def test_breakdown_names_each_component():
    b = score_breakdown(Contract.parse("1NTXX"), False, 8)
    assert (b.contract_points, b.overtrick_points, b.game_or_partscore_bonus, b.insult_bonus) == (160, 200, 300, 100)
    assert b.slam_bonus == 0 and b.undertrick_penalty == 0 and b.total == 760
    s = score_breakdown(Contract.parse("6S"), True, 12)
    assert (s.contract_points, s.game_or_partscore_bonus, s.slam_bonus) == (180, 500, 750)
    d = score_breakdown(Contract.parse("4HX"), True, 7)
    assert d.undertrick_penalty == 800 and d.contract_points == 0 and d.total == -800


@pytest.mark.parametrize("tricks", [-1, 14])
def test_trick_count_out_of_range(tricks):
    with pytest.raises(ScoringError, match=str(tricks)):
        duplicate_score(Contract.parse("3NT"), False, tricks)


def test_made_scores_grow_and_defeats_shrink_with_tricks():
    for text in ("2C", "4SX", "3NTXX", "7NT"):
        c = Contract.parse(text)
        for vul in (NV, V):
            scores = [duplicate_score(c, vul, t) for t in range(14)]
            assert scores == sorted(scores)
            assert all(s < 0 for s in scores[: c.tricks_needed]) and all(s > 0 for s in scores[c.tricks_needed :])
