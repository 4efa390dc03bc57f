"""A defender's estimated hint searches single dummy, not double dummy, when the budget allows.

On sampled deals a defender's cards are valued by the single-dummy search as many tricks deep as the work
budget allows (partner, who sees the deal, plays for the defence).  Checked on random 7-card endings
sampled (never enumerated):

* the method says which search it was, and a search's chance never exceeds the card's double-dummy chance
  on the same deals (later guesses counted as right can only flatter), and the recommended card has the
  best chance;
* with no work budget the figures are the double-dummy ones, and the hint says so;
* a card whose double-dummy chance cannot enter the top ``candidates`` is not searched: it keeps its
  double-dummy chance, below the best card's, and the best card and its chance are those of the search of
  every card.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK
from engine.hints.bridge_hint import hint_from_values
from engine.hints.lines import HintBudget, line_values
from tests.hints.test_hint_agreement import ORACLE, random_ending


def _defender_endings(count: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deal, play = random_ending(rng, 7)
        if play.is_complete or len(play.legal_cards()) < 2:
            continue
        view = view_for_turn(play)
        if not view.to_play.same_side(view.declarer):
            out.append((deal, view))
    return out


CASES = _defender_endings(10, 100)
SEARCHING = HintBudget(exact_layouts=0, worlds=60, max_moves=1)


def _dd_chance(values, card) -> float:
    return float(values.weights @ values.dd_goal(card).astype(float))


def _estimates(budget: HintBudget):
    """The cases' analyses that are estimates with a choice to make (not forced, not decided)."""
    for deal, view in CASES:
        values = line_values(view, budget, out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE,
                             rng=random.Random(3))
        if values.method.value == "estimate" and values.algorithm != "decided":
            yield values


def test_defenders_get_single_dummy_searches_whose_chances_double_dummy_bounds():
    searched = 0
    for values in _estimates(SEARCHING):
        assert values.sampled
        if values.algorithm.startswith("single-dummy search"):
            searched += 1
            assert not values.declaring
            for card in values.reps:
                assert values.chance[card] <= _dd_chance(values, card) + 1e-12, card
        hint = hint_from_values(values)
        assert hint.candidates[0].p_goal == pytest.approx(max(values.chance.values()), abs=1e-12)
        if values.algorithm.startswith("single-dummy search"):
            assert "against declarer's best play" in hint.text and "best defence" not in hint.text
    assert searched >= 5


def test_without_a_work_budget_a_defender_gets_double_dummy_figures_and_is_told():
    none = HintBudget(exact_layouts=0, worlds=60, max_moves=1, alphamu_work=0)
    told = 0
    for values in _estimates(none):
        assert values.algorithm == "double dummy (PIMC)"
        assert "optimistic" in values.basis.caveat
        for card in values.reps:
            assert values.chance[card] == pytest.approx(_dd_chance(values, card), abs=1e-12)
            assert np.array_equal(values.success[card] > 0.5, values.dd_goal(card))
        told += 1
    assert told >= 5


def test_the_first_look_is_double_dummy_and_the_search_comes_after():
    """The quick first answer (shown within a second) never runs the search; the final answer does."""
    for deal, view in CASES:
        seen = []
        values = line_values(view, SEARCHING, out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE,
                             rng=random.Random(3), on_update=seen.append)
        if values.algorithm.startswith("single-dummy search"):
            first = [v for v in seen if not v.final]
            assert first and all(v.algorithm in ("double dummy (PIMC)", "decided") for v in first)
            return
    raise AssertionError("no case was searched single dummy")


@pytest.mark.parametrize("name", ["hold_up_defence", "cash_out"])
def test_an_exact_defender_hint_says_whom_its_line_is_played_against(name):
    from engine.hints.bridge_hint import bridge_hint_for_view
    from tests.hints.teaching_set import by_name
    from tests.hints.test_teaching_truth import build

    deal, _, view = build(by_name(name))
    hint = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    assert hint.method.value == "exact" and not hint.declaring
    assert "against declarer's best play" in hint.text and "best defence" not in hint.text


def test_a_card_that_cannot_reach_the_top_keeps_its_double_dummy_chance():
    compared = 0
    for deal, view in CASES:
        kwargs = dict(out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE)
        wide = line_values(view, replace(SEARCHING, candidates=13), rng=random.Random(3), **kwargs)
        narrow = line_values(view, replace(SEARCHING, candidates=1), rng=random.Random(3), **kwargs)
        if not wide.algorithm.startswith("single-dummy") or (narrow.algorithm, narrow.goal_tricks) != (
                wide.algorithm, wide.goal_tricks):
            continue
        compared += 1
        best = max(narrow.chance.values())
        assert best == pytest.approx(max(wide.chance.values()))
        for card, chance in narrow.chance.items():
            if abs(chance - wide.chance[card]) > 1e-12:  # not searched with one candidate
                assert chance == pytest.approx(_dd_chance(narrow, card))
                assert chance < best
    assert compared >= 3  # (the cut itself, on random endings: tests/search/test_single_dummy_roots.py)


@pytest.mark.parametrize("field, value", [("candidates", 0), ("worlds", 0), ("max_moves", 7), ("alphamu_work", -1)])
def test_a_budget_out_of_range_is_refused_with_its_field_named(field, value):
    with pytest.raises(ValueError, match=field):
        replace(SEARCHING, **{field: value})
