"""Auction patterns and call templates: the "when" and the "what" of a bidding rule.

A pattern is the auction so far written from its first bid, ending at ``?`` (the
caller's turn); initial passes are left out, so ``1{M} P ?`` is "partner opened
one of a major, right-hand opponent passed" whoever dealt.  Tokens:

======================  ===========================================================
``?``                   the caller's turn (last token, always)
``..``                  any calls before the rest (first token only)
``*``                   any single call; ``bid`` any bid
``P`` ``X`` ``XX``      pass, double, redouble
``1NT`` ``2C``          that bid
``1{a}`` ``*{b}``       a bid of a suit bound to a variable (``*``: at any level)
======================  ===========================================================

Variables name suits: ``a b c d`` any suit, ``M`` a major, ``m`` a minor (different
names are different suits); ``M'`` and ``m'`` are the other major / minor.

A call template is what the rule bids: ``P``, ``X``, ``XX``, ``2NT``, ``3{M}``, or
``+{a}`` (the cheapest legal bid in that strain), ``++{a}`` (one level higher: a
jump), ``+++{a}``; ``NT`` works wherever a suit reference does.  ``-`` makes no
call: it ends the rules for that point of the auction (the rules above it are
meant to cover every hand, and the tests check it).  A variable the
pattern does not bind is free: the bidder tries each suit it may stand for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..bridge.auction import Call, CallKind
from ..bridge.contract import Strain

__all__ = [
    "PatternError",
    "SuitRef",
    "Pattern",
    "CallTemplate",
    "VAR_KINDS",
    "parse_suit_ref",
    "parse_pattern",
    "parse_template",
    "Env",
]

Env = dict[str, int]
"""Variable name -> suit index (S=0, H=1, D=2, C=3)."""

VAR_KINDS = {"a": (0, 1, 2, 3), "b": (0, 1, 2, 3), "c": (0, 1, 2, 3), "d": (0, 1, 2, 3), "M": (0, 1), "m": (2, 3)}
NT = 4


class PatternError(ValueError):
    """A pattern, template or suit reference that cannot be read; the message names the token."""


@dataclass(frozen=True, slots=True)
class SuitRef:
    """A strain named literally (``S``, ``NT``) or through a variable (``{a}``, ``{M'}``)."""

    literal: int | None = None  # 0..3 suits, 4 notrump
    var: str | None = None
    other: bool = False  # the other major/minor than the variable's

    def resolve(self, env: Env) -> int | None:
        if self.literal is not None:
            return self.literal
        assert self.var is not None
        if self.var not in env:
            return None
        suit = env[self.var]
        return (suit ^ 1) if self.other else suit  # S<->H, D<->C

    @property
    def variables(self) -> tuple[str, ...]:
        return () if self.var is None else (self.var,)

    def __str__(self) -> str:
        if self.literal is not None:
            return "SHDCN"[self.literal] if self.literal < 4 else "NT"
        return "{" + str(self.var) + ("'" if self.other else "") + "}"


_REF_RE = re.compile(r"^(?:(NT|N|S|H|D|C)|\{([abcdMm])('?)\})$")


def parse_suit_ref(text: str, *, allow_nt: bool = True) -> SuitRef:
    m = _REF_RE.match(text)
    if not m:
        raise PatternError(f"{text!r} is not a strain: expected S, H, D, C, NT or a variable such as {{a}}, {{M}}, {{m'}}")
    if m.group(1):
        literal = Strain.parse(m.group(1)).value
        if literal == NT and not allow_nt:
            raise PatternError(f"{text!r}: notrump is not a suit here")
        return SuitRef(literal=literal)
    var, other = m.group(2), bool(m.group(3))
    if other and var not in ("M", "m"):
        raise PatternError(f"{text!r}: only {{M'}} and {{m'}} (the other major, the other minor) exist")
    return SuitRef(var=var, other=other)


def _strain_of(suit: int) -> Strain:
    return Strain(suit)


def bind(env: Env, var: str, suit: int) -> Env | None:
    """``env`` with ``var`` bound to ``suit`` (``None`` when that clashes with the variable's kind or another binding)."""
    if suit not in VAR_KINDS[var]:
        return None
    if var in env:
        return env if env[var] == suit else None
    if suit in env.values():
        return None
    out = dict(env)
    out[var] = suit
    return out


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "any", "bid", "call", "fixed", "suit"
    call: Call | None = None
    level: int | None = None  # None: any level
    ref: SuitRef | None = None

    def match(self, call: Call, env: Env) -> Env | None:
        if self.kind == "any":
            return env
        if self.kind == "bid":
            return env if call.is_bid else None
        if self.kind == "call":
            return env if call == self.call else None
        # a bid in a strain, maybe through a variable
        if not call.is_bid or (self.level is not None and call.level != self.level):
            return None
        assert self.ref is not None and call.strain is not None
        strain = int(call.strain)
        if self.ref.literal is not None:
            return env if strain == self.ref.literal else None
        if strain == NT:
            return None
        assert self.ref.var is not None
        if self.ref.other:
            if self.ref.var not in env:
                return None
            return env if strain == env[self.ref.var] ^ 1 else None
        return bind(env, self.ref.var, strain)


_BID_TOKEN = re.compile(r"^([1-7*])(.+)$")


def _parse_token(text: str) -> _Token:
    if text == "*":
        return _Token("any")
    if text.lower() == "bid":
        return _Token("bid")
    if text.upper() in ("P", "PASS", "X", "XX"):
        return _Token("call", call=Call.parse(text))
    m = _BID_TOKEN.match(text)
    if not m:
        raise PatternError(f"{text!r} is not a pattern token: expected a call (1C, 2{{a}}, *{{b}}), *, bid, P, X or XX")
    level = None if m.group(1) == "*" else int(m.group(1))
    return _Token("suit", level=level, ref=parse_suit_ref(m.group(2)))


@dataclass(frozen=True, slots=True)
class Pattern:
    """A parsed auction pattern (see the module docstring)."""

    text: str
    tokens: tuple[_Token, ...]
    open_start: bool  # began with ".."

    def match(self, calls: tuple[Call, ...], env: Env | None = None) -> Env | None:
        """Bindings that make the calls (initial passes removed) fit the pattern, or ``None``."""
        n = len(self.tokens)
        if self.open_start:
            if len(calls) < n:
                return None
            calls = calls[len(calls) - n :]
        elif len(calls) != n:
            return None
        out: Env | None = dict(env or {})
        for token, call in zip(self.tokens, calls):
            out = token.match(call, out)  # type: ignore[arg-type]
            if out is None:
                return None
        return out

    @property
    def length(self) -> int | None:
        """The number of calls the pattern matches (``None`` for an open start)."""
        return None if self.open_start else len(self.tokens)


def parse_pattern(text: str) -> Pattern:
    words = text.split()
    if not words or words[-1] != "?":
        raise PatternError(f"pattern {text!r} must end with '?' (the caller's turn)")
    words = words[:-1]
    open_start = bool(words) and words[0] == ".."
    if open_start:
        words = words[1:]
    if ".." in words:
        raise PatternError(f"pattern {text!r}: '..' may only start a pattern")
    if "?" in words:
        raise PatternError(f"pattern {text!r}: '?' may only end a pattern")
    return Pattern(text, tuple(_parse_token(w) for w in words), open_start)


@dataclass(frozen=True, slots=True)
class CallTemplate:
    """What a rule calls: a fixed call, a bid at a level, or the cheapest bid in a strain plus jumps."""

    text: str
    call: Call | None = None  # fixed call
    stop: bool = False  # "-": the end of a context, no call
    level: int | None = None  # fixed level bid
    steps: int = 0  # +: 1, ++: 2, +++: 3 (relative to the cheapest legal level)
    ref: SuitRef | None = None

    @property
    def variables(self) -> tuple[str, ...]:
        return () if self.ref is None else self.ref.variables

    def resolve(self, env: Env, last_bid: Call | None) -> Call | None:
        """The call under ``env`` given the highest bid so far (``None`` when it cannot be made)."""
        if self.stop:
            return None
        if self.call is not None:
            return self.call
        assert self.ref is not None
        strain = self.ref.resolve(env)
        if strain is None:
            return None
        if self.level is not None:
            return Call.bid(self.level, _strain_of(strain))
        cheapest = 1
        if last_bid is not None:
            probe = Call.bid(last_bid.level, _strain_of(strain))
            cheapest = last_bid.level if probe.bid_order > last_bid.bid_order else last_bid.level + 1
        level = cheapest + self.steps - 1
        return Call.bid(level, _strain_of(strain)) if level <= 7 else None

    def __str__(self) -> str:
        return self.text


_TEMPLATE_RE = re.compile(r"^(\+{1,3}|[1-7])(.+)$")


def parse_template(text: str) -> CallTemplate:
    t = text.strip()
    if t == "-":
        return CallTemplate(t, stop=True)
    if t.upper() in ("P", "PASS", "X", "XX"):
        return CallTemplate(t, call=Call.parse(t))
    m = _TEMPLATE_RE.match(t)
    if not m:
        raise PatternError(f"{text!r} is not a call template: expected P, X, XX, 2NT, 3{{M}}, +{{a}} or ++{{a}}")
    ref = parse_suit_ref(m.group(2))
    if m.group(1).startswith("+"):
        return CallTemplate(t, steps=len(m.group(1)), ref=ref)
    return CallTemplate(t, level=int(m.group(1)), ref=ref)


def is_pass(call: Call) -> bool:
    return call.kind is CallKind.PASS
