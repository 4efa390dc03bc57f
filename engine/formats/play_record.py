"""The play of a deal as tricks in play order, and PBN's column layout of it.

PBN writes the Play section in fixed seat columns starting with the opening
leader, one row per trick, so who played first to a trick is implicit: it is the
winner of the previous trick.  :class:`PlayRecord` keeps the explicit form
(each trick with its leader and cards in play order); :func:`play_from_columns`
and :meth:`PlayRecord.columns` convert between the two, and :func:`check_play`
enforces the rules of play against the deal (cards held, follow suit, leaders).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..bridge.tricks import trick_winner
from ..core.cards import SUIT_MASKS, Card, CardSet, Suit, card_str
from ..core.seats import Seat

__all__ = ["Trick", "PlayRecord", "PlayError", "play_from_columns", "check_play"]


class PlayError(ValueError):
    """A play record that breaks the rules; ``trick`` and ``position`` locate the bad card.

    ``position`` is the index in play order within the trick (0 = the lead).
    """

    def __init__(self, trick: int, position: int, message: str) -> None:
        self.trick = trick
        self.position = position
        super().__init__(message)


def _name(seat: Seat) -> str:
    return seat.name.title()


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: who led and the cards in play order (fewer than four if unfinished)."""

    leader: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "leader", Seat(self.leader))
        object.__setattr__(self, "cards", tuple(self.cards))
        if not 1 <= len(self.cards) <= 4:
            raise ValueError(f"a trick has 1 to 4 cards, got {len(self.cards)}")
        if any(not 0 <= c < 52 for c in self.cards):
            raise ValueError(f"trick cards must be 0..51, got {self.cards}")

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    def seat_of(self, position: int) -> Seat:
        return self.leader.offset(position)

    def winner(self, trump: int | None) -> Seat:
        """Who wins (or, if unfinished, is winning) the trick."""
        return trick_winner(self.cards, self.leader, trump)


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """The cards played so far: opening leader plus tricks; only the last may be unfinished."""

    opening_leader: Seat
    tricks: tuple[Trick, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "opening_leader", Seat(self.opening_leader))
        object.__setattr__(self, "tricks", tuple(self.tricks))
        if self.tricks and self.tricks[0].leader != self.opening_leader:
            raise PlayError(0, 0, f"the first trick is led by {_name(self.tricks[0].leader)}, "
                            f"not the opening leader {_name(self.opening_leader)}")
        for t, trick in enumerate(self.tricks[:-1]):
            if not trick.is_complete:
                raise PlayError(t + 1, 0, f"trick {t + 2} follows trick {t + 1}, which is unfinished")

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(c for trick in self.tricks for c in trick.cards)

    @property
    def is_between_tricks(self) -> bool:
        return not self.tricks or self.tricks[-1].is_complete

    def columns(self) -> list[tuple[Card | None, Card | None, Card | None, Card | None]]:
        """PBN rows: per trick, the card of each seat starting with the opening leader (``None`` = not played)."""
        rows = []
        for trick in self.tricks:
            row: list[Card | None] = [None] * 4
            for position, card in enumerate(trick.cards):
                row[(trick.seat_of(position) - self.opening_leader) % 4] = card
            rows.append((row[0], row[1], row[2], row[3]))
        return rows


def play_from_columns(
    opening_leader: Seat,
    rows: Sequence[Sequence[Card | None]],
    trump: int | None,
    hands: Sequence[CardSet | None] | None = None,
) -> PlayRecord:
    """Build a play record from PBN rows (seat columns from the opening leader), checking the rules.

    ``hands`` are the four hands at the start of play by seat, ``None`` for a
    hand that is not known; without them only the order of play is checked.
    Errors are :class:`PlayError` whose ``trick``/``position`` are the row and
    the *column* of the bad entry.
    """
    tricks: list[Trick] = []
    leader = Seat(opening_leader)
    for t, row in enumerate(rows):
        if len(row) != 4:
            raise PlayError(t, 0, f"trick {t + 1} has {len(row)} entries; a Play row has one per seat")
        if all(c is None for c in row):
            continue
        if tricks and not tricks[-1].is_complete:
            raise PlayError(t, 0, f"trick {t + 1} follows trick {t}, which is unfinished")
        first_column = (leader - opening_leader) % 4
        in_order = [row[(first_column + p) % 4] for p in range(4)]
        played = [c for c in in_order if c is not None]
        gap = in_order.index(None) if None in in_order else 4
        if len(played) != gap:
            column = (first_column + gap) % 4
            raise PlayError(t, column, f"trick {t + 1}: {_name(leader.offset(gap))} has no card "
                            f"but a later player to the trick has one")
        trick = Trick(leader, tuple(played))  # type: ignore[arg-type]
        tricks.append(trick)
        if trick.is_complete:
            leader = trick.winner(trump)
    record = PlayRecord(Seat(opening_leader), tuple(tricks))
    try:
        check_play(record, trump, hands)
    except PlayError as e:
        trick = record.tricks[e.trick]
        column = (trick.seat_of(e.position) - opening_leader) % 4
        row_index = _row_of_trick(rows, e.trick)
        raise PlayError(row_index, column, str(e)) from None
    return record


def _row_of_trick(rows: Sequence[Sequence[Card | None]], trick_index: int) -> int:
    """Row index of the ``trick_index``-th non-empty row (all-``-`` rows are skipped)."""
    seen = -1
    for r, row in enumerate(rows):
        if any(c is not None for c in row):
            seen += 1
            if seen == trick_index:
                return r
    return trick_index


def check_play(record: PlayRecord, trump: int | None, hands: Sequence[CardSet | None] | None = None) -> None:
    """Raise :class:`PlayError` unless the record is a legal play of ``hands`` with ``trump``.

    Checks that each trick is led by the previous trick's winner, that no card
    is played twice, that each card was in its player's hand and that players
    followed suit.  Unknown hands (``None``) are only checked against the known ones.
    """
    known = list(hands) if hands is not None else [None] * 4
    remaining = [h.mask if h is not None else None for h in known]
    played = 0
    leader = record.opening_leader
    for t, trick in enumerate(record.tricks):
        if trick.leader != leader:
            raise PlayError(t, 0, f"trick {t + 1} is led by {_name(trick.leader)}, "
                            f"but {_name(leader)} won the trick before")
        led_suit = trick.cards[0] // 13
        for position, card in enumerate(trick.cards):
            seat = trick.seat_of(position)
            bit = 1 << card
            text = card_str(card)
            if played & bit:
                raise PlayError(t, position, f"{text} is played a second time (by {_name(seat)} in trick {t + 1})")
            hand = remaining[seat]
            if hand is None:
                for other, other_hand in zip(Seat, known):
                    if other_hand is not None and card in other_hand:
                        raise PlayError(t, position, f"{_name(seat)} plays {text} in trick {t + 1}, "
                                        f"but the deal gives it to {_name(other)}")
            else:
                if not hand & bit:
                    raise PlayError(t, position, f"{_name(seat)} plays {text} in trick {t + 1}, "
                                    f"which is not in {_name(seat)}'s hand")
                if position and card // 13 != led_suit and hand & SUIT_MASKS[led_suit]:
                    suit = Suit(led_suit).name.lower()
                    raise PlayError(t, position, f"revoke: {_name(seat)} plays {text} in trick {t + 1} "
                                    f"on a {suit} lead while holding {suit}")
                remaining[seat] = hand & ~bit
            played |= bit
        if trick.is_complete:
            leader = trick.winner(trump)
