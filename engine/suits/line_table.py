"""Every sensible line of a holding, with its chance of each number of tricks (a SuitPlay-style table).

For each trick target k the table holds the line that makes k tricks most often
and, among those, takes the most tricks on average; and the line that takes the
most tricks on average.  Lines that play the same in every layout are shown once;
the expert's plans, when the holding is in the library, are added as rows of their own.
Every figure is exact against best defence, read from the line's printed plan:

* ``chances[k - 1]``: the chance of at least k tricks, for k = 1 .. the longer hand;
* ``expected``: the expected number of tricks;
* ``best_for``: the objectives on which the line is as good as any line can be
  (a target k, or ``None`` for expected tricks);
* ``safety_for``: targets where the line is a *safety play*: it is the best for k
  tricks, yet another line in the table makes more tricks more often (a higher
  chance of some larger target, or more tricks on average), so it gives up
  overtrick chances to raise the chance of k.

All lines come from one exact search of every trick level
(:func:`~engine.suits.exact.solve_every_target`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .evaluate import LineValue, PolicyLine, evaluate_line
from .exact import FrontSolver, solve_every_target
from .model import SuitProblem, holding_str
from .narrate import StepText, plan_name, plan_sentence, plan_steps
from .plan import Plan, PlanLine, plan_to_json
from .plan_compile import compile_plan
from .position import SuitTable

__all__ = ["TableLine", "LineTable", "line_table", "EPS"]

EPS = 1e-9


@dataclass(frozen=True)
class TableLine:
    label: str  # "A", "B", ... or the expert's ("Expert 3": the library's plan for 3 tricks)
    name: str  # the line's first steps, as a short name
    chances: tuple[float, ...]  # chance of at least k tricks, k = 1 .. top
    expected: float
    best_for: tuple[int | None, ...]
    safety_for: tuple[int, ...]
    plan: Plan = field(repr=False)
    words: str = ""
    steps: tuple[StepText, ...] = ()
    expert: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "name": self.name,
            "chances": {str(k): round(c, 6) for k, c in enumerate(self.chances, start=1)},
            "expected_tricks": round(self.expected, 6),
            "best_for": ["expected" if t is None else t for t in self.best_for],
            "safety_for": list(self.safety_for),
            "expert": self.expert,
            "line": self.words,
            "steps": [{"depth": s.depth, "text": s.text} for s in self.steps],
            "plan": plan_to_json(self.plan),
        }


@dataclass(frozen=True)
class LineTable:
    north: str
    south: str
    top: int
    lines: tuple[TableLine, ...]
    optimum: tuple[float, ...]  # best chance of at least k tricks, k = 1 .. top
    optimum_expected: float

    def to_json(self) -> dict[str, Any]:
        return {
            "north": self.north,
            "south": self.south,
            "targets": list(range(1, self.top + 1)),
            "optimum": {str(k): round(p, 6) for k, p in enumerate(self.optimum, start=1)},
            "optimum_expected_tricks": round(self.optimum_expected, 6),
            "lines": [line.to_json() for line in self.lines],
        }

    def best(self, target: int | None) -> TableLine:
        """The first line marked best for ``target`` (``None``: expected tricks)."""
        return next(line for line in self.lines if target in line.best_for)

    def text(self) -> str:
        """The table as a player reads it: a row per line, best figures marked with ``*``."""
        head = f"{self.north} opposite {self.south}"
        cols = [f">={k}" for k in range(1, self.top + 1)]
        rows = [head, "line    " + " ".join(f"{c:>8}" for c in cols) + f" {'tricks':>7}"]
        for line in self.lines:
            cells = []
            for k, c in enumerate(line.chances, start=1):
                mark = "*" if k in line.best_for else " "
                cells.append(f"{100 * c:7.2f}{mark}")
            mark = "*" if None in line.best_for else " "
            rows.append(f"{line.label:<8}" + " ".join(cells) + f" {line.expected:6.3f}{mark}")
        rows.append("(* = best for that target; figures are exact chances against best defence, in %)")
        for line in self.lines:
            rows.append(f"{line.label}: {line.words}")
            for k in line.safety_for:
                rows.append(f"   safety play for {k} trick{'s' * (k > 1)}: {self._safety_text(line, k)}")
        return "\n".join(rows)

    def _safety_text(self, line: TableLine, k: int) -> str:
        other = max((o for o in self.lines if o is not line and o.chances[k - 1] < line.chances[k - 1] - EPS),
                    key=lambda o: o.expected, default=None)
        if other is None:  # pragma: no cover - a safety play always has a line it gives up against
            return "gives up overtricks"
        gains = line.chances[k - 1] - other.chances[k - 1]
        losses = [(j, other.chances[j - 1] - line.chances[j - 1]) for j in range(k + 1, self.top + 1)
                  if other.chances[j - 1] > line.chances[j - 1] + EPS]
        lost = ", ".join(f"{100 * d:.2f}% for {j}" for j, d in losses) or \
            f"{other.expected - line.expected:.3f} tricks on average"
        return f"+{100 * gains:.2f}% for {k} against line {other.label}, giving up {lost}"


def _labels() -> Callable[[], str]:
    letters = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return lambda: next(letters)


def line_table(problem: SuitProblem | SuitTable, experts: Sequence[tuple[str, Plan]] = (),
               make_solver: Callable[..., FrontSolver] | None = None) -> LineTable:
    """The line table of a holding (``experts``: (label, plan) of the expert's plans, added as rows)."""
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    top = table.problem.tricks_available
    solved = solve_every_target(table, make_solver)
    candidates = [solved.by_target[k] for k in range(1, top + 1)] + [solved.expected]
    seen: dict[tuple[int, ...], Plan] = {}
    for sol in candidates:
        if sol.tricks not in seen:
            seen[sol.tricks] = compile_plan(table, PolicyLine(sol.strategy))
    optimum = tuple(solved.optimum[k] for k in range(1, top + 1))
    optimum_e = LineValue(solved.expected.tricks, table.weights).expected_tricks
    rows: list[tuple[str, Plan, LineValue, bool]] = []
    label = _labels()
    for tricks, plan in seen.items():
        rows.append((label(), plan, evaluate_line(table, PlanLine(plan)), False))
    for name, plan in experts:
        rows.append((name, plan, evaluate_line(table, PlanLine(plan)), True))
    lines = []
    for name, plan, value, is_expert in rows:
        chances = tuple(value.probability(k) for k in range(1, top + 1))
        best_for: list[int | None] = [k for k in range(1, top + 1) if chances[k - 1] >= optimum[k - 1] - EPS]
        if value.expected_tricks >= optimum_e - EPS:
            best_for.append(None)
        safety = []
        for k in best_for:
            if k is None:
                continue
            for _n, _p, other, _e in rows:
                oc = tuple(other.probability(j) for j in range(1, top + 1))
                if oc[k - 1] < chances[k - 1] - EPS and (
                        any(oc[j - 1] > chances[j - 1] + EPS for j in range(k + 1, top + 1))
                        or other.expected_tricks > value.expected_tricks + EPS):
                    safety.append(k)
                    break
        steps = tuple(plan_steps(table, plan))
        lines.append(TableLine(name, plan_name(table, plan), chances, value.expected_tricks, tuple(best_for),
                               tuple(safety), plan, plan_sentence(table, plan), steps, is_expert))
    p = table.problem
    return LineTable(holding_str(p.north), holding_str(p.south), top, tuple(lines), optimum, optimum_e)
