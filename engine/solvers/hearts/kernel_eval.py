"""The evaluation at the search horizon (a trick boundary): expected final points and moon chances.

Only called between tricks, as in Perkins' Sweetpea, so no trick in progress
needs modelling.  The estimate spreads the penalty cards still out among the
seats by *danger*: how likely each seat's cards are to win tricks (for every
card, the share of the other seats' cards of its suit that rank below it).
The ♠Q is weighted separately — its holder is in danger when short of lower
spades, and so is whoever holds the ♠A or ♠K while it is out.  Shooting the
moon is possible only for a seat that holds every penalty card taken so far
(or for anyone while none has been taken); its chance grows with the seat's
danger share and shrinks with every penalty card still to collect.  The
result is ``(1 - Σp) * normal + Σ p_s * moon_s`` plus the four moon chances.

Everything read here (remaining hands, who may still shoot, the penalty cards
taken) is part of the solver's transposition key, so cached values stay valid.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .kernel_rules import JACK_D, QUEEN, SUIT_FIELD, popcount

__all__ = ["evaluate", "evaluate_worlds", "MOON_DAMPING"]

MOON_DAMPING = 0.6
"""Overall scale on moon chances: collecting every last heart is harder than danger alone suggests."""
QUEEN_HOLDER_RISK = 1.5
HIGH_SPADE_RISK = 0.7
EMPTY_SUIT_DANGER = 0.5
"""Danger of a card in a suit no other seat holds: it wins when led, and others discard on it."""


@kernel
def _danger(hands: np.ndarray, out: np.ndarray) -> None:
    """Expected number of tricks each seat's cards threaten to win (see module doc)."""
    for s in range(4):
        out[s] = 0.0
    for u in range(4):
        fields = np.zeros(4, dtype=np.int64)
        for s in range(4):
            fields[s] = (hands[s] >> (13 * u)) & SUIT_FIELD
        for s in range(4):
            mine = fields[s]
            if mine == 0:
                continue
            others = 0
            for o in range(4):
                if o != s:
                    others |= fields[o]
            total = popcount(others)
            for r in range(13):
                if mine >> r & 1:
                    if total == 0:
                        out[s] += EMPTY_SUIT_DANGER
                    else:
                        lower = popcount(others & ((1 << r) - 1))
                        out[s] += lower / total


@kernel
def _penalty_points(points: int, penalty_cards: int) -> int:
    """The part of a seat's points that came from hearts and the ♠Q.

    With ``k`` penalty cards taken the points are ``k`` (hearts only), ``k + 12``
    (with the ♠Q), and 10 less with the ♦J: four distinct values, so the split
    can be read back without storing who took the ♦J.
    """
    diff = points - penalty_cards
    if diff == 12 or diff == 2:
        return penalty_cards + 12
    return penalty_cards


@kernel
def evaluate(hands: np.ndarray, pts: np.ndarray, pen: np.ndarray, rl: np.ndarray, out: np.ndarray) -> None:
    """Write expected final points (out[0:4]) and moon chances per shooter (out[4:8])."""
    danger = np.zeros(4)
    _danger(hands, danger)
    total_danger = 1e-9
    for s in range(4):
        danger[s] += 0.05
        total_danger += danger[s]
    share = danger / total_danger

    left = 0
    for s in range(4):
        left |= hands[s]
    hearts_left = popcount(left & (SUIT_FIELD << 13))
    queen_holder = -1
    jack_holder = -1
    for s in range(4):
        if hands[s] >> QUEEN & 1:
            queen_holder = s
        if hands[s] >> JACK_D & 1:
            jack_holder = s

    queen_risk = np.zeros(4)
    if queen_holder >= 0:
        for s in range(4):
            queen_risk[s] = 0.3 * share[s]
        guards = popcount(hands[queen_holder] & ((1 << QUEEN) - 1))
        queen_risk[queen_holder] += QUEEN_HOLDER_RISK / (1.0 + guards)
        for top in (11, 12):  # ♠K, ♠A
            for s in range(4):
                if s != queen_holder and hands[s] >> top & 1:
                    low = popcount(hands[s] & ((1 << QUEEN) - 1))
                    queen_risk[s] += HIGH_SPADE_RISK / (1.0 + 0.5 * low)
        z = queen_risk.sum()
        queen_risk /= z

    jack_future = np.zeros(4)  # expected −10s from a ♦J still to be taken
    if rl[0] and jack_holder >= 0:
        for s in range(4):
            jack_future[s] = -10.0 * share[s]

    normal = np.zeros(4)
    for s in range(4):
        normal[s] = pts[s] + hearts_left * share[s] + 13.0 * queen_risk[s] + jack_future[s]

    # Who may still shoot: the one seat holding every penalty card taken so far, or anyone if none was taken.
    takers = 0
    candidate = -1
    for s in range(4):
        if pen[s] > 0:
            takers += 1
            candidate = s
    pen_left = hearts_left + (1 if queen_holder >= 0 else 0)
    moon = np.zeros(4)
    if takers <= 1 and pen_left > 0:
        for s in range(4):
            if takers == 1 and s != candidate:
                continue
            held = popcount(hands[s] & ((SUIT_FIELD << 13) | (1 << QUEEN)))
            to_collect = pen_left - held
            moon[s] = MOON_DAMPING * share[s] ** (1.0 + to_collect / 3.0)
            if takers == 0:
                moon[s] *= 0.5
    p_total = moon.sum()
    if p_total > 0.9:
        moon *= 0.9 / p_total
        p_total = 0.9

    for s in range(4):
        out[s] = (1.0 - p_total) * normal[s]
        out[4 + s] = moon[s]
    for shooter in range(4):
        p = moon[shooter]
        if p == 0.0:
            continue
        for s in range(4):
            # Points outside the penalty cards (the ♦J) survive a moon; the penalty points do not.
            non_penalty = pts[s] - _penalty_points(pts[s], pen[s]) + jack_future[s]
            if s == shooter:
                value = non_penalty - (26.0 if rl[1] else 0.0)
            else:
                value = non_penalty + (0.0 if rl[1] else 26.0)
            out[s] += p * value


@kernel
def evaluate_worlds(worlds: np.ndarray, pts: np.ndarray, pen: np.ndarray, rl: np.ndarray, out: np.ndarray) -> None:
    """The mean of :func:`evaluate` over ``worlds`` (``(W, 4)`` hand masks) into ``out[8]``."""
    one = np.zeros(8)
    for k in range(8):
        out[k] = 0.0
    n = worlds.shape[0]
    for w in range(n):
        evaluate(worlds[w], pts, pen, rl, one)
        for k in range(8):
            out[k] += one[k] / n
