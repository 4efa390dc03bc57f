"""Hearts hints: the card with its expected points, the reasons in Hearts words, each reason's fact re-checked."""

from __future__ import annotations

import pytest

from engine.analysis.hearts import analyse_hearts
from engine.core.cards import SUIT_MASKS, CardSet, card_str, parse_card
from engine.hearts.passing import PassDirection, apply_passes
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules
from engine.hearts.view import play_view
from engine.hints.hearts_hint import HeartsReason, hearts_hint

HANDS = ("C2 C3 C4 D2 D3 D4 D5 D6 H2 H3 H4 S2 S3",
         "C5 C6 C7 SQ SA SK HA HK HQ HJ HT H9 H8",
         "C8 C9 CT D7 D8 D9 DT DJ S4 S5 S6 H5 H6",
         "CJ CQ CK CA DQ DK DA S7 S8 S9 ST SJ H7")
OPTIONS = dict(worlds=10, time_limit=100.0, seed=1)


def _view(plays: str):
    hands = [CardSet.parse(h) for h in HANDS]
    after, record = apply_passes(hands, PassDirection.HOLD, [[], [], [], []])
    hand = HeartsHand(after, HeartsRules())
    for c in plays.split():
        hand.play(parse_card(c))
    return play_view(hand, record)


def _check_reason_facts(view, hint) -> None:
    """Each stated reason is a true fact about the card and the position."""
    card = hint.best
    trick = view.current_cards
    led = trick[0] // 13 if trick else None
    for r in hint.reasons:
        if r.reason is HeartsReason.SHEDS_QUEEN:
            assert card == parse_card("SQ") and led is not None and not view.hand.mask & SUIT_MASKS[led]
        elif r.reason is HeartsReason.DUCKS_SAFELY:
            assert card // 13 == led and card < max(c for c in trick if c // 13 == led)
        elif r.reason is HeartsReason.VOIDS_SUIT:
            assert not (view.hand.mask & ~(1 << card)) & SUIT_MASKS[card // 13]
        elif r.reason is HeartsReason.KEEPS_EXIT:
            assert r.phrase.startswith("keeps ")
        elif r.reason is HeartsReason.BLOCKS_MOON:
            assert r.evidence["moon_risk"] <= r.evidence["moon_risk_runner_up"] - 0.05


def test_sheds_the_queen_on_a_void():
    view = _view("C2 C5 C8 CA DK D2")  # West won the first trick and leads a diamond; East has none
    hint = hearts_hint(view, **OPTIONS)
    assert card_str(hint.best) == "SQ"
    assert hint.reasons[0].reason is HeartsReason.SHEDS_QUEEN
    assert "West's trick" in hint.reasons[0].phrase and "void in diamonds" in hint.reasons[0].phrase
    _check_reason_facts(view, hint)
    # the figures are the analysis's own, recomputed
    again = analyse_hearts(view, **OPTIONS)
    assert [c.card for c in hint.cards] == [c.card for c in again.cards]
    best = again.cards[0]
    assert hint.cards[0].expected_points == pytest.approx(best.expected_points)
    assert f"{best.expected_points:.2f}" in hint.text
    assert f"{again.cards[1].expected_points:.2f}" in hint.text
    assert f"over {again.worlds} deals" in hint.text
    js = hint.to_json()
    assert js["best"] == "SQ" and js["reasons"][0]["rule"] == "sheds-queen"
    assert js["candidates"][0]["expected_points"] == pytest.approx(best.expected_points, abs=1e-3)


def test_ducks_under_the_winning_card():
    view = _view("C2 C5 C8 CA DK D2 SQ")  # South follows to West's ♦K with the ♠Q already on it
    hint = hearts_hint(view, **OPTIONS)
    assert hint.best // 13 == 2 and hint.best < parse_card("DK")  # a diamond under the king
    assert any(r.reason is HeartsReason.DUCKS_SAFELY for r in hint.reasons)
    assert "cannot win this trick" in hint.text
    _check_reason_facts(view, hint)


@pytest.mark.parametrize("plays", ["C2 C5 C8", "C2 C5 C8 CA DK D2 SQ D7 SJ", "C2 C5 C8 CA DK D2 SQ D7 SJ S2 SA"])
def test_every_reason_is_a_true_fact(plays):
    view = _view(plays)
    hint = hearts_hint(view, **OPTIONS)
    assert hint.best in view.legal_cards
    _check_reason_facts(view, hint)
    assert hint.text.startswith(f"Play the {hint.text.split()[2]}")


def test_a_seat_not_choosing_gets_a_clear_error():
    hands = [CardSet.parse(h) for h in HANDS]
    after, record = apply_passes(hands, PassDirection.HOLD, [[], [], [], []])
    view = play_view(HeartsHand(after, HeartsRules()), record, seat=1)  # North holds the ♣2 and leads
    with pytest.raises(ValueError, match="not choosing a card"):
        hearts_hint(view, **OPTIONS)
