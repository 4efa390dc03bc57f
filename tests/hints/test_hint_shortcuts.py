"""What a hint knows without its search, and when it skips a search that cannot finish.

Cards proven equal for the contract without its search (:func:`engine.hints.lines._proven_equal`).

When every card reaches the contract equally often, a hint is about the first trick level where the cards
differ, and the contract's search only served to find them equal.  The proof that replaces it: double dummy
bounds every line from above, so equal double-dummy figures that a concrete line with each card reaches
against best defence are the exact figures.  Checked on random endings where the proof applies: the hint is
the same, word for word, as with the search; the contract's figures are the truth of the plain enumeration
(:mod:`tests.hints.single_dummy_reference`); and the proof covers both a common chance of 0 and one above it,
for declarer and for the defenders.

A goal no card reaches in any layout even double dummy is exact at 0% without a search (checked against the
plain enumeration).  The exact search over every layout is skipped, with the enumeration of the layouts, only
when it would certainly overrun its budget (:func:`engine.hints.lines._exact_out_of_reach`): checked against
the search itself on random endings with small budgets.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Iterator

import pytest

import engine.hints.lines as lines
from engine.analysis.bridge import position_from_view
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK
from engine.hints import Method, bridge_hint_for_view
from engine.hints.lines import HintBudget, _weighted, position_values
from engine.search.single_dummy import SingleDummyBudget
from engine.worlds import count_worlds
from engine.worlds.bridge_knowledge import knowledge_from_view
from tests.hints.single_dummy_reference import true_chances
from tests.hints.test_hint_agreement import random_ending
from tests.hints.test_teaching_truth import situation

WANTED = 12


def _choices(rng: random.Random, sizes: tuple[int, ...]) -> Iterator[tuple]:
    """Random endings of one of ``sizes`` cards where the player to move has a choice: (deal, play, view,
    the cards out of play)."""
    while True:
        deal, play = random_ending(rng, rng.choice(sizes))
        if not play.is_complete and len(play.legal_cards()) >= 2:
            yield deal, play, view_for_turn(play), FULL_MASK & ~deal.cards.mask


def _proven_cases() -> list[tuple]:
    """Random 3-card endings whose contract figures the proof settles: (deal, play, view, common chance)."""
    rng = random.Random(2026)
    out: list[tuple] = []
    proofs: list[float | None] = []
    original = lines._proven_equal

    def watched(*args, **kwargs):
        proofs.append(original(*args, **kwargs))
        return proofs[-1]

    lines._proven_equal = watched
    try:
        for deal, play, view, out_of_play in _choices(rng, (3,)):
            if len(out) >= WANTED:
                break
            proofs.clear()
            hint = bridge_hint_for_view(view, out_of_play=out_of_play)
            if hint.method is Method.EXACT and proofs and proofs[0] is not None and hint.goal.value != "contract":
                out.append((deal, play, view, proofs[0]))
    finally:
        lines._proven_equal = original
    return out


_CASES: list[tuple] = []


def cases() -> list[tuple]:
    if not _CASES:
        _CASES.extend(_proven_cases())
    return _CASES


def test_the_proof_covers_zero_and_more_for_both_sides():
    found = cases()
    assert any(common == 0.0 for *_, common in found)
    assert any(common > 0.0 for *_, common in found)
    assert {view.to_play.same_side(view.declarer) for _, _, view, _ in found} == {True, False}


@pytest.mark.parametrize("i", range(WANTED))
def test_a_proven_hint_is_the_searched_hint(i, monkeypatch):
    deal, play, view, _ = cases()[i]
    proven = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    monkeypatch.setattr(lines, "_proven_equal", lambda *args, **kwargs: None)
    searched = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    assert proven.to_json() == searched.to_json()
    assert proven.text == searched.text


@pytest.mark.parametrize("i", range(WANTED))
def test_the_proven_contract_figures_are_the_truth(i):
    deal, play, view, common = cases()[i]
    truth = true_chances(situation(play, view))  # the mover's chance of the contract, by plain enumeration
    assert all(abs(t - common) < 1e-9 for t in truth.values()), (truth, common)
    hint = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    declaring = view.to_play.same_side(view.declarer)
    for cand in hint.candidates:
        assert abs(cand.p_make - (common if declaring else 1.0 - common)) < 1e-6


def test_no_proof_when_the_double_dummy_figures_differ(monkeypatch):
    original = lines._proven_equal
    seen: list[tuple[bool, float | None]] = []

    def watched(position, matrix, method, budget, seats, declaring, goal, reps, oracle, cancel):
        found = original(position, matrix, method, budget, seats, declaring, goal, reps, oracle, cancel)
        dd = [matrix.p_make(c, goal) for c in reps]
        seen.append((max(dd) - min(dd) > 1e-9, found))
        return found

    monkeypatch.setattr(lines, "_proven_equal", watched)
    checked = 0
    for deal, play, view, out_of_play in _choices(random.Random(7), (3,)):
        if checked >= 5:
            break
        seen.clear()
        bridge_hint_for_view(view, out_of_play=out_of_play)
        if seen and seen[0][0]:
            assert seen[0][1] is None
            checked += 1


def test_a_goal_no_card_reaches_double_dummy_is_exact_at_zero():
    found = 0
    for deal, play, view, out_of_play in _choices(random.Random(11), (4,)):
        if found >= 6:
            break
        hint = bridge_hint_for_view(view, out_of_play=out_of_play)
        if hint.algorithm != lines.NOWHERE_BASIS.algorithm:
            continue
        found += 1
        assert hint.exact and hint.method is Method.EXACT
        assert all(c.p_goal == 0.0 for c in hint.candidates)
        truth = true_chances(replace(situation(play, view), need=hint.goal_tricks))  # the hint's own goal
        assert max(truth.values()) == 0.0, truth


def test_the_exact_search_is_skipped_only_when_it_cannot_finish():
    rng = random.Random(5)
    skipped = searched = 0
    for deal, play, view, out_of_play in _choices(rng, (5, 6)):
        if skipped >= 6 and searched >= 6:
            break
        budget = HintBudget(exact_nodes=rng.choice((200, 500, 2_000)))
        layouts = count_worlds(knowledge_from_view(view, None, out_of_play))
        if layouts > budget.exact_layouts or layouts < 2:
            continue
        if not lines._exact_out_of_reach(view, layouts, budget, out_of_play):
            searched += 1
            continue
        if skipped >= 6:
            continue
        position = _weighted(view, position_from_view(view, budget.exact_layouts, random.Random(0), None,
                                                      exact_limit=budget.exact_layouts, out_of_play=out_of_play))
        try:
            values = position_values(view, position, layouts, Method.EXACT, budget)
        except SingleDummyBudget:
            skipped += 1
        else:  # finished without the contract's search: no card reaches it, or the goal moved on
            assert values.basis is lines.NOWHERE_BASIS or values.goal_tricks != position.target, values.basis
