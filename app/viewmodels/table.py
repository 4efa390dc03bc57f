"""What the card table shows, as plain frozen data (no Qt): controllers build it, the view draws it.

The view never changes game state: it reads a :class:`TableState` and reports intents
(a chosen card).  Which cards may be chosen, and why the others may not, is decided
by the controller from the game rules and carried here per card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.core.cards import Card, CardSet, Suit
from engine.core.seats import Seat

__all__ = ["TableCard", "SeatHand", "HandShape", "TrickView", "TableState", "display_order", "sounds_between"]

_DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate


@dataclass(frozen=True, slots=True)
class TableCard:
    """A face-up card in a hand; a non-empty ``unplayable_reason`` is shown on hover; ``badge`` is a
    short tag drawn on the card's edge (``"new"`` on a card received in the Hearts pass)."""

    card: Card
    playable: bool = False
    unplayable_reason: str = ""
    highlighted: bool = False
    badge: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.card < 52:
            raise ValueError(f"card {self.card} out of range 0..51")
        if self.playable and self.unplayable_reason:
            raise ValueError("a playable card has no unplayable reason")


class HandShape(Enum):
    """How a hand is laid out: one fan (a player's own hand), or dummy's suits in columns (or rows, when
    dummy sits on the left or right) as it lies on a real table."""

    FAN = "fan"
    SUITS = "suits"


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat: its face-up cards in display order, or ``hidden_count`` face-down cards; ``unknown``
    when not even the number of its cards is known (suit practice before a defender shows out: one
    marked place instead of backs that would give the layout away)."""

    seat: Seat
    label: str
    cards: tuple[TableCard, ...] = ()
    hidden_count: int = 0
    shape: HandShape = HandShape.FAN
    unknown: bool = False

    def __post_init__(self) -> None:
        if self.cards and self.hidden_count:
            raise ValueError(f"{self.seat.name.title()}'s hand is either face up or face down, not both")
        if not 0 <= len(self.cards) + self.hidden_count <= 13:
            raise ValueError(f"{self.seat.name.title()} holds more than 13 cards")
        if self.unknown and (self.cards or self.hidden_count):
            raise ValueError(f"{self.seat.name.title()}'s hand is shown or unknown, not both")

    @property
    def size(self) -> int:
        return len(self.cards) or self.hidden_count

    @property
    def face_up(self) -> bool:
        return bool(self.cards)


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as the table shows it: its cards in play order, the winner once it is complete, its number
    (from 1) and the seats that showed out of the suit led (suit practice: a void hand plays no card)."""

    cards: tuple[tuple[Seat, Card], ...] = ()
    winner: Seat | None = None
    number: int = 0
    show_outs: tuple[Seat, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > 4 or len({s for s, _ in self.cards}) != len(self.cards):
            raise ValueError("a trick holds at most one card from each seat")
        if set(self.show_outs) & {s for s, _ in self.cards}:
            raise ValueError("a seat that showed out played no card to the trick")


@dataclass(frozen=True, slots=True)
class TableState:
    """Four hands indexed by seat, the trick on the table in play order, and the seat at the bottom.

    ``trick_winner`` is set while a finished trick stays on the table (it says who won it);
    ``show_outs`` are the seats that showed out of the trick on the table; ``last_trick`` is the
    most recent finished trick that is not on the table (the "last trick" view); ``centre_text`` is a
    line shown in the middle of the table (the result at the end of a hand)."""

    hands: tuple[SeatHand, SeatHand, SeatHand, SeatHand]
    trick: tuple[tuple[Seat, Card], ...] = ()
    bottom_seat: Seat = Seat.SOUTH
    trick_winner: Seat | None = None
    show_outs: tuple[Seat, ...] = ()
    last_trick: TrickView | None = None
    centre_text: str = ""
    hand_cards: frozenset[Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if tuple(h.seat for h in self.hands) != tuple(Seat):
            raise ValueError("hands must be given for N, E, S, W in that order")
        if len(self.trick) > 4 or len({s for s, _ in self.trick}) != len(self.trick):
            raise ValueError("a trick holds at most one card from each seat")
        if self.trick_winner is not None and self.trick_winner not in {s for s, _ in self.trick}:
            raise ValueError(f"{self.trick_winner.name.title()} cannot win a trick it played no card to")
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


def sounds_between(before: TableState | None, after: TableState) -> tuple[str, ...]:
    """The sounds a change of table calls for: ``"card"`` when a card joins the trick, ``"trick"`` when
    that card finishes it, ``"chime"`` when the hand ends (the result appears in the middle)."""
    if before is None:
        return ()
    if after.centre_text and not before.centre_text:
        return ("chime",)
    new_cards = set(after.trick) - set(before.trick)
    if not new_cards:
        return ()
    return ("trick",) if after.trick_winner is not None else ("card",)
