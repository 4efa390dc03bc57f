"""The exact solver against brute force over all of declarer's strategies.

Brute force here keeps *every* payoff vector any history-dependent pure strategy
can achieve (no dominance pruning, no state merging of strategies): at declarer's
nodes the union over moves, at the defenders' nodes every combination of the
children's vectors, combined world by world with min.  The optimum is the best
expected value over that set.  Per-layout minimax (strategy fusion) is shown to
overrate some problems, so the test can tell the two apart.
"""

import itertools

import pytest
from hypothesis import assume, given, settings, strategies as st

from engine.search.exact import exact as search_exact
from engine.search.strategy import enumerate_strategies, strategy_value
from engine.suits.evaluate import DoubleDummy, evaluate_line
from engine.suits.exact import solve_exact
from engine.suits.game import SuitGame
from engine.suits.model import SuitProblem
from engine.suits.position import SuitTable


def brute_force_vectors(table: SuitTable) -> set[tuple]:
    memo: dict = {}

    def walk(pos, won) -> set[tuple]:
        key = (pos, won)
        if key in memo:
            return memo[key]
        valid = table.valid(pos)
        kind = table.terminal_future(pos)
        n = table.n_worlds
        if kind is not None:
            out = {tuple(won + table.future_in_world(pos, i, kind) if valid >> i & 1 else None for i in range(n))}
        elif table.is_max(pos):
            out = set()
            for m in table.declarer_moves(pos):
                out |= walk(table.play(pos, m)[0], won)
        else:
            parts = []
            for m, _ in table.defender_moves(pos, valid):
                child, w = table.play(pos, m)
                parts.append(walk(child, won + w))
            out = set()
            for combo in itertools.product(*parts):
                vec = []
                for i in range(n):
                    vals = [v[i] for v in combo if v[i] is not None]
                    vec.append(min(vals) if vals else None)
                out.add(tuple(vec))
        memo[key] = out
        return out

    return walk(table.root(), 0)


def best_of(table: SuitTable, vectors: set[tuple], target: int | None) -> float:
    def value(v):
        return sum(w * (t if target is None else float(t >= target)) for t, w in zip(v, table.weights))

    return max(value(v) for v in vectors)


SMALL = [("AQ", "x"), ("KJ", "x"), ("AJ", "Tx"), ("QT", "xx"), ("K9", "Jx"), ("AT", "9x"), ("Q9x", "x"),
         ("KT", "xx"), ("J9", "Tx")]


@pytest.mark.parametrize("north, south", SMALL)
def test_exact_equals_brute_force(north, south):
    table = SuitTable(SuitProblem.parse(north, south))
    vectors = brute_force_vectors(table)
    for target in [None, *range(1, table.problem.tricks_available + 1)]:
        sol = solve_exact(table, target)
        assert sol.value == pytest.approx(best_of(table, vectors, target), abs=1e-12)
        # the extracted strategy really achieves the optimum
        line = evaluate_line(table, sol.strategy)
        achieved = line.expected_tricks if target is None else line.probability(target)
        assert achieved == pytest.approx(sol.value, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(min_value=2, max_value=14), min_size=3, max_size=4), st.data())
def test_exact_equals_brute_force_on_random_small_holdings(ranks, data):
    split = data.draw(st.integers(min_value=1, max_value=len(ranks) - 1))
    picks = data.draw(st.permutations(sorted(ranks)))
    north = sum(1 << (r - 2) for r in picks[:split])
    south = sum(1 << (r - 2) for r in picks[split:])
    assume(max(north.bit_count(), south.bit_count()) <= 2)
    table = SuitTable(SuitProblem(north, south))
    vectors = brute_force_vectors(table)
    for target in (None, 1, 2):
        assert solve_exact(table, target).value == pytest.approx(best_of(table, vectors, target), abs=1e-12)


def test_search_family_exact_and_strategy_enumeration_agree():
    table = SuitTable(SuitProblem.parse("AQ", "x"))
    game = SuitGame(table, 2)
    enumerated = max(strategy_value(game, s) for s in enumerate_strategies(game))
    assert solve_exact(table, 2).value == pytest.approx(enumerated)
    assert search_exact(game).estimate == pytest.approx(enumerated)


def test_per_layout_minimax_overrates_and_the_solver_does_not():
    """Strategy fusion: the average of per-world double-dummy values exceeds the true optimum."""
    table = SuitTable(SuitProblem.parse("QJ98", "32"))
    dd = DoubleDummy(table)
    fused = sum(w for i, w in enumerate(table.weights) if dd.future(table.root(), i) >= 2)
    exact = solve_exact(table, 2).value
    assert fused > exact + 0.1


@pytest.mark.parametrize("north, south, targets", [("AKT9x", "xxxx", (None, 4, 5)), ("AQ2", "543", (2,))])
def test_merging_equivalent_cards_keeps_the_optimum(north, south, targets):
    """One world per specific layout (no merging) gives the same optimum, restricted choice included."""
    problem = SuitProblem.parse(north, south)
    merged, apart = SuitTable(problem), SuitTable(problem, merge=False)
    assert apart.n_worlds == 2 ** problem.outstanding.bit_count() > merged.n_worlds
    for target in targets:
        assert solve_exact(merged, target).value == pytest.approx(solve_exact(apart, target).value, abs=1e-12)
