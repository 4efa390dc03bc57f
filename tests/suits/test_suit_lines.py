"""Evaluating given lines, plans (parsing, carrying out, mirroring, words), comparisons."""

import pytest

from engine.search.registry import ALGORITHMS
from engine.suits.analysis import analyse
from engine.suits.compare import compare_lines
from engine.suits.evaluate import LineError, evaluate_line
from engine.suits.exact import solve_exact
from engine.suits.game import SuitGame
from engine.suits.model import SuitProblem
from engine.suits.narrate import plan_sentence, plan_steps
from engine.suits.plan import PlanError, PlanLine, mirror_plan, parse_plan, plan_to_json
from engine.suits.position import NORTH, SuitTable, declarer_move, move_rank, move_seat


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
    value = evaluate_line(table, game.line(result.strategy)).probability(4)
    assert 0.0 <= value <= solve_exact(table, 4).value + 1e-12


def test_narration_of_the_simple_finesse():
    report = analyse(SuitProblem.parse("AQ", "xx"), 2)
    assert report.probability == pytest.approx(0.5)
    assert report.line == "Lead low to the queen."
    assert report.plan == ["S:x N:Q"]
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


def test_plans_are_valued_as_written():
    table = SuitTable(SuitProblem.parse("AKJxx", "xxxx"))
    drop = parse_plan(["N:A", "N:K"])
    finesse = parse_plan(["S:x N:J"])
    best = solve_exact(table, 5).value
    assert evaluate_line(table, PlanLine(drop)).probability(5) == pytest.approx(best)  # nine never: the drop
    assert evaluate_line(table, PlanLine(finesse)).probability(5) < best


def test_a_plan_adapts_to_what_the_defenders_show():
    """AQ10 opposite xxx for three tricks: the literal card script (ten, then queen) fails when West covers
    with the king; the plan that finesses the ten again after a cover is worth the full 24%."""
    table = SuitTable(SuitProblem.parse("AQT", "xxx"))
    literal = parse_plan(["S:x N:T", "S:x N:Q"])
    adaptive = parse_plan([{"trick": "S:x N:T", "then": {"W:K | W:J": ["S:x N:T"]}}, "S:x N:Q"])
    assert evaluate_line(table, PlanLine(literal)).probability(3) == pytest.approx(0.0072670807, abs=1e-9)
    assert evaluate_line(table, PlanLine(adaptive)).probability(3) == pytest.approx(0.24, abs=1e-12)
    text = plan_sentence(table, adaptive)
    assert text.startswith("Lead low to the ten; if West plays the king or jack, lead low to the ten; otherwise lead low to the queen")
    steps = plan_steps(table, adaptive)
    # the queen is led only when no branch was taken: it says so, under the first step like the branch
    # (it stood alone at the top, read as a step after every branch; issue 24's review)
    assert [s.depth for s in steps] == [0, 1, 1]
    assert [s.text for s in steps] == ["Lead low to the ten.", "If West plays the king or jack: lead low to the ten.",
                                       "Otherwise: lead low to the queen."]


def test_a_plan_that_asks_for_a_card_no_longer_held_is_an_error_naming_the_step():
    table = SuitTable(SuitProblem.parse("AQT", "xxx"))
    with pytest.raises(PlanError, match=r"plan step 2: North no longer holds the T"):
        evaluate_line(table, PlanLine(parse_plan(["S:x N:T", "S:x N:T"])))


def test_mirrored_plans_play_the_mirrored_holding_alike():
    plan = parse_plan([{"trick": "S:x N:T", "second": {"W:-": "A"}, "then": {"W:K | W:-": ["S:x N:T"]}}, "S:x N:Q"])
    here = SuitTable(SuitProblem.parse("AQT", "xxx"))
    there = SuitTable(SuitProblem.parse("xxx", "AQT"))
    a = evaluate_line(here, PlanLine(plan))
    b = evaluate_line(there, PlanLine(mirror_plan(plan)))
    for k in (1, 2, 3):
        assert a.probability(k) == pytest.approx(b.probability(k), abs=1e-12)
    assert plan_to_json(mirror_plan(plan))[0] == {"trick": "N:x S:T", "second": {"E:-": "A"},
                                                  "then": {"E:K | E:-": ["N:x S:T"]}}


@pytest.mark.parametrize("raw, fragment", [
    (["S:x N:x N:x"], "should be 'LEAD"), (["W:x"], "bad card"), (["S:x S:Q"], "other hand"),
    ([{"trick": "S:x N:Q", "second": {"E:K": "A"}}], "second hand's card"),
    ([{"trick": "S:x N:Q", "then": {"W:K and more": []}}], "bad condition"),
    ([{"trick": "S:x", "after": {}}], "unknown field"), ("[1, 2", "not JSON")])
def test_bad_plans_name_the_step(raw, fragment):
    with pytest.raises(PlanError, match=fragment):
        parse_plan(raw)


def test_plan_json_round_trips():
    raw = [{"trick": "S:x N:T", "second": {"W:K": "A"}, "then": {"won W:x": ["S:x N:Q"], "lost | E:-": []}}, "N:A"]
    assert plan_to_json(parse_plan(raw)) == raw


def test_declarer_move_encoding_round_trips():
    m = declarer_move(NORTH, 12)
    assert (move_seat(m), move_rank(m)) == (NORTH, 12)
