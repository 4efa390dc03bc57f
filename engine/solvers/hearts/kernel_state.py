"""Moves on the solver's state array: play and take back a card, the legal cards, the cards still live.

Shared by every Hearts kernel that walks a game (the Max_n and paranoid
searches, the playouts, the tree searches), so they all play the one game the
table referees.  The state array ``st`` (int64): 0–3 hands, 4–7 points taken,
8–11 penalty cards taken, 12 leader, 13 cards played, 14 + i the ``i``-th card
played (only the trick in progress and the cards played since the array was
built are needed).
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .kernel_rules import HEARTS_BITS, PENALTY_BITS, card_points, legal_cards, trick_winner

__all__ = ["STATE_SIZE", "FULL", "representatives", "play_card", "unplay_card", "node_legal", "live_cards", "seat_to_move"]

STATE_SIZE = 14 + 52
FULL = (1 << 52) - 1


@kernel(inline="always")
def seat_to_move(st: np.ndarray) -> int:
    """The seat to move."""
    return (st[12] + st[13] % 4) % 4


@kernel
def representatives(legal: int, live: int, rl: np.ndarray) -> int:
    """The legal cards left after dropping each card equivalent to the next live card above it."""
    keep = 0
    for u in range(4):
        prev_mine = False
        prev_points = 0
        for r in range(12, -1, -1):
            c = 13 * u + r
            if not live >> c & 1:
                continue
            mine = (legal >> c & 1) == 1
            points = card_points(c, rl)
            if mine and not (prev_mine and points == prev_points):
                keep |= 1 << c
            prev_mine = mine
            prev_points = points
    return keep


@kernel
def play_card(st: np.ndarray, card: int, rl: np.ndarray) -> int:
    """Play ``card`` for the seat to move; returns the old leader (for :func:`unplay_card`)."""
    n = st[13]
    pos = n % 4
    leader = st[12]
    mover = (leader + pos) % 4
    st[mover] &= ~(1 << card)
    st[14 + n] = card
    st[13] = n + 1
    if pos == 3:
        b = 14 + n - 3
        w = (leader + trick_winner(st[b], st[b + 1], st[b + 2], st[b + 3])) % 4
        for i in range(4):
            c = st[b + i]
            st[4 + w] += card_points(c, rl)
            if PENALTY_BITS >> c & 1:
                st[8 + w] += 1
        st[12] = w
    return leader


@kernel
def unplay_card(st: np.ndarray, card: int, old_leader: int, rl: np.ndarray) -> None:
    n = st[13] - 1
    pos = n % 4
    if pos == 3:
        w = st[12]
        for i in range(4):
            c = st[14 + n - 3 + i]
            st[4 + w] -= card_points(c, rl)
            if PENALTY_BITS >> c & 1:
                st[8 + w] -= 1
        st[12] = old_leader
    mover = (old_leader + pos) % 4
    st[mover] |= 1 << card
    st[13] = n


@kernel
def node_legal(st: np.ndarray, rl: np.ndarray) -> int:
    n = st[13]
    pos = n % 4
    mover = (st[12] + pos) % 4
    played = FULL & ~(st[0] | st[1] | st[2] | st[3])
    led = -1 if pos == 0 else st[14 + n - pos] // 13
    return legal_cards(st[mover], led, n < 4, (played & HEARTS_BITS) != 0, rl)


@kernel
def live_cards(st: np.ndarray) -> int:
    live = st[0] | st[1] | st[2] | st[3]
    n = st[13]
    for i in range(n - n % 4, n):
        live |= 1 << st[14 + i]
    return live
