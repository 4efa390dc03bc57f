"""Monte Carlo tree search for Hearts over a pool of sampled worlds, as numba kernels.

One kernel, :func:`run_tree`, serves both tree searches of :mod:`.mcts`:

* **UCT in one world** (Sturtevant's xinxin, called once per world by
  :func:`pimc_uct`): a pool of one world, so every node's legal cards are
  fixed and equivalent cards (adjacent among the live cards, same points) are
  searched once;
* **information-set MCTS** (Cowling, Powley & Whitehouse 2012, the
  single-observer variant): every iteration plays in the next world of the
  pool, so a node stands for a sequence of cards rather than a full state; a
  child is *available* when its card is legal in the iteration's world, and
  the exploration term counts the iterations in which it was available.

Each iteration descends from the root, choosing for the seat to move the
child with the best UCB1 value on *its own* expected points (multi-player
UCT, as in xinxin), adds one new child, plays the hand out with the policy of
:mod:`engine.solvers.hearts.kernel_policy` and adds the final points (and who
shot the moon) to every node on the way (the searching seat's own playout moves
are random with chance ``own_epsilon``, the others' with ``epsilon``).  With ``opp_policy`` the other seats
never branch: they play the policy's card in the tree too — players who do
not see the cards — and the tree holds only the searching seat's own choices
(an open-loop tree, legal cards varying with the trick, hence availability
counts again).  ``paranoia`` mixes into an opponent's utility that much of the
searching seat's points (xinxin's "safe" players used one half).

Node arrays (capacity ``iterations + 1``, node 0 the root): ``card``,
``first`` child and ``next`` sibling (-1 for none), ``visits``, ``avail`` and
``stats[node, 0:4]`` the summed final points per seat, ``stats[node, 4:8]``
the summed moon indicators.  All kernels release the GIL.
"""

from __future__ import annotations

import math

import numpy as np

from engine.jit import kernel

from ...solvers.hearts.kernel_policy import playout_result, playout_seat, policy_card
from ...solvers.hearts.kernel_rng import pick_bit
from ...solvers.hearts.kernel_state import STATE_SIZE, live_cards, node_legal, play_card, representatives, seat_to_move

__all__ = ["new_tree", "run_tree", "root_stats", "pimc_uct", "STAT_SIZE"]

STAT_SIZE = 8
POINT_SCALE = 26.0
"""Points are divided by this before UCB compares them with the exploration term."""


def new_tree(capacity: int) -> tuple[np.ndarray, ...]:
    """Empty node arrays for ``capacity`` nodes: card, first, next, visits, avail, stats."""
    return (
        np.full(capacity, -1, np.int64),
        np.full(capacity, -1, np.int64),
        np.full(capacity, -1, np.int64),
        np.zeros(capacity, np.int64),
        np.zeros(capacity, np.int64),
        np.zeros((capacity, STAT_SIZE)),
    )


@kernel(inline="always")
def _utility(stats: np.ndarray, node: int, visits: int, seat: int, me: int, paranoia: float) -> float:
    own = -stats[node, seat] / (visits * POINT_SCALE)
    if seat == me or paranoia == 0.0:
        return own
    return (1.0 - paranoia) * own + paranoia * stats[node, me] / (visits * POINT_SCALE)


@kernel
def run_tree(base, worlds, rl, rs, iterations, c, epsilon, own_epsilon, opp_policy, paranoia, use_reps,
             card, first, nxt, visits, avail, stats) -> int:
    """Run ``iterations`` iterations from the position ``base`` (state array; its hands are replaced
    by ``worlds[i % W]`` in iteration ``i``).  The tree starts empty; returns the nodes used."""
    me = seat_to_move(base)
    card[0] = -1
    first[0] = -1
    nxt[0] = -1
    visits[0] = 0
    avail[0] = 0
    stats[0, :] = 0.0
    nodes = 1
    st = np.empty(STATE_SIZE, np.int64)
    path = np.empty(64, np.int64)
    result = np.zeros(STAT_SIZE)
    n_worlds = worlds.shape[0]
    for it in range(iterations):
        st[:] = base
        for s in range(4):
            st[s] = worlds[it % n_worlds, s]
        node = 0
        depth = 0
        path[0] = 0
        while st[13] < 52:
            mover = seat_to_move(st)
            if opp_policy and mover != me:
                play_card(st, policy_card(st, rl, rs, epsilon), rl)
                continue
            moves = node_legal(st, rl)
            if use_reps:
                moves = representatives(moves, live_cards(st), rl)
            tried = 0
            ch = first[node]
            while ch >= 0:
                if (moves >> card[ch]) & 1:
                    avail[ch] += 1
                    tried |= 1 << card[ch]
                ch = nxt[ch]
            untried = moves & ~tried
            if untried:
                chosen = pick_bit(rs, untried)
                k = nodes
                nodes += 1
                card[k] = chosen
                first[k] = -1
                nxt[k] = first[node]
                first[node] = k
                visits[k] = 0
                avail[k] = 1
                stats[k, :] = 0.0
                play_card(st, chosen, rl)
                depth += 1
                path[depth] = k
                break
            best = -1
            best_value = -np.inf
            ch = first[node]
            while ch >= 0:
                if (moves >> card[ch]) & 1:
                    v = _utility(stats, ch, visits[ch], mover, me, paranoia)
                    v += c * math.sqrt(math.log(avail[ch]) / visits[ch])
                    if v > best_value:
                        best_value = v
                        best = ch
                ch = nxt[ch]
            play_card(st, card[best], rl)
            node = best
            depth += 1
            path[depth] = node
        playout_seat(st, rl, rs, epsilon, me, own_epsilon)
        playout_result(st, rl, result)
        for d in range(depth + 1):
            k = path[d]
            visits[k] += 1
            for j in range(STAT_SIZE):
                stats[k, j] += result[j]
    return nodes


@kernel
def root_stats(card, first, nxt, visits, stats, out_visits, out_stats) -> None:
    """Each root child's visits and summed stats into ``out_visits[card]`` / ``out_stats[card]``."""
    ch = first[0]
    while ch >= 0:
        out_visits[card[ch]] = visits[ch]
        out_stats[card[ch], :] = stats[ch, :]
        ch = nxt[ch]


@kernel
def pimc_uct(base, worlds, rl, rs, iterations, c, epsilon, own_epsilon, opp_policy, paranoia,
             card, first, nxt, visits, avail, stats, out_visits, out_stats) -> None:
    """xinxin: a separate UCT search of ``iterations`` iterations in each world.

    ``out_visits[w, card]`` and ``out_stats[w, card]`` get world ``w``'s root children (cards that
    were not searched because an equivalent card was keep 0 visits; the caller copies the values).
    """
    for w in range(worlds.shape[0]):
        run_tree(base, worlds[w : w + 1], rl, rs, iterations, c, epsilon, own_epsilon, opp_policy, paranoia, True,
                 card, first, nxt, visits, avail, stats)
        root_stats(card, first, nxt, visits, stats, out_visits[w], out_stats[w])
