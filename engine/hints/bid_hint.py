"""The bid hint: the system's call and meaning, and what the main candidate contracts make double-dummy.

The call comes from the system card (:func:`engine.bidding.choose_call`) with the
meaning everyone at the table would give it.  The double-dummy part looks ahead:
deals are sampled from the bidder's seat, consistent with the bidder's hand and
with every call so far (their meanings constrain the hidden hands), and for each
main candidate contract of the bidder's side — the contract the system's call
names, the partscore, game and slam in the strains the side may play — the
double-dummy tricks give the share of deals where it makes and its average
score.  Each contract is played by the partner who named the strain first (the
bidder when nobody has yet), as the auction would have it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..bidding import BidContext, CallRecord, Meaning, System, choose_call, interpret, seat_ranges
from ..bridge.auction import Call
from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.scoring import duplicate_score
from ..core.cancel import NEVER, CancelToken
from ..core.cards import CardSet
from ..core.deal import Deal
from ..core.seats import Seat
from ..solvers.oracle import DoubleDummyOracle
from ..worlds import HandConstraint, SeatKnowledge, WorldKnowledge, sample_worlds
from ..worlds.auction import auction_constraints

__all__ = ["ContractOutlook", "BidHint", "bid_hint", "candidate_contracts"]

GAME = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4, Strain.DIAMONDS: 5, Strain.CLUBS: 5}


@dataclass(frozen=True, slots=True)
class ContractOutlook:
    """One candidate contract over the sampled deals: how often it makes and what it scores on average."""

    contract: Contract
    declarer: Seat
    made: int
    deals: int
    mean_tricks: float
    mean_score: float  # for the bidder's side

    @property
    def p_make(self) -> float:
        return self.made / self.deals if self.deals else 0.0

    def to_json(self) -> dict[str, object]:
        return {"contract": str(self.contract), "declarer": self.declarer.letter, "made": self.made,
                "deals": self.deals, "p_make": round(self.p_make, 4), "mean_tricks": round(self.mean_tricks, 3),
                "mean_score": round(self.mean_score, 1)}


@dataclass(frozen=True, slots=True)
class BidHint:
    """The system's call with its meaning, and the double-dummy outlook of the main contracts."""

    seat: Seat
    call: Call
    meaning: Meaning
    rule: str | None
    outlooks: tuple[ContractOutlook, ...]  # best average score first
    deals: int
    text: str

    @property
    def best(self) -> ContractOutlook | None:
        return self.outlooks[0] if self.outlooks else None

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat.letter, "call": "P" if str(self.call) == "Pass" else str(self.call),
                "meaning": self.meaning.text, "rule": self.rule, "deals": self.deals,
                "outlooks": [o.to_json() for o in self.outlooks], "text": self.text}


def _symbols(contract: Contract) -> str:
    return f"{contract.level}{contract.strain.symbol}"


def candidate_contracts(ctx: BidContext, call: Call, hand: CardSet) -> list[tuple[Contract, Seat]]:
    """The main contracts for the bidder's side: the call's own, then partscore, game and slam in the
    strains the side may play (a shown or held fit, the bidder's long suit, notrump), each by the
    partner who named the strain first (the bidder otherwise); none below the auction's level."""
    partner = ctx.partner
    ranges = seat_ranges(ctx.records)
    strains: list[int] = []
    if call.is_bid and call.strain is not None:
        strains.append(int(call.strain))
    for suit in range(4):
        shown = ranges[partner].lengths[suit][0] + hand.suit_length(suit)
        if shown >= 8 or hand.suit_length(suit) >= 6 or suit in ctx.shown[partner]:
            strains.append(suit)
    strains.append(int(Strain.NOTRUMP))
    strains = list(dict.fromkeys(strains))[:3]
    floor = -1 if ctx.last_bid is None else ctx.last_bid.bid_order
    out: list[tuple[Contract, Seat]] = []
    for strain in strains:
        declarer = _declarer(ctx, strain)
        levels = {GAME[Strain(strain)], 6, ctx.cheapest_level(strain)}
        if call.is_bid and call.strain is not None and int(call.strain) == strain:
            levels.add(call.level)
        for level in sorted(levels):
            if level <= 7 and Call.bid(level, Strain(strain)).bid_order > floor:
                out.append((Contract(level, Strain(strain)), declarer))
    return out


def _declarer(ctx: BidContext, strain: int) -> Seat:
    for record in ctx.records:
        if record.seat.same_side(ctx.seat) and record.call.is_bid and record.call.strain is not None:
            if int(record.call.strain) == strain and not record.meaning.artificial:
                return record.seat
    return ctx.seat


def bid_hint(
    system: System,
    deal_hand: CardSet,
    dealer: Seat,
    vulnerability: Vulnerability,
    records: Sequence[CallRecord],
    oracle: DoubleDummyOracle | None,
    *,
    deals: int = 12,
    rng: random.Random | None = None,
    cancel: CancelToken = NEVER,
) -> BidHint:
    """The hint for the player to call after ``records`` holding ``deal_hand`` (no double-dummy part
    without an oracle)."""
    ctx = BidContext(dealer, vulnerability, tuple(records))
    seat = ctx.seat
    choice = choose_call(system, ctx, deal_hand)
    meaning = interpret(system, ctx, choice.call)
    rule = None if choice.rule is None else choice.rule.source
    outlooks: list[ContractOutlook] = []
    sampled = 0
    if oracle is not None and deals > 0:
        rng = rng or random.Random(0)
        constraints = auction_constraints(records, skip=[seat])
        knowledge = WorldKnowledge(tuple(
            SeatKnowledge(known=deal_hand.mask if s == seat else 0, constraint=constraints.get(s, HandConstraint()))
            for s in Seat
        ))  # type: ignore[arg-type]
        worlds = sample_worlds(knowledge, deals, rng)
        candidates = candidate_contracts(ctx, choice.call, deal_hand)
        tricks: dict[tuple[int, Seat], list[int]] = {}
        for n, hands in enumerate(worlds):
            cancel.check()
            cancel.report(n / len(worlds), f"double-dummy on deal {n + 1} of {len(worlds)}")
            world = Deal.from_masks(hands)
            for contract, declarer in candidates:
                key = (int(contract.strain), declarer)
                if len(tricks.setdefault(key, [])) <= n:
                    tricks[key].append(oracle.declarer_tricks(world, int(contract.strain), int(declarer)))
        sampled = len(worlds)
        vulnerable = vulnerability.is_vulnerable(seat)
        for contract, declarer in candidates:
            ts = tricks[(int(contract.strain), declarer)]
            made = sum(t >= contract.tricks_needed for t in ts)
            score = sum(duplicate_score(contract, vulnerable, t) for t in ts) / len(ts)
            outlooks.append(ContractOutlook(contract, declarer, made, len(ts), sum(ts) / len(ts), score))
        outlooks.sort(key=lambda o: -o.mean_score)
    return BidHint(seat, choice.call, meaning, rule, tuple(outlooks), sampled, _text(choice.call, meaning, outlooks, sampled))


def _text(call: Call, meaning: Meaning, outlooks: Sequence[ContractOutlook], deals: int) -> str:
    name = f"{call.level}{call.strain.symbol}" if call.is_bid and call.strain is not None else str(call)
    parts = [f"The system calls {name}: {meaning.text}."]
    if outlooks:
        shown = ", ".join(
            f"{_symbols(o.contract)} by {o.declarer.name.title()} makes in {o.made} of {o.deals} ({o.mean_score:+.0f} on average)"
            for o in outlooks[:4]
        )
        parts.append(f"Double-dummy over {deals} deals that fit the auction: {shown}.")
        best = outlooks[0]
        parts.append(f"Best on average: {_symbols(best.contract)} by {best.declarer.name.title()}.")
    return " ".join(parts)
