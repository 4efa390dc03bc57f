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

SAMPLE = Path("/work/shared/data/suit_combinations_sample.json")
if not SAMPLE.exists():
    SAMPLE = Path(__file__).resolve().parents[3] / "shared" / "data" / "suit_combinations_sample.json"


def _precision(value: float) -> float:
    text = repr(value)
    digits = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10 ** -digits + 1e-9


FACTS = json.loads(SAMPLE.read_text()) if SAMPLE.exists() else []


@pytest.mark.skipif(not FACTS, reason="shared sample data not available")
@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f"{f['north']}-{f['south']}-{f['tricks']}")
def test_sample_fact(fact):
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
