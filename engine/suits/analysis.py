"""One entry point for the trainer, the CLI and the bench: a problem, an objective, an algorithm.

Whatever chose the line (the exact solver, any algorithm of the search family,
an expert script), the line is then valued exactly against best defence, so
every figure shown is the true chance of the line actually chosen, next to the
exact optimum for the same objective.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .evaluate import LineWalker, evaluate_line
from .exact import Strategy, solve_exact
from .game import SuitGame
from .model import SuitProblem, rank_char
from .narrate import narrate
from .plan import build_plan, plan_to_json
from .position import SuitTable
from .script import LineScript

__all__ = ["LineReport", "choose_line", "report_line", "analyse", "layout_text", "EXACT"]

EXACT = "exact"


@dataclass(frozen=True)
class LineReport:
    """A line and its exact worth. ``probability`` is P(tricks >= target) (``None`` when the
    objective is expected tricks); ``optimum`` is the exact best for the same objective."""

    algorithm: str
    target: int | None
    probability: float | None
    expected_tricks: float
    optimum: float
    estimate: float | None
    line: str
    strategy: dict[str, Any]
    layouts: list[dict[str, Any]]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "algorithm": self.algorithm,
            "tricks": self.target,
            "probability": None if self.probability is None else round(self.probability, 6),
            "expected_tricks": round(self.expected_tricks, 6),
            "optimum": round(self.optimum, 6),
            "estimate": None if self.estimate is None else round(self.estimate, 6),
            "line": self.line,
            "strategy": self.strategy,
            "layouts": self.layouts,
            "seconds": round(self.seconds, 4),
        }


def layout_text(table: SuitTable, world: int) -> tuple[str, str]:
    """West and East holdings of a world; equivalent cards are shown by the highest ones."""
    west, east = [], []
    for g, c in zip(table.groups, table.worlds[world].west_counts):
        west += g.ranks[:c]
        east += g.ranks[c:]
    text = lambda rs: "".join(rank_char(r) for r in sorted(rs, reverse=True)) or "-"  # noqa: E731
    return text(west), text(east)


def choose_line(table: SuitTable, target: int | None, algorithm: str,
                script: LineScript | None = None) -> tuple[Strategy, float | None]:
    """The strategy ``algorithm`` picks (``exact``, a search-family name), and its own estimate."""
    if algorithm == EXACT or script is not None:
        restrict = None if script is None else (lambda pos, moves: script.allowed(table, pos, moves))
        sol = solve_exact(table, target, restrict)
        return sol.strategy, sol.value
    from engine.search.registry import get_algorithm

    spec = get_algorithm(algorithm)
    result = spec.run(SuitGame(table, target))
    return result.strategy, result.estimate


def report_line(table: SuitTable, target: int | None, strategy: Strategy, algorithm: str,
                estimate: float | None, optimum: float, seconds: float) -> LineReport:
    completion = SuitGame(table, target).completion()
    walker = LineWalker(table, strategy, *completion)
    value = evaluate_line(table, strategy, *completion)
    plan = build_plan(table, strategy, *completion)
    rows = []
    for i, t in enumerate(value.tricks):
        if target is not None and t < target:
            continue
        w, e = layout_text(table, i)
        rows.append({"west": w, "east": e, "probability": round(table.worlds[i].weight, 6),
                     "layouts": table.worlds[i].layouts, "tricks": t})
    return LineReport(
        algorithm=algorithm,
        target=target,
        probability=None if target is None else value.probability(target),
        expected_tricks=value.expected_tricks,
        optimum=optimum,
        estimate=estimate,
        line=narrate(table, plan, walker, target),
        strategy=plan_to_json(table, plan),
        layouts=rows,
        seconds=seconds,
    )


def analyse(problem: SuitProblem | SuitTable, target: int | None, algorithm: str = EXACT,
            script: LineScript | None = None) -> LineReport:
    """Choose a line with ``algorithm`` (or follow ``script``) and value it exactly."""
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    start = time.perf_counter()
    strategy, estimate = choose_line(table, target, algorithm, script)
    seconds = time.perf_counter() - start
    optimum = estimate if algorithm == EXACT and script is None and estimate is not None \
        else solve_exact(table, target).value
    name = "expert-script" if script is not None else algorithm
    return report_line(table, target, strategy, name, estimate, optimum, seconds)
