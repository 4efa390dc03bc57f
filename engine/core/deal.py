"""Deals: four hands, PBN deal strings, validation and seeded random dealing.

A :class:`Deal` holds the four hands indexed by :class:`~engine.core.seats.Seat`.
Full deals have 13 cards each; partial deals (endings, suit problems, positions
at the start of a trick) are allowed when explicitly requested, with the rule
that no card appears twice.  Hand sizes may differ only when the caller says so
(positions in the middle of a trick are described by a trick-start deal plus the
cards played, so every deal string we produce has equal hand sizes).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import FULL_MASK, CardParseError, CardSet, card_str
from .quoting import quoted
from .seats import Seat, SeatParseError

__all__ = ["Deal", "DealError", "random_deal", "random_deals"]


class DealError(ValueError):
    """A deal string or a set of hands is not a valid deal; the message says which hand and why."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands (bitmasks wrapped in :class:`CardSet`) indexed by seat N, E, S, W."""

    hands: tuple[CardSet, CardSet, CardSet, CardSet]

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise DealError(f"a deal has four hands, got {len(self.hands)}")
        seen = 0
        for seat, hand in zip(Seat, self.hands):
            if not isinstance(hand, CardSet):
                raise DealError(f"hand of {seat.name.title()} is not a CardSet")
            dup = seen & hand.mask
            if dup:
                raise DealError(
                    f"{card_str(CardSet(dup).highest())} is in {seat.name.title()}'s hand and another hand"
                )
            seen |= hand.mask

    # --- construction ------------------------------------------------------
    @classmethod
    def from_masks(cls, masks: Sequence[int]) -> "Deal":
        return cls(tuple(CardSet(int(m)) for m in masks))  # type: ignore[arg-type]

    @classmethod
    def from_pbn(cls, text: str, *, partial: bool = False, equal_sizes: bool = True) -> "Deal":
        """Parse ``N:AKQ2.KJ3.T98.A42 ...`` (any first seat, hands clockwise).

        ``partial=False`` requires a full 52-card deal.  With ``partial=True``
        hands may be shorter; ``equal_sizes`` then still requires equal lengths.
        A ``-`` hand stands for an unknown or empty hand (partial deals only).
        """
        t = text.strip().strip('"')
        if len(t) < 2 or t[1] != ":":
            raise DealError(f"bad deal {quoted(text)}: expected '<first seat>:<hand> <hand> <hand> <hand>'")
        try:
            first = Seat.parse(t[0])
        except SeatParseError as e:
            raise DealError(f"bad deal {quoted(text)}: {e}") from None
        tokens = t[2:].split()
        if len(tokens) != 4:
            raise DealError(f"bad deal {quoted(text)}: expected 4 hands, got {len(tokens)}")
        hands: list[CardSet] = [CardSet()] * 4
        for i, tok in enumerate(tokens):
            seat = first.offset(i)
            if tok == "-":
                if not partial:
                    raise DealError(f"bad deal {quoted(text)}: {seat.name.title()}'s hand is missing")
                continue
            try:
                hands[seat] = CardSet.from_pbn(tok)
            except CardParseError as e:
                raise DealError(f"bad deal: {seat.name.title()}'s hand: {e}") from None
        deal = cls(tuple(hands))  # type: ignore[arg-type]
        deal.validate(partial=partial, equal_sizes=equal_sizes)
        return deal

    # --- queries ------------------------------------------------------------
    def __getitem__(self, seat: int) -> CardSet:
        return self.hands[seat]

    @property
    def masks(self) -> tuple[int, int, int, int]:
        return tuple(h.mask for h in self.hands)  # type: ignore[return-value]

    @property
    def cards(self) -> CardSet:
        m = 0
        for h in self.hands:
            m |= h.mask
        return CardSet(m)

    def hand_sizes(self) -> tuple[int, int, int, int]:
        return tuple(len(h) for h in self.hands)  # type: ignore[return-value]

    @property
    def is_full(self) -> bool:
        return self.cards.mask == FULL_MASK and self.hand_sizes() == (13, 13, 13, 13)

    def seat_of(self, card: int) -> Seat | None:
        for seat, h in zip(Seat, self.hands):
            if card in h:
                return seat
        return None

    def validate(self, *, partial: bool = False, equal_sizes: bool = True) -> None:
        sizes = self.hand_sizes()
        if not partial:
            for seat, n in zip(Seat, sizes):
                if n != 13:
                    raise DealError(f"{seat.name.title()} has {n} cards; a full deal has 13 in each hand")
        elif equal_sizes and len(set(sizes)) != 1:
            detail = ", ".join(f"{s.letter}={n}" for s, n in zip(Seat, sizes))
            raise DealError(f"hands have different sizes ({detail})")

    def without(self, cards: Iterable[int]) -> "Deal":
        """The deal with the given cards removed from whichever hands hold them."""
        m = CardSet(list(cards)).mask
        return Deal(tuple(CardSet(h.mask & ~m) for h in self.hands))  # type: ignore[arg-type]

    def rotate(self, n: int) -> "Deal":
        """Give each seat's hand to the seat ``n`` places clockwise."""
        return Deal(tuple(self.hands[(i - n) % 4] for i in range(4)))  # type: ignore[arg-type]

    # --- text ----------------------------------------------------------------
    def to_pbn(self, first: Seat | str = Seat.NORTH) -> str:
        first = Seat.parse(first) if isinstance(first, str) else Seat(first)
        parts = []
        for i in range(4):
            h = self.hands[first.offset(i)]
            parts.append(h.to_pbn())
        return f"{first.letter}:" + " ".join(parts)

    def __str__(self) -> str:
        return self.to_pbn()

    def diagram(self) -> str:
        """A compact four-hand text diagram (for CLI output and debugging)."""

        def lines(h: CardSet) -> list[str]:
            from .cards import SUIT_SYMBOLS

            return [f"{SUIT_SYMBOLS[s]} {h.suit(s).to_pbn().split('.')[s] or '—'}" for s in range(4)]

        n, e, s, w = (lines(h) for h in self.hands)
        pad = " " * 20
        out = [pad + x for x in n]
        out += [f"{a:<40}{b}" for a, b in zip(w, e)]
        out += [pad + x for x in s]
        return "\n".join(out)


def random_deal(rng: random.Random) -> Deal:
    """A uniformly random full deal drawn from ``rng``."""
    cards = list(range(52))
    rng.shuffle(cards)
    return Deal(tuple(CardSet(cards[13 * i : 13 * i + 13]) for i in range(4)))  # type: ignore[arg-type]


def random_deals(seed: int, count: int) -> list[Deal]:
    """``count`` reproducible random deals from ``seed`` (same seed → same deals on every platform)."""
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]
