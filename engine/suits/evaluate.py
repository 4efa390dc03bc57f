"""The exact best-defence worth of any given line of play, and double-dummy values per world.

With declarer's line fixed, the defenders (who see every card and know the
line) simply hold him to the fewest tricks in each world, so one walk of the
tree gives his tricks in every world: the line's chance of any target and its
expected tricks follow.  A line is a policy: a mapping from (position, tricks
won so far) to declarer's move, such as the strategy of any solver, the
expert's line compiled from the library, or the moves a user played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from .position import Position, SuitTable

__all__ = ["LineError", "LineValue", "LineWalker", "line_tricks", "simple_continuation", "evaluate_line", "DoubleDummy"]

Policy = Callable[[Position, int], int] | Mapping


class LineError(ValueError):
    """A line has no move, or an illegal one, at a position declarer can reach."""


@dataclass(frozen=True)
class LineValue:
    """Declarer's tricks in each world under a line, and the summaries the trainer shows."""

    tricks: tuple[int, ...]
    weights: tuple[float, ...]

    def probability(self, target: int) -> float:
        return sum(w for t, w in zip(self.tricks, self.weights) if t >= target)

    @property
    def expected_tricks(self) -> float:
        return sum(t * w for t, w in zip(self.tricks, self.weights))

    def success(self, target: int) -> tuple[int, ...]:
        """Indices of the worlds where the target is made."""
        return tuple(i for i, t in enumerate(self.tricks) if t >= target)


def _chooser(table: SuitTable, policy: Policy) -> Callable[[Position, int], int]:
    if callable(policy):
        return policy

    def pick(pos: Position, won: int) -> int:
        try:
            return policy[(pos, won)]
        except KeyError:
            raise LineError(f"the line has no move at a reachable position ({pos}, {won} tricks won)") from None

    return pick


def simple_continuation(table: SuitTable) -> Callable[[Position, int], int]:
    """A plain rule for play after a line stops (e.g. once its target is settled).

    Lead: a card that beats every live outstanding card if there is one (longer
    hand first), else the lowest card of the longer hand.  Third hand: the
    cheapest card that beats everything on the trick and every live card, else the
    lowest.  It uses only what declarer sees, so it is a legal continuation.
    """

    def choose(pos: Position, won: int) -> int:
        moves = table.declarer_moves(pos)
        live_top = max(table.barriers(pos), default=0)
        winners = [m for m in moves if m & 15 > live_top]
        if not pos[6]:
            longer = 0 if pos[0].bit_count() >= pos[1].bit_count() else 2
            pool = winners or moves
            return min(pool, key=lambda m: (m >> 4 != longer, (m & 15) if not winners else -(m & 15)))
        trick_top = max(pos[6][1:])
        beating = [m for m in winners if m & 15 > trick_top]
        return min(beating, key=lambda m: m & 15) if beating else min(moves, key=lambda m: m & 15)

    return choose


class LineWalker:
    """Declarer's final tricks in each world from any position of a line (memoised).

    A line may stop where its result is already settled (searches on a trick
    target stop there): ``cut(pos, won)`` says where, and below such a position the
    walk follows ``fallback`` instead (the target outcome cannot change there; the
    trick counts then describe the line completed by that rule).  Anywhere else a
    missing move is a :class:`LineError`.
    """

    def __init__(self, table: SuitTable, policy: Policy,
                 fallback: Callable[[Position, int], int] | None = None,
                 cut: Callable[[Position, int], bool] | None = None) -> None:
        self.table = table
        self.choose = _chooser(table, policy)
        self.fallback = fallback
        self.cut = cut if fallback is not None else None
        self._memo: dict = {}

    def walk(self, pos: Position, won: int, free: bool = False) -> list:
        """Per-world final tricks (``None`` for worlds that cannot reach ``pos``)."""
        if not free and self.cut is not None and self.cut(pos, won):
            free = True
        key = (pos, won, free)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        table = self.table
        n = table.n_worlds
        valid = table.valid(pos)
        kind = table.terminal_future(pos)
        if kind is not None:
            out = [None] * n
            for i in range(n):
                if valid >> i & 1:
                    out[i] = won + table.future_in_world(pos, i, kind)
        elif table.is_max(pos):
            move = self.fallback(pos, won) if free else self.choose(pos, won)  # type: ignore[misc]
            if move not in table.declarer_moves(pos):
                raise LineError(f"the line plays an illegal or non-canonical card {move} at {pos}")
            child, _ = table.play(pos, move)
            out = self.walk(child, won, free)
        else:
            out = [None] * n
            for m, _ws in table.defender_moves(pos, valid):
                child, w = table.play(pos, m)
                sub = self.walk(child, won + w, free)
                for i, x in enumerate(sub):
                    if x is not None and (out[i] is None or x < out[i]):
                        out[i] = x
        self._memo[key] = out
        return out

    def move(self, pos: Position, won: int, free: bool) -> tuple[int, bool]:
        """The line's move at ``pos`` and whether play below follows the fallback."""
        if not free and self.cut is not None and self.cut(pos, won):
            free = True
        return (self.fallback(pos, won) if free else self.choose(pos, won)), free  # type: ignore[misc]


def line_tricks(table: SuitTable, policy: Policy, fallback: Callable[[Position, int], int] | None = None,
                cut: Callable[[Position, int], bool] | None = None) -> tuple[int, ...]:
    """Declarer's tricks in every world when he follows ``policy`` against best defence."""
    result = LineWalker(table, policy, fallback, cut).walk(table.root(), 0)
    return tuple(0 if x is None else x for x in result)


def evaluate_line(table: SuitTable, policy: Policy, fallback: Callable[[Position, int], int] | None = None,
                  cut: Callable[[Position, int], bool] | None = None) -> LineValue:
    return LineValue(line_tricks(table, policy, fallback, cut), table.weights)


class DoubleDummy:
    """Declarer's best future tricks from a position when everyone sees the world (memoised)."""

    def __init__(self, table: SuitTable) -> None:
        self.table = table
        self._memo: dict = {}

    def future(self, pos: Position, world: int) -> int:
        key = (pos, world)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        t = self.table
        kind = t.terminal_future(pos)
        if kind is not None:
            value = t.future_in_world(pos, world, kind)
        elif t.is_max(pos):
            value = -1
            for m in t.declarer_moves(pos):
                child, _ = t.play(pos, m)
                value = max(value, self.future(child, world))
        else:
            value = 99
            for m, _ws in t.defender_moves(pos, 1 << world):
                child, w = t.play(pos, m)
                value = min(value, w + self.future(child, world))
        self._memo[key] = value
        return value
