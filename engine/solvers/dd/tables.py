"""Lookup tables for 13-bit suit fields, shared by the kernels.

Numba freezes module-level numpy arrays into the compiled code as constants, so
bit tricks on a suit field (highest card, card count) cost one load instead of
a loop.  Index ``f`` is a 13-bit rank field (bit ``r`` = rank ``r + 2``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["POP13", "HIGH13", "LOW13", "TOP_MASK26", "SUIT_FIELD"]

SUIT_FIELD = 0x1FFF
"""Mask of one suit's 13-bit field."""


def _popcounts() -> np.ndarray:
    return np.array([bin(f).count("1") for f in range(1 << 13)], dtype=np.int64)


def _highest_bits() -> np.ndarray:
    return np.array([f.bit_length() - 1 for f in range(1 << 13)], dtype=np.int64)


def _lowest_bits() -> np.ndarray:
    return np.array([(f & -f).bit_length() - 1 for f in range(1 << 13)], dtype=np.int64)


def _top_masks() -> np.ndarray:
    """``TOP_MASK26[k]``: the top ``2k`` bits of a 26-bit owner code (the owners of the k highest cards)."""
    return np.array([((1 << (2 * k)) - 1) << (26 - 2 * k) for k in range(14)], dtype=np.int64)


POP13 = _popcounts()
HIGH13 = _highest_bits()
"""``HIGH13[f]``: the highest rank index in field ``f`` (-1 for an empty field)."""
LOW13 = _lowest_bits()
"""``LOW13[f]``: the lowest rank index in field ``f`` (-1 for an empty field)."""
TOP_MASK26 = _top_masks()
