"""The make-or-fail matrix at the goal, and a defender's estimate that solves exact counts only where needed.

:func:`card_goal_matrix` answers, for every legal card and deal, whether declarer's side reaches the target,
with one null-window test each; :meth:`WorldsMatrix.solved` adds the exact counts of chosen cards.  Checked
against the exact matrix (:func:`card_tricks_matrix`, every card solved) on random positions of 4 to 7
tricks, declarer's side or a defender to move, at every target:

* the matrix's bounds hold the exact count, and settle the target exactly as the counts do;
* a question the bounds do not settle (another level, a card's counts) is refused, never guessed;
* the solved cards' counts are the exact ones, the others stay bounds.

A defender's estimate built on it states the same chances, double-dummy chances and errors as figures from
the exact matrix, and expected tricks exactly for the cards tied at the top (the tie-break), none for the rest
(every card's when all tie on the contract and the hint compares other trick levels).
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from engine.analysis.bridge import position_from_view
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK
from engine.hints.bridge_hint import hint_from_values
from engine.hints.lines import DECIDED_BASIS, HintBudget, _tied_best, line_values
from engine.hints.worlds_matrix import Unresolved, card_goal_matrix, card_runs, card_tricks_matrix
from tests.hints.test_hint_agreement import ORACLE, endings_with_a_choice, random_ending


def _positions(count: int, seed: int):
    """Sampled positions (at most 30 deals) of random 4-7-card endings with a choice to make."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deal, play = random_ending(rng, rng.choice((4, 5, 6, 7)))
        if play.is_complete or len(play.legal_cards()) < 2:
            continue
        view = view_for_turn(play)
        out.append(position_from_view(view, 30, random.Random(seed + len(out)), exact_limit=0,
                                      out_of_play=FULL_MASK & ~deal.cards.mask))
    return out


POSITIONS = _positions(24, 7)


def test_the_goal_matrix_settles_the_target_as_the_exact_counts_do_at_every_target():
    movers = set()
    for position in POSITIONS:
        exact = card_tricks_matrix(position, ORACLE)
        left = int(np.asarray(position.worlds)[0, int(position.leader)]).bit_count()
        movers.add(exact.declaring)
        for target in range(0, left + 2):
            goal = card_goal_matrix(replace(position, target=target), ORACLE)
            assert goal.cards == exact.cards
            assert (goal.tricks <= exact.tricks).all() and (exact.tricks <= goal.high).all()
            for card in exact.cards:
                assert np.array_equal(goal.makes(card, target), exact.makes(card, target)), (card, target)
                assert goal.p_make(card, target) == pytest.approx(exact.p_make(card, target), abs=1e-12)
    assert movers == {True, False}  # declarer's side and defenders to move


def test_what_the_bounds_do_not_settle_is_refused_and_solved_cards_are_exact():
    refused = 0
    for position in POSITIONS:
        exact = card_tricks_matrix(position, ORACLE)
        goal = card_goal_matrix(position, ORACLE)
        reps = [run[0] for run in card_runs(position)]
        for card in reps:
            for level in range(0, exact.tricks.max() + 2):
                settled = ((goal.tricks[:, goal.cards.index(card)] >= level)
                           == (goal.high[:, goal.cards.index(card)] >= level)).all()
                if settled:
                    assert np.array_equal(goal.makes(card, level), exact.makes(card, level))
                else:
                    refused += 1
                    with pytest.raises(Unresolved):
                        goal.makes(card, level)
        unsolved = [c for c in reps if c not in goal.exact_cards]
        for card in unsolved:
            with pytest.raises(Unresolved):
                goal.column(card)
        some = reps[:1]
        solved = goal.solved(some, position, ORACLE)
        for card in some:
            assert card in solved.exact_cards
            assert np.array_equal(solved.column(card), exact.column(card))
            assert solved.expected_tricks(card) == pytest.approx(exact.expected_tricks(card), abs=1e-12)
        for card in reps:  # the target is still settled for every card, the others unchanged
            assert np.array_equal(solved.makes(card), exact.makes(card))
            if card not in some and card in unsolved:
                assert card not in solved.exact_cards
    assert refused > 50


def test_tied_best_is_the_cards_tied_at_the_top_when_there_are_several():
    assert _tied_best({1: 0.5, 2: 0.7, 3: 0.7 - 1e-12, 4: 0.69}) == [2, 3]
    assert _tied_best({5: 0.25}) == []
    assert _tied_best({1: 0.5, 2: 0.7, 4: 0.69}) == []
    assert sorted(_tied_best({1: 0.0, 2: 0.0, 3: 0.0})) == [1, 2, 3]


def _estimates(count: int, seed: int, budget: HintBudget, declaring: bool = False, sizes=(6, 7),
               in_doubt: bool = False):
    """Estimates (sampled deals) of random endings with a choice, the side to move declarer's or a defender's;
    ``in_doubt``: only those where the contract is neither decided nor equal for every card."""
    out = []
    for deal, play in endings_with_a_choice(random.Random(seed), sizes):
        if len(out) == count:
            break
        view = view_for_turn(play)
        if view.to_play.same_side(view.declarer) != declaring:
            continue
        values = line_values(view, budget, out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE,
                             rng=random.Random(seed))
        if values.method.value != "estimate" or len(values.reps) < 2:
            continue
        if in_doubt and (values.basis is DECIDED_BASIS or values.goal_tricks != values.position.target):
            continue
        out.append(values)
    return out


def _defender_estimates(count: int, seed: int, budget: HintBudget):
    return _estimates(count, seed, budget)


DOUBLE_DUMMY = HintBudget(exact_layouts=0, worlds=40, max_moves=1, alphamu_work=0)
SEARCHED = HintBudget(exact_layouts=0, worlds=40, max_moves=1)


def _solved_for(values) -> set:
    """The cards whose tricks the hint must have solved: those tied at the top (every card when all tie on the
    contract and the hint compares other trick levels)."""
    if values.goal_tricks != values.position.target:
        return set(values.reps)
    return set(_tied_best(values.chance))


def test_a_defenders_estimate_states_the_exact_matrix_figures_and_the_tied_cards_tricks():
    without = tied = 0
    for values in _defender_estimates(16, 11, DOUBLE_DUMMY):
        position = values.position
        exact = card_tricks_matrix(position, ORACLE)
        w = exact.weights
        hint = hint_from_values(values)
        solved = _solved_for(values)
        if hint.tied:
            assert {hint.best, *hint.tied} <= solved
            tied += 1
        for cand in hint.candidates:
            c = cand.card
            beaten = ~exact.makes(c, values.goal_tricks)
            assert cand.p_double_dummy == pytest.approx(float(w @ beaten), abs=1e-12)
            assert cand.p_goal == pytest.approx(float(w @ beaten), abs=1e-12)  # double dummy: no search budget
            if c in solved:
                assert cand.expected_tricks == pytest.approx(position.offset + exact.expected_tricks(c), abs=1e-12)
            else:
                assert cand.expected_tricks is None and cand.to_json()["expected_tricks"] is None
                without += 1
    assert without >= 8 and tied >= 2


def test_after_a_single_dummy_search_the_cards_tied_at_the_top_have_their_tricks():
    """The search can tie other cards at the top than double dummy did; their exact tricks are then solved too."""
    searched = moved = 0
    for values in _defender_estimates(16, 12, SEARCHED) + _defender_estimates(8, 22, SEARCHED):
        exact = card_tricks_matrix(values.position, ORACLE)
        solved = _solved_for(values)
        before = _tied_best({c: float(values.weights @ values.dd_goal(c)) for c in values.reps})
        moved += bool(solved - set(before))
        searched += values.algorithm.startswith("single-dummy search")
        assert solved <= set(values.dd_tricks)
        for c, tricks in values.dd_tricks.items():  # the tied cards', and those tied before the search
            assert tricks == pytest.approx(values.position.offset + exact.expected_tricks(c), abs=1e-12)
        for c in values.reps:
            assert np.array_equal(values.dd_goal(c), ~exact.makes(c, values.goal_tricks))
    assert searched >= 5 and moved >= 1


def test_the_goal_matrix_settles_every_level_asked_for():
    for k, position in enumerate(POSITIONS):
        exact = card_tricks_matrix(position, ORACLE)
        left = int(np.asarray(position.worlds)[0, int(position.leader)]).bit_count()
        levels = sorted(random.Random(k).sample(range(0, left + 2), 2))
        goal = card_goal_matrix(replace(position, target=levels[0]), ORACLE, levels=levels[1:])
        assert (goal.tricks <= exact.tricks).all() and (exact.tricks <= goal.high).all()
        for card in exact.cards:
            for level in levels:
                assert np.array_equal(goal.makes(card, level), exact.makes(card, level)), (card, level)


def _declarer_estimates(count: int, seed: int, budget: HintBudget):
    return _estimates(count, seed, budget, declaring=True, sizes=(7, 8), in_doubt=True)


ALPHAMU = HintBudget(exact_layouts=0, worlds=40, max_moves=2)


def test_a_declarers_estimate_states_the_exact_matrix_figures_and_solves_counts_only_where_needed():
    """The chances, double-dummy chances and overtricks (the safety play's comparison) are the exact matrix's;
    expected tricks are stated exactly where they were solved — always for the cards tied at the top — and
    nowhere else."""
    without = tied = 0
    for values in _declarer_estimates(12, 31, DOUBLE_DUMMY) + _declarer_estimates(8, 32, ALPHAMU):
        position = values.position
        exact = card_tricks_matrix(position, ORACLE)
        w = exact.weights
        hint = hint_from_values(values)
        solved = _solved_for(values)
        assert solved <= set(values.dd_tricks)
        tied += bool(hint.tied)
        for c in values.reps:
            assert np.array_equal(values.dd_goal(c), exact.makes(c, values.goal_tricks))
            assert np.array_equal(values.dd_overtrick(c), exact.makes(c, position.target + 1))
        for cand in hint.candidates:
            c = cand.card
            assert cand.p_double_dummy == pytest.approx(float(w @ exact.makes(c, values.goal_tricks)), abs=1e-12)
            if values.algorithm == "double dummy":
                assert cand.p_goal == pytest.approx(cand.p_double_dummy, abs=1e-12)
            if c in values.dd_tricks:
                assert cand.expected_tricks == pytest.approx(position.offset + exact.expected_tricks(c), abs=1e-12)
            else:
                assert cand.expected_tricks is None
                without += 1
    assert without >= 8 and tied >= 2
