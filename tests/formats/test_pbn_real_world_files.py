"""Reading messy real-world-style PBN files (fixtures in ``data/``) into the typed model."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bridge.contract import Contract, Vulnerability
from engine.core.cards import parse_card
from engine.core.seats import Seat
from engine.formats import PASSED_OUT, PbnGame, read_pbn, write_pbn

DATA = Path(__file__).parent / "data"
FIXTURES = ["dealer_export.pbn", "comments_crlf.pbn", "inherited_boards.pbn", "partial_ending.pbn"]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def declarer_tricks(game: PbnGame) -> int:
    assert game.play is not None and game.declarer is not None
    return sum(
        1 for t in game.play.tricks if t.is_complete and t.winner(game.trump).same_side(game.declarer)
    )


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_survives_write_and_read_back(name: str) -> None:
    games = read_pbn(DATA / name)
    assert games
    again = read_pbn(write_pbn(games))
    assert again == games


def test_dealer_program_export_with_many_tags() -> None:
    games = read_pbn(DATA / "dealer_export.pbn")
    assert [g.board for g in games] == [1, 2, 3]
    first = games[0]
    assert (first.event, first.site, first.date) == (
        "Tuesday Evening Pairs", "Riverside Bridge Club, Ghent", "2024.03.12")
    assert first.players == ("Bob Hart", "Cy Young", "Di Moss", "Ann Lee")  # by seat N, E, S, W
    assert (first.dealer, first.vulnerable, first.scoring) == (Seat.NORTH, Vulnerability.NONE, "MP;MP_Total")
    assert first.deal is not None and first.deal.is_full
    assert str(first.deal[Seat.EAST]) == "A.AQT94.82.KT932"
    assert (first.declarer, first.contract, first.result) == (Seat.SOUTH, Contract.parse("4S"), 9)
    assert first.auction is not None and first.auction.outcome() == (Contract.parse("4S"), Seat.SOUTH)
    assert [str(c) for c in first.auction.calls] == ["1D", "1H", "1S", "Pass", "3S", "Pass", "4S",
                                                      "Pass", "Pass", "Pass"]
    assert first.play is not None and len(first.play.tricks) == 13
    assert first.play.tricks[0].cards == cards("S9 SJ SA S5")
    assert first.play.tricks[1].leader == Seat.EAST  # East's ace won trick one
    assert first.play.tricks[1].cards == cards("CK C8 CJ CA")  # play order, not column order
    assert [t.name for t in first.other_tags] == [
        "HomeTeam", "Room", "Round", "Score", "ScorePercentage", "DoubleDummyTricks", "OptimumScore",
        "OptimumResultTable", "ActionTable"]
    table = next(t for t in first.other_tags if t.name == "OptimumResultTable")
    assert table.value == "Declarer;Denomination\\2R;Result\\2R"
    assert len(table.section) == 10 and table.section[1] == "N S 10"
    # the complete plays agree with the recorded results
    assert declarer_tricks(games[0]) == games[0].result
    assert declarer_tricks(games[1]) == games[1].result
    third = games[2]
    assert third.contract == Contract.parse("2HX") and third.play is not None and len(third.play.tricks) == 5
    assert [(t.name, t.value) for t in third.other_tags] == [("Note", "1:declarer claimed the rest, one down")]


def test_comments_crlf_odd_spacing_lowercase_tens_and_symbols() -> None:
    raw = (DATA / "comments_crlf.pbn").read_bytes()
    assert b"\r\n" in raw and "♦".encode() in raw and b"c10" in raw
    messy, tidy = read_pbn(DATA / "comments_crlf.pbn"), read_pbn(DATA / "dealer_export.pbn")
    assert len(messy) == 2
    board2 = messy[0]
    reference = tidy[1]
    assert board2.deal == reference.deal
    assert board2.auction is not None and reference.auction is not None
    assert board2.auction.calls == reference.auction.calls
    assert board2.play == reference.play
    assert (board2.board, board2.dealer, board2.vulnerable) == (2, Seat.EAST, Vulnerability.NS)
    assert (board2.declarer, board2.contract, board2.result) == (Seat.NORTH, Contract.parse("3NT"), 3)
    assert board2.event == "Practice night"
    assert [(t.name, t.value) for t in board2.other_tags] == [
        ("myClubTag", 'kept as written; with "quotes" and a \\ backslash')]
    board3 = messy[1]
    assert board3.contract == Contract.parse("2HX")
    assert board3.play is not None
    last = board3.play.tricks[-1]
    assert (last.leader, last.cards, last.is_complete) == (Seat.EAST, cards("CT"), False)
    assert board3.play.tricks[:5] == tidy[2].play.tricks  # type: ignore[union-attr]


def test_hash_copies_the_previous_value() -> None:
    games = read_pbn(DATA / "inherited_boards.pbn")
    assert [g.board for g in games] == [1, 2, 3, 4]
    assert {g.event for g in games} == {"Spring Teams, round 4"}
    assert {g.date for g in games} == {"2024.04.20"}
    assert games[1].players == ("Novak", "Ekberg", "Silva", "Wu")
    assert games[2].players == ("Novak", "Ekberg", "Silva", "Morel")
    assert games[3].players == ("Novak", "Ekberg", "Silva", "Morel")  # copies board 3's West
    assert games[2].scoring is None and games[3].scoring == "IMP"  # '#' takes the latest value given
    assert (games[2].contract, games[2].declarer, games[2].result) == (PASSED_OUT, None, None)
    assert games[3].contract == Contract.parse("4SX") and games[3].vulnerable == Vulnerability.BOTH
    assert [t.value for g in games for t in g.other_tags] == ["Closed", "Closed", "Closed"]


def test_partial_deal_with_unknown_hands_and_play() -> None:
    ending, small = read_pbn(DATA / "partial_ending.pbn")
    assert ending.deal is not None and not ending.deal.is_full
    assert ending.deal.hand_sizes() == (4, 0, 4, 0)
    hands = ending.known_hands()
    assert hands is not None and hands[Seat.EAST] is None and hands[Seat.WEST] is None
    assert str(hands[Seat.NORTH]) == "AK.2..A"
    assert ending.play is not None
    assert [t.leader for t in ending.play.tricks] == [Seat.WEST, Seat.WEST]
    assert ending.play.tricks[1].winner(ending.trump) == Seat.EAST
    assert 'Deal "S:QJ.A..K - AK.2..A -"' in write_pbn([ending])
    assert small.deal is not None and small.deal.hand_sizes() == (2, 2, 2, 2)
    assert small.play is not None and small.play.tricks[0].winner(small.trump) == Seat.SOUTH


def test_auction_annotations_and_notes_are_kept() -> None:
    text = """
[Dealer "W"]
[Auction "W"]
2D=1= X! Pass $4 2NT?
=2= Pass 3NT AP
[Note "1:weak two in a major"]
[Note "2:Lebensohl"]
[Play "W"]
*
[Note "3:a note after the play stays an ordinary tag"]
"""
    (game,) = read_pbn(text)
    auction = game.auction
    assert auction is not None
    assert [str(c) for c in auction.calls] == ["2D", "X", "Pass", "2NT", "Pass", "3NT", "Pass", "Pass", "Pass"]
    assert auction.annotations == ((0, "=1="), (1, "!"), (2, "$4"), (3, "?"), (3, "=2="))
    assert auction.notes == ("1:weak two in a major", "2:Lebensohl")
    assert auction.outcome() == (Contract.parse("3NT"), Seat.SOUTH)  # South bid notrump first
    assert game.play is not None and game.play.tricks == () and game.play.opening_leader == Seat.WEST
    assert [t.value for t in game.other_tags] == ["3:a note after the play stays an ordinary tag"]
    assert read_pbn(write_pbn([game])) == [game]


def test_a_one_line_string_is_a_path() -> None:
    with pytest.raises(FileNotFoundError):
        read_pbn("no_such_file.pbn")
    assert read_pbn(str(DATA / "partial_ending.pbn")) == read_pbn(DATA / "partial_ending.pbn")
    assert read_pbn("") == [] and read_pbn("% only a directive\n") == []


def test_latin1_and_byte_order_mark_files_decode(tmp_path: Path) -> None:
    body = '[Event "Coupe de Liège"]\n[South "Sjöberg"]\n[Board "5"]\n'
    latin1 = tmp_path / "latin1.pbn"
    latin1.write_bytes(body.encode("latin-1"))  # PBN's own character set
    bom = tmp_path / "bom.pbn"
    bom.write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    for path in (latin1, bom):
        (game,) = read_pbn(path)
        assert (game.event, game.players[Seat.SOUTH], game.board) == ("Coupe de Liège", "Sjöberg", 5)
