"""Warm-up hook for the app's start: load (or compile) the Hearts Max_n kernels on a real deal.

Called on the engine worker by ``app.worker.warmup``; a depth-limited search of
the first decision of a seeded deal touches every kernel the players use.
"""

from __future__ import annotations

__all__ = ["warm_up"]


def warm_up() -> None:
    from ...core.deal import random_deals
    from ...hearts.play import HeartsHand
    from ...hearts.rules import HeartsRules
    from .solver import HeartsSolver, SearchDepth

    rules = HeartsRules()
    hand = HeartsHand(random_deals(1, 1)[0].masks, rules)
    HeartsSolver(rules, SearchDepth(tricks=1, exact_tricks=2), tt_bits=10).solve(hand)
