"""Evaluating given lines, plans in words and JSON, comparisons, scripted expert lines."""

import pytest

from engine.search.registry import ALGORITHMS
from engine.suits.analysis import analyse
from engine.suits.compare import compare_lines
from engine.suits.evaluate import LineError, evaluate_line
from engine.suits.exact import solve_exact
from engine.suits.game import SuitGame
from engine.suits.model import SuitProblem
from engine.suits.position import NORTH, SuitTable, declarer_move, move_rank, move_seat
from engine.suits.script import ScriptError, parse_script


def cash_from_the_top(table: SuitTable):
    """A naive line: always lead North's highest card, third hand plays its highest."""
    def choose(pos, won):
        moves = table.declarer_moves(pos)
        return max(moves, key=lambda m: (move_seat(m) == NORTH, move_rank(m)))
    return choose


def test_evaluator_values_a_naive_line_exactly():
    # AQ opposite xx, cashing the ace then the queen: two tricks only when the king is singleton
    # (with either defender) and falls under the ace.
    table = SuitTable(SuitProblem.parse("AQ", "xx"))
    value = evaluate_line(table, cash_from_the_top(table))
    outstanding = table.problem.outstanding.bit_count()
    drop = sum(w.weight for w in table.worlds
               if (w.west_counts[0] == 1 and sum(w.west_counts) == 1)
               or (w.west_counts[0] == 0 and sum(w.west_counts) == outstanding - 1))
    assert value.probability(2) == pytest.approx(drop)
    assert value.probability(1) == pytest.approx(1.0)
    assert value.probability(2) < solve_exact(table, 2).value


def test_evaluator_rejects_incomplete_lines():
    table = SuitTable(SuitProblem.parse("AQ", "xx"))
    with pytest.raises(LineError, match="no move"):
        evaluate_line(table, {})


@pytest.mark.parametrize("name", ["pimc", "vector-mm", "prm-beta", "iprm-beta", "alphamu"])
def test_every_search_algorithm_plays_the_suit_game(name):
    table = SuitTable(SuitProblem.parse("AKQ9", "xx"))
    game = SuitGame(table, 4)
    result = ALGORITHMS[name].run(game)
    value = evaluate_line(table, result.strategy, *game.completion()).probability(4)
    assert 0.0 <= value <= solve_exact(table, 4).value + 1e-12


def test_narration_of_the_simple_finesse():
    report = analyse(SuitProblem.parse("AQ", "xx"), 2)
    assert report.probability == pytest.approx(0.5)
    assert report.line.startswith("Lead low from South toward North")
    assert "finesse the queen" in report.line
    assert report.strategy["play"] == "S:2"
    assert all(row["west"].startswith("K") for row in report.layouts)


def test_report_json_has_the_cli_fields():
    data = analyse(SuitProblem.parse("AQ2", "543"), 2).to_json()
    for key in ("probability", "expected_tricks", "line", "strategy", "layouts", "optimum"):
        assert key in data
    assert sum(r["probability"] for r in data["layouts"]) == pytest.approx(data["probability"], abs=1e-5)


def test_comparison_shows_where_monte_carlo_loses():
    cmp = compare_lines(SuitProblem.parse("QJ98", "32"), 2, "exact", "pimc")
    assert cmp.value_first == pytest.approx(0.5073, abs=5e-5)
    assert cmp.value_second == pytest.approx(0.2893, abs=5e-5)
    gained = sum(d.probability for d in cmp.better_first) - sum(d.probability for d in cmp.better_second)
    assert gained == pytest.approx(cmp.value_first - cmp.value_second)


def test_scripted_line_is_valued_and_bounded_by_the_optimum():
    table = SuitTable(SuitProblem.parse("AKJxx", "xxxx"))
    drop = parse_script(["N:A", "N:K"])
    finesse = parse_script(["S:x N:J"])
    value = lambda s: solve_exact(table, 5, lambda p, m: s.allowed(table, p, m)).value  # noqa: E731
    best = solve_exact(table, 5).value
    assert value(drop) == pytest.approx(best)  # nine never: the drop is optimal
    assert value(finesse) < value(drop)


@pytest.mark.parametrize("steps, fragment", [(["S:x N:x N:x"], "expected"), (["W:x"], "bad token"),
                                             (["S:x S:Q"], "other hand")])
def test_bad_scripts_name_the_step(steps, fragment):
    with pytest.raises(ScriptError, match=fragment):
        parse_script(steps)


def test_declarer_move_encoding_round_trips():
    m = declarer_move(NORTH, 12)
    assert (move_seat(m), move_rank(m)) == (NORTH, 12)
