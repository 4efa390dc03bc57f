"""The one place numba is configured: cache directory and kernel decorator.

Numba reads ``NUMBA_CACHE_DIR`` when it is first imported, so every kernel
module imports :func:`kernel` from here instead of importing numba directly.
The cache goes to the user cache dir (``appdirs``), never next to the sources,
because an installed or frozen package directory may be read-only.  Every
kernel is compiled with ``nogil=True`` so the GUI's worker thread never holds
the GIL while searching, and with ``cache=True`` so only the first start pays
for compilation.
"""

from __future__ import annotations

import os

import appdirs

__all__ = ["kernel", "cache_dir", "numba"]


def cache_dir() -> str:
    """Where compiled kernels are cached (``$NUMBA_CACHE_DIR`` wins when set)."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        appdirs.user_cache_dir("tenace", "Tenace"), "numba"
    )


os.environ.setdefault("NUMBA_CACHE_DIR", cache_dir())

import numba  # noqa: E402  (must follow the environment set-up above)


def kernel(fn=None, /, **options):
    """``numba.njit`` with ``nogil=True`` and ``cache=True`` unless overridden.

    Use bare (``@kernel``) or with options (``@kernel(inline="always")``).
    """
    options.setdefault("nogil", True)
    options.setdefault("cache", True)
    if fn is None:
        return numba.njit(**options)
    return numba.njit(**options)(fn)
