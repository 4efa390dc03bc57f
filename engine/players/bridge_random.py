"""A bridge player that plays a uniformly random legal card: the floor of every benchmark."""

from __future__ import annotations

import random

from ..bridge.view import BridgeView
from ..core.cards import Card

__all__ = ["RandomBridgePlayer"]


class RandomBridgePlayer:
    """Chooses uniformly among the legal cards; reproducible from ``seed``."""

    def __init__(self, seed: int = 0) -> None:
        self.name = f"random:seed={seed}"
        self._rng = random.Random(seed)

    def choose_card(self, view: BridgeView) -> Card:
        legal = list(view.legal_cards.ascending())
        if not legal:
            raise ValueError(f"{view.seat.name.title()} has no legal card to play (not its turn?)")
        return self._rng.choice(legal)
