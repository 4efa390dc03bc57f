"""Strains, contracts and vulnerability: the value types of a bridge auction's outcome.

Strains are numbered like suits (``S=0, H=1, D=2, C=3``) with ``NT=4``, the
order DDS uses, so a strain int doubles as the trump suit index when < 4.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from ..core.quoting import quoted
from ..core.seats import Seat

__all__ = ["Strain", "Doubling", "Vulnerability", "Contract", "ContractParseError"]


class ContractParseError(ValueError):
    """Text that is not a contract, strain or vulnerability; the message names the bad token."""


class Strain(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("S", "H", "D", "C", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♠", "♥", "♦", "♣", "NT")[self]

    @property
    def is_major(self) -> bool:
        return self in (Strain.SPADES, Strain.HEARTS)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.DIAMONDS, Strain.CLUBS)

    @property
    def trump(self) -> int | None:
        """The trump suit index, or ``None`` at notrump."""
        return None if self == Strain.NOTRUMP else int(self)

    @classmethod
    def parse(cls, text: str) -> "Strain":
        t = text.strip().upper()
        table = {"S": 0, "H": 1, "D": 2, "C": 3, "N": 4, "NT": 4, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
        if t in table:
            return cls(table[t])
        raise ContractParseError(f"bad strain {quoted(text)}: expected one of NT, S, H, D, C")

    def __str__(self) -> str:
        return self.letter


class Doubling(IntEnum):
    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        return {1: "", 2: "X", 4: "XX"}[self]


class Vulnerability(IntEnum):
    """Which sides are vulnerable (PBN tag values None, NS, EW, All/Both)."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, seat: int) -> bool:
        if self == Vulnerability.BOTH:
            return True
        if self == Vulnerability.NONE:
            return False
        return (self == Vulnerability.NS) == (seat % 2 == 0)

    @property
    def pbn(self) -> str:
        return ("None", "NS", "EW", "All")[self]

    @classmethod
    def parse(cls, text: str) -> "Vulnerability":
        t = text.strip().upper().replace("-", "").replace("/", "")
        table = {"NONE": 0, "LOVE": 0, "": 0, "NS": 1, "EW": 2, "ALL": 3, "BOTH": 3, "B": 3, "O": 0}
        if t in table:
            return cls(table[t])
        raise ContractParseError(f"bad vulnerability {quoted(text)}: expected one of None, NS, EW, Both")

    @classmethod
    def for_board(cls, board: int) -> "Vulnerability":
        """The standard duplicate vulnerability of a board number (1..16 cycle)."""
        pattern = (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)
        return cls(pattern[(board - 1) % 16])

    def __str__(self) -> str:
        return self.pbn


_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|S|H|D|C|♠|♥|♦|♣)(XX|X|)$")


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract without the declarer: level 1..7, strain, doubling."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ContractParseError(f"contract level {self.level} is out of range 1..7")
        object.__setattr__(self, "strain", Strain(self.strain))
        object.__setattr__(self, "doubling", Doubling(self.doubling))

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """Parse ``4SX``, ``3NT``, ``1NTXX``, ``6♥`` (case-insensitive, spaces ignored)."""
        t = text.strip().upper().replace(" ", "").replace("*", "X")
        m = _CONTRACT_RE.match(t)
        if not m:
            raise ContractParseError(
                f"bad contract {quoted(text)}: expected level 1-7, strain NT/S/H/D/C, optional X or XX (e.g. 4SX)"
            )
        dbl = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}[m.group(3)]
        return cls(int(m.group(1)), Strain.parse(m.group(2)), dbl)

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{self.doubling.suffix}"

    @staticmethod
    def declarer_side_vulnerable(vul: Vulnerability, declarer: Seat) -> bool:
        return vul.is_vulnerable(declarer)
