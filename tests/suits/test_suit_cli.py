"""``tenace-cli suit`` and ``tenace-cli bench suit``: JSON contract, batch mode, errors."""

import json

import pytest

from engine.bench.suit import bench_library
from engine.cli.main import main


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_single_problem_json(capsys):
    code, out, _ = run_cli(capsys, "suit", "--north", "AQ2", "--south", "543", "--tricks", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["probability"] == pytest.approx(0.504845, abs=1e-6)
    assert {"expected_tricks", "line", "steps", "plan", "strategy", "layouts", "chances"} <= set(data)
    assert data["strategy"]["play"] == data["plan"][0].split()[0] if isinstance(data["plan"][0], str) \
        else data["plan"][0]["trick"].split()[0]


def test_algorithm_choice_and_comparison(capsys):
    code, out, _ = run_cli(capsys, "suit", "--north", "QJ98", "--south", "32", "--tricks", "2",
                           "--algorithm", "pimc", "--compare", "exact", "--json")
    data = json.loads(out)
    assert code == 0 and data["algorithm"] == "pimc"
    assert data["probability"] == pytest.approx(0.2893, abs=5e-5)
    assert data["comparison"]["values"][1] == pytest.approx(0.5073, abs=5e-5)


def test_batch_mode_one_result_per_line(tmp_path, capsys):
    f = tmp_path / "in.jsonl"
    f.write_text('{"north": "AQ", "south": "xx", "tricks": 2}\n{"north": "AQQ", "south": "x", "tricks": 1}\n'
                 '{"north": "AKQ9", "south": "xx", "tricks": 4}\n')
    code, out, _ = run_cli(capsys, "suit", "--batch", str(f))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(rows) == 3
    assert rows[0]["probability"] == pytest.approx(0.5)
    assert rows[1]["line"] == 2 and "Q appears twice" in rows[1]["error"]
    assert rows[2]["probability"] == pytest.approx(0.24, abs=5e-3)


def test_bad_input_is_a_message_not_a_traceback(capsys):
    code, _, err = run_cli(capsys, "suit", "--north", "AQ", "--south", "xx", "--algorithm", "magic")
    assert code == 2 and "unknown algorithm 'magic'" in err
    code, _, err = run_cli(capsys, "suit", "--north", "AQ", "--south", "xx", "--west-length", "12")
    assert code == 2 and "west_length=12" in err


def test_text_output(capsys):
    code, out, _ = run_cli(capsys, "suit", "--north", "AQ", "--south", "xx", "--tricks", "2")
    assert code == 0 and "Lead low to the queen" in out and "50.00%" in out


def test_bench_counts_optimal_and_suboptimal_lines():
    exact_row, rows = bench_library(["pimc", "iprm-beta"], limit=4)
    assert exact_row.optimal == 4
    for row in rows:
        assert row.optimal + row.suboptimal == 4 and row.loss >= 0.0 and len(row.times) == 4


def test_library_entry_is_compared_with_its_expert_plan(capsys):
    code, out, _ = run_cli(capsys, "suit", "--entry", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["north"] == "AQ" and data["tricks"] == 2
    assert data["comparison"]["lines"] == ["exact", "expert"]
    assert data["comparison"]["values"][1] <= data["comparison"]["values"][0] + 1e-9


@pytest.mark.parametrize("budget", ["0", "1"])
def test_bench_generated_json_with_a_budget(capsys, budget):
    """``bench suit --generated N --seed S --budget B --json``: one object per algorithm, the budget named;
    even a budget of one state gives a checked line (the first, unbiased search always completes)."""
    code, out, _ = run_cli(capsys, "bench", "suit", "--generated", "3", "--seed", "1", "--no-library",
                           "--algorithms", "ivm,iprm-beta", "--budget", budget, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["algorithm"] for r in rows] == ["exact", "ivm", "iprm-beta"]
    assert all(r["set"] == "generated" and r["problems"] == 3 and r["failed"] == 0 for r in rows)
    assert all(r["budget"] == (None if budget == "0" else 1) for r in rows)
