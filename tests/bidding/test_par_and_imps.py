"""Double-dummy par against DDS's own par function, and the IMP scale."""

from __future__ import annotations

import pytest

from engine.analysis.par import par
from engine.bridge.contract import Vulnerability
from engine.bridge.scoring import imps
from engine.core.deal import random_deals
from engine.core.seats import Seat

dds = pytest.importorskip("endplay.dds")
types = pytest.importorskip("endplay.types")


def test_par_agrees_with_dds_on_random_boards():
    seed = 3
    from engine.solvers.dds_oracle import dds_table, use_one_thread

    use_one_thread()
    for index, deal in enumerate(random_deals(seed, 24)):
        vulnerability, dealer = Vulnerability.for_board(index + 1), Seat(index % 4)
        table = dds_table(deal)
        ours = par(table, vulnerability, dealer)
        theirs = dds.par(dds.calc_dd_table(types.Deal(deal.to_pbn())),
                         [types.Vul.none, types.Vul.ns, types.Vul.ew, types.Vul.both][vulnerability],
                         types.Player.find(dealer.letter))
        assert ours.score_ns == theirs.score, f"{deal.to_pbn()} dealer {dealer.letter} {vulnerability.pbn}"


def test_par_of_a_hand_written_table():
    # North-South make 4S exactly (10 tricks), East-West make 8 tricks in hearts: 4S +420 non-vulnerable,
    # unless East-West save in 5H doubled (down 3: -500 non-vulnerable) which costs more: par is +420.
    tricks = [[10, 3, 10, 3], [5, 8, 5, 8], [6, 7, 6, 7], [6, 7, 6, 7], [8, 5, 8, 5]]
    result = par(tricks, Vulnerability.NONE, Seat.NORTH)
    assert result.score_ns == 420 and str(result.contract) == "4S" and result.declarer.is_ns


def test_a_cheap_sacrifice_is_par():
    # North-South make 4S (620 vulnerable); East-West not vulnerable go down two in 5H doubled (-300).
    tricks = [[10, 3, 10, 3], [2, 9, 2, 9], [6, 7, 6, 7], [6, 7, 6, 7], [8, 5, 8, 5]]
    result = par(tricks, Vulnerability.NS, Seat.NORTH)
    assert result.score_ns == 300 and str(result.contract) == "5HX"


@pytest.mark.parametrize("points,expected", [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (420, 9), (620, 12),
                                             (-620, -12), (1430, 16), (2220, 19), (4000, 24), (7600, 24)])
def test_imp_scale(points, expected):
    assert imps(points) == expected
