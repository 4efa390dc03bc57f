"""``tenace-cli bench suit``: Frank & Basin's Fig. 28 on the expert library.

For every library problem (target: the entry's trick count) the exact
best-defence optimum is computed, then each algorithm of the search family picks
a line on the same :class:`~engine.suits.game.SuitGame`, and that line is
valued exactly.  Per algorithm: problems solved optimally, sub-optimally, the
expected loss (sum over problems of optimum minus the line's chance: how many
more contracts the optimum makes playing the whole set once) and the time per
problem.  The exact solver's own times are reported too (target: at most 1 s on
every problem).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable

from ..cli.options import add_number
from ..cli.output import emit_json
from ..core.bounds import Bounds

__all__ = ["register", "run", "SuitBenchRow", "bench_library"]

LIMIT = Bounds.integers(1, 100_000)

DEFAULT_ALGORITHMS = ("pimc", "vector-mm", "vm-beta", "ivm", "prm", "prm-beta", "ivm-beta", "iprm", "iprm-beta")


@dataclass
class SuitBenchRow:
    algorithm: str
    optimal: int = 0
    suboptimal: int = 0
    loss: float = 0.0
    times: list[float] = field(default_factory=list)

    def to_json(self) -> dict:
        n = self.optimal + self.suboptimal
        return {"algorithm": self.algorithm, "problems": n, "optimal": self.optimal,
                "suboptimal": self.suboptimal, "optimal_share": round(self.optimal / n, 4) if n else None,
                "expected_loss": round(self.loss, 4),
                "mean_seconds": round(statistics.fmean(self.times), 4) if self.times else None,
                "median_seconds": round(statistics.median(self.times), 4) if self.times else None,
                "max_seconds": round(max(self.times), 4) if self.times else None}


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("suit", help="F&B Fig. 28 on the suit-combination library: every algorithm vs exact")
    p.add_argument("--algorithms", default=",".join(DEFAULT_ALGORITHMS), help="comma-separated algorithm names")
    add_number(p, "--limit", bounds=LIMIT, default=None, help="only the first N library problems")
    p.add_argument("--json", action="store_true", help="one JSON object per algorithm")
    p.set_defaults(func=run)


def bench_library(algorithms: list[str], limit: int | None = None,
                  progress: Callable[[int, int], None] | None = None) -> tuple[SuitBenchRow, list[SuitBenchRow]]:
    """(exact solver row, one row per algorithm) over the library; ``progress(done, total)`` after each."""
    from ..search.registry import get_algorithm
    from ..suits.evaluate import evaluate_line
    from ..suits.exact import solve_exact
    from ..suits.game import SuitGame
    from ..suits.library import load_library
    from ..suits.position import SuitTable

    entries = load_library()[:limit]
    specs = [get_algorithm(a) for a in algorithms]
    exact_row = SuitBenchRow("exact")
    rows = [SuitBenchRow(a) for a in algorithms]
    for done, entry in enumerate(entries, start=1):
        table = SuitTable(entry.problem())
        t0 = time.perf_counter()
        best = solve_exact(table, entry.tricks).value
        exact_row.times.append(time.perf_counter() - t0)
        exact_row.optimal += 1
        for spec, row in zip(specs, rows):
            game = SuitGame(SuitTable(entry.problem()), entry.tricks)
            t0 = time.perf_counter()
            result = spec.run(game)
            row.times.append(time.perf_counter() - t0)
            value = evaluate_line(table, result.strategy, *game.completion()).probability(entry.tricks)
            if value < best - 1e-9:
                row.suboptimal += 1
                row.loss += best - value
            else:
                row.optimal += 1
        if progress is not None:
            progress(done, len(entries))
    return exact_row, rows


def run(args: argparse.Namespace) -> int:
    algorithms = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    def report(done: int, total: int) -> None:
        print(f"\r{done}/{total} problems", end="" if done < total else "\n", file=sys.stderr, flush=True)

    exact_row, rows = bench_library(algorithms, args.limit, report)
    if args.json:
        for row in [exact_row, *rows]:
            emit_json(row.to_json())
        return 0
    print(f"{'algorithm':<10} {'optimal':>14} {'sub-optimal':>14} {'exp. loss':>9} {'mean s':>8} "
          f"{'median s':>8} {'max s':>8}")
    for row in [exact_row, *rows]:
        j = row.to_json()
        n = j["problems"] or 1
        print(f"{row.algorithm:<10} {row.optimal:>5} ({100 * row.optimal / n:5.1f}%) "
              f"{row.suboptimal:>5} ({100 * row.suboptimal / n:5.1f}%) {row.loss:>9.3f} "
              f"{j['mean_seconds']:>8.3f} {j['median_seconds']:>8.3f} {j['max_seconds']:>8.3f}")
    return 0
