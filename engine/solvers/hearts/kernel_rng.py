"""A small random generator for kernels whose state travels in an array (xorshift64*).

Numba's own ``np.random`` keeps one hidden state per thread, which a caller can
neither save nor hand to a worker process, so a seeded search would not replay
the same way on the GUI's worker thread, in a match process or on a cluster.
Here the state is ``rs[0]`` of an int64 array owned by the caller: the same seed
gives the same stream wherever the kernel runs.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

__all__ = ["new_state", "next_u64", "below", "uniform", "pick_bit"]

_MULT = np.uint64(0x2545F4914F6CDD1D)


def new_state(seed: int) -> np.ndarray:
    """A generator state from any int seed (splitmix64 of the seed, never zero)."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    z = z or 1
    return np.array([z - (1 << 64) if z >= 1 << 63 else z], dtype=np.int64)


@kernel(inline="always")
def next_u64(rs: np.ndarray) -> np.uint64:
    x = np.uint64(rs[0])
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rs[0] = np.int64(x)
    return x * _MULT


@kernel(inline="always")
def below(rs: np.ndarray, n: int) -> int:
    """A uniform int in ``0 .. n-1`` (``n`` ≥ 1)."""
    return int((next_u64(rs) >> np.uint64(11)) % np.uint64(n))


@kernel(inline="always")
def uniform(rs: np.ndarray) -> float:
    """A uniform float in ``[0, 1)``."""
    return float(next_u64(rs) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def pick_bit(rs: np.ndarray, mask: int) -> int:
    """The index of a uniformly chosen set bit of ``mask`` (which must not be 0)."""
    n = 0
    m = mask
    while m:
        m &= m - 1
        n += 1
    k = below(rs, n)
    m = mask
    while k:
        m &= m - 1
        k -= 1
    return _lowest(m)


@kernel(inline="always")
def _lowest(m: int) -> int:
    c = 0
    while not (m >> c) & 1:
        c += 1
    return c
