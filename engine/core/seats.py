"""Seats around the table and their arithmetic.

Seats are ints ``0..3`` in clockwise playing order starting from North
(``N=0, E=1, S=2, W=3``); partnerships are ``N/S`` (even seats) and ``E/W``.
Hearts uses the same four positions, numbered 0..3 clockwise.
"""

from __future__ import annotations

from enum import IntEnum

from .quoting import quoted

__all__ = ["Seat", "SeatParseError", "SEAT_CHARS"]

SEAT_CHARS = "NESW"


class SeatParseError(ValueError):
    """Raised for text that is not a seat; the message names the bad token."""


class Seat(IntEnum):
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return SEAT_CHARS[self]

    @property
    def lho(self) -> "Seat":
        """Left-hand opponent: the next seat to play (clockwise)."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> "Seat":
        return Seat((self + 2) % 4)

    @property
    def rho(self) -> "Seat":
        """Right-hand opponent: the seat that played just before."""
        return Seat((self + 3) % 4)

    def offset(self, n: int) -> "Seat":
        """The seat ``n`` places clockwise from this one."""
        return Seat((self + n) % 4)

    @property
    def is_ns(self) -> bool:
        return self % 2 == 0

    def same_side(self, other: int) -> bool:
        return (self - other) % 2 == 0

    @classmethod
    def parse(cls, text: str) -> "Seat":
        t = text.strip().upper()
        names = {"NORTH": 0, "EAST": 1, "SOUTH": 2, "WEST": 3}
        if len(t) == 1 and t in SEAT_CHARS:
            return cls(SEAT_CHARS.index(t))
        if t in names:
            return cls(names[t])
        raise SeatParseError(f"bad seat {quoted(text)}: expected one of N, E, S, W")

    def __str__(self) -> str:
        return self.letter
