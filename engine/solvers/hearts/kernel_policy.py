"""A fast rule-based Hearts policy and whole-hand playouts with it, as numba kernels.

This is the model of a player who does **not** see the other hands: every
choice reads only the mover's own cards, the cards already played (so also the
cards it has not seen), the trick in progress and the points each seat has
taken — never where the unseen cards lie, even though the state it is given is
a full deal.  Tree searches use it for the opponents' moves and for playouts
to the end of the hand (their "horizon evaluation"), and the passing search
plays whole hands with it.

The rules (the Python :class:`~engine.players.hearts_rules.RulesHeartsPlayer`
is the reference they follow where the moon is not at stake):

* **lead**: a low spade to smoke out the ♠Q while it is out and the mover
  holds neither ♠A nor ♠K; otherwise the lowest card of the safest suit
  (fewest unseen cards below it; hearts and dangerous spades last);
* **follow**: last to a trick with no points in it, win with the highest card;
  otherwise duck with the highest card under the winning one; forced to win,
  the lowest in hearts (or in spades while the ♠Q is out), the highest
  elsewhere, the ♠Q only when nothing else wins;
* **discard**: the ♠Q, then high hearts, then the ♠A/♠K while the ♠Q is out,
  then the highest card;
* **the moon**: once one seat has taken every penalty card so far and at least
  :data:`MOON_ALERT` of them, that seat plays to take every trick (lead a
  sure winner or the highest card, win when it can, keep its hearts) and the
  others try to stop it: overtake it on a trick with points, never discard
  a heart or the ♠Q under it (but gladly under anyone else), lead a heart
  that no unseen card beats.

With probability ``epsilon`` a move is a uniformly random legal card instead
(Sturtevant found deterministic playouts misjudge positions; his xinxin plays
10% random moves).
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .kernel_rng import pick_bit, uniform
from .kernel_rules import HEARTS_BITS, PENALTY_BITS, QUEEN, SUIT_FIELD, card_points, final_points, popcount
from .kernel_state import node_legal, play_card

__all__ = ["MOON_ALERT", "low_bit", "top_bit", "policy_card", "playout", "playout_seat", "playout_result"]

MOON_ALERT = 6
"""Penalty cards (hearts, ♠Q) one seat must have taken, and nobody else any, before the moon is played for."""
KING_S = 11
ACE_S = 12
HIGH_HEARTS = SUIT_FIELD << 13 & ~((1 << (13 + 8)) - 1)  # ♥T..♥A
SPADES = SUIT_FIELD


@kernel(inline="always")
def low_bit(m: int) -> int:
    """Index of the lowest set bit of ``m`` (``m`` ≠ 0)."""
    c = 0
    if not m & 0xFFFFFFFF:
        m >>= 32
        c += 32
    if not m & 0xFFFF:
        m >>= 16
        c += 16
    if not m & 0xFF:
        m >>= 8
        c += 8
    if not m & 0xF:
        m >>= 4
        c += 4
    if not m & 0x3:
        m >>= 2
        c += 2
    if not m & 0x1:
        c += 1
    return c


@kernel(inline="always")
def top_bit(m: int) -> int:
    """Index of the highest set bit of ``m`` (``m`` ≠ 0)."""
    c = 0
    if m >> 32:
        m >>= 32
        c += 32
    if m >> 16:
        m >>= 16
        c += 16
    if m >> 8:
        m >>= 8
        c += 8
    if m >> 4:
        m >>= 4
        c += 4
    if m >> 2:
        m >>= 2
        c += 2
    if m >> 1:
        c += 1
    return c


@kernel(inline="always")
def _suit_mask(u: int) -> int:
    return SUIT_FIELD << (13 * u)


@kernel
def _lead(hand: int, legal: int, others: int, queen_out: bool) -> int:
    if queen_out and not hand & ((1 << ACE_S) | (1 << KING_S)):
        low_spades = legal & ((1 << QUEEN) - 1)
        if low_spades:
            return low_bit(low_spades)
    holds_queen = (hand >> QUEEN) & 1 == 1
    best = -1
    best_key = 1 << 30
    for u in range(4):
        lm = legal & _suit_mask(u)
        if not lm:
            continue
        low = low_bit(lm)
        om = others & _suit_mask(u)
        lower = popcount(om & ((1 << low) - 1))
        higher = popcount(om >> (low + 1))
        if u == 1:
            category = 1 if lower == 0 and higher > 0 else 2
        elif u == 0 and (holds_queen or (low >= KING_S and queen_out)):
            category = 3 if low >= QUEEN else 2
        else:
            category = 0 if higher > 0 else 2
        key = (category * 64 + lower) * 64 + popcount(hand & _suit_mask(u))
        if key < best_key:
            best_key = key
            best = low
    return best


@kernel
def _follow(legal: int, w: int, led: int, last: bool, trick_points: int, queen_out: bool, rl: np.ndarray) -> int:
    below = legal & ((1 << w) - 1)
    above = legal & ~((1 << (w + 1)) - 1)
    if last and above:
        safe = 0
        m = above
        while m:
            c = low_bit(m)
            m &= m - 1
            if trick_points + card_points(c, rl) <= 0:
                safe |= 1 << c
        if safe:
            return top_bit(safe)
    if below:
        return top_bit(below)
    not_queen = above & ~(1 << QUEEN)
    if not not_queen:
        not_queen = above
    if last:
        return top_bit(not_queen)
    if led == 1 or (led == 0 and queen_out):
        return low_bit(above)
    return top_bit(not_queen)


@kernel
def _discard(hand: int, legal: int, queen_out: bool) -> int:
    if (legal >> QUEEN) & 1:
        return QUEEN
    high_hearts = legal & HIGH_HEARTS
    if high_hearts:
        return top_bit(high_hearts)
    if queen_out:
        if (legal >> ACE_S) & 1:
            return ACE_S
        if (legal >> KING_S) & 1:
            return KING_S
    best = -1
    best_key = -1
    m = legal
    while m:
        c = low_bit(m)
        m &= m - 1
        u = c // 13
        key = ((c % 13) * 2 + (1 if u == 1 else 0)) * 16 + (13 - popcount(hand & _suit_mask(u)))
        if key > best_key:
            best_key = key
            best = c
    return best


@kernel
def _shoot(legal: int, others: int, following: bool, w: int) -> int:
    """The would-be shooter: win every trick it can, keep its hearts and the ♠Q for itself."""
    if following:
        above = legal & ~((1 << (w + 1)) - 1) & _suit_mask(w // 13)
        if above:
            return top_bit(above)
        if legal & _suit_mask(w // 13):
            return low_bit(legal)
        plain = legal & ~PENALTY_BITS
        return low_bit(plain if plain else legal)
    best = -1
    for u in range(4):
        lm = legal & _suit_mask(u)
        if lm:
            top = top_bit(lm)
            if not others >> (top + 1) & _suit_mask(u) >> (top + 1):
                if best < 0 or u == 1:
                    best = top
    if best >= 0:
        return best
    return top_bit(legal)


@kernel
def policy_card(st: np.ndarray, rl: np.ndarray, rs: np.ndarray, epsilon: float) -> int:
    """The policy's card for the seat to move in ``st`` (see the module doc); ``rs`` is the generator."""
    legal = node_legal(st, rl)
    if not legal & (legal - 1):
        return low_bit(legal)
    if epsilon > 0.0 and uniform(rs) < epsilon:
        return pick_bit(rs, legal)
    n = st[13]
    pos = n % 4
    me = (st[12] + pos) % 4
    hand = st[me]
    others = (st[0] | st[1] | st[2] | st[3]) & ~hand
    queen_out = (others >> QUEEN) & 1 == 1
    takers = 0
    candidate = -1
    for s in range(4):
        if st[8 + s] > 0:
            takers += 1
            candidate = s
    threat = -1
    if takers == 1 and st[8 + candidate] >= MOON_ALERT:
        threat = candidate
    if pos == 0:
        if threat == me:
            return _shoot(legal, others, False, 0)
        if threat >= 0:
            hearts = legal & HEARTS_BITS
            if hearts:
                top = top_bit(hearts)
                if not (others & HEARTS_BITS) >> (top + 1):
                    return top
        return _lead(hand, legal, others, queen_out)
    base = 14 + n - pos
    led = st[base] // 13
    w = st[base]
    winner = 0
    trick_points = 0
    for i in range(pos):
        c = st[base + i]
        trick_points += card_points(c, rl)
        if c // 13 == led and c > w:
            w = c
            winner = i
    winner_seat = (st[12] + winner) % 4
    if threat == me:
        return _shoot(legal, others, True, w)
    follows = (legal & _suit_mask(led)) != 0
    if threat >= 0 and winner_seat == threat:
        if follows:
            above = legal & ~((1 << (w + 1)) - 1)
            if above and (trick_points > 0 or led == 1):
                not_queen = above & ~(1 << QUEEN)
                return low_bit(not_queen if not_queen else above)
        else:
            plain = legal & ~PENALTY_BITS
            if plain:
                return top_bit(plain)
    if follows:
        return _follow(legal, w, led, pos == 3, trick_points, queen_out, rl)
    return _discard(hand, legal, queen_out)


@kernel
def playout(st: np.ndarray, rl: np.ndarray, rs: np.ndarray, epsilon: float) -> None:
    """Play ``st`` to the end of the hand with :func:`policy_card` at every seat (in place)."""
    while st[13] < 52:
        play_card(st, policy_card(st, rl, rs, epsilon), rl)


@kernel
def playout_seat(st: np.ndarray, rl: np.ndarray, rs: np.ndarray, epsilon: float, me: int, own_epsilon: float) -> None:
    """:func:`playout`, with seat ``me`` playing random cards with chance ``own_epsilon`` instead."""
    while st[13] < 52:
        eps = own_epsilon if (st[12] + st[13] % 4) % 4 == me else epsilon
        play_card(st, policy_card(st, rl, rs, eps), rl)


@kernel
def playout_result(st: np.ndarray, rl: np.ndarray, out: np.ndarray) -> None:
    """For a finished hand: final points per seat (moon applied) into ``out[0:4]``, who shot into ``out[4:8]``."""
    final_points(st[4:8], st[8:12], rl, out)
    for s in range(4):
        out[4 + s] = 1.0 if st[8 + s] == 14 else 0.0
