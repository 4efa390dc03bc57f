"""Judging candidate passes by playing whole hands out, as a numba kernel (releases the GIL).

For every sampled deal of the other 39 cards and every candidate pass of the
seat, the passes are exchanged and the hand is played from the ♣2 to the end
by the rule-based policy at all four seats (:mod:`engine.solvers.hearts.kernel_policy`).
The playouts of one deal use the same random numbers for every candidate
(common random numbers), so candidates are compared on equal luck.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from ...solvers.hearts.kernel_policy import playout, playout_result
from ...solvers.hearts.kernel_state import STATE_SIZE

__all__ = ["pass_playouts"]

TWO_OF_CLUBS = 39


@kernel
def pass_playouts(deals, other_passes, candidates, me, offset, seeds, rl, epsilon, out) -> None:
    """``out[k]`` += the seat's summed points over every deal and playout with candidate ``k``.

    ``deals[d]`` are the four hands before passing (the seat's own hand in every row),
    ``other_passes[d, s]`` the mask seat ``s`` passes in deal ``d`` (ignored for ``me``),
    ``candidates[k]`` the seat's pass masks, ``offset`` the receiver's clockwise offset,
    ``seeds[d, p]`` the generator seed of playout ``p`` of deal ``d``.
    """
    st = np.zeros(STATE_SIZE, np.int64)
    rs = np.zeros(1, np.int64)
    result = np.zeros(8)
    for d in range(deals.shape[0]):
        for k in range(candidates.shape[0]):
            hands = np.empty(4, np.int64)
            for s in range(4):
                hands[s] = deals[d, s]
            for s in range(4):
                given = candidates[k] if s == me else other_passes[d, s]
                hands[s] &= ~given
            for s in range(4):
                given = candidates[k] if s == me else other_passes[d, s]
                hands[(s + offset) % 4] |= given
            leader = 0
            for s in range(4):
                if (hands[s] >> TWO_OF_CLUBS) & 1:
                    leader = s
            for p in range(seeds.shape[1]):
                st[:] = 0
                for s in range(4):
                    st[s] = hands[s]
                st[12] = leader
                rs[0] = seeds[d, p]
                playout(st, rl, rs, epsilon)
                playout_result(st, rl, result)
                out[k] += result[me]
