"""Two lines side by side: each one's exact chance, and the layouts where they part company.

Typical pairs: the engine's optimal line against the expert's scripted line,
or against the line another search algorithm (say PIMC) picks.  A layout
"differs" when one line makes the target there and the other does not (for
expected tricks: when their trick counts differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .analysis import EXACT, choose_line, layout_text
from .evaluate import evaluate_line
from .game import SuitGame
from .model import SuitProblem
from .position import SuitTable
from .script import LineScript

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


def compare_strategies(table: SuitTable, target: int | None, first: tuple[str, Any],
                       second: tuple[str, Any]) -> Comparison:
    """Compare two policies (name, strategy) exactly."""
    completion = SuitGame(table, target).completion()
    a = evaluate_line(table, first[1], *completion)
    b = evaluate_line(table, second[1], *completion)

    def score(v: Any) -> float:
        return v.expected_tricks if target is None else v.probability(target)

    def made(t: int) -> float:
        return t if target is None else float(t >= target)

    only_a, only_b = [], []
    for i, (ta, tb) in enumerate(zip(a.tricks, b.tricks)):
        if made(ta) == made(tb):
            continue
        w, e = layout_text(table, i)
        diff = LayoutDifference(w, e, table.worlds[i].weight, ta, tb)
        (only_a if made(ta) > made(tb) else only_b).append(diff)
    return Comparison(target, first[0], second[0], score(a), score(b), tuple(only_a), tuple(only_b))


def compare_lines(problem: SuitProblem | SuitTable, target: int | None, first: str = EXACT,
                  second: str = "pimc", second_script: LineScript | None = None) -> Comparison:
    """Compare algorithm ``first`` with algorithm ``second`` (or with a scripted expert line)."""
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    sa, _ = choose_line(table, target, first)
    sb, _ = choose_line(table, target, second, second_script)
    name_b = "expert" if second_script is not None else second
    return compare_strategies(table, target, (first, sa), (name_b, sb))
