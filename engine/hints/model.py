"""What a bridge hint is: its goal, its candidates and the hint itself, as plain frozen data.

Computing a hint (:mod:`.bridge_hint`) and putting it into words (:mod:`.render`)
both depend on these types and on nothing of each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

from ..core.cards import Card, card_str
from ..core.seats import Seat
from .conditions import Condition
from .expert import ExpertLine
from .techniques import Technique, TechniqueFinding

__all__ = ["Method", "Goal", "FusionNote", "CandidateHint", "BridgeHint"]


class Method(Enum):
    """How a hint's chances were found (see :mod:`.lines`)."""

    FORCED = "forced"  # one card, or one run of equal cards: nothing to decide
    EXACT = "exact"  # every consistent layout, searched exactly to the end against best defence
    SUIT_REDUCTION = "suit reduction"  # one suit decides (checked): the exact suit solver over its layouts
    ESTIMATE = "estimate"  # a sample of deals, searched a few moves deep: an optimistic estimate


class Goal(Enum):
    CONTRACT = "contract"  # make the contract (declarer) / beat it (defence)
    OVERTRICK = "overtrick"  # every card makes equally often: the first trick beyond it where they differ
    UNDERTRICK = "undertrick"  # the contract cannot make: the first undertrick saved where they differ
    NONE = "none"  # every card gives the same result in every world


@dataclass(frozen=True, slots=True)
class FusionNote:
    """Why double-dummy play rates a card higher than its line: the deals where the card wins only if a
    later guess is right (a different play in deals that look the same), which no single line wins."""

    double_dummy: float
    line: float
    condition: Condition | None

    def to_json(self) -> dict[str, object]:
        return {"double_dummy": round(self.double_dummy, 6), "line": round(self.line, 6),
                "worlds": None if self.condition is None else self.condition.to_json()}


@dataclass(frozen=True, slots=True)
class CandidateHint:
    """One card (standing for its run of equal cards) with its figures and explanation.

    ``p_goal``: the chance that the best line starting with this card reaches the hint's goal, for the
    side to move (making the contract as declarer, beating it as a defender), with its 95% ``error``
    (0 when exact).  ``p_make``: the same line's chance of declarer making the contract.
    ``p_double_dummy``: the goal's chance if every later guess were right (the cards seen), for comparison.
    ``expected_tricks``: declarer's side's double-dummy mean, tricks already won included (the tie-break;
    None when not solved: an estimate solves it only for the cards tied at the top, and for declarer every card
    when a suit may decide).
    ``condition``: when the card reaches the goal.  ``gains``/``loses``: the deals where this card reaches
    the goal and the recommended card does not / the reverse (None for the recommended card, whose
    ``gains`` is against the runner-up).  ``plan``: declarer's next cards in this trick, by what the
    defence plays (exact lines only).  ``at_most``: ``p_goal`` is only an upper bound (no line after the card
    does better; its own chance was not found).  ``p_floor``: when an estimate found it, the chance of one
    concrete line starting with this card against best defence on the same deals — a lower bound, ``p_goal``
    being an upper one (None: not found; an exact ``p_goal`` is its own bound).
    """

    card: Card
    equivalents: tuple[Card, ...]
    p_goal: float
    error: float
    p_make: float
    p_double_dummy: float
    expected_tricks: float | None
    techniques: tuple[TechniqueFinding, ...] = ()
    condition: Condition | None = None
    gains: Condition | None = None
    loses: Condition | None = None
    fusion: FusionNote | None = None
    plan: Mapping[tuple[Card, ...], Card] = field(default_factory=dict)
    at_most: bool = False  # ``p_goal`` is an upper bound: the analysis could not value this card's line
    line: str = ""  # the card's line in words, read from the analysis's strategy (:mod:`.plan`), "" if none
    p_floor: float | None = None  # a concrete line's chance: a lower bound of ``p_goal``'s (None: not found)

    @property
    def technique(self) -> Technique | None:
        return self.techniques[0].technique if self.techniques else None

    def lower_bound(self, exact: bool) -> float | None:
        """What the card's best line surely makes on the deals analysed: ``p_goal`` when the hint is
        ``exact`` (and this figure is not only an upper bound), ``p_floor`` when an estimate found one, else
        None (not known)."""
        if self.p_floor is not None:
            return self.p_floor
        return self.p_goal if exact and not self.at_most and self.error <= 0 else None

    def to_json(self, exact: bool = False) -> dict[str, object]:
        """``exact``: whether the hint's figures are exact (then each is its own lower bound)."""
        low = self.lower_bound(exact)
        return {
            "card": card_str(self.card),
            "equivalents": [card_str(c) for c in self.equivalents],
            "p_goal": round(self.p_goal, 6),
            "at_most": self.at_most,
            "lower_bound": None if low is None else round(low, 6),
            "upper_bound": round(self.p_goal, 6),
            "error": round(self.error, 6),
            "p_make": round(self.p_make, 6),
            "p_double_dummy": round(self.p_double_dummy, 6),
            "expected_tricks": None if self.expected_tricks is None else round(self.expected_tricks, 6),
            "technique": None if not self.techniques else self.techniques[0].technique.value,
            "techniques": [t.to_json() for t in self.techniques],
            "condition": None if self.condition is None else self.condition.to_json(),
            "gains": None if self.gains is None else self.gains.to_json(),
            "loses": None if self.loses is None else self.loses.to_json(),
            "fusion": None if self.fusion is None else self.fusion.to_json(),
            "plan": {" ".join(card_str(c) for c in k): card_str(v) for k, v in self.plan.items()},
            "line": self.line,
        }


@dataclass(frozen=True, slots=True)
class BridgeHint:
    """The hint for one decision, from one analysis: candidates best first (``candidates[0]`` is ``best``,
    the star), how the figures were found (``method``, ``exact``, ``algorithm``; ``worlds`` deals of the
    ``layouts`` consistent ones), the goal, how a tie was broken, the expert line and the text."""

    best: Card
    candidates: tuple[CandidateHint, ...]
    mover: Seat
    declarer: Seat
    declaring: bool
    worlds: int
    layouts: int
    exact: bool
    method: Method
    algorithm: str
    target: int
    goal: Goal
    goal_tricks: int  # tricks declarer's side needs from the current trick on for the goal
    offset: int
    tied: tuple[Card, ...] = ()  # other cards as good on the goal as the best: the tie-break decided
    tie_rule: str = ""  # which rule broke the tie (empty when there was none)
    expert: tuple[ExpertLine, ...] = ()
    decisive_suit: int | None = None
    final: bool = True
    text: str = ""
    sampled: bool = False  # the deals are a random sample of the layouts (figures carry a sampling error)
    narrowed: bool = False  # the auction narrows the layouts below ``layouts`` (the play alone's count)
    auction_notes: tuple[str, ...] = ()  # where the auction places a card of the recommended card's condition
    algorithm_words: str = ""  # ``algorithm`` in a player's words, no engine names ("": it already is)
    caveat: str = ""  # how an estimate flatters the side it advises ("": exact, or nothing to add)

    @property
    def error(self) -> float:
        """The recommended card's 95% error (0 when exact)."""
        return self.candidates[0].error

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
            "method": self.method.value,
            "exact": self.exact,
            "algorithm": self.algorithm,
            "error": round(self.error, 6),
            "worlds": self.worlds,
            "layouts": self.layouts,
            "sampled": self.sampled,
            "target": self.target,
            "goal": self.goal.value,
            "goal_tricks": self.goal_tricks,
            "offset": self.offset,
            "tied": [card_str(c) for c in self.tied],
            "tie_rule": self.tie_rule,
            "candidates": [c.to_json(self.exact) for c in self.candidates],
            "expert": [e.to_json() for e in self.expert],
            "decisive_suit": None if self.decisive_suit is None else "SHDC"[self.decisive_suit],
            "final": self.final,
            "text": self.text,
            "narrowed_by_auction": self.narrowed,
            "auction_notes": list(self.auction_notes),
        }
