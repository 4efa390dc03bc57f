"""The Hearts solver's transposition table layout, apart from the kernels.

Importing :mod:`.kernel_maxn` compiles (or loads) its recursive searches at once (they have explicit
signatures, see there), which a cold start must not pay before the window is up; the Python API needs
only these sizes to allocate its arrays, and imports the kernels on its first search.
"""

from __future__ import annotations

import numpy as np

__all__ = ["VALUE_SIZE", "TT_BITS", "new_table"]

VALUE_SIZE = 8
"""Per table entry and per card: the four seats' final points, then the four moon chances."""
TT_BITS = 17


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keys, stamps and values of an empty transposition table with ``2**bits`` slots."""
    size = 1 << bits
    return np.zeros(size, np.int64), np.full(size, -1, np.int64), np.zeros((size, VALUE_SIZE))
