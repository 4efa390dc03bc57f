"""Baseline bridge players: always legal, reproducible, and the rule-based one follows its rules."""

import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.table import PlayerMoveError, play_out
from engine.bridge.view import view_for_turn
from engine.core.cards import card_str, parse_card
from engine.core.deal import Deal, random_deals
from engine.core.seats import Seat
from engine.players.base import Player
from engine.players.bridge_random import RandomBridgePlayer
from engine.players.bridge_rules import RulesBridgePlayer


def rules_choice(deal: str, contract: str, leader: str, played: str = "", declarer: str = "S") -> str:
    play = BridgePlay(
        Deal.from_pbn(deal, partial=True), Contract.parse(contract), Seat.parse(declarer), leader=Seat.parse(leader)
    )
    for t in played.split():
        play.play(parse_card(t))
    return card_str(RulesBridgePlayer().choose_card(view_for_turn(play)))


def seat_players(declarer_side, defence, declarer=Seat.SOUTH):
    players = [None] * 4
    players[declarer] = players[declarer.partner] = declarer_side
    players[declarer.lho], players[declarer.rho] = defence
    return players


def test_players_satisfy_the_protocol():
    assert isinstance(RandomBridgePlayer(1), Player)
    assert isinstance(RulesBridgePlayer(), Player)


def test_random_player_is_reproducible():
    def record(seed):
        play = BridgePlay(random_deals(3, 1)[0], Contract.parse("4H"), Seat.EAST)
        play_out(play, [RandomBridgePlayer(seed + i) for i in range(4)])
        return [t.cards for t in play.tricks]

    assert record(5) == record(5)
    assert record(5) != record(6)


@pytest.mark.parametrize("contract", ["3NT", "4S", "6CX"])
def test_every_pairing_plays_legal_cards_to_the_end(contract):
    for i, deal in enumerate(random_deals(21, 12)):
        for decl, defence in (
            (RulesBridgePlayer(), (RulesBridgePlayer(), RandomBridgePlayer(i))),
            (RandomBridgePlayer(i), (RulesBridgePlayer(), RulesBridgePlayer())),
        ):
            play = BridgePlay(deal, Contract.parse(contract), Seat(i % 4))
            result = play_out(play, seat_players(decl, defence, Seat(i % 4)))
            assert result.declarer_tricks + result.defender_tricks == 13


def test_rules_player_beats_random_on_both_sides():
    deals = random_deals(8, 40)

    def average(decl_factory, def_factory):
        total = 0
        for i, deal in enumerate(deals):
            play = BridgePlay(deal, Contract.parse("3NT"), Seat.SOUTH)
            players = seat_players(decl_factory(i), (def_factory(100 + i), def_factory(200 + i)))
            total += play_out(play, players).declarer_tricks
        return total / len(deals)

    rules = lambda seed: RulesBridgePlayer()  # noqa: E731
    baseline = average(RandomBridgePlayer, RandomBridgePlayer)
    assert average(rules, RandomBridgePlayer) > baseline + 1.0
    assert average(RandomBridgePlayer, rules) < baseline - 1.0


def test_an_illegal_answer_is_reported_with_the_player():
    class Cheat:
        name = "cheat"

        def choose_card(self, view):
            return next(iter(~view.legal_cards))

    play = BridgePlay(random_deals(1, 1)[0], Contract.parse("1NT"), Seat.SOUTH)
    with pytest.raises(PlayerMoveError, match="player 'cheat' \\(West, playing West\\) chose"):
        play_out(play, [Cheat()] * 4)


# --- the rules, one scenario each (partial deals, 1NT/4S by South unless stated) -----------------
def test_second_hand_low():
    # H7 would win cheaply, but second hand plays low
    assert rules_choice("N:-.-.AKQ.- -.-.-.AKQ -.5.2.2 -.A73.-.-", "1NT", "S", "H5") == "H3"


@pytest.mark.parametrize("led, west, expected", [("HQ", "-.K73.-.-", "HK"), ("HJ", "-.Q32.-.-", "HQ")])
def test_cover_an_honour_with_an_honour(led, west, expected):
    south = "-." + led[1] + ".2.2"
    assert rules_choice(f"N:-.-.AKQ.- -.-.-.AKQ {south} {west}", "1NT", "S", led) == expected


def test_third_hand_high_plays_the_lowest_of_touching_honours():
    assert rules_choice("N:-.3.-.32 -.KQ4.-.- AKQ.-.-.- -.2.AK.-", "1NT", "W", "H2 H3") == "HQ"


def test_third_hand_plays_low_when_partners_card_is_sure():
    assert rules_choice("N:-.3.-.32 -.KQ4.-.- AKQ.-.-.- -.A.AK.-", "1NT", "W", "HA H3") == "H4"


def test_fourth_hand_wins_as_cheaply_as_possible():
    assert rules_choice("N:32.6.-.- -.AK8.-.- -.2.-.32 -.5.32.-", "1NT", "S", "H2 H5 H6") == "H8"


def test_fourth_hand_plays_low_behind_partners_winner():
    assert rules_choice("N:32.6.-.- -.K84.-.- -.2.-.32 -.A.32.-", "1NT", "S", "H2 HA H6") == "H4"


def test_defender_ruffs_a_master_with_the_lowest_trump():
    assert rules_choice("N:-.-.AKQ.- -.-.-.AKQ -.AK.2.- 52.-.3.-", "4S", "S", "HA") == "S2"


def test_defender_second_hand_does_not_ruff_a_low_card_partner_may_win():
    assert rules_choice("N:-.-.AKQ.- -.A.-.KQ -.2.JT.- 52.-.3.-", "4S", "S", "H2") == "D3"


def test_discard_from_the_weakest_suit():
    assert rules_choice("N:-.-.-.AKQJ -.AKQ.-.3 -.2.32.2 KQ.-.54.-", "1NT", "S", "H2") == "D4"


def test_opening_lead_top_of_a_sequence():
    deal = "N:AT.AK.A.- 98.QT.K.- 76.32.Q.- KQJ.9.J.-"
    assert rules_choice(deal, "1NT", "W") == "SK"


def test_opening_lead_fourth_best():
    deal = "N:AKQ.AQ.AK.- JT9.JT.QJ.- 765.8642.-.- 84.K9753.-.-"
    assert rules_choice(deal, "1NT", "W") == "H5"


def test_defender_returns_partners_suit():
    # East led a club (won by South's ace); West wins the next trick and returns the club,
    # rather than leading the top of its heart sequence
    deal = "N:-.-.KQ3.73 AKQ.-.4.5 JT9.-.2.A -.KQ.A.62"
    assert rules_choice(deal, "1NT", "E", "C5 CA C2 C3 D2 DA D3 D4") == "C6"
    assert rules_choice(deal, "1NT", "W") == "HK"  # the same hand on opening lead: top of the sequence


def test_declarer_cashes_from_the_short_side_first():
    assert rules_choice("N:3.KQ.-.- -.-.-.AKQ A2.A.-.- -.-.AKQ.-", "1NT", "S") == "HA"


def test_declarer_leads_toward_an_honour():
    assert rules_choice("N:-.K3.-.2 -.-.-.AKQ -.54.2.- -.AQ.3.-", "1NT", "S") == "H4"


def test_declarer_draws_trumps_with_a_master_trump():
    assert rules_choice("N:-.-.AKQ.- QJ.-.-.A AK2.-.-.- -.-.-.KQJ", "4S", "S") == "SK"
