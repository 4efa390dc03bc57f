"""The Hearts play rule, trick winner and hand scoring as numba kernels on int masks.

These mirror :func:`engine.hearts.play.legal_mask` and
:func:`engine.hearts.scoring.score_hand` exactly (the tests check it), so the
solver plays the same game the table referees.  Rules travel as a small int64
array (:data:`RULE_FIELDS` order) because kernels cannot take the dataclass.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from ...hearts.rules import HeartsRules, MoonScoring

__all__ = [
    "RULE_FIELDS",
    "rules_array",
    "SUIT_FIELD",
    "HEARTS_BITS",
    "QUEEN",
    "JACK_D",
    "PENALTY_BITS",
    "popcount",
    "legal_cards",
    "card_points",
    "trick_winner",
    "final_points",
]

RULE_FIELDS = ("jack_of_diamonds", "moon_minus", "hearts_on_first_trick", "queen_on_first_trick", "breaking_hearts")
SUIT_FIELD = (1 << 13) - 1
HEARTS_BITS = SUIT_FIELD << 13
QUEEN = 10  # ♠Q: suit 0, rank 12
JACK_D = 2 * 13 + 9  # ♦J
PENALTY_BITS = HEARTS_BITS | (1 << QUEEN)
PENALTY_CARDS = 14


def rules_array(rules: HeartsRules) -> np.ndarray:
    """The rules as the int64 array the kernels read (fields in :data:`RULE_FIELDS` order)."""
    return np.array(
        [
            int(rules.jack_of_diamonds),
            int(rules.moon_scoring is MoonScoring.SHOOTER_MINUS_26),
            int(rules.hearts_on_first_trick),
            int(rules.queen_on_first_trick),
            int(rules.breaking_hearts),
        ],
        dtype=np.int64,
    )


@kernel
def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@kernel
def legal_cards(hand: int, led_suit: int, first_trick: bool, hearts_broken: bool, rl: np.ndarray) -> int:
    """Legal cards of ``hand``; ``led_suit`` is -1 when leading (same rule as ``legal_mask``)."""
    if hand == 0:
        return 0
    if led_suit < 0:
        if first_trick:
            return hand & (1 << 39)  # ♣2 (suit 3, rank 2)
        if rl[4] and not hearts_broken and (hand & ~HEARTS_BITS):
            return hand & ~HEARTS_BITS
        return hand
    in_suit = hand & (SUIT_FIELD << (13 * led_suit))
    if in_suit:
        return in_suit
    if first_trick:
        banned = 0
        if not rl[2]:
            banned |= HEARTS_BITS
        if not rl[3]:
            banned |= 1 << QUEEN
        if hand & ~banned:
            return hand & ~banned
    return hand


@kernel
def card_points(card: int, rl: np.ndarray) -> int:
    if 13 <= card < 26:
        return 1
    if card == QUEEN:
        return 13
    if card == JACK_D and rl[0]:
        return -10
    return 0


@kernel
def trick_winner(c0: int, c1: int, c2: int, c3: int) -> int:
    """Index 0..3 (from the leader) of the winning card: highest of the suit led."""
    led = c0 // 13
    best = 0
    top = c0
    if c1 // 13 == led and c1 > top:
        best, top = 1, c1
    if c2 // 13 == led and c2 > top:
        best, top = 2, c2
    if c3 // 13 == led and c3 > top:
        best = 3
    return best


@kernel
def final_points(pts: np.ndarray, pen: np.ndarray, rl: np.ndarray, out: np.ndarray) -> None:
    """Hand points with the moon applied, from raw points and penalty-card counts per seat."""
    shooter = -1
    for s in range(4):
        out[s] = pts[s]
        if pen[s] == PENALTY_CARDS:
            shooter = s
    if shooter >= 0:
        out[shooter] -= 26
        if rl[1]:
            out[shooter] -= 26
        else:
            for s in range(4):
                if s != shooter:
                    out[s] += 26
