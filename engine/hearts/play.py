"""The state of one Hearts hand during the play of the tricks.

The state is deliberately small and made of ints so a Max_n solver or a world
sampler can copy it into numba arrays unchanged: four hand masks, four
taken-card masks, the cards played in order (the seat of each follows from the
trick leaders), and the current leader.  Whether hearts are broken is not
stored: it is "a heart has been played", read from the played-cards mask.

Rules (see :class:`~engine.hearts.rules.HeartsRules` for the options): the
holder of the ♣2 leads it to the first trick; players follow suit when they
can; on the first trick a player void in clubs may not discard a heart or the
♠Q unless they hold nothing else; hearts may not be led until a heart has been
played unless the leader holds only hearts; the highest card of the suit led
wins and its player leads next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..core.cards import FULL_MASK, SUIT_MASKS, Card, CardSet, Rank, Suit, card_str, make_card
from ..core.seats import Seat
from .rules import HeartsRules
from .scoring import HEARTS_MASK, QUEEN_OF_SPADES, HandResult, cards_points, moon_shooter, score_hand

__all__ = [
    "TWO_OF_CLUBS",
    "HeartsPlayError",
    "Trick",
    "HeartsHand",
    "legal_mask",
    "trick_winner_index",
]

TWO_OF_CLUBS: Card = make_card(Suit.CLUBS, Rank.TWO)
TRICKS_PER_HAND = 13


class HeartsPlayError(ValueError):
    """An illegal play, undo or starting position; the message names the card or seat and why."""


def trick_winner_index(cards: Sequence[Card]) -> int:
    """Index of the highest card of the suit led (Hearts has no trumps)."""
    if not cards:
        raise HeartsPlayError("an empty trick has no winner")
    led = cards[0] // 13
    best = 0
    for i in range(1, len(cards)):
        if cards[i] // 13 == led and cards[i] > cards[best]:
            best = i
    return best


def legal_mask(
    hand: int,
    trick: Sequence[Card],
    first_trick: bool,
    hearts_broken: bool,
    rules: HeartsRules,
) -> int:
    """The cards of ``hand`` (mask) that may be played to ``trick`` (the cards already in it).

    This is the whole play rule in one pure function on ints; the solver's
    kernels mirror it.
    """
    if not hand:
        return 0
    if not trick:
        if first_trick:
            return hand & (1 << TWO_OF_CLUBS)
        if rules.breaking_hearts and not hearts_broken and hand & ~HEARTS_MASK:
            return hand & ~HEARTS_MASK
        return hand
    in_suit = hand & SUIT_MASKS[trick[0] // 13]
    if in_suit:
        return in_suit
    if first_trick:
        banned = 0
        if not rules.hearts_on_first_trick:
            banned |= HEARTS_MASK
        if not rules.queen_on_first_trick:
            banned |= 1 << QUEEN_OF_SPADES
        if hand & ~banned:
            return hand & ~banned
    return hand


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: its leader and the cards played clockwise from the leader (1 to 4 of them)."""

    leader: Seat
    cards: tuple[Card, ...] = ()

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """``(seat, card)`` pairs in play order."""
        return tuple((self.leader.offset(i), c) for i, c in enumerate(self.cards))

    @property
    def winner(self) -> Seat | None:
        """The seat that won the trick, or ``None`` while it is incomplete."""
        if not self.is_complete:
            return None
        return self.leader.offset(trick_winner_index(self.cards))

    @property
    def winning_seat(self) -> Seat | None:
        """The seat currently winning (``None`` for an empty trick)."""
        if not self.cards:
            return None
        return self.leader.offset(trick_winner_index(self.cards))

    @property
    def mask(self) -> int:
        m = 0
        for c in self.cards:
            m |= 1 << c
        return m

    def points(self, rules: HeartsRules) -> int:
        return cards_points(self.mask, rules)

    def to_dict(self) -> dict[str, object]:
        """JSON form: ``{"leader": seat, "cards": ["C2", ...], "winner": seat}`` (winner once complete)."""
        out: dict[str, object] = {"leader": int(self.leader), "cards": [card_str(c) for c in self.cards]}
        if self.is_complete:
            out["winner"] = int(self.winner)  # type: ignore[arg-type]
        return out


class HeartsHand:
    """A Hearts hand in play: ``legal_cards()``, ``play(card)``, ``undo()`` and the record.

    Built from the four hands *after* passing (full 13-card hands).  Mutable
    like a chess board (play/undo in place); ``copy()`` for an independent one.
    Public attributes, all plain ints for kernels: ``hands`` and ``taken``
    (four masks each), ``played`` (cards in play order), ``leaders`` (leader of
    each trick started so far), ``played_mask``, ``initial`` (the four hands).
    """

    __slots__ = ("rules", "initial", "hands", "taken", "played", "leaders", "played_mask")

    def __init__(self, hands: Sequence[CardSet | int], rules: HeartsRules | None = None) -> None:
        if len(hands) != 4:
            raise HeartsPlayError(f"a Hearts hand needs four hands, got {len(hands)}")
        masks = tuple(int(h) for h in hands)
        seen = 0
        for seat, m in enumerate(masks):
            if m.bit_count() != 13:
                raise HeartsPlayError(f"seat {seat} has {m.bit_count()} cards; each seat starts with 13")
            if seen & m:
                raise HeartsPlayError(
                    f"{card_str(CardSet(seen & m).highest())} is dealt to seat {seat} and another seat"
                )
            seen |= m
        if seen != FULL_MASK:
            raise HeartsPlayError("the four hands do not make up the 52-card pack")
        self.rules: HeartsRules = rules if rules is not None else HeartsRules()
        self.initial: tuple[int, ...] = masks
        self.hands: list[int] = list(masks)
        self.taken: list[int] = [0, 0, 0, 0]
        self.played: list[Card] = []
        self.played_mask: int = 0
        opener = next(s for s in range(4) if masks[s] >> TWO_OF_CLUBS & 1)
        self.leaders: list[int] = [opener]

    # --- queries ---------------------------------------------------------------
    @property
    def trick_number(self) -> int:
        """Index (0..12) of the trick being played; 13 once the hand is complete."""
        return len(self.played) // 4

    @property
    def is_complete(self) -> bool:
        return len(self.played) == 52

    @property
    def leader(self) -> Seat:
        """Leader of the current trick (of the last trick once the hand is complete)."""
        return Seat(self.leaders[-1])

    @property
    def current_cards(self) -> tuple[Card, ...]:
        """Cards already played to the trick in progress."""
        if self.is_complete:
            return ()
        return tuple(self.played[4 * self.trick_number :])

    @property
    def to_move(self) -> Seat:
        if self.is_complete:
            raise HeartsPlayError("the hand is complete; nobody is to play")
        return Seat(self._seat_to_move())

    @property
    def hearts_broken(self) -> bool:
        return bool(self.played_mask & HEARTS_MASK)

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.hands[seat])

    def _seat_to_move(self) -> int:
        return (self.leaders[-1] + len(self.played)) % 4

    def legal_mask(self) -> int:
        n = len(self.played)
        if n == 52:
            return 0
        start = n - n % 4
        return legal_mask(
            self.hands[self._seat_to_move()],
            self.played[start:],
            n < 4,
            bool(self.played_mask & HEARTS_MASK),
            self.rules,
        )

    def legal_cards(self) -> CardSet:
        return CardSet(self.legal_mask())

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The play record: completed tricks, then the trick in progress if it has cards."""
        out = []
        for t in range(0, len(self.played), 4):
            out.append(Trick(Seat(self.leaders[t // 4]), tuple(self.played[t : t + 4])))
        return tuple(out)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.is_complete)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (possibly empty); the last trick once the hand is complete."""
        if self.is_complete:
            return self.tricks[-1]
        return Trick(self.leader, self.current_cards)

    def points_taken(self) -> tuple[int, int, int, int]:
        """Points in the cards each seat has taken so far (no moon adjustment)."""
        return tuple(cards_points(m, self.rules) for m in self.taken)  # type: ignore[return-value]

    def result(self) -> HandResult:
        if not self.is_complete:
            raise HeartsPlayError(f"the hand is not complete ({len(self.played)} of 52 cards played)")
        return score_hand(self.taken, self.rules)

    def points(self) -> tuple[int, int, int, int]:
        """The hand's final points per seat, moon applied (the hand must be complete)."""
        return self.result().points

    def moon(self) -> Seat | None:
        """The seat that shot the moon, or ``None`` (also ``None`` while the hand is in progress)."""
        return moon_shooter(self.taken) if self.is_complete else None

    # --- moves -------------------------------------------------------------------
    def _why_illegal(self, seat: Seat) -> str:
        hand = self.hands[seat]
        trick = self.current_cards
        if not trick:
            if self.trick_number == 0:
                return f"the first trick must be led with {card_str(TWO_OF_CLUBS)}"
            return f"hearts are not broken and seat {int(seat)} holds cards of other suits"
        led = trick[0] // 13
        if hand & SUIT_MASKS[led]:
            held = CardSet(hand & SUIT_MASKS[led]).cards_str()
            return f"seat {int(seat)} must follow {Suit(led).name.lower()} ({held})"
        return f"no points on the first trick while seat {int(seat)} holds other cards"

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to move; raises :class:`HeartsPlayError` if it is illegal."""
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise HeartsPlayError(f"cannot play {card!r}: not a card")
        if len(self.played) == 52:
            raise HeartsPlayError(f"cannot play {card_str(card)}: the hand is complete")
        seat = self._seat_to_move()
        if not self.hands[seat] >> card & 1:
            raise HeartsPlayError(f"cannot play {card_str(card)}: it is not in seat {seat}'s hand")
        if not self.legal_mask() >> card & 1:
            raise HeartsPlayError(f"cannot play {card_str(card)}: {self._why_illegal(Seat(seat))}")
        self.hands[seat] &= ~(1 << card)
        self.played.append(card)
        self.played_mask |= 1 << card
        if len(self.played) % 4 == 0:
            trick = self.played[-4:]
            winner = (self.leaders[-1] + trick_winner_index(trick)) % 4
            for c in trick:
                self.taken[winner] |= 1 << c
            if not self.is_complete:
                self.leaders.append(winner)

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        if not self.played:
            raise HeartsPlayError("nothing to undo: no card has been played")
        if len(self.played) % 4 == 0:
            # The last card completed a trick: give the trick back and drop the next leader.
            trick = self.played[-4:]
            leader = self.leaders[-1] if self.is_complete else self.leaders[-2]
            winner = (leader + trick_winner_index(trick)) % 4
            for c in trick:
                self.taken[winner] &= ~(1 << c)
            if not self.is_complete:
                self.leaders.pop()
        card = self.played.pop()
        seat = (self.leaders[-1] + len(self.played) % 4) % 4
        self.hands[seat] |= 1 << card
        self.played_mask &= ~(1 << card)
        return card

    def copy(self) -> "HeartsHand":
        other = HeartsHand.__new__(HeartsHand)
        other.rules = self.rules
        other.initial = self.initial
        other.hands = list(self.hands)
        other.taken = list(self.taken)
        other.played = list(self.played)
        other.leaders = list(self.leaders)
        other.played_mask = self.played_mask
        return other

    def seat_of_play(self, index: int) -> Seat:
        """The seat that played ``played[index]``."""
        return Seat((self.leaders[index // 4] + index % 4) % 4)
