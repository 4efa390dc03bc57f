"""What the card table shows in Suit practice, built from a suit session (plain data, no Qt).

The problem's suit is drawn as spades; ranks map to those cards one to one.  North
(top) and South (bottom) are both yours and face up.  West and East are face down
as at a real table — thirteen cards, one fewer per trick they have played to — so
that their fans say nothing about how the suit splits; once the play is over their
remaining cards of the suit are shown.  Like Hearts, the "all hands" setting does
not apply: the defenders' layout is the puzzle itself.
"""

from __future__ import annotations

from engine.core.cards import Card, Suit, make_card
from engine.core.seats import Seat
from engine.session.suit_session import SuitSession, SuitStage

from .table import SeatHand, TableCard, TableState

__all__ = ["SUIT_SHOWN", "rank_card", "card_rank", "suit_table_state", "empty_suit_table"]

SUIT_SHOWN = Suit.SPADES
HIDDEN_HAND = 13  # a defender's face-down hand: the whole hand, never its length in the suit


def rank_card(rank: int) -> Card:
    return make_card(SUIT_SHOWN, rank)


def card_rank(card: Card) -> int | None:
    """The rank of a card of the practice suit (``None`` for any other card)."""
    return card % 13 + 2 if card // 13 == SUIT_SHOWN else None


def _label(seat: Seat, session: SuitSession | None) -> str:
    if seat == Seat.SOUTH:
        return "South (you)"
    if seat == Seat.NORTH:
        return "North (yours)"
    name = seat.name.title()
    if session is None or not session.is_over or session.hand(seat):
        return name
    return f"{name} · none left"


def suit_table_state(session: SuitSession) -> TableState:
    """Both declarer hands face up (the playable cards marked), the defenders hidden until the end,
    and the trick in progress — or, between tricks, the last one until the next lead."""
    hands = []
    over = session.stage is SuitStage.OVER
    for seat in Seat:
        held = session.hand(seat)
        ranks = [r for r in range(14, 1, -1) if held >> (r - 2) & 1]
        if seat in (Seat.NORTH, Seat.SOUTH):
            cards = tuple(TableCard(rank_card(st.rank), st.playable, st.reason) for st in session.card_statuses(seat))
            hands.append(SeatHand(seat, _label(seat, session), cards))
        elif over:
            hands.append(SeatHand(seat, _label(seat, session), tuple(TableCard(rank_card(r)) for r in ranks)))
        else:
            hands.append(SeatHand(seat, _label(seat, session), hidden_count=HIDDEN_HAND - session.plays_by(seat)))
    trick = session.trick
    if not trick and session.tricks:
        trick = session.tricks[-1].cards
    return TableState(tuple(hands), tuple((s, rank_card(r)) for s, r in trick), bottom_seat=Seat.SOUTH)  # type: ignore[arg-type]


def empty_suit_table() -> TableState:
    """The table while no problem is on it yet (being solved, or none chosen)."""
    return TableState(tuple(SeatHand(seat, _label(seat, None)) for seat in Seat), bottom_seat=Seat.SOUTH)  # type: ignore[arg-type]
