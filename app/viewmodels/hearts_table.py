"""What the card table shows in Hearts mode, built from a Hearts session (plain data, no Qt), and the
words for a hand's points, the moon and the pass, so every place says and scores them alike."""

from __future__ import annotations

from engine.core.cards import CardSet, card_symbol_str
from engine.core.seats import Seat
from engine.hearts.passing import PassDirection
from engine.hearts.rules import MoonScoring
from engine.session.hearts_session import HandRecord, HeartsSession, HeartsStage

from .table import SeatHand, TableCard, TableState, TrickView, display_order

__all__ = ["hearts_table_state", "hand_points", "moon_sentence", "received_sentence", "seat_name", "RECEIVED_BADGE"]

RECEIVED_BADGE = "new"
"""The tag on a card you received in the pass (until you play your first card)."""


def seat_name(seat: Seat, user: Seat) -> str:
    return "you" if seat == user else seat.name.title()


def moon_sentence(record: HandRecord, user: Seat, scoring: MoonScoring) -> str:
    """``"West shot the moon: West took every heart and the ♠Q, so 26 points went to each of the others."``"""
    shooter = record.moon
    if shooter is None:
        return ""
    who = seat_name(shooter, user)
    took = f"{'You' if shooter == user else who} took every heart and the ♠Q"
    if scoring is MoonScoring.ADD_26_TO_OTHERS:
        effect = "so 26 points went to each of the others" if shooter != user else \
            "so each of the others scored 26 and you scored nothing"
    else:
        effect = f"so {'you' if shooter == user else who} scored −26 and the others nothing"
    return f"{'You' if shooter == user else who} shot the moon! {took}, {effect}."


def hand_points(session: HeartsSession) -> tuple[tuple[int, int, int, int], bool]:
    """Each seat's points this hand as the score sheet counts them: the scored points (moon applied) once
    the hand is over (True), else the points taken so far (False)."""
    over = session.stage in (HeartsStage.HAND_OVER, HeartsStage.GAME_OVER)
    if over and session.history:
        return session.history[-1].points, True
    state = session.state
    return (state.points_taken() if state is not None else (0, 0, 0, 0)), False


def received_sentence(session: HeartsSession) -> str:
    """``"You received ♠Q ♥A ♣3 from West."`` after the pass (empty when holding or before the pass)."""
    cards: CardSet = session.received
    if session.record is None or session.direction is PassDirection.HOLD or not len(cards):
        return ""
    giver = session.direction.giver(session.user_seat)
    shown = " ".join(card_symbol_str(c) for c in display_order(cards))
    return f"You received {shown} from {Seat(giver).name.title()}."


def _dealt_after_pass(session: HeartsSession, seat: Seat) -> CardSet:
    """The cards ``seat`` held when the play began (its hand now plus every card it played)."""
    state = session.state
    assert state is not None
    held = state.hand(seat).mask
    for i, card in enumerate(state.played):
        if state.seat_of_play(i) == seat:
            held |= 1 << card
    return CardSet(held)


def hearts_table_state(session: HeartsSession) -> TableState:
    """Your hand (chosen pass cards, and until you play the cards you received, marked), the others face
    down, and the trick on the table: a finished trick stays, its winner named, until the next lead.
    When the hand is over every hand is shown face up as it was after the pass, with the points (moon
    applied) in the labels and the moon in words in the middle.

    Unlike bridge, Hearts has no partner or dummy to show: the "all hands" setting would
    only reveal the opponents, so the other hands stay face down while the hand is played.
    """
    state = session.state
    points, final = hand_points(session)
    over = final and state is not None
    fresh = session.received if state is not None and not any(
        state.seat_of_play(i) == session.user_seat for i in range(len(state.played))
    ) else CardSet()
    hands = []
    for seat in Seat:
        name = seat.name.title() + (" (you)" if seat == session.user_seat else "")
        label = name if session.stage is HeartsStage.PASSING else f"{name} · {points[seat]} pts"
        if over:
            cards = tuple(TableCard(c) for c in display_order(_dealt_after_pass(session, seat)))
            hands.append(SeatHand(seat, label, cards))
            continue
        held = session.hand_of(seat)
        if seat == session.user_seat:
            statuses = {st.card: st for st in session.card_statuses()}
            cards = tuple(
                TableCard(c, statuses[c].playable, statuses[c].reason, statuses[c].selected or c in fresh,
                          RECEIVED_BADGE if c in fresh else "")
                for c in display_order(held)
            )
            hands.append(SeatHand(seat, label, cards))
        else:
            hands.append(SeatHand(seat, label, hidden_count=len(held)))
    trick: tuple = ()
    winner = None
    last = None
    if state is not None and not over:
        done = state.completed_tricks
        current = state.current_trick
        if current.cards:
            trick = current.plays
            if done:
                last = TrickView(done[-1].plays, done[-1].winner, len(done))
        elif done:
            trick, winner = done[-1].plays, done[-1].winner
            if len(done) > 1:
                last = TrickView(done[-2].plays, done[-2].winner, len(done) - 1)
    elif over:
        done = state.completed_tricks
        last = TrickView(done[-1].plays, done[-1].winner, len(done))
    centre = ""
    if over and session.history:
        record = session.history[-1]
        centre = moon_sentence(record, session.user_seat, session.rules.moon_scoring) or \
            f"Hand {record.hand_number + 1} over: you scored {record.points[session.user_seat]}."
    return TableState(tuple(hands), trick, bottom_seat=session.user_seat, trick_winner=winner,  # type: ignore[arg-type]
                      last_trick=last, centre_text=centre)
