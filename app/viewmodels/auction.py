"""What the auction panel and the bidding box show, as plain frozen data (no Qt).

The auction is laid out the usual way: four columns West, North, East, South, the
dealer's column first filled, one row per round.  Each cell knows which call of the
auction it is, so a click can show that call's explanation; the bidding box gets
every call with whether it may be made now and what it would mean.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bidding import CallRecord
from engine.bridge.auction import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call
from engine.core.seats import Seat

__all__ = ["COLUMNS", "AuctionCell", "AuctionGrid", "auction_grid", "call_label", "BoxCall", "BIDDING_BOX_CALLS"]

COLUMNS = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
BIDDING_BOX_CALLS: tuple[Call, ...] = ALL_BIDS + (PASS, DOUBLE, REDOUBLE)


def call_label(call: Call) -> str:
    """``1♥``, ``3NT``, ``Pass``, ``X``, ``XX``."""
    if call.is_bid and call.strain is not None:
        return f"{call.level}{call.strain.symbol}"
    return str(call)


@dataclass(frozen=True, slots=True)
class AuctionCell:
    index: int  # position in the auction
    text: str  # "1♥", "Pass", ... ("1♥!" when the call is conventional)
    explanation: str  # "East 1♥: 12-21 HCP, 5+ hearts"
    conventional: bool


@dataclass(frozen=True, slots=True)
class AuctionGrid:
    """Rows of four cells (``None``: no call there), the column of the seat to call next (or ``None``)."""

    rows: tuple[tuple[AuctionCell | None, ...], ...]
    next_column: int | None
    next_row: int


def auction_grid(dealer: Seat, records: tuple[CallRecord, ...] | list[CallRecord], complete: bool) -> AuctionGrid:
    cells: list[AuctionCell | None] = [None] * COLUMNS.index(dealer)
    for i, r in enumerate(records):
        label = call_label(r.call)
        cells.append(AuctionCell(i, label + ("!" if r.meaning.artificial else ""),
                                 f"{r.seat.name.title()} {label}: {r.meaning.text}", r.meaning.artificial))
    position = len(cells)
    while len(cells) % 4:
        cells.append(None)
    rows = tuple(tuple(cells[i : i + 4]) for i in range(0, len(cells), 4))
    if complete:
        return AuctionGrid(rows, None, len(rows))
    return AuctionGrid(rows, position % 4, position // 4)


@dataclass(frozen=True, slots=True)
class BoxCall:
    """One button of the bidding box: the call, whether it may be made now, what it would mean."""

    call: Call
    enabled: bool
    meaning: str
