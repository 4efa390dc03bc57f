"""Access to a double-dummy oracle for sessions: declarers' tricks on a deal and the tricks left at a position.

The engine's own solver (``engine.solvers.dd.DoubleDummySolver``) is used when it is
installed; :func:`default_oracle` returns ``None`` otherwise and the sessions fall back
to what they can do without one (a point-count contract estimate, trivially right
claims only).  Tests may pass any object with the same methods.

A new board needs only the ten North-South cells of the table (the automatic
contract is always North-South's), so :func:`declarer_table` solves those one by
one, reporting progress and checking for cancellation between cells; a full-deal
solve takes about a second, so the whole table would double the wait for nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from dataclasses import dataclass
from typing import Callable, Iterable, Protocol, Sequence

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
    "declarer_table",
    "TableCancelledError",
    "SolverGaveUpError",
    "CELL_NODE_LIMIT",
]

SOLVER_PACKAGE = "engine.solvers.dd"


class DoubleDummyOracle(Protocol):
    """The two questions a session asks (numbers mean what DDS's mean)."""

    def tricks_per_card(self, deal: Deal, strain: int, leader: int, played: Sequence[Card] = ()) -> dict[Card, int]:
        """For each legal card of the seat to play: tricks its side takes from the trick's start."""
        ...

    def declarer_tricks(self, deal: Deal, strain: int, declarer: int) -> int:
        """Tricks ``declarer``'s side takes in ``strain``, declarer's left-hand opponent leading (one table cell)."""
        ...


@dataclass(frozen=True, slots=True)
class DdTable:
    """Double-dummy tricks for each strain (DDS order S, H, D, C, NT) and declaring seat.

    A cell is ``None`` when it was not solved (a board's table holds North-South's cells only).
    """

    tricks: tuple[tuple[int | None, int | None, int | None, int | None], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 5 or any(len(row) != 4 for row in self.tricks):
            raise ValueError("a double-dummy table has 5 strains × 4 declarers")
        if any(t is not None and not 0 <= t <= 13 for row in self.tricks for t in row):
            raise ValueError("double-dummy trick counts must be between 0 and 13")

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int | None]]) -> "DdTable":
        return cls(tuple(tuple(None if t is None else int(t) for t in row) for row in rows))  # type: ignore[misc]

    def has(self, strain: Strain, declarer: Seat) -> bool:
        return self.tricks[strain][declarer] is not None

    def get(self, strain: Strain, declarer: Seat) -> int:
        t = self.tricks[strain][declarer]
        if t is None:
            raise KeyError(f"{Strain(strain).name.title()} by {Seat(declarer).name.title()} was not solved")
        return t


class TableCancelledError(Exception):
    """The solving of a table was cancelled between two cells."""


def declarer_table(
    oracle: DoubleDummyOracle,
    deal: Deal,
    declarers: Iterable[Seat],
    cancel: threading.Event | None = None,
    report: Callable[[float, str], None] | None = None,
) -> DdTable:
    """The table cells of ``declarers`` (every strain), solved one by one; the other cells stay ``None``.

    Cancellation is checked between cells (one cell is one full-deal search).
    """
    seats = tuple(declarers)
    rows: list[list[int | None]] = [[None] * 4 for _ in Strain]
    cells = [(strain, seat) for strain in _STRAINS_BY_INTEREST for seat in seats]
    for i, (strain, seat) in enumerate(cells):
        if cancel is not None and cancel.is_set():
            raise TableCancelledError()
        if report is not None:
            report(i / len(cells), f"double-dummy: {strain.symbol} by {seat.name.title()}")
        rows[strain][seat] = oracle.declarer_tricks(deal, int(strain), int(seat))
    return DdTable.from_rows(rows)


_STRAINS_BY_INTEREST = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


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


class SolverGaveUpError(RuntimeError):
    """The solver ran out of its node budget on this position (a rare, very hard deal)."""


CELL_NODE_LIMIT = 15_000_000
"""Search nodes one question may use at the table (a few seconds; most full deals need under 3 million).

On the rare deal that needs more (one in a few dozen random deals takes the
solver minutes today, issue 3) the board falls back to the point-count contract
or a filtered search moves on to another deal, instead of freezing the table.
"""


class LazySolverOracle:
    """The engine's :class:`DoubleDummySolver`, created on first use (on the engine worker)."""

    def __init__(self, node_limit: int | None = CELL_NODE_LIMIT) -> None:
        self._solver: object | None = None
        self._module: object | None = None
        self.node_limit = node_limit

    def _get(self) -> object:
        if self._solver is None:
            module = importlib.import_module(SOLVER_PACKAGE)
            solver_class = getattr(module, "DoubleDummySolver", None)
            if solver_class is None:
                raise ImportError(f"{SOLVER_PACKAGE} has no DoubleDummySolver")
            self._module = module
            self._solver = solver_class()
        return self._solver

    def _ask(self, method: str, *args: object) -> object:
        solver = self._get()
        try:
            return getattr(solver, method)(*args, node_limit=self.node_limit)
        except getattr(self._module, "DoubleDummyGaveUp") as exc:
            raise SolverGaveUpError(str(exc)) from None

    def tricks_per_card(self, deal: Deal, strain: int, leader: int, played: Sequence[Card] = ()) -> dict[Card, int]:
        return self._ask("tricks_per_card", deal, strain, leader, played)  # type: ignore[return-value]

    def declarer_tricks(self, deal: Deal, strain: int, declarer: int) -> int:
        leader = (declarer + 1) % 4
        defenders = self._ask("tricks", deal, strain, leader, ())
        return len(deal[Seat(leader)]) - int(defenders)  # type: ignore[call-overload]


def default_oracle() -> DoubleDummyOracle | None:
    """The engine's double-dummy solver (loaded lazily) when it is installed, else ``None``."""
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
