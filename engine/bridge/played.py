"""A deal as it was played: the record a review (or a replay on the table) starts from."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card
from ..core.deal import Deal
from ..core.seats import Seat
from .contract import Contract, Vulnerability
from .play import BridgePlay

__all__ = ["PlayedDeal"]


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal as played, all the review needs: the deal as dealt, contract, declarer, vulnerability, the
    user's seat (declarer also plays dummy's cards) and every card played, in order.  ``claimed``: the
    tricks the declaring side was granted by a claim after the last card (``None``: no claim)."""

    deal: Deal
    contract: Contract
    declarer: Seat
    vulnerability: Vulnerability
    seat: Seat
    cards: tuple[Card, ...]
    claimed: int | None = None

    def __post_init__(self) -> None:
        if self.claimed is not None and not 0 <= self.claimed <= 13 - len(self.cards) // 4:
            raise ValueError(f"a claim of {self.claimed} tricks after {len(self.cards)} cards is not possible")

    def replay(self, ply: int) -> BridgePlay:
        """The play after its first ``ply`` cards."""
        play = BridgePlay(self.deal, self.contract, self.declarer, self.vulnerability)
        for card in self.cards[:ply]:
            play.play(card)
        return play
