"""The system card as data: reading it, its error messages, a changed card, meanings in words."""

from __future__ import annotations

import pytest

from engine.bidding import BidContext, HandRange, choose_call, default_system, load_system, parse_system, read_auction
from engine.bidding.bidder import interpret
from engine.bidding.ranges import ANY, Holding
from engine.bidding.system import SystemCardError
from engine.bridge.auction import Call
from engine.bridge.contract import Vulnerability
from engine.core.cards import CardSet
from engine.core.seats import Seat


def test_the_shipped_card_reads_and_explains_a_one_heart_opening():
    system = default_system()
    assert len(system) > 300
    ctx = BidContext(Seat.NORTH, Vulnerability.NONE, ())
    meaning = interpret(system, ctx, Call.parse("1H"))
    assert meaning.text == "12-21 HCP, 5+ hearts"
    assert meaning.range.hcp == (12, 21) and meaning.range.lengths[1][0] == 5


@pytest.mark.parametrize(
    "line,message",
    [
        ("? | 1H | hpc 12-21", "unknown condition 'hpc 12-21'"),
        ("1H P | 2H", "must end with '?'"),
        ("? | 9H", "not a call template"),
        ("? | 1H | hcp 21-12", "empty"),
        ("? | 1H | | bogus", "unknown flag 'bogus'"),
        ("? | 1H | @nothing", "@nothing is not defined"),
        ("? | 1H | {z} 5+", "not a strain"),
    ],
)
def test_a_bad_card_line_is_named_with_its_file_and_line(line, message):
    with pytest.raises(SystemCardError) as err:
        parse_system("# a card\n" + line, "test", "test.txt")
    assert "test.txt:2" in str(err.value) and message in str(err.value)


def test_a_changed_card_bids_differently(tmp_path):
    card = tmp_path / "mini.txt"
    card.write_text(
        "define strong = hcp 16+\n"
        "[Openings]\n"
        "?  | 1C  | @strong        | art, forcing | Precision 1C: {range}\n"
        "?  | 1NT | hcp 13-15; balanced |          | weak notrump: {range}\n"
        "?  | P   |                |              | nothing to say\n",
        encoding="utf-8",
    )
    system = load_system(card)
    ctx = BidContext(Seat.NORTH, Vulnerability.NONE, ())
    assert choose_call(system, ctx, CardSet.from_pbn("AJ7.Q93.AQ82.K75")).call == Call.parse("1C")
    assert choose_call(system, ctx, CardSet.from_pbn("KJ7.Q93.AQ82.J75")).call == Call.parse("1NT")
    assert interpret(system, ctx, Call.parse("1C")).text == "Precision 1C: 16+ HCP"
    assert interpret(system, ctx, Call.parse("1C")).artificial


def test_a_missing_card_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        load_system(tmp_path / "nope.txt")


def test_a_call_the_card_does_not_know_is_taken_as_natural():
    records = read_auction(default_system(), Seat.NORTH, Vulnerability.NONE, ["1S", "P", "5C"])
    assert "not in the system" in records[2].meaning.text
    assert records[2].meaning.range.lengths[3] == (5, 13)


def test_ranges_intersect_hull_and_describe():
    opener = HandRange.of((12, 21), H=(5, 13))
    raise_ = HandRange.of((6, 10), H=(3, 13))
    both = opener.intersect(raise_)
    assert both.hcp == (12, 10) and both.is_empty
    assert opener.hull(raise_).hcp == (6, 21) and opener.hull(raise_).lengths[1] == (3, 13)
    assert opener.describe() == "12-21 HCP, 5+ hearts"
    assert HandRange(balanced=True, hcp=(15, 17)).describe() == "15-17 HCP, balanced"
    assert ANY.is_trivial and not opener.is_trivial
    keys = Holding(mask=0b11111, allowed=0b10010, what="key cards for spades")
    assert keys.describe() == "1 or 4 key cards for spades"


def test_a_misbid_picture_keeps_what_still_fits():
    first = HandRange.of((15, 17), S=(0, 4))
    later = HandRange.of((6, 9))
    merged = first.merge_newer(later)
    assert merged.hcp == (6, 9) and merged.lengths[0] == (0, 4) and not merged.is_empty
