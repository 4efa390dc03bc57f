"""``tenace-cli match <game>``: duplicate matches, each game's harness in its own module here.

Each harness module exposes ``register(targets)`` adding its sub-target.
"""

from __future__ import annotations

import argparse

from . import bridge, hearts

__all__ = ["register", "MATCH_MODULES"]

MATCH_MODULES = (hearts, bridge)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("match", help="duplicate match between two player specs")
    targets = p.add_subparsers(dest="target", required=True, metavar="GAME")
    for module in MATCH_MODULES:
        module.register(targets)
