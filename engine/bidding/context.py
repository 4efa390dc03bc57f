"""The auction as the player about to call sees it: public facts the rules ask about.

Everything here is public (the calls and what each meant), so the caller and the
three others compute the same context; only the caller's own hand is private and
lives in :class:`~engine.bidding.hand.HandFacts`.
"""

from __future__ import annotations

from ..bridge.auction import Call, CallKind
from ..bridge.contract import Doubling, Strain, Vulnerability
from ..core.seats import Seat
from .meaning import CallRecord, Meaning
from .hand import LENGTH_CAP
from .ranges import ANY, HandRange

__all__ = ["BidContext", "GAME_LEVEL", "accumulate"]

GAME_LEVEL = (4, 4, 5, 5, 3)  # by strain S, H, D, C, NT
_LADDER = (3, 2, 1, 0, 4)  # bidding order of strains S, H, D, C, NT (clubs lowest)


def accumulate(old: HandRange, new: HandRange) -> HandRange:
    """A player's picture after another call: both meanings, the newer winning a contradiction."""
    return old.merge_newer(new) if not new.is_trivial else old


class BidContext:
    """The public state of an auction at one player's turn (see the module docstring)."""

    __slots__ = (
        "dealer", "seat", "vulnerability", "records", "calls", "stripped", "position", "last_bid", "last_bidder",
        "doubling", "legal", "ranges", "shown", "last_shown", "passed", "forced", "game_forced", "last_meaning",
    )

    def __init__(self, dealer: Seat, vulnerability: Vulnerability, records: tuple[CallRecord, ...]) -> None:
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.records = records
        self.calls = tuple(r.call for r in records)
        self.seat = dealer.offset(len(records))
        first_bid = next((i for i, c in enumerate(self.calls) if c.is_bid), len(self.calls))
        self.stripped = self.calls[first_bid:]
        self.position = (self.seat - dealer) % 4 + 1
        ranges = [ANY, ANY, ANY, ANY]
        shown: list[set[int]] = [set(), set(), set(), set()]
        last_shown: list[int | None] = [None] * 4
        passed = [False] * 4
        last_meaning: list[Meaning | None] = [None] * 4
        last_bid: Call | None = None
        last_bidder: Seat | None = None
        doubling = Doubling.UNDOUBLED
        for index, record in enumerate(records):
            s = record.seat
            ranges[s] = accumulate(ranges[s], record.meaning.range)
            last_meaning[s] = record.meaning
            call = record.call
            if call.is_bid:
                last_bid, last_bidder, doubling = call, s, Doubling.UNDOUBLED
                if not record.meaning.artificial and call.strain is not None:
                    shown[s].add(int(call.strain))
                    last_shown[s] = int(call.strain)
            elif call.kind is CallKind.DOUBLE:
                doubling = Doubling.DOUBLED
            elif call.kind is CallKind.REDOUBLE:
                doubling = Doubling.REDOUBLED
            elif index < first_bid:
                passed[s] = True
        self.ranges = tuple(ranges)
        self.shown = tuple(frozenset(x) for x in shown)
        self.last_shown = tuple(last_shown)
        self.passed = tuple(passed)
        self.last_meaning = tuple(last_meaning)
        self.last_bid, self.last_bidder, self.doubling = last_bid, last_bidder, doubling
        self.legal = frozenset(self._legal_calls())
        self.game_forced = self._game_forced()
        self.forced = self.game_forced or self._partner_forces()

    # --- seats ----------------------------------------------------------------------------
    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def lho(self) -> Seat:
        return self.seat.lho

    @property
    def rho(self) -> Seat:
        return self.seat.rho

    def range_of(self, seat: Seat) -> HandRange:
        return self.ranges[seat]

    @property
    def we_vulnerable(self) -> bool:
        return self.vulnerability.is_vulnerable(self.seat)

    @property
    def they_vulnerable(self) -> bool:
        return self.vulnerability.is_vulnerable(self.seat.lho)

    @property
    def opener(self) -> Seat | None:
        return self.dealer.offset(len(self.calls) - len(self.stripped)) if self.stripped else None

    def ours(self, seat: Seat) -> bool:
        return seat.same_side(self.seat)

    def shown_by_side(self, ours: bool) -> frozenset[int]:
        seats = (self.seat, self.partner) if ours else (self.lho, self.rho)
        return self.shown[seats[0]] | self.shown[seats[1]]

    # --- obligations ------------------------------------------------------------------------
    def _legal_calls(self) -> list[Call]:
        from ..bridge.auction import ALL_BIDS, DOUBLE, PASS, REDOUBLE

        calls = [PASS]
        if self.last_bidder is not None and not self.last_bidder.same_side(self.seat):
            if self.doubling is Doubling.UNDOUBLED:
                calls.append(DOUBLE)
        if self.last_bidder is not None and self.last_bidder.same_side(self.seat):
            if self.doubling is Doubling.DOUBLED:
                calls.append(REDOUBLE)
        lowest = 0 if self.last_bid is None else self.last_bid.bid_order + 1
        return calls + list(ALL_BIDS[lowest:])

    def _game_forced(self) -> bool:
        force = False
        for record in self.records:
            if record.seat.same_side(self.seat):
                if record.meaning.game_forcing:
                    force = True
                elif record.meaning.ends_force:
                    force = False
        if not force or self.last_bid is None or self.last_bidder is None:
            return False
        if not self.last_bidder.same_side(self.seat) or self.doubling is not Doubling.UNDOUBLED:
            return False
        strain = int(self.last_bid.strain)  # type: ignore[arg-type]
        return self.last_bid.level < GAME_LEVEL[strain]

    def _partner_forces(self) -> bool:
        """Partner's last call forces me and the opponent after them passed."""
        records = self.records
        if len(records) < 2:
            return False
        partner_call = records[-2]
        if partner_call.seat != self.partner or not partner_call.meaning.forcing:
            return False
        return records[-1].call.kind is CallKind.PASS

    # --- helpers for the rules ----------------------------------------------------------------
    def partner_min_length(self, suit: int) -> int:
        return self.ranges[self.partner].lengths[suit][0]

    def partner_hcp(self) -> tuple[int, int]:
        return self.ranges[self.partner].hcp

    def partner_points(self) -> tuple[int, int]:
        """Partner's points as far as the auction shows them (at least their HCP, at most HCP + 3)."""
        r = self.ranges[self.partner]
        bonus = min(LENGTH_CAP, sum(max(0, hi - 4) for _, hi in r.lengths))
        if r.balanced:
            bonus = min(bonus, 1)  # a balanced hand has at most one five-card suit
        lo = max(r.points[0], r.hcp[0])
        hi = min(r.points[1], r.hcp[1] + bonus)
        for slo, shi in r.support:  # a raise is valued in support points: that is what it is worth
            if (slo, shi) != (0, 41):
                lo, hi = max(lo, slo), min(hi, max(shi, lo))
        return lo, max(lo, hi)

    def cheapest_level(self, strain: int) -> int:
        if self.last_bid is None:
            return 1
        assert self.last_bid.strain is not None
        above = _LADDER[strain] > _LADDER[int(self.last_bid.strain)]
        return self.last_bid.level if above else self.last_bid.level + 1

    def is_game_or_higher(self, call: Call) -> bool:
        return call.is_bid and call.level >= GAME_LEVEL[int(call.strain)]  # type: ignore[arg-type]


def strain_word(strain: int) -> str:
    return Strain(strain).symbol
