"""``tenace-cli match hearts`` JSON contract and ``bench hearts`` output."""

from __future__ import annotations

import json

from engine.cli.main import main
from engine.match.summary import paired_summary


def _run(capsys, argv: list[str]) -> tuple[int, list[dict]]:
    code = main(argv)
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]


def test_match_hearts_json_schema(capsys) -> None:
    code, rows = _run(capsys, ["match", "hearts", "--deals", "2", "--seed", "3", "--a", "rules", "--b", "random", "--json"])
    assert code == 0
    hands, summary = rows[:-1], rows[-1]
    assert [(h["deal"], h["seating"]) for h in hands] == [(0, "ABAB"), (0, "BABA"), (1, "ABAB"), (1, "BABA")]
    for h in hands:
        assert set(h) == {"deal", "seating", "points", "moon"}
        assert len(h["points"]) == 4 and sum(h["points"]) in (26, 78)
        assert h["moon"] is None or h["moon"] in range(4)
    assert summary["deals"] == 2 and summary["a"] == "rules" and summary["b"] == "random"
    a = [sum(p for p, w in zip(h["points"], h["seating"]) if w == "A") / 2 for h in hands]
    assert abs(summary["mean_a"] - sum(a) / len(a)) < 1e-3
    assert abs(summary["diff"] - (summary["mean_a"] - summary["mean_b"])) < 1e-3
    lo, hi = summary["ci95"]
    assert lo <= summary["diff"] <= hi


def test_match_is_reproducible_and_splits_by_first(capsys) -> None:
    _, whole = _run(capsys, ["match", "hearts", "--deals", "2", "--seed", "9", "--a", "random", "--b", "random", "--json"])
    _, tail = _run(capsys, ["match", "hearts", "--deals", "1", "--first", "1", "--seed", "9", "--a", "random", "--b", "random", "--json"])
    assert whole[2:4] == tail[:2]


def test_match_search_player_runs(capsys) -> None:
    code, rows = _run(capsys, ["match", "hearts", "--deals", "1", "--seed", "1", "--a", "mcmaxn:worlds=2,time=10",
                               "--b", "rules", "--json"])
    assert code == 0 and rows[-1]["hands"] == 2


def test_bad_spec_is_a_clean_error(capsys) -> None:
    assert main(["match", "hearts", "--deals", "1", "--a", "mcmaxn:bogus=1", "--b", "rules"]) == 2
    assert "bogus" in capsys.readouterr().err


def test_paired_summary_interval() -> None:
    s = paired_summary([1.0, 2.0, 3.0], [2.0, 2.0, 2.0])
    assert s.diff == 0.0 and s.ci95 is not None and s.ci95[0] < 0 < s.ci95[1]
    assert paired_summary([1.0], [0.0]).ci95 is None
