"""Bad PBN input gives a PbnError naming the right line and the problem; nothing else escapes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.formats import PbnError, parse_pbn, read_pbn

DATA = Path(__file__).parent / "data"

GOOD = """\
% PBN 2.1
[Event "Bad input"]
[Board "1"]
[Dealer "N"]
[Deal "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"]
[Declarer "S"]
[Contract "4S"]
[Result "9"]
[Auction "N"]
1D 1H 1S Pass
3S Pass 4S AP
[Play "W"]
S9 SJ SA S5
CJ CA CK C8
C4 CQ C3 C7
*
"""
DEAL = '[Deal "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"]'


def with_line(number: int, text: str) -> str:
    lines = GOOD.splitlines()
    lines[number - 1] = text
    return "\n".join(lines) + "\n"


def error_of(text: str) -> PbnError:
    with pytest.raises(PbnError) as info:
        read_pbn(text)
    return info.value


def test_the_base_text_is_valid() -> None:
    assert len(read_pbn(GOOD)) == 1


@pytest.mark.parametrize(
    ("line", "replacement", "fragments"),
    [
        (2, '[Event "Bad input"', ["not closed with ']'"]),
        (2, '[Event "Bad input]', ["closing '\"' is missing"]),
        (2, "[Event]", ["no quoted value"]),
        (3, '[Board "one"]', ["Board tag", "'one' is not a board number"]),
        (5, DEAL.replace("KJ74", "KX74"), ["Deal", "'X'", "not a rank"]),
        (5, DEAL.replace("AKJ5", "AKJ5A"), ["Deal", "DA appears twice"]),
        (5, DEAL.replace("T986.K52", "T986.Q52").replace("Q532.763", "K532.763"),
         ["Deal", "SK", "another hand"]),
        (5, DEAL.replace("Q764.J4", "Q764.4"), ["West has 12 cards", "same number of cards"]),
        (7, '[Contract "8S"]', ["Contract tag", "bad contract '8S'"]),
        (8, '[Result "14"]', ["Result tag", "0..13"]),
        (10, "1D 1H 1S 1H", ["Auction", "1H by W is not higher than 1S"]),
        (11, "3S Pass 4S XX", ["Auction", "XX by W is illegal"]),
        (11, "3S Pass 4S Bingo", ["Auction", "'Bingo' is not a call"]),
        (12, '[Play "N"]', ["North leads", "left-hand opponent West"]),
        (13, "S9 SJ SA S4", ["Play", "South plays S4", "not in South's hand"]),
        (14, "CJ CA CK D3", ["Play", "revoke: South plays D3", "on a clubs lead while holding clubs"]),
        (15, "S9 CQ C3 C7", ["Play", "S9 is played a second time"]),
        (15, "C4 CQ C3 X7", ["Play", "bad card 'X7'"]),
    ],
)
def test_bad_line_is_reported_with_its_number(line: int, replacement: str, fragments: list[str]) -> None:
    error = error_of(with_line(line, replacement))
    assert error.line == line
    assert str(error).startswith(f"line {line}: ")
    for fragment in fragments:
        assert fragment in str(error)


def test_revoke_in_a_later_trick_follows_the_leader_of_that_trick() -> None:
    # North won trick 2 with the club ace and leads the queen; West, last to play, still holds C4
    error = error_of(with_line(15, "D4 CQ C3 C7"))
    assert error.line == 15 and "revoke: West plays D4 in trick 3" in str(error)
    # the same row is legal when the suit led is one West is void in
    assert read_pbn(with_line(15, "C4 CQ C3 C7"))


def test_missing_card_before_a_played_one() -> None:
    error = error_of(with_line(14, "- CA CK C8"))  # East led, South followed, West blank, North played
    assert error.line == 14 and "West has no card" in str(error)


def test_play_after_an_unfinished_trick() -> None:
    error = error_of(with_line(14, "- - CK C8"))
    assert error.line == 15 and "trick 3 follows trick 2, which is unfinished" in str(error)


def test_play_without_a_contract() -> None:
    error = error_of(with_line(7, "").replace("\n\n", "\n").replace('[Declarer "S"]\n', ""))
    assert "needs a Contract" in str(error) and error.line == 10


def test_unterminated_block_comment_names_where_it_opened() -> None:
    error = error_of(with_line(9, '{ this comment never ends [Auction "N"]'))
    assert error.line == 9 and "never closed" in str(error)


def test_hash_with_nothing_to_copy() -> None:
    error = error_of(with_line(2, '[Event "#"]'))
    assert error.line == 2 and "no earlier game" in str(error)


def test_text_outside_any_tag() -> None:
    error = error_of("% PBN 2.1\n\nstray words\n[Event \"x\"]\n")
    assert error.line == 3 and "'stray' is outside any tag" in str(error)


def test_section_data_after_a_tag_without_a_section() -> None:
    error = error_of(with_line(4, '[Dealer "N"] 1S'))
    assert error.line == 4 and "has no section data" in str(error)


def test_passed_out_deal_with_a_declarer() -> None:
    text = '[Board "1"]\n[Declarer "S"]\n[Contract "Pass"]\n'
    assert "passed-out deal has no declarer" in str(error_of(text))


def test_errors_from_a_file_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.pbn"
    bad.write_text(with_line(5, DEAL.replace("KJ74", "KX74")))
    with pytest.raises(PbnError) as info:
        read_pbn(bad)
    assert str(info.value).startswith(f"{bad}, line 5: ")
    assert isinstance(info.value, ValueError)  # the CLI prints ValueErrors without a traceback


FIXTURE_TEXT = (DATA / "dealer_export.pbn").read_text(encoding="utf-8")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_files_raise_only_pbn_errors(data: st.DataObject) -> None:
    """Cut, duplicate or overwrite a slice of a real file: the reader either copes or says where."""
    text = FIXTURE_TEXT
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    junk = data.draw(st.text(alphabet='[]{}";%#*-=!?$ \nSHDCAKQJT98765432xNESW', max_size=8))
    damaged = text[:start] + junk + text[end:]
    try:
        parse_pbn(damaged)
    except PbnError as e:
        assert e.line >= 1


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_raises_only_pbn_errors(text: str) -> None:
    try:
        parse_pbn(text)
    except PbnError:
        pass
