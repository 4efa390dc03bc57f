"""Command-line options with stated bounds: the range is checked on parsing and shown in ``--help``.

``add_number(p, "--worlds", WORLDS, default=20, help="sampled deals")`` adds an
option whose value must lie in ``WORLDS`` (a :class:`~engine.core.bounds.Bounds`);
its help ends with ``(1..1000; default 20)`` and a bad value is refused by the parser
with that range in the message.  The bounds shared by several commands live here.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..core.bounds import SEED, Bounds
from ..players.registry import Game, players_help

__all__ = [
    "add_number", "bounded", "player_epilog", "COUNT", "DEALS", "WORLDS", "MAX_MOVES", "TIME_LIMIT", "EXACT_LIMIT",
    "PRIOR_TRICKS", "TRICKS", "TABLE_MB", "THREADS", "SEED", "FIRST",
]

COUNT = Bounds.integers(0, 1_000_000)
DEALS = Bounds.integers(1, 1_000_000)
FIRST = Bounds.integers(0, 10**9)
WORLDS = Bounds.integers(1, 10_000)
MAX_MOVES = Bounds.integers(1, 4)
"""αμ's M: each further move multiplies the work (M=3 takes seconds per decision, M=5 would take hours)."""
TIME_LIMIT = Bounds.reals(0, 3600, low_open=True, unit="seconds")
EXACT_LIMIT = Bounds.integers(0, 1_000_000)
PRIOR_TRICKS = Bounds.integers(0, 12)
TRICKS = Bounds.integers(0, 13)
TABLE_MB = Bounds.reals(1, 4096, unit="MB")
MAX_THREADS_ALLOWED = max(4, min(64, os.cpu_count() or 1))
THREADS = Bounds.integers(1, MAX_THREADS_ALLOWED)
"""Solver threads: at most one per core (at least 4 allowed); each holds its own transposition table."""


class _BoundedType:
    """An argparse ``type=``: parses with the bounds, refuses with their message."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self.__name__ = "integer" if bounds.kind is int else "number"

    def __call__(self, text: str) -> int | float:
        try:
            return self.bounds.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None


def bounded(bounds: Bounds) -> _BoundedType:
    return _BoundedType(bounds)


def add_number(parser: argparse.ArgumentParser, *flags: str, bounds: Bounds, default: Any = None, help: str = "",
               **kwargs: Any) -> argparse.Action:
    """An option whose value must lie in ``bounds``; the range (and default) is appended to ``help``."""
    if default is not None:
        bounds.check(default)
        suffix = f"({bounds}; default {default})"
    else:
        suffix = f"({bounds})"
    text = f"{help} {suffix}".strip() if help != argparse.SUPPRESS else help
    return parser.add_argument(*flags, type=bounded(bounds), default=default, help=text, **kwargs)


def player_epilog(game: Game) -> str:
    """The players of ``game`` and the bounds of their parameters, for a command's ``--help``."""
    return players_help(game)
