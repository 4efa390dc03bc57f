"""One entry point for the trainer, the CLI and the bench: a problem, an objective, an algorithm.

Whatever chose the line (the exact solver, any algorithm of the search family,
a plan such as the expert's), the line is then valued exactly against best
defence, so every figure shown is the true chance of the line actually chosen,
next to the exact optimum for the same objective.  The line is printed as a plan
(:mod:`.plan`) that plays exactly the same, and in short steps of words.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .evaluate import Line, LineValue, LineWalker, PolicyLine
from .exact import solve_every_target, solve_exact
from .game import SuitGame
from .line_tree import build_tree, tree_to_json
from .model import SuitProblem, rank_char
from .narrate import StepText, plan_sentence, plan_steps
from .plan import Plan, PlanLine, plan_to_json
from .plan_compile import compile_plan
from .position import SuitTable

__all__ = ["LineReport", "choose_line", "report_line", "analyse", "layout_text", "EXACT", "PLAN"]

EXACT = "exact"
PLAN = "plan"


@dataclass(frozen=True)
class LineReport:
    """A line and its exact worth. ``probability`` is P(tricks >= target) (``None`` when the
    objective is expected tricks); ``optimum`` is the exact best for the same objective;
    ``chances[k - 1]`` is the line's chance of at least k tricks; ``plan`` plays exactly this line."""

    algorithm: str
    target: int | None
    probability: float | None
    expected_tricks: float
    optimum: float
    estimate: float | None
    line: str
    steps: tuple[StepText, ...]
    plan: list
    strategy: dict[str, Any]
    layouts: list[dict[str, Any]]
    seconds: float
    chances: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "algorithm": self.algorithm,
            "tricks": self.target,
            "probability": None if self.probability is None else round(self.probability, 6),
            "expected_tricks": round(self.expected_tricks, 6),
            "optimum": round(self.optimum, 6),
            "estimate": None if self.estimate is None else round(self.estimate, 6),
            "chances": [round(c, 6) for c in self.chances],
            "line": self.line,
            "steps": [{"depth": s.depth, "text": s.text} for s in self.steps],
            "plan": self.plan,
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
                budget: Any = None) -> tuple[Line, float | None]:
    """The complete line ``algorithm`` picks (``exact`` or a search-family name) and its own estimate
    (``budget``: an :class:`~engine.search.iterative_biasing.IterationBudget` for the iterative ones).

    A search stops where its result is settled; its line goes on there by the obvious
    continuation (:meth:`~engine.suits.game.SuitGame.line`)."""
    if algorithm == EXACT:
        if budget is not None:
            raise ValueError("--budget applies to the iterative algorithms, not to the exact solver")
        if target is None:
            sol = solve_exact(table, target)
        else:  # the best chance of the target and, among such lines, the most tricks on average (the
            # line the table marks best for this target)
            sol = solve_every_target(table).by_target[target] if target <= table.problem.tricks_available \
                else solve_exact(table, target)
        return PolicyLine(sol.strategy), sol.value
    from engine.search.registry import get_algorithm, run_algorithm

    get_algorithm(algorithm)  # an unknown name is a clear error before any work
    game = SuitGame(table, target)
    result = run_algorithm(algorithm, game, budget=budget)
    return game.line(result.strategy), result.estimate


def report_line(table: SuitTable, target: int | None, line: Line, algorithm: str,
                estimate: float | None, optimum: float, seconds: float, plan: Plan | None = None) -> LineReport:
    """Print ``line`` as a plan and value that plan exactly (``plan``: the line's own plan, else one is
    compiled: it makes ``target`` in exactly the layouts the line does).  Every figure is the printed
    plan's, so valuing the printed plan again gives the same figures."""
    if plan is None:
        plan = compile_plan(table, line, target)
    walker = LineWalker(table, PlanLine(plan))
    value = LineValue(tuple(0 if x is None else x for x in walker.root()), table.weights)
    rows = []
    for i, t in enumerate(value.tricks):
        if target is not None and t < target:
            continue
        w, e = layout_text(table, i)
        rows.append({"west": w, "east": e, "probability": round(table.worlds[i].weight, 6),
                     "layouts": table.worlds[i].layouts, "tricks": t})
    steps = tuple(plan_steps(table, plan))
    return LineReport(
        algorithm=algorithm,
        target=target,
        probability=None if target is None else value.probability(target),
        expected_tricks=value.expected_tricks,
        optimum=optimum,
        estimate=estimate,
        line=plan_sentence(table, plan),
        steps=steps,
        plan=plan_to_json(plan),
        strategy=tree_to_json(table, build_tree(table, walker.line, walker)),
        layouts=rows,
        seconds=seconds,
        chances=tuple(value.probability(k) for k in range(1, table.problem.tricks_available + 1)),
    )


def analyse(problem: SuitProblem | SuitTable, target: int | None, algorithm: str = EXACT,
            plan: Plan | None = None, name: str | None = None, budget: Any = None) -> LineReport:
    """Choose a line with ``algorithm`` (or follow ``plan``) and value it exactly."""
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    start = time.perf_counter()
    if plan is not None:
        line: Line = PlanLine(plan)
        estimate = None
    else:
        line, estimate = choose_line(table, target, algorithm, budget)
    seconds = time.perf_counter() - start
    optimum = estimate if algorithm == EXACT and plan is None and estimate is not None \
        else solve_exact(table, target).value
    label = name or (PLAN if plan is not None else algorithm)
    return report_line(table, target, line, label, estimate, optimum, seconds, plan)
