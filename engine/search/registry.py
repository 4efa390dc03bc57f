"""Algorithm names (as used by the CLI and the benchmarks) mapped to their implementations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .alphamu import AlphaMuOptions, alphamu
from .exact import exact
from .iterative_biasing import DEFAULT_BUDGET, IterationBudget, iprm, iprm_beta, ivm, ivm_beta
from .multiworld import MultiWorldGame
from .pimc import pimc
from .prm import prm, prm_beta
from .result import SearchResult
from .tree_game import TreeGame
from .vector_mm import vector_mm, vm_ab, vm_beta

__all__ = ["AlgorithmSpec", "ALGORITHMS", "ITERATIVE", "UnknownAlgorithmError", "get_algorithm", "run_algorithm"]


class UnknownAlgorithmError(ValueError):
    """The requested algorithm name is not registered."""


@dataclass(frozen=True)
class AlgorithmSpec:
    name: str
    summary: str
    run: Callable[[MultiWorldGame], SearchResult]


def _budget(game: MultiWorldGame) -> IterationBudget | None:
    """Explicit trees (the paper's figures, random trees) run every guess as published; the searches
    of card games stop at the anytime budget (F&B §8.2)."""
    return None if isinstance(game, TreeGame) else DEFAULT_BUDGET


def _alphamu(game: MultiWorldGame, max_moves: int | None = None) -> SearchResult:
    return alphamu(game, AlphaMuOptions(max_moves=max_moves))


ALGORITHMS: dict[str, AlgorithmSpec] = {
    spec.name: spec
    for spec in (
        AlgorithmSpec("pimc", "Monte Carlo sampling over all worlds, single pass (F&B §3)", pimc),
        AlgorithmSpec("vector-mm", "vector minimaxing (F&B Fig. 16)", vector_mm),
        AlgorithmSpec("vm-ab", "vector minimaxing with alpha-beta pruning (F&B Fig. 21)", vm_ab),
        AlgorithmSpec("vm-beta", "vector-mm with beta-reduced leaves (F&B eq. 7), no pruning", vm_beta),
        AlgorithmSpec("prm", "payoff-reduction minimaxing (F&B Fig. 19)", prm),
        AlgorithmSpec("prm-beta", "prm with beta-reduction", prm_beta),
        AlgorithmSpec("ivm", "iterative biasing of vector-mm (F&B Fig. 23), anytime", lambda game: ivm(game, budget=_budget(game))),
        AlgorithmSpec("iprm", "iterative biasing of prm, anytime", lambda game: iprm(game, budget=_budget(game))),
        AlgorithmSpec("ivm-beta", "iterative biasing of vm-beta, anytime", lambda game: ivm_beta(game, budget=_budget(game))),
        AlgorithmSpec("iprm-beta", "iterative biasing of prm-beta, anytime",
                      lambda game: iprm_beta(game, budget=_budget(game))),
        AlgorithmSpec("alphamu", "αμ over Pareto fronts, M MAX moves (Cazenave & Ventos)", _alphamu),
        AlgorithmSpec("exact", "best-defence optimum (αμ to the leaves)", exact),
    )
}


def get_algorithm(name: str) -> AlgorithmSpec:
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise UnknownAlgorithmError(
            f"unknown algorithm {name!r} (choose from {', '.join(ALGORITHMS)})") from None


ITERATIVE = {"ivm": ivm, "iprm": iprm, "ivm-beta": ivm_beta, "iprm-beta": iprm_beta}


def run_algorithm(name: str, game: MultiWorldGame, max_moves: int | None = None,
                  budget: IterationBudget | None = None) -> SearchResult:
    """Run ``name`` on ``game``; ``max_moves`` (M) applies to ``alphamu`` only, ``budget`` (anytime)
    to the iterative algorithms only."""
    if name == "alphamu":
        if budget is not None:
            raise ValueError("--budget applies to the iterative algorithms (ivm, iprm, ivm-beta, iprm-beta) only")
        return _alphamu(game, max_moves)
    if max_moves is not None:
        raise ValueError(f"--max-moves applies to alphamu only, not to {name!r}")
    if budget is not None:
        if name not in ITERATIVE:
            raise ValueError(f"--budget applies to the iterative algorithms ({', '.join(ITERATIVE)}), not to {name!r}")
        return ITERATIVE[name](game, budget=budget)
    return get_algorithm(name).run(game)
