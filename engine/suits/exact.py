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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .evaluate import line_tricks
from .model import SuitProblem
from .position import Position, SuitTable

__all__ = ["Vector", "Front", "FrontSolver", "ExactSolution", "solve_exact", "Strategy", "prune"]

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


@dataclass
class FrontSolver:
    """Pareto fronts of achievable vectors, memoised by (position, levels)."""

    table: SuitTable
    restrict: Callable[[Position, list[int]], list[int]] | None = None
    fronts: dict = field(default_factory=dict)
    nodes: int = 0

    def moves(self, pos: Position) -> list[int]:
        """Declarer's moves, narrowed by ``restrict`` (a scripted line) when one is given."""
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
            result = prune(acc)
        else:
            valid = t.valid(pos)
            result = [(valid,) * len(levels)]
            for m, ws in t.defender_moves(pos, valid):
                child, won = t.play(pos, m)
                outside = valid & ~ws
                sub = self.child_front(child, won, levels)
                result = prune([tuple(a & (b | outside) for a, b in zip(av, bv)) for av in result for bv in sub])
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
                    continue
                for m in self.moves(pos):
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


def solve_exact(problem: SuitProblem | SuitTable, target: int | None,
                restrict: Callable[[Position, list[int]], list[int]] | None = None) -> ExactSolution:
    """Best-defence optimum: maximise P(tricks >= target), or expected tricks when ``target`` is None.

    ``restrict`` narrows declarer's moves at chosen positions (a scripted line):
    the result is then the best line that obeys it.  Among equally good vectors
    the first found is kept; ``tricks`` are the chosen strategy's actual tricks
    per world (from :func:`~engine.suits.evaluate.line_tricks`).
    """
    table = problem if isinstance(problem, SuitTable) else SuitTable(problem)
    top = table.problem.tricks_available
    weights = table.weights
    solver = FrontSolver(table, restrict)
    root = table.root()
    if target is None:
        levels = tuple(range(1, top + 1))
    else:
        if not 1 <= target <= 13:
            raise ValueError(f"tricks={target}: a trick target must be 1..13")
        levels = (target,)

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
