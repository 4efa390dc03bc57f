"""``tenace-cli bench suit``: Frank & Basin's Fig. 28 on the expert library and on generated holdings.

For every problem the exact best-defence optimum is computed, then each algorithm
of the search family picks a line on the same :class:`~engine.suits.game.SuitGame`,
and that line is checked and valued exactly:

* the line must have a move wherever play can reach (the searches stop where the
  result is settled; the obvious continuation goes on from there, and only there);
* its chance must not exceed the optimum;
* the plan printed for it (:mod:`engine.suits.plan_compile`), valued again, must
  make the target in exactly the same layouts.

A problem that breaks one of these is a *failure* (counted, first messages kept).
Per algorithm: problems solved optimally and sub-optimally, the expected loss (sum
over problems of optimum minus the line's chance: how many more contracts the
optimum makes playing the whole set once) and the time per problem.

``--generated N --seed S`` adds N problems drawn from the generated family
(:mod:`engine.suits.generated`: every split of the top and spot cards, longer hand
up to seven cards, every target), reported beside the library's figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..cli.options import add_number
from ..cli.output import emit_json
from ..core.bounds import Bounds

__all__ = ["register", "run", "SuitBenchRow", "LineCheck", "check_line", "bench_problems", "bench_library",
           "bench_generated", "DEFAULT_ALGORITHMS", "CLOCKS"]

LIMIT = Bounds.integers(1, 100_000)
GENERATED = Bounds.integers(1, 1_000_000)
SEED = Bounds.integers(0, 2**63 - 1)
BUDGET = Bounds.integers(0, 10**9)

DEFAULT_ALGORITHMS = ("pimc", "vector-mm", "vm-beta", "ivm", "prm", "prm-beta", "ivm-beta", "iprm", "iprm-beta")
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


@dataclass
class SuitBenchRow:
    algorithm: str
    optimal: int = 0
    suboptimal: int = 0
    loss: float = 0.0
    times: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    slowest: str = ""

    def add_time(self, seconds: float, label: str) -> None:
        if not self.times or seconds > max(self.times):
            self.slowest = label
        self.times.append(seconds)

    def to_json(self) -> dict:
        n = self.optimal + self.suboptimal
        return {"algorithm": self.algorithm, "problems": n + len(self.failures), "optimal": self.optimal,
                "suboptimal": self.suboptimal, "failed": len(self.failures),
                "optimal_share": round(self.optimal / n, 4) if n else None,
                "expected_loss": round(self.loss, 4),
                "mean_seconds": round(statistics.fmean(self.times), 4) if self.times else None,
                "median_seconds": round(statistics.median(self.times), 4) if self.times else None,
                "max_seconds": round(max(self.times), 4) if self.times else None,
                "slowest": self.slowest, "failures": self.failures[:5]}


@dataclass(frozen=True)
class LineCheck:
    """One algorithm's line on one problem, checked: its exact chance, the printed plan's, the time."""

    value: float
    plan_value: float
    seconds: float


class SuitLineFailure(AssertionError):
    """An algorithm's line breaks a rule every line must keep (the message says which)."""


def check_line(table, target: int, algorithm: str, optimum: float,
               clock: Callable[[], float] = time.perf_counter, budget: int | None = None) -> LineCheck:
    """Run ``algorithm`` on the problem and check its line (see the module docstring).  ``budget``: the
    iterative algorithms' anytime budget in searched states (``None``: the registry's default; ``0``: no
    budget, every guess runs as published)."""
    from ..search.iterative_biasing import IterationBudget
    from ..search.registry import ITERATIVE, get_algorithm
    from ..suits.evaluate import LineError, LineWalker
    from ..suits.game import SuitGame
    from ..suits.plan import PlanLine, parse_plan, plan_to_json
    from ..suits.plan_compile import compile_plan

    game = SuitGame(table, target)
    start = clock()
    if budget is not None and algorithm in ITERATIVE:
        result = ITERATIVE[algorithm](game, budget=IterationBudget(nodes=budget) if budget else None)
    else:
        result = get_algorithm(algorithm).run(game)
    seconds = clock() - start
    line = game.line(result.strategy)
    try:
        walker = LineWalker(table, line)
        tricks = walker.root()
    except LineError as exc:
        raise SuitLineFailure(f"{algorithm}: {exc}") from None
    made = [x is not None and x >= target for x in tricks]
    value = sum(w for w, m in zip(table.weights, made) if m)
    if value > optimum + 1e-9:
        raise SuitLineFailure(f"{algorithm}: its line makes {value:.6f}, above the exact optimum {optimum:.6f}")
    printed = parse_plan(plan_to_json(compile_plan(table, line, target, walker)))
    again = LineWalker(table, PlanLine(printed)).root()
    if [x is not None and x >= target for x in again] != made:
        raise SuitLineFailure(f"{algorithm}: the printed plan does not make the target where the line does")
    return LineCheck(value, value, seconds)


def bench_problems(problems: Iterable[tuple[str, object, int]], algorithms: list[str],
                   progress: Callable[[int], None] | None = None, clock: str = "wall", budget: int | None = None
                   ) -> tuple[SuitBenchRow, list[SuitBenchRow]]:
    """(exact solver row, one row per algorithm) over ``(label, problem, target)`` triples."""
    from ..suits.evaluate import evaluate_line
    from ..suits.exact import solve_exact
    from ..suits.position import SuitTable

    tick = CLOCKS[clock]
    exact_row = SuitBenchRow("exact")
    rows = [SuitBenchRow(a) for a in algorithms]
    for done, (label, problem, target) in enumerate(problems, start=1):
        table = SuitTable(problem)  # type: ignore[arg-type]
        t0 = tick()
        sol = solve_exact(table, target)
        exact_row.add_time(tick() - t0, label)
        if abs(evaluate_line(table, sol.strategy).probability(target) - sol.value) > 1e-9:
            exact_row.failures.append(f"{label}: the exact line is not worth the exact optimum")
        else:
            exact_row.optimal += 1
        for row in rows:
            try:
                check = check_line(SuitTable(problem), target, row.algorithm, sol.value, tick,  # type: ignore[arg-type]
                                   budget)
            except Exception as exc:  # noqa: BLE001 - every failure is counted and reported, never hidden
                row.failures.append(f"{label}: {exc}")
                continue
            row.add_time(check.seconds, label)
            if check.value < sol.value - 1e-9:
                row.suboptimal += 1
                row.loss += sol.value - check.value
            else:
                row.optimal += 1
        if progress is not None:
            progress(done)
    return exact_row, rows


def bench_library(algorithms: list[str], limit: int | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  clock: str = "wall", budget: int | None = None) -> tuple[SuitBenchRow, list[SuitBenchRow]]:
    """The library's problems (the first ``limit``); ``progress(done, total)`` after each."""
    from ..suits.library import load_library

    entries = load_library()[:limit]
    items = [(f"#{e.id} {e.north} opposite {e.south}, {e.tricks} tricks", e.problem(), e.tricks) for e in entries]
    return bench_problems(items, algorithms, None if progress is None else lambda d: progress(d, len(items)), clock,
                          budget)


def bench_generated(algorithms: list[str], count: int, seed: int,
                    progress: Callable[[int, int], None] | None = None,
                    clock: str = "wall", budget: int | None = None) -> tuple[SuitBenchRow, list[SuitBenchRow]]:
    """``count`` problems drawn from the generated family with ``seed``."""
    from ..suits.generated import sample

    drawn = sample(count, seed)
    items = [(p.label(), p.problem(), p.target) for p in drawn]
    return bench_problems(items, algorithms, None if progress is None else lambda d: progress(d, len(items)), clock,
                          budget)


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("suit", help="F&B Fig. 28 on the suit-combination library (and generated holdings): "
                                        "every algorithm vs exact")
    p.add_argument("--algorithms", default=",".join(DEFAULT_ALGORITHMS), help="comma-separated algorithm names")
    add_number(p, "--limit", bounds=LIMIT, default=None, help="only the first N library problems")
    add_number(p, "--generated", bounds=GENERATED, metavar="N", default=None,
               help="also N problems drawn from the generated family (every split of the top and spot cards, "
                    "longer hand up to 7 cards, every target)")
    add_number(p, "--seed", bounds=SEED, default=1, help="seed of the generated draw")
    p.add_argument("--no-library", action="store_true", help="with --generated: skip the library")
    p.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                   help="wall: elapsed time (default); cpu: this process's CPU time, which other work on a busy "
                        "machine does not inflate")
    add_number(p, "--budget", bounds=BUDGET, metavar="NODES", default=None,
               help="anytime budget of the iterative algorithms in searched states (default: the registry's, "
                    "60000 states); 0 = no budget, every guess runs as published (F&B Fig. 23)")
    p.add_argument("--json", action="store_true", help="one JSON object per algorithm and problem set")
    p.set_defaults(func=run)


def _print(title: str, exact_row: SuitBenchRow, rows: list[SuitBenchRow]) -> None:
    print(title)
    print(f"{'algorithm':<10} {'optimal':>15} {'sub-optimal':>14} {'failed':>6} {'exp. loss':>9} {'mean s':>8} "
          f"{'median s':>8} {'max s':>8}")
    for row in [exact_row, *rows]:
        j = row.to_json()
        n = (j["optimal"] + j["suboptimal"]) or 1
        print(f"{row.algorithm:<10} {row.optimal:>6} ({100 * row.optimal / n:6.2f}%) "
              f"{row.suboptimal:>5} ({100 * row.suboptimal / n:5.1f}%) {len(row.failures):>6} {row.loss:>9.3f} "
              f"{j['mean_seconds'] or 0:>8.3f} {j['median_seconds'] or 0:>8.3f} {j['max_seconds'] or 0:>8.3f}")
    for row in [exact_row, *rows]:
        if row.times:
            print(f"  slowest for {row.algorithm}: {row.slowest} ({max(row.times):.2f} s)")
        for text in row.failures[:3]:
            print(f"  FAILED {row.algorithm}: {text}")


def run(args: argparse.Namespace) -> int:
    algorithms = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    if args.no_library and args.generated is None:
        raise ValueError("--no-library needs --generated N")

    def report(done: int, total: int) -> None:
        print(f"\r{done}/{total} problems", end="" if done < total else "\n", file=sys.stderr, flush=True)

    sets = []
    if args.generated is not None:
        sets.append((f"generated: {args.generated} problems, seed {args.seed}", "generated",
                     bench_generated(algorithms, args.generated, args.seed, report, args.clock, args.budget)))
    if not args.no_library:
        sets.append(("library", "library", bench_library(algorithms, args.limit, report, args.clock, args.budget)))
    failed = any(row.failures for _t, _n, (e, rows) in sets for row in [e, *rows])
    from ..search.iterative_biasing import DEFAULT_BUDGET

    budget = DEFAULT_BUDGET.nodes if args.budget is None else (args.budget or None)
    budget_text = "iterative algorithms unbudgeted" if budget is None else f"iterative budget {budget} states"
    for title, name, (exact_row, rows) in sets:
        if args.json:
            for row in [exact_row, *rows]:
                emit_json({"set": name, "clock": args.clock, "budget": budget, **row.to_json()})
        else:
            _print(f"{title} (times: {args.clock} clock; {budget_text})", exact_row, rows)
    return 1 if failed else 0
