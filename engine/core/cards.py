"""Cards, suits, ranks and card sets.

A card is a small int ``0..51``: ``card = suit * 13 + (rank - 2)``, suits in the
canonical order spades, hearts, diamonds, clubs (``Suit.SPADES == 0``) and ranks
2..14 (ace high).  A set of cards is a plain ``int`` bitmask with bit ``card``
set, so suit ``s`` occupies bits ``13*s .. 13*s+12`` with the ace as the top bit
of its field.  The same masks go into numba kernels as ``uint64`` unchanged.

:class:`CardSet` is an immutable, set-like wrapper around such a mask with a
canonical text form (PBN hand ``AKQ2.KJ3.T98.A42``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable, Iterator

from .quoting import quoted

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "CardParseError",
    "make_card",
    "card_suit",
    "card_rank",
    "parse_card",
    "card_str",
    "card_symbol_str",
    "ALL_CARDS",
    "FULL_MASK",
    "SUIT_MASKS",
    "RANK_CHARS",
    "SUIT_NAMES",
    "SUIT_NAMES_SINGULAR",
    "cards_of",
]

Card = int
"""A card: an int in ``0..51`` (see module docstring)."""

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_SIZE = 13
FULL_MASK = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
ALL_CARDS = tuple(range(52))
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
"""Plural suit names, indexed by suit ("East has no spades")."""
SUIT_NAMES_SINGULAR = ("spade", "heart", "diamond", "club")
"""Singular suit names, indexed by suit ("your last heart")."""


class CardParseError(ValueError):
    """Raised for malformed card, rank, suit or hand text; the message names the bad token."""


class Suit(IntEnum):
    """The four suits in canonical (PBN, bidding-rank descending) order."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def mask(self) -> int:
        """Bitmask of all 13 cards of this suit."""
        return SUIT_MASKS[self]

    @classmethod
    def parse(cls, text: str) -> "Suit":
        t = text.strip().upper()
        if len(t) == 1:
            for alphabet in (SUIT_CHARS, SUIT_SYMBOLS, "♤♡♢♧"):
                if t in alphabet:
                    return cls(alphabet.index(t))
        raise CardParseError(f"bad suit {quoted(text)}: expected one of S, H, D, C")

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """Ranks 2..14; ``Rank.TEN`` prints as ``T``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self - 2]

    @classmethod
    def parse(cls, text: str) -> "Rank":
        t = text.strip().upper()
        if t == "10":
            return cls.TEN
        if len(t) == 1 and t in RANK_CHARS:
            return cls(RANK_CHARS.index(t) + 2)
        raise CardParseError(f"bad rank {quoted(text)}: expected one of 2-9, T, J, Q, K, A")

    def __str__(self) -> str:
        return self.char


def make_card(suit: int, rank: int) -> Card:
    """The card of ``suit`` (0..3) and ``rank`` (2..14)."""
    if not 0 <= suit < 4:
        raise ValueError(f"suit {suit} out of range 0..3")
    if not 2 <= rank <= 14:
        raise ValueError(f"rank {rank} out of range 2..14")
    return suit * SUIT_SIZE + rank - 2


def card_suit(card: Card) -> Suit:
    return Suit(card // SUIT_SIZE)


def card_rank(card: Card) -> Rank:
    return Rank(card % SUIT_SIZE + 2)


def card_str(card: Card) -> str:
    """Canonical text form: suit letter then rank, e.g. ``SA``, ``HT``, ``C2``."""
    if not 0 <= card < 52:
        raise ValueError(f"card {card} out of range 0..51")
    return SUIT_CHARS[card // SUIT_SIZE] + RANK_CHARS[card % SUIT_SIZE]


def card_symbol_str(card: Card) -> str:
    """Display form with a suit symbol, e.g. ``♠A``."""
    return SUIT_SYMBOLS[card // SUIT_SIZE] + RANK_CHARS[card % SUIT_SIZE]


def parse_card(text: str) -> Card:
    """Parse ``SA``, ``ht``, ``C10``, ``♠A`` or rank-first ``AS``; errors name the token."""
    t = text.strip()
    if len(t) < 2:
        raise CardParseError(f"bad card {quoted(text)}: expected suit then rank, e.g. SA, HT, C2")
    try:
        return make_card(Suit.parse(t[0]), Rank.parse(t[1:]))
    except CardParseError:
        pass
    try:  # rank-first form, as some files write it (``AS``, ``10H``)
        return make_card(Suit.parse(t[-1]), Rank.parse(t[:-1]))
    except CardParseError:
        raise CardParseError(f"bad card {quoted(text)}: expected suit then rank, e.g. SA, HT, C2") from None


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask in ascending int order (spades first, low to high within a suit)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardSet:
    """An immutable set of cards backed by a 52-bit mask (python-chess ``SquareSet`` style).

    Iteration is in canonical display order: spades first, high cards first.
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: "Iterable[Card] | int | CardSet" = 0) -> None:
        if isinstance(cards, CardSet):
            mask = cards._mask
        elif isinstance(cards, int):
            mask = cards
        else:
            mask = 0
            for c in cards:
                if not 0 <= c < 52:
                    raise ValueError(f"card {c} out of range 0..51")
                mask |= 1 << c
        if mask < 0 or mask > FULL_MASK:
            raise ValueError(f"mask {mask:#x} is not a 52-bit card mask")
        self._mask = mask

    # --- construction ----------------------------------------------------
    @classmethod
    def full(cls) -> "CardSet":
        return cls(FULL_MASK)

    @classmethod
    def of_suit(cls, suit: int) -> "CardSet":
        return cls(SUIT_MASKS[suit])

    @classmethod
    def from_pbn(cls, text: str) -> "CardSet":
        """Parse a PBN hand ``AKQ2.KJ3.T98.A42`` (suits S.H.D.C, ``-`` or empty = void)."""
        t = text.strip()
        parts = t.split(".")
        if len(parts) != 4:
            raise CardParseError(
                f"bad hand {quoted(text)}: expected four suits separated by dots (S.H.D.C), got {len(parts)}"
            )
        mask = 0
        for s, part in enumerate(parts):
            if part in ("-", "—"):
                continue
            for ch in part:
                try:
                    r = Rank.parse(ch)
                except CardParseError:
                    raise CardParseError(
                        f"bad hand {quoted(text)}: {ch!r} in the {Suit(s).name.lower()} is not a rank"
                    ) from None
                bit = 1 << make_card(s, r)
                if mask & bit:
                    raise CardParseError(
                        f"bad hand {quoted(text)}: {card_str(make_card(s, r))} appears twice"
                    )
                mask |= bit
        return cls(mask)

    @classmethod
    def parse(cls, text: str) -> "CardSet":
        """Parse either a PBN hand or a list of cards ``SA HT C2`` (commas or spaces)."""
        t = text.strip()
        if "." in t or t == "":
            return cls.from_pbn(t) if t else cls()
        mask = 0
        for tok in t.replace(",", " ").split():
            mask |= 1 << parse_card(tok)
        return cls(mask)

    # --- set protocol ------------------------------------------------------
    @property
    def mask(self) -> int:
        return self._mask

    def __int__(self) -> int:
        return self._mask

    def __index__(self) -> int:
        return self._mask

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self._mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        for s in range(4):
            field = (self._mask >> (13 * s)) & 0x1FFF
            for r in range(12, -1, -1):
                if field >> r & 1:
                    yield s * 13 + r

    def ascending(self) -> Iterator[Card]:
        """Cards in increasing int order (clubs last, low cards first within a suit)."""
        return iter(cards_of(self._mask))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def _other(self, other: "CardSet | int | Iterable[Card]") -> int:
        return other._mask if isinstance(other, CardSet) else CardSet(other)._mask

    def __or__(self, other: "CardSet | int") -> "CardSet":
        return CardSet(self._mask | self._other(other))

    def __and__(self, other: "CardSet | int") -> "CardSet":
        return CardSet(self._mask & self._other(other))

    def __sub__(self, other: "CardSet | int") -> "CardSet":
        return CardSet(self._mask & ~self._other(other))

    def __xor__(self, other: "CardSet | int") -> "CardSet":
        return CardSet(self._mask ^ self._other(other))

    def __invert__(self) -> "CardSet":
        return CardSet(FULL_MASK & ~self._mask)

    def add(self, card: Card) -> "CardSet":
        return CardSet(self._mask | (1 << card))

    def remove(self, card: Card) -> "CardSet":
        if not self._mask >> card & 1:
            raise KeyError(card_str(card))
        return CardSet(self._mask & ~(1 << card))

    def issubset(self, other: "CardSet | int") -> bool:
        return self._mask & ~self._other(other) == 0

    def isdisjoint(self, other: "CardSet | int") -> bool:
        return self._mask & self._other(other) == 0

    # --- bridge helpers ----------------------------------------------------
    def suit(self, suit: int) -> "CardSet":
        return CardSet(self._mask & SUIT_MASKS[suit])

    def suit_length(self, suit: int) -> int:
        return (self._mask & SUIT_MASKS[suit]).bit_count()

    def suit_field(self, suit: int) -> int:
        """The 13-bit rank field of one suit (bit r = rank r+2)."""
        return (self._mask >> (13 * suit)) & 0x1FFF

    def shape(self) -> tuple[int, int, int, int]:
        return tuple(self.suit_length(s) for s in range(4))  # type: ignore[return-value]

    def hcp(self) -> int:
        """Milton Work high-card points (A=4, K=3, Q=2, J=1)."""
        total = 0
        for s in range(4):
            f = self.suit_field(s)
            total += 4 * (f >> 12 & 1) + 3 * (f >> 11 & 1) + 2 * (f >> 10 & 1) + (f >> 9 & 1)
        return total

    def lowest(self) -> Card:
        if not self._mask:
            raise ValueError("empty card set has no lowest card")
        return (self._mask & -self._mask).bit_length() - 1

    def highest(self) -> Card:
        if not self._mask:
            raise ValueError("empty card set has no highest card")
        return self._mask.bit_length() - 1

    # --- text ----------------------------------------------------------------
    def to_pbn(self) -> str:
        parts = []
        for s in range(4):
            f = self.suit_field(s)
            parts.append("".join(RANK_CHARS[r] for r in range(12, -1, -1) if f >> r & 1))
        return ".".join(parts)

    def cards_str(self) -> str:
        return " ".join(card_str(c) for c in self)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"CardSet({self.to_pbn()!r})"
