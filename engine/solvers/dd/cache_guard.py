"""Drop stale compiled kernels when any kernel source of this package changed.

Numba's cache checks only the source file of the function it compiled, not the
files of the kernels it calls, so after editing ``kernel_moves.py`` a cached
``kernel_search`` would silently keep the old move generator.  We keep a
fingerprint of every kernel source next to the cache and delete this package's
cached kernels when it changes.
"""

from __future__ import annotations

import glob
import hashlib
import os

from engine.jit import cache_dir

__all__ = ["ensure_fresh_cache"]

_KERNEL_MODULES = ("tables", "kernel_moves", "kernel_bounds", "tt", "kernel_search")


def _fingerprint() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    digest = hashlib.sha256()
    for name in _KERNEL_MODULES:
        with open(os.path.join(here, name + ".py"), "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def ensure_fresh_cache() -> None:
    """Delete cached double-dummy kernels compiled from other sources (best effort, never fails)."""
    try:
        root = cache_dir()
        stamp = os.path.join(root, "tenace_dd_sources.sha256")
        current = _fingerprint()
        try:
            with open(stamp, encoding="ascii") as f:
                if f.read().strip() == current:
                    return
        except OSError:
            pass
        for name in _KERNEL_MODULES:
            for path in glob.glob(os.path.join(root, "dd_*", f"{name}.*")):
                os.remove(path)
        os.makedirs(root, exist_ok=True)
        with open(stamp, "w", encoding="ascii") as f:
            f.write(current)
    except OSError:
        pass
