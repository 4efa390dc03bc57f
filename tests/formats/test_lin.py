"""BBO LIN hand records: deal, auction (alerts and explanations), play and claim; clear errors."""

from __future__ import annotations

import pytest

from engine.core.seats import Seat
from engine.formats import LinError, parse_lin, parse_pbn, read_lin, write_pbn

RECORD = (
    "pn|Alice,Bob,Carol,Dave|st||md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|rh||"
    "ah|Board 1|sv|o|mb|p|mb|1N|an|15-17|mb|p|mb|2C!|an|Stayman|mb|p|mb|2D|mb|p|mb|2N|mb|p|mb|p|mb|p|"
    "pc|CQ|pc|C3|pc|C2|pc|C4|pc|D3|pc|D2|pc|D4|pc|DA|mc|8|pg||\n"
    "qx|o2|md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|sv|b|ah|Board 2|mb|p|mb|p|mb|p|mb|p|\n"
)


def test_a_lin_record_reads_into_games():
    first, second = parse_lin(RECORD)
    assert first.board == 1 and first.dealer == Seat.NORTH and first.vulnerable.pbn == "None"
    assert first.players == ("Carol", "Dave", "Alice", "Bob")
    assert first.deal.to_pbn() == "N:AT87.AT95.4.T962 54.K86.AQJT7.AJ4 J9632.QJ43.K53.Q KQ.72.9862.K8753"
    assert [str(c) for c in first.auction.calls] == ["Pass", "1NT", "Pass", "2C", "Pass", "2D", "Pass", "2NT",
                                                     "Pass", "Pass", "Pass"]
    assert (3, "!") in first.auction.annotations and first.auction.notes == ("1:15-17", "2:Stayman")
    assert str(first.contract) == "2NT" and first.declarer == Seat.EAST and first.result == 8
    assert len(first.play.tricks) == 2 and first.play.tricks[1].leader == Seat.SOUTH
    assert second.board == 2 and str(second.contract) == "Pass" and second.vulnerable.pbn == "All"


def test_lin_games_survive_a_pbn_round_trip(tmp_path):
    games = parse_lin(RECORD)
    assert parse_pbn(write_pbn(games)) == games
    path = tmp_path / "hand.lin"
    path.write_text(RECORD, encoding="utf-8")
    assert read_lin(path) == games


@pytest.mark.parametrize(
    "text,message",
    [
        ("md|3SAK|", "md needs at least three hands"),
        ("md|3SAK,SQ,|", "the hands of North, East are missing"),
        ("md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269Z,|", "is not a hand"),
        ("md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|mb|1C|mb|1C|", "auction"),
        ("md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|mb|8C|", "mb|8C|"),
        ("md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|mb|1N|mb|p|mb|p|mb|p|pc|SA|",
         "which is not in that hand"),
        ("md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|mc|15|", "0..13"),
        ("st||pg||", "no board"),
    ],
)
def test_bad_lin_is_refused_with_a_message(text, message):
    with pytest.raises(LinError) as err:
        read_lin(text)
    assert message in str(err.value)
