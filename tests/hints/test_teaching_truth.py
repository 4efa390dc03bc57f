"""The teaching set against the truth: every hint's card is a right card and every figure it states is the
real single-dummy chance (issue 21).

For each position of :mod:`tests.hints.teaching_set` the play is rebuilt, the deciding seat's view taken
(:func:`~engine.bridge.view.view_for_turn`: declarer's for dummy's card, a defender's own for a defender)
and the hint asked for with the default budget, as the app and the CLI ask.  The truth comes from
:mod:`tests.hints.single_dummy_reference`, a plain enumeration that shares no code with the engine's
searches: the chance of the best line starting with each legal card, the player not seeing the hidden
cards later, against opponents who see every card (a defender's partner sees every card and helps),
deals weighted by vacant places and restricted choice.

Checked per position: the method is exact; the recommended card is a right card (its true chance is the
maximum); the stated chance of the recommended card, and of every other candidate and every card of its
run of equal cards, is within 2 points of its truth; every legal card is accounted for; the goal is the
contract.  And for the set: at least 30 positions covering every theme, each lesson true.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK, card_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints import BridgeHint, Goal, Method, bridge_hint_for_view
from tests.hints.single_dummy_reference import Situation, true_chances
from tests.hints.teaching_set import TEACHING_SET, THEMES, TeachingPosition

TOLERANCE = 0.02  # the "within 2 points of the truth"
SAME = 1e-9  # chances equal up to rounding


@dataclass(frozen=True)
class Checked:
    """One position analysed: the hint (and how long it took) and the true chance of every legal card."""

    hint: BridgeHint
    truth: dict[int, float]
    hint_seconds: float
    truth_seconds: float

    @property
    def best_truth(self) -> float:
        return max(self.truth.values())

    def right_cards(self) -> list[int]:
        return [c for c, p in self.truth.items() if p >= self.best_truth - SAME]


def build(position: TeachingPosition):
    """(deal, play, view) at the position's decision."""
    deal = Deal.from_pbn(position.deal, partial=True)
    play = BridgePlay(deal, Contract.parse(position.contract), Seat.parse(position.declarer),
                      leader=Seat.parse(position.leader), prior_declarer_tricks=position.prior[0],
                      prior_defender_tricks=position.prior[1])
    for text in position.plays:
        play.play(parse_card(text))
    return deal, play, view_for_turn(play)


def situation(play: BridgePlay, view) -> Situation:
    """The reference's description of the decision: the hands now, the trick, who decides, what is still
    needed, and everything played in the ending in order."""
    trick = play.current_trick
    return Situation(
        hands=tuple(play.hand(s).mask for s in Seat),  # type: ignore[arg-type]
        trick=tuple(trick.cards),
        leader=int(trick.leader),
        strain=int(play.strain),
        viewer=int(view.seat),
        declarer=int(play.declarer),
        need=play.contract.tricks_needed - play.declarer_tricks,
        history=tuple((int(p.seat), int(p.card)) for p in view.plays()),
    )


_CHECKED: dict[str, Checked] = {}


def checked(position: TeachingPosition) -> Checked:
    """The position's hint and truth, computed once per session."""
    found = _CHECKED.get(position.name)
    if found is None:
        deal, play, view = build(position)
        start = time.process_time()
        hint = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask)
        hint_seconds = time.process_time() - start
        start = time.process_time()
        truth = true_chances(situation(play, view))
        truth_seconds = time.process_time() - start
        found = _CHECKED[position.name] = Checked(hint, truth, hint_seconds, truth_seconds)
    return found


def figures(result: Checked) -> str:
    """Every card's stated and true chance, for failure messages."""
    stated = {c: cand.p_goal for cand in result.hint.candidates for c in cand.equivalents}
    return ", ".join(f"{card_str(c)} stated {stated.get(c, float('nan')):.4f} true {p:.4f}"
                     for c, p in sorted(result.truth.items(), key=lambda kv: -kv[1]))


@pytest.fixture(params=TEACHING_SET, ids=[p.name for p in TEACHING_SET])
def position(request) -> TeachingPosition:
    return request.param


def test_method_is_exact(position: TeachingPosition) -> None:
    result = checked(position)
    assert result.hint.method is Method.EXACT and result.hint.exact, (
        f"{position.name}: {result.hint.method.value} ({result.hint.algorithm}) on {result.hint.layouts} layouts")


def test_goal_is_the_contract(position: TeachingPosition) -> None:
    result = checked(position)
    assert result.hint.goal is Goal.CONTRACT, f"{position.name}: the hint's goal is {result.hint.goal.value}"


def test_hint_card_is_a_right_card(position: TeachingPosition) -> None:
    result = checked(position)
    best = result.hint.best
    assert best in result.truth, f"{position.name}: {card_str(best)} is not a legal card"
    assert result.truth[best] >= result.best_truth - SAME, (
        f"{position.name}: the hint plays {card_str(best)} ({result.truth[best]:.4f}); right: "
        f"{[card_str(c) for c in result.right_cards()]} ({result.best_truth:.4f}); {figures(result)}")


def test_stated_chance_is_the_truth(position: TeachingPosition) -> None:
    result = checked(position)
    top = result.hint.candidates[0]
    assert top.card == result.hint.best
    assert abs(top.p_goal - result.truth[top.card]) <= TOLERANCE, (
        f"{position.name}: {card_str(top.card)} stated {top.p_goal:.4f}, true {result.truth[top.card]:.4f}")


def test_every_candidate_chance_is_the_truth(position: TeachingPosition) -> None:
    result = checked(position)
    listed = [c for cand in result.hint.candidates for c in cand.equivalents]
    assert sorted(listed) == sorted(result.truth), (
        f"{position.name}: candidates {[card_str(c) for c in listed]}, "
        f"legal {[card_str(c) for c in result.truth]}")
    wrong = [f"{card_str(c)} stated {cand.p_goal:.4f} true {result.truth[c]:.4f}"
             for cand in result.hint.candidates for c in cand.equivalents
             if abs(cand.p_goal - result.truth[c]) > TOLERANCE]
    assert not wrong, f"{position.name}: {wrong}"


def test_lesson_is_true(position: TeachingPosition) -> None:
    """The data's own check: the card the theme recommends is a right card by the reference."""
    result = checked(position)
    for text in position.lesson:
        card = parse_card(text)
        assert card in result.truth and result.truth[card] >= result.best_truth - SAME, (
            f"{position.name}: the lesson's {text} is not a right card; {figures(result)}")


def test_the_set_covers_every_theme() -> None:
    assert len(TEACHING_SET) >= 30
    assert len({p.name for p in TEACHING_SET}) == len(TEACHING_SET)
    assert {p.theme for p in TEACHING_SET} == set(THEMES)
    defending = {p.theme for p in TEACHING_SET if not Seat.parse(p.declarer).same_side(build(p)[2].seat)}
    assert {"hold-up by a defender", "defender's cash-out"} <= defending
