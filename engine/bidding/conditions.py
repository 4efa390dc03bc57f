"""The condition vocabulary of a system card: what a rule asks of the hand and of the auction.

Every condition answers two questions:

* :meth:`Condition.holds` — does this hand, at this point of the auction, qualify?
* :meth:`Condition.constraint` — what does the call then tell the table about the
  hand, as a :class:`~engine.bidding.ranges.HandRange`?

The constraint must follow from the condition (every hand that qualifies lies in
the range), so that the meaning a call is given is always true of the hand that
made it; a condition that cannot be stated as ranges (a stopper, a comparison of
two suits) says nothing (the whole range) rather than something false.  *Public*
conditions read only the auction, so every player can check them.

Clauses, separated by ``;`` in a card (``R`` is ``7``, ``7+`` or ``5-9``)::

    hcp R              high-card points
    pts R              points: HCP plus length points (at most +3)
    sp {a} R           support points for suit a (HCP plus shortness, at most +4)
    {a} R   H R        length of a suit
    {a} > {b}          longer than (also >=, =);  {a} above {b}: a outranks b
    others {a} R       every suit but a
    balanced | semibalanced | unbalanced
    longest {a}        no suit is longer
    good {a}           two of the top three honours, or three of the top five
    honours {a} R      how many of A, K, Q
    stopper {a}        A, Kx, Qxx or Jxxx;  stoppers: in every suit the opponents bid
    cmin R | cmax R    my points plus partner's least / most points so far
    cexp R             my points plus what partner is expected to hold (the middle of
                       their range, an open range counted six points wide)
    cmin {a} R         the same with support points for a (also cmax, cexp)
    fit {a} [N]        my length plus partner's least length, at least N (8)
    keycards {a} 1,4   aces plus the trump king;  queen {a} | noqueen {a}
    missing {a} R      key cards the partnership lacks (asker, after the answer)
    seat R             position from the dealer (1-4)
    vul | nonvul | theyvul | theynonvul
    passed | ppassed | unpassed      I / partner passed before any bid
    forced | free      partner's last call forces me (or not)
    level R            the level of the call the rule makes
    lastlevel R        the level of the highest bid so far
    pbid {a} | plast {a} | mybid {a} | obid {a} | olast {a} | unbid {a}
    plen {a} R         partner's least shown length
    pmin R | pmax R    partner's least / most HCP so far
    ptag NAME | mytag NAME | sidetag NAME | keysuit {a}
    keyfit {a}         the suit the partnership has agreed (shown eight cards in it together)
    doubled | undoubled | ourbid | theirbid | gf
    not CLAUSE
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core.cards import make_card
from .context import GAME_LEVEL, BidContext
from .hand import HandFacts
from .patterns import Env, PatternError, SuitRef, parse_suit_ref
from .ranges import ANY, MAX_HCP, MAX_POINTS, SUIT_NAMES, HandRange, Holding

__all__ = ["Condition", "ConditionError", "parse_conditions"]


class ConditionError(ValueError):
    """A condition clause that cannot be read; the message names the clause and why."""


_ACES_MASK = sum(1 << make_card(s, 14) for s in range(4))


@dataclass(frozen=True)
class Condition:
    """Base class; subclasses set :attr:`public` when they read only the auction."""

    text: str
    refs: tuple[SuitRef, ...] = field(default=(), kw_only=True)

    public = False

    @property
    def variables(self) -> tuple[str, ...]:
        return tuple(v for r in self.refs for v in r.variables)

    def suit(self, env: Env, i: int = 0) -> int:
        s = self.refs[i].resolve(env)
        assert s is not None, f"{self.text}: variable unbound"
        return s

    def holds(self, hand: HandFacts | None, ctx: BidContext, env: Env, call) -> bool:  # pragma: no cover
        raise NotImplementedError

    def constraint(self, ctx: BidContext, env: Env) -> HandRange:
        return ANY


# --- the hand -------------------------------------------------------------------------


@dataclass(frozen=True)
class Hcp(Condition):
    lo: int = 0
    hi: int = MAX_HCP

    def holds(self, hand, ctx, env, call):
        return self.lo <= hand.hcp <= self.hi

    def constraint(self, ctx, env):
        return HandRange((self.lo, self.hi))


@dataclass(frozen=True)
class Points(Condition):
    lo: int = 0
    hi: int = MAX_HCP

    def holds(self, hand, ctx, env, call):
        value = hand.support_points(self.suit(env)) if self.refs else hand.points
        return self.lo <= value <= self.hi

    def constraint(self, ctx, env):
        if self.refs:
            return ANY.with_support(self.suit(env), self.lo, self.hi)
        return ANY.with_points(self.lo, self.hi)


@dataclass(frozen=True)
class Length(Condition):
    lo: int = 0
    hi: int = 13

    def holds(self, hand, ctx, env, call):
        return self.lo <= hand.lengths[self.suit(env)] <= self.hi

    def constraint(self, ctx, env):
        return ANY.with_length(self.suit(env), self.lo, self.hi)


@dataclass(frozen=True)
class Compare(Condition):
    op: str = ">"

    def holds(self, hand, ctx, env, call):
        a, b = hand.lengths[self.suit(env, 0)], hand.lengths[self.suit(env, 1)]
        return a > b if self.op == ">" else a >= b if self.op == ">=" else a == b


@dataclass(frozen=True)
class Others(Condition):
    """Every suit but one has a length in the range (a takeout double's shape)."""

    lo: int = 0
    hi: int = 13

    def holds(self, hand, ctx, env, call):
        skip = self.suit(env)
        return all(self.lo <= n <= self.hi for s, n in enumerate(hand.lengths) if s != skip)

    def constraint(self, ctx, env):
        skip = self.suit(env)
        rng = ANY
        for s in range(4):
            if s != skip:
                rng = rng.with_length(s, self.lo, self.hi)
        return rng


@dataclass(frozen=True)
class Ranks(Condition):
    """Suit order only (``{c} above {a}``: c outranks a)."""

    public = True
    above: bool = True

    def holds(self, hand, ctx, env, call):
        a, b = self.suit(env, 0), self.suit(env, 1)
        return a < b if self.above else a > b


@dataclass(frozen=True)
class Balanced(Condition):
    def holds(self, hand, ctx, env, call):
        return hand.balanced

    def constraint(self, ctx, env):
        return HandRange(balanced=True)


@dataclass(frozen=True)
class Unbalanced(Condition):
    def holds(self, hand, ctx, env, call):
        return not hand.balanced


@dataclass(frozen=True)
class SemiBalanced(Condition):
    """No singleton or void, no suit longer than six."""

    def holds(self, hand, ctx, env, call):
        return min(hand.lengths) >= 2 and max(hand.lengths) <= 6

    def constraint(self, ctx, env):
        return HandRange(lengths=((2, 6),) * 4)


@dataclass(frozen=True)
class Longest(Condition):
    def holds(self, hand, ctx, env, call):
        n = hand.lengths[self.suit(env)]
        return all(n >= m for m in hand.lengths)

    def constraint(self, ctx, env):
        return ANY.with_length(self.suit(env), 4)


@dataclass(frozen=True)
class Good(Condition):
    def holds(self, hand, ctx, env, call):
        return hand.good_suit(self.suit(env))


@dataclass(frozen=True)
class Honours(Condition):
    lo: int = 0
    hi: int = 3

    def holds(self, hand, ctx, env, call):
        return self.lo <= hand.top_honours(self.suit(env), 3) <= self.hi

    def constraint(self, ctx, env):
        suit = self.suit(env)
        mask = sum(1 << make_card(suit, r) for r in (14, 13, 12))
        allowed = sum(1 << n for n in range(self.lo, self.hi + 1))
        return HandRange(holdings=(Holding(mask, allowed, f"{'♠♥♦♣'[suit]}AKQ"),))


@dataclass(frozen=True)
class Stopper(Condition):
    def holds(self, hand, ctx, env, call):
        return hand.stopper(self.suit(env))


@dataclass(frozen=True)
class Stoppers(Condition):
    """A stopper in every suit the opponents have bid."""

    def holds(self, hand, ctx, env, call):
        return all(hand.stopper(s) for s in ctx.shown_by_side(False) if s < 4)


@dataclass(frozen=True)
class Combined(Condition):
    """My points (support points with a suit) plus partner's least (``cmin``) or most (``cmax``) HCP."""

    use_max: bool = False
    expected: bool = False
    lo: int = 0
    hi: int = 80

    def _partner(self, ctx):
        lo, hi = ctx.partner_points()
        if self.expected:
            return expected_points(lo, hi)
        return hi if self.use_max else lo

    def holds(self, hand, ctx, env, call):
        value = hand.support_points(self.suit(env)) if self.refs else hand.points
        return self.lo <= value + self._partner(ctx) <= self.hi

    def constraint(self, ctx, env):
        p = self._partner(ctx)
        lo, hi = max(0, self.lo - p), min(MAX_POINTS, self.hi - p)  # empty: the rule never fires
        if self.refs:
            return ANY.with_support(self.suit(env), lo, hi)
        return ANY.with_points(lo, hi)


def expected_points(lo: int, hi: int) -> int:
    """What partner is worth on average: the middle of their range, an open range counting six points wide."""
    return lo + min(hi - lo, 6) // 2


@dataclass(frozen=True)
class Fit(Condition):
    n: int = 8

    def holds(self, hand, ctx, env, call):
        suit = self.suit(env)
        return hand.lengths[suit] + ctx.partner_min_length(suit) >= self.n

    def constraint(self, ctx, env):
        suit = self.suit(env)
        return ANY.with_length(suit, max(0, self.n - ctx.partner_min_length(suit)))


@dataclass(frozen=True)
class Keycards(Condition):
    counts: tuple[int, ...] = ()

    def holds(self, hand, ctx, env, call):
        return hand.keycards(self.suit(env)) in self.counts

    def constraint(self, ctx, env):
        suit = self.suit(env)
        mask = _ACES_MASK | 1 << make_card(suit, 13)
        allowed = sum(1 << n for n in self.counts)
        return HandRange(holdings=(Holding(mask, allowed, f"key cards for {SUIT_NAMES[suit]}"),))


@dataclass(frozen=True)
class Queen(Condition):
    has: bool = True

    def holds(self, hand, ctx, env, call):
        return hand.trump_queen(self.suit(env)) == self.has

    def constraint(self, ctx, env):
        suit = self.suit(env)
        card = make_card(suit, 12)
        return HandRange(holdings=(Holding(1 << card, 2 if self.has else 1, "♠♥♦♣"[suit] + "Q"),))


def partner_keycards(ctx: BidContext, suit: int, mine: int) -> int | None:
    """The key cards partner's answer showed, the ambiguity (1 or 4, 0 or 3) settled by their points."""
    mask = _ACES_MASK | 1 << make_card(suit, 13)
    for h in ctx.ranges[ctx.partner].holdings:
        if h.mask == mask:
            counts = [n for n in h.counts if n + mine <= 5]
            if not counts:
                return None
            lo_hcp = ctx.ranges[ctx.partner].hcp[0]
            plausible = [n for n in counts if n == min(counts) or lo_hcp >= 4 * n - 1]
            return max(plausible)
    return None


@dataclass(frozen=True)
class Missing(Condition):
    lo: int = 0
    hi: int = 5

    def holds(self, hand, ctx, env, call):
        suit = self.suit(env)
        mine = hand.keycards(suit)
        theirs = partner_keycards(ctx, suit, mine)
        if theirs is None:
            return False
        return self.lo <= 5 - mine - theirs <= self.hi


# --- the auction (public) -------------------------------------------------------------------


@dataclass(frozen=True)
class Public(Condition):
    public = True


@dataclass(frozen=True)
class Position(Public):
    lo: int = 1
    hi: int = 4

    def holds(self, hand, ctx, env, call):
        return self.lo <= ctx.position <= self.hi


@dataclass(frozen=True)
class Vul(Public):
    which: str = "vul"

    def holds(self, hand, ctx, env, call):
        return {
            "vul": ctx.we_vulnerable,
            "nonvul": not ctx.we_vulnerable,
            "theyvul": ctx.they_vulnerable,
            "theynonvul": not ctx.they_vulnerable,
        }[self.which]


@dataclass(frozen=True)
class Passed(Public):
    who: str = "me"  # me, partner, unpassed

    def holds(self, hand, ctx, env, call):
        if self.who == "partner":
            return ctx.passed[ctx.partner]
        return ctx.passed[ctx.seat] == (self.who == "me")


@dataclass(frozen=True)
class Forced(Public):
    value: bool = True

    def holds(self, hand, ctx, env, call):
        return ctx.forced == self.value


@dataclass(frozen=True)
class Level(Public):
    lo: int = 1
    hi: int = 7
    of_last: bool = False

    def holds(self, hand, ctx, env, call):
        if self.of_last:
            level = ctx.last_bid.level if ctx.last_bid is not None else 0
        else:
            if call is None or not call.is_bid:
                return False
            level = call.level
        return self.lo <= level <= self.hi


@dataclass(frozen=True)
class Shown(Public):
    """Whether a suit has been bid naturally by ``who`` (partner, me, opponents, nobody)."""

    who: str = "partner"
    last: bool = False

    def holds(self, hand, ctx, env, call):
        suit = self.suit(env)
        if self.who == "nobody":
            return all(suit not in s for s in ctx.shown)
        seats = {
            "partner": (ctx.partner,),
            "me": (ctx.seat,),
            "opponents": (ctx.lho, ctx.rho),
        }[self.who]
        if self.last:
            if self.who == "opponents":
                for record in reversed(ctx.records):
                    if record.call.is_bid and not record.seat.same_side(ctx.seat):
                        return not record.meaning.artificial and int(record.call.strain) == suit
                return False
            return any(ctx.last_shown[s] == suit for s in seats)
        return any(suit in ctx.shown[s] for s in seats)


@dataclass(frozen=True)
class PartnerLength(Public):
    lo: int = 0
    hi: int = 13

    def holds(self, hand, ctx, env, call):
        return self.lo <= ctx.partner_min_length(self.suit(env)) <= self.hi


@dataclass(frozen=True)
class PartnerHcp(Public):
    use_max: bool = False
    lo: int = 0
    hi: int = MAX_HCP

    def holds(self, hand, ctx, env, call):
        lo, hi = ctx.partner_hcp()
        return self.lo <= (hi if self.use_max else lo) <= self.hi


@dataclass(frozen=True)
class Tag(Public):
    name: str = ""
    mine: bool = False

    def holds(self, hand, ctx, env, call):
        meaning = ctx.last_meaning[ctx.seat if self.mine else ctx.partner]
        return meaning is not None and meaning.tag == self.name


@dataclass(frozen=True)
class KeyFit(Public):
    """The suit the partnership has agreed as far as the table can tell: the two hands together
    have shown eight cards in it (the longest such fit, the higher suit on a tie)."""

    def holds(self, hand, ctx, env, call):
        return agreed_suit(ctx) == self.suit(env)


def agreed_suit(ctx: BidContext) -> int | None:
    """The suit my partner and I have publicly agreed (eight cards shown between us), if any."""
    mine, theirs = ctx.ranges[ctx.seat], ctx.ranges[ctx.partner]
    agreed = [s for s in range(4) if mine.lengths[s][0] + theirs.lengths[s][0] >= 8]
    if not agreed:
        return None
    return max(agreed, key=lambda s: (mine.lengths[s][0] + theirs.lengths[s][0], -s))


@dataclass(frozen=True)
class SideTag(Public):
    """Someone on my side has used the convention ``name`` in this auction."""

    name: str = ""

    def holds(self, hand, ctx, env, call):
        return any(r.meaning.tag == self.name for r in ctx.records if r.seat.same_side(ctx.seat))


@dataclass(frozen=True)
class KeySuit(Public):
    """The suit partner's (or my) last key-card ask or answer was about."""

    def holds(self, hand, ctx, env, call):
        suit = self.suit(env)
        for seat in (ctx.partner, ctx.seat):
            meaning = ctx.last_meaning[seat]
            if meaning is not None and meaning.key_suit is not None:
                return meaning.key_suit == suit
        return False


@dataclass(frozen=True)
class State(Public):
    which: str = "doubled"

    def holds(self, hand, ctx, env, call):
        if self.which == "doubled":
            return ctx.doubling != 1
        if self.which == "undoubled":
            return ctx.doubling == 1
        if self.which == "gf":
            return ctx.game_forced
        if self.which == "ourbid":
            return ctx.last_bidder is not None and ctx.last_bidder.same_side(ctx.seat)
        if self.which == "theirbid":
            return ctx.last_bidder is not None and not ctx.last_bidder.same_side(ctx.seat)
        if self.which == "belowgame":
            return ctx.last_bid is None or ctx.last_bid.level < GAME_LEVEL[int(ctx.last_bid.strain)]
        raise AssertionError(self.which)


@dataclass(frozen=True)
class Not(Condition):
    inner: Condition | None = None

    @property
    def public(self) -> bool:  # type: ignore[override]
        return bool(self.inner and self.inner.public)

    @property
    def variables(self) -> tuple[str, ...]:
        return self.inner.variables if self.inner else ()

    def holds(self, hand, ctx, env, call):
        assert self.inner is not None
        return not self.inner.holds(hand, ctx, env, call)

    def constraint(self, ctx, env):
        inner = self.inner
        if isinstance(inner, Length):  # not 4+ hearts = 0-3 hearts
            suit = inner.suit(env)
            if inner.lo == 0 and inner.hi < 13:
                return ANY.with_length(suit, inner.hi + 1)
            if inner.hi == 13 and inner.lo > 0:
                return ANY.with_length(suit, 0, inner.lo - 1)
        if isinstance(inner, Hcp):
            if inner.lo == 0:
                return HandRange((inner.hi + 1, MAX_HCP))
            if inner.hi >= MAX_HCP:
                return HandRange((0, inner.lo - 1))
        return ANY


# --- parsing -----------------------------------------------------------------------------------

_RANGE_RE = re.compile(r"^(\d+)(\+|-(\d+))?$")


def _range(text: str, top: int, clause: str) -> tuple[int, int]:
    m = _RANGE_RE.match(text)
    if not m:
        raise ConditionError(f"{clause!r}: {text!r} is not a range (write 7, 7+ or 5-9)")
    lo = int(m.group(1))
    if m.group(2) is None:
        hi = lo
    elif m.group(2) == "+":
        hi = top
    else:
        hi = int(m.group(3))
    if lo > hi:
        raise ConditionError(f"{clause!r}: the range {text!r} is empty")
    return lo, min(hi, top)


def _ref(text: str, clause: str) -> SuitRef:
    try:
        return parse_suit_ref(text, allow_nt=False)
    except PatternError as e:
        raise ConditionError(f"{clause!r}: {e}") from None


_FLAGS = {
    "balanced": lambda c: Balanced(c),
    "semibalanced": lambda c: SemiBalanced(c),
    "unbalanced": lambda c: Unbalanced(c),
    "stoppers": lambda c: Stoppers(c),
    "vul": lambda c: Vul(c, which="vul"),
    "nonvul": lambda c: Vul(c, which="nonvul"),
    "theyvul": lambda c: Vul(c, which="theyvul"),
    "theynonvul": lambda c: Vul(c, which="theynonvul"),
    "passed": lambda c: Passed(c, who="me"),
    "unpassed": lambda c: Passed(c, who="unpassed"),
    "ppassed": lambda c: Passed(c, who="partner"),
    "forced": lambda c: Forced(c, value=True),
    "free": lambda c: Forced(c, value=False),
    "doubled": lambda c: State(c, which="doubled"),
    "undoubled": lambda c: State(c, which="undoubled"),
    "gf": lambda c: State(c, which="gf"),
    "ourbid": lambda c: State(c, which="ourbid"),
    "theirbid": lambda c: State(c, which="theirbid"),
    "belowgame": lambda c: State(c, which="belowgame"),
}

_SUIT_WORDS = {
    "longest": lambda c, r: Longest(c, refs=(r,)),
    "good": lambda c, r: Good(c, refs=(r,)),
    "stopper": lambda c, r: Stopper(c, refs=(r,)),
    "queen": lambda c, r: Queen(c, refs=(r,), has=True),
    "noqueen": lambda c, r: Queen(c, refs=(r,), has=False),
    "pbid": lambda c, r: Shown(c, refs=(r,), who="partner"),
    "plast": lambda c, r: Shown(c, refs=(r,), who="partner", last=True),
    "mybid": lambda c, r: Shown(c, refs=(r,), who="me"),
    "mylast": lambda c, r: Shown(c, refs=(r,), who="me", last=True),
    "obid": lambda c, r: Shown(c, refs=(r,), who="opponents"),
    "olast": lambda c, r: Shown(c, refs=(r,), who="opponents", last=True),
    "unbid": lambda c, r: Shown(c, refs=(r,), who="nobody"),
    "keysuit": lambda c, r: KeySuit(c, refs=(r,)),
    "keyfit": lambda c, r: KeyFit(c, refs=(r,)),
}


def parse_clause(clause: str) -> Condition:
    words = clause.split()
    if not words:
        raise ConditionError("empty condition")
    head = words[0]
    if head == "not":
        inner = parse_clause(" ".join(words[1:]))
        return Not(clause, inner=inner)
    if len(words) == 1:
        if head in _FLAGS:
            return _FLAGS[head](clause)
        raise ConditionError(f"unknown condition {clause!r}")
    if head in _SUIT_WORDS and len(words) == 2:
        return _SUIT_WORDS[head](clause, _ref(words[1], clause))
    if head in ("hcp", "pts") and len(words) == 2:
        lo, hi = _range(words[1], MAX_HCP, clause)
        return Hcp(clause, lo=lo, hi=hi) if head == "hcp" else Points(clause, lo=lo, hi=hi)
    if head == "sp" and len(words) == 3:
        lo, hi = _range(words[2], 60, clause)
        return Points(clause, refs=(_ref(words[1], clause),), lo=lo, hi=hi)
    if head in ("cmin", "cmax", "cexp") and len(words) in (2, 3):
        lo, hi = _range(words[-1], 80, clause)
        refs = (_ref(words[1], clause),) if len(words) == 3 else ()
        return Combined(clause, refs=refs, use_max=head == "cmax", expected=head == "cexp", lo=lo, hi=hi)
    if head == "fit" and len(words) in (2, 3):
        n = int(words[2]) if len(words) == 3 and words[2].isdigit() else 8
        if len(words) == 3 and not words[2].isdigit():
            raise ConditionError(f"{clause!r}: the fit size must be a number")
        return Fit(clause, refs=(_ref(words[1], clause),), n=n)
    if head == "honours" and len(words) == 3:
        lo, hi = _range(words[2], 3, clause)
        return Honours(clause, refs=(_ref(words[1], clause),), lo=lo, hi=hi)
    if head == "keycards" and len(words) == 3:
        try:
            counts = tuple(sorted({int(x) for x in words[2].split(",")}))
        except ValueError:
            raise ConditionError(f"{clause!r}: key-card counts are numbers separated by commas") from None
        if any(not 0 <= n <= 5 for n in counts):
            raise ConditionError(f"{clause!r}: there are five key cards")
        return Keycards(clause, refs=(_ref(words[1], clause),), counts=counts)
    if head == "missing" and len(words) == 3:
        lo, hi = _range(words[2], 5, clause)
        return Missing(clause, refs=(_ref(words[1], clause),), lo=lo, hi=hi)
    if head in ("seat", "level", "lastlevel") and len(words) == 2:
        top = 4 if head == "seat" else 7
        lo, hi = _range(words[1], top, clause)
        if head == "seat":
            return Position(clause, lo=lo, hi=hi)
        return Level(clause, lo=lo, hi=hi, of_last=head == "lastlevel")
    if head == "plen" and len(words) == 3:
        lo, hi = _range(words[2], 13, clause)
        return PartnerLength(clause, refs=(_ref(words[1], clause),), lo=lo, hi=hi)
    if head in ("pmin", "pmax") and len(words) == 2:
        lo, hi = _range(words[1], MAX_HCP, clause)
        return PartnerHcp(clause, use_max=head == "pmax", lo=lo, hi=hi)
    if head == "sidetag" and len(words) == 2:
        return SideTag(clause, name=words[1])
    if head in ("ptag", "mytag") and len(words) == 2:
        return Tag(clause, name=words[1], mine=head == "mytag")
    if head == "others" and len(words) == 3:
        lo, hi = _range(words[2], 13, clause)
        return Others(clause, refs=(_ref(words[1], clause),), lo=lo, hi=hi)
    if len(words) == 3 and words[1] in ("above", "below"):
        return Ranks(clause, refs=(_ref(words[0], clause), _ref(words[2], clause)), above=words[1] == "above")
    if len(words) == 3 and words[1] in (">", ">=", "="):
        return Compare(clause, refs=(_ref(words[0], clause), _ref(words[2], clause)), op=words[1])
    if len(words) == 2 and (head.startswith("{") or head in ("S", "H", "D", "C")):
        lo, hi = _range(words[1], 13, clause)
        return Length(clause, refs=(_ref(head, clause),), lo=lo, hi=hi)
    raise ConditionError(f"unknown condition {clause!r}")


def parse_conditions(text: str) -> tuple[Condition, ...]:
    """The clauses of one rule, separated by ``;`` (an empty text has none)."""
    return tuple(parse_clause(c.strip()) for c in text.split(";") if c.strip())
