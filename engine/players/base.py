"""The one player protocol both games share (OpenSpiel-style bot seam).

A player is handed a *view*: an immutable snapshot of exactly what its seat may
know (own hand, dummy once exposed, every card played and by whom, contract,
scores).  It answers with a legal card, or with three cards to pass in Hearts.
Views are game-specific frozen dataclasses (``engine.bridge.view.BridgeView``,
``engine.hearts.view.HeartsView``); the protocol is generic over them so the
session model, the CLI and the match harnesses drive every player the same way.
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from ..core.cards import Card

__all__ = ["Player", "Passer", "ViewT"]

ViewT = TypeVar("ViewT", contravariant=True)


@runtime_checkable
class Player(Protocol[ViewT]):
    """Chooses a card to play from what its seat may know."""

    name: str

    def choose_card(self, view: ViewT) -> Card:
        """Return one of ``view.legal_cards``."""
        ...


@runtime_checkable
class Passer(Protocol[ViewT]):
    """A Hearts player also chooses the three cards it passes."""

    def choose_pass(self, view: ViewT) -> tuple[Card, Card, Card]:
        """Return three distinct cards from ``view.hand``."""
        ...
