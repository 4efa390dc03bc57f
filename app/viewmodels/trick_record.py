"""The compact record of the play beside the table: one row per trick (plain data, no Qt)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.bridge.play import BridgePlay
from engine.core.cards import Card
from engine.core.seats import Seat

__all__ = ["RecordCell", "TrickRow", "trick_rows", "RECORD_SEATS"]

RECORD_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
"""The record's columns, in the order the seats sit round the table."""


@dataclass(frozen=True, slots=True)
class RecordCell:
    """One card of the record: its ply (0-based, for "go back to before this card"), whether it led the
    trick, and whether it won it."""

    card: Card
    ply: int
    led: bool
    won: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    """Trick ``number`` (from 1): the card of each seat that has played to it, and who won it (when complete)."""

    number: int
    cells: dict[Seat, RecordCell]
    winner: Seat | None


def trick_rows(play: BridgePlay) -> tuple[TrickRow, ...]:
    """Every trick played or in progress, oldest first."""
    rows = []
    ply = 0
    tricks = list(play.tricks)
    current = play.current_trick
    for number, trick in enumerate(tricks, start=1):
        cells = {}
        for i, p in enumerate(trick.plays()):
            cells[p.seat] = RecordCell(p.card, ply, i == 0, p.seat == trick.winner)
            ply += 1
        rows.append(TrickRow(number, cells, trick.winner))
    if current.cards:
        cells = {}
        for i, p in enumerate(current.plays()):
            cells[p.seat] = RecordCell(p.card, ply, i == 0, False)
            ply += 1
        rows.append(TrickRow(len(tricks) + 1, cells, None))
    return tuple(rows)
