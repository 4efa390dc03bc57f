"""The deal viewer: a random deal on the table, all four hands or the user's side face up.

It is the first thing the window shows and the base the bridge mode builds on; it holds
no play yet, so no card is playable and the info panel shows the board's dealer and
vulnerability (standard duplicate rotation by board number) with no contract.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bridge.contract import Vulnerability
from engine.core.deal import Deal, random_deal
from engine.core.seats import Seat

from .settings import HandVisibility
from .viewmodels.info import BridgeInfo
from .viewmodels.table import SeatHand, TableCard, TableState, display_order

__all__ = ["ViewedDeal", "DealViewer", "deal_table_state"]


@dataclass(frozen=True, slots=True)
class ViewedDeal:
    board: int
    deal: Deal

    @property
    def info(self) -> BridgeInfo:
        return BridgeInfo(
            board=self.board, dealer=Seat((self.board - 1) % 4), vulnerability=Vulnerability.for_board(self.board)
        )


def _label(seat: Seat, user: Seat, hcp: int | None) -> str:
    name = seat.name.title() + (" (you)" if seat == user else "")
    return name if hcp is None else f"{name} · {hcp} HCP"


def deal_table_state(deal: Deal, visibility: HandVisibility, user: Seat = Seat.SOUTH) -> TableState:
    """The table for ``deal`` seen from ``user``: face up for all, or for the user's partnership only."""
    hands = []
    for seat in Seat:
        shown = visibility is HandVisibility.ALL_HANDS or seat.same_side(user)
        hand = deal[seat]
        if shown:
            cards = tuple(TableCard(c) for c in display_order(hand))
            hands.append(SeatHand(seat, _label(seat, user, hand.hcp()), cards))
        else:
            hands.append(SeatHand(seat, _label(seat, user, None), hidden_count=len(hand)))
    return TableState(tuple(hands), bottom_seat=user)  # type: ignore[arg-type]


class DealViewer:
    """Deals seeded random boards one after another (board numbers count up from 1)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._board = 0
        self.current = self.next_deal()

    def next_deal(self) -> ViewedDeal:
        self._board += 1
        self.current = ViewedDeal(self._board, random_deal(self._rng))
        return self.current
