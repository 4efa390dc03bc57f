"""What a bidder sees in a hand: points, lengths, shape, stoppers and key cards.

Everything here is computed once per hand from its 52-bit mask (:class:`HandFacts`)
so that the rule conditions, tried hundreds of times per auction, only read numbers.

Valuation follows the usual teaching:

* **HCP** (A=4, K=3, Q=2, J=1);
* **points** = HCP plus one for each card beyond four in a suit, the bonus capped
  at :data:`LENGTH_CAP` (so ``hcp <= points <= hcp + LENGTH_CAP``, which lets a
  condition on points be stated as a sound HCP range);
* **support points** for a suit = HCP plus shortness (with four or more trumps a
  void 5, a singleton 3, a doubleton 1; with three trumps 3, 2, 1), the bonus
  capped at :data:`SUPPORT_CAP`.
"""

from __future__ import annotations

from ..core.cards import SUIT_MASKS, CardSet

__all__ = ["HandFacts", "LENGTH_CAP", "SUPPORT_CAP", "BALANCED_SHAPES", "hcp_of", "is_balanced_shape"]

LENGTH_CAP = 3
SUPPORT_CAP = 4
BALANCED_SHAPES = ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))
"""Sorted shapes that count as balanced (the notrump shapes)."""

_ACE, _KING, _QUEEN, _JACK, _TEN = 12, 11, 10, 9, 8  # bit of the rank in a suit field


def hcp_of(mask: int) -> int:
    """Milton Work points of a card mask."""
    total = 0
    for s in range(4):
        f = (mask >> (13 * s)) & 0x1FFF
        total += 4 * (f >> _ACE & 1) + 3 * (f >> _KING & 1) + 2 * (f >> _QUEEN & 1) + (f >> _JACK & 1)
    return total


def is_balanced_shape(lengths: tuple[int, ...]) -> bool:
    return tuple(sorted(lengths, reverse=True)) in BALANCED_SHAPES


class HandFacts:
    """The numbers the bidding rules read from one 13-card hand (suits indexed S, H, D, C)."""

    __slots__ = ("mask", "hcp", "lengths", "fields", "balanced", "points", "_support")

    def __init__(self, hand: CardSet | int) -> None:
        mask = int(hand)
        self.mask = mask
        self.fields = tuple((mask >> (13 * s)) & 0x1FFF for s in range(4))
        self.lengths = tuple((mask & SUIT_MASKS[s]).bit_count() for s in range(4))
        self.hcp = hcp_of(mask)
        self.balanced = is_balanced_shape(self.lengths)
        self.points = self.hcp + min(LENGTH_CAP, sum(max(0, n - 4) for n in self.lengths))
        self._support: dict[int, int] = {}

    def length(self, suit: int) -> int:
        return self.lengths[suit]

    def support_points(self, suit: int) -> int:
        """HCP plus shortness outside ``suit`` when ``suit`` is trumps (see the module docstring)."""
        cached = self._support.get(suit)
        if cached is not None:
            return cached
        trumps = self.lengths[suit]
        table = (5, 3, 1) if trumps >= 4 else (3, 2, 1) if trumps == 3 else (0, 0, 0)
        bonus = sum(table[n] for s, n in enumerate(self.lengths) if s != suit and n <= 2)
        value = self.hcp + min(SUPPORT_CAP, bonus)
        self._support[suit] = value
        return value

    def has(self, suit: int, rank_bit: int) -> bool:
        return bool(self.fields[suit] >> rank_bit & 1)

    def top_honours(self, suit: int, top: int = 3) -> int:
        """How many of the top ``top`` cards of ``suit`` (A, K, Q, J, T) the hand holds."""
        f = self.fields[suit]
        return sum(f >> (_ACE - i) & 1 for i in range(top))

    def good_suit(self, suit: int) -> bool:
        """Two of the top three honours or three of the top five."""
        return self.top_honours(suit, 3) >= 2 or self.top_honours(suit, 5) >= 3

    def stopper(self, suit: int) -> bool:
        """A sure or likely notrump stopper: A, Kx, Qxx or Jxxx."""
        n = self.lengths[suit]
        return (
            self.has(suit, _ACE)
            or (self.has(suit, _KING) and n >= 2)
            or (self.has(suit, _QUEEN) and n >= 3)
            or (self.has(suit, _JACK) and n >= 4)
        )

    def aces(self) -> int:
        return sum(f >> _ACE & 1 for f in self.fields)

    def keycards(self, trump: int) -> int:
        """Roman key cards: the four aces and the king of trumps."""
        return self.aces() + (self.fields[trump] >> _KING & 1)

    def trump_queen(self, trump: int) -> bool:
        return self.has(trump, _QUEEN)

    def __repr__(self) -> str:
        return f"HandFacts({CardSet(self.mask).to_pbn()}, hcp={self.hcp})"
