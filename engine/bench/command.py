"""``tenace-cli bench <target>``: benchmarks, each target in its own module here.

Benchmark modules may use test-only extras (endplay as the DDS reference); they
import them lazily so the engine itself never depends on them at run time.
"""

from __future__ import annotations

import argparse

from . import bidding, dd, first_board, hearts, hints, play, suit, trees

__all__ = ["register", "BENCH_MODULES"]

BENCH_MODULES = (dd, trees, suit, hearts, play, bidding, hints, first_board)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="run a benchmark (speed and strength measurements)")
    targets = p.add_subparsers(dest="target", required=True, metavar="TARGET")
    for module in BENCH_MODULES:
        module.register(targets)
