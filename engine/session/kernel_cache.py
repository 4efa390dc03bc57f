"""What the app may know of the compiled-kernel cache: the repairs made in this process, as messages.

``engine.jit`` clears a damaged cache folder and recompiles its kernels on its own
(see its docstring); the app only has to tell the user.  Looking does not load numba:
before any kernel has been used there is nothing to report.
"""

from __future__ import annotations

import sys

__all__ = ["cache_repair_messages"]


def cache_repair_messages() -> tuple[str, ...]:
    """One sentence per repair of the kernel cache made so far in this process, oldest first."""
    jit = sys.modules.get("engine.jit")
    if jit is None:
        return ()
    return tuple(repair.message[0].upper() + repair.message[1:] for repair in jit.cache_repairs())
