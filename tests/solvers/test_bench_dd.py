"""``tenace-cli bench dd``: the speed bench against DDS reports what issue 22 judges by (times, ratios, nodes,
disagreements), and its exactness run really compares answers."""

from __future__ import annotations

import json

import pytest

from engine.cli.main import main

pytest.importorskip("endplay")


def test_bench_dd_json_reports_times_nodes_and_disagreements(capsys):
    assert main(["bench", "dd", "--deals", "2", "--seed", "3", "--only", "after8", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 2 and report["disagreements"] == 0 and report["positions"] == 2
    after8 = report["categories"]["after8"]
    assert after8["n"] == 2 and after8["disagreements"] == 0
    for key in ("tenace_median_ms", "dds_median_ms", "ratio_of_medians", "median_ratio", "tenace_trick_starts",
                "dds_nodes", "median_node_ratio"):
        assert after8[key] > 0, key


def test_bench_dd_nodes_prints_each_position_beside_dds(capsys):
    assert main(["bench", "dd", "--deals", "2", "--seed", "3", "--only", "after8", "--nodes"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("after8 ")]
    assert len(rows) == 4  # two positions, then the category's times and its nodes
    for row in rows[:2]:
        tenace_ts, dds_nodes = int(row[4]), int(row[5])
        assert tenace_ts > 0 and dds_nodes > 0
    assert "disagreements 0" in out


def test_the_exactness_run_compares_every_position_with_dds(capsys):
    assert main(["bench", "dd", "--exactness", "--positions", "10", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["positions"] == 10 and report["disagreements"] == 0
