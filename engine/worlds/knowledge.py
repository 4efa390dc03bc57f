"""What one seat knows about where the unseen cards are: the input of world sampling.

A *world* is one complete assignment of the cards still in play to the four
hands that agrees with everything the seat has seen.  :class:`WorldKnowledge`
collects those facts independently of the game: for each seat the cards known
to be in its hand now (own hand, dummy), how many cards it holds, the cards it
has already played, the suits it has shown out of, and optional constraints on
its *original* hand from the auction (:class:`HandConstraint`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..core.cards import FULL_MASK, SUIT_MASKS, CardSet, card_str

__all__ = ["HandConstraint", "OriginalHandConstraint", "SeatKnowledge", "WorldKnowledge", "KnowledgeError"]


class KnowledgeError(ValueError):
    """The facts contradict each other (no world can satisfy them); the message says which."""


def _hcp(mask: int) -> int:
    total = 0
    for s in range(4):
        f = (mask >> (13 * s)) & 0x1FFF
        total += 4 * (f >> 12 & 1) + 3 * (f >> 11 & 1) + 2 * (f >> 10 & 1) + (f >> 9 & 1)
    return total


@runtime_checkable
class OriginalHandConstraint(Protocol):
    """Anything that can say whether an original 13-card hand (a mask) fits it.

    :class:`HandConstraint` is the plain one; the meaning of an auction
    (``engine.bidding.HandRange``: HCP, points, support points, lengths, shape,
    key cards) is the other one in use, so every call's constraints reach the
    sampler unchanged.
    """

    @property
    def is_trivial(self) -> bool: ...

    def accepts(self, original_hand: int) -> bool: ...


@dataclass(frozen=True, slots=True)
class HandConstraint:
    """Ranges an original 13-card hand must satisfy (inclusive), e.g. a 15–17 balanced 1NT.

    ``lengths[s]`` bounds the length of suit ``s``; ``balanced`` means 4333,
    4432 or 5332 shapes.
    """

    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[int, int], ...] = ((0, 13),) * 4
    balanced: bool = False

    def __post_init__(self) -> None:
        lo, hi = self.hcp
        if not 0 <= lo <= hi <= 37:
            raise KnowledgeError(f"HCP range {self.hcp} must satisfy 0 ≤ low ≤ high ≤ 37")
        if len(self.lengths) != 4:
            raise KnowledgeError("lengths needs one (low, high) range per suit (S, H, D, C)")
        for s, (a, b) in enumerate(self.lengths):
            if not 0 <= a <= b <= 13:
                raise KnowledgeError(f"length range {(a, b)} of suit {'SHDC'[s]} must satisfy 0 ≤ low ≤ high ≤ 13")

    @classmethod
    def notrump_opener(cls, low: int = 15, high: int = 17) -> "HandConstraint":
        return cls(hcp=(low, high), balanced=True)

    @property
    def is_trivial(self) -> bool:
        return self.hcp == (0, 37) and all(r == (0, 13) for r in self.lengths) and not self.balanced

    def accepts(self, original_hand: int) -> bool:
        """Whether a full original hand (mask) satisfies the constraint."""
        h = _hcp(original_hand)
        if not self.hcp[0] <= h <= self.hcp[1]:
            return False
        shape = [(original_hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        for n, (a, b) in zip(shape, self.lengths):
            if not a <= n <= b:
                return False
        if self.balanced and sorted(shape) not in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]):
            return False
        return True


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """What is known of one seat's hand: cards known held, hand size, played cards, voids."""

    known: int = 0  # cards known to be in the hand now
    size: int = 13  # cards in the hand now
    played: int = 0  # cards this seat has already played
    voids: int = 0  # bit s set: the seat has shown out of suit s
    constraint: OriginalHandConstraint = field(default_factory=HandConstraint)

    def allows_suit(self, suit: int) -> bool:
        return not self.voids >> suit & 1


@dataclass(frozen=True, slots=True)
class WorldKnowledge:
    """Everything the sampling seat knows, for all four seats (index = seat)."""

    seats: tuple[SeatKnowledge, SeatKnowledge, SeatKnowledge, SeatKnowledge]

    def __post_init__(self) -> None:
        if len(self.seats) != 4:
            raise KnowledgeError("knowledge needs four seats")
        seen = 0
        for i, k in enumerate(self.seats):
            if seen & (k.known | k.played):
                dup = CardSet(seen & (k.known | k.played)).highest()
                raise KnowledgeError(f"{card_str(dup)} is placed in two hands")
            seen |= k.known | k.played
            if k.known.bit_count() > k.size:
                raise KnowledgeError(f"seat {'NESW'[i]} is known to hold more cards than its size {k.size}")
            for s in range(4):
                if k.voids >> s & 1 and k.known & SUIT_MASKS[s]:
                    raise KnowledgeError(f"seat {'NESW'[i]} is void in {'SHDC'[s]} but holds a card of it")
        if self.unknown.bit_count() != sum(k.size - k.known.bit_count() for k in self.seats):
            raise KnowledgeError(
                f"{self.unknown.bit_count()} unseen cards but "
                f"{sum(k.size - k.known.bit_count() for k in self.seats)} empty places in the hands"
            )

    @property
    def in_play(self) -> int:
        """Cards still held by someone (all cards minus those played)."""
        played = 0
        for k in self.seats:
            played |= k.played
        return FULL_MASK & ~played

    @property
    def unknown(self) -> int:
        """Cards still in play whose holder is not known."""
        known = 0
        for k in self.seats:
            known |= k.known
        return self.in_play & ~known

    @property
    def free_places(self) -> tuple[int, int, int, int]:
        return tuple(k.size - k.known.bit_count() for k in self.seats)  # type: ignore[return-value]

    @property
    def has_constraints(self) -> bool:
        return any(not k.constraint.is_trivial for k in self.seats)

    def accepts(self, hands: tuple[int, int, int, int]) -> bool:
        """Whether a completed world meets the auction constraints on original hands."""
        for k, h in zip(self.seats, hands):
            if not k.constraint.is_trivial and not k.constraint.accepts(h | k.played):
                return False
        return True
