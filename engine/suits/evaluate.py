"""The exact best-defence worth of any given line of play, and double-dummy values per world.

With declarer's line fixed, the defenders (who see every card and know the
line) simply hold him to the fewest tricks in each world, so one walk of the
tree gives his tricks in every world: the line's chance of any target and its
expected tricks follow.

A *line* is anything that gives declarer's move wherever play can get to
(:class:`Line`): a table (position, tricks won) -> move such as a solver's
strategy, a branching plan (:mod:`.plan`) that remembers what the defenders
showed, a search's strategy completed below the points where it stopped
(:class:`CompletedLine`), the moves a user played.  A line carries a *cursor*,
what it remembers beyond the position; the walker (values), the tree builder
(:mod:`.line_tree`) and the narrator all advance it the same way, at every card
played, so they can never disagree about which move the line makes where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Mapping, Protocol

from .continuation import DoubleDummy, obvious_move
from .position import Position, SuitTable, position_text

__all__ = ["LineError", "LineValue", "Line", "PolicyLine", "CompletedLine", "as_line", "LineWalker",
           "line_tricks", "evaluate_line", "simple_continuation", "DoubleDummy"]

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

    def score(self, target: int | None) -> float:
        """P(tricks >= target), or expected tricks when ``target`` is None."""
        return self.expected_tricks if target is None else self.probability(target)


class Line(Protocol):
    """Declarer's line of play, as every consumer walks it.

    ``start()`` is the cursor at the first lead; ``choose`` the move at a declarer
    position; ``advance`` the cursor after any card (declarer's or a defender's,
    ``move`` played at ``pos`` giving ``child`` with ``won`` tricks so far).
    """

    def start(self, table: SuitTable) -> Hashable: ...

    def choose(self, table: SuitTable, cursor: Hashable, pos: Position, won: int) -> int: ...

    def advance(self, table: SuitTable, cursor: Hashable, pos: Position, move: int, child: Position,
                won: int) -> Hashable: ...


def _describe(table: SuitTable, pos: Position, won: int) -> str:
    return f"{position_text(table, pos)} with {won} trick(s) won"


class PolicyLine:
    """A line that depends on the position only: a mapping or a function of (position, tricks won)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def start(self, table: SuitTable) -> None:
        return None

    def choose(self, table: SuitTable, cursor: Hashable, pos: Position, won: int) -> int:
        if callable(self.policy):
            return self.policy(pos, won)
        try:
            return self.policy[(pos, won)]
        except KeyError:
            raise LineError(f"the line has no move at a reachable position ({_describe(table, pos, won)})") from None

    def advance(self, table: SuitTable, cursor: Hashable, pos: Position, move: int, child: Position,
                won: int) -> None:
        return None


class CompletedLine:
    """A strategy that stops where its result is settled, continued there by a plain rule.

    Searches on a trick target stop at positions where the outcome is the same
    whatever is played (``settled(pos, won)``).  Below such a position, and only
    there, a missing move is taken from ``fallback`` (the obvious continuation); a
    move missing anywhere else is a :class:`LineError`.  The cursor is whether play
    has passed a settled position: it is checked after every card, declarer's and
    the defenders' alike.
    """

    def __init__(self, strategy: Mapping, settled: Callable[[Position, int], bool],
                 fallback: Callable[[Position, int], int] | None = None) -> None:
        self.strategy = strategy
        self.settled = settled
        self.fallback = fallback

    def start(self, table: SuitTable) -> bool:
        return self.settled(table.root(), 0)

    def choose(self, table: SuitTable, cursor: Hashable, pos: Position, won: int) -> int:
        move = self.strategy.get((pos, won))
        if move is not None:
            return move
        if cursor:
            return self.fallback(pos, won) if self.fallback is not None else obvious_move(table, pos, won)
        raise LineError(f"the line has no move at a reachable position ({_describe(table, pos, won)})")

    def advance(self, table: SuitTable, cursor: Hashable, pos: Position, move: int, child: Position,
                won: int) -> bool:
        return bool(cursor) or self.settled(child, won)


def as_line(line: Line | Policy) -> Line:
    if hasattr(line, "advance") and hasattr(line, "start"):
        return line  # type: ignore[return-value]
    return PolicyLine(line)  # type: ignore[arg-type]


def simple_continuation(table: SuitTable) -> Callable[[Position, int], int]:
    """The obvious continuation (:mod:`.continuation`) as a policy over the whole tree."""
    return lambda pos, won: obvious_move(table, pos, won)


class LineWalker:
    """Declarer's final tricks in each world from any point of a line (memoised)."""

    def __init__(self, table: SuitTable, line: Line | Policy) -> None:
        self.table = table
        self.line = as_line(line)
        self._memo: dict = {}

    def start(self) -> Hashable:
        return self.line.start(self.table)

    def move(self, pos: Position, won: int, cursor: Hashable) -> int:
        """The line's move at a declarer position, checked legal."""
        move = self.line.choose(self.table, cursor, pos, won)
        if move not in self.table.declarer_moves(pos):
            raise LineError(f"the line plays an illegal or non-canonical card {move} at {_describe(self.table, pos, won)}")
        return move

    def advance(self, cursor: Hashable, pos: Position, move: int, child: Position, won: int) -> Hashable:
        return self.line.advance(self.table, cursor, pos, move, child, won)

    def walk(self, pos: Position, won: int, cursor: Hashable) -> list:
        """Per-world final tricks (``None`` for worlds that cannot reach ``pos``)."""
        key = (pos, won, cursor)
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
            move = self.move(pos, won, cursor)
            child, _ = table.play(pos, move)
            out = self.walk(child, won, self.advance(cursor, pos, move, child, won))
        else:
            out = [None] * n
            for m, _ws in table.defender_moves(pos, valid):
                child, w = table.play(pos, m)
                sub = self.walk(child, won + w, self.advance(cursor, pos, m, child, won + w))
                for i, x in enumerate(sub):
                    if x is not None and (out[i] is None or x < out[i]):
                        out[i] = x
        self._memo[key] = out
        return out

    def root(self) -> list:
        return self.walk(self.table.root(), 0, self.start())


def line_tricks(table: SuitTable, line: Line | Policy) -> tuple[int, ...]:
    """Declarer's tricks in every world when he follows ``line`` against best defence."""
    return tuple(0 if x is None else x for x in LineWalker(table, line).root())


def evaluate_line(table: SuitTable, line: Line | Policy) -> LineValue:
    return LineValue(line_tricks(table, line), table.weights)
