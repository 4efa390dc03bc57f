"""What one bridge seat may know: the only input a bridge player ever gets.

A :class:`BridgeView` holds the seat's own remaining hand, dummy's remaining
hand once it is face up, the public setting (contract, declarer,
vulnerability) and the public record (every trick with who played what, the
trick in progress, trick counts).  It never holds the deal or the play state.

Dummy makes no decisions: when dummy is to play, declarer chooses, so
:func:`view_for_turn` then gives *declarer's* view (``seat`` = declarer) with
``to_play`` = dummy and dummy's legal cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import CardSet
from ..core.seats import Seat
from .contract import Contract, Vulnerability
from .play import BridgePlay, PlayedCard, Trick, TrickInProgress

__all__ = ["BridgeView", "seat_view", "view_for_turn", "deciding_seat"]


@dataclass(frozen=True, slots=True)
class BridgeView:
    """One seat's knowledge at one moment, plus the cards it may play if it is choosing."""

    seat: Seat  # whose knowledge this is (declarer when choosing dummy's card)
    to_play: Seat  # the hand the next card comes from (dummy's when declarer plays for dummy)
    hand: CardSet  # ``seat``'s own remaining cards
    dummy_hand: CardSet | None  # dummy's remaining cards once exposed, else None
    contract: Contract
    declarer: Seat
    vulnerability: Vulnerability
    tricks: tuple[Trick, ...]  # completed tricks of this play, in order
    current_trick: TrickInProgress
    declarer_tricks: int  # so far, including tricks credited before an ending
    defender_tricks: int
    legal_cards: CardSet  # cards the hand ``to_play`` may play (empty if it is not this seat's turn)

    # --- roles ----------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def trump(self) -> int | None:
        return self.contract.strain.trump

    @property
    def is_declarer_side(self) -> bool:
        return self.seat.same_side(self.declarer)

    @property
    def playing_hand(self) -> CardSet:
        """The remaining cards of the hand ``to_play`` (dummy's when declarer plays for dummy)."""
        if self.to_play == self.seat:
            return self.hand
        if self.to_play == self.dummy and self.seat == self.declarer and self.dummy_hand is not None:
            return self.dummy_hand
        return CardSet()

    # --- the public record ---------------------------------------------------------------
    def plays(self) -> tuple[PlayedCard, ...]:
        """Every card played so far in order, with who played it."""
        out: list[PlayedCard] = []
        for t in self.tricks:
            out.extend(t.plays())
        out.extend(self.current_trick.plays())
        return tuple(out)

    @property
    def played_cards(self) -> CardSet:
        mask = 0
        for t in self.tricks:
            for c in t.cards:
                mask |= 1 << c
        for c in self.current_trick.cards:
            mask |= 1 << c
        return CardSet(mask)

    @property
    def known_cards(self) -> CardSet:
        """Cards whose location is known to this seat: its hand, dummy's hand, cards played."""
        mask = self.hand.mask | self.played_cards.mask
        if self.dummy_hand is not None:
            mask |= self.dummy_hand.mask
        return CardSet(mask)

    @property
    def unseen_cards(self) -> CardSet:
        """Cards still held by the hands this seat cannot see."""
        return ~self.known_cards

    def shown_out(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` has failed to follow to a lead of ``suit`` (so holds none)."""
        for trick in (*self.tricks, self.current_trick):
            if not trick.cards or trick.cards[0] // 13 != suit:
                continue
            for played in trick.plays():
                if played.seat == seat and played.card // 13 != suit:
                    return True
        return False


def deciding_seat(play: BridgePlay) -> Seat:
    """The seat that chooses the next card: the seat to play, or declarer for dummy."""
    seat = play.to_play
    return play.declarer if seat == play.dummy else seat


def seat_view(play: BridgePlay, seat: Seat) -> BridgeView:
    """What ``seat`` knows now; ``legal_cards`` is filled only when ``seat`` decides the next card."""
    seat = Seat(seat)
    chooses = not play.is_complete and deciding_seat(play) == seat
    exposed = play.dummy_exposed
    dummy_hand = play.hand(play.dummy) if exposed else None
    return BridgeView(
        seat=seat,
        to_play=play.to_play,
        hand=play.hand(seat),
        dummy_hand=dummy_hand,
        contract=play.contract,
        declarer=play.declarer,
        vulnerability=play.vulnerability,
        tricks=play.tricks,
        current_trick=play.current_trick,
        declarer_tricks=play.declarer_tricks,
        defender_tricks=play.defender_tricks,
        legal_cards=play.legal_cards() if chooses else CardSet(),
    )


def view_for_turn(play: BridgePlay) -> BridgeView:
    """The view of the seat that must choose the next card (declarer when dummy is to play)."""
    return seat_view(play, deciding_seat(play))
