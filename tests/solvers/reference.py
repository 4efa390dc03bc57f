"""A trivially correct double-dummy solver in plain Python: full minimax, no pruning, no table.

It exists to check the fast solver on small endings (a few cards per hand) in
the tests; it is exponential and far too slow for anything larger, so it lives
with the tests, not in the product.  :class:`ReferenceOracle` puts it behind the
engine's double-dummy seam, the yardstick for the searches.  Numbers
mean the same as in :class:`~engine.solvers.dd.DoubleDummySolver`.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from engine.bridge.tricks import trick_winner
from engine.core.cancel import NEVER, CancelToken
from engine.core.cards import Card
from engine.solvers.oracle import ALL_CARDS, DoubleDummyOracle

__all__ = ["reference_ns_tricks", "reference_tricks_per_card", "ReferenceOracle"]


def _legal(hand: int, trick: Sequence[Card]) -> list[Card]:
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        led = trick[0] // 13
        follow = [c for c in cards if c // 13 == led]
        if follow:
            return follow
    return cards


def reference_ns_tricks(hands: Sequence[int], strain: int, leader: int, trick: Sequence[Card] = ()) -> int:
    """North-South tricks from the start of the current trick with best play by both sides.

    ``hands`` are the cards still held (cards of ``trick`` already removed).
    """
    trump = None if strain == 4 else strain
    mover = (leader + len(trick)) % 4
    options = _legal(hands[mover], trick)
    if not options:
        return 0
    values = []
    for c in options:
        h = list(hands)
        h[mover] &= ~(1 << c)
        t = list(trick) + [c]
        if len(t) == 4:
            winner = int(trick_winner(t, leader, trump))
            values.append((1 if winner % 2 == 0 else 0) + reference_ns_tricks(h, strain, winner, ()))
        else:
            values.append(reference_ns_tricks(h, strain, leader, t))
    return max(values) if mover % 2 == 0 else min(values)


def reference_tricks_per_card(
    hands: Sequence[int], strain: int, leader: int, played: Sequence[Card] = ()
) -> dict[Card, int]:
    """For each legal card of the seat to play: tricks its side takes from the trick's start.

    ``hands`` are the trick-start hands (``played`` still in them).
    """
    h = list(hands)
    for i, c in enumerate(played):
        h[(leader + i) % 4] &= ~(1 << c)
    mover = (leader + len(played)) % 4
    total = bin(hands[leader]).count("1")
    result = {}
    for c in _legal(h[mover], played):
        hh = list(h)
        hh[mover] &= ~(1 << c)
        t = list(played) + [c]
        if len(t) == 4:
            winner = int(trick_winner(t, leader, None if strain == 4 else strain))
            ns = (1 if winner % 2 == 0 else 0) + reference_ns_tricks(hh, strain, winner, ())
        else:
            ns = reference_ns_tricks(hh, strain, leader, t)
        result[c] = ns if mover % 2 == 0 else total - ns
    return result


class ReferenceOracle(DoubleDummyOracle):
    """The reference solver as a :class:`~engine.solvers.oracle.DoubleDummyOracle` (small endings only)."""

    def batch_tricks_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], *,
        cards: int = ALL_CARDS, node_limit: int | None = None, cancel: CancelToken = NEVER,
        homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        out = np.full((len(worlds), 52), -1, dtype=np.int64)
        for i, row in enumerate(worlds):
            cancel.check()
            for card, tricks in reference_tricks_per_card([int(x) for x in row], strain, leader, played).items():
                out[i, card] = tricks
        return out
