"""The multi-world game abstraction every search in this package is written against.

A state is *public*: what MAX sees.  Worlds are the possible hidden outcomes of
the initial chance move, each with a weight.  The contract of a game:

* MAX cannot tell the worlds apart, so at a MAX state ``moves(state, w)`` is the
  same for every world still valid there;
* MIN knows the world, and a MIN move may exist in some worlds only: playing it
  leaves only those worlds valid (the others see ⊥ below it);
* ``payoff`` scores terminal states; ``evaluate`` is the perfect-information
  value of any state in one world (minimax on explicit trees, a double-dummy
  solve on bridge deals).  It is the leaf evaluation of depth-limited searches
  and the per-world minimax of payoff-reduction.

States must be hashable (they key strategies and transposition tables).  A game
may also offer ``moves_union(state, worlds)``, the union of MIN's moves over the
worlds in its natural order; otherwise moves are taken in first-seen order.
"""

from __future__ import annotations

from typing import Hashable, Protocol, Sequence, TypeVar

from .payoff_vectors import Vector

__all__ = ["MultiWorldGame", "StateT", "MoveT", "Strategy", "child_worlds", "all_moves",
           "evaluation_vector", "payoff_vector"]

StateT = TypeVar("StateT", bound=Hashable)
MoveT = TypeVar("MoveT", bound=Hashable)

Strategy = dict  # dict[state, move]: MAX's choice at each MAX state it can reach


class MultiWorldGame(Protocol[StateT, MoveT]):
    """A two-player zero-sum game over weighted worlds (best-defence model)."""

    @property
    def weights(self) -> tuple[float, ...]:
        """Probability of each world (sums to one)."""
        ...

    @property
    def payoff_bounds(self) -> tuple[float, float]:
        """Lowest and highest possible payoff (Ballard's L and U)."""
        ...

    def root(self) -> StateT: ...

    def root_worlds(self) -> tuple[int, ...]:
        """Worlds valid at the root."""
        ...

    def is_terminal(self, state: StateT) -> bool: ...

    def is_max_to_move(self, state: StateT) -> bool: ...

    def moves(self, state: StateT, world: int) -> Sequence[MoveT]:
        """Legal moves in ``world`` (identical for all valid worlds at MAX states)."""
        ...

    def play(self, state: StateT, move: MoveT) -> StateT: ...

    def payoff(self, state: StateT, world: int) -> float | None:
        """Payoff of a terminal state in ``world`` (``None`` = ⊥, unreachable there)."""
        ...

    def evaluate(self, state: StateT, world: int) -> float | None:
        """Perfect-information (double-dummy) value of ``state`` in ``world``."""
        ...


def all_moves(game: MultiWorldGame, state, worlds: Sequence[int]) -> list:
    """Union of the legal moves over ``worlds`` (αμ's Min move set), in the game's own order
    when it offers ``moves_union(state, worlds)``, else in first-seen order."""
    union = getattr(game, "moves_union", None)
    if union is not None:
        return list(union(state, worlds))
    seen: dict = {}
    for w in worlds:
        for m in game.moves(state, w):
            seen.setdefault(m, None)
    return list(seen)


def child_worlds(game: MultiWorldGame, state, move, worlds: Sequence[int]) -> tuple[int, ...]:
    """Worlds in which ``move`` is legal at ``state``: the worlds still valid after it."""
    if game.is_max_to_move(state):
        return tuple(worlds)
    return tuple(w for w in worlds if move in game.moves(state, w))


def evaluation_vector(game: MultiWorldGame, state, worlds: Sequence[int]) -> Vector:
    """Per-world perfect-information values at ``state`` (⊥ outside ``worlds``)."""
    out: list = [None] * len(game.weights)
    for w in worlds:
        out[w] = game.evaluate(state, w)
    return tuple(out)


def payoff_vector(game: MultiWorldGame, state, worlds: Sequence[int]) -> Vector:
    """Per-world payoffs of a terminal state (⊥ outside ``worlds``)."""
    out: list = [None] * len(game.weights)
    for w in worlds:
        out[w] = game.payoff(state, w)
    return tuple(out)

