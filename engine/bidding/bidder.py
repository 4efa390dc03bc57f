"""Choosing calls with a system, and reading what every call of an auction means.

Both directions use the same rules: :func:`choose_call` tries them in order for
the hand in front of it; :func:`interpret` asks which rules could have produced
a call seen at the table and combines their constraints (their hull).  The
meaning recorded for a call is always the reading — what the other three
players learn — never the private reason the caller had, so a computer player's
picture of a hand is exactly what the auction told it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..bridge.auction import PASS, Auction, Call, CallKind
from ..bridge.contract import Strain, Vulnerability
from ..core.cards import CardSet
from ..core.deal import Deal
from ..core.seats import Seat
from .context import BidContext, accumulate
from .hand import HandFacts
from .meaning import NO_AGREEMENT, CallRecord, Meaning
from .patterns import Env
from .ranges import ANY, SUIT_NAMES, HandRange
from .system import Rule, System

__all__ = [
    "Choice",
    "choose_call",
    "interpret",
    "read_auction",
    "bid_deal",
    "continue_auction",
    "seat_ranges",
    "MAX_CALLS",
]

MAX_CALLS = 4 * 35 + 3 * 35 + 4  # more calls than any legal auction can have


@dataclass(frozen=True, slots=True)
class Choice:
    """The call a system makes for a hand, and the rule that made it (``None``: nothing fitted)."""

    call: Call
    rule: Rule | None
    env: Env


def choose_call(system: System, ctx: BidContext, hand: HandFacts | CardSet | int) -> Choice:
    """The first rule in the card that fits the auction, whose call is legal and whose conditions hold."""
    facts = hand if isinstance(hand, HandFacts) else HandFacts(hand)
    for rule, env in system.candidates(ctx):
        if rule.template.stop:
            if all(c.holds(facts, ctx, env, None) for c in rule.conditions if c.public):
                break
            continue
        for e in rule.expansions(env):
            call = rule.template.resolve(e, ctx.last_bid)
            if call is None or call not in ctx.legal:
                continue
            if all(c.holds(facts, ctx, e, call) for c in rule.conditions):
                if call.kind is CallKind.PASS and ctx.forced:
                    continue
                return Choice(call, rule, e)
    return Choice(_fallback(ctx, facts), None, {})


def _fallback(ctx: BidContext, hand: HandFacts) -> Call:
    """Nothing in the card fits: pass, or when forced the most natural call still open."""
    if not ctx.forced:
        return PASS
    options: list[int] = []
    partner_suit = ctx.last_shown[ctx.partner]
    if partner_suit is not None and (partner_suit == 4 or hand.lengths[partner_suit] >= 3):
        options.append(partner_suit)
    theirs = ctx.shown_by_side(False)
    by_length = sorted(range(4), key=lambda s: (-hand.lengths[s], s))
    options += [s for s in by_length if s not in theirs and hand.lengths[s] >= 5]
    options.append(4)
    options += by_length
    for strain in options:
        level = ctx.cheapest_level(strain)
        if level <= 7:
            call = Call.bid(level, Strain(strain))
            if call in ctx.legal:
                return call
    return PASS


def _render(rule: Rule, env: Env, rng: HandRange) -> str:
    text = rule.text or "{range}"

    def sub(m: re.Match) -> str:
        key = m.group(1)
        if key == "range":
            return rng.describe()
        var, other = key.rstrip("'"), key.endswith("'")
        if var in env:
            suit = env[var] ^ 1 if other else env[var]
            return SUIT_NAMES[suit]
        return m.group(0)

    out = re.sub(r"\{(range|[abcdMm]'?)\}", sub, text)
    out = re.sub(r"\s*,\s*,", ",", out).strip().strip(",:").strip()
    return out.replace(": ,", ":")


def interpret(system: System, ctx: BidContext, call: Call) -> Meaning:
    """What ``call`` at ``ctx`` tells the table: the hull of every rule that could make it there."""
    found: list[tuple[Rule, Env, HandRange]] = []
    for rule, env in system.candidates(ctx):
        if rule.template.stop:
            if all(c.holds(None, ctx, env, None) for c in rule.conditions if c.public):
                break
            continue
        closes = False
        for e in rule.expansions(env):
            made = rule.template.resolve(e, ctx.last_bid)
            if made is None or made not in ctx.legal or (made.kind is CallKind.PASS and ctx.forced):
                continue
            if not all(c.holds(None, ctx, e, made) for c in rule.conditions if c.public):
                continue
            if all(c.public for c in rule.conditions):
                closes = True  # any hand would make this call here: nothing below is reached
            if made != call:
                if closes:
                    break
                continue
            rng = ANY
            for c in rule.conditions:
                if not c.public:
                    rng = rng.intersect(c.constraint(ctx, e))
            if not rng.is_empty:
                found.append((rule, e, rng))
            if closes:
                break
        if closes:
            break
    if not found:
        return _default_meaning(ctx, call)
    hull = found[0][2]
    for _, _, rng in found[1:]:
        hull = hull.hull(rng)
    texts = []
    for rule, e, rng in found:
        text = _render(rule, e, hull if len(found) > 1 else rng)
        if text and text not in texts:
            texts.append(text)
    if len(texts) > 1:
        labels = {t.split(":", 1)[0] for t in texts if ":" in t}
        label = labels.pop() if len(labels) == 1 and all(":" in t for t in texts) else ""
        text = f"{label}: {hull.describe()}" if label and hull.describe() else (hull.describe() or texts[0])
    else:
        text = texts[0] if texts else hull.describe()
    first_rule, first_env, _ = found[0]
    key = first_rule.key_suit.resolve(first_env) if first_rule.key_suit is not None else None
    return Meaning(
        range=hull,
        text=text or _quiet_text(call),
        forcing=all(r.forcing for r, _, _ in found),
        game_forcing=all(r.game_forcing for r, _, _ in found),
        ends_force=all(r.non_forcing for r, _, _ in found),
        artificial=all(r.artificial for r, _, _ in found),
        tag=first_rule.tag if all(r.tag == first_rule.tag for r, _, _ in found) else None,
        key_suit=key,
        rules=tuple(dict.fromkeys(r.source for r, _, _ in found)),
    )


def _quiet_text(call: Call) -> str:
    return "no suitable call" if call.kind is CallKind.PASS else "no particular hand"


def _default_meaning(ctx: BidContext, call: Call) -> Meaning:
    """A call the card has no rule for: a suit bid is taken as natural, anything else says nothing."""
    if call.is_bid and call.strain is not None and call.strain != Strain.NOTRUMP:
        suit = int(call.strain)
        need = 4 if call.level == 1 else 5
        rng = ANY.with_length(suit, need)
        return Meaning(rng, f"not in the system; taken as natural: {rng.describe()}")
    if call.kind is CallKind.PASS:
        return Meaning(ANY, "no suitable call")
    return NO_AGREEMENT


def read_auction(
    system: System, dealer: Seat, vulnerability: Vulnerability, calls: Iterable[Call | str]
) -> tuple[CallRecord, ...]:
    """Every call of an auction with the meaning the system gives it where it was made."""
    auction = Auction.from_calls(dealer, calls)  # checks legality
    records: list[CallRecord] = []
    for call in auction.calls:
        ctx = BidContext(dealer, vulnerability, tuple(records))
        records.append(CallRecord(ctx.seat, call, interpret(system, ctx, call)))
    return tuple(records)


def seat_ranges(records: Sequence[CallRecord]) -> tuple[HandRange, HandRange, HandRange, HandRange]:
    """What the auction has shown of each seat's hand (index = seat)."""
    ranges = [ANY, ANY, ANY, ANY]
    for r in records:
        ranges[r.seat] = accumulate(ranges[r.seat], r.meaning.range)
    return tuple(ranges)  # type: ignore[return-value]


def continue_auction(
    system: System,
    deal: Deal,
    dealer: Seat,
    vulnerability: Vulnerability,
    records: Sequence[CallRecord] = (),
    *,
    seats: Iterable[Seat] = tuple(Seat),
) -> tuple[CallRecord, ...]:
    """Bid on from ``records`` for the computer ``seats`` until the auction ends or another seat is to call."""
    computer = frozenset(seats)
    out = list(records)
    auction = Auction.from_calls(dealer, [r.call for r in out])
    while not auction.is_complete and len(out) < MAX_CALLS:
        ctx = BidContext(dealer, vulnerability, tuple(out))
        if ctx.seat not in computer:
            break
        choice = choose_call(system, ctx, deal[ctx.seat])
        auction = auction.with_call(choice.call)
        out.append(CallRecord(ctx.seat, choice.call, interpret(system, ctx, choice.call)))
    return tuple(out)


def bid_deal(system: System, deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> tuple[CallRecord, ...]:
    """The whole auction when the system bids all four hands."""
    return continue_auction(system, deal, dealer, vulnerability)

