"""MAX strategies and their exact value against best defence.

With MAX's strategy fixed, MIN (who knows the world and MAX's strategy) simply
minimises in each world, so the strategy's payoff vector is computed in one pass:
MAX nodes return the chosen child's vector, MIN nodes the entrywise minimum
(Frank & Basin, proof of Theorem 1).  This evaluator is the independent judge
of every algorithm; brute-force enumeration of strategies is the reference for
``exact`` on small trees.
"""

from __future__ import annotations

import itertools
from typing import Callable, Iterator, Sequence

from .multiworld import MultiWorldGame, Strategy, all_moves, child_worlds, payoff_vector
from .payoff_vectors import Vector, score, vmin

__all__ = [
    "StrategyError",
    "strategy_vector",
    "strategy_value",
    "reduce_strategy",
    "complete_strategy",
    "enumerate_strategies",
]


class StrategyError(ValueError):
    """A strategy lacks a choice at a reachable MAX state, or chooses an illegal move."""


def _label(game: MultiWorldGame, state) -> str:
    lab = getattr(game, "label", None)
    return repr(lab(state)) if lab else repr(state)


def strategy_vector(game: MultiWorldGame, strategy: Strategy, state=None,
                    worlds: Sequence[int] | None = None) -> Vector:
    """Payoff vector of ``strategy`` under best defence, from ``state`` (default: the root)."""
    if state is None:
        state, worlds = game.root(), game.root_worlds()
    assert worlds is not None

    def walk(s, ws: tuple[int, ...]) -> Vector:
        if game.is_terminal(s):
            return payoff_vector(game, s, ws)
        if game.is_max_to_move(s):
            if s not in strategy:
                raise StrategyError(f"strategy has no move at MAX node {_label(game, s)}")
            move = strategy[s]
            if not ws or move not in game.moves(s, ws[0]):
                raise StrategyError(f"strategy plays illegal move {move!r} at MAX node {_label(game, s)}")
            return walk(game.play(s, move), ws)
        acc: Vector | None = None
        for m in all_moves(game, s, ws):
            v = walk(game.play(s, m), child_worlds(game, s, m, ws))
            acc = v if acc is None else vmin(acc, v)
        assert acc is not None
        return acc

    return walk(state, tuple(worlds))


def strategy_value(game: MultiWorldGame, strategy: Strategy) -> float:
    """Expected payoff of ``strategy`` against best defence."""
    return score(strategy_vector(game, strategy), game.weights)


def reduce_strategy(game: MultiWorldGame, strategy: Strategy) -> Strategy:
    """Only the choices at MAX states the strategy itself can reach (raises if one is missing)."""
    return complete_strategy(game, strategy, None)


def complete_strategy(game: MultiWorldGame, strategy: Strategy,
                      fill: Callable[[object, tuple[int, ...]], Strategy] | None,
                      start: tuple[object, tuple[int, ...]] | None = None) -> Strategy:
    """Walk the MAX states reachable under ``strategy`` from ``start`` (default: the root);
    where a choice is missing, ask ``fill(state, worlds)`` for choices below that state.
    Returns the reduced strategy."""
    out: Strategy = {}
    extra: Strategy = {}
    stack = [start if start is not None else (game.root(), tuple(game.root_worlds()))]
    while stack:
        s, ws = stack.pop()
        if game.is_terminal(s) or not ws:
            continue
        if game.is_max_to_move(s):
            if s in strategy:
                move = strategy[s]
            elif s in extra:
                move = extra[s]
            elif fill is not None:
                extra.update(fill(s, ws))
                if s not in extra:
                    raise StrategyError(f"completion found no move at MAX node {_label(game, s)}")
                move = extra[s]
            else:
                raise StrategyError(f"strategy has no move at MAX node {_label(game, s)}")
            out[s] = move
            stack.append((game.play(s, move), ws))
        else:
            for m in all_moves(game, s, ws):
                stack.append((game.play(s, m), child_worlds(game, s, m, ws)))
    return out


def enumerate_strategies(game: MultiWorldGame, state=None,
                         worlds: Sequence[int] | None = None) -> Iterator[Strategy]:
    """Every reduced pure MAX strategy below ``state`` (doubly exponential: small trees only)."""
    if state is None:
        state, worlds = game.root(), game.root_worlds()
    ws = tuple(worlds or ())
    if game.is_terminal(state) or not ws:
        yield {}
        return
    if game.is_max_to_move(state):
        for m in game.moves(state, ws[0]):
            for sub in enumerate_strategies(game, game.play(state, m), ws):
                yield {state: m, **sub}
        return
    parts = [list(enumerate_strategies(game, game.play(state, m), child_worlds(game, state, m, ws)))
             for m in all_moves(game, state, ws)]
    for combo in itertools.product(*parts):
        merged: Strategy = {}
        for c in combo:
            merged.update(c)
        yield merged
