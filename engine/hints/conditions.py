"""Conditions over worlds: the simplest rule about card locations and suit splits that describes a set of worlds.

A hint says *when* a play works: "wins when West holds the ♦K", "needs diamonds
3-2".  Those sentences are rules over the worlds the numbers rest on, found by
search, never written by hand:

* **features** are single facts about one world, each about one suit: a seat
  holds a card; a seat has between ``lo`` and ``hi`` cards in a suit; the
  longer hidden holding of a suit has between ``lo`` and ``hi`` cards (the
  split); a card's holder has at most ``k`` cards of its suit (it falls under
  ``k`` rounds of top cards), with or without naming the seat;
* a **rule** is a disjunction of conjunctions of features (a DNF);
* :func:`find_condition` looks for the rule of least description length (each
  feature has a cost; each extra "or" costs more) that matches the target set of
  worlds *exactly*; the complement is described too ("fails only when ...") and
  the cheaper description wins; if nothing within the search limits matches,
  the best approximate rule is returned, flagged inexact and stated with its
  exact coverage (how much of the set it misses and how much it adds).

Lengths are counted in the hands the worlds give: a hint passes the original
hands (the cards played added back), and its features then say "started with".
On a sample rather than every layout, :func:`tested_condition` finds the rule on
one half and measures it on the other, so that no rule is fitted to noise.  The
pair search runs as matrix products over the feature × world matrix.
Every :class:`Condition` carries its weight over the worlds, and
:func:`verify_condition` re-checks it; when the caller knows the seat's
knowledge (the hidden cards, hand sizes and voids), :func:`a_priori_probability`
also counts the rule *exactly* over every consistent deal, not just the sample.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import Enum
from math import comb
from typing import Iterable, Sequence

import numpy as np

from ..core.cards import FULL_MASK, SUIT_MASKS, SUIT_NAMES, SUIT_NAMES_SINGULAR, Card, Suit, card_symbol_str
from ..core.seats import Seat
from ..worlds import WorldKnowledge

__all__ = [
    "FeatureKind",
    "Feature",
    "Rule",
    "Condition",
    "FeatureSpace",
    "find_condition",
    "verify_condition",
    "tested_condition",
    "a_priori_probability",
    "TRUE_RULE",
    "FALSE_RULE",
]

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen")


class FeatureKind(Enum):
    HOLDS = "holds"  # seat holds card
    LENGTH = "length"  # lo <= seat's length in suit <= hi
    SPLIT = "split"  # lo <= longer hidden holding of suit <= hi
    FALLS = "falls"  # card's holder (seat, if given) has at most `hi` cards of its suit


# Description lengths: what a reader must take in.  Honour locations are the
# bridge player's first vocabulary, splits next; spot-card locations and named
# short honours are harder to read.
_COST = {FeatureKind.HOLDS: 1.0, FeatureKind.SPLIT: 1.1, FeatureKind.FALLS: 1.2, FeatureKind.LENGTH: 1.25}
_SPOT_EXTRA = 0.4  # a spot card's location (below the ten)
_ANY_SEAT_EXTRA = 0.05  # "the ♦K is singleton" says less than "East's ♦K is singleton"
_NEGATION_COST = 0.5  # "fails only when ..." reads harder than "wins when ..."
_OR_COST = 0.3  # each additional alternative in a rule
_AND_COST = 0.15  # each additional fact in one alternative


def _seat_name(seat: Seat) -> str:
    return seat.name.title()


def _len_words(n: int, suit: int) -> str:
    word = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
    noun = SUIT_NAMES[suit] if n != 1 else SUIT_NAMES_SINGULAR[suit]
    return f"{word} {noun}"


@dataclass(frozen=True, slots=True)
class Feature:
    """One fact about a world; ``suit`` is the suit it is about (for exact counting and for grouping)."""

    kind: FeatureKind
    suit: int
    seat: Seat | None = None
    card: Card | None = None
    lo: int = 0
    hi: int = 13
    total: int = 0  # SPLIT: cards of the suit the hidden seats hold between them
    trump: bool = False  # the feature is about the trump suit (a trump spot's location matters)
    started: bool = False  # cards have been played: lengths are the holdings the seat *started* with

    @property
    def cost(self) -> float:
        c = _COST[self.kind]
        if self.card is not None and self.card % 13 < 8 and not self.trump:
            c += _SPOT_EXTRA
        if self.kind is FeatureKind.FALLS and self.seat is None:
            c += _ANY_SEAT_EXTRA
        return c

    # --- evaluation -------------------------------------------------------------------------------
    def evaluate(self, hands: np.ndarray, hidden: Sequence[Seat]) -> np.ndarray:
        """Boolean per world (``hands``: ``(n, 4)`` uint64 masks)."""
        mask = np.uint64(SUIT_MASKS[self.suit])
        if self.kind is FeatureKind.HOLDS:
            return ((hands[:, int(self.seat)] >> np.uint64(self.card)) & np.uint64(1)).astype(bool)  # type: ignore[arg-type]
        if self.kind is FeatureKind.LENGTH:
            n = np.bitwise_count(hands[:, int(self.seat)] & mask)  # type: ignore[arg-type]
            return (n >= self.lo) & (n <= self.hi)
        if self.kind is FeatureKind.SPLIT:
            longest = np.max(np.stack([np.bitwise_count(hands[:, int(s)] & mask) for s in hidden]), axis=0)
            return (longest >= self.lo) & (longest <= self.hi)
        # FALLS
        bit = np.uint64(1) << np.uint64(self.card)  # type: ignore[arg-type]
        seats = [self.seat] if self.seat is not None else list(hidden)
        out = np.zeros(hands.shape[0], dtype=bool)
        for s in seats:
            h = hands[:, int(s)]
            out |= ((h & bit) != 0) & (np.bitwise_count(h & mask) <= self.hi)
        return out

    def holds_for(self, holdings: dict[Seat, int]) -> bool:
        """The same fact for one world given as each hidden seat's holding in ``self.suit`` (masks)."""
        if self.kind is FeatureKind.HOLDS:
            return bool(holdings[self.seat] >> self.card & 1)  # type: ignore[index, operator]
        if self.kind is FeatureKind.LENGTH:
            return self.lo <= holdings[self.seat].bit_count() <= self.hi  # type: ignore[index]
        if self.kind is FeatureKind.SPLIT:
            return self.lo <= max(h.bit_count() for h in holdings.values()) <= self.hi
        seats = [self.seat] if self.seat is not None else list(holdings)
        return any(holdings[s] >> self.card & 1 and holdings[s].bit_count() <= self.hi for s in seats)  # type: ignore[operator]

    # --- words ------------------------------------------------------------------------------------------
    def text(self) -> str:
        s = self.suit
        if self.kind is FeatureKind.HOLDS:
            return f"{_seat_name(self.seat)} holds the {card_symbol_str(self.card)}"  # type: ignore[arg-type]
        if self.kind is FeatureKind.LENGTH:
            who = _seat_name(self.seat)  # type: ignore[arg-type]
            has = "started with" if self.started else "has"
            if self.lo == self.hi:
                if self.lo == 0:
                    return f"{who} {has} no {SUIT_NAMES[s]}"
                return f"{who} {has} exactly {_len_words(self.lo, s)}"
            if self.lo == 0:
                return f"{who} {has} at most {_len_words(self.hi, s)}"
            if self.hi >= 13:
                return f"{who} {has} {_len_words(self.lo, s)} or more"
            return f"{who} {has} {self.lo} to {self.hi} {SUIT_NAMES[s]}"
        if self.kind is FeatureKind.SPLIT:
            n = self.total
            name = SUIT_NAMES[s]
            if self.lo == self.hi:
                return f"{name} split {self.hi}-{n - self.hi}"
            if self.lo <= (n + 1) // 2:
                return f"{name} split no worse than {self.hi}-{n - self.hi}"
            if self.hi >= n:
                return f"{name} split {self.lo}-{n - self.lo} or worse"
            return f"{name} split between {self.lo}-{n - self.lo} and {self.hi}-{n - self.hi}"
        card = card_symbol_str(self.card)  # type: ignore[arg-type]
        if self.started:  # "East started with the ♠Q singleton or doubleton"
            owner = f"{_seat_name(self.seat)} started with the {card}" if self.seat is not None else f"the {card} started"
        else:  # "East's ♠Q is singleton or doubleton"
            owner = f"{_seat_name(self.seat)}'s {card} is" if self.seat is not None else f"the {card} is"
        if self.hi == 1:
            return f"{owner} singleton"
        if self.hi == 2:
            return f"{owner} singleton or doubleton"
        return f"{owner} in a holding of at most {_len_words(self.hi, s)}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind.value, "suit": Suit(self.suit).letter}
        if self.seat is not None:
            out["seat"] = self.seat.letter
        if self.card is not None:
            out["card"] = card_symbol_str(self.card)
        if self.kind is not FeatureKind.HOLDS:
            out["min"], out["max"] = self.lo, self.hi
        return out


@dataclass(frozen=True, slots=True)
class Rule:
    """A disjunction (``terms``) of conjunctions of features; no terms = never; an empty term = always."""

    terms: tuple[tuple[Feature, ...], ...]

    @property
    def cost(self) -> float:
        if not self.terms or self.terms == ((),):
            return 0.0
        return sum(sum(f.cost for f in t) + _AND_COST * (len(t) - 1) for t in self.terms) + _OR_COST * (len(self.terms) - 1)

    @property
    def is_always(self) -> bool:
        return any(len(t) == 0 for t in self.terms)

    @property
    def is_never(self) -> bool:
        return not self.terms

    @property
    def features(self) -> tuple[Feature, ...]:
        return tuple(f for t in self.terms for f in t)

    @property
    def suits(self) -> frozenset[int]:
        return frozenset(f.suit for f in self.features)

    def evaluate(self, hands: np.ndarray, hidden: Sequence[Seat]) -> np.ndarray:
        out = np.zeros(hands.shape[0], dtype=bool)
        for term in self.terms:
            acc = np.ones(hands.shape[0], dtype=bool)
            for f in term:
                acc &= f.evaluate(hands, hidden)
            out |= acc
        return out

    def text(self) -> str:
        if self.is_never:
            return "never"
        if self.is_always:
            return "always"
        parts = [_term_text(t) for t in self.terms]
        if len(parts) == 1:
            return parts[0]
        if len(parts) == 2:
            return f"{parts[0]}, or {parts[1]}"
        return ", ".join(parts[:-1]) + f", or {parts[-1]}"

    def to_json(self) -> list[list[dict[str, object]]]:
        return [[f.to_json() for f in t] for t in self.terms]


TRUE_RULE = Rule(((),))
FALSE_RULE = Rule(())


def _term_text(term: tuple[Feature, ...]) -> str:
    """Facts joined with "and"; two HOLDS of one seat read "West holds the ♦K and the ♦Q"."""
    holds: dict[Seat, list[Feature]] = {}
    rest: list[Feature] = []
    for f in term:
        if f.kind is FeatureKind.HOLDS:
            holds.setdefault(f.seat, []).append(f)  # type: ignore[arg-type]
        else:
            rest.append(f)
    texts = []
    for seat, fs in holds.items():
        cards = [f"the {card_symbol_str(f.card)}" for f in sorted(fs, key=lambda f: -f.card)]  # type: ignore[arg-type, operator]
        texts.append(f"{_seat_name(seat)} holds " + " and ".join(cards) if len(cards) <= 2 else
                     f"{_seat_name(seat)} holds " + ", ".join(cards[:-1]) + f" and {cards[-1]}")
    texts += [f.text() for f in rest]
    return " and ".join(texts)


# --- the feature space of one set of worlds ----------------------------------------------------------


def _bits(arr: np.ndarray) -> int:
    """A boolean vector as a Python int bitset (bit i = world i)."""
    return int.from_bytes(np.packbits(arr.astype(np.uint8), bitorder="little").tobytes(), "little")


class FeatureSpace:
    """Every feature that varies over the given worlds, deduplicated by the worlds it selects.

    ``hidden`` are the seats whose hands differ between worlds.  When two
    features select the same worlds, the cheaper (then the first generated, honour
    locations before lengths) is kept, so the rule search never sees synonyms.
    """

    def __init__(self, hands: np.ndarray, weights: np.ndarray, trump: int | None = None, *,
                 started: bool = False) -> None:
        self.trump = trump
        self.started = started
        self.hands = np.asarray(hands, dtype=np.uint64).reshape(-1, 4)
        w = np.asarray(weights, dtype=float)
        self.weights = w / w.sum()
        self.n = self.hands.shape[0]
        self.uniform = bool(np.allclose(self.weights, 1.0 / self.n, rtol=0.0, atol=1e-15))
        self.all_bits = (1 << self.n) - 1
        varying = [s for s in Seat if np.any(self.hands[:, int(s)] != self.hands[0, int(s)])]
        self.hidden: tuple[Seat, ...] = tuple(varying)
        self.features: list[tuple[Feature, int]] = []
        rows: list[np.ndarray] = []
        seen: dict[int, int] = {}
        for f in self._generate():
            arr = f.evaluate(self.hands, self.hidden)
            bits = _bits(arr)
            if bits == 0 or bits == self.all_bits:
                continue
            k = seen.get(bits)
            if k is None:
                seen[bits] = len(self.features)
                self.features.append((f, bits))
                rows.append(arr)
            elif f.cost < self.features[k][0].cost - 1e-12:
                self.features[k] = (f, bits)
        self.matrix = np.array(rows, dtype=bool).reshape(len(rows), self.n)
        """One row per feature: the worlds it selects (the same sets as the features' bitsets)."""
        self.costs = np.array([f.cost for f, _ in self.features], dtype=float)

    def _generate(self) -> Iterable[Feature]:
        hands = self.hands
        if not self.hidden:
            return
        union = 0
        for s in self.hidden:
            col = hands[:, int(s)]
            union |= int(np.bitwise_or.reduce(col))
        varying_cards = 0
        for s in self.hidden:
            col = hands[:, int(s)]
            varying_cards |= int(np.bitwise_or.reduce(col)) & ~int(np.bitwise_and.reduce(col))
        cards = [c for c in range(51, -1, -1) if varying_cards >> c & 1]  # high cards first
        started = self.started
        for c in cards:
            for s in self.hidden:
                yield Feature(FeatureKind.HOLDS, c // 13, seat=s, card=c, trump=c // 13 == self.trump)
        for suit in range(4):
            total = (union & SUIT_MASKS[suit]).bit_count()
            if not total or not varying_cards & SUIT_MASKS[suit]:
                continue
            if len(self.hidden) == 2:
                for lo in range((total + 1) // 2, total + 1):
                    for hi in range(lo, total + 1):
                        if lo == (total + 1) // 2 or hi == total or lo == hi:
                            yield Feature(FeatureKind.SPLIT, suit, lo=lo, hi=hi, total=total)
            for s in self.hidden:
                for k in range(total + 1):
                    yield Feature(FeatureKind.LENGTH, suit, seat=s, lo=k, hi=k, started=started)
                    yield Feature(FeatureKind.LENGTH, suit, seat=s, lo=0, hi=k, started=started)
                    yield Feature(FeatureKind.LENGTH, suit, seat=s, lo=k, hi=13, started=started)
            for c in cards:
                if c // 13 != suit or c % 13 < 8:  # short honours only (ten and up)
                    continue
                for k in range(1, min(total, 4)):
                    # The seat-specific fact first: when both select the same worlds it says more.
                    for s in self.hidden:
                        yield Feature(FeatureKind.FALLS, suit, seat=s, card=c, hi=k, started=started)
                    yield Feature(FeatureKind.FALLS, suit, card=c, hi=k, started=started)

    def weight_of(self, bits: int) -> float:
        if bits == 0:
            return 0.0
        if self.uniform:
            return bits.bit_count() / self.n
        arr = np.unpackbits(np.frombuffer(bits.to_bytes((self.n + 7) // 8, "little"), dtype=np.uint8),
                            bitorder="little")[: self.n].astype(bool)
        return float(self.weights[arr].sum())


# --- rule search ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Candidate:
    rule: Rule
    bits: int
    cost: float


def _unbits(bits: int, n: int) -> np.ndarray:
    """A Python int bitset as a boolean vector of ``n`` worlds (the inverse of :func:`_bits`)."""
    raw = np.frombuffer(bits.to_bytes((n + 7) // 8 or 1, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:n].astype(bool)


MAX_TERMS = 400
"""At most this many single-term candidates (the largest) enter the search for rules of several terms."""
_DOMINANCE_WINDOW = 4 * MAX_TERMS  # the largest candidates checked for dominance (enough to keep MAX_TERMS)


def _term_candidates(space: FeatureSpace, target: int) -> list[_Candidate]:
    """Single features and pairs of features (conjunctions) that select only worlds of ``target``, without
    those another candidate covers at no greater cost; at most :data:`MAX_TERMS`, the largest first.

    Counted with matrix products over the feature × world matrix: a pair fits when its worlds outside the
    target number zero, and is new when it selects fewer worlds than either feature alone."""
    feats = space.features
    if not feats:
        return []
    m = space.matrix
    inside = _unbits(target, space.n)
    outside = m[:, ~inside].astype(np.float32)
    whole = m.astype(np.float32)
    out_count = outside.sum(axis=1)
    both = whole @ whole.T
    size = np.diag(both)
    fits = (outside @ outside.T == 0) & (both > 0) & (both < size[:, None]) & (both < size[None, :])
    rows, cols = np.nonzero(np.triu(fits, 1))
    singles = np.flatnonzero(out_count == 0)
    # Every candidate (a feature, or a pair) with its worlds and cost; singles first, then pairs in the
    # order of itertools.combinations, so that among equal costs the first offered is kept.
    first_of = np.concatenate([singles, rows]).astype(np.int64)
    second_of = np.concatenate([np.full(len(singles), -1), cols]).astype(np.int64)
    if not len(first_of):
        return []
    sets = m[first_of] & np.where(second_of[:, None] >= 0, m[second_of], True)
    costs = space.costs[first_of] + np.where(second_of >= 0, space.costs[second_of] + _AND_COST, 0.0)
    # One candidate per set of worlds, the cheapest (the first offered among equals): sets are told apart
    # by a 64-bit hash of their packed bits (a collision could only drop a candidate, never state a wrong one).
    order = np.argsort(costs, kind="stable")
    _, first = np.unique(_row_hashes(sets[order]), return_index=True)
    chosen = order[first]
    counts = sets[chosen].sum(axis=1)
    chosen = chosen[np.lexsort((chosen, costs[chosen], -counts))]  # largest first, then cheapest
    # A dominating candidate is larger, so it comes earlier: keeping a prefix loses none of the prefix's.
    chosen = chosen[:_DOMINANCE_WINDOW]
    # Drop candidates dominated by a superset that is no more expensive (a superset is larger, so earlier).
    x = sets[chosen].astype(np.float32)
    not_x = 1.0 - x
    c = costs[chosen]
    dominated = np.zeros(len(chosen), dtype=bool)
    block = 256
    for start in range(0, len(chosen), block):
        stop = min(len(chosen), start + block)
        missing = x[start:stop] @ not_x.T  # [b, a]: worlds of b that a lacks
        cheap = c[None, :] <= c[start:stop, None] + 1e-12
        covered = (missing == 0) & cheap
        covered[np.arange(stop - start), np.arange(start, stop)] = False
        dominated[start:stop] = covered.any(axis=1)
    kept = chosen[~dominated][:MAX_TERMS]
    out = []
    for k in kept:
        pair = (int(first_of[k]),) if second_of[k] < 0 else (int(first_of[k]), int(second_of[k]))
        rule = Rule((tuple(feats[i][0] for i in pair),))
        bits = feats[pair[0]][1] if len(pair) == 1 else feats[pair[0]][1] & feats[pair[1]][1]
        out.append(_Candidate(rule, bits, rule.cost))
    return out


def _row_hashes(rows: np.ndarray) -> np.ndarray:
    """A 64-bit hash per row of a boolean matrix (multiply-and-add of its packed 64-bit words)."""
    packed = np.packbits(rows, axis=1, bitorder="little")
    width = -(-packed.shape[1] // 8) * 8
    words = np.zeros((packed.shape[0], width), dtype=np.uint8)
    words[:, :packed.shape[1]] = packed
    w64 = words.view(np.uint64)
    mult = (np.arange(1, w64.shape[1] + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)) | np.uint64(1)
    with np.errstate(over="ignore"):
        return (w64 * mult).sum(axis=1, dtype=np.uint64) ^ np.uint64(rows.shape[1])


def _exact_rule(space: FeatureSpace, target: int, max_terms: int) -> _Candidate | None:
    """The cheapest rule selecting exactly ``target`` (up to ``max_terms`` alternatives), or None."""
    if target == 0:
        return _Candidate(FALSE_RULE, 0, 0.0)
    if target == space.all_bits:
        return _Candidate(TRUE_RULE, target, 0.0)
    best: _Candidate | None = None

    def consider(terms: tuple[tuple[Feature, ...], ...], bits: int) -> None:
        nonlocal best
        rule = Rule(terms)
        if bits == target and (best is None or rule.cost < best.cost - 1e-12):
            best = _Candidate(rule, bits, rule.cost)

    feats = space.features
    for f, b in feats:
        if b == target:
            consider(((f,),), b)
    supersets = [(f, b) for f, b in feats if target & ~b == 0]
    for (f, b), (g, c) in itertools.combinations(supersets, 2):
        if b & c == target:
            consider(((f, g),), target)
    if best is None and len(supersets) <= 60:
        for (f, b), (g, c), (h, d) in itertools.combinations(supersets, 3):
            if b & c & d == target:
                consider(((f, g, h),), target)
    if best is not None and best.cost <= 1.0 + 1e-9:
        return best
    terms = _term_candidates(space, target)
    if max_terms >= 2:
        by_size = sorted(terms, key=lambda k: -k.bits.bit_count())
        for i, t1 in enumerate(by_size):
            rest = target & ~t1.bits
            need = rest.bit_count()
            for t2 in by_size[i + 1:]:
                if t2.bits.bit_count() < need:
                    break
                if rest & ~t2.bits == 0:
                    consider(t1.rule.terms + t2.rule.terms, t1.bits | t2.bits)
    if max_terms >= 3 and best is None:
        by_size = sorted(terms, key=lambda k: -k.bits.bit_count())[:60]
        for t1, t2 in itertools.combinations(by_size, 2):
            rest = target & ~(t1.bits | t2.bits)
            if not rest:
                continue
            for t3 in by_size:
                if rest & ~t3.bits == 0:
                    consider(t1.rule.terms + t2.rule.terms + t3.rule.terms, t1.bits | t2.bits | t3.bits)
                    break
    return best


def _approximate_rule(space: FeatureSpace, target: int) -> _Candidate:
    """The rule (one feature, or two joined by and/or) with the least weighted disagreement with ``target``."""
    best: tuple[float, float, _Candidate] | None = None
    feats = space.features

    def consider(terms: tuple[tuple[Feature, ...], ...], bits: int) -> None:
        nonlocal best
        err = space.weight_of(bits ^ target)
        rule = Rule(terms)
        key = (round(err, 12), rule.cost)
        if best is None or key < best[:2]:
            best = (key[0], key[1], _Candidate(rule, bits, rule.cost))

    # Score cheaply first: the disagreement in world counts prunes the pairs worth weighing.
    scored = sorted(feats, key=lambda fb: (fb[1] ^ target).bit_count())[:40]
    for f, b in scored:
        consider(((f,),), b)
    for (f, b), (g, c) in itertools.combinations(scored, 2):
        consider(((f, g),), b & c)
        consider(((f,), (g,)), b | c)
    assert best is not None
    return best[2]


@dataclass(frozen=True, slots=True)
class Condition:
    """A rule describing a set of worlds (the *subject*, e.g. "the ♦Q makes"), with its figures.

    ``negated``: the rule describes the complement ("fails only when ...").
    ``exact``: the rule (or its complement) selects the subject worlds exactly.
    ``probability``: weight of the subject worlds.  ``rule_probability``: weight of
    the worlds where the rule holds.  ``missed``/``extra``: weight of the subject
    worlds the stated description leaves out / of other worlds it takes in (both 0
    when exact).  ``a_priori``: the rule's exact probability over every deal
    consistent with the seat's knowledge (None when not computed).
    """

    rule: Rule
    negated: bool
    exact: bool
    probability: float
    rule_probability: float
    missed: float
    extra: float
    worlds: int
    a_priori: float | None = None
    tested: int = 0
    """0: found on the very deals it describes (every layout, or a suit's every layout).  Else the rule was
    found on one half of a sample and every figure above is measured on the other half, these ``tested``
    deals it was not fitted to (:func:`tested_condition`): an honest estimate, never "exactly"."""

    @property
    def text(self) -> str:
        return self.rule.text()

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule.to_json(),
            "text": self.text,
            "negated": self.negated,
            "exact": self.exact,
            "probability": round(self.probability, 6),
            "rule_probability": round(self.rule_probability, 6),
            "missed": round(self.missed, 6),
            "extra": round(self.extra, 6),
            "worlds": self.worlds,
            "a_priori": None if self.a_priori is None else round(self.a_priori, 6),
            "tested": self.tested,
        }


def find_condition(space: FeatureSpace, subject: np.ndarray, *, max_terms: int = 3,
                   knowledge: WorldKnowledge | None = None) -> Condition:
    """The simplest description of the worlds where ``subject`` is True (see the module docstring)."""
    subject = np.asarray(subject, dtype=bool)
    if subject.shape != (space.n,):
        raise ValueError(f"subject has {subject.shape} entries, expected one per world ({space.n})")
    target = _bits(subject)
    p = float(space.weights[subject].sum())
    pos = _exact_rule(space, target, max_terms)
    neg = _exact_rule(space, space.all_bits & ~target, max_terms)
    options = []
    if pos is not None:
        options.append((pos.cost, 0, pos, False))
    if neg is not None and not (neg.rule.is_always or neg.rule.is_never):
        options.append((neg.cost + _NEGATION_COST, 1, neg, True))
    if options:
        _, _, cand, negated = min(options, key=lambda o: (o[0], o[1]))
        exact = True
    else:
        a = _approximate_rule(space, target)
        b = _approximate_rule(space, space.all_bits & ~target)
        err_a = space.weight_of(a.bits ^ target)
        err_b = space.weight_of(b.bits ^ (space.all_bits & ~target))
        cand, negated = (a, False) if (err_a, a.cost) <= (err_b, b.cost) else (b, True)
        exact = False
    rule_p = space.weight_of(cand.bits)
    described = (space.all_bits & ~cand.bits) if negated else cand.bits
    missed = space.weight_of(target & ~described)
    extra = space.weight_of(described & ~target)
    prior = None
    if knowledge is not None:
        prior = a_priori_probability(cand.rule, space, knowledge)
    return Condition(cand.rule, negated, exact, p, rule_p, missed, extra, space.n, prior)


MAX_TESTED_MISS = 0.1
"""A rule found on half a sample is stated only when, on the other half, it leaves out at most this share of
the deals where the subject holds and takes in at most this share of the deals it describes."""


def tested_condition(fit: FeatureSpace, test_hands: np.ndarray, test_weights: np.ndarray,
                     subject_fit: np.ndarray, subject_test: np.ndarray, *,
                     knowledge: WorldKnowledge | None = None, max_terms: int = 2) -> Condition | None:
    """A condition for a *sample* of deals: the simplest rule on the ``fit`` half, measured on the test half.

    A rule fitted to a few hundred sampled deals out of millions of layouts is as likely to describe the
    sample's noise as the play ("the finesse works exactly when West holds the ♣K and hearts split 4-3").
    So the rule is searched on one half and every figure of the returned condition (how often the subject
    holds, what the description leaves out and takes in) is counted on the other half, which the search
    never saw; the rule is kept only when it describes that half within :data:`MAX_TESTED_MISS`.  None:
    no rule held up (or the subject is empty or certain on either half: nothing to describe)."""
    subject_fit = np.asarray(subject_fit, dtype=bool)
    subject_test = np.asarray(subject_test, dtype=bool)
    hands = np.asarray(test_hands, dtype=np.uint64).reshape(-1, 4)
    if hands.shape[0] != subject_test.shape[0] or not hands.shape[0]:
        raise ValueError(f"the test half has {hands.shape[0]} deals and {subject_test.shape[0]} outcomes")
    if subject_fit.all() or not subject_fit.any() or subject_test.all() or not subject_test.any():
        return None
    found = find_condition(fit, subject_fit, max_terms=max_terms)
    if found.rule.is_always or found.rule.is_never:
        return None
    w = np.asarray(test_weights, dtype=float)
    w = w / w.sum()
    holds = found.rule.evaluate(hands, fit.hidden)
    described = ~holds if found.negated else holds
    p = float(w[subject_test].sum())
    missed = float(w[subject_test & ~described].sum())
    extra = float(w[described & ~subject_test].sum())
    if missed > MAX_TESTED_MISS * p + 1e-12 or extra > MAX_TESTED_MISS * float(w[described].sum()) + 1e-12:
        return None
    prior = a_priori_probability(found.rule, fit, knowledge) if knowledge is not None else None
    return Condition(found.rule, found.negated, False, p, float(w[holds].sum()), missed, extra, hands.shape[0],
                     prior, tested=hands.shape[0])


def verify_condition(condition: Condition, hands: np.ndarray, weights: np.ndarray, subject: np.ndarray,
                     hidden: Sequence[Seat] | None = None, tol: float = 1e-9) -> list[str]:
    """Re-check a condition against the worlds it summarises; returns the problems found (empty = sound)."""
    hands = np.asarray(hands, dtype=np.uint64).reshape(-1, 4)
    w = np.asarray(weights, dtype=float)
    w = w / w.sum()
    if hidden is None:
        hidden = [s for s in Seat if np.any(hands[:, int(s)] != hands[0, int(s)])]
    holds = condition.rule.evaluate(hands, hidden)
    described = ~holds if condition.negated else holds
    subject = np.asarray(subject, dtype=bool)
    problems = []
    checks = (("probability", condition.probability, w[subject].sum()),
              ("rule_probability", condition.rule_probability, w[holds].sum()),
              ("missed", condition.missed, w[subject & ~described].sum()),
              ("extra", condition.extra, w[described & ~subject].sum()))
    for name, stated, actual in checks:
        if abs(stated - float(actual)) > tol:
            problems.append(f"{name}: stated {stated:.6f}, the worlds give {float(actual):.6f}")
    if condition.exact and condition.tested:
        problems.append("a condition measured on deals it was not found on cannot be exact")
    if condition.exact and np.any(described != subject):
        problems.append(f"stated as exact but '{condition.text}' differs from the subject in "
                        f"{int(np.sum(described != subject))} worlds")
    return problems


# --- exact a-priori probability ----------------------------------------------------------------------


def a_priori_probability(rule: Rule, space: FeatureSpace, knowledge: WorldKnowledge) -> float | None:
    """The rule's probability over *every* deal consistent with ``knowledge`` (uniform), or None.

    Counted exactly, suit by suit: with two hidden seats every deal is one choice,
    per suit, of which unseen cards go to the first hidden seat (voids respected,
    hand sizes fixed), and every feature is about one suit, so a conjunction is a
    product of per-suit counts combined by a size-generating polynomial, and a
    disjunction follows by inclusion-exclusion.  Returns None when this does not
    apply (not exactly two hidden seats, auction constraints, or a space whose
    worlds are not trick-start deals of the knowledge).
    """
    if len(space.hidden) != 2 or knowledge.has_constraints:
        return None
    if rule.is_never:
        return 0.0
    if rule.is_always:
        return 1.0
    a, b = space.hidden
    ka, kb = knowledge.seats[int(a)], knowledge.seats[int(b)]
    unknown = knowledge.unknown
    # The hidden hands in the worlds: a fixed part (cards already played to the current trick,
    # cards known to be there) plus a share of the unseen cards, the same in every world.
    fixed = {s: int(space.hands[0, int(s)]) & ~unknown for s in (a, b)}
    for s in (a, b):
        col = space.hands[:, int(s)]
        if np.any(col & np.uint64(FULL_MASK & ~unknown) != np.uint64(fixed[s])):
            return None
    both = np.bitwise_or.reduce(space.hands[:, int(a)] | space.hands[:, int(b)])
    free = unknown
    if int(both) & unknown != unknown:
        return None  # some unseen card is outside the hidden hands: the worlds are not of this knowledge
    cap_a = int(space.hands[0, int(a)]).bit_count() - fixed[a].bit_count()
    if cap_a < 0:
        return None

    def count(term_set: Sequence[tuple[Feature, ...]]) -> int:
        feats = [f for t in term_set for f in t]
        poly = [1]
        for suit in range(4):
            cards = free & SUIT_MASKS[suit]
            members = [c for c in range(52) if cards >> c & 1]
            suit_feats = [f for f in feats if f.suit == suit]
            coeffs = [0] * (len(members) + 1)
            if not suit_feats:
                if ka.voids >> suit & 1:
                    coeffs[0] = 1
                elif kb.voids >> suit & 1:
                    coeffs[len(members)] = 1
                else:
                    coeffs = [comb(len(members), k) for k in range(len(members) + 1)]
            else:
                for k in range(len(members) + 1):
                    if (ka.voids >> suit & 1 and k) or (kb.voids >> suit & 1 and k != len(members)):
                        continue
                    for chosen in itertools.combinations(members, k):
                        to_a = sum(1 << c for c in chosen)
                        hold = {a: (fixed[a] & SUIT_MASKS[suit]) | to_a,
                                b: (fixed[b] & SUIT_MASKS[suit]) | (cards & ~to_a)}
                        if all(f.holds_for(hold) for f in suit_feats):
                            coeffs[k] += 1
            new = [0] * (len(poly) + len(coeffs) - 1)
            for i, x in enumerate(poly):
                if x:
                    for j, y in enumerate(coeffs):
                        if y:
                            new[i + j] += x * y
            poly = new
        return poly[cap_a] if cap_a < len(poly) else 0

    total = count([])
    if total == 0:
        return None
    terms = rule.terms
    acc = 0
    for r in range(1, len(terms) + 1):
        for subset in itertools.combinations(terms, r):
            acc += (-1) ** (r + 1) * count(subset)
    return acc / total
