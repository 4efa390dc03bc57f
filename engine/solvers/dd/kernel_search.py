"""The double-dummy search: null-window alpha-beta tests driven MTD(f)-style, all inside numba.

``_search`` answers one question: *do North-South take at least ``target``
tricks from the start of the current trick?*  It is a plain boolean
alpha-beta (North-South nodes are OR nodes, East-West nodes AND nodes) with,
at trick boundaries, the quick-trick bounds (:mod:`.kernel_bounds`) and then
the pattern transposition table (:mod:`.tt`).  The bounds come first because
they cost a few bit operations and a probe scans whole buckets: on random
no-trump opening leads this order cut the table's probes by 40% and the
nodes by 15-20%.  Every answer comes back with the
set of cards whose ranks it depended on, so the table can store it as a rank
pattern.  The answer and the card set travel packed in one ``int64``: bit 62 is
the answer, bits 0..51 the cards.

The drivers (``solve_cards``, ``solve_position``, ``solve_table``,
``solve_batch``) find exact values by a sequence of such tests whose target
follows the last answer (MTD(f)); consecutive calls start from the previous
value, and everything shares one table.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .kernel_bounds import leader_cannot_take_all, quick_tricks, second_hand_tricks, sure_trump_tricks
from .kernel_moves import MAX_MOVES, generate_moves, trick_relevance, trick_winner_index
from .tables import HIGH13, POP13, SUIT_FIELD
from .tt import build_codes, key_words, pattern_cards, position_lengths, probe, store

__all__ = ["new_workspace", "solve_cards", "solve_position", "solve_table", "solve_batch", "reach_cards",
           "reach_batch", "reach_position", "reach_positions"]

YES = 1 << 62
GAVE_UP = -1
"""What every driver returns when the node budget (``CTX_NODE_LIMIT``) ran out (nothing wrong is stored)."""
NO_NODE_LIMIT = 1 << 62
"""``CTX_NODE_LIMIT`` without a budget: the per-node check stays one comparison."""
CARDS = (1 << 52) - 1
PLIES = 56
TABLE_MIN_TRICKS = 2
"""Trick starts with fewer tricks left are searched without the table (cheaper than a probe and a store)."""


# The counters of a workspace (its last array, ``ctx``), by index.
CTX_NODES = 0
"""Nodes visited since the workspace was made."""
CTX_GENERATION = 1
"""Calls made (the table keeps its recent work by itself)."""
CTX_PROBES = 2
"""Table probes."""
CTX_QUICK_CUTS = 3
"""Cut-offs by the quick-trick and later-trick bounds."""
CTX_TABLE_CUTS = 4
"""Cut-offs by a table entry."""
CTX_NODE_LIMIT = 5
"""An input: the node count at which a search gives up (:data:`NO_NODE_LIMIT`: never), see :data:`GAVE_UP`."""
CTX_EXPANDED = 6
"""Trick starts expanded (searched below)."""
CTX_TRICK_STARTS = 7
"""Trick starts reached (what DDS reports as nodes)."""
CTX_CUTS = 8
"""Four counters (one per position in the trick): nodes whose search ended in a cut-off."""
CTX_FIRST_CUTS = 12
"""Four counters: nodes cut off by the first move tried (how good the move ordering is)."""
CTX_MOVES_AT_CUTS = 16
"""Four counters: moves tried at nodes that ended in a cut-off."""
CTX_EXPANDED_BY_LEFT = 20
"""Fourteen counters: trick starts expanded, by tricks left (a profile of where the tree is wide)."""
CTX_REACHED_BY_LEFT = 34
"""Fourteen counters: trick starts reached, by tricks left."""
CTX_NODES_BY_POS = 48
"""Four counters: nodes expanded (moves generated), by position in the trick."""
CTX_MOVES_BY_POS = 52
"""Four counters: moves searched, by position in the trick."""
CTX_NODES_BY_POS_LEFT = 56
"""4 × 14 counters: nodes expanded by position in the trick and tricks left."""
CTX_MOVES_BY_POS_LEFT = 112
"""4 × 14 counters: moves searched by position in the trick and tricks left."""
CTX_SIZE = 168


def new_workspace() -> tuple[np.ndarray, ...]:
    """Scratch buffers of one search thread: moves, scores, trick cards, key words per tricks left, the
    owner-code table (:func:`.tt.build_codes`), probe output, frames, counters (indexed by the ``CTX_*``
    constants)."""
    ctx = np.zeros(CTX_SIZE, dtype=np.int64)
    ctx[CTX_NODE_LIMIT] = NO_NODE_LIMIT
    frames = np.zeros((PLIES, FRAME_COLUMNS), dtype=np.int64)
    frames[:, _KILLER] = -1
    return (
        np.zeros((PLIES, MAX_MOVES), dtype=np.int64),
        np.zeros((PLIES, MAX_MOVES), dtype=np.int64),
        np.zeros(PLIES, dtype=np.int64),
        np.zeros((14, 4), dtype=np.int64),
        np.zeros((4, 1 << 13), dtype=np.int64),
        np.zeros((14, 5), dtype=np.int64),
        frames,
        ctx,
    )



@kernel
def _close_upwards(h, rel):
    """Add to ``rel`` every remaining card ranking above a relevant card of the same suit."""
    alive = h[0] | h[1] | h[2] | h[3]
    closed = 0
    for s in range(4):
        w = (rel >> (13 * s)) & SUIT_FIELD
        if w:
            low = w & -w
            af = (alive >> (13 * s)) & SUIT_FIELD
            closed |= (af & ~(low - 1)) << (13 * s)
    return closed


@kernel
def _cover_sequences(h, mover, tc, start, pos, reps, n, rel):
    """Make ``rel`` cover the unsearched members of every sequence the node tried.

    Only the lowest card of a sequence is searched; its siblings are taken to
    be equal because no live card lies between them, which is a fact about the
    lowest card's rank.  When such a sequence reaches into the part of its suit
    the proof fixes (at or above the lowest relevant card) but starts below it,
    another position with the same pattern may split the sequence, and the
    split-off high cards were never searched there.  Adding the sequence's
    lowest card pulls the whole sequence into the pattern.  Needed only where
    every move was tried: a cut-off needs nothing but the move that proved it.
    """
    live = h[0] | h[1] | h[2] | h[3]
    for i in range(pos):
        live |= 1 << tc[start + i]
    hand = h[mover]
    for i in range(n):
        c = reps[i]
        s = c // 13
        shift = 13 * s
        rs = (rel >> shift) & SUIT_FIELD
        if rs == 0:
            continue
        low = rs & -rs
        r = c % 13
        if (1 << r) >= low:
            continue
        lf = (live >> shift) & SUIT_FIELD
        f = (hand >> shift) & SUIT_FIELD
        top = r
        q = r + 1
        while q < 13:  # up the sequence: own cards, skipping cards no longer live
            if (lf >> q) & 1:
                if not (f >> q) & 1:
                    break
                top = q
            q += 1
        if (1 << top) >= low:
            rel |= 1 << c
    return rel


# Columns of the frame stack (one row per ply): the node's inputs, then its loop state; _KILLER
# outlives its node: the last lead that cut off at this ply, tried first when the table has no hint.
_LEADER, _POS, _TARGET, _TLEFT, _LENGTHS, _META, _N, _I, _REL, _BEST, _CUT, _SKIP, _KILLER = range(13)
FRAME_COLUMNS = 13


@kernel
def _spots_below_proof(hand, c, rel):
    """Cards of ``hand`` a failed move ``c`` also answers for: its suit's cards below the proof's lowest card there.

    When ``c`` ranks below every card of its suit the refutation used, it was
    a spot card to that proof, and so is any other card of the hand below
    those cards: swapping the two gives a position with the same pattern, so
    the same answer.  (DDS skips such moves by its "lowest winning rank".)
    """
    shift = 13 * (c // 13)
    rs = (rel >> shift) & SUIT_FIELD
    low = rs & -rs
    if rs == 0:
        low = 1 << 13
    if (1 << (c % 13)) >= low:
        return 0
    return hand & ((low - 1) << shift)


@kernel
def _descend(h, trump, frames, tc, moves, d, ctx):
    """Play move ``frames[d, _I]`` of the node at ply ``d`` and set up the child's frame at ``d + 1``."""
    leader = frames[d, _LEADER]
    pos = frames[d, _POS]
    ctx[CTX_MOVES_BY_POS + pos] += 1
    ctx[CTX_MOVES_BY_POS_LEFT + 14 * pos + frames[d, _TLEFT]] += 1
    c = moves[d, frames[d, _I]]
    seat = (leader + pos) & 3
    h[seat] ^= 1 << c
    tc[d] = c
    child = d + 1
    frames[child, _LENGTHS] = frames[d, _LENGTHS] - (1 << (4 * (4 * seat + c // 13)))
    if pos == 3:
        wi = trick_winner_index(tc, d - 3, 4, trump)
        winner = (leader + wi) & 3
        frames[child, _LEADER] = winner
        frames[child, _POS] = 0
        frames[child, _TARGET] = frames[d, _TARGET] - (1 if (winner & 1) == 0 else 0)
        frames[child, _TLEFT] = frames[d, _TLEFT] - 1
    else:
        frames[child, _LEADER] = leader
        frames[child, _POS] = pos + 1
        frames[child, _TARGET] = frames[d, _TARGET]
        frames[child, _TLEFT] = frames[d, _TLEFT]


@kernel
def _search(h, trump, leader0, pos0, ply0, target0, tleft0, tt, moves, scores, tc, keys, codes, probes, frames, ctx):
    """Packed (answer, relevant cards): do North-South take ``>= target0`` tricks from this trick's start?

    An explicit stack of frames replaces recursion (numba cannot cache
    recursive functions); ``h`` is restored on return.
    """
    d = ply0
    frames[d, _LENGTHS] = position_lengths(h)
    frames[d, _LEADER] = leader0
    frames[d, _POS] = pos0
    frames[d, _TARGET] = target0
    frames[d, _TLEFT] = tleft0
    descending = True
    r = 0
    while True:
        leader = frames[d, _LEADER]
        pos = frames[d, _POS]
        target = frames[d, _TARGET]
        tleft = frames[d, _TLEFT]
        mover = (leader + pos) & 3
        ns_moves = (mover & 1) == 0
        if descending:
            ctx[CTX_NODES] += 1
            if ctx[CTX_NODES] > ctx[CTX_NODE_LIMIT]:
                for up in range(d - 1, ply0 - 1, -1):  # take back the moves on the stack
                    seat = (frames[up, _LEADER] + frames[up, _POS]) & 3
                    h[seat] ^= 1 << moves[up, frames[up, _I]]
                return GAVE_UP
            terminal = False
            hint = -1
            if pos == 0:
                ctx[CTX_TRICK_STARTS] += 1
                ctx[CTX_REACHED_BY_LEFT + tleft] += 1
                if target <= 0:
                    r = YES
                    terminal = True
                elif target > tleft:
                    r = 0
                    terminal = True
                elif tleft == 1:
                    for i in range(4):
                        seat = (leader + i) & 3
                        for s in range(4):
                            f = (h[seat] >> (13 * s)) & SUIT_FIELD
                            if f:
                                tc[d + i] = 13 * s + HIGH13[f]
                    wi = trick_winner_index(tc, d, 4, trump)
                    r = trick_relevance(tc, d, wi)
                    if ((leader + wi) & 1) == 0:
                        r |= YES
                    terminal = True
                else:
                    # the cheap bounds first: a cut-off there saves the table's bucket scans
                    qt, qrel = quick_tricks(h, trump, leader)
                    if (leader & 1) == 0:
                        if qt >= target:
                            r = YES | qrel
                            terminal = True
                    elif tleft - qt < target:
                        r = qrel
                        terminal = True
                    if not terminal and (target == tleft if (leader & 1) == 0 else target == 1):
                        short, lrel = leader_cannot_take_all(h, trump, leader, tleft)
                        if short:
                            r = lrel if (leader & 1) == 0 else YES | lrel
                            terminal = True
                    if not terminal and trump < 4:
                        ns_sure, ns_rel = sure_trump_tricks(h, trump, 0)
                        ew_sure, ew_rel = sure_trump_tricks(h, trump, 1)
                        if ns_sure >= target:
                            r = YES | ns_rel
                            terminal = True
                        elif tleft - ew_sure < target:
                            r = ew_rel
                            terminal = True
                    if terminal:
                        ctx[CTX_QUICK_CUTS] += 1
                    elif tleft >= TABLE_MIN_TRICKS:
                        words = keys[tleft]
                        key_words(h, codes, words)
                        meta = leader | (trump << 2)
                        frames[d, _META] = meta
                        out = probes[tleft]
                        probe(tt, h, frames[d, _LENGTHS], meta, words, target, out)
                        ctx[CTX_PROBES] += 1
                        if out[0] >= target:
                            r = YES | pattern_cards(h, out[2])
                            terminal = True
                            ctx[CTX_TABLE_CUTS] += 1
                        elif out[1] < target:
                            r = pattern_cards(h, out[3])
                            terminal = True
                            ctx[CTX_TABLE_CUTS] += 1
                        else:
                            hint = out[4]
            elif pos == 1:
                qt, qrel = second_hand_tricks(h, trump, leader, tc[d - 1])
                if qt > 0:
                    if (mover & 1) == 0:
                        if qt >= target:
                            r = YES | qrel
                            terminal = True
                    elif qt >= tleft - target + 1:
                        r = qrel
                        terminal = True
                    if terminal:
                        ctx[CTX_QUICK_CUTS] += 1
            if not terminal:
                killer = frames[d, _KILLER] if pos == 0 else -1
                if pos == 0:
                    ctx[CTX_EXPANDED] += 1
                    ctx[CTX_EXPANDED_BY_LEFT + tleft] += 1
                ctx[CTX_NODES_BY_POS + pos] += 1
                ctx[CTX_NODES_BY_POS_LEFT + 14 * pos + tleft] += 1
                frames[d, _N] = generate_moves(h, trump, leader, pos, tc, d - pos, hint, killer, tleft, moves,
                                                scores, d)
                frames[d, _I] = 0
                frames[d, _REL] = 0
                frames[d, _BEST] = -1
                frames[d, _CUT] = 0
                frames[d, _SKIP] = 0
                _descend(h, trump, frames, tc, moves, d, ctx)
                d += 1
                continue
            if d == ply0:
                return r
            d -= 1
            descending = False
            continue
        # back from the child of move frames[d, _I] with answer r
        i = frames[d, _I]
        c = moves[d, i]
        h[mover] ^= 1 << c
        if pos == 3:
            r |= trick_relevance(tc, d - 3, trick_winner_index(tc, d - 3, 4, trump))
        ok = (r & YES) != 0
        if ok == ns_moves:
            frames[d, _REL] = r & CARDS
            frames[d, _BEST] = c
            frames[d, _CUT] = 1
            if pos == 0:
                frames[d, _KILLER] = c
            ctx[CTX_CUTS + pos] += 1
            ctx[CTX_MOVES_AT_CUTS + pos] += i + 1
            if i == 0:
                ctx[CTX_FIRST_CUTS + pos] += 1
        else:
            frames[d, _REL] |= r & CARDS
            frames[d, _SKIP] |= _spots_below_proof(h[mover], c, r & CARDS)
            skip = frames[d, _SKIP]
            i += 1
            while i < frames[d, _N] and (skip >> moves[d, i]) & 1:
                i += 1
            if i < frames[d, _N]:
                frames[d, _I] = i
                _descend(h, trump, frames, tc, moves, d, ctx)
                d += 1
                descending = True
                continue
        result = ns_moves if frames[d, _CUT] else not ns_moves
        rel = frames[d, _REL]
        if not frames[d, _CUT]:
            rel = _cover_sequences(h, mover, tc, d - pos, pos, moves[d], frames[d, _N], rel)
        if pos == 0:
            rel = _close_upwards(h, rel)
            if tleft >= TABLE_MIN_TRICKS:
                lb, ub = (target, tleft) if result else (0, target - 1)
                store(tt, h, frames[d, _LENGTHS], frames[d, _META], keys[tleft], rel, lb, ub, frames[d, _BEST])
        r = (YES | rel) if result else rel
        if d == ply0:
            return r
        d -= 1


@kernel
def _exact(h, trump, leader, pos, ply, tleft, guess, lo, hi, tt, moves, scores, tc, keys, codes, probes, frames, ctx):
    """Exact North-South tricks (from the trick start) at a node known to lie in ``[lo, hi]``."""
    g = guess
    while lo < hi:
        t = min(max(g, lo + 1), hi)
        r = _search(h, trump, leader, pos, ply, t, tleft, tt, moves, scores, tc, keys, codes, probes, frames, ctx)
        if r == GAVE_UP:
            return GAVE_UP
        if r & YES:
            lo = t
            g = t + 1
        else:
            hi = t - 1
            g = t - 1
    return lo


@kernel
def _setup(hands, leader, played, nplayed, h, tc, codes):
    """Copy the trick-start hands into ``h`` minus the cards already played, fill the owner-code table;
    return tricks left."""
    for seat in range(4):
        h[seat] = hands[seat]
    for i in range(nplayed):
        c = played[i]
        h[(leader + i) & 3] &= ~(1 << c)
        tc[i] = c
    build_codes(h, codes)
    tleft = 0
    for s in range(4):
        tleft += POP13[(hands[leader] >> (13 * s)) & SUIT_FIELD]
    return tleft


@kernel
def solve_position(hands, trump, leader, played, nplayed, guess, tt, moves, scores, tc, keys, codes, probes, frames, ctx):
    """Exact North-South tricks from the start of the current trick (``played`` already on the table)."""
    h = np.zeros(4, dtype=np.int64)
    tleft = _setup(hands, leader, played, nplayed, h, tc, codes)
    if tleft == 0:
        return 0
    return _exact(h, trump, leader, nplayed, nplayed, tleft, guess, 0, tleft, tt, moves, scores, tc, keys, codes, probes, frames, ctx)


@kernel
def _root_moves(h, trump, leader, pos, moves, scores, tc):
    """The mover's searched cards at the root (one per sequence, lowest first in the sequence)."""
    tleft = 0
    for s in range(4):
        tleft += POP13[(h[leader] >> (13 * s)) & SUIT_FIELD]
    if pos > 0:
        tleft += 1
    n = generate_moves(h, trump, leader, pos, tc, 0, -1, -1, tleft, moves, scores, pos)
    reps = np.empty(n, dtype=np.int64)
    for i in range(n):
        reps[i] = moves[pos, i]
    return reps


@kernel
def _share_with_sequence(h, mover, live, c, v, out):
    """``out[card] = v`` for the cards above ``c`` in its sequence (they are worth the same)."""
    s = c // 13
    for r in range(c % 13 + 1, 13):
        card = 13 * s + r
        if (live >> card) & 1:
            if (h[mover] >> card) & 1:
                out[card] = v
            else:
                break


@kernel
def _after_root_card(tc, trump, leader, pos, tleft):
    """The child position once the root's card at ``tc[pos]`` is down: its leader, its position in
    the trick, its tricks left, and North-South's trick won by completing this one (0 or 1)."""
    if pos < 3:
        return leader, pos + 1, tleft, 0
    winner = (leader + trick_winner_index(tc, 0, 4, trump)) & 3
    return winner, 0, tleft - 1, 1 if (winner & 1) == 0 else 0


@kernel
def _live_cards(h, played, nplayed):
    live = h[0] | h[1] | h[2] | h[3]
    for i in range(nplayed):
        live |= 1 << played[i]
    return live


@kernel
def solve_cards(hands, trump, leader, played, nplayed, guess, tt, moves, scores, tc, keys, codes, probes, frames, ctx, out,
                only=CARDS):
    """North-South tricks from the trick start after each legal card of the mover, in ``out[card]``.

    ``out`` (52 entries) is ``-1`` for cards that are not legal.  Each class
    of equivalent cards is searched once and its value copied to every member.
    ``only`` (a card mask) limits the search to the classes whose lowest card
    it holds; the others stay ``-1``.
    Returns the last value found (a good first guess for the next call).

    Each card runs its own MTD(f) from the previous card's value, all sharing
    the table.  DDS's ``solutions=3`` order (the position's value first, then
    every card searched with that value as its bound, which saves the test
    one above it for each card equal to the best) was measured against this on
    ``bench dd --only lead --nodes``, 20 deals per seed: trick starts -6.8%
    (seed 1), +4.9% (2), +0.1% (3), +2.1% (4), and +2.7% on seed 1's
    positions after four tricks.  It does not pay, so it is not kept: the
    root's test one above its value refutes every card anyway.
    """
    h = np.zeros(4, dtype=np.int64)
    tleft = _setup(hands, leader, played, nplayed, h, tc, codes)
    for c in range(52):
        out[c] = -1
    if tleft == 0:
        return guess
    pos = nplayed
    ply = nplayed
    mover = (leader + pos) & 3
    reps = _root_moves(h, trump, leader, pos, moves, scores, tc)
    live = _live_cards(h, played, nplayed)
    g = guess
    for i in range(reps.shape[0]):
        c = reps[i]
        bit = 1 << c
        if not only & bit:
            continue
        h[mover] ^= bit
        tc[ply] = c
        lead, at, left, won = _after_root_card(tc, trump, leader, pos, tleft)
        v = _exact(h, trump, lead, at, ply + 1, left, g - won, 0, left, tt, moves, scores, tc, keys, codes, probes, frames, ctx)
        if v != GAVE_UP:
            v += won
        h[mover] ^= bit
        if v == GAVE_UP:
            return GAVE_UP
        g = v
        out[c] = v
        _share_with_sequence(h, mover, live, c, v, out)
    return g


@kernel
def reach_cards(hands, trump, leader, played, nplayed, need, tt, moves, scores, tc, keys, codes, probes, frames, ctx, out):
    """Whether North-South take ``>= need`` tricks from the trick start after each legal card of the mover.

    ``out[card]`` is 1 (yes), 0 (no) or ``-1`` (not legal).  One null-window
    test per class of equivalent cards instead of ``solve_cards``' exact
    values: what a make-or-fail question (αμ's leaves, a contract's chance)
    needs, and far cheaper when the exact count lies away from ``need``.
    Returns 0, or :data:`GAVE_UP`.
    """
    h = np.zeros(4, dtype=np.int64)
    tleft = _setup(hands, leader, played, nplayed, h, tc, codes)
    for c in range(52):
        out[c] = -1
    if tleft == 0:
        return 0
    pos = nplayed
    ply = nplayed
    mover = (leader + pos) & 3
    reps = _root_moves(h, trump, leader, pos, moves, scores, tc)
    live = _live_cards(h, played, nplayed)
    for i in range(reps.shape[0]):
        c = reps[i]
        bit = 1 << c
        h[mover] ^= bit
        tc[ply] = c
        lead, at, left, won = _after_root_card(tc, trump, leader, pos, tleft)
        r = _search(h, trump, lead, at, ply + 1, need - won, left, tt, moves, scores, tc, keys, codes, probes, frames, ctx)
        h[mover] ^= bit
        if r == GAVE_UP:
            return GAVE_UP
        v = 1 if (r & YES) else 0
        out[c] = v
        _share_with_sequence(h, mover, live, c, v, out)
    return 0


@kernel
def reach_batch(worlds, trump, leader, played, nplayed, need, tt, moves, scores, tc, keys, codes, probes, frames, ctx, out):
    """``reach_cards`` for every world (``worlds[i]`` = four trick-start hands); ``out[i, card]``."""
    for i in range(worlds.shape[0]):
        if reach_cards(worlds[i], trump, leader, played, nplayed, need, tt, moves, scores, tc, keys, codes, probes, frames,
                       ctx, out[i]) == GAVE_UP:
            return GAVE_UP
    return 0


@kernel
def reach_position(hands, trump, leader, played, nplayed, need, tt, moves, scores, tc, keys, codes, probes, frames, ctx):
    """1 when North-South take ``>= need`` tricks from the start of the current trick, else 0 (or GAVE_UP)."""
    h = np.zeros(4, dtype=np.int64)
    tleft = _setup(hands, leader, played, nplayed, h, tc, codes)
    r = _search(h, trump, leader, nplayed, nplayed, need, tleft, tt, moves, scores, tc, keys, codes, probes, frames, ctx)
    if r == GAVE_UP:
        return GAVE_UP
    return 1 if (r & YES) else 0


@kernel
def reach_positions(worlds, trump, leader, played, nplayed, need, tt, moves, scores, tc, keys, codes, probes, frames,
                    ctx, out):
    """``reach_position`` for every world (``worlds[i]`` = four trick-start hands, any hands): ``out[i]``."""
    for i in range(worlds.shape[0]):
        r = reach_position(worlds[i], trump, leader, played, nplayed, need, tt, moves, scores, tc, keys, codes, probes,
                           frames, ctx)
        if r == GAVE_UP:
            return GAVE_UP
        out[i] = r
    return 0


@kernel
def solve_batch(worlds, trump, leader, played, nplayed, tt, moves, scores, tc, keys, codes, probes, frames, ctx, out,
                only=CARDS, guess=-1):
    """``solve_cards`` for every world (``worlds[i]`` = four trick-start hands); ``out[i, card]``.

    ``guess`` is MTD(f)'s first target (``-1``: half the tricks); each later world starts from
    the previous world's last value.  Returns the last value found."""
    g = guess
    for i in range(worlds.shape[0]):
        if g < 0:
            total = 0
            for s in range(4):
                total += POP13[(worlds[i, leader] >> (13 * s)) & SUIT_FIELD]
            g = total // 2
        g = solve_cards(worlds[i], trump, leader, played, nplayed, g, tt, moves, scores, tc, keys, codes, probes, frames, ctx,
                        out[i], only)
        if g == GAVE_UP:
            return GAVE_UP
    return g


@kernel
def solve_table(hands, tt, moves, scores, tc, keys, codes, probes, frames, ctx, out):
    """North-South tricks for each strain (row, DDS order) and opening leader (column) in ``out[5, 4]``."""
    h = np.zeros(4, dtype=np.int64)
    tleft = 0
    for s in range(4):
        tleft += POP13[(hands[0] >> (13 * s)) & SUIT_FIELD]
    for seat in range(4):
        h[seat] = hands[seat]
    build_codes(h, codes)
    g = tleft // 2
    for strain in range(5):
        for leader in range(4):
            for seat in range(4):
                h[seat] = hands[seat]
            v = _exact(h, strain, leader, 0, 0, tleft, g, 0, tleft, tt, moves, scores, tc, keys, codes, probes, frames, ctx)
            if v == GAVE_UP:
                return GAVE_UP
            out[strain, leader] = v
            g = v
    return 0
