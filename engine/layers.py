"""The engine's layers, bottom up: the one statement of which package may import which.

A module may import modules of its own layer and of the layers below it, never
above, and no chain of imports may come back to where it started
(``tests/test_layers.py`` reads every import of ``engine/`` and ``app/`` and holds
them to this order).  Each entry is a package or module name; a module belongs to
the longest entry that prefixes it, so ``engine.cli.main`` (the ``tenace-cli``
program, which knows every command) sits above ``engine.cli``.
"""

from __future__ import annotations

__all__ = ["LAYERS"]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine.core", "engine.jit", "engine.layers"),  # cards, seats, deals, cancellation; numba's set-up; this list
    ("engine.bridge", "engine.hearts"),  # the rules of the two games
    ("engine.bidding",),  # bidding systems as data: the calls a system makes and what every call means
    ("engine.formats",),  # PBN files
    ("engine.solvers",),  # exact solvers: double dummy (the one seam for its questions) and Hearts Max_n
    ("engine.worlds",),  # the deals a seat cannot tell apart: knowledge, sampling, enumeration
    ("engine.search",),  # imperfect-information searches over worlds
    ("engine.suits", "engine.analysis"),  # single-suit problems; card analyses for hints and players
    ("engine.hints", "engine.players"),  # explanations and reviews; the computer players
    ("engine.session", "engine.cli"),  # what the app drives; the command-line commands
    ("engine.match", "engine.bench"),  # strength matches; benchmarks
    ("engine.cli.main",),  # the tenace-cli program: composes every command
)
