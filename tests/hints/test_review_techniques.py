"""The review names the technique a costly card missed (issue 26), for every technique with a position built for
it, declarer's and the defence's: at the position's decision the user plays the card that does worst, and the
review must single that card out, offer the lesson's card, and say what it would have done in the technique's
own words ("the ♥2 would have thrown West in", "its line would have squeezed West", "the ♣6 would have held up
the ♣K", "the ♠K would have been the third hand high")."""

from __future__ import annotations

import pytest

from engine.bridge.contract import Contract
from engine.bridge.view import deciding_seat
from engine.core.cards import parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints.review import missed_words, review_play
from engine.hints.techniques import Technique
from tests.hints.technique_positions import POSITIONS, Pos, build, hint_of

T = Technique


REVIEWED = ("squeeze_positional_west", "rectify_the_count", "throw_in_with_a_heart", "hold_up_the_king_on_the_return",
            "unblock_dummy_king_on_the_lead", "cross_in_clubs_to_finesse_the_queen", "safety_cash_the_ace",
            "restricted_choice", "hold_up_defence", "third_hand_high", "defender_ruffs_at_once",
            "cash_hearts_before_diamond_discards", "second_hand_low_club", "defender_unblocks_club")
"""One position per technique whose cards differ in the contract's chance (what the review scores)."""
CASES = [next(p for p in POSITIONS if p.name == name) for name in REVIEWED]


def test_the_review_cases_cover_the_techniques_of_issue_26():
    covered = {p.named for p in CASES}
    assert covered >= {T.SQUEEZE, T.RECTIFY_COUNT, T.THROW_IN, T.HOLD_UP, T.ENTRY_MANAGEMENT, T.CROSS_TO_FINESSE,
                       T.CASH_OUT, T.SECOND_HAND_LOW, T.THIRD_HAND_HIGH, T.DEFENSIVE_HOLD_UP, T.DEFENSIVE_RUFF,
                       T.DEFENSIVE_UNBLOCK, T.RESTRICTED_CHOICE, T.SAFETY_PLAY}, covered


@pytest.mark.parametrize("position", CASES, ids=[p.name for p in CASES])
def test_the_review_names_the_technique_the_costly_card_missed(position: Pos):
    deal, play, view, pins = build(position)
    hint = hint_of(position)
    best = hint.candidates[0]
    worst = min(hint.candidates, key=lambda c: (c.p_make if view.seat.same_side(play.declarer) else -c.p_make))
    assert abs(worst.p_make - best.p_make) >= 0.05, "the position's cards must differ in the contract's chance"
    mover = deciding_seat(play)
    cards = [parse_card(c) for c in position.plays] + [worst.card]
    review = review_play(Deal.from_pbn(position.deal, partial=True), Contract.parse(position.contract),
                         Seat.parse(position.declarer), cards, seats=(mover,), leader=Seat.parse(position.leader),
                         prior=position.prior, constraints=pins)
    # the decision is the last card (the cards that set the position up may be reviewed too)
    costly = next(r for r in review.costly if r.ply == len(cards) - 1)
    lesson = {parse_card(c) for c in position.lesson}
    assert costly.card == worst.card
    assert costly.better is not None and (costly.better in lesson or costly.better in best.equivalents
                                          or costly.better == best.card)
    assert costly.hint is not None
    found = costly.hint.candidates[0].techniques[0]
    assert found.technique is position.named
    words = missed_words(found, costly.better)
    assert words in (costly.explanation or ""), costly.explanation
