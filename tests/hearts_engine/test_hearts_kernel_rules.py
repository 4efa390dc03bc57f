"""The solver's numba rule kernels agree with the referee's pure-Python rules."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hearts.play import legal_mask
from engine.hearts.rules import HeartsRules, MoonScoring
from engine.hearts.scoring import PENALTY_MASK, score_hand
from engine.solvers.hearts.kernel_rules import final_points, legal_cards, rules_array

RULES = st.builds(
    HeartsRules,
    moon_scoring=st.sampled_from(list(MoonScoring)),
    jack_of_diamonds=st.booleans(),
    hearts_on_first_trick=st.booleans(),
    queen_on_first_trick=st.booleans(),
    breaking_hearts=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)), st.integers(1, 13), st.integers(0, 3), st.booleans(), st.booleans(), RULES)
def test_legal_cards_kernel_matches_legal_mask(order, size, in_trick, first, broken, rules) -> None:
    hand = sum(1 << c for c in order[:size])
    trick = list(order[size : size + in_trick])
    expected = legal_mask(hand, trick, first, broken, rules)
    led = trick[0] // 13 if trick else -1
    assert legal_cards(hand, led, first, broken, rules_array(rules)) == expected


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(52)), st.lists(st.integers(0, 3), min_size=52, max_size=52), RULES, st.booleans())
def test_final_points_kernel_matches_score_hand(order, owners, rules, force_moon) -> None:
    taken = [0, 0, 0, 0]
    for card, seat in zip(order, owners):
        taken[seat] |= 1 << card
    if force_moon:  # move every penalty card to seat 0
        for s in range(1, 4):
            taken[0] |= taken[s] & PENALTY_MASK
            taken[s] &= ~PENALTY_MASK
    from engine.hearts.scoring import cards_points

    pts = np.array([cards_points(m, rules) for m in taken], dtype=np.int64)
    pen = np.array([(m & PENALTY_MASK).bit_count() for m in taken], dtype=np.int64)
    out = np.zeros(8)
    final_points(pts, pen, rules_array(rules), out)
    assert tuple(int(x) for x in out[:4]) == score_hand(taken, rules).points
