"""What the card table shows in Hearts mode, built from a Hearts session (plain data, no Qt)."""

from __future__ import annotations

from engine.core.seats import Seat
from engine.session.hearts_session import HeartsSession, HeartsStage

from .table import SeatHand, TableCard, TableState, display_order

__all__ = ["hearts_table_state"]


def hearts_table_state(session: HeartsSession) -> TableState:
    """Your hand (chosen pass cards and, until you play, received cards highlighted), the others face down,
    and the trick in progress (or the last trick until the next lead).

    Unlike bridge, Hearts has no partner or dummy to show: the "all hands" setting would
    only reveal the opponents, so the other hands stay face down whatever it says.
    """
    state = session.state
    taken = state.points_taken() if state is not None else (0, 0, 0, 0)
    fresh = session.received if state is not None and not any(
        state.seat_of_play(i) == session.user_seat for i in range(len(state.played))
    ) else frozenset()
    hands = []
    for seat in Seat:
        name = seat.name.title() + (" (you)" if seat == session.user_seat else "")
        label = f"{name} · {taken[seat]} pts" if session.stage is not HeartsStage.PASSING else name
        held = session.hand_of(seat)
        if seat == session.user_seat:
            statuses = {st.card: st for st in session.card_statuses()}
            cards = tuple(
                TableCard(c, statuses[c].playable, statuses[c].reason, statuses[c].selected or c in fresh)
                for c in display_order(held)
            )
            hands.append(SeatHand(seat, label, cards))
        else:
            hands.append(SeatHand(seat, label, hidden_count=len(held)))
    trick: tuple = ()
    if state is not None and state.played:
        current = state.current_trick if not state.is_complete else state.tricks[-1]
        if not current.cards and state.completed_tricks:
            current = state.completed_tricks[-1]
        trick = current.plays
    return TableState(tuple(hands), trick, bottom_seat=session.user_seat)  # type: ignore[arg-type]
