"""Points of taken cards, the hand result (with shooting the moon) and game totals.

Scores are penalty points: lower is better.  A hand gives 1 per heart and 13
for the ♠Q (26 in all); with the ♦J option its taker scores −10.  Shooting the
moon means one seat took all 13 hearts and the ♠Q; the ♦J plays no part in it
and keeps its −10 for whoever took it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..core.cards import SUIT_MASKS, Card, Rank, Suit, make_card
from ..core.seats import Seat
from .rules import HeartsRules, MoonScoring

__all__ = [
    "QUEEN_OF_SPADES",
    "JACK_OF_DIAMONDS",
    "HEARTS_MASK",
    "PENALTY_MASK",
    "MOON_POINTS",
    "card_points",
    "cards_points",
    "moon_shooter",
    "HandResult",
    "score_hand",
    "GameScore",
    "HeartsScoreError",
]

QUEEN_OF_SPADES: Card = make_card(Suit.SPADES, Rank.QUEEN)
JACK_OF_DIAMONDS: Card = make_card(Suit.DIAMONDS, Rank.JACK)
HEARTS_MASK: int = SUIT_MASKS[Suit.HEARTS]
PENALTY_MASK: int = HEARTS_MASK | (1 << QUEEN_OF_SPADES)
"""The 14 cards that count towards shooting the moon."""
MOON_POINTS = 26


class HeartsScoreError(ValueError):
    """Taken cards or points that cannot come from a Hearts hand; the message says why."""


def cards_points(mask: int, rules: HeartsRules) -> int:
    """Points for a set of taken cards (bitmask), before any moon adjustment."""
    points = (mask & HEARTS_MASK).bit_count() + 13 * (mask >> QUEEN_OF_SPADES & 1)
    if rules.jack_of_diamonds and mask >> JACK_OF_DIAMONDS & 1:
        points -= 10
    return points


def card_points(card: Card, rules: HeartsRules) -> int:
    return cards_points(1 << card, rules)


def moon_shooter(taken: Sequence[int]) -> Seat | None:
    """The seat whose taken cards include every heart and the ♠Q, if any."""
    for seat, mask in enumerate(taken):
        if mask & PENALTY_MASK == PENALTY_MASK:
            return Seat(seat)
    return None


@dataclass(frozen=True, slots=True)
class HandResult:
    """Points each seat scores for one complete hand, and who shot the moon (or ``None``)."""

    points: tuple[int, int, int, int]
    moon: Seat | None


def score_hand(taken: Sequence[int], rules: HeartsRules) -> HandResult:
    """Score a finished hand from the cards each seat took (four disjoint masks of all 52 cards)."""
    if len(taken) != 4:
        raise HeartsScoreError(f"a hand has four seats' taken cards, got {len(taken)}")
    union = 0
    for seat, mask in enumerate(taken):
        if union & mask:
            raise HeartsScoreError(f"seat {seat} took a card another seat also took")
        union |= mask
    if union != (1 << 52) - 1:
        raise HeartsScoreError(f"a finished hand takes all 52 cards, got {union.bit_count()}")
    raw = [cards_points(m, rules) for m in taken]
    shooter = moon_shooter(taken)
    if shooter is not None:
        for seat in range(4):
            raw[seat] -= cards_points(taken[seat] & PENALTY_MASK, rules)
            if rules.moon_scoring is MoonScoring.ADD_26_TO_OTHERS:
                raw[seat] += 0 if seat == shooter else MOON_POINTS
            elif seat == shooter:
                raw[seat] -= MOON_POINTS
    return HandResult(tuple(raw), shooter)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class GameScore:
    """Running totals of a game; the game ends once any total reaches the rules' target.

    The lowest total wins; seats tied for the lowest total share the win
    (``winners`` lists them all), as most house rules and programs do.
    """

    rules: HeartsRules = field(default_factory=HeartsRules)
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    hands_played: int = 0

    def __post_init__(self) -> None:
        if len(self.totals) != 4:
            raise HeartsScoreError(f"a game has four totals, got {len(self.totals)}")
        if self.hands_played < 0:
            raise HeartsScoreError(f"hands_played must be ≥ 0, got {self.hands_played}")

    def add_hand(self, points: Sequence[int]) -> "GameScore":
        """The score after one more hand; refuses hands once the game is over."""
        if self.is_over:
            raise HeartsScoreError("the game is over; start a new GameScore")
        if len(points) != 4:
            raise HeartsScoreError(f"a hand gives points to four seats, got {len(points)}")
        totals = tuple(t + int(p) for t, p in zip(self.totals, points))
        return GameScore(self.rules, totals, self.hands_played + 1)  # type: ignore[arg-type]

    @property
    def is_over(self) -> bool:
        return max(self.totals) >= self.rules.target_score

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Seats with the lowest total once the game is over (empty while it goes on)."""
        if not self.is_over:
            return ()
        best = min(self.totals)
        return tuple(Seat(s) for s in range(4) if self.totals[s] == best)
