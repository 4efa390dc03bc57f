"""README names the system libraries Qt's Linux (xcb) platform plugin needs, checked against what it links to."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _debian_package(soname: str) -> str:
    """``libxcb-cursor.so.0`` → ``libxcb-cursor0``; ``libxkbcommon-x11.so.0`` → ``libxkbcommon-x11-0``."""
    name, version = re.match(r"(lib[\w+-]+?)\.so\.(\d+)", soname).groups()
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None, reason="Linux with ldd")
def test_readme_lists_every_xcb_library_the_qt_plugin_loads():
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    qpa = Path(PySide6.__file__).parent / "Qt" / "lib" / "libQt6XcbQpa.so.6"
    out = subprocess.run(["ldd", str(plugin), str(qpa)], capture_output=True, text=True, check=False).stdout
    sonames = set(re.findall(r"^\s*(lib(?:xcb|xkbcommon|X11-xcb)[\w.-]*\.so\.\d+)", out, re.MULTILINE))
    assert "libxcb-cursor.so.0" in sonames  # the one most often missing
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    wanted = {_debian_package(s) for s in sonames} - {"libxcb1", "libxkbcommon0"}  # always there with X11
    missing = sorted(p for p in wanted if p.lower() not in readme.lower())
    assert not missing, f"README does not name {missing}"
