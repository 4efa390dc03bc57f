"""What the card table shows, as plain frozen data (no Qt): controllers build it, the view draws it.

The view never changes game state: it reads a :class:`TableState` and reports intents
(a chosen card).  Which cards may be chosen, and why the others may not, is decided
by the controller from the game rules and carried here per card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.cards import Card, CardSet, Suit
from engine.core.seats import Seat

__all__ = ["TableCard", "SeatHand", "TableState", "display_order"]

_DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate


@dataclass(frozen=True, slots=True)
class TableCard:
    """A face-up card in a hand; a non-empty ``unplayable_reason`` is shown on hover."""

    card: Card
    playable: bool = False
    unplayable_reason: str = ""
    highlighted: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.card < 52:
            raise ValueError(f"card {self.card} out of range 0..51")
        if self.playable and self.unplayable_reason:
            raise ValueError("a playable card has no unplayable reason")


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat: its face-up cards in display order, or ``hidden_count`` face-down cards."""

    seat: Seat
    label: str
    cards: tuple[TableCard, ...] = ()
    hidden_count: int = 0

    def __post_init__(self) -> None:
        if self.cards and self.hidden_count:
            raise ValueError(f"{self.seat.name.title()}'s hand is either face up or face down, not both")
        if not 0 <= len(self.cards) + self.hidden_count <= 13:
            raise ValueError(f"{self.seat.name.title()} holds more than 13 cards")

    @property
    def size(self) -> int:
        return len(self.cards) or self.hidden_count

    @property
    def face_up(self) -> bool:
        return bool(self.cards)


@dataclass(frozen=True, slots=True)
class TableState:
    """Four hands indexed by seat, the current trick in play order, and the seat at the bottom."""

    hands: tuple[SeatHand, SeatHand, SeatHand, SeatHand]
    trick: tuple[tuple[Seat, Card], ...] = ()
    bottom_seat: Seat = Seat.SOUTH
    hand_cards: frozenset[Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if tuple(h.seat for h in self.hands) != tuple(Seat):
            raise ValueError("hands must be given for N, E, S, W in that order")
        if len(self.trick) > 4 or len({s for s, _ in self.trick}) != len(self.trick):
            raise ValueError("a trick holds at most one card from each seat")
        shown = [c.card for h in self.hands for c in h.cards] + [c for _, c in self.trick]
        if len(set(shown)) != len(shown):
            raise ValueError("a card is shown twice on the table")
        object.__setattr__(self, "hand_cards", frozenset(c.card for h in self.hands for c in h.cards))

    def find(self, card: Card) -> tuple[Seat, int] | None:
        """Seat and index of a face-up card in a hand."""
        for hand in self.hands:
            for i, tc in enumerate(hand.cards):
                if tc.card == card:
                    return hand.seat, i
        return None


def display_order(cards: CardSet) -> tuple[Card, ...]:
    """Cards as a hand is fanned: ♠ ♥ ♣ ♦ (alternating colours), high to low in each suit."""
    return tuple(c for s in _DISPLAY_SUITS for c in cards.suit(s))
