"""The two trick rules everything in bridge needs: who must follow suit, and who wins the trick."""

from __future__ import annotations

from typing import Sequence

from ..core.cards import SUIT_MASKS, Card
from ..core.seats import Seat

__all__ = ["legal_mask", "trick_winner_index", "trick_winner"]


def legal_mask(hand: int, trick: Sequence[Card]) -> int:
    """The cards of ``hand`` (a mask, without the cards already played) that may be played to
    ``trick``: the suit led when the hand holds one, else any card."""
    if trick:
        same = hand & SUIT_MASKS[trick[0] // 13]
        if same:
            return same
    return hand


def trick_winner_index(cards: Sequence[Card], trump: int | None) -> int:
    """Index into ``cards`` (in play order) of the card that wins the trick.

    The highest trump wins if any trump was played; otherwise the highest card
    of the suit led.  Works for incomplete tricks too (the current winner).
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = c // 13, b // 13
        if cs == bs:
            if c > b:
                best = i
        elif trump is not None and cs == trump:
            best = i
    return best


def trick_winner(cards: Sequence[Card], leader: int, trump: int | None) -> Seat:
    """The seat that wins a trick led by ``leader`` with ``cards`` played clockwise."""
    return Seat((leader + trick_winner_index(cards, trump)) % 4)
