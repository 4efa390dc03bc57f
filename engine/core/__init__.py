"""Core value types shared by every game: cards, card sets, seats and deals."""

from .cards import (
    ALL_CARDS,
    Card,
    CardParseError,
    CardSet,
    Rank,
    Suit,
    card_rank,
    card_str,
    card_suit,
    card_symbol_str,
    make_card,
    parse_card,
)
from .deal import Deal, DealError, random_deal, random_deals
from .seats import Seat, SeatParseError

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardParseError",
    "CardSet",
    "Deal",
    "DealError",
    "Rank",
    "Seat",
    "SeatParseError",
    "Suit",
    "card_rank",
    "card_str",
    "card_suit",
    "card_symbol_str",
    "make_card",
    "parse_card",
    "random_deal",
    "random_deals",
]
