"""What the card table shows in Suit practice, built from a suit session (plain data, no Qt).

The problem's suit is drawn as spades; ranks map to those cards one to one.  North
(top) and South (bottom) are both yours and face up.  The defenders' hands show what
declarer knows of them, no more: while the split is open each shows one marked place
("?"), since a fan of backs would give the layout away (or, thirteen backs, say something
false about a one-suit problem); once a defender shows out (or nothing is left out) both
lengths are known and the backs say exactly that.  A hand that shows out is marked on the
table where its card would go.  Once the play is over the defenders' remaining cards are
shown.  Like Hearts, the "all hands" setting does not apply: the layout is the puzzle itself.
"""

from __future__ import annotations

from engine.core.cards import Card, Suit, make_card
from engine.core.seats import Seat
from engine.session.suit_session import PlayedTrick, SuitSession, SuitStage

from .table import SeatHand, TableCard, TableState, TrickView

__all__ = ["SUIT_SHOWN", "rank_card", "card_rank", "suit_table_state", "empty_suit_table", "known_lengths",
           "show_outs"]

SUIT_SHOWN = Suit.SPADES
_DEFENDERS = (Seat.WEST, Seat.EAST)


def rank_card(rank: int) -> Card:
    return make_card(SUIT_SHOWN, rank)


def card_rank(card: Card) -> int | None:
    """The rank of a card of the practice suit (``None`` for any other card)."""
    return card % 13 + 2 if card // 13 == SUIT_SHOWN else None


def _missing(trick_cards: tuple[tuple[Seat, int], ...], upto: Seat | None) -> tuple[Seat, ...]:
    """Seats after the leader (up to ``upto``, exclusive; ``None``: all four) that played no card: they showed out."""
    if not trick_cards:
        return ()
    leader = trick_cards[0][0]
    played = {s for s, _ in trick_cards}
    out = []
    for k in range(1, 4):
        seat = Seat((leader + k) % 4)
        if seat == upto:
            break
        if seat not in played:
            out.append(seat)
    return tuple(out)


def show_outs(session: SuitSession) -> tuple[Seat, ...]:
    """Every seat that has shown out of the suit so far (a void declarer hand included), in order."""
    seen: list[Seat] = []
    for t in session.tricks:
        seen += [s for s in _missing(t.cards, None) if s not in seen]
    if session.trick and not session.is_over:
        seen += [s for s in _missing(session.trick, session.to_play) if s not in seen]
    return tuple(seen)


def known_lengths(session: SuitSession) -> dict[Seat, int] | None:
    """The defenders' lengths as declarer knows them now: both once one has shown out or none is left
    out, else ``None`` (declarer knows only how many are missing between them)."""
    outstanding = session.hand(Seat.WEST).bit_count() + session.hand(Seat.EAST).bit_count()
    shown = [s for s in show_outs(session) if s in _DEFENDERS]
    if outstanding == 0:
        return {Seat.WEST: 0, Seat.EAST: 0}
    if not shown:
        return None
    void = shown[0]
    other = Seat.EAST if void == Seat.WEST else Seat.WEST
    return {void: 0, other: outstanding}


def _label(seat: Seat, session: SuitSession | None, known: dict[Seat, int] | None, voids: tuple[Seat, ...]) -> str:
    if seat == Seat.SOUTH:
        return "South (you)"
    if seat == Seat.NORTH:
        return "North (yours)"
    name = seat.name.title()
    if session is None:
        return name
    if session.is_over:
        return name if session.hand(seat) else f"{name} · none left"
    if seat in voids:
        return f"{name} · showed out"
    if known is None:
        missing = session.hand(Seat.WEST).bit_count() + session.hand(Seat.EAST).bit_count()
        return f"{name} · ? of {missing} missing"
    return f"{name} · {known[seat]} left"


def _trick_view(t: PlayedTrick, number: int) -> TrickView:
    return TrickView(tuple((s, rank_card(r)) for s, r in t.cards), t.winner, number, _missing(t.cards, None))


def suit_table_state(session: SuitSession) -> TableState:
    """Both declarer hands face up (the playable cards marked), the defenders as declarer knows them
    (see the module docstring), and the trick on the table: a finished trick stays, its winner named,
    until the next lead; the seats that showed out of it are marked."""
    hands = []
    over = session.stage is SuitStage.OVER
    known = None if over else known_lengths(session)
    voids = show_outs(session)
    for seat in Seat:
        held = session.hand(seat)
        ranks = [r for r in range(14, 1, -1) if held >> (r - 2) & 1]
        label = _label(seat, session, known, voids)
        if seat in (Seat.NORTH, Seat.SOUTH):
            cards = tuple(TableCard(rank_card(st.rank), st.playable, st.reason) for st in session.card_statuses(seat))
            hands.append(SeatHand(seat, label, cards))
        elif over:
            hands.append(SeatHand(seat, label, tuple(TableCard(rank_card(r)) for r in ranks)))
        elif known is None:
            hands.append(SeatHand(seat, label, unknown=True))
        else:
            hands.append(SeatHand(seat, label, hidden_count=known[seat]))
    tricks = session.tricks
    winner = None
    if session.trick:
        trick = session.trick
        outs = _missing(trick, None if over else session.to_play)
        last = _trick_view(tricks[-1], len(tricks)) if tricks else None
    elif tricks:
        trick, winner, outs = tricks[-1].cards, tricks[-1].winner, _missing(tricks[-1].cards, None)
        last = _trick_view(tricks[-2], len(tricks) - 1) if len(tricks) > 1 else None
    else:
        trick, outs, last = (), (), None
    return TableState(tuple(hands), tuple((s, rank_card(r)) for s, r in trick), bottom_seat=Seat.SOUTH,  # type: ignore[arg-type]
                      trick_winner=winner, show_outs=outs, last_trick=last)


def empty_suit_table() -> TableState:
    """The table while no problem is on it yet (being solved, or none chosen)."""
    return TableState(tuple(SeatHand(seat, _label(seat, None, None, ())) for seat in Seat), bottom_seat=Seat.SOUTH)  # type: ignore[arg-type]
