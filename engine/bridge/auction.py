"""Calls and auctions: the rules of the bidding (what may be called when, and what contract results).

A :class:`Call` is a bid (level and strain), pass, double or redouble.  An
:class:`Auction` is the first caller plus the calls in order; building one checks
that every call is legal where it stands (bids go up, a double needs an
undoubled opposing bid, a redouble needs the opponents' double, nothing after
the auction has ended), so a model in hand is always a possible auction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Iterable

from .contract import Contract, Doubling, Strain
from ..core.quoting import quoted
from ..core.seats import Seat

__all__ = [
    "CallKind",
    "Call",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "Auction",
    "AuctionError",
    "PassedOut",
    "PASSED_OUT",
    "ALL_BIDS",
]


class AuctionError(ValueError):
    """An illegal or unreadable call; ``index`` is the position of the offending call."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        super().__init__(message)


class PassedOut(Enum):
    """The outcome of an auction with four passes (PBN ``[Contract "Pass"]``)."""

    PASSED_OUT = "Pass"

    def __str__(self) -> str:
        return self.value


PASSED_OUT = PassedOut.PASSED_OUT


class CallKind(Enum):
    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"
    BID = "bid"


_BID_RE = re.compile(r"^([1-7])(NT|N|S|H|D|C|♠|♥|♦|♣)$")
_WORDS = {
    "PASS": CallKind.PASS,
    "P": CallKind.PASS,
    "X": CallKind.DOUBLE,
    "D": CallKind.DOUBLE,
    "DBL": CallKind.DOUBLE,
    "DOUBLE": CallKind.DOUBLE,
    "XX": CallKind.REDOUBLE,
    "R": CallKind.REDOUBLE,
    "RDBL": CallKind.REDOUBLE,
    "REDOUBLE": CallKind.REDOUBLE,
}


@dataclass(frozen=True, slots=True)
class Call:
    """One call; ``level`` and ``strain`` are set only for bids."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if not 1 <= self.level <= 7 or self.strain is None:
                raise ValueError(f"a bid needs a level 1..7 and a strain, got {self.level} {self.strain}")
            object.__setattr__(self, "strain", Strain(self.strain))
        elif self.level or self.strain is not None:
            raise ValueError(f"a {self.kind.value} call has no level or strain")

    @classmethod
    def bid(cls, level: int, strain: Strain | int) -> "Call":
        return cls(CallKind.BID, level, Strain(strain))

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Parse ``Pass``/``P``, ``X``, ``XX``, ``1C`` .. ``7NT`` (case-insensitive, ``1♠`` too)."""
        t = text.strip().upper()
        if t in _WORDS:
            return cls(_WORDS[t])
        m = _BID_RE.match(t)
        if not m:
            raise ValueError(f"{quoted(text)} is not a call: expected Pass, X, XX or a bid such as 1C or 3NT")
        return cls.bid(int(m.group(1)), Strain.parse(m.group(2)))

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def bid_order(self) -> int:
        """Position in the bidding ladder 1C=0 .. 7NT=34 (bids only)."""
        if self.strain is None:
            raise ValueError(f"{self} is not a bid")
        ladder = {Strain.CLUBS: 0, Strain.DIAMONDS: 1, Strain.HEARTS: 2, Strain.SPADES: 3, Strain.NOTRUMP: 4}
        return (self.level - 1) * 5 + ladder[self.strain]

    def __str__(self) -> str:
        if self.strain is not None:
            return f"{self.level}{self.strain.letter}"
        return self.kind.value


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
ALL_BIDS = tuple(
    sorted((Call.bid(level, strain) for level in range(1, 8) for strain in Strain), key=lambda c: c.bid_order)
)
"""The 35 bids from 1C up to 7NT in bidding order."""


class _Bidding:
    """The running state of an auction, used to check each call as it comes."""

    def __init__(self, first: Seat) -> None:
        self.next_seat = first
        self.last_bid: Call | None = None
        self.last_bidder: Seat | None = None
        self.doubling = Doubling.UNDOUBLED
        self.passes = 0
        self.calls = 0
        self.first_in_strain: dict[tuple[bool, Strain], Seat] = {}

    @property
    def ended(self) -> bool:
        return self.passes >= (3 if self.last_bid is not None else 4)

    def add(self, call: Call) -> None:
        seat = self.next_seat
        if self.ended:
            raise AuctionError(self.calls, f"{call} by {seat.letter} comes after the auction has ended")
        if call.kind is CallKind.BID:
            if self.last_bid is not None and call.bid_order <= self.last_bid.bid_order:
                raise AuctionError(self.calls, f"{call} by {seat.letter} is not higher than {self.last_bid}")
            assert call.strain is not None
            self.first_in_strain.setdefault((seat.is_ns, call.strain), seat)
            self.last_bid, self.last_bidder, self.doubling, self.passes = call, seat, Doubling.UNDOUBLED, 0
        elif call.kind is CallKind.DOUBLE:
            if self.last_bidder is None or self.last_bidder.same_side(seat) or self.doubling != Doubling.UNDOUBLED:
                raise AuctionError(self.calls, f"X by {seat.letter} is illegal: no undoubled opposing bid")
            self.doubling, self.passes = Doubling.DOUBLED, 0
        elif call.kind is CallKind.REDOUBLE:
            if self.last_bidder is None or not self.last_bidder.same_side(seat) or self.doubling != Doubling.DOUBLED:
                raise AuctionError(self.calls, f"XX by {seat.letter} is illegal: no opposing double of our bid")
            self.doubling, self.passes = Doubling.REDOUBLED, 0
        else:
            self.passes += 1
        self.calls += 1
        self.next_seat = seat.lho

    def legal_calls(self) -> tuple[Call, ...]:
        if self.ended:
            return ()
        seat = self.next_seat
        calls = [PASS]
        if self.last_bidder is not None and not self.last_bidder.same_side(seat):
            if self.doubling == Doubling.UNDOUBLED:
                calls.append(DOUBLE)
        if self.last_bidder is not None and self.last_bidder.same_side(seat):
            if self.doubling == Doubling.DOUBLED:
                calls.append(REDOUBLE)
        lowest = 0 if self.last_bid is None else self.last_bid.bid_order + 1
        calls += ALL_BIDS[lowest:]
        return tuple(calls)

    def outcome(self) -> "tuple[Contract, Seat] | PassedOut":
        if self.last_bid is None or self.last_bidder is None:
            return PASSED_OUT
        assert self.last_bid.strain is not None
        declarer = self.first_in_strain[(self.last_bidder.is_ns, self.last_bid.strain)]
        return Contract(self.last_bid.level, self.last_bid.strain, self.doubling), declarer


@dataclass(frozen=True, slots=True)
class Auction:
    """A legal (possibly unfinished) auction.

    ``annotations`` keeps PBN suffixes attached to calls, as ``(call index,
    text)`` pairs such as ``(1, "=1=")`` or ``(3, "!")``; ``notes`` keeps the
    ``[Note "1:..."]`` values that explain them, in file order.
    """

    first: Seat
    calls: tuple[Call, ...] = ()
    annotations: tuple[tuple[int, str], ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "first", Seat(self.first))
        object.__setattr__(self, "calls", tuple(self.calls))
        self._replay()
        for index, _text in self.annotations:
            if not 0 <= index < len(self.calls):
                raise AuctionError(index, f"annotation refers to call {index}, but there are {len(self.calls)}")

    @classmethod
    def from_calls(cls, first: Seat, calls: Iterable[Call | str]) -> "Auction":
        return cls(first, tuple(c if isinstance(c, Call) else Call.parse(c) for c in calls))

    def _replay(self) -> _Bidding:
        bidding = _Bidding(self.first)
        for call in self.calls:
            bidding.add(call)
        return bidding

    @property
    def is_complete(self) -> bool:
        return self._replay().ended

    def outcome(self) -> "tuple[Contract, Seat] | PassedOut | None":
        """The final contract and declarer, ``PASSED_OUT``, or ``None`` while unfinished."""
        bidding = self._replay()
        return bidding.outcome() if bidding.ended else None

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the next player may make (empty once the auction has ended)."""
        return self._replay().legal_calls()

    def seat_of(self, index: int) -> Seat:
        """Who made call number ``index``."""
        return self.first.offset(index)

    @property
    def next_seat(self) -> Seat:
        """The seat whose turn it is to call (meaningless once the auction has ended)."""
        return self.first.offset(len(self.calls))

    def with_call(self, call: Call | str) -> "Auction":
        """This auction with one more call (checked; annotations and notes kept)."""
        c = call if isinstance(call, Call) else Call.parse(call)
        return Auction(self.first, self.calls + (c,), self.annotations, self.notes)

    def last_bid(self) -> tuple[Call, Seat, Doubling] | None:
        """The highest bid so far, who made it and whether it stands doubled, or ``None``."""
        bidding = self._replay()
        if bidding.last_bid is None or bidding.last_bidder is None:
            return None
        return bidding.last_bid, bidding.last_bidder, bidding.doubling

