"""The Max_n kernel equals a plain-Python brute-force Max_n on small endings (same paranoid tie rule)."""

from __future__ import annotations

import math
import random

import pytest

from engine.core.deal import random_deals
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules, MoonScoring
from engine.solvers.hearts import HeartsSolver, SearchDepth

EXACT = SearchDepth(tricks=13, exact_tricks=13)


def _prefers(a: tuple[int, ...], b: tuple[int, ...], mover: int) -> bool:
    if a[mover] != b[mover]:
        return a[mover] < b[mover]
    if sum(a) != sum(b):
        return sum(a) > sum(b)
    for k in range(1, 4):
        s = (mover + k) % 4
        if a[s] != b[s]:
            return a[s] > b[s]
    return False


def brute_force(hand: HeartsHand) -> tuple[int, ...]:
    """Max_n value by trying every legal card (no equivalences, no table)."""
    if hand.is_complete:
        return hand.points()
    mover = int(hand.to_move)
    best: tuple[int, ...] | None = None
    for card in hand.legal_cards().ascending():
        hand.play(card)
        value = brute_force(hand)
        hand.undo()
        if best is None or _prefers(value, best, mover):
            best = value
    assert best is not None
    return best


def _ending(seed: int, cards_left: int, rules: HeartsRules) -> HeartsHand:
    """A hand played at random until ``cards_left`` cards remain."""
    rng = random.Random(seed)
    hand = HeartsHand(random_deals(seed, 1)[0].masks, rules)
    while 52 - len(hand.played) > cards_left:
        hand.play(rng.choice(list(hand.legal_cards().ascending())))
    return hand


RULE_SETS = [
    HeartsRules(),
    HeartsRules(jack_of_diamonds=True, moon_scoring=MoonScoring.SHOOTER_MINUS_26),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "jack-minus26"])
@pytest.mark.parametrize("seed", range(12))
def test_solver_matches_brute_force(seed: int, rules: HeartsRules) -> None:
    cards_left = 10 + seed % 3  # three tricks, starting at each position in the trick
    hand = _ending(seed, cards_left, rules)
    solver = HeartsSolver(rules, EXACT)
    values = {v.card: v.points for v in solver.solve(hand)}
    assert set(values) == set(hand.legal_cards().ascending())
    for card, got in values.items():
        hand.play(card)
        expected = brute_force(hand)
        hand.undo()
        assert tuple(round(x) for x in got) == expected, f"card {card} seed {seed}"


def test_moon_endings_are_scored_with_the_moon() -> None:
    """A seat holding every heart and the ♠Q with all the winners shoots; the solver reports it."""
    rules = HeartsRules()
    for seed in range(200):
        hand = _ending(seed, 8, rules)
        solver = HeartsSolver(rules, EXACT)
        for value in solver.solve(hand):
            hand.play(value.card)
            expected = brute_force(hand)
            hand.undo()
            assert tuple(round(x) for x in value.points) == expected
            if 26 in expected and sorted(expected)[0] == 0 and expected.count(26) == 3:
                assert max(value.moon) == 1.0
                return
    pytest.skip("no moon ending among the sampled positions")


def test_depth_limited_search_returns_finite_values_for_every_legal_card() -> None:
    """A whole hand: every legal card gets finite values in range; once the search reaches the end of the
    hand (the last ``exact_tricks`` tricks) each value is a real final score — whole points adding up to
    26, or a moon (0 for the shooter, 26 for the others) — and the moon chances are 0 or 1."""
    rules = HeartsRules()
    hand = HeartsHand(random_deals(5, 1)[0].masks, rules)
    rng = random.Random(5)
    solver = HeartsSolver(rules, SearchDepth(tricks=2, exact_tricks=3))
    exact_positions = 0
    while not hand.is_complete:
        values = solver.solve(hand)
        assert {v.card for v in values} == set(hand.legal_cards().ascending())
        for v in values:
            assert all(math.isfinite(p) and -30 <= p <= 60 for p in v.points)
            assert all(0.0 <= m <= 1.0 for m in v.moon)
            if hand.trick_number >= 13 - 3:
                points = sorted(round(p) for p in v.points)
                assert all(abs(p - round(p)) < 1e-9 for p in v.points)
                assert sum(points) == 26 or points == [0, 26, 26, 26], v
                assert set(v.moon) <= {0.0, 1.0} and sum(v.moon) == (1.0 if points == [0, 26, 26, 26] else 0.0)
        if hand.trick_number >= 13 - 3:
            exact_positions += 1
        hand.play(rng.choice(sorted(v.card for v in values)))
    assert exact_positions == 12


def brute_force_paranoid(hand: HeartsHand, me: int) -> int:
    """``me``'s final points when ``me`` minimises them and the other three maximise them (no pruning)."""
    if hand.is_complete:
        return hand.points()[me]
    values = []
    for card in hand.legal_cards().ascending():
        hand.play(card)
        values.append(brute_force_paranoid(hand, me))
        hand.undo()
    return min(values) if int(hand.to_move) == me else max(values)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "jack-minus26"])
@pytest.mark.parametrize("seed", range(10))
def test_paranoid_reduction_matches_brute_force(seed: int, rules: HeartsRules) -> None:
    """The alpha-beta paranoid search gives the mover exactly the coalition game's value, card by card."""
    hand = _ending(100 + seed, 10 + seed % 3, rules)
    me = int(hand.to_move)
    solver = HeartsSolver(rules, EXACT, paranoid=True)
    values = {v.card: v.points for v in solver.solve(hand)}
    assert set(values) == set(hand.legal_cards().ascending())
    for card, got in values.items():
        hand.play(card)
        expected = brute_force_paranoid(hand, me)
        hand.undo()
        assert round(got[me]) == expected, f"card {card} seed {seed}"


def test_paranoid_reduction_searches_fewer_nodes_than_max_n() -> None:
    """Alpha-beta pays: on the same endings the paranoid search visits fewer nodes than Max_n."""
    rules = HeartsRules()
    totals = {False: 0, True: 0}
    for seed in range(6):
        hand = _ending(200 + seed, 20, rules)
        for paranoid in (False, True):
            solver = HeartsSolver(rules, EXACT, paranoid=paranoid)
            solver.solve(hand)
            totals[paranoid] += solver.nodes
    assert totals[True] < totals[False]
