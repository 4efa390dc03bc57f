"""The exact solver against a card-level brute force written without the suit model.

The reference (:mod:`tests.suits.card_brute_force`) plays every card of every layout
with the rules and the best-defence model written out plainly; it shares no code
with ``engine.suits`` (no groups of equal cards, no world classes, no position
tables, no end-of-play shortcuts), so a bug in the model cannot pass both.

Small holdings: a few cards of the suit still in play (the others already played,
``gone``), any split of them between North, South and the defence, a-priori layouts
or defenders with few free places.  Two thousand of them, drawn with a fixed seed,
every trick target and expected tricks: the solver's optimum must equal the brute
force's, and the line the solver extracts must be worth exactly that optimum.
A few full thirteen-card suits with short holdings are checked too.
"""

from __future__ import annotations

import random

import pytest

from engine.suits.evaluate import evaluate_line
from engine.suits.exact import solve_exact
from engine.suits.model import SuitProblem
from engine.suits.position import SuitTable
from tests.suits.card_brute_force import CardProblem, all_vectors, optimum

PROBLEMS = 2000
SEED = 24


def _field(ranks) -> int:
    return sum(1 << (r - 2) for r in ranks)


def small_holdings(count: int, seed: int) -> list[tuple[set[int], set[int], set[int], int, int]]:
    """(north, south, gone, vacant_west, vacant_east): 4 to 8 cards in play, any split."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        m = rng.randint(4, 8)
        ranks = rng.sample(range(2, 15), m)
        owners = [rng.choice("NSo") for _ in ranks]
        missing = owners.count("o")
        if missing == 0 or missing == m:
            continue
        north = {r for r, o in zip(ranks, owners) if o == "N"}
        south = {r for r, o in zip(ranks, owners) if o == "S"}
        if rng.random() < 0.5:
            vw = ve = 13
        else:  # the auction left the defenders few free places
            vw = rng.randint(0, missing)
            ve = rng.randint(missing - vw, missing)
        out.append((north, south, set(range(2, 15)) - set(ranks), vw, ve))
    return out


def _check(north: set[int], south: set[int], gone: set[int], vw: int, ve: int) -> int:
    reference = CardProblem(north, south, vw, ve, gone)
    vectors = all_vectors(reference)
    table = SuitTable(SuitProblem(_field(north), _field(south), vacant_west=vw, vacant_east=ve, gone=_field(gone)))
    top = max(len(north), len(south))
    checked = 0
    for target in (None, *range(1, top + 1)):
        sol = solve_exact(table, target)
        want = optimum(reference, vectors, target)
        assert sol.value == pytest.approx(want, abs=1e-9), (north, south, gone, vw, ve, target)
        line = evaluate_line(table, sol.strategy)
        assert line.score(target) == pytest.approx(want, abs=1e-9), (north, south, gone, vw, ve, target)
        checked += 1
    return checked


def test_the_exact_solver_equals_the_card_brute_force_on_small_holdings():
    holdings = small_holdings(PROBLEMS, SEED)
    assert len(holdings) == PROBLEMS
    checked = sum(_check(*h) for h in holdings)
    assert checked > 2 * PROBLEMS  # every target of every holding, and expected tricks


@pytest.mark.parametrize("north, south", [("AQ", "32"), ("KJ", "T2")])
def test_full_suits_with_short_holdings(north, south):
    letters = "23456789TJQKA"
    _check({letters.index(c) + 2 for c in north}, {letters.index(c) + 2 for c in south}, set(), 13, 13)


def test_the_reference_is_not_per_layout_minimax():
    """Strategy fusion: choosing per layout would overrate QJ98 opposite 32 (F&B problem 583, here with
    the four and five already played); the reference keeps one strategy for every layout."""
    ref = CardProblem({12, 11, 9, 8}, {3, 2}, 13, 13, {4, 5})
    vectors = all_vectors(ref)
    per_layout = sum(c for i, c in enumerate(ref.chances) if max(v[i] for v in vectors) >= 2)
    assert per_layout > optimum(ref, vectors, 2) + 0.05
