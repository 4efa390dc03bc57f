"""What a call says about the caller's hand, as constraints: the meaning's numbers.

A :class:`HandRange` bounds the caller's *original* 13-card hand: an HCP range,
a length range per suit, optionally a balanced shape, and counts of particular
cards (:class:`Holding`: key cards for a trump suit, the trump queen).  It is
exactly what world sampling can test (``engine.worlds`` turns it into its own
``HandConstraint``), and it reads aloud as ``12-21 HCP, 5+ hearts``.

Ranges combine two ways: :meth:`HandRange.intersect` when one player makes
several calls (every call's meaning holds at once), :meth:`HandRange.hull` when
a call could come from several rules (the smallest range holding each).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import SUIT_NAMES, SUIT_NAMES_SINGULAR, CardSet
from .hand import LENGTH_CAP, SUPPORT_CAP, HandFacts, is_balanced_shape

__all__ = ["HandRange", "Holding", "SUIT_NAMES", "SUIT_NAME", "MAX_HCP", "MAX_POINTS", "ANY"]

MAX_HCP = 37
MAX_POINTS = 41  # HCP plus at most four points of shape
SUIT_NAME = SUIT_NAMES_SINGULAR  # the bidding rules' spelling of the core names
_FULL = (0, 13)


def _meet(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (max(a[0], b[0]), min(a[1], b[1]))


def _join(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (min(a[0], b[0]), max(a[1], b[1]))


@dataclass(frozen=True, slots=True)
class Holding:
    """How many cards of ``mask`` the hand holds must be one of the counts in ``allowed`` (bit n = n cards)."""

    mask: int
    allowed: int
    what: str  # "key cards for hearts", or the card ("♥Q") when mask is one card

    def accepts(self, hand_mask: int) -> bool:
        return bool(self.allowed >> (hand_mask & self.mask).bit_count() & 1)

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(n for n in range(14) if self.allowed >> n & 1)

    def describe(self) -> str:
        counts = self.counts
        if self.mask.bit_count() == 1:
            return f"the {self.what}" if counts == (1,) else f"not the {self.what}" if counts == (0,) else ""
        if not counts:
            return f"no possible number of {self.what}"
        size = self.mask.bit_count()
        lo, hi = counts[0], counts[-1]
        if counts == tuple(range(lo, hi + 1)) and len(counts) > 1:
            if hi == size:
                return f"at least {lo} of {self.what}" if lo else ""
            if lo == 0:
                return f"at most {hi} of {self.what}"
            return f"{lo}-{hi} of {self.what}"
        words = " or ".join(str(n) for n in counts)
        return f"{words} of {self.what}" if self.what[:1] in "♠♥♦♣" else f"{words} {self.what}"


@dataclass(frozen=True, slots=True)
class HandRange:
    """Bounds on an original hand (inclusive); the default bounds nothing.

    ``points`` bound HCP plus length points and ``support[s]`` the support points
    with suit ``s`` as trumps (:mod:`engine.bidding.hand`), so a call made on a
    valuation means exactly that valuation.
    """

    hcp: tuple[int, int] = (0, MAX_HCP)
    lengths: tuple[tuple[int, int], ...] = (_FULL,) * 4
    balanced: bool = False
    holdings: tuple[Holding, ...] = ()
    points: tuple[int, int] = (0, MAX_POINTS)
    support: tuple[tuple[int, int], ...] = ((0, MAX_POINTS),) * 4

    # --- building ---------------------------------------------------------------
    @classmethod
    def of(cls, hcp: tuple[int, int] | None = None, **suits: tuple[int, int]) -> "HandRange":
        """Shorthand: ``HandRange.of((12, 21), H=(5, 13))``."""
        lengths = [list(_FULL) for _ in range(4)]
        for letter, rng in suits.items():
            lengths["SHDC".index(letter)] = list(rng)
        return cls(hcp or (0, MAX_HCP), tuple(tuple(x) for x in lengths))  # type: ignore[arg-type]

    def _replace(self, **changes) -> "HandRange":
        fields = {
            "hcp": self.hcp, "lengths": self.lengths, "balanced": self.balanced, "holdings": self.holdings,
            "points": self.points, "support": self.support,
        }
        fields.update(changes)
        return HandRange(**fields)

    def with_length(self, suit: int, low: int, high: int = 13) -> "HandRange":
        lengths = list(self.lengths)
        lengths[suit] = _meet(lengths[suit], (low, high))
        return self._replace(lengths=tuple(lengths))

    def with_hcp(self, low: int, high: int = MAX_HCP) -> "HandRange":
        return self._replace(hcp=_meet(self.hcp, (low, high)))

    def with_points(self, low: int, high: int = MAX_POINTS) -> "HandRange":
        return self._replace(points=_meet(self.points, (low, high)))

    def with_support(self, suit: int, low: int, high: int = MAX_POINTS) -> "HandRange":
        support = list(self.support)
        support[suit] = _meet(support[suit], (low, high))
        return self._replace(support=tuple(support))

    # --- algebra ---------------------------------------------------------------------
    def intersect(self, other: "HandRange") -> "HandRange":
        """Both ranges at once (may be empty: see :attr:`is_empty`)."""
        holdings = list(self.holdings)
        for h in other.holdings:
            for i, mine in enumerate(holdings):
                if mine.mask == h.mask:
                    holdings[i] = Holding(h.mask, mine.allowed & h.allowed, h.what)
                    break
            else:
                holdings.append(h)
        return HandRange(
            _meet(self.hcp, other.hcp),
            tuple(_meet(a, b) for a, b in zip(self.lengths, other.lengths)),
            self.balanced or other.balanced,
            tuple(holdings),
            _meet(self.points, other.points),
            tuple(_meet(a, b) for a, b in zip(self.support, other.support)),
        )

    def hull(self, other: "HandRange") -> "HandRange":
        """The tightest range containing both (what a call means when two rules can make it)."""
        holdings = []
        for h in self.holdings:
            for o in other.holdings:
                if o.mask == h.mask:
                    holdings.append(Holding(h.mask, h.allowed | o.allowed, h.what))
        return HandRange(
            _join(self.hcp, other.hcp),
            tuple(_join(a, b) for a, b in zip(self.lengths, other.lengths)),
            self.balanced and other.balanced,
            tuple(holdings),
            _join(self.points, other.points),
            tuple(_join(a, b) for a, b in zip(self.support, other.support)),
        )

    def merge_newer(self, newer: "HandRange") -> "HandRange":
        """``intersect``, except that where the two contradict each other the newer bound wins.

        What a player's calls said can contradict itself when a human misbids; the
        picture of their hand then keeps everything that still fits and trusts the
        latest call on the rest, rather than becoming impossible.
        """
        both = self.intersect(newer)
        if not both.is_empty:
            return both

        def pick(b: tuple[int, int], n: tuple[int, int]) -> tuple[int, int]:
            return b if b[0] <= b[1] else n

        holdings = tuple(h if h.allowed else next(n for n in newer.holdings if n.mask == h.mask) for h in both.holdings)
        candidate = HandRange(
            pick(both.hcp, newer.hcp),
            tuple(pick(b, n) for b, n in zip(both.lengths, newer.lengths)),
            both.balanced,
            holdings,
            pick(both.points, newer.points),
            tuple(pick(b, n) for b, n in zip(both.support, newer.support)),
        )
        return candidate if not candidate.is_empty else newer

    # --- tests ----------------------------------------------------------------------
    @property
    def is_empty(self) -> bool:
        """True when no 13-card hand can satisfy the range."""
        if self.hcp[0] > self.hcp[1] or any(a > b for a, b in self.lengths):
            return True
        if self.points[0] > self.points[1] or any(a > b for a, b in self.support):
            return True
        if self.points[1] < self.hcp[0] or self.points[0] > self.hcp[1] + LENGTH_CAP:
            return True
        if any(hi < self.hcp[0] or lo > self.hcp[1] + SUPPORT_CAP for lo, hi in self.support):
            return True
        if sum(a for a, _ in self.lengths) > 13 or sum(b for _, b in self.lengths) < 13:
            return True
        if any(h.allowed == 0 for h in self.holdings):
            return True
        if self.balanced:
            low = [a for a, _ in self.lengths]
            high = [b for _, b in self.lengths]
            if not any(_shape_fits(shape, low, high) for shape in _BALANCED_PERMUTATIONS):
                return True
        return False

    @property
    def is_trivial(self) -> bool:
        return (
            self.hcp == (0, MAX_HCP) and all(r == _FULL for r in self.lengths) and not self.balanced
            and not self.holdings and self.points == (0, MAX_POINTS) and all(r == (0, MAX_POINTS) for r in self.support)
        )

    def accepts(self, hand: HandFacts | CardSet | int) -> bool:
        facts = hand if isinstance(hand, HandFacts) else HandFacts(hand)
        if not self.hcp[0] <= facts.hcp <= self.hcp[1]:
            return False
        for n, (a, b) in zip(facts.lengths, self.lengths):
            if not a <= n <= b:
                return False
        if self.balanced and not is_balanced_shape(facts.lengths):
            return False
        if self.points != (0, MAX_POINTS) and not self.points[0] <= facts.points <= self.points[1]:
            return False
        for suit, (a, b) in enumerate(self.support):
            if (a, b) != (0, MAX_POINTS) and not a <= facts.support_points(suit) <= b:
                return False
        return all(h.accepts(facts.mask) for h in self.holdings)

    def contains(self, other: "HandRange") -> bool:
        """Whether every hand ``other`` allows is allowed here (bounds only; holdings compared by mask)."""
        def inside(a: tuple[int, int], b: tuple[int, int]) -> bool:
            return a[0] <= b[0] and b[1] <= a[1]

        if not inside(self.hcp, other.hcp) or not inside(self.points, other.points):
            return False
        if not all(inside(a, b) for a, b in zip(self.support, other.support)):
            return False
        if any(not (a[0] <= b[0] and b[1] <= a[1]) for a, b in zip(self.lengths, other.lengths)):
            return False
        if self.balanced and not other.balanced:
            return False
        for h in self.holdings:
            if not any(o.mask == h.mask and o.allowed & ~h.allowed == 0 for o in other.holdings):
                return False
        return True

    # --- words -----------------------------------------------------------------------
    def describe(self) -> str:
        """The range in words, e.g. ``12-21 HCP, 5+ hearts`` (empty text for the trivial range)."""
        parts = []
        lo, hi = self.hcp
        if (lo, hi) != (0, MAX_HCP):
            if hi >= MAX_HCP:
                parts.append(f"{lo}+ HCP")
            elif lo == hi:
                parts.append(f"{lo} HCP")
            else:
                parts.append(f"{lo}-{hi} HCP")
        plo, phi = self.points
        if (plo, phi) != (0, MAX_POINTS):
            parts.append(_points_words(plo, phi, "points"))
        for suit, (a, b) in enumerate(self.support):
            if (a, b) != (0, MAX_POINTS):
                parts.append(_points_words(a, b, f"support points for {SUIT_NAMES[suit]}"))
        if self.balanced:
            parts.append("balanced")
        for suit, (a, b) in enumerate(self.lengths):
            text = _length_words(suit, a, b, self.balanced)
            if text:
                parts.append(text)
        for h in self.holdings:
            text = h.describe()
            if text:
                parts.append(text)
        return ", ".join(parts)

    def __str__(self) -> str:
        return self.describe() or "no particular hand"


def _points_words(lo: int, hi: int, what: str) -> str:
    if hi >= MAX_POINTS:
        return f"{lo}+ {what}"
    if lo == 0:
        return f"at most {hi} {what}"
    return f"{lo} {what}" if lo == hi else f"{lo}-{hi} {what}"


def _length_words(suit: int, a: int, b: int, balanced: bool) -> str:
    name = SUIT_NAMES[suit]
    if (a, b) == _FULL:
        return ""
    if balanced and a <= 2 and b >= 5:  # what balanced already says
        return ""
    if b == 13 or (balanced and b >= 5):
        return f"{a}+ {name}" if a else ""
    if a == b:
        return f"{a} {name if a != 1 else SUIT_NAME[suit]}" if a else f"no {name}"
    if a == 0 or (balanced and a <= 2):
        return f"at most {b} {name if b != 1 else SUIT_NAME[suit]}"
    return f"{a}-{b} {name}"


def _permutations(shape: tuple[int, ...]) -> set[tuple[int, ...]]:
    from itertools import permutations

    return set(permutations(shape))


_BALANCED_PERMUTATIONS = tuple(p for s in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)) for p in _permutations(s))


def _shape_fits(shape: tuple[int, ...], low: list[int], high: list[int]) -> bool:
    return all(a <= n <= b for n, a, b in zip(shape, low, high))


ANY = HandRange()
"""The range that says nothing."""
