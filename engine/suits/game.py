"""A suit problem as a multi-world game, so every algorithm of :mod:`engine.search` can play it.

Worlds are the problem's layout classes with their probabilities; a state is
``(position, tricks won so far)``, i.e. exactly what declarer has seen, so the
search family's rule "MAX plays the same move in worlds he cannot tell apart"
is declarer's information constraint.  The payoff is 1/0 for making a trick
target, or the number of tricks when the objective is expected tricks; the
perfect-information evaluation is the single-suit double-dummy value.

With a trick target, a state is terminal as soon as the outcome is settled in
every world still possible: the target is already made, or it cannot be made
even double dummy.  The payoff there is the same whatever is played later, so
values are unchanged while the trees the searches walk shrink a lot.  Lines
chosen on this game therefore stop at settled states; :meth:`SuitGame.line`
makes them complete lines (:class:`~engine.suits.evaluate.CompletedLine`): the
obvious continuation below a settled state, and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Mapping

from .evaluate import CompletedLine, DoubleDummy
from .model import SuitProblem
from .position import Position, SuitTable, position_text

__all__ = ["SuitGame", "GameState"]

GameState = tuple  # (position, tricks won)


@dataclass
class SuitGame:
    """``target`` tricks to make (payoff 1/0), or ``None`` to score expected tricks."""

    table: SuitTable
    target: int | None
    _dd: DoubleDummy = field(init=False, repr=False)
    _moves: dict = field(default_factory=dict, init=False, repr=False)
    _children: dict = field(default_factory=dict, init=False, repr=False)
    _terminal: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._dd = DoubleDummy(self.table)

    @classmethod
    def of(cls, problem: SuitProblem, target: int | None) -> "SuitGame":
        return cls(SuitTable(problem), target)

    @property
    def weights(self) -> tuple[float, ...]:
        return self.table.weights

    @property
    def payoff_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0) if self.target is not None else (0.0, float(self.table.problem.tricks_available))

    def root(self) -> GameState:
        return (self.table.root(), 0)

    def root_worlds(self) -> tuple[int, ...]:
        return tuple(range(self.table.n_worlds))

    def settled(self, state: GameState) -> bool | None:
        """With a target: True if already made, False if it cannot be made in any world, else None."""
        if self.target is None:
            return None
        pos, won = state
        if won >= self.target:
            return True
        left = max(pos[0].bit_count(), pos[1].bit_count()) + (1 if pos[6] else 0)
        if won + left < self.target:
            return False
        valid = self.table.valid(pos)
        for w in range(self.table.n_worlds):
            if valid >> w & 1 and won + self._dd.future(pos, w) >= self.target:
                return None
        return False

    def is_terminal(self, state: GameState) -> bool:
        hit = self._terminal.get(state)
        if hit is None:
            hit = self._terminal[state] = (self.table.terminal_future(state[0]) is not None
                                           or self.settled(state) is not None)
        return hit

    def is_max_to_move(self, state: GameState) -> bool:
        return self.table.is_max(state[0])

    def moves(self, state: GameState, world: int) -> list[int]:
        pos = state[0]
        if self.table.is_max(pos):
            hit = self._moves.get(pos)
            if hit is None:
                hit = self._moves[pos] = self.table.declarer_moves(pos)
            return hit
        key = (pos, world)
        hit = self._moves.get(key)
        if hit is None:
            hit = self._moves[key] = [m for m, _ in self.table.defender_moves(pos, 1 << world)]
        return hit

    def play(self, state: GameState, move: int) -> GameState:
        key = (state, move)
        hit = self._children.get(key)
        if hit is None:
            child, won = self.table.play(state[0], move)
            hit = self._children[key] = (child, state[1] + won)
        return hit

    def _score(self, tricks: int) -> float:
        if self.target is None:
            return float(tricks)
        return 1.0 if tricks >= self.target else 0.0

    def payoff(self, state: GameState, world: int) -> float | None:
        pos, won = state
        if not self.table.valid(pos) >> world & 1:
            return None
        done = self.settled(state)
        if done is not None:
            return 1.0 if done else 0.0
        kind = self.table.terminal_future(pos)
        assert kind is not None
        return self._score(won + self.table.future_in_world(pos, world, kind))

    def evaluate(self, state: GameState, world: int) -> float | None:
        pos, won = state
        if not self.table.valid(pos) >> world & 1:
            return None
        return self._score(won + self._dd.future(pos, world))

    def is_settled(self, pos: Position, won: int) -> bool:
        return self.settled((pos, won)) is not None

    def line(self, strategy: Mapping) -> CompletedLine:
        """A search's strategy on this game as a complete line: below a settled state, where the
        searches stop, play goes on by the obvious continuation; a move missing anywhere else is an
        error (:class:`~engine.suits.evaluate.LineError`)."""
        return CompletedLine(strategy, self.is_settled)

    def label(self, state: GameState) -> str:
        return position_text(self.table, state[0])
