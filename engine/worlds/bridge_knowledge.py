"""From a bridge seat's view to the facts world sampling needs.

The view says which cards the seat holds, dummy's cards once exposed, and the
public record; from the record we derive each hand's size and the suits each
player has shown out of.  Auction constraints (HCP and length ranges of the
original hands) come from the caller, e.g. a 15–17 balanced 1NT opener.
"""

from __future__ import annotations

from typing import Mapping

from ..bridge.view import BridgeView
from ..core.seats import Seat
from .knowledge import HandConstraint, OriginalHandConstraint, SeatKnowledge, WorldKnowledge

__all__ = ["knowledge_from_view"]


def knowledge_from_view(
    view: BridgeView, constraints: Mapping[Seat, OriginalHandConstraint] | None = None, out_of_play: int = 0
) -> WorldKnowledge:
    """Everything ``view.seat`` knows about the current holdings of all four hands.

    ``out_of_play``: for an ending, the public cards gone before it started (a view does not record
    them); they are booked as played by the viewing seat, whose own hand is known anyway, so no hidden
    hand can hold them.
    """
    played = [0, 0, 0, 0]
    for p in view.plays():
        played[p.seat] |= 1 << p.card
    start_size = len(view.hand) + played[view.seat].bit_count()
    sizes = [start_size - played[seat].bit_count() for seat in Seat]
    played[view.seat] |= out_of_play
    seats = []
    for seat in Seat:
        if seat == view.seat:
            known = view.hand.mask
        elif view.dummy_hand is not None and seat == view.dummy:
            known = view.dummy_hand.mask
        else:
            known = 0
        voids = 0
        if not known:  # a seen hand is fixed; voids matter only for hidden hands
            for s in range(4):
                if view.shown_out(seat, s):
                    voids |= 1 << s
        # a hand in sight needs no auction constraint (and a misbid there must not empty the worlds)
        constraint = HandConstraint() if known else (constraints or {}).get(seat, HandConstraint())
        seats.append(
            SeatKnowledge(
                known=known,
                size=sizes[seat],
                played=played[seat],
                voids=voids,
                constraint=constraint,
            )
        )
    return WorldKnowledge(tuple(seats))  # type: ignore[arg-type]
