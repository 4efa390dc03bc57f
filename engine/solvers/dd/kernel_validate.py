"""Checks a stack of positions for the solver in one pass (the batch questions' guard).

The searches ask the solver thousands of small batches; checking each world in
Python cost more than solving it.  :func:`first_invalid` applies the rules of
``api._validate`` to every row and returns the first bad row, so the Python
check then runs on that row alone and produces its message.
"""

from __future__ import annotations

from engine.jit import kernel

from .tables import SUIT_FIELD

__all__ = ["first_invalid"]

_CARDS = (1 << 52) - 1


@kernel
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@kernel
def first_invalid(worlds, leader, played, nplayed):
    """The index of the first row of ``worlds`` (``(n, 4)`` card masks at a trick start, ``played[:nplayed]``
    on the table from ``leader``) that is not a legal position, or -1 when every row is."""
    if nplayed > 3:
        return 0 if worlds.shape[0] else -1
    for i in range(worlds.shape[0]):
        seen = 0
        size = -1
        bad = False
        for seat in range(4):
            h = worlds[i, seat]
            if h < 0 or h & ~_CARDS or seen & h:
                bad = True
                break
            seen |= h
            s = _popcount(h)
            if size < 0:
                size = s
            elif s != size:
                bad = True
                break
        if not bad and nplayed > 0 and size == 0:
            bad = True
        j = 0
        while not bad and j < nplayed:
            card = played[j]
            seat = (leader + j) & 3
            if card < 0 or card >= 52 or not (worlds[i, seat] >> card) & 1:
                bad = True
            elif j > 0 and card // 13 != played[0] // 13:
                led = played[0] // 13
                if (worlds[i, seat] >> (13 * led)) & SUIT_FIELD:
                    bad = True
            j += 1
        if bad:
            return i
    return -1
