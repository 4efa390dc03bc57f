"""Background warm-up: compile (or load from numba's cache) every engine kernel at start.

The hook: any engine package that owns numba kernels adds a module ``warmup.py``
with a function ``warm_up() -> None`` that calls its kernels once on a tiny input
(for example a one-trick ending for the double-dummy solver).  Nothing has to be
registered anywhere: :func:`find_warmup_modules` finds every ``warmup.py`` under
the ``engine`` package directory, and :func:`warmup_job` imports and calls them one
after another on the engine worker, reporting progress per module.  With numba's
on-disk cache (see ``engine.jit``) a warm start only loads the compiled code.

The kernels the first board of the starting mode needs go first, in a job of their
own (:func:`split_first`); the window queues that board next and the other
kernels after it, so a cold start does not make the first board wait for every
package's compile (a bridge board does not need the Hearts kernels).

A failing hook never stops the app: the job carries on with the others and returns
the failures in its :class:`WarmupReport`, which the status bar shows.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from pathlib import Path
from dataclasses import dataclass
from typing import Callable, Sequence

from engine.core.cancel import CancelToken

__all__ = ["WarmupHook", "WarmupReport", "find_warmup_modules", "discover_warmup_hooks", "warmup_job", "step_text",
           "friendly_name", "kernel_cache_is_warm", "split_first", "merge_reports"]

WARMUP_MODULE_NAME = "warmup"
WARMUP_FUNCTION_NAME = "warm_up"


@dataclass(frozen=True, slots=True)
class WarmupHook:
    """One named warm-up step (``name`` is shown in the status bar while it runs)."""

    name: str
    run: Callable[[], object]


@dataclass(frozen=True, slots=True)
class WarmupReport:
    warmed: tuple[str, ...]
    failures: tuple[tuple[str, str], ...]  # (hook name, message)
    seconds: float


def find_warmup_modules(package: str = "engine") -> tuple[str, ...]:
    """Dotted names of every ``<package>/**/warmup.py``, without importing anything but ``package``."""
    root_module = importlib.import_module(package)
    names: set[str] = set()
    for root in getattr(root_module, "__path__", ()):
        for directory, subdirs, files in os.walk(root):
            subdirs[:] = sorted(d for d in subdirs if d.isidentifier())
            if f"{WARMUP_MODULE_NAME}.py" in files:
                rel = os.path.relpath(directory, root)
                parts = [package] + ([] if rel == "." else rel.split(os.sep))
                names.add(".".join(parts + [WARMUP_MODULE_NAME]))
    return tuple(sorted(names))


def _hook_for(module_name: str) -> WarmupHook:
    def run() -> object:
        module = importlib.import_module(module_name)
        warm_up = getattr(module, WARMUP_FUNCTION_NAME, None)
        if not callable(warm_up):
            raise TypeError(f"{module_name} has no function {WARMUP_FUNCTION_NAME}()")
        return warm_up()

    return WarmupHook(module_name.removesuffix(f".{WARMUP_MODULE_NAME}"), run)


def _numba_import_hook() -> WarmupHook:
    """Importing numba (through ``engine.jit``, which points its cache at the user cache dir) costs
    a noticeable fraction of a second; doing it here keeps that off the GUI thread too."""
    return WarmupHook("numba", lambda: importlib.import_module("engine.jit"))


def discover_warmup_hooks(package: str = "engine") -> tuple[WarmupHook, ...]:
    """The numba import followed by every package's ``warm_up()`` (see the module docstring)."""
    return (_numba_import_hook(),) + tuple(_hook_for(m) for m in find_warmup_modules(package))


_FRIENDLY = {"numba": "the compiler", "engine.solvers.dd": "the bridge solver", "engine.solvers.hearts": "the Hearts solver",
             "engine.session": "the bridge solver's first-board kernels"}


def friendly_name(hook: str) -> str:
    """A warm-up step as the status bar names it (``the bridge solver``, not ``engine.solvers.dd``)."""
    return _FRIENDLY.get(hook, hook.rsplit(".", 1)[-1].replace("_", " "))


def kernel_cache_is_warm() -> bool | None:
    """Whether numba's cache already holds compiled kernels (``None`` when the engine's numba set-up is
    not loaded yet: asking would import it).  Called on the engine thread, after the numba step."""
    jit = sys.modules.get("engine.jit")
    if jit is None:
        return None
    folder = Path(jit.cache_dir())
    return folder.is_dir() and next(folder.rglob("*.nbi"), None) is not None


def step_text(hook: str, warm: bool | None) -> str:
    """``loading the bridge solver`` on a warm start; on a cold one, that it compiles, and only this once."""
    if warm is False:
        return f"compiling {friendly_name(hook)} (first start only: a minute or two)"
    return f"loading {friendly_name(hook)}"


def split_first(hooks: Sequence[WarmupHook], first: Sequence[str]) -> tuple[tuple[WarmupHook, ...], tuple[WarmupHook, ...]]:
    """(the hooks of the packages in ``first``, led by numba's import when there are any; the others),
    each in the order given.  Nothing named in ``first``: everything stays in one job."""
    chosen = tuple(h for h in hooks if h.name in first)
    if not chosen:
        return (), tuple(hooks)
    head = tuple(h for h in hooks if h.name == "numba" or h in chosen)
    return head, tuple(h for h in hooks if h not in head)


def merge_reports(reports: Sequence[WarmupReport]) -> WarmupReport:
    """One report for a warm-up run as several jobs."""
    return WarmupReport(tuple(n for r in reports for n in r.warmed), tuple(f for r in reports for f in r.failures),
                        sum(r.seconds for r in reports))


def warmup_job(hooks: Sequence[WarmupHook]) -> Callable[[CancelToken], WarmupReport]:
    """An engine job that runs ``hooks`` in order, stopping early if cancelled.  Its progress says
    "loading" when the kernels come from numba's cache and "compiling" only when they do not."""

    def job(cancel: CancelToken) -> WarmupReport:
        start = time.perf_counter()
        warmed: list[str] = []
        failures: list[tuple[str, str]] = []
        total = max(1, len(hooks))
        warm = kernel_cache_is_warm()
        for i, hook in enumerate(hooks):
            cancel.check("the warm-up was cancelled")
            cancel.report(i / total, step_text(hook.name, warm))
            try:
                hook.run()
            except Exception as exc:  # noqa: BLE001 - one broken hook must not stop the others
                failures.append((hook.name, f"{type(exc).__name__}: {exc}"))
            else:
                warmed.append(hook.name)
            if warm is None:
                warm = kernel_cache_is_warm()
        cancel.report(1.0, "engine ready")
        return WarmupReport(tuple(warmed), tuple(failures), time.perf_counter() - start)

    return job
