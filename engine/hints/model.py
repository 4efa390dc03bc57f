"""What a bridge hint is: its goal, its candidates and the hint itself, as plain frozen data.

Computing a hint (:mod:`.bridge_hint`) and putting it into words (:mod:`.render`)
both depend on these types and on nothing of each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

from ..analysis.bridge import Algorithm
from ..core.cards import Card, card_str
from ..core.seats import Seat
from .conditions import Condition
from .expert import ExpertLine
from .techniques import Technique, TechniqueFinding

__all__ = ["Goal", "FusionNote", "CandidateHint", "BridgeHint"]


class Goal(Enum):
    CONTRACT = "contract"  # make the contract (declarer) / beat it (defence)
    OVERTRICK = "overtrick"  # every card makes equally often: the first trick beyond it where they differ
    UNDERTRICK = "undertrick"  # the contract cannot make: the first undertrick saved where they differ
    NONE = "none"  # every card gives the same result in every world


@dataclass(frozen=True, slots=True)
class FusionNote:
    """Why PIMC rates a card higher than αμ: the worlds where double-dummy play wins and αμ's one line
    does not (each would need its own guess later: strategy fusion)."""

    pimc: float
    alphamu: float
    max_moves: int
    condition: Condition

    def to_json(self) -> dict[str, object]:
        return {"pimc": round(self.pimc, 6), "alphamu": round(self.alphamu, 6), "max_moves": self.max_moves,
                "worlds": self.condition.to_json()}


@dataclass(frozen=True, slots=True)
class CandidateHint:
    """One card (standing for its run of equivalent cards) with its figures and explanation.

    ``p_make``: the primary algorithm's chance of making the contract (declarer's side, whoever
    is to move).  ``p_goal``: the primary chance of reaching the hint's goal for the side to move
    (= ``p_make`` for declarer with the contract as goal; the chance of beating it for a defender).
    ``expected_tricks``: declarer's side's double-dummy mean, tricks already won included.
    ``p_overtrick``: double-dummy chance that declarer's side takes at least one trick more than needed.
    ``condition``: when the card reaches the goal.  ``gains``/``loses``: the worlds where this card
    reaches the goal and the recommended card does not / the reverse (None for the recommended card,
    whose ``gains`` is against the runner-up).
    """

    card: Card
    equivalents: tuple[Card, ...]
    p_make: float
    p_make_by_algorithm: Mapping[str, float]
    p_goal: float
    expected_tricks: float
    p_overtrick: float
    techniques: tuple[TechniqueFinding, ...] = ()
    condition: Condition | None = None
    gains: Condition | None = None
    loses: Condition | None = None
    fusion: FusionNote | None = None
    plan: Mapping[tuple[Card, ...], Card] = field(default_factory=dict)

    @property
    def technique(self) -> Technique | None:
        return self.techniques[0].technique if self.techniques else None

    def to_json(self) -> dict[str, object]:
        return {
            "card": card_str(self.card),
            "equivalents": [card_str(c) for c in self.equivalents],
            "p_make": round(self.p_make, 6),
            "p_make_by_algorithm": {k: round(v, 6) for k, v in self.p_make_by_algorithm.items()},
            "p_goal": round(self.p_goal, 6),
            "expected_tricks": round(self.expected_tricks, 6),
            "p_overtrick": round(self.p_overtrick, 6),
            "technique": None if not self.techniques else self.techniques[0].technique.value,
            "techniques": [t.to_json() for t in self.techniques],
            "condition": None if self.condition is None else self.condition.to_json(),
            "gains": None if self.gains is None else self.gains.to_json(),
            "loses": None if self.loses is None else self.loses.to_json(),
            "fusion": None if self.fusion is None else self.fusion.to_json(),
            "plan": {" ".join(card_str(c) for c in k): card_str(v) for k, v in self.plan.items()},
        }


@dataclass(frozen=True, slots=True)
class BridgeHint:
    """The hint for one decision: candidates best first, the numbers' basis, the expert line and the text."""

    best: Card
    candidates: tuple[CandidateHint, ...]
    mover: Seat
    declarer: Seat
    declaring: bool
    worlds: int
    exact: bool
    algorithms: tuple[Algorithm, ...]
    primary: Algorithm
    max_moves: int
    target: int
    goal: Goal
    goal_tricks: int  # tricks declarer's side needs from the current trick on for the goal
    offset: int
    expert: tuple[ExpertLine, ...] = ()
    decisive_suit: int | None = None
    text: str = ""

    def candidate(self, card: Card) -> CandidateHint:
        for c in self.candidates:
            if card == c.card or card in c.equivalents:
                return c
        raise KeyError(f"{card_str(card)} is not a legal card here")

    def to_json(self) -> dict[str, object]:
        return {
            "best": card_str(self.best),
            "mover": self.mover.letter,
            "declarer": self.declarer.letter,
            "declaring": self.declaring,
            "worlds": self.worlds,
            "exact": self.exact,
            "algorithms": [a.value for a in self.algorithms],
            "primary": self.primary.value,
            "max_moves": self.max_moves,
            "target": self.target,
            "goal": self.goal.value,
            "goal_tricks": self.goal_tricks,
            "offset": self.offset,
            "candidates": [c.to_json() for c in self.candidates],
            "expert": [e.to_json() for e in self.expert],
            "decisive_suit": None if self.decisive_suit is None else "SHDC"[self.decisive_suit],
            "text": self.text,
        }
