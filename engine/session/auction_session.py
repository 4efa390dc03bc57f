"""The bidding of a board between the user and three computer players (no Qt, no threads).

The user bids one seat (South by default) with a computer partner; the computer
bids the other three with a system card.  Every call, the computer's and the
user's, is recorded with the meaning the system gives it there, so the table can
explain any call and the play that follows samples deals that fit the auction.
A computer call takes milliseconds, so :meth:`AuctionSession.bid_computer_calls`
runs them directly; the bid hint's double-dummy part is engine work
(``engine.hints.bid_hint``) and runs on the worker.

When the auction ends, :meth:`AuctionSession.contract_choice` gives the contract
and declarer (``None`` when the board is passed out) for a
:class:`~engine.session.bridge_session.BridgeSession`, which seats the user as
declarer when their side won the auction and as a defender at their own seat
otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bidding import BidContext, CallRecord, Meaning, System, choose_call, default_system, interpret
from ..bidding.ranges import HandRange
from ..bridge.auction import Auction, AuctionError, Call, PassedOut
from ..core.seats import Seat
from .bridge_session import BridgeBoard, BridgeSessionError
from .contract_choice import ContractChoice, ContractMethod

__all__ = ["AuctionSession", "CallExplanation", "SystemCall"]


@dataclass(frozen=True, slots=True)
class CallExplanation:
    """One call of the auction in words: who, what, and what it means."""

    index: int
    seat: Seat
    call: Call
    meaning: Meaning

    @property
    def text(self) -> str:
        """``South 1♥: 12-21 HCP, 5+ hearts``."""
        return f"{self.seat.name.title()} {call_symbols(self.call)}: {self.meaning.text}"


@dataclass(frozen=True, slots=True)
class SystemCall:
    """What the system would call with the user's hand here, and what that call means."""

    call: Call
    meaning: Meaning
    rule: str | None  # the card line that chose it ("sayc.txt:42"), None when nothing fitted


def call_symbols(call: Call) -> str:
    """``1♥``, ``3NT``, ``Pass``, ``X``, ``XX``."""
    if call.is_bid and call.strain is not None:
        return f"{call.level}{call.strain.symbol}"
    return str(call)


class AuctionSession:
    """One board's auction: the user's seat, the computer's three, the calls with their meanings."""

    def __init__(self, board: BridgeBoard, *, user_seat: Seat = Seat.SOUTH, system: System | None = None) -> None:
        if not board.deal.is_full:
            raise BridgeSessionError("an auction needs a full 52-card deal")
        self.board = board
        self.user_seat = user_seat
        self.system = system if system is not None else default_system()
        self.records: list[CallRecord] = []

    # --- state --------------------------------------------------------------------------
    @property
    def auction(self) -> Auction:
        return Auction(self.board.dealer, tuple(r.call for r in self.records))

    @property
    def is_complete(self) -> bool:
        return self.auction.is_complete

    @property
    def next_seat(self) -> Seat:
        return self.board.dealer.offset(len(self.records))

    @property
    def is_user_turn(self) -> bool:
        return not self.is_complete and self.next_seat == self.user_seat

    def context(self) -> BidContext:
        return BidContext(self.board.dealer, self.board.vulnerability, tuple(self.records))

    def legal_calls(self) -> tuple[Call, ...]:
        return () if self.is_complete else self.auction.legal_calls()

    # --- calls ------------------------------------------------------------------------------
    def meaning_of(self, call: Call) -> Meaning:
        """What ``call`` would mean if the player to call made it now (for the bidding box)."""
        return interpret(self.system, self.context(), call)

    def user_call(self, call: Call | str) -> CallRecord:
        """The user makes ``call`` (text such as ``1H``, ``P``, ``X`` works too)."""
        c = call if isinstance(call, Call) else Call.parse(call)
        if not self.is_user_turn:
            who = "nobody" if self.is_complete else self.next_seat.name.title()
            raise BridgeSessionError(f"cannot call {c}: it is {who}'s turn to call, not yours")
        if c not in self.legal_calls():
            try:
                self.auction.with_call(c)
            except AuctionError as exc:
                raise BridgeSessionError(f"{c} is not allowed now: {exc}") from None
        return self._record(c)

    def _record(self, call: Call) -> CallRecord:
        ctx = self.context()
        record = CallRecord(ctx.seat, call, interpret(self.system, ctx, call))
        self.records.append(record)
        return record

    def computer_call(self) -> CallRecord | None:
        """The next computer seat calls (``None`` when it is the user's turn or the auction is over)."""
        if self.is_complete or self.is_user_turn:
            return None
        ctx = self.context()
        choice = choose_call(self.system, ctx, self.board.deal[ctx.seat])
        return self._record(choice.call)

    def bid_computer_calls(self) -> tuple[CallRecord, ...]:
        """Every computer call until the user is to call or the auction ends."""
        made = []
        while (record := self.computer_call()) is not None:
            made.append(record)
        return tuple(made)

    def system_call(self) -> SystemCall:
        """The call the system makes with the user's hand now (the bid hint's first line)."""
        if not self.is_user_turn:
            raise BridgeSessionError("the system's call is asked for at your turn to call")
        ctx = self.context()
        choice = choose_call(self.system, ctx, self.board.deal[self.user_seat])
        meaning = interpret(self.system, ctx, choice.call)
        return SystemCall(choice.call, meaning, None if choice.rule is None else choice.rule.source)

    def undo(self) -> None:
        """Take back the user's last call and every call after it."""
        for index in range(len(self.records) - 1, -1, -1):
            if self.records[index].seat == self.user_seat:
                del self.records[index:]
                return
        raise BridgeSessionError("nothing to undo: you have not called yet")

    # --- words ------------------------------------------------------------------------------------
    def explanations(self) -> tuple[CallExplanation, ...]:
        return tuple(CallExplanation(i, r.seat, r.call, r.meaning) for i, r in enumerate(self.records))

    def shown(self, seat: Seat) -> HandRange:
        """What the auction has shown of ``seat``'s hand so far."""
        from ..bidding import seat_ranges

        return seat_ranges(self.records)[seat]

    # --- the end --------------------------------------------------------------------------------------
    def contract_choice(self) -> ContractChoice | None:
        """The contract and declarer the auction reached; ``None`` when the board was passed out."""
        outcome = self.auction.outcome()
        if outcome is None:
            raise BridgeSessionError("the auction is not over yet")
        if isinstance(outcome, PassedOut):
            return None
        contract, declarer = outcome
        return ContractChoice(contract, declarer, contract.tricks_needed, ContractMethod.AUCTION)
