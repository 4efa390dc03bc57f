"""The one entry script of the desktop bundle: both executables run this file.

PyInstaller freezes it twice (see ``tenace.spec``), as ``tenace`` (the Qt app,
windowed on Windows and macOS) and ``tenace-cli`` (the engine's command line,
console); at run time the executable's own name picks the entry point, so both
share one analysis and one set of collected files.  :data:`ENTRY_POINTS` must
match ``[project.scripts]`` and ``[project.gui-scripts]`` of ``pyproject.toml``
(``tests/packaging`` checks it).  The dispatch is dynamic, so the spec lists the
target modules as hidden imports.
"""

from __future__ import annotations

import importlib
import os
import sys

ENTRY_POINTS = {
    "tenace": "app.main:main",
    "tenace-cli": "engine.cli.main:main",
}
"""Executable name -> ``module:function``, exactly as in pyproject.toml."""

GUI_SCRIPTS = frozenset({"tenace"})
"""The executables that are GUI programs (no console window on Windows)."""

DEFAULT_ENTRY = "tenace"


def entry_name(executable: str) -> str:
    """The entry point an executable runs: its file name without ``.exe`` (the GUI when unknown)."""
    name = os.path.basename(executable)
    if name.lower().endswith(".exe"):
        name = name[:-4]
    return name if name in ENTRY_POINTS else DEFAULT_ENTRY


def resolve(target: str):
    """The function named by ``module:function``."""
    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function)


def main() -> int:
    return int(resolve(ENTRY_POINTS[entry_name(sys.executable)])() or 0)


if __name__ == "__main__":
    sys.exit(main())
