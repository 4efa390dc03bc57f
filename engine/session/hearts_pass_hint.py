"""The Hearts pass hint: the three cards the app's default player would pass, with the alternatives.

The hint is the default player's own pass search
(:func:`engine.search.hearts.passing.search_pass`, reached through the
player's ``analyse_pass``), so the hint and the computer's passes are one
decision.  Each candidate comes with the passer's mean points over the hands
the search played out with it: hands dealt at random for the unseen cards, the
other seats passing by the rule-based player, every seat then playing by the
rule-based playout policy — an estimate of how good the pass is, not a
promise of the points the real hand will bring.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card, card_str, card_symbol_str
from ..hearts.passing import PassDirection
from ..hearts.view import HeartsView
from ..players.registry import DEFAULT_NAME, REGISTRY, Game, PlayerRegistry
from ..search.hearts.passing import PassCandidate

__all__ = ["PassHint", "pass_hint", "PassHintError"]


class PassHintError(ValueError):
    """No pass hint for this view or player; the message says why."""


@dataclass(frozen=True, slots=True)
class PassHint:
    seat: int
    direction: PassDirection
    player: str
    """The spec whose pass search answered (``default`` resolved)."""
    candidates: tuple[PassCandidate, ...]
    """Best first: ``candidates[0].cards`` is the pass."""
    elapsed: float

    @property
    def cards(self) -> tuple[Card, Card, Card]:
        return self.candidates[0].cards

    @property
    def text(self) -> str:
        best = self.candidates[0]
        names = " ".join(card_symbol_str(c) for c in best.cards)
        out = f"Pass {names} {self.direction.label}: about {best.expected_points:.1f} points expected"
        if len(self.candidates) > 1:
            runner = self.candidates[1]
            out += (f" (next best {' '.join(card_symbol_str(c) for c in runner.cards)}: "
                    f"{runner.expected_points:.1f})")
        return out + "."

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "direction": self.direction.label, "player": self.player,
                "pass": [card_str(c) for c in self.cards], "text": self.text, "elapsed": round(self.elapsed, 3),
                "candidates": [c.to_dict() for c in self.candidates]}


def pass_hint(view: HeartsView, *, player_spec: str = DEFAULT_NAME, seed: int = 0, top: int = 5,
              registry: PlayerRegistry = REGISTRY) -> PassHint:
    """The pass ``player_spec`` (default: the app's player) would make from ``view``, and its ``top`` best."""
    if view.direction is PassDirection.HOLD:
        raise PassHintError("no cards are passed on a hold hand")
    spec = registry.resolve(Game.HEARTS, player_spec)
    player = registry.create(Game.HEARTS, spec, seed=seed)
    analyse = getattr(player, "analyse_pass", None)
    if analyse is None:
        raise PassHintError(f"the Hearts player {spec.name!r} passes by fixed rules and cannot rank passes; "
                            f"ask the default player")
    result = analyse(view)
    return PassHint(int(view.seat), view.direction, str(spec), result.candidates[:top], result.elapsed)
