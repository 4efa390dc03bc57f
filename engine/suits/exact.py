"""The best-defence optimum of a suit problem, exactly, for any trick target and for expected tricks.

Declarer must choose one move per position he can see, whatever the layout; the
defenders see everything and know his strategy, so in each world they hold him
to the fewest tricks his strategy allows.  The value of a strategy is therefore
a *vector* (declarer's tricks in each world), and a position's worth is the set
of vectors its strategies can achieve: keeping only the non-dominated ones (a
Pareto front) is exact, because the defenders act world by world.

* declarer's node: the union of the children's fronts;
* a defender's node: every way of choosing one vector per reply, combined
  world by world with ``min`` (a reply covers only the worlds where it is
  legal), then pruned.

A vector is stored as threshold sets: for each trick level ``l`` of interest the
bitmask of worlds where declarer makes at least ``l`` more tricks, so ``min`` is
bitwise *and* and dominance is set inclusion.  A trick target needs one level,
expected tricks all of them.  Tables are keyed on the position and the levels
still needed; tricks already won shift the levels down.  After the front at the
root is known, a strategy realising the chosen vector is read back down the
tree (at each declarer node, a move whose front holds a vector at least as good
as the one required there).

Fronts can grow huge (seven outstanding cards give antichains of thousands of
world sets), so vectors that cannot matter are dropped, in the spirit of αμ's
cuts: a line's value is known before the search (a simple line, evaluated
exactly), and a vector ``v`` at a position ``X`` can only be part of a strategy
worth at most ``mass(v) + mass(worlds that cannot reach X)`` (the defenders can
steer every world that can reach ``X`` into it).  A vector whose bound is below
that known value is discarded; the optimum's own vectors always pass, so the
result is still exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .continuation import obvious_move
from .evaluate import LineValue, line_tricks, simple_continuation
from .model import SuitProblem
from .position import Position, SuitTable

__all__ = ["Vector", "Front", "FrontSolver", "ExactSolution", "solve_exact", "Strategy", "prune", "TargetLines",
           "solve_every_target", "first_tricks", "every_target_from", "every_start"]

Vector = tuple  # tuple[int, ...]: one world bitmask per level
Front = list  # list[Vector]
Strategy = dict  # dict[(position, tricks won so far), move]


def prune(vectors: list[Vector]) -> list[Vector]:
    """Drop duplicates and vectors dominated by another (subset at every level)."""
    if len(vectors) <= 1:
        return list(vectors)
    uniq = sorted(set(vectors), key=lambda v: -sum(x.bit_count() for x in v))
    kept: list[Vector] = []
    for v in uniq:
        for k in kept:
            if all(a & ~b == 0 for a, b in zip(v, k)):
                break
        else:
            kept.append(v)
    return kept


def _shift(levels: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Levels after declarer wins a trick, and how many became certain."""
    rest = tuple(l - 1 for l in levels if l > 1)
    return rest, len(levels) - len(rest)


class _Mass:
    """Probability mass of a set of worlds (a bitmask), by byte lookup tables."""

    def __init__(self, weights: tuple[float, ...]) -> None:
        self.tables = []
        for start in range(0, len(weights), 8):
            chunk = weights[start:start + 8]
            self.tables.append([sum(w for i, w in enumerate(chunk) if b >> i & 1) for b in range(256)])

    def __call__(self, mask: int) -> float:
        total = 0.0
        for table in self.tables:
            total += table[mask & 255]
            mask >>= 8
            if not mask:
                break
        return total


@dataclass
class FrontSolver:
    """Pareto fronts of achievable vectors, memoised by (position, levels).

    With a ``floor`` (the value of some strategy obeying ``restrict``, on the
    scale of ``top_levels`` levels) vectors that provably cannot beat it are
    dropped; fronts then hold only what an optimal strategy may need.
    """

    table: SuitTable
    restrict: Callable[[Position, list[int]], list[int]] | None = None
    fronts: dict = field(default_factory=dict)
    nodes: int = 0
    floor: float | None = None
    top_levels: int = 0
    better_floor: Callable[[], float] | None = None
    objectives: tuple[tuple[float, float], ...] | None = None
    """With every level searched at once (:func:`solve_every_target`): for each target k, its exact
    optimum and the expected tricks of one line reaching it.  A vector is kept if it may belong to
    the best line for some target (then the most expected tricks) or to the line with the most
    expected tricks (``floor``)."""
    _mass: _Mass | None = None

    def _cut(self, pos: Position, levels: tuple[int, ...], vectors: Front) -> Front:
        """Drop the vectors whose best possible contribution to the root stays below the floor."""
        if self.floor is None or not vectors:
            return vectors
        if self.objectives is not None:
            return self._cut_every_target(pos, levels, vectors)
        if self.better_floor is not None and len(vectors) > _BIG_FRONT:
            # fronts are growing: worth paying for a better line (raising the floor mid-search is
            # sound: fronts kept so far are only larger than needed)
            self.floor = max(self.floor, self.better_floor())
            self.better_floor = None
        if self._mass is None:
            self._mass = _Mass(self.table.weights)
        mass = self._mass
        valid = self.table.valid(pos)
        outside = 1.0 - mass(valid)
        base = (self.top_levels - len(levels)) * mass(valid) + self.top_levels * outside
        need = self.floor - 1e-9
        return [v for v in vectors if base + sum(mass(x) for x in v) >= need]

    def _cut_every_target(self, pos: Position, levels: tuple[int, ...], vectors: Front) -> Front:
        if self._mass is None:
            self._mass = _Mass(self.table.weights)
        mass = self._mass
        valid = self.table.valid(pos)
        inside = mass(valid)
        outside = 1.0 - inside
        won = self.top_levels - len(levels)
        base = won * inside + self.top_levels * outside
        eps = 1e-9
        floor = self.floor - eps  # type: ignore[operator]
        objectives = self.objectives or ()
        kept = []
        for v in vectors:
            masses = [mass(x) for x in v]
            bound_e = base + sum(masses)
            if bound_e >= floor:
                kept.append(v)
                continue
            for k, (best, expected) in enumerate(objectives, start=1):
                if bound_e < expected - eps:
                    continue
                if k <= won or masses[k - won - 1] + outside >= best - eps:
                    kept.append(v)
                    break
        return kept

    def moves(self, pos: Position) -> list[int]:
        """Declarer's moves, narrowed by ``restrict`` (the cards a user played, say) when one is given."""
        moves = self.table.declarer_moves(pos)
        return self.restrict(pos, moves) if self.restrict is not None else moves

    def _terminal(self, pos: Position, levels: tuple[int, ...], kind: object) -> Vector:
        valid = self.table.valid(pos)
        if isinstance(kind, int):
            return tuple(valid if kind >= l else 0 for l in levels)
        out = [0] * len(levels)
        w = valid
        while w:
            low = w & -w
            i = low.bit_length() - 1
            w ^= low
            t = self.table.future_in_world(pos, i, kind)
            for j, l in enumerate(levels):
                if t >= l:
                    out[j] |= low
        return tuple(out)

    def child_front(self, child: Position, won: int, levels: tuple[int, ...]) -> Front:
        if not won:
            return self.front(child, levels)
        rest, certain = _shift(levels)
        full = (self.table.valid(child),) * certain
        return [full + v for v in self.front(child, rest)]

    def front(self, pos: Position, levels: tuple[int, ...]) -> Front:
        if not levels:
            return [()]
        key = (pos, levels)
        hit = self.fronts.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        t = self.table
        kind = t.terminal_future(pos)
        if kind is not None:
            result: Front = [self._terminal(pos, levels, kind)]
        elif t.is_max(pos):
            acc: Front = []
            for m in self.moves(pos):
                child, _ = t.play(pos, m)
                acc.extend(self.front(child, levels))
            result = prune(self._cut(pos, levels, acc))
        else:
            valid = t.valid(pos)
            result = [(valid,) * len(levels)]
            for m, ws in t.defender_moves(pos, valid):
                child, won = t.play(pos, m)
                outside = valid & ~ws
                sub = self.child_front(child, won, levels)
                result = prune(self._cut(pos, levels, [tuple(a & (b | outside) for a, b in zip(av, bv))
                                                       for av in result for bv in sub]))
        self.fronts[key] = result
        return result

    def extract(self, pos: Position, won: int, levels: tuple[int, ...], need: Vector,
                strategy: Strategy) -> None:
        """Fill ``strategy`` below ``pos`` with moves that achieve at least ``need``."""
        t = self.table
        stack = [(pos, won, levels, need)]
        while stack:
            pos, won, levels, need = stack.pop()
            if t.terminal_future(pos) is not None:
                continue
            if t.is_max(pos):
                key = (pos, won)
                if key in strategy:
                    # reached again along another path: the move chosen first serves it too (a strategy
                    # keyed on what declarer sees has one move here); the tests check on every generated
                    # holding that the extracted line is worth exactly the optimum
                    continue
                moves = self.moves(pos)
                obvious = obvious_move(t, pos)
                if obvious in moves:  # where it costs nothing, the line plays the obvious card
                    moves = [obvious] + [m for m in moves if m != obvious]
                for m in moves:
                    child, _ = t.play(pos, m)
                    for v in self.front(child, levels):
                        if all(a & ~b == 0 for a, b in zip(need, v)):
                            strategy[key] = m
                            stack.append((child, won, levels, v))
                            break
                    if key in strategy:
                        break
                else:  # pragma: no cover - the front guarantees a witness
                    raise AssertionError(f"no move realises the required vector at {pos}")
                continue
            valid = t.valid(pos)
            for m, ws in t.defender_moves(pos, valid):
                child, w = t.play(pos, m)
                part = tuple(x & ws for x in need)
                if w:
                    rest, certain = _shift(levels)
                    part = part[certain:]
                    lv = rest
                else:
                    lv = levels
                for v in self.front(child, lv):
                    if all(a & ~b == 0 for a, b in zip(part, v)):
                        stack.append((child, won + w, lv, v))
                        break
                else:  # pragma: no cover
                    raise AssertionError(f"no reply front covers the required vector at {pos}")


@dataclass(frozen=True)
class ExactSolution:
    """The optimum for one objective: ``target`` tricks (or ``None`` for expected tricks)."""

    target: int | None
    value: float
    success: int  # worlds where the target is made (all worlds for expected tricks)
    tricks: tuple[int, ...]  # declarer's tricks in each world under the optimal strategy
    strategy: Strategy
    nodes: int


_BIG_FRONT = 64
"""Front size (before pruning) at which the exact solver pays for PIMC's line as a better floor."""


def _value(table: SuitTable, levels: tuple[int, ...], tricks: tuple[int, ...]) -> float:
    return sum(w * sum(1 for level in levels if t >= level) for w, t in zip(table.weights, tricks))


def _plain_line_value(table: SuitTable, levels: tuple[int, ...]) -> float:
    """Exact value of a plain rule's line: a floor for the unrestricted optimum."""
    return _value(table, levels, line_tricks(table, simple_continuation(table)))


def _pimc_line_value(table: SuitTable, target: int | None, levels: tuple[int, ...]) -> float:
    """Exact value of PIMC's line: usually near the optimum, but it costs a search."""
    from engine.search.registry import get_algorithm

    from .game import SuitGame

    game = SuitGame(table, target)
    return _value(table, levels, line_tricks(table, game.line(get_algorithm("pimc").run(game).strategy)))


def solve_exact(problem: SuitProblem | SuitTable, target: int | None,
                restrict: Callable[[Position, list[int]], list[int]] | None = None,
                make_solver: Callable[..., FrontSolver] | None = None) -> ExactSolution:
    """Best-defence optimum: maximise P(tricks >= target), or expected tricks when ``target`` is None.

    ``restrict`` narrows declarer's moves at chosen positions (say, the cards a user
    played): the result is then the best line that obeys it.  ``make_solver(table,
    **fields)`` builds the front solver (the session passes one that can be stopped).  Among equally good vectors
    the first found is kept; ``tricks`` are the chosen strategy's actual tricks
    per world (from :func:`~engine.suits.evaluate.line_tricks`).
    """
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    top = table.problem.tricks_available
    weights = table.weights
    root = table.root()
    if target is None:
        levels = tuple(range(1, top + 1))
    else:
        if not 1 <= target <= 13:
            raise ValueError(f"tricks={target}: a trick target must be 1..13")
        levels = (target,)
    make = make_solver or FrontSolver
    if restrict is None:
        solver = make(table, floor=_plain_line_value(table, levels), top_levels=len(levels),
                      better_floor=lambda: _pimc_line_value(table, target, levels))
    else:
        solver = make(table, restrict)

    def worth(v: Vector) -> float:
        return sum(weights[i] for bits in v for i in range(len(weights)) if bits >> i & 1)

    front = solver.front(root, levels)
    best = max(front, key=worth)
    strategy: Strategy = {}
    solver.extract(root, 0, levels, best, strategy)
    tricks = line_tricks(table, strategy)
    success = 0
    for i, t in enumerate(tricks):
        if target is None or t >= target:
            success |= 1 << i
    return ExactSolution(target, worth(best) if best else 1.0, success, tricks, strategy, solver.nodes)


@dataclass(frozen=True)
class TargetLines:
    """The best line for every objective of one problem, from one search of every trick level.

    ``by_target[k]`` maximises P(tricks >= k) and, among such lines, expected tricks;
    ``expected`` maximises expected tricks and, among such lines, the chance of the
    most tricks first.  ``optimum[k]`` is the exact best chance of k tricks.
    """

    top: int
    by_target: dict[int, ExactSolution]
    expected: ExactSolution
    optimum: dict[int, float]
    nodes: int


def _best_per_objective(front: Front, mass: _Mass, top: int, solution: Callable[[int | None, Vector], ExactSolution]
                        ) -> tuple[dict[int, ExactSolution], ExactSolution]:
    """From a root front of every level: per target k the vector with the best chance of k and then the
    most expected tricks; for expected tricks, the most and then the best chance of the most tricks."""
    def expected(v: Vector) -> float:
        return sum(mass(x) for x in v)

    by_target = {k: solution(k, max(front, key=lambda v, k=k: (mass(v[k - 1]), expected(v))))
                 for k in range(1, top + 1)}
    return by_target, solution(None, max(front, key=lambda v: (expected(v), tuple(mass(x) for x in reversed(v)))))


def solve_every_target(problem: SuitProblem | SuitTable, make_solver: Callable[..., FrontSolver] | None = None
                       ) -> TargetLines:
    """Every target at once: the exact optimum for each trick target, then one search of all levels
    whose cut keeps only what the best line for some objective may need (see
    :attr:`FrontSolver.objectives`), and the best line per objective read from its root front.

    ``make_solver(table, **fields)`` builds the solvers (the session passes a guarded one).
    """
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    make = make_solver or FrontSolver
    top = table.problem.tricks_available
    weights = table.weights
    singles = {k: solve_exact(table, k, make_solver=make_solver) for k in range(1, top + 1)}
    objectives = tuple((singles[k].value, LineValue(singles[k].tricks, weights).expected_tricks)
                       for k in range(1, top + 1))
    floor = max(e for _, e in objectives)
    levels = tuple(range(1, top + 1))
    solver = make(table, floor=floor, top_levels=top, objectives=objectives)
    mass = _Mass(weights)
    front = solver.front(table.root(), levels)
    root = table.root()

    def solution(target: int | None, best: Vector) -> ExactSolution:
        strategy: Strategy = {}
        solver.extract(root, 0, levels, best, strategy)
        tricks = line_tricks(table, strategy)
        value = LineValue(tricks, weights)
        success = sum(1 << i for i, t in enumerate(tricks) if target is None or t >= target)
        return ExactSolution(target, value.score(target), success, tricks, strategy, solver.nodes)

    by_target, best_e = _best_per_objective(front, mass, top, solution)
    return TargetLines(top, by_target, best_e, {k: singles[k].value for k in singles}, solver.nodes)


def first_tricks(table: SuitTable) -> list[tuple[int, Position | None, int | None]]:
    """Declarer's distinct ways to play the first trick: (lead, position where third hand plays after
    second hand's lowest card, third hand's card there), or (lead, None, None) when third hand is void.
    Equal cards count once (they are one move); the obvious lead (cash a winner...) comes first."""
    from .position import SHOW_OUT

    root = table.root()
    out: list[tuple[int, Position | None, int | None]] = []
    leads = table.declarer_moves(root)
    obvious = obvious_move(table, root)  # first: among equal lines, the one starting the obvious way is told
    for lead in sorted(leads, key=lambda m: m != obvious):
        after, _ = table.play(root, lead)
        replies = [m for m, _ws in table.defender_moves(after, table.valid(after)) if m != SHOW_OUT]
        if not replies:  # pragma: no cover - at the first lead the defenders hold every outstanding card
            out.append((lead, None, None))
            continue
        third_pos, _ = table.play(after, max(replies))  # the highest group index is the lowest card
        if table.is_max(third_pos):
            out += [(lead, third_pos, third) for third in table.declarer_moves(third_pos)]
        else:
            out.append((lead, None, None))
    return out


def every_target_from(table: SuitTable, lead: int, third_pos: Position | None = None, third: int | None = None,
                      make_solver: Callable[..., FrontSolver] | None = None, fronts: dict | None = None
                      ) -> TargetLines:
    """The best lines that start with this first trick (:func:`first_tricks`), for every target and for
    expected tricks, ties broken as in :func:`solve_every_target`.  One search of all levels (no cut:
    the floor of the unrestricted optimum does not bound a restricted line).

    ``fronts``: a memo shared by the searches of every first trick of one table.  Below the first trick
    nothing is restricted, so those fronts serve every start; the first trick's own (restricted)
    positions are dropped from it afterwards."""
    root = table.root()

    def restrict(pos: Position, moves: list[int]) -> list[int]:
        if pos == root:
            return [lead]
        if third_pos is not None and pos == third_pos:
            return [third]  # type: ignore[list-item]
        return moves

    make = make_solver or FrontSolver
    solver = make(table, restrict) if fronts is None else make(table, restrict, fronts=fronts)
    top = table.problem.tricks_available
    levels = tuple(range(1, top + 1))
    front = solver.front(root, levels)
    mass = _Mass(table.weights)
    weights = table.weights

    strategies: dict[Vector, Strategy] = {}
    n = len(weights)

    def solution(target: int | None, best: Vector) -> ExactSolution:
        # with every level searched and nothing cut, the root front holds exactly the strategies'
        # vectors, so the line extracted for ``best`` takes, in each world, as many tricks as levels it meets
        strategy = strategies.get(best)
        if strategy is None:
            strategy = strategies[best] = {}
            solver.extract(root, 0, levels, best, strategy)
        tricks = tuple(sum(bits >> i & 1 for bits in best) for i in range(n))
        value = LineValue(tricks, weights)
        success = sum(1 << i for i, t in enumerate(tricks) if target is None or t >= target)
        return ExactSolution(target, value.score(target), success, tricks, strategy, solver.nodes)

    by_target, best_e = _best_per_objective(front, mass, top, solution)
    if fronts is not None:
        for key in [key for key in fronts if key[0][7] == 0]:  # the first trick's positions: restricted
            del fronts[key]
    return TargetLines(top, by_target, best_e, {k: by_target[k].value for k in by_target}, solver.nodes)


def every_start(table: SuitTable, make_solver: Callable[..., FrontSolver] | None = None
                ) -> list[tuple[tuple[int, Position | None, int | None], TargetLines]]:
    """:func:`every_target_from` for every first trick, sharing one memo.  Every strategy starts with
    exactly one of them, so the best of these lines for an objective is the optimum: this is also the
    whole problem solved for every target, without cut (which, with every level wanted, is cheaper than
    :func:`solve_every_target`'s cut searches)."""
    fronts: dict = {}
    return [(start, every_target_from(table, *start, make_solver=make_solver, fronts=fronts))
            for start in first_tricks(table)]


class _GuidedFronts:
    """Fronts of the lines that follow a plan wherever it speaks and play freely where it has run out.

    Keyed on the plan's cursor as well as the position (the plan remembers what the
    defenders showed); once the plan has run out, the ordinary fronts take over.
    """

    def __init__(self, base: FrontSolver, line: Any) -> None:
        self.base = base
        self.line = line
        self.memo: dict = {}

    def front(self, pos: Position, levels: tuple[int, ...], cursor: Any) -> Front:
        if not levels:
            return [()]
        if cursor[0] < 0:
            return self.base.front(pos, levels)
        key = (pos, levels, cursor)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        t = self.base.table
        line = self.line
        kind = t.terminal_future(pos)
        if kind is not None:
            result: Front = [self.base._terminal(pos, levels, kind)]
        elif t.is_max(pos):
            move = line.choose(t, cursor, pos, 0)
            child, _ = t.play(pos, move)
            result = self.front(child, levels, line.advance(t, cursor, pos, move, child, 0))
        else:
            valid = t.valid(pos)
            result = [(valid,) * len(levels)]
            for m, ws in t.defender_moves(pos, valid):
                child, won = t.play(pos, m)
                after = line.advance(t, cursor, pos, m, child, won)
                if won:
                    rest, certain = _shift(levels)
                    full = (t.valid(child),) * certain
                    sub = [full + v for v in self.front(child, rest, after)]
                else:
                    sub = self.front(child, levels, after)
                outside = valid & ~ws
                result = prune([tuple(a & (b | outside) for a, b in zip(av, bv)) for av in result for bv in sub])
        self.memo[key] = result
        return result


def best_completion(table: SuitTable, plan: Any, target: int | None,
                    make_solver: Callable[..., FrontSolver] | None = None) -> float:
    """The best value of any line that plays as ``plan`` wherever the plan speaks (exactly, as a
    :class:`~engine.suits.plan.PlanLine`) and freely where it has run out.  Equal to the plan's own
    value when the plan states every decision that matters."""
    from .plan import PlanLine

    top = table.problem.tricks_available
    levels = tuple(range(1, top + 1)) if target is None else (target,)
    line = PlanLine(plan)
    guided = _GuidedFronts((make_solver or FrontSolver)(table), line)
    front = guided.front(table.root(), levels, line.start(table))
    weights = table.weights
    return max((sum(weights[i] for bits in v for i in range(len(weights)) if bits >> i & 1) for v in front),
               default=0.0)
