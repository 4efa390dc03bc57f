"""After a suit problem is played: the best line, the expert line, the user's own line, exactly.

Every chance here is exact against best defence (the defenders see every card and
know declarer's strategy), from :mod:`engine.suits`:

* **the best line**: the exact optimum for the trick target, narrated;
* **the expert line** (library problems, and typed holdings that are a library
  problem in either orientation, turned to the holdings as typed): the editors'
  words, stated chance and source, and the exact worth of their plan
  (:mod:`engine.suits.plan`: a branching plan, valued as written, the obvious
  continuation playing where it stops);
* **your line**: what the user played is a strategy only along the path the
  defenders' actual cards took.  It is extended to a full strategy as *your card
  at every position where you played one, and the best continuation (given those
  cards) everywhere else* — the other layouts, the other defenders' replies, and
  the tricks after the point where you stopped or gave up.  Its chance is thus the
  best any line that agrees with every card you chose can achieve: it equals the
  optimum exactly when none of your cards gave anything away;
* **the line table**: every sensible line of the holding with its exact chance of
  each number of tricks and its expected tricks, the best per target marked and the
  safety plays named (:mod:`engine.suits.line_table`).

A problem counts as *solved* when your line reaches the optimum and you played it
out (did not give up); making the target on the actual layout is a separate fact,
shown but not required (a 50% finesse that loses was still the right play).
The layouts where your line and the best one part company are read from the two
lines' trick counts per layout (as :func:`engine.suits.compare.compare_strategies`
does).

Cost: the best line is read from the fronts solved when the problem was prepared;
your line needs a solve of its own only when one of your cards differs from the
best line's, and the table one search of every trick level (the same kind of work
as the preparation, under the same kind of time limit).  Every line is shown as
its plan, in the holdings' orientation and in short steps.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping

from ..core.cancel import NEVER, CancelToken
from ..suits.analysis import layout_text
from ..suits.compare import LayoutDifference
from ..suits.evaluate import Line, LineValue, LineWalker, PolicyLine
from ..suits.exact import FrontSolver, Strategy
from ..suits.library import LibraryMatch, find_entry
from ..suits.line_table import LineTable, line_table
from ..suits.model import holding_str
from ..suits.narrate import plan_sentence, plan_steps
from ..suits.plan import Plan, PlanLine
from ..suits.plan_compile import compile_plan
from ..suits.position import Position, SuitTable
from .suit_session import GuardedFronts, PreparedSuitProblem, SolveGuard, SuitTooBigError

__all__ = ["ReviewedLine", "ExpertLine", "SuitReview", "review_play", "OPTIMAL_TOLERANCE", "REVIEW_TIME_LIMIT_S"]

OPTIMAL_TOLERANCE = 1e-9
REVIEW_TIME_LIMIT_S = 40.0


@dataclass(frozen=True, slots=True)
class ReviewedLine:
    """A line's exact chance of the target, expected tricks, words (one sentence, and short steps with
    their depth), and its tricks on the actual layout."""

    chance: float
    expected_tricks: float
    words: str
    tricks_here: int  # against best defence on the layout the defenders held
    steps: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ExpertLine:
    """The library's line: the editors' words, stated chance and source; ``line`` is their plan, valued
    exactly and told in short steps."""

    words: str
    stated: str
    corrected: bool
    note: str
    line: ReviewedLine | None  # None when the entry has no plan
    source: str = ""
    published: bool = False
    entry_id: int = 0


@dataclass(frozen=True, slots=True)
class SuitReview:
    target: int
    west: str  # the defenders' actual layout (West, East)
    east: str
    best: ReviewedLine
    expert: ExpertLine | None
    yours: ReviewedLine
    decisions: int  # cards you chose (positions where your line is your own)
    only_best: tuple[LayoutDifference, ...]  # layouts the best line makes and yours does not
    only_yours: tuple[LayoutDifference, ...]
    table: LineTable | None = None  # every sensible line, every target (None if it could not be worked out)

    @property
    def optimal(self) -> bool:
        return self.decisions > 0 and self.yours.chance >= self.best.chance - OPTIMAL_TOLERANCE


def _best_strategy(solver: FrontSolver, target: int) -> Strategy:
    """A strategy realising the best vector of ``solver``'s root front (as :func:`solve_exact` picks it)."""
    table = solver.table
    weights = table.weights
    root, levels = table.root(), (target,)

    def worth(v: tuple) -> float:
        return sum(weights[i] for i in range(len(weights)) if v[0] >> i & 1)

    best = max(solver.front(root, levels), key=worth)
    strategy: Strategy = {}
    solver.extract(root, 0, levels, best, strategy)
    return strategy


def _reviewed(table: SuitTable, target: int, line: Line, world: int, plan: Plan | None = None
              ) -> tuple[ReviewedLine, LineValue]:
    """A line as its plan (compiled unless given): the plan's exact figures and words."""
    plan = plan if plan is not None else compile_plan(table, line, target)
    walker = LineWalker(table, PlanLine(plan))
    value = LineValue(tuple(0 if x is None else x for x in walker.root()), table.weights)
    steps = tuple((s.depth, s.text) for s in plan_steps(table, plan))
    return ReviewedLine(value.probability(target), value.expected_tricks, plan_sentence(table, plan),
                        value.tricks[world], steps), value


def _by_chance(diffs: list[LayoutDifference]) -> tuple[LayoutDifference, ...]:
    return tuple(sorted(diffs, key=lambda d: -d.probability))


def _differences(table: SuitTable, target: int, first: LineValue, second: LineValue) -> tuple[tuple, tuple]:
    """Layouts only ``first`` makes, and only ``second`` makes, most likely first."""
    only_first, only_second = [], []
    for i, (a, b) in enumerate(zip(first.tricks, second.tricks)):
        if (a >= target) == (b >= target):
            continue
        west, east = layout_text(table, i)
        diff = LayoutDifference(west, east, table.worlds[i].weight, a, b)
        (only_first if a >= target else only_second).append(diff)
    return _by_chance(only_first), _by_chance(only_second)


def _restricted(table: SuitTable, target: int, allowed: Callable[[Position, list[int]], list[int]],
                guard: SolveGuard) -> Strategy:
    return _best_strategy(GuardedFronts(table, allowed, guard=guard), target)


def _library_match(prepared: PreparedSuitProblem) -> LibraryMatch | None:
    """The library's entry for the problem: the one it was chosen from, or, for typed holdings, the
    entry with the same cards and target in either orientation (its plan and words turned to the
    holdings as typed)."""
    setup = prepared.setup
    if setup.entry is not None:
        return LibraryMatch(setup.entry, False, setup.entry.plan)
    return find_entry(setup.problem, setup.target)


def review_play(prepared: PreparedSuitProblem, user_line: Mapping[Position, int],
                cancel: CancelToken = NEVER,
                time_limit_s: float | None = REVIEW_TIME_LIMIT_S) -> SuitReview:
    """The exact review of a finished (or abandoned) play; meant for the engine worker."""
    table, target, world = prepared.table, prepared.target, prepared.world
    guard = SolveGuard(cancel, None if time_limit_s is None else time.monotonic() + time_limit_s,
                       "valuing your line")
    best_strategy = _best_strategy(prepared.fronts, target)
    best, best_value = _reviewed(table, target, PolicyLine(best_strategy), world)
    line = dict(user_line)
    best_moves = {pos: move for (pos, _won), move in best_strategy.items()}
    if all(best_moves.get(pos) == move for pos, move in line.items()):
        yours, your_value = best, best_value  # every card of yours is the best line's own
    else:
        def yours_only(pos: Position, moves: list[int]) -> list[int]:
            move = line.get(pos)
            return [move] if move is not None and move in moves else moves

        yours, your_value = _reviewed(table, target, PolicyLine(_restricted(table, target, yours_only, guard)), world)
    expert = None
    match = _library_match(prepared)
    if match is not None:
        entry = match.entry
        planned = None
        if match.plan:
            planned, _ = _reviewed(table, target, PlanLine(match.plan), world, match.plan)
        expert = ExpertLine(match.words, entry.expert_chance, entry.corrected, match.note, planned,
                            entry.source, entry.published, entry.id)
    guard.what = "working out the line table"
    try:
        experts = [(f"Expert {target}", match.plan)] if match is not None and match.plan else []
        lines: LineTable | None = line_table(table, experts,
                                             lambda t, *args, **kw: GuardedFronts(t, *args, guard=guard, **kw))
    except SuitTooBigError:  # the review stands without the table
        lines = None
    only_best, only_yours = _differences(table, target, best_value, your_value)
    west, east = holding_str(prepared.layout.west), holding_str(prepared.layout.east)
    return SuitReview(target, west, east, best, expert, yours, len(line), only_best, only_yours, lines)
