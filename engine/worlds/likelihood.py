"""How likely the cards seen so far are in each deal: restricted choice, as bridge players reckon it.

Uniform deals consistent with everything seen give each layout its vacant-places
weight.  One more thing is known: *which* of several equal cards a player chose.
A player holding touching cards (the ♠Q and ♠J with nothing live between them)
plays either at random, so a layout where the ♠Q was the only card that could
show it up is twice as likely, given the ♠Q, as one where the ♠J would have done
as well.  That is the principle of restricted choice.  The likelihood of the
record in a deal is the product, over the cards each hidden hand played, of one
over the number of cards equal to it in that hand at that moment (equal: the run
of ranks it belongs to among the cards still live in the suit, the current
trick's cards still counting as live, as in the searches' buckets).

Cards of hands whose every card the viewer knows (its own, dummy's) give the same
factor in every deal, so they change nothing once the weights are normalised.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.cards import SUIT_MASKS, Card

__all__ = ["record_likelihoods", "equal_cards"]


def equal_cards(hand: int, card: Card, live: int) -> int:
    """How many cards of ``hand`` (including ``card``) are equal to ``card``: the run of adjacent ranks
    among the ``live`` cards of its suit."""
    suit_live = live & SUIT_MASKS[card // 13]
    count = 1
    for step in (-1, 1):
        c = card + step
        while c // 13 == card // 13 and 0 <= c < 52:
            if hand >> c & 1:
                count += 1
            elif suit_live >> c & 1:
                break
            c += step
    return count


def record_likelihoods(worlds: np.ndarray, plays: Sequence[tuple[int, Card]], gone_before: int = 0,
                       trick_start: bool = True) -> np.ndarray:
    """The likelihood of the public record ``plays`` (``(seat, card)`` in the order played) in each world.

    ``worlds``: ``(n, 4)`` hand masks after the record (at the start of the current trick when
    ``trick_start``, so the current trick's cards are still in them; else after its last card).
    ``gone_before``: cards out of play before the record started (an ending's earlier tricks).
    The result is not normalised.
    """
    hands = np.asarray(worlds, dtype=np.uint64).astype(np.int64).reshape(-1, 4).copy()
    n = hands.shape[0]
    plays = list(plays)
    # Walk back to the start of the record: every card played goes back to its player.
    in_current = (len(plays) % 4) if trick_start else 0
    for seat, card in plays[: len(plays) - in_current]:
        hands[:, seat] |= np.int64(1 << card)
    live = (hands[0, 0] | hands[0, 1] | hands[0, 2] | hands[0, 3]) if n else np.int64(0)
    live = int(live)
    del gone_before  # cards gone before the record are not live: already out of ``hands``
    out = np.ones(n)
    done = 0
    for k, (seat, card) in enumerate(plays):
        column = hands[:, seat]
        live_now = live & ~done
        if k % 4:  # a card following to a trick, not a lead
            suit = np.int64(SUIT_MASKS[card // 13])
            values, inverse = np.unique(column & suit, return_inverse=True)  # only the suit matters
            counts = np.array([equal_cards(int(h), card, live_now) for h in values], dtype=float)
            out /= counts[inverse.reshape(-1)]
        hands[:, seat] &= ~np.int64(1 << card)
        if k % 4 == 3:  # a completed trick: its cards leave play
            trick = plays[k - 3: k + 1]
            for _, c in trick:
                done |= 1 << c
    return out
