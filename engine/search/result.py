"""What every search returns: the MAX strategy it commits to and its own estimate."""

from __future__ import annotations

from dataclasses import dataclass, field

from .multiworld import Strategy
from .payoff_vectors import Vector

__all__ = ["SearchResult"]


@dataclass(frozen=True)
class SearchResult:
    """``strategy`` is reduced (MAX states reachable under it); ``estimate`` is the algorithm's
    own value for it (optimistic for PIMC, exact for ``exact``); ``root_vector`` is the payoff
    vector behind the estimate when the algorithm has one."""

    algorithm: str
    strategy: Strategy
    estimate: float
    root_vector: Vector | None = None
    stats: dict[str, int] = field(default_factory=dict)
