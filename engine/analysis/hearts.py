"""Hearts analysis for hints: every legal card with its expected points and moon risk for the player.

Built on MC-Max_n (the strongest search here): the hidden hands are sampled
from what the player's seat may know — never from the real deal — and every
legal card is valued over the same worlds.  The moon figures come from the
solver: exact in the worlds searched to the end, the evaluation's estimate at
a horizon.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card, card_str
from ..hearts.view import HeartsView
from ..search.hearts.mcmaxn import MCMaxnOptions, MCMaxnResult, MCMaxnSearch, best_card
from ..solvers.hearts import SearchDepth

__all__ = ["CardAnalysis", "HeartsAnalysis", "analyse_hearts", "analysis_from_result"]


@dataclass(frozen=True, slots=True)
class CardAnalysis:
    card: Card
    expected_points: float
    """The player's expected points for the hand after playing this card (lower is better)."""
    points: tuple[float, float, float, float]
    """Expected points of every seat."""
    moon_risk: float
    """Chance that another seat shoots the moon."""
    moon_chance: float
    """Chance that the player shoots the moon."""

    def to_dict(self) -> dict[str, object]:
        return {
            "card": card_str(self.card),
            "expected_points": round(self.expected_points, 3),
            "points": [round(p, 3) for p in self.points],
            "moon_risk": round(self.moon_risk, 4),
            "moon_chance": round(self.moon_chance, 4),
        }


@dataclass(frozen=True, slots=True)
class HeartsAnalysis:
    seat: int
    cards: tuple[CardAnalysis, ...]
    """Best first."""
    worlds: int
    elapsed: float

    @property
    def best(self) -> Card:
        return self.cards[0].card

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "worlds": self.worlds,
            "elapsed": round(self.elapsed, 3),
            "cards": [c.to_dict() for c in self.cards],
        }


def analyse_hearts(
    view: HeartsView, *, worlds: int = 60, time_limit: float = 2.0, depth: SearchDepth | None = None, seed: int = 0
) -> HeartsAnalysis:
    """Analyse the decision in ``view`` (the seat must be to move). A single legal card is still valued."""
    options = MCMaxnOptions(worlds=worlds, time_limit=time_limit, depth=depth if depth is not None else SearchDepth())
    search = MCMaxnSearch(view.rules, options, seed)
    if len(view.legal_cards) == 1:
        result = search.search_all(view)
    else:
        result = search.search(view)
    return analysis_from_result(result)


def analysis_from_result(result: MCMaxnResult) -> HeartsAnalysis:
    """The analysis of a finished (or partial) MC-Max_n search: cards best first, moon figures split."""
    me = result.seat
    order = []
    remaining = list(result.cards)
    while remaining:  # best first, by the same rule the player uses
        card = best_card(remaining, me)
        order.append(next(v for v in remaining if v.card == card))
        remaining = [v for v in remaining if v.card != card]
    cards = tuple(
        CardAnalysis(
            card=v.card,
            expected_points=v.points[me],
            points=v.points,
            moon_risk=sum(v.moon[s] for s in range(4) if s != me),
            moon_chance=v.moon[me],
        )
        for v in order
    )
    return HeartsAnalysis(me, cards, result.worlds, result.elapsed)
