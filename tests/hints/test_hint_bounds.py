"""An estimate's two-sided bound against the truth (issue 21: "what is not exact says so and gives its error
bound").

The teaching positions are hinted with the exact search's budget cut short, so that the hint falls back to a
search cut at a horizon (an upper figure: every later guess counted as right) and looks for a floor (a concrete
line's chance against best defence: :mod:`engine.search.line_floor`).  The truth comes from the plain
enumeration of :mod:`tests.hints.single_dummy_reference`, which shares no code with the engine.  Checked: the
truth lies between the two figures for every candidate that has both; floors are found; the text prints the
range and the JSON the bounds; a card the text calls "surely a right card" is one.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.cards import FULL_MASK, card_str
from engine.hints import Method, bridge_hint_for_view
from engine.hints.lines import HintBudget
from engine.hints.render import bridge_text, pct
from tests.hints.single_dummy_reference import true_chances
from tests.hints.teaching_set import by_name
from tests.hints.test_teaching_truth import build, situation

CUT = HintBudget(exact_nodes=1_000)  # too few for these endings to be searched to the end
NAMES = ("eight_ever_cash", "nine_never_cash", "eight_ever_cross", "nine_never_cross_notrump", "deep_finesse",
         "combining_chances", "ruffing_finesse", "cash_out", "hold_up_defence")

_CASES: dict[str, tuple] = {}


def case(name: str):
    found = _CASES.get(name)
    if found is None:
        deal, play, view = build(by_name(name))
        hint = bridge_hint_for_view(view, budget=CUT, out_of_play=FULL_MASK & ~deal.cards.mask)
        found = _CASES[name] = (hint, true_chances(situation(play, view)))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_the_truth_lies_between_the_floor_and_the_upper_figure(name):
    hint, truth = case(name)
    assert hint.method is Method.ESTIMATE and not hint.exact, hint.algorithm
    for cand in hint.candidates:
        assert truth[cand.card] <= cand.p_goal + 1e-9, (card_str(cand.card), truth[cand.card], cand.p_goal)
        if cand.p_floor is not None:
            assert cand.p_floor <= truth[cand.card] + 1e-9, (card_str(cand.card), cand.p_floor, truth[cand.card])
        data = cand.to_json(hint.exact)
        assert data["upper_bound"] == round(cand.p_goal, 6)
        assert data["lower_bound"] == (None if cand.p_floor is None else round(cand.p_floor, 6))
    best = hint.candidates[0]
    if best.p_floor is not None and pct(best.p_floor) != pct(best.p_goal):
        assert f"in {pct(best.p_floor)} to {pct(best.p_goal)} of the deals" in hint.text
        assert "the true chance lies between the two" in hint.text
    if "surely a right card" in hint.text:
        assert truth[best.card] >= max(truth.values()) - 1e-9


def test_floors_are_found_and_often_are_the_truth():
    found = exact = 0
    for name in NAMES:
        hint, truth = case(name)
        for cand in hint.candidates[:2]:
            if cand.p_floor is not None:
                found += 1
                exact += abs(cand.p_floor - truth[cand.card]) <= 1e-9
    assert found >= 10 and exact >= 8, (found, exact)


def test_equal_upper_figures_are_parted_by_the_floor():
    """Eight ever at the cash: both cards make 84% if every later guess is right; the concrete lines make 60%
    (the ♠K) and 57% (the ♥2), the truth — so the king comes first and the text says why."""
    hint, truth = case("eight_ever_cash")
    assert hint.tie_rule == "floor"
    assert truth[hint.best] >= max(truth.values()) - 1e-9
    assert "reaches the same upper figure, but a concrete line with the" in hint.text


def test_a_line_making_nothing_proves_nothing():
    """A 0% card's floor is 0% too: the text prints no sentence about a concrete line reaching it."""
    hint, _ = case("ruffing_finesse")
    best = replace(hint.candidates[0], p_goal=0.0, p_floor=0.0)
    text = bridge_text(replace(hint, candidates=(best, *hint.candidates[1:])))
    assert "concrete line" not in text
    assert "concrete line" in bridge_text(replace(hint, candidates=(replace(best, p_goal=0.5, p_floor=0.5),
                                                                     *hint.candidates[1:])))
