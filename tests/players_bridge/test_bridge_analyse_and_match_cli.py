"""``tenace-cli analyse`` and ``tenace-cli match bridge``: the JSON contracts and input errors."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import engine.analysis.bridge as analysis_module
from engine.cli.main import main
from engine.core.cards import card_str
from engine.core.deal import Deal
from tests.solvers.reference import ReferenceOracle
from tests.solvers.reference import reference_tricks_per_card


@pytest.fixture(autouse=True)
def reference_solver(monkeypatch):
    """Small endings only: the reference solver answers, so the tests need no compiled kernels."""
    monkeypatch.setattr(analysis_module, "default_oracle", lambda: ReferenceOracle())


def worlds_text(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    base = [sum(1 << c for c in cards[i * 3:(i + 1) * 3]) for i in range(4)]
    pool = [c for c in range(52) if (base[1] | base[3]) >> c & 1]
    out = []
    for _ in range(count):
        rng.shuffle(pool)
        hands = [base[0], sum(1 << c for c in pool[:3]), base[2], sum(1 << c for c in pool[3:])]
        out.append(Deal.from_masks(hands).to_pbn())
    return out


def run_cli(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_batch_reports_every_legal_card(tmp_path, capsys):
    worlds = worlds_text(4, 5)
    line = {"worlds": worlds, "trump": "NT", "leader": "S", "trick": [], "declarer": "S", "target": 2}
    batch = tmp_path / "positions.jsonl"
    batch.write_text(json.dumps(line) + "\n")
    code, out, err = run_cli(capsys, ["analyse", "--batch", str(batch), "--algorithm", "pimc", "--json"])
    assert code == 0, err
    result = json.loads(out.strip())
    deals = [Deal.from_pbn(w, partial=True) for w in worlds]
    per_world = [reference_tricks_per_card(list(d.masks), 4, 2) for d in deals]
    assert set(result["cards"]) == {card_str(c) for c in per_world[0]}
    for card, entry in result["cards"].items():
        c = next(k for k in per_world[0] if card_str(k) == card)
        assert entry["p_make"] == pytest.approx(np.mean([d[c] >= 2 for d in per_world]), abs=1e-6)
        assert entry["expected_tricks"] == pytest.approx(np.mean([d[c] for d in per_world]), abs=1e-6)
    assert result["best"] in result["cards"]


def test_analyse_alphamu_with_max_moves(tmp_path, capsys):
    line = {"worlds": worlds_text(9, 4), "trump": "NT", "leader": "S", "trick": [], "declarer": "S", "target": 2}
    batch = tmp_path / "positions.jsonl"
    batch.write_text(json.dumps(line) + "\n" + json.dumps(line) + "\n")
    code, out, err = run_cli(capsys, ["analyse", "--batch", str(batch), "--algorithm", "alphamu", "--max-moves", "2",
                                      "--json"])
    assert code == 0, err
    rows = [json.loads(x) for x in out.strip().splitlines()]
    assert len(rows) == 2 and rows[0] == rows[1]


@pytest.mark.parametrize("line, message", [
    ("not json", "line 1: not JSON"),
    ('{"trump": "NT"}', "missing field 'worlds'"),
    ('{"worlds": ["N:A... K... Q... J..."], "trump": "XX", "leader": "S", "declarer": "S", "target": 1}', "strain"),
    ('{"worlds": ["N:A... K... Q... J..."], "trump": "NT", "leader": "S", "declarer": "S", "target": "x"}', "target"),
    ('{"worlds": ["N:A... K... Q... J...", "N:A... Q... K... J..."], "trump": "NT", "leader": "S", "declarer": "S", '
     '"target": 1}', "South's hand"),
    ('{"worlds": ["N:A... K... Q... J..."], "trump": "NT", "leader": "S", "trick": ["SA"], "declarer": "S", '
     '"target": 1}', "trick card SA"),
])
def test_analyse_rejects_bad_lines_with_a_message(tmp_path, capsys, line, message):
    batch = tmp_path / "bad.jsonl"
    batch.write_text(line + "\n")
    code, out, err = run_cli(capsys, ["analyse", "--batch", str(batch), "--json"])
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_match_bridge_plays_both_declarers_on_the_same_deals(capsys):
    code, out, err = run_cli(capsys, ["match", "bridge", "--deals", "2", "--seed", "5", "--contract", "3NT",
                                      "--declarer", "S", "--a", "rules", "--b", "random:seed=2",
                                      "--defence", "rules", "--json"])
    assert code == 0, err
    rows = [json.loads(x) for x in out.strip().splitlines()]
    assert [r["deal"] for r in rows[:-1]] == [0, 1]
    for r in rows[:-1]:
        assert set(r["a"]) == {"tricks", "made", "score"} and set(r["b"]) == {"tricks", "made", "score"}
        assert r["a"]["made"] == (r["a"]["tricks"] >= 9)
        south = Deal.from_pbn(r["pbn"]).hands[2]
        assert 15 <= south.hcp() <= 17  # 1NT opener, as in paper 001
    summary = rows[-1]
    assert summary["summary"] == "bridge" and summary["deals"] == 2
    assert summary["make_a"] == pytest.approx(np.mean([r["a"]["made"] for r in rows[:-1]]))


def test_match_bridge_rejects_a_bad_spec_before_playing(capsys):
    code, out, err = run_cli(capsys, ["match", "bridge", "--deals", "1", "--a", "nosuch", "--b", "rules"])
    assert code == 2 and "unknown bridge player" in err and out == ""


@pytest.mark.parametrize("threads", ["0", "1000", "-2", "two"])
def test_match_bridge_threads_are_bounded(capsys, threads):
    """1000 threads (a 128 MB table each) used to end in a MemoryError traceback."""
    code, out, err = run_cli(capsys, ["match", "bridge", "--deals", "1", "--a", "rules", "--b", "rules",
                                      "--threads", threads])
    assert code == 2 and "argument --threads: must be an integer 1.." in err and out == ""
    assert len(err.splitlines()) == 1


def test_match_bridge_on_endings_with_the_undecided_filter(capsys, monkeypatch):
    import engine.match.bridge as match_module

    monkeypatch.setattr(match_module, "default_oracle", lambda: ReferenceOracle())
    code, out, err = run_cli(capsys, ["match", "bridge", "--deals", "2", "--seed", "3", "--cards", "3",
                                      "--a", "alphamu:m=2,worlds=4", "--b", "pimc:worlds=4",
                                      "--defence", "pimc:worlds=4", "--undecided", "--filter-worlds", "6", "--json",
                                      "--workers", "1"])
    assert code == 0, err
    rows = [json.loads(x) for x in out.strip().splitlines()]
    assert len(rows) == 3
    for r in rows[:-1]:
        assert 0.3 <= r["pimc_chance"] <= 0.7
        assert len(Deal.from_pbn(r["pbn"], partial=True).hands[0]) == 3
        # 3NT with 10 earlier tricks (7 to declarer): 2 of the last 3 make it.
        assert r["a"]["made"] == (r["a"]["tricks"] >= 9) and 7 <= r["a"]["tricks"] <= 10
    assert rows[-1]["deals"] == 2


def test_match_bridge_plays_the_same_cards_with_either_solver(capsys, monkeypatch):
    """``--solver dds`` only changes who answers the double-dummy questions: the results are identical."""
    from engine.solvers.solver_oracle import default_oracle

    monkeypatch.setattr(analysis_module, "default_oracle", default_oracle)  # the engine's solver
    argv = ["match", "bridge", "--deals", "2", "--seed", "4", "--cards", "5", "--a", "alphamu:m=2,worlds=6",
            "--b", "pimc:worlds=6", "--defence", "pimc:worlds=6", "--undecided", "--filter-worlds", "8", "--json",
            "--workers", "1"]
    runs = []
    for solver in ("tenace", "dds"):
        code, out, err = run_cli(capsys, argv + ["--solver", solver])
        assert code == 0, err
        rows = [json.loads(x) for x in out.strip().splitlines()]
        assert rows[-1]["solver"] == solver
        runs.append([{k: v for k, v in r.items() if k != "solver"} for r in rows])
    assert runs[0] == runs[1]


def test_match_bridge_combines_split_runs_into_one_summary(capsys, tmp_path):
    """Two halves (``--first``) combined with ``--combine`` give the whole run's summary."""
    base = ["match", "bridge", "--seed", "6", "--cards", "3", "--a", "rules", "--b", "random:seed=1",
            "--defence", "rules", "--json"]
    outputs = []
    for extra in (["--deals", "4"], ["--deals", "2"], ["--deals", "2", "--first", "2"]):
        code, out, err = run_cli(capsys, base + extra)
        assert code == 0, err
        outputs.append(out)
    whole = json.loads(outputs[0].strip().splitlines()[-1])
    paths = []
    for i, out in enumerate(outputs[1:]):
        path = tmp_path / f"half{i}.jsonl"
        path.write_text(out, encoding="utf-8")
        paths.append(str(path))
    code, out, err = run_cli(capsys, ["match", "bridge", "--combine", *paths, "--json"])
    assert code == 0, err
    combined = json.loads(out)
    assert combined["files"] == paths
    for key in ("deals", "make_a", "make_b", "make_diff", "make_ci95", "tricks_diff", "tricks_ci95",
                "different_results"):
        assert combined[key] == whole[key], key
    (tmp_path / "bad.jsonl").write_text('{"deal": 0}\n', encoding="utf-8")
    code, out, err = run_cli(capsys, ["match", "bridge", "--combine", str(tmp_path / "bad.jsonl")])
    assert code == 2 and "bad.jsonl, line 1: not a match bridge deal result" in err and "Traceback" not in err


def test_match_bridge_pool_gives_the_serial_lines_and_resumes(capsys, tmp_path):
    """Same seed, same lines serially and on two worker processes (the undecided filter included); a saved
    run cut short after one deal resumes to the same output."""
    argv = ["match", "bridge", "--deals", "3", "--seed", "8", "--cards", "4", "--a", "random:seed=1",
            "--b", "rules", "--defence", "rules", "--undecided", "--filter-worlds", "6", "--json", "--quiet"]
    code, serial, err = run_cli(capsys, argv + ["--workers", "1"])
    assert code == 0, err
    saved = tmp_path / "run.jsonl"
    code, pooled, err = run_cli(capsys, argv + ["--workers", "2", "--save", str(saved)])
    assert code == 0, err
    assert pooled == serial
    header, first = saved.read_text(encoding="utf-8").splitlines()[:2]
    saved.write_text(header + "\n" + first + "\n", encoding="utf-8")
    code, resumed, err = run_cli(capsys, argv + ["--workers", "1", "--save", str(saved), "--resume"])
    assert code == 0, err
    assert resumed == serial
    assert len(saved.read_text(encoding="utf-8").splitlines()) == 1 + 3  # the header, then the deals
