"""The bridge play state: legal cards, errors that say why, undo, claims, endings, results."""

import pytest

from engine.bridge.contract import Contract, Vulnerability
from engine.bridge.play import (
    BridgePlay,
    BridgePlayError,
    ClaimError,
    ClaimStatus,
    IllegalPlayError,
)
from engine.bridge.tricks import trick_winner
from engine.core.cards import CardSet, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat

SAMPLE = "N:AKQ2.KJ3.T98.A42 JT9.AQT.AKQ.KQJT 8765.98765.76.98 43.42.J5432.7653"


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def new_play(contract: str = "3NT", declarer: Seat = Seat.SOUTH, **kw) -> BridgePlay:
    return BridgePlay(Deal.from_pbn(SAMPLE), Contract.parse(contract), declarer, **kw)


def play_all(play: BridgePlay, text: str) -> None:
    for c in cards(text):
        play.play(c)


def snapshot(play: BridgePlay) -> tuple:
    return (
        play.ply,
        play.to_play,
        tuple(play.hand(s) for s in Seat),
        play.tricks,
        play.current_trick,
        play.tricks_ns,
        play.tricks_ew,
        play.legal_cards(),
        play.is_complete,
        play.claim_record,
    )


# --- trick winner -----------------------------------------------------------------
@pytest.mark.parametrize(
    "played, trump, winner_offset",
    [
        ("H2 S2 S3 DA", 0, 2),  # ruffed, over-ruffed, then a discard
        ("H2 S3 S2 HA", 0, 1),  # under-ruff does not win; the ace of the suit led loses to the ruff
        ("HK DA CA H3", None, 0),  # discards of aces never win at notrump
        ("HK DA CA H3", 3, 2),  # ... but a club ruff wins with clubs trumps
        ("S2 S3 SK SA", 0, 3),  # trump led: highest trump wins
        ("D5 D4", None, 0),  # an incomplete trick has a current winner
        ("C2 CA C3 CK", 1, 1),
    ],
)
def test_trick_winner_edge_cases(played, trump, winner_offset):
    assert trick_winner(cards(played), Seat.WEST, trump) == Seat.WEST.offset(winner_offset)


# --- building -----------------------------------------------------------------------
def test_new_play_from_a_full_deal():
    play = new_play("4SX", Seat.SOUTH, vulnerability=Vulnerability.BOTH)
    assert play.opening_leader is Seat.WEST and play.to_play is Seat.WEST
    assert play.dummy is Seat.NORTH and play.trump == 0
    assert play.total_tricks == 13 and play.remaining_tricks == 13
    assert play.legal_cards() == play.hand(Seat.WEST)
    assert not play.dummy_exposed and not play.is_complete
    assert play.remaining_deal() == play.deal


def test_explicit_leader():
    play = new_play(leader=Seat.NORTH)
    assert play.to_play is Seat.NORTH


def test_unequal_hands_are_refused():
    deal = Deal.from_pbn("N:AK.-.-.- Q.-.-.- J.-.-.- T9.-.-.-", partial=True, equal_sizes=False)
    with pytest.raises(BridgePlayError, match="equal hand sizes.*N=2, E=1"):
        BridgePlay(deal, Contract.parse("1NT"), Seat.SOUTH)


def test_earlier_tricks_must_fit_in_13():
    deal = Deal.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", partial=True)
    with pytest.raises(BridgePlayError, match="exceed 13"):
        BridgePlay(deal, Contract.parse("1NT"), Seat.SOUTH, prior_declarer_tricks=9, prior_defender_tricks=3)


# --- illegal plays say why ---------------------------------------------------------------
def test_card_not_in_hand_names_the_holder():
    play = new_play()
    with pytest.raises(IllegalPlayError, match="SA is not in West's hand \\(it is North's\\)"):
        play.play(parse_card("SA"))


def test_card_already_played():
    play = new_play()
    play_all(play, "D2")
    play.play(parse_card("DT"))
    play.play(parse_card("DA"))
    play.play(parse_card("D7"))
    with pytest.raises(IllegalPlayError, match="D2 is not in East's hand: it has already been played"):
        play.play(parse_card("D2"))


def test_must_follow_suit_names_the_suit_and_holding():
    play = new_play()
    play.play(parse_card("D2"))
    with pytest.raises(IllegalPlayError, match="North must follow suit in diamonds \\(holds DT D9 D8\\); SA is not a diamond"):
        play.play(parse_card("SA"))
    assert play.ply == 1  # nothing changed


def test_not_a_card():
    play = new_play()
    with pytest.raises(IllegalPlayError, match="52 is not a card"):
        play.play(52)


def test_no_play_after_the_end_or_undo_before_the_start():
    play = new_play()
    with pytest.raises(IllegalPlayError, match="nothing to undo"):
        play.undo()
    play.claim(9)
    with pytest.raises(IllegalPlayError, match="ended with a claim"):
        play.play(parse_card("D2"))


# --- tricks and undo --------------------------------------------------------------------
def test_a_trick_is_recorded_and_the_winner_leads():
    play = new_play("4S", Seat.SOUTH)
    play_all(play, "D2 DT DA D7")
    (trick,) = play.tricks
    assert trick.leader is Seat.WEST and trick.winner is Seat.EAST
    assert [str(p) for p in trick.plays()] == ["W:D2", "N:DT", "E:DA", "S:D7"]
    assert play.to_play is Seat.EAST and play.tricks_ew == 1 and play.defender_tricks == 1
    assert play.declarer_tricks == 0 and play.dummy_exposed
    play_all(play, "HT")  # East leads; South follows
    assert play.current_trick.leader is Seat.EAST and play.current_trick.next_seat is Seat.SOUTH
    assert play.legal_cards() == CardSet(cards("H9 H8 H7 H6 H5"))


def test_undo_across_a_trick_boundary_and_undo_to():
    play = new_play()
    start = snapshot(play)
    play_all(play, "D2 DT DA D7")
    after_one = snapshot(play)
    play_all(play, "HT")
    play.undo()
    assert snapshot(play) == after_one
    play.undo()
    assert play.tricks == () and play.current_trick.cards == tuple(cards("D2 DT DA"))
    assert play.to_play is Seat.SOUTH and play.tricks_ew == 0
    play.undo_to(0)
    assert snapshot(play) == start
    with pytest.raises(IllegalPlayError, match="ply 3"):
        play.undo_to(3)


def test_copy_is_independent():
    play = new_play()
    play_all(play, "D2 DT")
    twin = play.copy()
    twin.play(parse_card("DA"))
    assert play.ply == 2 and twin.ply == 3
    assert parse_card("DA") in play.hand(Seat.EAST)


# --- claims and results ----------------------------------------------------------------------
def test_claim_without_verifier_is_unverified_and_scores():
    play = new_play("3NT", Seat.SOUTH, vulnerability=Vulnerability.NS)
    play_all(play, "D2 DT DA D7")
    claim = play.claim(9)
    assert claim.status is ClaimStatus.UNVERIFIED and claim.remaining_tricks == 12 and claim.defender_tricks == 3
    assert play.is_complete and play.legal_cards() == CardSet()
    result = play.result()
    assert (result.declarer_tricks, result.defender_tricks, result.score) == (9, 4, 600)
    play.undo()  # takes the claim back
    assert not play.is_complete and play.ply == 4


def test_claim_with_verifier():
    play = new_play()
    seen = []

    def verifier(state, claimed):
        seen.append((state.ply, claimed))
        return claimed <= 10

    with pytest.raises(ClaimError, match="rejected"):
        play.claim(11, verifier)
    assert not play.is_complete
    assert play.claim(10, verifier).status is ClaimStatus.VERIFIED
    assert seen == [(0, 11), (0, 10)]
    assert play.result().score == 430


@pytest.mark.parametrize("claimed", [-1, 14])
def test_claim_out_of_range(claimed):
    with pytest.raises(ClaimError, match="between 0 and 13"):
        new_play().claim(claimed)


def test_claim_when_over_and_result_before_end():
    play = new_play()
    with pytest.raises(BridgePlayError, match="13 of 13 tricks remain"):
        play.result()
    play.claim(0)
    with pytest.raises(ClaimError, match="already over"):
        play.claim(1)
    assert play.result().score == -450


def test_ending_with_earlier_tricks_is_scored():
    # two-card ending, notrump, South on lead; NS already have 8 tricks, EW 3
    deal = Deal.from_pbn("N:A2.-.-.- KQ.-.-.- 43.-.-.- J5.-.-.-", partial=True)
    play = BridgePlay(
        deal, Contract.parse("3NT"), Seat.SOUTH, leader=Seat.SOUTH, prior_declarer_tricks=8, prior_defender_tricks=3
    )
    assert play.dummy_exposed and play.total_tricks == 2
    play_all(play, "S3 S5 SA SQ S2 SK S4 SJ")
    assert play.is_complete and play.tricks[1].winner is Seat.EAST
    assert play.result().declarer_tricks == 9 and play.result().score == 400


def test_ending_without_earlier_tricks_has_no_score():
    deal = Deal.from_pbn("N:A.-.-.- K.-.-.- 4.-.-.- J.-.-.-", partial=True)
    play = BridgePlay(deal, Contract.parse("1S"), Seat.SOUTH, leader=Seat.NORTH)
    play_all(play, "SA SK S4 SJ")
    result = play.result()
    assert result.declarer_tricks == 1 and result.score is None


def test_no_card_after_the_last_trick():
    deal = Deal.from_pbn("N:A.-.-.- K.-.-.- 4.-.-.- J.-.-.-", partial=True)
    play = BridgePlay(deal, Contract.parse("1S"), Seat.SOUTH, leader=Seat.NORTH)
    play_all(play, "SA SK S4 SJ")
    with pytest.raises(IllegalPlayError, match="all 1 tricks have been played"):
        play.play(parse_card("S2"))
    assert play.legal_cards() == CardSet()
