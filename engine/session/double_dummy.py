"""Access to a double-dummy oracle for sessions: the DD table of a deal and the tricks left at a position.

The engine's own solver (``engine.solvers.dd.DoubleDummySolver``) is used when it is
installed; :func:`default_oracle` returns ``None`` otherwise and the sessions fall back
to what they can do without one (a point-count contract estimate, trivially right
claims only).  Tests may pass any object with the same two methods (for example the
DDS reference in ``engine.bench.dds_oracle``).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Protocol, Sequence

from ..bridge.contract import Strain
from ..bridge.play import BridgePlay
from ..core.cards import Card
from ..core.deal import Deal
from ..core.seats import Seat

__all__ = [
    "DoubleDummyOracle",
    "DdTable",
    "LazySolverOracle",
    "solver_installed",
    "default_oracle",
    "declarer_side_tricks_left",
]

SOLVER_PACKAGE = "engine.solvers.dd"


class DoubleDummyOracle(Protocol):
    """The two questions a session asks (numbers mean what DDS's mean)."""

    def table(self, deal: Deal) -> Sequence[Sequence[int]]:
        """``[strain][declarer]``: tricks the declaring side takes (strains S, H, D, C, NT)."""
        ...

    def tricks_per_card(self, deal: Deal, strain: int, leader: int, played: Sequence[Card] = ()) -> dict[Card, int]:
        """For each legal card of the seat to play: tricks its side takes from the trick's start."""
        ...


@dataclass(frozen=True, slots=True)
class DdTable:
    """Double-dummy tricks for each strain (DDS order S, H, D, C, NT) and declaring seat."""

    tricks: tuple[tuple[int, int, int, int], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 5 or any(len(row) != 4 for row in self.tricks):
            raise ValueError("a double-dummy table has 5 strains × 4 declarers")
        if any(not 0 <= t <= 13 for row in self.tricks for t in row):
            raise ValueError("double-dummy trick counts must be between 0 and 13")

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> "DdTable":
        return cls(tuple(tuple(int(t) for t in row) for row in rows))  # type: ignore[misc]

    def get(self, strain: Strain, declarer: Seat) -> int:
        return self.tricks[strain][declarer]


def solver_installed() -> bool:
    """Whether the solver package is there (a real package with its API module), without importing it.

    Importing it loads numba, which would slow the app's start-up; the import
    happens on first use instead, on the engine worker.
    """
    try:
        spec = importlib.util.find_spec(SOLVER_PACKAGE)
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.origin is not None and spec.origin.endswith("__init__.py")


class LazySolverOracle:
    """The engine's :class:`DoubleDummySolver`, created on first use (on the engine worker)."""

    def __init__(self) -> None:
        self._solver: object | None = None

    def _get(self) -> object:
        if self._solver is None:
            module = importlib.import_module(SOLVER_PACKAGE)
            solver_class = getattr(module, "DoubleDummySolver", None)
            if solver_class is None:
                raise ImportError(f"{SOLVER_PACKAGE} has no DoubleDummySolver")
            self._solver = solver_class()
        return self._solver

    def table(self, deal: Deal) -> Sequence[Sequence[int]]:
        return self._get().table(deal)  # type: ignore[attr-defined, no-any-return]

    def tricks_per_card(self, deal: Deal, strain: int, leader: int, played: Sequence[Card] = ()) -> dict[Card, int]:
        return self._get().tricks_per_card(deal, strain, leader, played)  # type: ignore[attr-defined, no-any-return]


FULL_DEALS_SOLVE_INTERACTIVELY = False
"""Whether the solver answers full 13-card deals in interactive time.

Today a full 5×4 table takes minutes (issue 3 is open on speed), and the app
asks for one at every new board, so the app does not use the solver by
default: contracts come from the documented point-count estimate and claims
from the solver-free rule.  Flip this once ``tenace-cli bench dd`` shows
full tables within a second.
"""


def default_oracle() -> DoubleDummyOracle | None:
    """The engine's double-dummy solver (loaded lazily) when it is installed and fast enough, else ``None``."""
    if not FULL_DEALS_SOLVE_INTERACTIVELY:
        return None
    return LazySolverOracle() if solver_installed() else None


def declarer_side_tricks_left(oracle: DoubleDummyOracle, play: BridgePlay) -> int:
    """Tricks the declaring side takes of the remaining ones (the trick in progress included), best play."""
    trick = play.current_trick
    hands = list(play.remaining_deal().masks)
    for seat_card in trick.plays():  # the oracle wants the hands at the start of the trick
        hands[seat_card.seat] |= 1 << seat_card.card
    values = oracle.tricks_per_card(Deal.from_masks(hands), int(play.strain), int(trick.leader), trick.cards)
    if not values:
        raise ValueError("the double-dummy oracle found no legal card at this position")
    best = max(values.values())
    to_play_side_is_declarer = play.to_play.same_side(play.declarer)
    return best if to_play_side_is_declarer else play.remaining_tricks - best
