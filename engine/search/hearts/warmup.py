"""Warm-up hook for the app's start: load (or compile) the Hearts tree-search, inference and pass kernels.

Called on the engine worker by ``app.worker.warmup``: a tiny search of the default
player's kind (policy opponents, weighed worlds) after a few cards, and a tiny pass
search, touch every kernel the default Hearts player uses.
"""

from __future__ import annotations

__all__ = ["warm_up"]


def warm_up() -> None:
    import random

    from ...core.deal import random_deals
    from ...hearts.passing import PassDirection, PassRecord
    from ...hearts.play import HeartsHand
    from ...hearts.rules import HeartsRules
    from ...hearts.view import pass_view, play_view
    from .mcts import MctsKind, MctsOptions, MctsSearch
    from .passing import PassSearchOptions, search_pass

    rules = HeartsRules()
    deal = random_deals(2, 1)[0]
    hand = HeartsHand(deal.masks, rules)
    for _ in range(5):
        hand.play(min(hand.legal_cards().ascending()))
    view = play_view(hand, PassRecord.hold())
    for kind in MctsKind:
        options = MctsOptions(kind=kind, worlds=2, iterations=8, opponents_policy=True, inference=0.2)
        MctsSearch(rules, options).search_all(view)
    passing = pass_view(0, deal.hands[0], PassDirection.LEFT, rules)
    search_pass(passing, lambda v: tuple(sorted(v.hand.ascending()))[:3], PassSearchOptions(deals=1, finalists=1,
                                                                                           final_deals=1),
                random.Random(0))
