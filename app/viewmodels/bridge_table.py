"""What the card table shows in Bridge mode, built from a bridge session (plain data, no Qt)."""

from __future__ import annotations

from engine.bridge.play import BridgePlay
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.session.bridge_session import BridgeSession, UserRole

from ..settings import HandVisibility
from .table import SeatHand, TableCard, TableState, display_order

__all__ = ["bridge_table_state", "review_table_state", "unplayed_deal_state"]


def _label(seat: Seat, session: BridgeSession) -> str:
    name = seat.name.title()
    if seat == session.user_seat:
        return f"{name} (you)"
    if seat == session.declarer.partner:
        return f"{name} (dummy{', yours' if session.role is UserRole.DECLARER else ''})"
    if seat == session.declarer:
        return f"{name} (declarer)"
    return name


def bridge_table_state(session: BridgeSession, visibility: HandVisibility) -> TableState:
    """The session's hands (yours and dummy's face up; a defender sees dummy once the lead is made),
    and the trick in progress.  A declarer sees dummy before the opening lead: the lead is the
    computer's, chosen from its own view, so nothing leaks to it.

    Between tricks the last completed trick stays on the table until the next lead, so
    every card can be seen; with ``ALL_HANDS`` every hand is face up (a training aid).
    """
    play = session.play
    dummy_shown = play.dummy_exposed or session.role is UserRole.DECLARER
    hands = []
    for seat in Seat:
        face_up = (
            visibility is HandVisibility.ALL_HANDS
            or seat in session.user_seats
            or (seat == session.declarer.partner and dummy_shown)
        )
        held = play.hand(seat)
        if face_up and len(held):
            statuses = {s.card: s for s in session.card_statuses(seat)}
            cards = tuple(
                TableCard(c, statuses[c].playable, statuses[c].reason) for c in display_order(held)
            )
            hands.append(SeatHand(seat, _label(seat, session), cards))
        else:
            hands.append(SeatHand(seat, _label(seat, session), hidden_count=len(held)))
    current = play.current_trick
    trick = tuple((p.seat, p.card) for p in current.plays())
    if not trick and play.tricks:
        trick = tuple((p.seat, p.card) for p in play.tricks[-1].plays())
    return TableState(tuple(hands), trick, bottom_seat=session.user_seat)  # type: ignore[arg-type]


def unplayed_deal_state(deal: Deal, visibility: HandVisibility, bottom: Seat = Seat.SOUTH) -> TableState:
    """A deal waiting for its contract: nothing playable yet."""
    hands = []
    for seat in Seat:
        label = seat.name.title() + (" (you)" if seat == bottom else "")
        if visibility is HandVisibility.ALL_HANDS or seat.same_side(bottom):
            hands.append(SeatHand(seat, label, tuple(TableCard(c) for c in display_order(deal[seat]))))
        else:
            hands.append(SeatHand(seat, label, hidden_count=len(deal[seat])))
    return TableState(tuple(hands), bottom_seat=bottom)  # type: ignore[arg-type]


def review_table_state(play: BridgePlay, bottom: Seat) -> TableState:
    """A position of a finished deal under review: every hand face up (the deal is over), nothing
    playable, and the trick in progress at that point."""
    hands = []
    for seat in Seat:
        label = seat.name.title() + (" (you)" if seat == bottom else "")
        if seat == play.declarer.partner:
            label += " (dummy)"
        elif seat == play.declarer and seat != bottom:
            label += " (declarer)"
        hands.append(SeatHand(seat, label, tuple(TableCard(c) for c in display_order(play.hand(seat)))))
    trick = tuple((p.seat, p.card) for p in play.current_trick.plays())
    return TableState(tuple(hands), trick, bottom_seat=bottom)  # type: ignore[arg-type]
