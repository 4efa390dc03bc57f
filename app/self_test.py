"""``tenace --self-test``: a non-interactive check that an installation (or a frozen bundle) works.

Each check is a small named function that returns a one-line detail on success
and raises on failure; :func:`run_checks` times them and turns exceptions into
failures with their reason.  The exit status of :func:`main` is 0 only when
every check passed, so the command can gate a build::

    QT_QPA_PLATFORM=offscreen dist/tenace/tenace --self-test [--json]

The checks, in order:

* ``main window`` — the window created, shown and rendered (offscreen unless
  ``QT_QPA_PLATFORM`` says otherwise), with its own temporary settings; first, so
  "shown N s after process start" is the time to a usable window (the app, too,
  shows its window before warming the engine up);
* ``engine warm-up`` — numba imported and every ``engine/**/warmup.py`` hook run,
  exactly as the app's background warm-up does;
* ``numba cache`` — numba caches in this source version's folder, writable and (in a bundle)
  outside it; every cached kernel file is intact (a damaged one fails the check and is
  cleared), the warm-up's kernels were saved, and a repair made during the run is named;
* ``double-dummy solve`` — a simple squeeze ending, per card, with known answers;
* ``PIMC decision`` — a five-card ending valued over 12 sampled worlds;
* ``suit problem`` — a library entry (restricted choice) solved exactly, compared
  with the library's figure (which also proves the assets were found).

Compiling (cold cache) or loading (warm) numba's kernels shows in the warm-up and
double-dummy times.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Sequence

__all__ = ["CheckResult", "Check", "CHECKS", "run_checks", "format_report", "environment", "main"]


class CheckFailed(Exception):
    """A check ran but its answer was wrong (the message says how)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    name: str
    ok: bool
    seconds: float
    detail: str


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    run: Callable[[], str]


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


# --- the checks -------------------------------------------------------------------------
def check_warmup() -> str:
    from engine.core.cancel import NEVER

    from .worker.warmup import discover_warmup_hooks, warmup_job

    hooks = discover_warmup_hooks()
    report = warmup_job(hooks)(NEVER)
    if report.failures:
        raise CheckFailed("; ".join(f"{name}: {message}" for name, message in report.failures))
    import numba

    packages = [name for name in report.warmed if name != "numba"]
    return f"numba {numba.__version__} imported, {len(packages)} kernel package(s) warmed" + (
        f" ({', '.join(packages)})" if packages else ""
    )


def check_numba_cache() -> str:
    """The truth about the kernel cache after the warm-up: numba uses this source version's folder,
    it is writable, every cached kernel file is intact, the warm-up's kernels were saved, and any
    repair made on the way is named."""
    from engine.jit import KEY_PREFIX, cache_dir, cache_repairs, clear_cache_folder, numba, unsaved_kernels, verify_cache

    configured = numba.config.CACHE_DIR
    _expect(bool(configured), "numba has no cache directory configured (NUMBA_CACHE_DIR)")
    _expect(os.path.abspath(configured) == os.path.abspath(cache_dir()),
            f"numba caches in {configured}, engine.jit expects {cache_dir()}")
    _expect(os.path.basename(configured).startswith(KEY_PREFIX),
            f"the cache {configured} is not keyed by source version ({KEY_PREFIX}...)")
    os.makedirs(configured, exist_ok=True)
    with tempfile.TemporaryFile(dir=configured):
        pass
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        inside = os.path.commonpath([os.path.abspath(bundle), os.path.abspath(configured)]) == os.path.abspath(bundle)
        _expect(not inside, f"the cache {configured} is inside the bundle {bundle}")
    kernels, problems = verify_cache(configured)
    if problems:
        for folder in {os.path.join(configured, p.split("/", 1)[0]) for p in problems}:
            clear_cache_folder(folder)
        raise CheckFailed(f"{len(problems)} damaged cached kernel file(s), now cleared (recompiled at next use): "
                          + "; ".join(problems[:3]))
    unsaved = unsaved_kernels()
    _expect(not unsaved, f"{len(unsaved)} kernel(s) could not be cached: {unsaved[0] if unsaved else ''}")
    _expect(kernels > 0, f"no kernel is cached in {configured} after the warm-up")
    repairs = cache_repairs()
    repaired = f"; repaired during this run: {repairs[0].message}" if repairs else ""
    return f"{kernels} kernels cached and intact in {configured}{repaired}"


SQUEEZE = "N:A2.Q.. ..KQJ. 4..2.A K3.K.."
"""South to lead at no trump: cashing the club ace squeezes West (spades and hearts)."""


def check_double_dummy() -> str:
    from engine.core.cards import parse_card
    from engine.core.deal import Deal
    from engine.solvers.dd import DoubleDummySolver

    deal = Deal.from_pbn(SQUEEZE, partial=True)
    solver = DoubleDummySolver(8.0)
    per_card = solver.tricks_per_card(deal, 4, 2)
    expected = {parse_card("CA"): 3, parse_card("D2"): 0, parse_card("S4"): 1}
    _expect(per_card == expected, f"squeeze ending: got {per_card}, expected {expected}")
    _expect(solver.tricks(deal, 4, 2) == 3, "squeeze ending: South's side should take all 3 tricks")
    return "simple squeeze ending solved per card (CA 3 tricks, S4 1, D2 0)"


PIMC_ENDING = "N:5.82.54. Q.J.Q2.A K8.6.98. 3.K7.7.J"
"""Five cards each, 3NT by South on lead after 7 tricks won and 1 lost (two more needed)."""
PIMC_WORLDS = 12


def check_pimc() -> str:
    import random

    from engine.analysis.bridge import Algorithm, AnalysisBudget, analyse_position, position_from_view
    from engine.bridge.contract import Contract
    from engine.bridge.play import BridgePlay
    from engine.bridge.view import view_for_turn
    from engine.core.cards import card_str
    from engine.core.deal import Deal
    from engine.core.seats import Seat

    deal = Deal.from_pbn(PIMC_ENDING, partial=True)
    play = BridgePlay(deal, Contract.parse("3NT"), Seat.SOUTH, leader=Seat.SOUTH,
                      prior_declarer_tricks=7, prior_defender_tricks=1)
    gone = ((1 << 52) - 1) & ~deal.cards.mask
    position = position_from_view(view_for_turn(play), PIMC_WORLDS, random.Random(1), out_of_play=gone)
    result = analyse_position(position, Algorithm.PIMC, AnalysisBudget(worlds=PIMC_WORLDS, chunk=4))
    legal = set(play.legal_cards())
    _expect({v.card for v in result.cards} == legal, "not every legal card was valued")
    _expect(result.best in legal, f"best card {card_str(result.best)} is not legal")
    _expect(result.complete and result.worlds_used == PIMC_WORLDS,
            f"searched {result.worlds_used} of {PIMC_WORLDS} worlds (complete={result.complete})")
    for v in result.cards:
        _expect(0.0 <= v.p_make <= 1.0, f"{card_str(v.card)}: p_make {v.p_make} out of range")
        _expect(7.0 <= v.expected_tricks <= 12.0, f"{card_str(v.card)}: expected tricks {v.expected_tricks}")
    best = result.value(result.best)
    top = max(v.p_make for v in result.cards)
    _expect(best.p_make == top, f"best card {card_str(result.best)} has p_make {best.p_make} < {top}")
    _expect(0.0 < top < 1.0, f"a position with real choices should not be certain (top p_make {top})")
    return f"{PIMC_WORLDS} worlds, best {card_str(result.best)} (makes {best.p_make:.0%}, {result.stats.get('solves', '?')} solves)"


SUIT_ENTRY = 62  # AKT9x opposite xxxx, five tricks: restricted choice


def check_suit_problem() -> str:
    from engine.suits.analysis import analyse
    from engine.suits.library import library_path, load_library
    from engine.suits.position import SuitTable

    library = load_library()
    entry = next((e for e in library if e.id == SUIT_ENTRY), None)
    _expect(entry is not None, f"library entry {SUIT_ENTRY} missing ({len(library)} entries)")
    report = analyse(SuitTable(entry.problem()), entry.tricks, "exact")
    _expect(report.probability is not None and abs(report.probability - entry.probability) < 1e-6,
            f"{entry.north}/{entry.south}: exact {report.probability}, library {entry.probability}")
    where = library_path()
    return (f"{entry.north} opposite {entry.south}, {entry.tricks} tricks: {report.probability:.2%} as in the "
            f"library ({len(library)} entries, {where.parent.name}/{where.name})")


def _seconds_since_process_start() -> float | None:
    """Wall time since this process started (Linux ``/proc``; ``None`` elsewhere)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _quiet_size_hint_warnings() -> None:
    """The offscreen platform warns whenever a window's size limits change: noise in a report."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(mode, context, message: str) -> None:
        if "propagateSizeHints" not in message:
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def check_main_window() -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    _quiet_size_hint_warnings()
    with tempfile.TemporaryDirectory(prefix="tenace-self-test-") as tmp:
        window = MainWindow(seed=1, warmup_hooks=(), dd_oracle=None,
                            settings_file=Path(tmp) / "settings.json", stats_file=Path(tmp) / "statistics.sqlite3")
        try:
            window.show()
            app.processEvents()
            shown_after = _seconds_since_process_start()
            deal = window.deal
            _expect(deal is not None and deal.is_full, "no full deal on the table")
            image = window.grab().toImage()
            _expect(not image.isNull() and image.width() > 200 and image.height() > 200,
                    f"the window rendered as a {image.width()}x{image.height()} image")
            title = window.info_panel.title
        finally:
            window.close()
            app.processEvents()
    platform = QApplication.platformName()
    since = "" if shown_after is None else f", shown {shown_after:.2f} s after process start"
    return f"{platform}: '{title}' dealt, rendered {image.width()}x{image.height()}{since}"


CHECKS: tuple[Check, ...] = (
    Check("main window", check_main_window),
    Check("engine warm-up", check_warmup),
    Check("numba cache", check_numba_cache),
    Check("double-dummy solve", check_double_dummy),
    Check("PIMC decision", check_pimc),
    Check("suit problem", check_suit_problem),
)


# --- running and reporting -----------------------------------------------------------------
def run_checks(checks: Sequence[Check] = CHECKS, on_result: Callable[[CheckResult], None] | None = None) -> list[CheckResult]:
    """Run every check (a failure does not stop the others); ``on_result`` sees each as it ends."""
    results = []
    for check in checks:
        start = time.perf_counter()
        try:
            detail, ok = check.run(), True
        except CheckFailed as exc:
            detail, ok = str(exc), False
        except Exception as exc:  # noqa: BLE001 - any crash is a failed check, with its reason
            where = traceback.extract_tb(exc.__traceback__)[-1]
            detail, ok = f"{type(exc).__name__}: {exc} ({os.path.basename(where.filename)}:{where.lineno})", False
        result = CheckResult(check.name, ok, time.perf_counter() - start, detail)
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def environment() -> dict[str, object]:
    """What is being tested: version, frozen or not, interpreter and library versions, cache dir."""
    from .main_window import _version

    info: dict[str, object] = {
        "version": _version(),
        "frozen": bool(getattr(sys, "frozen", False)),
        "executable": sys.executable,
        "python": sys.version.split()[0],
        "numba_cache_dir": os.environ.get("NUMBA_CACHE_DIR", ""),
        "qt_platform": os.environ.get("QT_QPA_PLATFORM", ""),
    }
    build = os.path.join(getattr(sys, "_MEIPASS", ""), "tenace_build.json")
    if info["frozen"] and os.path.exists(build):
        with open(build, encoding="utf-8") as f:
            info["build"] = json.load(f)
    return info


def _line(result: CheckResult) -> str:
    return f"  {'PASS' if result.ok else 'FAIL'}  {result.name:<20} {result.seconds:6.2f} s  {result.detail}"


def format_report(results: Sequence[CheckResult], seconds: float) -> str:
    failed = [r.name for r in results if not r.ok]
    if failed:
        return f"self-test FAILED: {len(failed)} of {len(results)} checks ({', '.join(failed)}) in {seconds:.1f} s"
    return f"self-test passed: all {len(results)} checks in {seconds:.1f} s"


def _write(text: str) -> None:
    if sys.stdout is not None:  # a windowed Windows executable has no stdout
        print(text, flush=True)


def main(as_json: bool = False, checks: Sequence[Check] | None = None) -> int:
    """Run the checks (all of :data:`CHECKS` by default), print the report (text as they go, or one
    JSON object); 0 only if every check passed."""
    start = time.perf_counter()
    env = environment()
    if not as_json:
        kind = "bundle" if env["frozen"] else "installation"
        _write(f"Tenace {env['version']} self-test ({kind}: {env['executable']}, Python {env['python']})")
    results = run_checks(CHECKS if checks is None else checks, None if as_json else (lambda r: _write(_line(r))))
    seconds = time.perf_counter() - start
    env["numba_cache_dir"] = os.environ.get("NUMBA_CACHE_DIR", "")  # set by engine.jit on import
    ok = all(r.ok for r in results)
    if as_json:
        _write(json.dumps({"ok": ok, "seconds": round(seconds, 3), "environment": env,
                           "checks": [asdict(r) | {"seconds": round(r.seconds, 3)} for r in results]}))
    else:
        _write(f"  numba cache: {env['numba_cache_dir']}")
        _write(format_report(results, seconds))
    return 0 if ok else 1
