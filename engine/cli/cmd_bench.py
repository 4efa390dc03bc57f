"""``tenace-cli bench <target>``: benchmarks, each target in its own module under ``engine.bench``.

Benchmark modules may use test-only extras (endplay as the DDS reference); they
import them lazily so the engine itself never depends on them at run time.
"""

from __future__ import annotations

import argparse
import importlib

BENCH_MODULES: tuple[str, ...] = ("engine.bench.dd", "engine.bench.trees", "engine.bench.suit", "engine.bench.hearts", "engine.bench.play")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="run a benchmark (speed and strength measurements)")
    targets = p.add_subparsers(dest="target", required=True, metavar="TARGET")
    for name in BENCH_MODULES:
        importlib.import_module(name).register(targets)
