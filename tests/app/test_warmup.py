"""The warm-up finds every engine package's warmup.py, runs the hooks, survives a broken one."""

import time

from app.worker import EngineActivity, EngineWorker, JobDone, JobProgress
from app.worker.warmup import WarmupHook, discover_warmup_hooks, find_warmup_modules, warmup_job
from engine.core.cancel import CancelToken


def _fake_engine(tmp_path, monkeypatch):
    root = tmp_path / "fakeengine"
    (root / "solvers" / "dd").mkdir(parents=True)
    (root / "search").mkdir()
    (root / "cli").mkdir()
    (root / "__init__.py").write_text("")
    (root / "solvers" / "__init__.py").write_text("")
    (root / "solvers" / "dd" / "warmup.py").write_text(
        "CALLS = []\ndef warm_up():\n    CALLS.append('dd')\n"
    )
    (root / "search" / "__init__.py").write_text("")
    (root / "search" / "warmup.py").write_text("def warm_up():\n    raise RuntimeError('kernel did not compile')\n")
    (root / "cli" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))


def test_find_warmup_modules_walks_the_package_tree(tmp_path, monkeypatch):
    _fake_engine(tmp_path, monkeypatch)
    assert find_warmup_modules("fakeengine") == ("fakeengine.search.warmup", "fakeengine.solvers.dd.warmup")


def test_warmup_job_runs_every_hook_and_reports_failures(tmp_path, monkeypatch):
    _fake_engine(tmp_path, monkeypatch)
    hooks = discover_warmup_hooks("fakeengine")
    assert [h.name for h in hooks] == ["numba", "fakeengine.search", "fakeengine.solvers.dd"]
    reports = []
    report = warmup_job(hooks)(CancelToken(progress=lambda f, m="": reports.append((f, m))))
    assert report.warmed == ("numba", "fakeengine.solvers.dd")
    assert report.failures == (("fakeengine.search", "RuntimeError: kernel did not compile"),)
    import fakeengine.solvers.dd.warmup as dd_warmup

    assert dd_warmup.CALLS == ["dd"]
    assert [f for f, _ in reports] == [0.0, 1 / 3, 2 / 3, 1.0]
    assert reports[1][1] in ("loading search", "compiling search (first start only: a minute or two)")


def test_the_real_engine_hooks_are_discovered():
    hooks = discover_warmup_hooks()
    assert hooks[0].name == "numba"
    assert all(h.name.startswith("engine.") for h in hooks[1:])


def test_warmup_on_the_worker_shows_compiling_then_idle(qtbot):
    worker = EngineWorker(progress_interval_s=0.0)
    try:
        statuses, done, progress = [], [], []
        worker.status_changed.connect(statuses.append)
        worker.finished.connect(done.append)
        worker.progress.connect(progress.append)
        slow = [WarmupHook(f"kernel{i}", lambda: time.sleep(0.05)) for i in range(3)]
        worker.submit(warmup_job(slow), activity=EngineActivity.COMPILING, label="compiling")
        qtbot.waitUntil(lambda: len(done) == 1 and worker.status.activity is EngineActivity.IDLE, timeout=10_000)
        assert isinstance(done[0], JobDone) and done[0].result.warmed == ("kernel0", "kernel1", "kernel2")
        assert statuses[0].activity is EngineActivity.COMPILING
        assert all(isinstance(p, JobProgress) for p in progress) and progress[-1].fraction == 1.0
    finally:
        assert worker.shutdown(10)


def test_the_engine_kernel_packages_have_warmup_hooks_that_run() -> None:
    from app.worker.warmup import discover_warmup_hooks, find_warmup_modules

    modules = find_warmup_modules()
    assert {"engine.solvers.dd.warmup", "engine.solvers.hearts.warmup"} <= set(modules)
    for hook in discover_warmup_hooks():
        hook.run()  # raises if a kernel fails to load or compile


def test_the_first_deals_kernels_compile_first_and_the_others_after_it(tmp_path, monkeypatch):
    from app.worker.warmup import merge_reports, split_first

    _fake_engine(tmp_path, monkeypatch)
    hooks = discover_warmup_hooks("fakeengine")
    first, rest = split_first(hooks, ("fakeengine.solvers.dd",))
    assert [h.name for h in first] == ["numba", "fakeengine.solvers.dd"]
    assert [h.name for h in rest] == ["fakeengine.search"]
    first, rest = split_first(hooks, ("a package without kernels",))
    assert first == () and rest == hooks  # nothing to put first: one job, as before
    merged = merge_reports([warmup_job(h)(CancelToken()) for h in split_first(hooks, ("fakeengine.solvers.dd",))])
    assert merged.warmed == ("numba", "fakeengine.solvers.dd")
    assert [name for name, _ in merged.failures] == ["fakeengine.search"]


def test_a_bridge_window_queues_its_first_board_before_the_other_kernels(qtbot, tmp_path):
    from app.main_window import MainWindow
    from app.modes.app_mode import AppMode

    order: list[str] = []

    class Cells:  # a stand-in solver: records when the first board asks for its cells
        def declarer_tricks(self, deal, strain, declarer):
            if "board" not in order:
                order.append("board")
            return 7

    hooks = [WarmupHook("engine.search.hearts", lambda: order.append("hearts kernels")),
             WarmupHook("engine.session", lambda: order.append("board kernels"))]
    w = MainWindow(seed=3, warmup_hooks=hooks, stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE,
                   dd_oracle=Cells())
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.warmup_report is not None, timeout=20_000)
    assert order == ["board kernels", "board", "hearts kernels"]
    assert w.warmup_report.warmed == ("engine.session", "engine.search.hearts")


def test_building_the_window_compiles_no_kernel():
    """A cold start shows the window before any kernel compiles: importing the window (and with it every
    mode's session and player) loads no module whose import compiles — the Hearts searches' eagerly
    compiled kernels are imported on their first search (issue 22's cold start)."""
    import subprocess
    import sys

    code = ("import sys; import app.main_window; "
            "eager = [m for m in ('engine.solvers.hearts.kernel_maxn',) if m in sys.modules]; "
            "print(eager); sys.exit(1 if eager else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0, out.stdout + out.stderr
