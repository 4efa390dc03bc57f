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
    code, rows = _run(capsys, ["match", "hearts", "--deals", "2", "--seed", "3", "--a", "rules", "--b", "random", "--json",
                               "--workers", "1"])
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
    _, whole = _run(capsys, ["match", "hearts", "--deals", "2", "--seed", "9", "--a", "random", "--b", "random", "--json",
                             "--workers", "1"])
    _, tail = _run(capsys, ["match", "hearts", "--deals", "1", "--first", "1", "--seed", "9", "--a", "random", "--b", "random", "--json",
                            "--workers", "1"])
    assert whole[2:4] == tail[:2]


def test_match_search_player_runs(capsys) -> None:
    code, rows = _run(capsys, ["match", "hearts", "--deals", "1", "--seed", "1", "--a", "mcmaxn:worlds=2,time=10",
                               "--b", "rules", "--json", "--workers", "1"])
    assert code == 0 and rows[-1]["hands"] == 2


def test_bad_spec_is_a_clean_error(capsys) -> None:
    assert main(["match", "hearts", "--deals", "1", "--a", "mcmaxn:bogus=1", "--b", "rules"]) == 2
    assert "bogus" in capsys.readouterr().err


def test_paired_summary_interval() -> None:
    s = paired_summary([1.0, 2.0, 3.0], [2.0, 2.0, 2.0])
    assert s.diff == 0.0 and s.ci95 is not None and s.ci95[0] < 0 < s.ci95[1]
    assert paired_summary([1.0], [0.0]).ci95 is None


# --- parallel runs, the cluster and resuming ------------------------------------------------------------

MATCH = ["match", "hearts", "--deals", "3", "--seed", "21", "--a", "uct:worlds=3,sims=60,pass=3", "--b", "rules",
         "--json", "--quiet"]


def test_the_process_pool_gives_the_serial_lines_and_an_interrupted_run_resumes(capsys, tmp_path) -> None:
    """Same seed, same lines: serially in this process and on two worker processes (they finish in any order);
    the pooled run's save, cut short (one deal and half a line kept), resumes to the whole run's output."""
    code, serial = _run(capsys, MATCH + ["--workers", "1"])
    assert code == 0
    assert [(h["deal"], h["seating"]) for h in serial[:-1]] == [(d, s) for d in range(3) for s in ("ABAB", "BABA")]
    saved = tmp_path / "run.jsonl"
    code, pooled = _run(capsys, MATCH + ["--workers", "2", "--save", str(saved)])
    assert code == 0
    assert pooled == serial
    header, *lines = saved.read_text(encoding="utf-8").splitlines(keepends=True)
    assert json.loads(header)["match"] == "match hearts"  # which run the file holds
    assert sorted((json.loads(x)["deal"], json.loads(x)["seating"]) for x in lines) == \
        [(h["deal"], h["seating"]) for h in serial[:-1]]
    first_deal = [x for x in lines if json.loads(x)["deal"] == 0]
    other = next(x for x in lines if json.loads(x)["deal"] != 0)
    saved.write_text(header + "".join(first_deal) + other[:15], encoding="utf-8")  # deal 0, then a torn line
    code, resumed = _run(capsys, MATCH + ["--workers", "1", "--save", str(saved), "--resume"])
    assert code == 0
    assert resumed == serial
    assert sorted(json.loads(x)["deal"] for x in saved.read_text(encoding="utf-8").splitlines()[1:]) == \
        [0, 0, 1, 1, 2, 2]


def test_a_local_dask_cluster_gives_the_serial_lines(capsys) -> None:
    distributed = __import__("pytest").importorskip("distributed")
    code, serial = _run(capsys, MATCH + ["--workers", "1"])
    assert code == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        code, clustered = _run(capsys, MATCH + ["--dask", cluster.scheduler_address])
    assert code == 0
    assert clustered == serial


def test_saving_over_an_earlier_run_needs_resume(capsys, tmp_path) -> None:
    saved = tmp_path / "run.jsonl"
    saved.write_text('{"deal": 0, "seating": "ABAB", "points": [0, 26, 0, 0], "moon": null}\n', encoding="utf-8")
    assert main(MATCH + ["--save", str(saved)]) == 2
    assert "--resume" in capsys.readouterr().err
    assert main(MATCH + ["--resume"]) == 2
    assert "--save" in capsys.readouterr().err


def test_default_names_the_apps_hearts_player(capsys) -> None:
    from engine.players.registry import REGISTRY, Game, default_spec

    assert REGISTRY.resolve(Game.HEARTS, "default").name == default_spec(Game.HEARTS).split(":")[0]
    code, rows = _run(capsys, ["match", "hearts", "--deals", "1", "--seed", "2", "--a", "default:sims=60,worlds=3",
                               "--b", "rules", "--json", "--workers", "1", "--quiet"])
    assert code == 0 and rows[-1]["a"] == "default:sims=60,worlds=3"
