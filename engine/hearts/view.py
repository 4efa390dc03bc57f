"""What one Hearts seat may know, as an immutable snapshot handed to players.

A :class:`HeartsView` holds the seat's own hand, its side of the pass (the
cards it gave and to whom, the cards it received and from whom), every card
played and by whom, the points each seat has taken so far, the game scores,
the rules and the seat's legal cards — and nothing about any other seat's
unplayed cards.  Build views only with :func:`pass_view` and :func:`play_view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.cards import Card, CardSet
from ..core.seats import Seat
from .passing import PassDirection, PassRecord
from .play import HeartsHand, HeartsPlayError, Trick
from .rules import HeartsRules

__all__ = ["HeartsPhase", "HeartsView", "pass_view", "play_view"]


class HeartsPhase(Enum):
    PASSING = "passing"
    PLAYING = "playing"


@dataclass(frozen=True, slots=True)
class HeartsView:
    """One seat's knowledge at a decision (choosing a pass, or a card to play)."""

    seat: Seat
    phase: HeartsPhase
    rules: HeartsRules
    hand_number: int
    direction: PassDirection
    hand: CardSet
    """The seat's cards now (before passing in the passing phase)."""
    passed: CardSet
    """Cards this seat passed (empty while passing and on hold hands)."""
    received: CardSet
    """Cards this seat received (empty while passing and on hold hands)."""
    tricks: tuple[Trick, ...]
    """Completed tricks, in order, each with its leader and cards."""
    current: Trick | None
    """The trick in progress (cards so far; empty when this seat is to lead).

    ``None`` while passing, once the hand is complete, and before the first
    card for a seat that does not hold the ♣2 (it cannot know who will lead).
    """
    hearts_broken: bool
    points_taken: tuple[int, int, int, int]
    """Points in the cards each seat has taken this hand so far."""
    scores: tuple[int, int, int, int]
    """Game totals before this hand."""
    legal_cards: CardSet
    """The cards this seat may play now (empty while passing)."""

    @property
    def passed_to(self) -> Seat | None:
        return None if self.direction is PassDirection.HOLD else self.direction.receiver(self.seat)

    @property
    def received_from(self) -> Seat | None:
        return None if self.direction is PassDirection.HOLD else self.direction.giver(self.seat)

    @property
    def trick_number(self) -> int:
        return len(self.tricks)

    @property
    def current_cards(self) -> tuple[Card, ...]:
        """Cards played to the trick in progress (empty when there is none)."""
        return () if self.current is None else self.current.cards

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played this hand with the seat that played it, in order."""
        out: list[tuple[Seat, Card]] = []
        for t in self.tricks:
            out.extend(t.plays)
        if self.current is not None:
            out.extend(self.current.plays)
        return tuple(out)

    @property
    def played(self) -> CardSet:
        """All cards played so far (completed tricks and the trick in progress)."""
        m = 0 if self.current is None else self.current.mask
        for t in self.tricks:
            m |= t.mask
        return CardSet(m)

    @property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen: held by the other seats, in some unknown way."""
        return ~(self.hand | self.played)


def pass_view(
    seat: int,
    hand: CardSet | int,
    direction: PassDirection,
    rules: HeartsRules,
    *,
    hand_number: int = 0,
    scores: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> HeartsView:
    """The view of ``seat`` when choosing its three cards to pass (``hand`` is its dealt hand)."""
    s = Seat(seat)
    return HeartsView(
        seat=s,
        phase=HeartsPhase.PASSING,
        rules=rules,
        hand_number=hand_number,
        direction=direction,
        hand=CardSet(int(hand)),
        passed=CardSet(),
        received=CardSet(),
        tricks=(),
        current=None,
        hearts_broken=False,
        points_taken=(0, 0, 0, 0),
        scores=tuple(scores),  # type: ignore[arg-type]
        legal_cards=CardSet(),
    )


def play_view(
    state: HeartsHand,
    passes: PassRecord,
    *,
    seat: int | None = None,
    hand_number: int = 0,
    scores: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> HeartsView:
    """The view of ``seat`` (default: the seat to move) during the play of ``state``.

    ``legal_cards`` is filled only for the seat to move.
    """
    to_move = None if state.is_complete else state.to_move
    if seat is None and to_move is None:
        raise HeartsPlayError("the hand is complete: name the seat whose view you want")
    s = Seat(to_move if seat is None else seat)
    completed = state.completed_tricks
    leader_known = not state.is_complete and (bool(state.played) or s == state.leader)
    return HeartsView(
        seat=s,
        phase=HeartsPhase.PLAYING,
        rules=state.rules,
        hand_number=hand_number,
        direction=passes.direction,
        hand=state.hand(s),
        passed=passes.passed_by(s),
        received=passes.received_by(s),
        tricks=completed,
        current=Trick(state.leader, state.current_cards) if leader_known else None,
        hearts_broken=state.hearts_broken,
        points_taken=state.points_taken(),
        scores=tuple(scores),  # type: ignore[arg-type]
        legal_cards=state.legal_cards() if s == to_move else CardSet(),
    )
