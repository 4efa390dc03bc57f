"""``tenace-cli match <game>``: duplicate matches, each game's harness in ``engine.match.<game>``.

Every module in :data:`MATCH_MODULES` exposes ``register(targets)`` adding its
sub-target (``hearts`` today; ``bridge`` can be added as a sibling module).
"""

from __future__ import annotations

import argparse
import importlib

__all__ = ["register", "MATCH_MODULES"]

MATCH_MODULES: tuple[str, ...] = ("engine.match.hearts", "engine.match.bridge")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("match", help="duplicate match between two player specs")
    targets = p.add_subparsers(dest="target", required=True, metavar="GAME")
    for name in MATCH_MODULES:
        importlib.import_module(name).register(targets)
