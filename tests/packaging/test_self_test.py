"""``tenace --self-test`` through the Python API: every check passes here, a failing one fails the run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

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


def test_the_cache_check_tells_the_truth_about_damaged_kernels(monkeypatch):
    """A damaged kernel file in the cache fails the check (naming it) and is cleared; then the check passes."""
    import pickle

    import numba

    import engine.jit as jit
    from app.self_test import check_numba_cache
    from engine.solvers.dd.warmup import warm_up

    warm_up()  # some kernels cached, as after the app's warm-up
    fake = Path(jit.cache_dir()) / "zz_selftest_fake"
    fake.mkdir(exist_ok=True)
    (fake / "k.f-1.py311.nbi").write_bytes(pickle.dumps(numba.__version__) + pickle.dumps((0, {"s": "k.f-1.py311.1.nbc"})))
    (fake / "k.f-1.py311.1.nbc").write_bytes(pickle.dumps(("object code", b"\0" * 500))[:-20])  # cut short
    try:
        with pytest.raises(CheckFailed) as info:
            check_numba_cache()
        assert "1 damaged cached kernel file(s), now cleared" in str(info.value)
        assert "zz_selftest_fake/k.f-1.py311.1.nbc" in str(info.value)
        assert not list(fake.iterdir())
        detail = check_numba_cache()
        assert "kernels cached and intact in" in detail and jit.KEY_PREFIX in detail
        monkeypatch.setattr(jit, "_repairs", [jit.CacheRepair(str(fake), "solve", "UnpicklingError: bad")])
        assert "repaired during this run: the compiled-kernel cache was damaged (solve" in check_numba_cache()
        monkeypatch.setattr(jit, "_unsaved", ["solve: OSError: [Errno 28] No space left on device"])
        with pytest.raises(CheckFailed, match="1 kernel\\(s\\) could not be cached: solve: OSError"):
            check_numba_cache()
    finally:
        shutil.rmtree(fake, ignore_errors=True)
