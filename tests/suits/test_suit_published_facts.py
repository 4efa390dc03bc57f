"""The published sample facts and Frank & Basin's problems 583 and 12, to their stated precision."""

import json
from pathlib import Path

import pytest

from engine.search.pimc import pimc
from engine.suits.evaluate import evaluate_line
from engine.suits.exact import solve_exact
from engine.suits.game import SuitGame
from engine.suits.model import SuitProblem
from engine.suits.position import SuitTable

# The repository's copy of the shared reference data (published suit-combination figures, their
# sources named in each record).  These tests need it: if it is missing they fail, they never skip.
SAMPLE = Path(__file__).resolve().parent / "data" / "suit_combinations_sample.json"


def _precision(value: float) -> float:
    text = repr(value)
    digits = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10 ** -digits + 1e-9


def _facts() -> list[dict]:
    if not SAMPLE.exists():
        return []
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


FACTS = _facts()


def test_the_published_sample_is_present():
    assert SAMPLE.exists(), f"{SAMPLE} is missing: copy suit_combinations_sample.json from the shared data"
    assert len(FACTS) >= 20 and all(f["source"].strip() for f in FACTS)


@pytest.mark.parametrize("fact", FACTS or [None], ids=lambda f: f"{f['north']}-{f['south']}-{f['tricks']}" if f else "missing")
def test_sample_fact(fact):
    assert fact is not None, f"{SAMPLE} is missing or empty"
    value = solve_exact(SuitProblem.parse(fact["north"], fact["south"]), fact["tricks"]).value
    assert abs(value - fact["probability"]) <= _precision(fact["probability"])


@pytest.mark.parametrize("north, south, tricks, optimum, monte_carlo", [
    ("QJ98", "32", 2, 0.51, 0.289),  # F&B problem 583: strategy fusion
    ("AKQ9", "xx", 4, 0.24, 0.054),  # F&B problem 12: non-locality
])
def test_frank_basin_problems(north, south, tricks, optimum, monte_carlo):
    table = SuitTable(SuitProblem.parse(north, south))
    best = solve_exact(table, tricks)
    assert abs(best.value - optimum) <= _precision(optimum)
    game = SuitGame(table, tricks)
    line = pimc(game)
    value = evaluate_line(table, game.line(line.strategy)).probability(tricks)
    assert abs(value - monte_carlo) <= _precision(monte_carlo)


def test_problem_583_first_trick_is_the_nine_finesse():
    table = SuitTable(SuitProblem.parse("QJ98", "32"))
    best = solve_exact(table, 2)
    root = table.root()
    lead = best.strategy[(root, 0)]
    after_lead, _ = table.play(root, lead)
    small = max(range(len(table.groups)), key=lambda g: -table.groups[g].top)
    after_west_low, _ = table.play(after_lead, small)
    third = best.strategy[(after_west_low, 0)]
    assert third & 15 in (8, 9)  # the nine or its equal, the eight


@pytest.mark.parametrize("fact", FACTS or [None], ids=lambda f: f"{f['north']}-{f['south']}-{f['tricks']}" if f else "missing")
def test_every_published_fact_is_a_library_entry_whose_plan_reaches_it(fact):
    """The library names the published source and its expert plan is worth the published figure."""
    from engine.suits.library import find_entry
    from engine.suits.plan import PlanLine

    assert fact is not None, f"{SAMPLE} is missing or empty"
    problem = SuitProblem.parse(fact["north"], fact["south"])
    match = find_entry(problem, fact["tricks"])
    assert match is not None and not match.mirrored, fact
    assert match.entry.published and match.entry.source == fact["source"]
    worth = evaluate_line(SuitTable(problem), PlanLine(match.plan)).probability(fact["tricks"])
    assert abs(worth - fact["probability"]) <= _precision(fact["probability"])
