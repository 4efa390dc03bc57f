"""Warm-up hook for the app's start: load (or compile) every double-dummy kernel on a one-trick ending.

Called on the engine worker by ``app.worker.warmup`` so the first hint or claim
does not pay numba's load or compile time.
"""

from __future__ import annotations

__all__ = ["warm_up"]


def warm_up() -> None:
    from ...core.deal import Deal
    from .api import DoubleDummySolver

    solver = DoubleDummySolver(0.05)
    ending = Deal.from_pbn("N:A... K... Q... J...", partial=True)
    solver.tricks_per_card(ending, 4, 0)
    solver.tricks(ending, 4, 0)
    solver.batch_tricks_per_card([ending], 4, 0)
    solver.batch_reaches_per_card([ending], 4, 0, (), 1)
    solver.reaches_many([ending], 4, 0, (), 1)
    solver.table(ending)
