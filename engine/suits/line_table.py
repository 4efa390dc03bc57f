"""Every sensible line of a holding, with its chance of each number of tricks (a SuitPlay-style table).

For each trick target k the table holds the line that makes k tricks most often
and, among those, takes the most tricks on average; and the line that takes the
most tricks on average.  Then, for every other way declarer can play the first
trick (the lead, and third hand's card when second hand plays low: cashing the ace,
finessing the queen, finessing the ten...), the best lines that start that way, for
every target.  A line is *sensible* unless another line in the table is at least as
good for every target and on average, and better somewhere: sensible lines come
first; of the others, each first trick keeps one row (its most tricks on average),
named ``dominated_by`` the line that beats it, so that the player sees why that
start is wrong.  Lines that play the same in every layout are shown once; the
expert's plans, when the holding is in the library, are added as rows of their own.
Every figure is exact against best defence, read from the line's printed plan:

* ``chances[k - 1]``: the chance of at least k tricks, for k = 1 .. the longer hand;
* ``expected``: the expected number of tricks;
* ``best_for``: the objectives on which the line is as good as any line can be
  (a target k, or ``None`` for expected tricks);
* ``safety_for``: targets where the line is a *safety play*: it is the best for k
  tricks and no line dominates it, yet another line in the table makes more tricks
  more often (a higher chance of some larger target, or more tricks on average), so
  it gives up overtrick chances to raise the chance of k.

All lines come from one exact search of every trick level per first trick, sharing one
memo below the first trick (:func:`~engine.suits.exact.every_start`); every strategy starts
with one of those first tricks, so the best of them per objective is the exact optimum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .evaluate import LineValue, PolicyLine, evaluate_line
from .exact import FrontSolver, every_start
from .model import SuitProblem, holding_str
from .narrate import StepText, plan_texts
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
    dominated_by: str | None = None  # a line at least as good for every target and on average, better somewhere

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "name": self.name,
            "chances": {str(k): round(c, 6) for k, c in enumerate(self.chances, start=1)},
            "expected_tricks": round(self.expected, 6),
            "best_for": ["expected" if t is None else t for t in self.best_for],
            "safety_for": list(self.safety_for),
            "expert": self.expert,
            "sensible": self.dominated_by is None,
            "dominated_by": self.dominated_by,
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
        rows.append("(* = best for that target; figures are exact chances against best defence, in %; "
                    "a line dominated by another is no better for any target and worse for some)")
        for line in self.lines:
            beaten = f" (dominated by line {line.dominated_by})" if line.dominated_by else ""
            rows.append(f"{line.label}: {line.words}{beaten}")
            for k in line.safety_for:
                rows.append(f"   safety play for {k} trick{'s' * (k > 1)}: {self._safety_text(line, k)}")
        return "\n".join(rows)

    def safety_sentence(self, line: TableLine, k: int) -> str:
        """The safety play in words with its price, e.g. "Safety play for 3 tricks: 96.09% against 67.83% for
        line B, at the cost of 28.26% for 4 tricks." (the line it is safer than: the best on average among
        those making ``k`` tricks less often)."""
        other = max((o for o in self.lines if o is not line and o.chances[k - 1] < line.chances[k - 1] - EPS),
                    key=lambda o: o.expected, default=None)
        head = f"Safety play for {k} trick{'s' * (k > 1)}"
        if other is None:  # pragma: no cover - a safety play always has a line it gives up against
            return head + ": it gives up overtrick chances to make the target more often."
        losses = [(j, other.chances[j - 1] - line.chances[j - 1]) for j in range(k + 1, self.top + 1)
                  if other.chances[j - 1] > line.chances[j - 1] + EPS]
        cost = ", ".join(f"{100 * d:.2f}% for {j} trick{'s' * (j > 1)}" for j, d in losses) or \
            f"{other.expected - line.expected:.3f} tricks on average"
        return (f"{head}: {100 * line.chances[k - 1]:.2f}% against {100 * other.chances[k - 1]:.2f}% for line "
                f"{other.label}, at the cost of {cost}.")

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


def _dominates(a: LineValue, b: LineValue, top: int) -> bool:
    """``a`` is at least as good as ``b`` for every target and on average, and better somewhere."""
    pa = [a.probability(k) for k in range(1, top + 1)] + [a.expected_tricks]
    pb = [b.probability(k) for k in range(1, top + 1)] + [b.expected_tricks]
    return all(x >= y - EPS for x, y in zip(pa, pb)) and any(x > y + EPS for x, y in zip(pa, pb))


def line_table(problem: SuitProblem | SuitTable, experts: Sequence[tuple[str, Plan]] = (),
               make_solver: Callable[..., FrontSolver] | None = None) -> LineTable:
    """The line table of a holding (``experts``: (label, plan) of the expert's plans, added as rows)."""
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    top = table.problem.tricks_available
    starts_found = every_start(table, make_solver)
    def key_for(target: int | None):
        def key(sol):
            value = LineValue(sol.tricks, table.weights)
            if target is None:
                return (value.expected_tricks, tuple(value.probability(k) for k in range(top, 0, -1)))
            return (value.probability(target), value.expected_tricks)
        return key

    best = {k: max((lines.by_target[k] for _s, lines in starts_found), key=key_for(k)) for k in range(1, top + 1)}
    best_e = max((lines.expected for _s, lines in starts_found), key=key_for(None))
    optimum = tuple(best[k].value for k in range(1, top + 1))
    optimum_e = LineValue(best_e.tricks, table.weights).expected_tricks
    # candidates: (first-trick index or -1 for the overall best lines, tricks per world, strategy)
    found: dict[tuple[int, ...], tuple[int, dict]] = {}
    for sol in [best[k] for k in range(1, top + 1)] + [best_e]:
        found.setdefault(sol.tricks, (-1, sol.strategy))
    for index, (_start, lines) in enumerate(starts_found):
        for sol in [lines.by_target[k] for k in range(1, top + 1)] + [lines.expected]:
            found.setdefault(sol.tricks, (index, sol.strategy))
    values = {tricks: LineValue(tricks, table.weights) for tricks in found}
    best_rows = [t for t, (i, _s) in found.items() if i < 0]
    sensible = [t for t in found if not any(_dominates(values[o], values[t], top) for o in found)]
    # best lines first, then the other sensible lines by expected tricks
    order = best_rows + sorted((t for t in sensible if t not in best_rows), key=lambda t: -values[t].expected_tricks)
    rows: list[tuple[str, Plan, LineValue, bool, tuple[int, ...] | None]] = []
    label = _labels()
    labels: dict[tuple[int, ...], str] = {}
    for tricks in order:
        labels[tricks] = label()
        rows.append((labels[tricks], compile_plan(table, PolicyLine(found[tricks][1])), values[tricks], False, None))
    # each first trick with no sensible line keeps its most productive line, named after the line beating it
    starts: dict[int, tuple[int, ...]] = {}
    for tricks, (index, _s) in found.items():
        if index < 0 or tricks in labels:
            continue
        if index in {found[t][0] for t in labels}:
            continue
        if index not in starts or values[tricks].expected_tricks > values[starts[index]].expected_tricks + EPS:
            starts[index] = tricks
    for index in sorted(starts, key=lambda i: -values[starts[i]].expected_tricks):
        tricks = starts[index]
        beaten_by = next(labels[o] for o in order if _dominates(values[o], values[tricks], top)) \
            if any(_dominates(values[o], values[tricks], top) for o in order) else None
        rows.append((label(), compile_plan(table, PolicyLine(found[tricks][1])), values[tricks], False, beaten_by))
    for name, plan in experts:
        rows.append((name, plan, evaluate_line(table, PlanLine(plan)), True, None))
    lines = []
    for name, plan, value, is_expert, beaten_by in rows:
        chances = tuple(value.probability(k) for k in range(1, top + 1))
        best_for: list[int | None] = [k for k in range(1, top + 1) if chances[k - 1] >= optimum[k - 1] - EPS]
        if value.expected_tricks >= optimum_e - EPS:
            best_for.append(None)
        if is_expert:
            beaten_by = next((r[0] for r in rows if not r[3] and _dominates(r[2], value, top)), None)
        safety = []
        for k in best_for if beaten_by is None else ():  # a line another beats everywhere is no safety play
            if k is None:
                continue
            for _n, _p, other, _e, _d in rows:
                oc = tuple(other.probability(j) for j in range(1, top + 1))
                if oc[k - 1] < chances[k - 1] - EPS and (
                        any(oc[j - 1] > chances[j - 1] + EPS for j in range(k + 1, top + 1))
                        or other.expected_tricks > value.expected_tricks + EPS):
                    safety.append(k)
                    break
        short, words, steps = plan_texts(table, plan)
        lines.append(TableLine(name, short, chances, value.expected_tricks, tuple(best_for),
                               tuple(safety), plan, words, tuple(steps), is_expert, beaten_by))
    p = table.problem
    return LineTable(holding_str(p.north), holding_str(p.south), top, tuple(lines), optimum, optimum_e)
