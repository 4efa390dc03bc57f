"""The table: asks each deciding seat's player for a card until the play is over.

Players only ever receive a :class:`~engine.bridge.view.BridgeView`; dummy's
player is never asked, declarer's player chooses dummy's cards.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ..core.cards import Card, card_str
from .play import BridgePlay, IllegalPlayError, PlayResult
from .view import BridgeView, view_for_turn

__all__ = ["play_out", "PlayerMoveError", "BridgeCardChooser"]


class BridgeCardChooser(Protocol):
    """Structurally the bridge case of ``engine.players.base.Player`` (rules do not import players)."""

    name: str

    def choose_card(self, view: BridgeView) -> Card: ...


class PlayerMoveError(IllegalPlayError):
    """A player answered with a card that is not legal; the message names the player and card."""


def play_out(play: BridgePlay, players: Sequence[BridgeCardChooser]) -> PlayResult:
    """Play ``play`` to the end with ``players[seat]`` choosing for each seat, and return the result."""
    if len(players) != 4:
        raise ValueError(f"play_out needs one player per seat (4), got {len(players)}")
    while not play.is_complete:
        view = view_for_turn(play)
        player = players[view.seat]
        card = player.choose_card(view)
        if card not in view.legal_cards:
            raise PlayerMoveError(
                f"player {player.name!r} ({view.seat.name.title()}, playing {view.to_play.name.title()}) "
                f"chose {card_str(card) if isinstance(card, int) and 0 <= card < 52 else card!r}, "
                f"legal: {view.legal_cards.cards_str()}"
            )
        play.play(card)
    return play.result()
