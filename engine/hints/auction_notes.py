"""Sentences that cite the auction where it decides a card hint.

A hint's condition says which cards must lie where ("wins when West holds the
♠K").  When the auction is what makes that likely — the worlds that fit the
auction put the card with that seat far more often than the cards seen alone
would — the hint says so, citing the calls that did it:
"West's 1♥ (12-21 HCP, 5+ hearts) places the ♠K with West: 86% of the deals
that fit the auction, 48% without it."
"""

from __future__ import annotations

import random
from typing import Sequence

import numpy as np

from ..bidding import CallRecord
from ..core.cards import card_symbol_str
from ..core.seats import Seat
from ..worlds import WorldKnowledge
from ..worlds.auction import auction_showings, card_placements
from .conditions import Condition, FeatureKind

__all__ = ["auction_notes", "PLACES_AT_LEAST", "SHIFT_AT_LEAST"]

PLACES_AT_LEAST = 0.6  # the auction must make the placement likely ...
SHIFT_AT_LEAST = 0.15  # ... and clearly more likely than the cards seen alone (both figures are stated)


MAX_NOTES = 2


def auction_notes(
    condition: Condition | None,
    knowledge: WorldKnowledge,
    hands: np.ndarray,
    records: Sequence[CallRecord],
    *,
    suits: Sequence[int] = (),
    weights: Sequence[float] | np.ndarray | None = None,
    free: np.ndarray | None = None,
    free_weights: Sequence[float] | np.ndarray | None = None,
    rng: random.Random | None = None,
) -> tuple[str, ...]:
    """One sentence per card whose holder the auction decides (``hands``: the hint's worlds, with their
    ``weights``; ``free``: the same kind of worlds without the auction, see
    :func:`~engine.worlds.auction.card_placements`): the cards the recommended card's ``condition``
    names, and the unseen honours (A, K, Q) of ``suits`` (the suit played: when the auction makes a
    placement certain, the condition no longer needs to name it)."""
    if not records or not knowledge.has_constraints:
        return ()
    wanted: dict[int, Seat | None] = {}
    if condition is not None:
        for term in condition.rule.terms:
            for feature in term:
                if feature.kind in (FeatureKind.HOLDS, FeatureKind.FALLS) and feature.card is not None:
                    wanted.setdefault(feature.card, feature.seat)
    for suit in suits:
        for rank in (14, 13, 12):
            card = suit * 13 + rank - 2
            if knowledge.unknown >> card & 1:
                wanted.setdefault(card, None)
    if not wanted:
        return ()
    placements = card_placements(knowledge, hands, weights=weights, free=free, free_weights=free_weights,
                                 cards=wanted, rng=rng or random.Random(0))
    showings = auction_showings(records)
    notes: list[str] = []
    for card in wanted:
        for seat in Seat:
            p = placements.get((card, seat))
            if p is None or p.with_auction < PLACES_AT_LEAST or p.shift < SHIFT_AT_LEAST:
                continue
            showing = showings[seat]
            if not showing.calls:
                # the placement comes from the other hidden hand's calls ("East's pass denies it")
                others = [s for s in Seat if s != seat and showings[s].calls and not knowledge.seats[s].known]
                if not others:
                    continue
                showing = showings[others[0]]
                said = showing.summary.split(": ", 1)[1]
                who = showing.seat.name.title()
                notes.append(
                    f"{who}'s calls ({said}) leave the {card_symbol_str(card)} with {seat.name.title()}: "
                    f"{p.with_auction:.0%} of the deals that fit the auction, {p.without_auction:.0%} without it."
                )
            else:
                said = showing.summary.split(": ", 1)[1]
                notes.append(
                    f"{seat.name.title()}'s {said} places the {card_symbol_str(card)} with {seat.name.title()}: "
                    f"{p.with_auction:.0%} of the deals that fit the auction, {p.without_auction:.0%} without it."
                )
    return tuple(notes[:MAX_NOTES])
