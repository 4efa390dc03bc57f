"""A kernel called from kernels is compiled once per argument type, not once per constant.

Numba gave each constant argument (and each variable still typed by its first,
constant value) a compiled version of its own: the double-dummy warm-up compiled
the search three times and its move-ordering helpers up to six times, which was
most of a cold start (``engine.jit._one_signature_per_type``).
"""

from __future__ import annotations

from engine.jit import kernel


@kernel(cache=False)
def _add(a, b):
    return a + b


@kernel(cache=False)
def _caller(x):
    n = 0
    total = _add(x, 0) + _add(x, 1) + _add(x, b=7)
    for _ in range(x):
        n += 1
        total += _add(n, 2)
    return total


def test_constants_share_one_compiled_version():
    assert _caller(3) == (3 + 0) + (3 + 1) + (3 + 7) + (1 + 2) + (2 + 2) + (3 + 2)
    assert len(_add.signatures) == 1, _add.signatures
    assert "Literal" not in str(_add.signatures[0])


def test_double_dummy_kernels_compile_once_each():
    from engine.solvers.dd import kernel_bounds, kernel_moves, kernel_search, tt
    from engine.solvers.dd.warmup import warm_up

    warm_up()
    several = {
        f"{module.__name__}.{name}": fn.signatures
        for module in (kernel_search, kernel_moves, kernel_bounds, tt)
        for name, fn in vars(module).items()
        if len(getattr(fn, "signatures", ())) > 1
    }
    assert not several, several
