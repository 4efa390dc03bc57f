"""The Hearts rule options as one typed, validated value.

Every rule variant Tenace supports lives here so the hand state, the scoring,
the players and the solvers all read the same object instead of loose flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["MoonScoring", "HeartsRules", "HeartsRulesError"]


class HeartsRulesError(ValueError):
    """A rules option has a bad value; the message names the field and why."""


class MoonScoring(Enum):
    """What shooting the moon (taking every heart and the ♠Q) does to the hand's points."""

    ADD_26_TO_OTHERS = "add_26_to_others"
    SHOOTER_MINUS_26 = "shooter_minus_26"

    @classmethod
    def parse(cls, text: str) -> "MoonScoring":
        t = text.strip().lower().replace("-", "_")
        aliases = {"add": cls.ADD_26_TO_OTHERS, "others": cls.ADD_26_TO_OTHERS, "minus": cls.SHOOTER_MINUS_26}
        for member in cls:
            if t == member.value:
                return member
        if t in aliases:
            return aliases[t]
        names = ", ".join(m.value for m in cls)
        raise HeartsRulesError(f"bad moon scoring {text!r}: expected one of {names}")


@dataclass(frozen=True, slots=True)
class HeartsRules:
    """Options of a Hearts game (defaults: the common four-player rules, game to 100).

    * ``moon_scoring``: shooting the moon adds 26 to each other player (default)
      or gives the shooter −26.
    * ``jack_of_diamonds``: whoever takes the ♦J scores −10 (off by default).
    * ``target_score``: the game ends once a player's total reaches it.
    * ``hearts_on_first_trick`` / ``queen_on_first_trick``: whether a player void
      in clubs may discard a heart / the ♠Q on the first trick even when holding
      other cards (False: only when they hold nothing else).
    * ``breaking_hearts``: hearts may not be led until a heart has been played,
      unless the leader holds only hearts.  Only a heart breaks hearts; the ♠Q
      may be led at any time and does not break them.
    """

    moon_scoring: MoonScoring = MoonScoring.ADD_26_TO_OTHERS
    jack_of_diamonds: bool = False
    target_score: int = 100
    hearts_on_first_trick: bool = False
    queen_on_first_trick: bool = False
    breaking_hearts: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.moon_scoring, MoonScoring):
            raise HeartsRulesError(
                f"moon_scoring must be a MoonScoring, got {self.moon_scoring!r}"
            )
        for name in ("jack_of_diamonds", "hearts_on_first_trick", "queen_on_first_trick", "breaking_hearts"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise HeartsRulesError(f"{name} must be True or False, got {value!r}")
        if isinstance(self.target_score, bool) or not isinstance(self.target_score, int):
            raise HeartsRulesError(f"target_score must be an int, got {self.target_score!r}")
        if self.target_score < 1:
            raise HeartsRulesError(f"target_score must be at least 1, got {self.target_score}")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (enum as its text value)."""
        return {
            "moon_scoring": self.moon_scoring.value,
            "jack_of_diamonds": self.jack_of_diamonds,
            "target_score": self.target_score,
            "hearts_on_first_trick": self.hearts_on_first_trick,
            "queen_on_first_trick": self.queen_on_first_trick,
            "breaking_hearts": self.breaking_hearts,
        }
