"""Every algorithm on generated holdings: a line that answers everywhere, never above the optimum,
printed as a plan that is worth exactly what the line is.

The whole family (:mod:`engine.suits.generated`: every split of the top and spot cards,
longer hand up to seven cards, every target) is the bench ``tenace-cli bench suit
--generated N --seed S``; CI runs a fixed sample, plus the shapes where one hand runs
out of cards first, which once made every search fail with "the line has no move at a
reachable position".
"""

from __future__ import annotations

import json

import pytest

from engine.bench.suit import check_line
from engine.cli.main import main
from engine.search.registry import ALGORITHMS
from engine.suits.evaluate import evaluate_line
from engine.suits.exact import solve_exact
from engine.suits.generated import MAX_LENGTH, holdings, problems, sample
from engine.suits.model import SuitProblem, holding_str
from engine.suits.position import SuitTable

SEARCHES = [name for name in ALGORITHMS if name != "exact"]
RUN_OUT_FIRST = [("QT9x", "x", 2), ("AQ9x", "-", 3), ("KT98", "x", 3), ("QJ9", "x", 2),
                 ("AJT9x", "x", 4), ("K9xx", "Q", 3)]
CI_SAMPLE = 16
SEED = 2024


def test_the_family_is_every_split_up_to_seven_cards():
    every = holdings()
    assert len(every) == 20769 and len(problems()) == 108496
    assert len(set(every)) == len(every)
    assert max(max(n.bit_count(), s.bit_count()) for n, s in every) == MAX_LENGTH
    assert any(not s for _n, s in every) and any(not n for n, _s in every)  # voids are in
    assert (SuitProblem.parse("QT9x", "x").north, SuitProblem.parse("QT9x", "x").south) in set(every)
    drawn = sample(50, 3)
    assert drawn == sample(50, 3) and len(set(drawn)) == 50  # reproducible, distinct


def _cases() -> list[tuple[str, SuitProblem, int]]:
    out = [(f"{n} opposite {s}, {k}", SuitProblem.parse(n, s), k) for n, s, k in RUN_OUT_FIRST]
    out += [(p.label(), p.problem(), p.target) for p in sample(CI_SAMPLE, SEED)]
    return out


@pytest.mark.parametrize("label, problem, target", _cases(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_algorithm_answers_with_a_checked_line(label, problem, target):
    table = SuitTable(problem)
    best = solve_exact(table, target)
    assert evaluate_line(table, best.strategy).probability(target) == pytest.approx(best.value, abs=1e-9)
    for name in SEARCHES:
        check = check_line(SuitTable(problem), target, name, best.value)  # raises on any broken rule
        assert 0.0 <= check.value <= best.value + 1e-9, (label, name)


def test_the_failing_example_of_the_issue_answers_for_every_algorithm(capsys):
    """``tenace-cli suit --north QT9x --south x --tricks 2 --algorithm NAME``, and the printed plan valued
    again with ``--plan`` gives the printed chance."""
    for name in SEARCHES:
        assert main(["suit", "--north", "QT9x", "--south", "x", "--tricks", "2", "--algorithm", name, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["probability"] <= data["optimum"] + 1e-9
        assert main(["suit", "--north", "QT9x", "--south", "x", "--tricks", "2", "--plan", json.dumps(data["plan"]),
                     "--json"]) == 0
        again = json.loads(capsys.readouterr().out)
        assert again["probability"] == pytest.approx(data["probability"], abs=1e-6)
        assert again["expected_tricks"] == pytest.approx(data["expected_tricks"], abs=1e-6)


def test_labels_name_the_holdings():
    p = sample(1, 5)[0]
    assert p.label().startswith(holding_str(p.north))
