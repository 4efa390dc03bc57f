"""Double-dummy answers for sessions: a board's table cells, and the tricks left at a position.

Sessions ask the engine's :class:`~engine.solvers.oracle.DoubleDummyOracle` about one deal
at a time.  :func:`table_oracle` is the solver behind that seam, created lazily (importing
it compiles numba kernels, which must not happen on the GUI thread) and with a node budget
per question, so one rare deal the solver finds hard cannot hold the table for minutes; it
is ``None`` when the solver package is not installed, and the sessions then fall back to
what they can do without one (a point-count contract estimate, trivially right claims only).
Tests may pass any object with the oracle's ``tricks_per_card`` and ``declarer_tricks``.

A new board needs only the ten North-South cells of the table (the automatic
contract is always North-South's), so :func:`declarer_table` solves those one by
one, reporting progress and checking for cancellation between cells.
"""

from __future__ import annotations

import importlib.util
from typing import Iterable

from ..bridge.contract import Strain
from ..bridge.play import BridgePlay
from ..core.cancel import NEVER, CancelToken
from ..core.deal import Deal
from ..core.seats import Seat
from ..solvers.oracle import DDTable, DoubleDummyOracle
from ..solvers.solver_oracle import SolverOracle, default_threads

__all__ = [
    "DoubleDummyOracle",
    "solver_installed",
    "table_oracle",
    "card_tricks_left",
    "declarer_side_tricks_left",
    "declarer_table",
    "with_cell",
    "CELL_NODE_LIMIT",
]

SOLVER_PACKAGE = "engine.solvers.dd"

CELL_NODE_LIMIT = 15_000_000
"""Search nodes one question may use at the table (a few seconds; most full deals need under 3 million).

On the rare deal that needs more the board falls back to the point-count contract or a
filtered search moves on to another deal, instead of freezing the table.
"""


def declarer_table(
    oracle: DoubleDummyOracle, deal: Deal, declarers: Iterable[Seat], cancel: CancelToken = NEVER
) -> DDTable:
    """The table cells of ``declarers`` (every strain), solved one by one; the other cells stay ``None``.

    Cancellation is checked, and progress reported, between cells (one cell is one full-deal search).
    """
    seats = tuple(declarers)
    rows: list[list[int | None]] = [[None] * 4 for _ in Strain]
    cells = [(strain, seat) for strain in _STRAINS_BY_INTEREST for seat in seats]
    for i, (strain, seat) in enumerate(cells):
        cancel.check("the double-dummy table was cancelled")
        cancel.report(i / len(cells), f"double-dummy: {strain.symbol} by {seat.name.title()}")
        rows[strain][seat] = oracle.declarer_tricks(deal, int(strain), int(seat))
    return DDTable.from_rows(rows)


def with_cell(table: DDTable, strain: int, declarer: int, tricks: int) -> DDTable:
    """``table`` with one more cell filled (the contract played, solved after the board was ready)."""
    rows = [list(row) for row in table.tricks]
    rows[int(strain)][int(declarer)] = tricks
    return DDTable.from_rows(rows)


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


def table_oracle(node_limit: int | None = CELL_NODE_LIMIT) -> SolverOracle | None:
    """The engine's double-dummy solver for a session (made on first use, ``node_limit`` nodes per
    question) when it is installed, else ``None``; one solver per core (up to the oracle's maximum), so a
    board's contract questions run side by side (:mod:`.contract_questions`)."""
    return SolverOracle(node_limit=node_limit, threads=default_threads()) if solver_installed() else None


def card_tricks_left(oracle: DoubleDummyOracle, play: BridgePlay) -> dict[int, int]:
    """Each legal card of the seat to play with the tricks its side then takes of the remaining ones
    (the trick in progress included), best play by both sides after it."""
    trick = play.current_trick
    hands = list(play.remaining_deal().masks)
    for seat_card in trick.plays():  # the oracle wants the hands at the start of the trick
        hands[seat_card.seat] |= 1 << seat_card.card
    values = oracle.tricks_per_card(Deal.from_masks(hands), int(play.strain), int(trick.leader), trick.cards)
    if not values:
        raise ValueError("the double-dummy oracle found no legal card at this position")
    return dict(values)


def declarer_side_tricks_left(oracle: DoubleDummyOracle, play: BridgePlay) -> int:
    """Tricks the declaring side takes of the remaining ones (the trick in progress included), best play."""
    best = max(card_tricks_left(oracle, play).values())
    to_play_side_is_declarer = play.to_play.same_side(play.declarer)
    return best if to_play_side_is_declarer else play.remaining_tricks - best
