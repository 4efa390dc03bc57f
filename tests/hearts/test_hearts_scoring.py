"""Hand scoring (points, moon under both rules, the ♦J option) and game totals to the target."""

import pytest

from engine.core.cards import SUIT_MASKS, parse_card
from engine.core.seats import Seat
from engine.hearts.rules import HeartsRules, MoonScoring
from engine.hearts.scoring import (
    HEARTS_MASK,
    GameScore,
    HeartsScoreError,
    card_points,
    cards_points,
    moon_shooter,
    score_hand,
)

QS = 1 << parse_card("SQ")
JD = 1 << parse_card("DJ")
SPADES, DIAMONDS, CLUBS = SUIT_MASKS[0], SUIT_MASKS[2], SUIT_MASKS[3]
JD_RULES = HeartsRules(jack_of_diamonds=True)


def test_card_points():
    assert card_points(parse_card("H2"), HeartsRules()) == 1
    assert card_points(parse_card("SQ"), HeartsRules()) == 13
    assert card_points(parse_card("DJ"), HeartsRules()) == 0
    assert card_points(parse_card("DJ"), JD_RULES) == -10
    assert cards_points(HEARTS_MASK | QS, HeartsRules()) == 26


def test_ordinary_hand():
    taken = [HEARTS_MASK & 0b111 << 13, QS | CLUBS, (HEARTS_MASK & ~(0b111 << 13)), (SPADES & ~QS) | DIAMONDS]
    result = score_hand(taken, HeartsRules())
    assert result.points == (3, 13, 10, 0) and result.moon is None


def test_moon_adds_26_to_the_others_by_default():
    taken = [CLUBS, HEARTS_MASK | QS, SPADES & ~QS, DIAMONDS]
    result = score_hand(taken, HeartsRules())
    assert result.points == (26, 0, 26, 26) and result.moon == Seat(1)
    assert moon_shooter(taken) == 1


def test_moon_shooter_minus_26_option():
    taken = [CLUBS, HEARTS_MASK | QS, SPADES & ~QS, DIAMONDS]
    result = score_hand(taken, HeartsRules(moon_scoring=MoonScoring.SHOOTER_MINUS_26))
    assert result.points == (0, -26, 0, 0)


def test_jack_of_diamonds_counts_for_its_taker_even_on_a_moon():
    plain = [CLUBS, HEARTS_MASK | QS, SPADES & ~QS, DIAMONDS]
    assert score_hand(plain, JD_RULES).points == (26, 0, 26, 16)
    shooter_has_jack = [CLUBS, HEARTS_MASK | QS | JD, SPADES & ~QS, DIAMONDS & ~JD]
    assert score_hand(shooter_has_jack, JD_RULES).points == (26, -10, 26, 26)
    no_moon = [CLUBS | JD, HEARTS_MASK, SPADES, DIAMONDS & ~JD]
    assert score_hand(no_moon, JD_RULES).points == (-10, 13, 13, 0)


def test_all_hearts_without_the_queen_is_no_moon():
    taken = [CLUBS, HEARTS_MASK, SPADES, DIAMONDS]
    assert score_hand(taken, HeartsRules()).moon is None


def test_bad_taken_cards_are_refused():
    with pytest.raises(HeartsScoreError, match="all 52 cards"):
        score_hand([CLUBS, HEARTS_MASK, SPADES, 0], HeartsRules())
    with pytest.raises(HeartsScoreError, match="seat 1 took a card"):
        score_hand([CLUBS, CLUBS, SPADES | HEARTS_MASK, DIAMONDS], HeartsRules())


def test_game_runs_to_the_target_and_lowest_total_wins():
    game = GameScore(HeartsRules(target_score=50))
    game = game.add_hand((10, 0, 3, 13)).add_hand((26, 0, 26, 26))
    assert game.totals == (36, 0, 29, 39) and not game.is_over and game.winners == ()
    game = game.add_hand((14, 0, 12, 0))
    assert game.is_over and game.totals == (50, 0, 41, 39) and game.hands_played == 3
    assert game.winners == (Seat(1),)
    with pytest.raises(HeartsScoreError, match="game is over"):
        game.add_hand((0, 0, 0, 0))


def test_tied_lowest_totals_share_the_win():
    game = GameScore(HeartsRules(target_score=20)).add_hand((5, 5, 16, 0)).add_hand((0, 0, 10, 5))
    assert game.is_over and game.winners == (Seat(0), Seat(1), Seat(3))
