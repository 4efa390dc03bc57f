"""The passing phase: the left/right/across/hold cycle and applying three-card passes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from ..core.cards import Card, CardSet, card_str
from ..core.seats import Seat

__all__ = ["PassDirection", "PassError", "PassRecord", "apply_passes", "check_pass", "PASS_SIZE"]

PASS_SIZE = 3


class PassError(ValueError):
    """A pass is not three distinct cards from the passer's hand; the message names the seat and card."""


class PassDirection(Enum):
    """Where each seat's three cards go; the value is the clockwise seat offset of the receiver."""

    LEFT = 1
    RIGHT = 3
    ACROSS = 2
    HOLD = 0

    @classmethod
    def for_hand(cls, hand_number: int) -> "PassDirection":
        """Hands 0, 1, 2, 3 pass left, right, across, hold; the cycle repeats."""
        if hand_number < 0:
            raise PassError(f"hand number must be ≥ 0, got {hand_number}")
        return _CYCLE[hand_number % 4]

    @classmethod
    def parse(cls, text: str) -> "PassDirection":
        t = text.strip().upper()
        if t in cls.__members__:
            return cls[t]
        raise PassError(f"bad passing direction {text!r}: expected left, right, across or hold")

    @property
    def label(self) -> str:
        """Lower-case name used in JSON output (``left``, ``right``, ``across``, ``hold``)."""
        return self.name.lower()

    def receiver(self, passer: int) -> Seat:
        """The seat that receives ``passer``'s cards (the passer itself when holding)."""
        return Seat((passer + self.value) % 4)

    def giver(self, receiver: int) -> Seat:
        """The seat whose cards ``receiver`` gets."""
        return Seat((receiver - self.value) % 4)


_CYCLE = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)


def check_pass(hand: CardSet | int, cards: Sequence[Card], seat: int) -> CardSet:
    """Validate one seat's pass and return it as a set; raises :class:`PassError`."""
    hand_mask = int(hand)
    if len(cards) != PASS_SIZE:
        raise PassError(f"seat {int(seat)} must pass {PASS_SIZE} cards, got {len(cards)}")
    mask = 0
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise PassError(f"seat {int(seat)} passes {c!r}, which is not a card")
        if mask >> c & 1:
            raise PassError(f"seat {int(seat)} passes {card_str(c)} twice")
        if not hand_mask >> c & 1:
            raise PassError(f"seat {int(seat)} passes {card_str(c)}, which is not in its hand")
        mask |= 1 << c
    return CardSet(mask)


@dataclass(frozen=True, slots=True)
class PassRecord:
    """Who passed what: ``passed[seat]`` are the cards ``seat`` gave away (empty when holding)."""

    direction: PassDirection
    passed: tuple[CardSet, CardSet, CardSet, CardSet]

    def passed_by(self, seat: int) -> CardSet:
        return self.passed[seat]

    def received_by(self, seat: int) -> CardSet:
        if self.direction is PassDirection.HOLD:
            return CardSet()
        return self.passed[self.direction.giver(seat)]

    @classmethod
    def hold(cls) -> "PassRecord":
        empty = CardSet()
        return cls(PassDirection.HOLD, (empty, empty, empty, empty))


def apply_passes(
    hands: Sequence[CardSet | int],
    direction: PassDirection,
    passes: Sequence[Sequence[Card]] | None,
) -> tuple[tuple[CardSet, CardSet, CardSet, CardSet], PassRecord]:
    """The four hands after every seat passes its three cards in ``direction``.

    ``passes[seat]`` are the cards ``seat`` gives away; with ``HOLD`` no cards
    move and ``passes`` must be ``None`` or four empty selections.
    """
    if len(hands) != 4:
        raise PassError(f"passing needs four hands, got {len(hands)}")
    masks = [int(h) for h in hands]
    if direction is PassDirection.HOLD:
        if passes is not None and any(len(p) for p in passes):
            raise PassError("no cards are passed on a hold hand")
        return tuple(CardSet(m) for m in masks), PassRecord.hold()  # type: ignore[return-value]
    if passes is None or len(passes) != 4:
        raise PassError(f"passing {direction.label} needs a pass from each of the four seats")
    given = tuple(check_pass(masks[seat], passes[seat], seat) for seat in range(4))
    after = list(masks)
    for seat in range(4):
        after[seat] &= ~given[seat].mask
    for seat in range(4):
        after[direction.receiver(seat)] |= given[seat].mask
    record = PassRecord(direction, given)  # type: ignore[arg-type]
    return tuple(CardSet(m) for m in after), record  # type: ignore[return-value]
