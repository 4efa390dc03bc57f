"""Small random positions for the double-dummy tests, and the positions a rank pattern stands for."""

from __future__ import annotations

import random


def random_hands(rng: random.Random, size: int, suits: int) -> list[int]:
    """Four hands of ``size`` cards dealt from the first ``suits`` suits."""
    cards = [13 * s + r for s in range(suits) for r in range(13)]
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[size * i : size * (i + 1)]) for i in range(4)]


def closed_upwards(hands: list[int], cards: int) -> int:
    """``cards`` plus every live card above the lowest of them in the same suit (what a pattern fixes)."""
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    closed = 0
    for s in range(4):
        field = (cards >> (13 * s)) & 0x1FFF
        if field:
            low = field & -field
            closed |= ((alive >> (13 * s)) & 0x1FFF & ~(low - 1)) << (13 * s)
    return closed


def redeal_spots(hands: list[int], fixed: int, rng: random.Random) -> list[int]:
    """Same suit lengths, same owners of the ``fixed`` cards, the other cards of each suit shuffled among their holders."""
    new = list(hands)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for s in range(4):
        spots = [c for c in range(13 * s, 13 * s + 13) if (alive & ~fixed) >> c & 1]
        owners = [next(i for i in range(4) if hands[i] >> c & 1) for c in spots]
        rng.shuffle(owners)
        for c in spots:
            for i in range(4):
                new[i] &= ~(1 << c)
        for c, o in zip(spots, owners):
            new[o] |= 1 << c
    return new
