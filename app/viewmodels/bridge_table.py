"""What the card table shows in Bridge mode, built from a bridge session (plain data, no Qt)."""

from __future__ import annotations

from engine.bridge.play import BridgePlay, Trick
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.session.bridge_session import BridgeSession, UserRole

from ..settings import HandVisibility
from .table import HandShape, SeatHand, TableCard, TableState, TrickView, display_order

__all__ = ["auction_deal_state", "bridge_table_state", "review_table_state", "unplayed_deal_state", "result_line",
           "finished_tricks"]


def _label(seat: Seat, session: BridgeSession) -> str:
    name = seat.name.title()
    if seat == session.user_seat:
        return f"{name} (you)"
    if seat == session.declarer.partner:
        return f"{name} (dummy{', yours' if session.role is UserRole.DECLARER else ''})"
    if seat == session.declarer:
        return f"{name} (declarer)"
    return name


def _trick_view(trick: Trick, number: int) -> TrickView:
    return TrickView(tuple((p.seat, p.card) for p in trick.plays()), trick.winner, number)


def finished_tricks(play: BridgePlay) -> tuple[tuple[tuple[Seat, int], ...], Seat | None, TrickView | None]:
    """(the trick on the table, its winner when it is finished, the last trick not on the table).

    Between tricks the finished trick stays on the table, its winner named, until the next lead;
    the "last trick" is then the one before it."""
    tricks = play.tricks
    current = play.current_trick
    if current.cards or not tricks:
        last = _trick_view(tricks[-1], len(tricks)) if tricks else None
        return tuple((p.seat, p.card) for p in current.plays()), None, last
    shown = tricks[-1]
    last = _trick_view(tricks[-2], len(tricks) - 1) if len(tricks) > 1 else None
    return tuple((p.seat, p.card) for p in shown.plays()), shown.winner, last


def result_line(session: BridgeSession) -> str:
    """``4♠ by South: 10 tricks, made exactly`` (the end of the hand, in the middle of the table)."""
    summary = session.summary()
    contract = f"{summary.contract.level}{summary.contract.strain.symbol}{summary.contract.doubling.suffix}"
    return f"{contract} by {summary.declarer.name.title()}: {summary.declarer_tricks} tricks, {summary.result_text}"


def bridge_table_state(session: BridgeSession, visibility: HandVisibility) -> TableState:
    """The session's hands (yours and dummy's face up; a defender sees dummy once the lead is made),
    and the trick on the table.  A declarer sees dummy before the opening lead: the lead is the
    computer's, chosen from its own view, so nothing leaks to it.  Dummy lies in suit columns.

    A finished trick stays on the table, its winner named, until the next card is played.  At the
    end of the hand every hand is shown face up as dealt, with the result in the middle; with
    ``ALL_HANDS`` every hand is face up all along (a training aid)."""
    play = session.play
    if play.is_complete:
        return _finished_state(session)
    dummy_shown = play.dummy_exposed or session.role is UserRole.DECLARER
    hands = []
    for seat in Seat:
        is_dummy = seat == session.declarer.partner
        face_up = visibility is HandVisibility.ALL_HANDS or seat in session.user_seats or (is_dummy and dummy_shown)
        held = play.hand(seat)
        if face_up and len(held):
            statuses = {s.card: s for s in session.card_statuses(seat)}
            cards = tuple(
                TableCard(c, statuses[c].playable, statuses[c].reason) for c in display_order(held)
            )
            shape = HandShape.SUITS if is_dummy else HandShape.FAN
            hands.append(SeatHand(seat, _label(seat, session), cards, shape=shape))
        else:
            hands.append(SeatHand(seat, _label(seat, session), hidden_count=len(held)))
    trick, winner, last = finished_tricks(play)
    return TableState(tuple(hands), trick, bottom_seat=session.user_seat, trick_winner=winner,  # type: ignore[arg-type]
                      last_trick=last)


def _finished_state(session: BridgeSession) -> TableState:
    """The end of the hand: all four hands as dealt, face up; the result in the middle; the last trick kept."""
    play = session.play
    deal = session.board.deal
    hands = tuple(
        SeatHand(seat, _label(seat, session), tuple(TableCard(c) for c in display_order(deal[seat])),
                 shape=HandShape.SUITS if seat == session.declarer.partner else HandShape.FAN)
        for seat in Seat
    )
    last = _trick_view(play.tricks[-1], len(play.tricks)) if play.tricks else None
    return TableState(hands, bottom_seat=session.user_seat, last_trick=last, centre_text=result_line(session))  # type: ignore[arg-type]


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


def auction_deal_state(deal: Deal, visibility: HandVisibility, bottom: Seat = Seat.SOUTH, *,
                       reveal: bool = False) -> TableState:
    """A deal being bid: only the bidder's own hand is face up (every hand with the all-hands setting,
    or once the board is passed out)."""
    hands = []
    for seat in Seat:
        label = seat.name.title() + (" (you)" if seat == bottom else "")
        if reveal or visibility is HandVisibility.ALL_HANDS or seat == bottom:
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
        shape = HandShape.SUITS if seat == play.declarer.partner else HandShape.FAN
        hands.append(SeatHand(seat, label, tuple(TableCard(c) for c in display_order(play.hand(seat))), shape=shape))
    trick = tuple((p.seat, p.card) for p in play.current_trick.plays())
    return TableState(tuple(hands), trick, bottom_seat=bottom)  # type: ignore[arg-type]
