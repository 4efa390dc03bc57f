"""Test-wide set-up: Qt runs offscreen so the suite needs no display; the long fuzz profile is opt-in."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_collection_modifyitems(config, items):
    """The long fuzz profile runs only when asked for (``pytest -m fuzz``); CI runs the modest one."""
    if "fuzz" in (config.getoption("markexpr") or ""):
        return
    long_runs = [item for item in items if item.get_closest_marker("fuzz") is not None]
    if long_runs:
        config.hook.pytest_deselected(items=long_runs)
        items[:] = [item for item in items if item.get_closest_marker("fuzz") is None]
