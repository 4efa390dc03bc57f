"""Running one complete Hearts hand at a table of four deciders.

The table is where views are built and answers are checked, so no decider ever
sees more than its :class:`~engine.hearts.view.HeartsView` and an illegal
answer fails loudly with the seat and card.  Deciders are plain callables
(``player.choose_pass`` / ``player.choose_card``), which keeps this rules-level
module independent of the players package.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Callable, Sequence

from ..core.cards import Card, CardSet, card_str
from ..core.deal import Deal
from ..core.seats import Seat
from .passing import PassDirection, PassRecord, apply_passes
from .play import HeartsHand, HeartsPlayError, Trick
from .rules import HeartsRules
from .scoring import HandResult
from .view import HeartsView, pass_view, play_view

__all__ = ["PassChooser", "CardChooser", "PlayedHand", "play_hand"]

PassChooser = Callable[[HeartsView], Sequence[Card]]
CardChooser = Callable[[HeartsView], Card]


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """The record of one finished hand: the deal, the passes, the tricks and the result."""

    hand_number: int
    dealt: Deal
    passes: PassRecord
    hands: Deal
    """The four hands after passing (what was played from)."""
    tricks: tuple[Trick, ...]
    result: HandResult

    def to_dict(self) -> dict[str, object]:
        """The JSON form used by ``tenace-cli play-hearts --json``."""
        return {
            "passing": self.passes.direction.label,
            "hands": [h.to_pbn() for h in self.hands.hands],
            "tricks": [t.to_dict() for t in self.tricks],
            "points": list(self.result.points),
            "moon": None if self.result.moon is None else int(self.result.moon),
        }


def play_hand(
    deal: Deal,
    choose_pass: Sequence[PassChooser],
    choose_card: Sequence[CardChooser],
    *,
    hand_number: int = 0,
    rules: HeartsRules | None = None,
    scores: tuple[int, int, int, int] = (0, 0, 0, 0),
    direction: PassDirection | None = None,
) -> PlayedHand:
    """Pass (direction from ``hand_number`` unless given) and play ``deal`` to the end."""
    rules = rules if rules is not None else HeartsRules()
    if not deal.is_full:
        raise HeartsPlayError("a Hearts hand is played from a full 52-card deal")
    if len(choose_pass) != 4 or len(choose_card) != 4:
        raise HeartsPlayError("a Hearts table seats exactly four players")
    direction = direction if direction is not None else PassDirection.for_hand(hand_number)
    if direction is PassDirection.HOLD:
        after, record = apply_passes(deal.hands, direction, None)
    else:
        chosen = []
        for seat in Seat:
            view = pass_view(seat, deal[seat], direction, rules, hand_number=hand_number, scores=scores)
            chosen.append(tuple(_as_card(c, seat) for c in choose_pass[seat](view)))  # checked by apply_passes
        after, record = apply_passes(deal.hands, direction, chosen)
    state = HeartsHand(after, rules)
    while not state.is_complete:
        seat = state.to_move
        view = play_view(state, record, hand_number=hand_number, scores=scores)
        card = _as_card(choose_card[seat](view), seat)
        if card not in view.legal_cards:
            raise HeartsPlayError(
                f"seat {int(seat)} chose {card_str(card)}, which is not legal (legal: {view.legal_cards.cards_str()})"
            )
        state.play(card)
    return PlayedHand(
        hand_number=hand_number,
        dealt=deal,
        passes=record,
        hands=Deal(tuple(CardSet(m) for m in state.initial)),  # type: ignore[arg-type]
        tricks=state.tricks,
        result=state.result(),
    )


def _as_card(answer: object, seat: int) -> Card:
    """A decider's answer as a card int (numpy integers from kernels are fine, anything else is not)."""
    if isinstance(answer, bool):
        raise HeartsPlayError(f"seat {int(seat)} answered {answer!r}, which is not a card")
    try:
        card = operator.index(answer)  # type: ignore[call-overload]
    except TypeError:
        raise HeartsPlayError(f"seat {int(seat)} answered {answer!r}, which is not a card") from None
    if not 0 <= card < 52:
        raise HeartsPlayError(f"seat {int(seat)} answered {card}, which is not a card (0..51)")
    return card
