"""``tenace-cli tree`` and ``tenace-cli bench trees``: JSON schema and error handling."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.cli.main import main
from engine.search.random_trees import random_binary_tree
from engine.search.registry import ALGORITHMS

FIG18 = {"worlds": [1, 1, 1], "root": {"max": [
    {"min": [{"max": [{"leaf": [1, 0, 0]}]}, {"max": [{"leaf": [1, 0, 0]}, {"leaf": [0, 1, 1]}]}]},
    {"min": [{"leaf": [0, 0, 0]}]}]}}


def run_cli(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_tree_json_schema(tmp_path, capsys, algorithm):
    path = tmp_path / "fig18.json"
    path.write_text(json.dumps(FIG18, indent=2))
    code, out, _ = run_cli(capsys, "tree", "--algorithm", algorithm, "--file", str(path), "--json")
    assert code == 0
    (line,) = out.splitlines()
    rec = json.loads(line)
    assert set(rec) == {"algorithm", "strategy", "estimate", "value"}
    assert rec["algorithm"] == algorithm
    assert isinstance(rec["estimate"], float) and isinstance(rec["value"], float)
    assert all(isinstance(k, str) and isinstance(v, int) for k, v in rec["strategy"].items())
    assert "" in rec["strategy"]  # the root is a MAX node
    assert 0 <= rec["value"] <= 1 / 3 + 1e-12


def test_exact_on_fig18(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(FIG18))
    _, out, _ = run_cli(capsys, "tree", "-a", "exact", "--file", str(path), "--json")
    rec = json.loads(out)
    assert rec["strategy"] == {"": 0, "0.0": 0, "0.1": 0} and rec["value"] == pytest.approx(1 / 3)
    _, out, _ = run_cli(capsys, "tree", "-a", "vector-mm", "--file", str(path), "--json")
    assert json.loads(out)["strategy"]["0.1"] == 1


def test_batch_one_line_per_tree_and_alphamu_depth(tmp_path, capsys):
    rng = np.random.default_rng(5)
    trees = [random_binary_tree(rng, 6, 10).to_json_obj() for _ in range(3)]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in trees) + "\n")
    code, out, _ = run_cli(capsys, "tree", "-a", "alphamu", "--max-moves", "2", "--batch", str(path), "--json")
    recs = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(recs) == 3
    _, out, _ = run_cli(capsys, "tree", "-a", "exact", "--batch", str(path), "--json")
    exact = [json.loads(x) for x in out.splitlines()]
    for r, e in zip(recs, exact):
        assert r["estimate"] >= e["value"] - 1e-12 and r["value"] <= e["value"] + 1e-12
        assert e["estimate"] == pytest.approx(e["value"])


def test_text_output(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(FIG18))
    code, out, _ = run_cli(capsys, "tree", "-a", "prm", "--file", str(path))
    assert code == 0 and out.startswith("prm: estimate") and "root→0" in out


def test_errors_are_messages_not_tracebacks(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(FIG18) + "\n" + '{"worlds": [1], "root": {"max": [{"leaf": [2, 3]}]}}\n')
    code, out, err = run_cli(capsys, "tree", "-a", "pimc", "--batch", str(path), "--json")
    assert code == 2 and "line 2: node '0': a leaf needs one payoff" in err and "Traceback" not in err
    assert len(out.splitlines()) == 1
    code, _, err = run_cli(capsys, "tree", "-a", "pimc", "--max-moves", "2", "--file", str(path))
    assert code == 2 and "alphamu only" in err
    code, _, err = run_cli(capsys, "tree", "-a", "exact", "--file", str(tmp_path / "missing.json"))
    assert code == 2


def test_bench_trees_json(capsys):
    code, out, _ = run_cli(capsys, "bench", "trees", "--trees", "4", "--depths", "2-3",
                           "--algorithms", "pimc,prm", "--alphamu-moves", "2", "--json")
    recs = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and [r["depth"] for r in recs] == [2, 3]
    for r in recs:
        assert set(r["error_rate"]) == {"pimc", "prm", "alphamu(M=2)"}
        assert all(0 <= x <= 1 for x in r["error_rate"].values())
        assert "exact" in r["ms_per_tree"] and r["trees"] == 4


def test_bench_trees_table(capsys):
    code, out, _ = run_cli(capsys, "bench", "trees", "--trees", "2", "--depths", "2,4",
                           "--alphamu-moves", "")
    assert code == 0 and "Error rate vs exact" in out and "iprm-beta" in out and "Star1" in out
    code, _, err = run_cli(capsys, "bench", "trees", "--depths", "x")
    assert code == 2 and "--depths" in err
