"""How likely the cards already played are in a sampled world, if the other seats play the policy.

A world says where every card was at the start of the play; replaying the
hand's cards from there, each card another seat played is scored by the
playout policy of :mod:`engine.solvers.hearts.kernel_policy` (which does not
see the other hands): probability ``1 - noise + noise / n`` when it is the
policy's card, ``noise / n`` otherwise, ``n`` the seat's legal cards.  Worlds
in which the others' play looks natural weigh more — Sturtevant's xinxin
weighs its worlds by a learned model of play in the same way.  Releases the GIL.
"""

from __future__ import annotations

import math

import numpy as np

from engine.jit import kernel

from ...solvers.hearts.kernel_policy import policy_card
from ...solvers.hearts.kernel_rules import popcount
from ...solvers.hearts.kernel_state import STATE_SIZE, node_legal, play_card, seat_to_move

__all__ = ["play_log_likelihood"]


@kernel
def play_log_likelihood(starts, plays, leader, me, rl, noise, out) -> None:
    """``out[w]`` = log-likelihood of the others' cards in ``plays`` (every card so far, in order) when the
    hands at the start of the play were ``starts[w]`` and ``leader`` led the first trick."""
    st = np.zeros(STATE_SIZE, np.int64)
    rs = np.ones(1, np.int64)  # the policy draws nothing without random moves
    for w in range(starts.shape[0]):
        st[:] = 0
        for s in range(4):
            st[s] = starts[w, s]
        st[12] = leader
        ll = 0.0
        for i in range(plays.shape[0]):
            c = plays[i]
            if seat_to_move(st) != me:
                legal = node_legal(st, rl)
                n = popcount(legal)
                if n > 1:
                    p = noise / n
                    if policy_card(st, rl, rs, 0.0) == c:
                        p += 1.0 - noise
                    ll += math.log(p)
            play_card(st, c, rl)
        out[w] = ll
