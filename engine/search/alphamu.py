"""αμ: search over Pareto fronts with a budget of M MAX moves (Cazenave & Ventos).

MAX plays the same move in all valid worlds (no strategy fusion); MIN picks per
world; fronts keep every non-dominated option so that a choice made at one MAX
node can depend on what is reachable elsewhere (non-locality).  After M MAX
moves, or at a terminal state, a state is scored by ``game.evaluate`` in each
valid world (double dummy on deals, minimax on trees); with M = 1 this is PIMC,
and with no budget the search reaches the leaves and is exact.

Speed-ups, all sound: iterative deepening on M with a transposition table
(front + best move per state, the move tried first next time); the early cut
(a MIN node whose optimistic front is already dominated by its MAX parent's
front adds nothing); the root cut (a root move matching the previous
iteration's best score cannot be improved on, since deeper is never more
optimistic); stop when decided (a MAX node whose front already contains its
own perfect-information vector, or a node lost in every world); and Ballard's
Star1 bound on root candidates, whose optimistic average is computed world by
world and abandoned once it cannot beat the best root move.

Strategy returned: the MAX choices that realise the chosen root vector; below
the horizon, each MAX state the strategy reaches is searched afresh with the
same budget (what a player re-searching when play gets there would do), so
with M = 1 the strategy is PIMC's at every node.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .multiworld import MultiWorldGame, Strategy, all_moves, child_worlds, evaluation_vector, payoff_vector
from .pareto import Choice, Front, Horizon, best_option, front_leq, front_max, front_min, realised_choices
from .payoff_vectors import Vector
from .result import SearchResult
from .star_bounds import StarCount, star1_average
from .strategy import complete_strategy

__all__ = ["AlphaMuOptions", "AlphaMuSearch", "alphamu"]


@dataclass(frozen=True)
class AlphaMuOptions:
    max_moves: int | None = None  # M; None = deepen until no search is cut by the budget (exact)
    iterative_deepening: bool = True  # False: one search with budget M (or to the leaves)
    transposition_table: bool = True
    early_cut: bool = True
    root_cut: bool = True
    star_cut: bool = True


@dataclass
class _Entry:
    front: Front
    best_move: object


@dataclass
class _Stats:
    nodes: int = 0
    early_cuts: int = 0
    root_cuts: int = 0
    decided_cuts: int = 0
    iterations: int = 0
    star: StarCount = field(default_factory=StarCount)


class AlphaMuSearch:
    def __init__(self, game: MultiWorldGame, options: AlphaMuOptions) -> None:
        self.game = game
        self.opt = options
        self.weights = game.weights
        self.low = game.payoff_bounds[0]
        self.tt: dict[object, _Entry] = {}
        self.evals: dict[object, Vector] = {}
        self.stats = _Stats()
        self.prev_best: float | None = None
        self.budget_hit = False
        self.root_first: object | None = None
        """A root move to try before all others (and before the table's), e.g. the tie-break's favourite:
        with the root cut, the first root move reaching the previous iteration's score is the one kept."""

    def evaluation(self, state, worlds: tuple[int, ...]) -> Vector:
        vec = self.evals.get(state)
        if vec is None:
            vec = evaluation_vector(self.game, state, worlds)
            self.evals[state] = vec
        return vec

    def ordered(self, state, moves: list) -> list:
        entry = self.tt.get(state)
        if entry is not None and entry.best_move in moves:
            moves = [entry.best_move] + [m for m in moves if m != entry.best_move]
        return moves

    def search(self, state, worlds: tuple[int, ...], budget: float, parent: Front | None,
               is_root: bool = False) -> Front:
        game = self.game
        self.stats.nodes += 1
        if game.is_terminal(state):
            return [(payoff_vector(game, state, worlds), Horizon(state, worlds))]
        if budget <= 0:
            self.budget_hit = True
            return [(self.evaluation(state, worlds), Horizon(state, worlds))]
        optimistic = self.evaluation(state, worlds)
        if all(optimistic[w] is None or optimistic[w] <= self.low for w in worlds):
            # Lost in every world whatever is played: any move realises the vector.
            self.stats.decided_cuts += 1
            provenance: object = Horizon(state, worlds)
            if game.is_max_to_move(state):
                moves = game.moves(state, worlds[0])
                move = self.root_first if is_root and self.root_first in moves else moves[0]
                provenance = Choice(state, move, Horizon(game.play(state, move), worlds))
            return [(optimistic, provenance)]
        if game.is_max_to_move(state):
            return self.max_node(state, worlds, budget, optimistic, is_root)
        return self.min_node(state, worlds, budget, optimistic, parent)

    def min_node(self, state, worlds, budget, optimistic: Vector, parent: Front | None) -> Front:
        game = self.game
        entry = self.tt.get(state) if self.opt.transposition_table else None
        current: Front = entry.front if entry is not None else [(optimistic, Horizon(state, worlds))]
        if self.opt.early_cut and parent and front_leq(current, parent):
            self.stats.early_cuts += 1
            return current
        result: Front | None = None
        worst_move, worst = None, math.inf
        for m in self.ordered(state, all_moves(game, state, worlds)):
            f = self.search(game.play(state, m), child_worlds(game, state, m, worlds), budget, None)
            s = best_option(f, self.weights)[0]
            if s < worst:
                worst_move, worst = m, s
            result = f if result is None else front_min(result, f)
        assert result is not None
        if self.opt.transposition_table:
            self.tt[state] = _Entry(result, worst_move)
        return result

    def max_node(self, state, worlds, budget, optimistic: Vector, root: bool) -> Front:
        game = self.game
        result: Front = []
        best_score = -math.inf
        moves = game.moves(state, worlds[0])
        if self.opt.transposition_table:
            moves = self.ordered(state, list(moves))
        if root and self.root_first in moves:
            moves = [self.root_first] + [m for m in moves if m != self.root_first]
        for m in moves:
            child = game.play(state, m)
            if root and self.opt.star_cut:
                out = star1_average(lambda w: game.evaluate(child, w), worlds, self.weights,
                                    game.payoff_bounds, best_score, self.stats.star)
                if out.vector is None:
                    continue
                self.evals.setdefault(child, out.vector)
            f = self.search(child, worlds, budget - 1, result)
            front_max(result, [(v, Choice(state, m, p)) for v, p in f])
            best_score = best_option(result, self.weights)[0]
            if any(v == optimistic for v, _ in result):
                self.stats.decided_cuts += 1
                break
            if root and self.opt.root_cut and self.prev_best is not None and best_score >= self.prev_best - 1e-12:
                self.stats.root_cuts += 1
                break
        if self.opt.transposition_table and result:
            top = best_option(result, self.weights)[1]
            self.tt[state] = _Entry(result, top[1].move)
        return result

    def run(self, root, worlds: tuple[int, ...]) -> tuple[Front, float]:
        front: Front = []
        if not self.opt.iterative_deepening:
            budget = math.inf if self.opt.max_moves is None else self.opt.max_moves
            front = self.search(root, worlds, budget, None, is_root=True)
            self.stats.iterations = 1
            return front, best_option(front, self.weights)[0]
        budget = 1
        while True:
            self.budget_hit = False
            front = self.search(root, worlds, budget, None, is_root=True)
            self.prev_best = best_option(front, self.weights)[0]
            if not self.budget_hit or (self.opt.max_moves is not None and budget >= self.opt.max_moves):
                break
            budget += 1
        self.stats.iterations = budget
        return front, self.prev_best if self.prev_best is not None else math.nan


def alphamu(game: MultiWorldGame, options: AlphaMuOptions = AlphaMuOptions(),
            name: str = "alphamu") -> SearchResult:
    """Run αμ from the root; return the strategy realising the best root vector."""
    engine = AlphaMuSearch(game, options)
    front, estimate = engine.run(game.root(), tuple(game.root_worlds()))
    _, (vector, provenance) = best_option(front, game.weights)
    choices, _ = realised_choices(provenance)

    def research(state, worlds: tuple[int, ...]) -> Strategy:
        """Below the horizon: the choices of a fresh αμ search rooted at this MAX state."""
        sub = AlphaMuSearch(game, options)
        sub_front, _ = sub.run(state, worlds)
        return realised_choices(best_option(sub_front, game.weights)[1][1])[0]

    strategy = complete_strategy(game, choices, research)
    st = engine.stats
    return SearchResult(name, strategy, estimate, vector, stats={
        "iterations": st.iterations, "nodes": st.nodes, "early_cuts": st.early_cuts,
        "root_cuts": st.root_cuts, "decided_cuts": st.decided_cuts, "evaluations": st.star.evaluated,
        "evaluations_saved": st.star.skipped})
