"""A Hearts player that picks uniformly among its legal cards: the floor of every benchmark."""

from __future__ import annotations

import random

from ..core.cards import Card
from ..hearts.view import HeartsView

__all__ = ["RandomHeartsPlayer"]


class RandomHeartsPlayer:
    """Random legal card, random three-card pass; reproducible from ``seed``."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self._rng = random.Random(seed)

    def choose_pass(self, view: HeartsView) -> tuple[Card, Card, Card]:
        a, b, c = self._rng.sample(sorted(view.hand.ascending()), 3)
        return a, b, c

    def choose_card(self, view: HeartsView) -> Card:
        legal = sorted(view.legal_cards.ascending())
        if not legal:
            raise ValueError(f"seat {int(view.seat)} has no legal card to play")
        return self._rng.choice(legal)
