"""``tenace --self-test`` through the Python API: every check passes here, a failing one fails the run."""

from __future__ import annotations

import json

import pytest

from app import self_test
from app.self_test import CHECKS, Check, CheckFailed, main, run_checks


def test_every_check_passes_and_the_json_report_says_so(qapp, capsys):
    assert main(as_json=True) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True
    assert [c["name"] for c in report["checks"]] == [c.name for c in CHECKS] == [
        "main window", "engine warm-up", "numba cache", "double-dummy solve", "PIMC decision", "suit problem"]
    by_name = {c["name"]: c for c in report["checks"]}
    assert all(c["ok"] and c["seconds"] >= 0 for c in report["checks"])
    assert "CA 3 tricks" in by_name["double-dummy solve"]["detail"]
    assert "46.35%" in by_name["suit problem"]["detail"] and "161 entries" in by_name["suit problem"]["detail"]
    assert "12 worlds, best" in by_name["PIMC decision"]["detail"]
    assert by_name["main window"]["detail"].startswith("offscreen: 'Board 1' dealt")
    assert report["environment"]["frozen"] is False and report["environment"]["numba_cache_dir"]


def _boom() -> str:
    raise ZeroDivisionError("no tricks left")


def _wrong() -> str:
    raise CheckFailed("expected 3 tricks, got 2")


def test_a_failing_check_fails_the_run_with_its_reason_and_the_others_still_run(capsys):
    checks = [Check("fine", lambda: "all good"), Check("crash", _boom), Check("wrong", _wrong), Check("later", lambda: "ran")]
    assert main(checks=checks) == 1
    out = capsys.readouterr().out.splitlines()
    lines = {line.split()[1]: line for line in out if line.startswith("  PASS") or line.startswith("  FAIL")}
    assert lines["fine"].startswith("  PASS") and lines["fine"].endswith("all good")
    assert lines["crash"].startswith("  FAIL") and "ZeroDivisionError: no tricks left (test_self_test.py:" in lines["crash"]
    assert lines["wrong"].startswith("  FAIL") and lines["wrong"].endswith("expected 3 tricks, got 2")
    assert lines["later"].startswith("  PASS")
    assert out[-1].startswith("self-test FAILED: 2 of 4 checks (crash, wrong)")


def test_results_are_timed_one_per_check():
    results = run_checks([Check("a", lambda: "x"), Check("b", _wrong)])
    assert [(r.name, r.ok, r.detail) for r in results] == [("a", True, "x"), ("b", False, "expected 3 tricks, got 2")]
    assert all(r.seconds >= 0 for r in results)


@pytest.mark.parametrize("argv, as_json", [(["--self-test"], False), (["--self-test", "--json"], True)])
def test_the_tenace_command_routes_self_test_before_any_window(monkeypatch, argv, as_json):
    from app.main import main as tenace

    seen = []
    monkeypatch.setattr(self_test, "main", lambda as_json=False: seen.append(as_json) or 7)
    assert tenace(argv) == 7 and seen == [as_json]
