"""Two lines side by side: each one's exact chance, and the layouts where they part company.

Typical pairs: the engine's optimal line against the expert's plan, or against
the line another search algorithm (say PIMC) picks.  A layout "differs" when one
line makes the target there and the other does not (for expected tricks: when
their trick counts differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .analysis import EXACT, choose_line, layout_text
from .evaluate import Line, evaluate_line
from .model import SuitProblem
from .plan import Plan, PlanLine
from .position import SuitTable

__all__ = ["LayoutDifference", "Comparison", "compare_strategies", "compare_lines"]


@dataclass(frozen=True)
class LayoutDifference:
    west: str
    east: str
    probability: float
    tricks_first: int
    tricks_second: int


@dataclass(frozen=True)
class Comparison:
    target: int | None
    first: str
    second: str
    value_first: float
    value_second: float
    better_first: tuple[LayoutDifference, ...]  # layouts only the first line handles
    better_second: tuple[LayoutDifference, ...]

    def to_json(self) -> dict[str, Any]:
        row = lambda d: {"west": d.west, "east": d.east, "probability": round(d.probability, 6),  # noqa: E731
                         "tricks": [d.tricks_first, d.tricks_second]}
        return {"tricks": self.target, "lines": [self.first, self.second],
                "values": [round(self.value_first, 6), round(self.value_second, 6)],
                "only_first": [row(d) for d in self.better_first],
                "only_second": [row(d) for d in self.better_second]}


def compare_strategies(table: SuitTable, target: int | None, first: tuple[str, Line | Any],
                       second: tuple[str, Line | Any]) -> Comparison:
    """Compare two lines (name, line) exactly."""
    a = evaluate_line(table, first[1])
    b = evaluate_line(table, second[1])

    def made(t: int) -> float:
        return t if target is None else float(t >= target)

    only_a, only_b = [], []
    for i, (ta, tb) in enumerate(zip(a.tricks, b.tricks)):
        if made(ta) == made(tb):
            continue
        w, e = layout_text(table, i)
        diff = LayoutDifference(w, e, table.worlds[i].weight, ta, tb)
        (only_a if made(ta) > made(tb) else only_b).append(diff)
    return Comparison(target, first[0], second[0], a.score(target), b.score(target), tuple(only_a), tuple(only_b))


def compare_lines(problem: SuitProblem | SuitTable, target: int | None, first: str = EXACT,
                  second: str = "pimc", second_plan: Plan | None = None, second_name: str = "expert") -> Comparison:
    """Compare algorithm ``first`` with algorithm ``second`` (or with a plan, e.g. the expert's)."""
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    la, _ = choose_line(table, target, first)
    if second_plan is not None:
        return compare_strategies(table, target, (first, la), (second_name, PlanLine(second_plan)))
    lb, _ = choose_line(table, target, second)
    return compare_strategies(table, target, (first, la), (second, lb))
