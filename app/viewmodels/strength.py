"""The computer's strength in a player's words, and the engine player behind each (plain data, no Qt).

The table, the info panel and Settings speak of Beginner, Club player and Expert; the
engines' own names and parameters (``pimc:worlds=10``) appear only in the advanced view
(Settings ▸ Show engine details), where any registered player can be chosen.

Why these engines: Beginner is the rule-based player (textbook habits, instant).  In bridge a
Club player samples a few deals and plays the card that does best on them (PIMC, ten deals),
about a second a card on two cores; an Expert looks ahead at its own later guesses as
declarer (αμ).  In Hearts the Club player is the app's default player (the registry's
``default``: information-set MCTS, the strongest on the duplicate harness of issue 28), and
the Expert the same search with ten times the simulations (its Strong preset).
"""

from __future__ import annotations

from engine.players.registry import Game, default_spec

from ..settings import Strength

__all__ = ["STRENGTH_NAMES", "STRENGTH_SPECS", "strength_spec", "strength_of", "computer_words"]

STRENGTH_NAMES: dict[Strength, str] = {
    Strength.BEGINNER: "Beginner",
    Strength.CLUB_PLAYER: "Club player",
    Strength.EXPERT: "Expert",
}

STRENGTH_SPECS: dict[Game, dict[Strength, str]] = {
    Game.BRIDGE: {Strength.BEGINNER: "rules", Strength.CLUB_PLAYER: "pimc:worlds=10", Strength.EXPERT: "alphamu"},
    Game.HEARTS: {Strength.BEGINNER: "rules", Strength.CLUB_PLAYER: default_spec(Game.HEARTS),
                  Strength.EXPERT: f"{default_spec(Game.HEARTS)}:sims=10000"},
}


def strength_spec(game: Game, strength: Strength) -> str:
    """The player spec that plays at ``strength`` in ``game``."""
    return STRENGTH_SPECS[game][strength]


def strength_of(game: Game, spec: str) -> Strength | None:
    """The strength whose player ``spec`` is (``None``: a custom player from the advanced view)."""
    for strength, text in STRENGTH_SPECS[game].items():
        if text == spec:
            return strength
    return None


def computer_words(game: Game, spec: str, details: bool = False) -> str:
    """How the info panel names the computer: ``Club player`` (``Club player (pimc:worlds=10)`` with
    ``details``), or ``Custom`` for a player set in the advanced view."""
    strength = strength_of(game, spec)
    name = "Custom" if strength is None else STRENGTH_NAMES[strength]
    return f"{name} ({spec})" if details else name
