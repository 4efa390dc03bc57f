"""Max_n search of one perfect-information Hearts position, with a transposition table.

Each seat minimises its own final points (maximises its payoff).  Ties are
broken *paranoidly* — among moves equal for the mover, the one worst for the
others (most points to them in total), then lexicographically by the next
seats' points — so the value of a node never depends on move order, which
keeps the search reproducible and checkable against brute force.  Sturtevant
found Max_n tie-breaking decisive; the paranoid rule is the safe one.

Search runs to an absolute *horizon* (a number of cards played, always a
trick boundary or the end of the hand) and evaluates there with
:func:`~.kernel_eval.evaluate`.  Positions at trick boundaries are cached: the
key is the cards still out, the leader and who may still shoot the moon; the
entry holds the points still to come (value minus points already taken), which
is all that depends on the key.  Cards adjacent in rank among the cards still
out, in the same hand and with the same points, are equivalent: only one is
searched.

:func:`_paranoid` is Sturtevant's *paranoid reduction*: the seat to move
against the other three as one side, a two-sided game where alpha-beta
prunes.  Korf's *shallow pruning* is not used because in Hearts it can never
fire: with ``R`` points still to take, the scores ``u_i = R - points_i`` sum to
``S = 3R`` and each lies in ``[0, R]``, and a child may be cut only when the
parent's and the child's movers are together sure of ``u_p + u_c >= S``, i.e.
``2R >= 3R`` — only once no points are left (a moon, scoring 26 to the others,
loosens the bound further).

The recursive kernel has an explicit signature: numba's on-disk cache of a
self-recursive function typed by inference crashes when loaded back (a
segfault on the second run); compiled eagerly from a signature it caches fine.

State array ``st`` (int64): 0–3 hands, 4–7 points taken, 8–11 penalty cards
taken, 12 leader, 13 cards played, 14 + i the ``i``-th card played (only
the trick in progress and the cards played during the search are needed).
Values are float64[8]: final points per seat, then moon chance per shooter.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .kernel_eval import evaluate
from .table import TT_BITS, VALUE_SIZE, new_table  # noqa: F401  (re-exported: the kernels' table layout)
from .kernel_rules import final_points
from .kernel_state import live_cards, node_legal, play_card, representatives, unplay_card

__all__ = ["VALUE_SIZE", "TT_BITS", "new_table", "search_root", "search_worlds"]

_EPS = 1e-9


@kernel
def _moon_state(pen: np.ndarray) -> int:
    """0: no penalty card taken; 1+s: only seat s took any; 5: the moon is out of reach."""
    state = 0
    for s in range(4):
        if pen[s] > 0:
            if state != 0:
                return 5
            state = 1 + s
    return state


@kernel
def _slot(key: int, mask: int) -> int:
    h = key * 0x5851F42D4C957F2D
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h & mask


@kernel
def _better(a: np.ndarray, b: np.ndarray, mover: int) -> bool:
    """Whether value ``a`` is preferred to ``b`` by ``mover`` (see the tie rule in the module doc)."""
    if a[mover] < b[mover] - _EPS:
        return True
    if a[mover] > b[mover] + _EPS:
        return False
    sa = a[0] + a[1] + a[2] + a[3]
    sb = b[0] + b[1] + b[2] + b[3]
    if sa > sb + _EPS:
        return True
    if sa < sb - _EPS:
        return False
    for k in range(1, 4):
        s = (mover + k) % 4
        if a[s] > b[s] + _EPS:
            return True
        if a[s] < b[s] - _EPS:
            return False
    return False


@kernel(inline="always")  # a hot path: inlined into both searches
def _leaf(st: np.ndarray, rl: np.ndarray, horizon: int, out: np.ndarray) -> bool:
    """At the end of the hand (final points, who shot the moon) or at the horizon (the evaluation):
    fill ``out`` and return True; elsewhere return False."""
    n = st[13]
    if n == 52:
        final_points(st[4:8], st[8:12], rl, out)
        for s in range(4):
            out[4 + s] = 1.0 if st[8 + s] == 14 else 0.0
        return True
    if n % 4 == 0 and n >= horizon:
        evaluate(st[0:4], st[4:8], st[8:12], rl, out)
        return True
    return False


@kernel(inline="always")  # a hot path: inlined into both searches
def _table_key(st: np.ndarray, tag: int) -> int:
    """The table key of a trick-boundary position (``tag`` keeps different searches' entries apart)."""
    return (st[0] | st[1] | st[2] | st[3]) | (st[12] << 52) | (_moon_state(st[8:12]) << 54) | (tag << 57)


@kernel(inline="always")  # a hot path: inlined into both searches
def _probe(st, key, keys, stamps, table, gen, out) -> int:
    """The slot of ``key``; when it holds this search's entry, ``out`` is filled from it and ``-1 - slot`` returned."""
    slot = _slot(key, keys.shape[0] - 1)
    if stamps[slot] == gen and keys[slot] == key:
        for s in range(4):
            out[s] = table[slot, s] + st[4 + s]
        for s in range(4, 8):
            out[s] = table[slot, s]
        return -1 - slot
    return slot


@kernel(inline="always")  # a hot path: inlined into both searches
def _store(st, slot, key, keys, stamps, table, gen, out) -> None:
    """Keep ``out`` (minus the points already taken, which the key does not fix) in ``slot``."""
    keys[slot] = key
    stamps[slot] = gen
    for s in range(4):
        table[slot, s] = out[s] - st[4 + s]
    for s in range(4, 8):
        table[slot, s] = out[s]


_SEARCH_SIGNATURE = (
    "void(int64[::1], int64[::1], int64, int64[::1], int64[::1], float64[:, ::1], int64, float64[:, ::1], int64, int64[::1])"
)


@kernel(signature_or_function=_SEARCH_SIGNATURE)
def _search(st, rl, horizon, keys, stamps, table, gen, vals, ply, counter):
    """Value of the position in ``st`` into ``vals[ply]``; ``counter[0]`` counts nodes."""
    counter[0] += 1
    n = st[13]
    out = vals[ply]
    if _leaf(st, rl, horizon, out):
        return
    slot = -1
    key = 0
    if n % 4 == 0:
        key = _table_key(st, 0)
        slot = _probe(st, key, keys, stamps, table, gen, out)
        if slot < 0:
            return
    mover = (st[12] + n % 4) % 4
    moves = representatives(node_legal(st, rl), live_cards(st), rl)
    child = vals[ply + 1]
    first = True
    for c in range(52):
        if not moves >> c & 1:
            continue
        old = play_card(st, c, rl)
        _search(st, rl, horizon, keys, stamps, table, gen, vals, ply + 1, counter)
        unplay_card(st, c, old, rl)
        if first or _better(child, out, mover):
            out[:] = child
            first = False
    if slot >= 0:
        _store(st, slot, key, keys, stamps, table, gen, out)


_PARANOID_SIGNATURE = (
    "float64(int64[::1], int64[::1], int64, int64, float64, float64, int64[::1], int64[::1], float64[:, ::1], int64,"
    " float64[:, ::1], int64, int64[::1])"
)


@kernel(signature_or_function=_PARANOID_SIGNATURE)
def _paranoid(st, rl, horizon, me, alpha, beta, keys, stamps, table, gen, vals, ply, counter):
    """``me``'s final points if ``me`` takes as few as it can and the other three, as one side, give it
    as many as they can (Sturtevant's paranoid reduction: a two-sided game, so alpha-beta applies).

    Returns the value; ``vals[ply]`` gets the vector of the line followed, whose other entries are
    indicative only (the coalition does not care how it shares the rest).  Alpha-beta on
    ``(alpha, beta)`` in ``me``'s points; the table keeps exact values only (key tagged with ``me``).
    """
    counter[0] += 1
    n = st[13]
    out = vals[ply]
    if _leaf(st, rl, horizon, out):
        return out[me]
    slot = -1
    key = 0
    if n % 4 == 0:
        key = _table_key(st, 1 + me)
        slot = _probe(st, key, keys, stamps, table, gen, out)
        if slot < 0:
            return out[me]
    mover = (st[12] + n % 4) % 4
    moves = representatives(node_legal(st, rl), live_cards(st), rl)
    child = vals[ply + 1]
    lo, hi = alpha, beta
    best = np.inf if mover == me else -np.inf
    for c in range(52):
        if not moves >> c & 1:
            continue
        old = play_card(st, c, rl)
        v = _paranoid(st, rl, horizon, me, lo, hi, keys, stamps, table, gen, vals, ply + 1, counter)
        unplay_card(st, c, old, rl)
        if mover == me:
            if v < best - _EPS:
                best = v
                out[:] = child
            hi = min(hi, best)
        else:
            if v > best + _EPS:
                best = v
                out[:] = child
            lo = max(lo, best)
        if lo >= hi:
            break
    if slot >= 0 and alpha < best < beta:
        _store(st, slot, key, keys, stamps, table, gen, out)
    return best


@kernel
def search_root(st, rl, horizon, keys, stamps, table, gen, root_values, counter, paranoid=False):
    """Values of every legal card of the seat to move: ``root_values[card]`` (float64[52, 8]).

    Rows of illegal cards are left untouched.  Equivalent cards share one search.
    With ``paranoid``, each card is valued by :func:`_paranoid` (exact for the
    seat to move, with a full window) instead of Max_n.
    """
    vals = np.zeros((60, 8))
    legal = node_legal(st, rl)
    live = live_cards(st)
    reps = representatives(legal, live, rl)
    for u in range(4):
        above = -1  # the next live card above, when it is one of ours (an equivalent already valued)
        for r in range(12, -1, -1):
            c = 13 * u + r
            if not live >> c & 1:
                continue
            if not legal >> c & 1:
                above = -1
                continue
            if reps >> c & 1:
                me = (st[12] + st[13] % 4) % 4
                old = play_card(st, c, rl)
                if paranoid:
                    _paranoid(st, rl, horizon, me, -np.inf, np.inf, keys, stamps, table, gen, vals, 0, counter)
                else:
                    _search(st, rl, horizon, keys, stamps, table, gen, vals, 0, counter)
                unplay_card(st, c, old, rl)
                root_values[c, :] = vals[0]
            else:
                root_values[c, :] = root_values[above, :]
            above = c


@kernel
def search_worlds(worlds, base, rl, horizon, keys, stamps, table, gen0, out, counter, paranoid=False):
    """:func:`search_root` for each world: ``worlds[w]`` are the four hands, ``base`` the rest of the state.

    ``out[w]`` receives world ``w``'s float64[52, 8] root values.  Each world
    uses its own table generation (``gen0 + w``), so no entry leaks between worlds.
    """
    st = base.copy()
    for w in range(worlds.shape[0]):
        for s in range(4):
            st[s] = worlds[w, s]
        search_root(st, rl, horizon, keys, stamps, table, gen0 + w, out[w], counter, paranoid)
