"""A suit-reduction hint tells its line as a plan (issue 26), and the plan is the line its chance is of.

* On the generated grand slams of :mod:`tests.hints.test_suit_reduction`, the recommended card's
  plan, walked on every layout of the suit, makes the stated chance — and that chance is the plain
  brute-force optimum after the card (:mod:`tests.suits.card_brute_force`, weights counted apart):
  the plan printed is a best line, not just some line.  Its first step is the card itself.
* The words are in the table's seats: the same hand turned a quarter round tells the same plan with
  every seat turned with it.
* The best alternative (the first card with another chance) tells its own line.
"""

from __future__ import annotations

import re

import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints import Method, bridge_hint_for_view
from engine.hints.lines import line_values
from engine.hints.suit_plan import suit_plan
from engine.suits.position import NORTH, SOUTH
from tests.hints.test_suit_reduction import GENERATED, SPADES, _generated, _reference_chances

SAME = 1e-6
RANKS = "23456789TJQKA"


@pytest.mark.parametrize("seed", GENERATED[:12])
def test_the_recommended_cards_plan_makes_the_stated_and_the_true_chance(seed):
    play, pattern = _generated(seed)  # type: ignore[misc]
    view = view_for_turn(play)
    values = line_values(view)
    if values.method is not Method.SUIT_REDUCTION:
        pytest.skip(f"{pattern}: no reduction (counted in test_suit_reduction)")
    hint = bridge_hint_for_view(view)
    best = hint.candidates[0]
    told = suit_plan(values.reduction, best.card, values.goal_tricks)
    assert best.line == told.text and f"The line: {told.text} (" in hint.text, (pattern, hint.text)
    assert abs(told.chance - best.p_goal) <= SAME, (pattern, told.chance, best.p_goal)
    truth = _reference_chances(play, view, hint.goal_tricks)
    assert abs(told.chance - truth[best.card]) <= SAME + best.error, (pattern, told.chance, truth[best.card])
    assert truth[best.card] >= max(truth.values()) - SAME - best.error, pattern
    if best.card // 13 == SPADES:  # the plan starts with the card: from its hand, its rank (or a low card)
        first = told.plan[0]
        seat = SOUTH if play.hand(Seat.SOUTH).mask >> best.card & 1 else NORTH
        assert first.lead_seat == seat and first.lead in (RANKS[best.card % 13], "x"), (pattern, first)
    else:
        assert "first, then in spades:" in told.text, told.text


FINESSE = "S:AQJ32.AK2.AK2.A2 K8.T987.T987.T98 7654.QJ3.QJ3.KQ3 T9.654.654.J7654"
FINESSE_PLAYS = ("DT", "D3", "D4", "DA")
TURNED = {"North": "East", "East": "South", "South": "West", "West": "North"}


def _finesse_hint(turn: int):
    """The spade-finesse grand slam, every seat turned ``turn`` places clockwise."""
    first = Seat.SOUTH
    for _ in range(turn):
        first = first.lho
    declarer, leader = first, first.lho
    pbn = f"{first.letter}:{FINESSE.split(':', 1)[1]}"
    play = BridgePlay(Deal.from_pbn(pbn), Contract.parse("7S"), declarer, leader=leader)
    for text in FINESSE_PLAYS:
        play.play(parse_card(text))
    return bridge_hint_for_view(view_for_turn(play))


def test_the_plan_is_told_in_the_tables_seats():
    south = _finesse_hint(0)
    west = _finesse_hint(1)
    assert south.method is Method.SUIT_REDUCTION and west.method is Method.SUIT_REDUCTION
    line = south.candidates[0].line
    assert "North" in line and "East" in line, line  # dummy leads; East covers (or not)
    turned = re.sub(r"\b(North|East|South|West)\b", lambda m: TURNED[m.group(1)], line)
    assert west.candidates[0].line == turned, (west.candidates[0].line, turned)


def test_the_best_alternative_tells_its_own_line():
    hint = _finesse_hint(0)
    best = hint.candidates[0]
    other = next(c for c in hint.candidates if abs(c.p_goal - best.p_goal) > 1e-9)
    assert other.line and other.line != best.line, (other.line, best.line)
    values = line_values(view_for_turn(_finesse_play()))
    assert other.line == suit_plan(values.reduction, other.card, values.goal_tricks).text


def _finesse_play() -> BridgePlay:
    play = BridgePlay(Deal.from_pbn(FINESSE), Contract.parse("7S"), Seat.SOUTH, leader=Seat.WEST)
    for text in FINESSE_PLAYS:
        play.play(parse_card(text))
    return play
