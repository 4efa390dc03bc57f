"""The app's layers, bottom up (the engine's, :mod:`engine.layers`, all lie below them).

A module may import modules of its own layer and the layers below it, never above
(``tests/test_layers.py`` checks it).  The view models are plain data that widgets
and controllers both read, so neither imports the other both ways; the app reaches
the engine through its sessions and the public analysis, hint and review APIs:
:data:`ENGINE_ALLOWED` lists what it may import, and :data:`DIAGNOSTICS` the
modules that check the engine's innards on purpose.
"""

from __future__ import annotations

__all__ = ["LAYERS", "ENGINE_ALLOWED", "DIAGNOSTICS", "QT_FREE"]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("app.saves", "app.settings", "app.stats", "app.viewmodels", "app.layers"),  # saved data; view models (plain data)
    ("app.worker",),  # the one engine thread
    ("app.widgets",),  # views that draw view models and report intents
    ("app.controllers",),  # one per mode, plus hints and review: they drive the engine's sessions
    ("app.modes", "app.dialogs", "app.deal_viewer"),  # each mode's panels; dialogs
    ("app.main_window",),
    ("app.self_test", "app.main"),  # the program's entry and its self-test
)

ENGINE_ALLOWED: tuple[str, ...] = (
    "engine.core", "engine.bridge", "engine.hearts", "engine.bidding", "engine.formats", "engine.session",
    "engine.analysis", "engine.hints", "engine.players", "engine.suits",
)
"""The engine packages the app may import: the games' types, the bidding system's calls and meanings,
files, sessions and the public analysis, hint, review, player-registry and suit-problem APIs (never
searches, solvers or worlds)."""

DIAGNOSTICS: tuple[str, ...] = ("app.self_test",)
"""Modules that may import any engine package: the self-test checks the numba cache and the solver."""

QT_FREE: tuple[str, ...] = ("app.viewmodels", "app.saves", "app.settings", "app.stats", "app.layers")
"""App packages that must not import Qt."""
