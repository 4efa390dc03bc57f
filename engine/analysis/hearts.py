"""Hearts analysis for hints: every legal card with its expected points and moon risk for the player.

Built on MC-Max_n (the strongest search here): the hidden hands are sampled
from what the player's seat may know — never from the real deal — and every
legal card is valued over the same worlds.  The moon figures come from the
solver: exact in the worlds searched to the end, the evaluation's estimate at
a horizon.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.cancel import NEVER, Cancelled, CancelToken
from ..core.cards import Card, card_str
from ..hearts.view import HeartsView
from ..search.hearts.mcmaxn import MCMaxnOptions, MCMaxnResult, MCMaxnSearch, best_card
from ..solvers.hearts import CardValue, SearchDepth
from .snapshot import DEFAULT_MIN_INTERVAL, Snapshot, SnapshotClock, UpdateFn

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
    view: HeartsView, *, worlds: int = 60, time_limit: float = 2.0, depth: SearchDepth | None = None, seed: int = 0,
    cancel: CancelToken = NEVER, on_update: UpdateFn | None = None, min_interval: float = DEFAULT_MIN_INTERVAL,
) -> HeartsAnalysis:
    """Analyse the decision in ``view`` (the seat must be to move). A single legal card is still valued.

    With ``on_update`` the analysis reports :class:`~.snapshot.Snapshot` objects: after each batch of
    worlds (at most every ``min_interval`` seconds) the values over the worlds searched so far, and a
    last ``final`` one holding the analysis returned; every legal card is then valued, even a single
    one.  ``cancel`` is checked between batches; a cancelled analysis raises
    :class:`~engine.core.cancel.Cancelled` carrying the last snapshot as ``last``."""
    if not view.legal_cards:
        raise ValueError(f"seat {int(view.seat)} is not to move: no legal cards in its view")
    options = MCMaxnOptions(worlds=worlds, time_limit=time_limit, depth=depth if depth is not None else SearchDepth())
    search = MCMaxnSearch(view.rules, options, seed)
    if on_update is None and not cancel.cancellable:
        result = search.search_all(view) if len(view.legal_cards) == 1 else search.search(view)
        return analysis_from_result(result)
    clock = SnapshotClock(on_update, min_interval)
    seat = int(view.seat)
    legal = sorted(view.legal_cards.ascending())

    def on_batch(total: np.ndarray, searched: int) -> None:
        cancel.report(clock.fraction(searched / worlds, time_limit), f"{searched} of {worlds} deals")
        if clock.due() and searched < worlds:
            partial = _partial(seat, legal, total, searched, clock.elapsed())
            clock.emit(Snapshot(partial, searched, worlds, clock.fraction(searched / worlds, time_limit), "mcmaxn",
                                clock.elapsed()), rearm=True)

    try:
        result = search.search_all(view, cancel=cancel, on_batch=on_batch)
        cancel.check()
    except Cancelled:
        raise Cancelled("cancelled", last=clock.last) from None
    analysis = analysis_from_result(result)
    clock.emit(Snapshot(analysis, analysis.worlds, worlds, 1.0, "mcmaxn", clock.elapsed(), final=True))
    return analysis


def _partial(seat: int, legal: list[Card], total: np.ndarray, searched: int, elapsed: float) -> HeartsAnalysis:
    """The analysis of the worlds searched so far, from the search's running sums."""
    mean = total / searched
    cards = tuple(
        CardValue(c, tuple(float(x) for x in mean[c, :4]), tuple(float(x) for x in mean[c, 4:]))  # type: ignore[arg-type]
        for c in legal
    )
    return analysis_from_result(MCMaxnResult(seat, cards, searched, elapsed, 0))


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
