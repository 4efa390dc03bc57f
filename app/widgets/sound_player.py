"""Short sounds for the table (a card played, a trick gathered, a hand over), without a new dependency.

QtMultimedia is not part of PySide6-Essentials (only its type stubs are: ``from PySide6
import QtMultimedia`` fails), and the brief keeps the runtime to Essentials, numpy, numba and
appdirs.  So the shipped WAV files (``assets/sounds``, made by ``packaging/make_sounds.py``)
are handed to what the system already has: ``winsound`` (standard library) on Windows,
``afplay`` on macOS, ``pw-play``/``paplay``/``aplay`` on Linux, each started without waiting.
Where none is there, the end-of-hand chime falls back to :meth:`QApplication.beep` and the
card sounds stay silent (a beep per card would be worse than nothing).  Nothing is played
on the offscreen platform (tests, screenshots), and a player that fails is not tried again.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, Sequence

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

__all__ = ["SoundPlayer", "SOUNDS", "sounds_dir"]

SOUNDS = ("card", "trick", "chime")
_LINUX_PLAYERS = (("pw-play",), ("paplay",), ("aplay", "-q"))
_MAX_RUNNING = 4


def sounds_dir() -> Path:
    """``engine/_assets/sounds`` in an installed app, else the repository's ``assets/sounds``."""
    spec = importlib.util.find_spec("engine")
    for root in (spec.submodule_search_locations or []) if spec is not None else []:
        candidate = Path(root) / "_assets" / "sounds"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parent.parent.parent / "assets" / "sounds"


Launcher = Callable[[Sequence[str]], object]


class SoundPlayer:
    """Plays a named sound when sound is on; :meth:`play` says how (for tests and the status line)."""

    def __init__(self, enabled: bool = True, *, launcher: Launcher | None = None, platform: str | None = None,
                 muted: bool | None = None) -> None:
        self.enabled = enabled
        # no sound where there is no screen either (the offscreen platform: tests, screenshots)
        self.muted = QGuiApplication.platformName() in ("offscreen", "minimal") if muted is None else muted
        self._launcher = launcher or (lambda argv: subprocess.Popen(  # noqa: S603 - a fixed system player
            list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self._platform = platform or sys.platform
        self._running: list[object] = []
        self._command: tuple[str, ...] | None = self._find_command()
        self.played: list[str] = []  # what was played, in order (tests)

    def _find_command(self) -> tuple[str, ...] | None:
        if self._platform.startswith("win"):
            return ("winsound",)
        if self._platform == "darwin":
            return ("afplay",) if shutil.which("afplay") else None
        for command in _LINUX_PLAYERS:
            if shutil.which(command[0]):
                return command
        return None

    @property
    def method(self) -> str:
        """How sounds are played here: ``winsound``, the player's name, or ``beep``."""
        return "beep" if self._command is None else self._command[0]

    def play(self, name: str) -> str:
        """Play ``name`` (one of :data:`SOUNDS`); returns what was done: the method, ``off`` or ``muted``."""
        if name not in SOUNDS:
            raise ValueError(f"no sound called {name!r} (known: {', '.join(SOUNDS)})")
        if not self.enabled:
            return "off"
        if self.muted:
            return "muted"
        path = sounds_dir() / f"{name}.wav"
        self.played.append(name)
        if self._command is None or not path.exists():
            if name == "chime":
                QApplication.beep()
                return "beep"
            return "silent"
        if self._command == ("winsound",):
            import winsound  # noqa: PLC0415 - Windows only

            winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT)
            return "winsound"
        self._running = [p for p in self._running if getattr(p, "poll", lambda: 0)() is None]
        if len(self._running) >= _MAX_RUNNING:
            return "busy"
        try:
            self._running.append(self._launcher((*self._command, str(path))))
        except OSError:
            self._command = None  # the player is gone or broken: fall back for good
            return self.play(name)
        return self._command[0]
