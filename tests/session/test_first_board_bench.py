"""``tenace-cli bench first-board``: its JSON contract, and a cold start's child process report."""

from __future__ import annotations

import json

from engine.cli.main import main


def test_first_board_bench_reports_warm_times_and_contracts_as_json(capsys) -> None:
    assert main(["bench", "first-board", "--boards", "2", "--seed", "1", "--cold", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["boards"] == 2 and len(out["warm"]) == 2 and out["cold"] == [] and out["cold_median_s"] is None
    assert out["warm_median_s"] > 0 and all(" by " in row["contract"] for row in out["warm"])


def test_a_cold_starts_child_prints_its_board_time(capsys) -> None:
    assert main(["bench", "first-board", "--child", "2"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["board_wall"] > 0 and " by " in report["contract"]
