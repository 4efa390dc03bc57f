"""What an auction tells the sampler, and which cards it places: the auction's facts as data.

Every call's meaning is a :class:`~engine.bidding.HandRange` on the caller's
original hand; a seat's calls together give its constraint
(:func:`auction_constraints`), which :mod:`.sampler` applies by rejection like
any other :class:`~engine.worlds.knowledge.OriginalHandConstraint`.

:func:`card_placements` measures what the auction *did*: for cards whose holder
is unknown, the chance each hidden seat holds them over the worlds the auction
allows, beside the chance without the auction (from the same kind of sample).
A hint cites the auction when the difference decides a play ("West's opening
bid places the ♠K with him").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from ..bidding import CallRecord, HandRange, seat_ranges
from ..core.cards import Card, cards_of
from ..core.seats import Seat
from .knowledge import HandConstraint, SeatKnowledge, WorldKnowledge
from .sampler import sample_worlds

__all__ = ["auction_constraints", "SeatShowing", "auction_showings", "CardPlacement", "card_placements", "without_auction"]


def auction_constraints(records: Sequence[CallRecord], *, skip: Iterable[Seat] = ()) -> dict[Seat, HandRange]:
    """Each seat's constraint from its calls (seats in ``skip`` and seats the auction says nothing of left out)."""
    skipped = frozenset(skip)
    return {
        Seat(seat): rng
        for seat, rng in enumerate(seat_ranges(records))
        if Seat(seat) not in skipped and not rng.is_trivial
    }


@dataclass(frozen=True, slots=True)
class SeatShowing:
    """What one seat's calls said, in words and numbers: the facts a hint may cite."""

    seat: Seat
    calls: tuple[tuple[str, str], ...]  # (call, meaning text) for each call that said something
    shown: HandRange

    @property
    def summary(self) -> str:
        """``West: 1♥ (12-21 HCP, 5+ hearts)``."""
        said = "; ".join(f"{call} ({text})" for call, text in self.calls)
        return f"{self.seat.name.title()}: {said}" if said else f"{self.seat.name.title()}: nothing"


def auction_showings(records: Sequence[CallRecord]) -> dict[Seat, SeatShowing]:
    """Every seat's informative calls and what they add up to."""
    ranges = seat_ranges(records)
    out = {}
    for seat in Seat:
        calls = tuple(
            (_call_symbols(str(r.call)), r.meaning.text)
            for r in records
            if r.seat == seat and not r.meaning.range.is_trivial
        )
        out[seat] = SeatShowing(seat, calls, ranges[seat])
    return out


def _call_symbols(text: str) -> str:
    for letter, symbol in zip("SHDC", "♠♥♦♣"):
        if text.endswith(letter) and text[:-1].isdigit():
            return text[:-1] + symbol
    return text


def without_auction(knowledge: WorldKnowledge) -> WorldKnowledge:
    """The same knowledge with every auction constraint dropped (what play alone has shown)."""
    return WorldKnowledge(tuple(
        SeatKnowledge(k.known, k.size, k.played, k.voids, HandConstraint()) for k in knowledge.seats
    ))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class CardPlacement:
    """How likely ``seat`` is to hold ``card``, with and without what the auction said."""

    card: Card
    seat: Seat
    with_auction: float
    without_auction: float

    @property
    def shift(self) -> float:
        return self.with_auction - self.without_auction


def card_placements(
    knowledge: WorldKnowledge,
    hands: np.ndarray | None = None,
    *,
    weights: Sequence[float] | np.ndarray | None = None,
    free: np.ndarray | None = None,
    free_weights: Sequence[float] | np.ndarray | None = None,
    cards: Iterable[Card] | None = None,
    samples: int = 400,
    rng: random.Random | None = None,
) -> dict[tuple[Card, Seat], CardPlacement]:
    """For each unseen card (or those in ``cards``) and each seat that may hold it, its chance of being
    there with the auction (over ``hands``, an ``(n, 4)`` array of worlds weighted by ``weights``, or a
    fresh uniform sample) and without it (over ``free``, the worlds the play alone allows, weighted by
    ``free_weights``, or a fresh uniform sample of them).  A hint passes its own deals and their weights
    (restricted choice included) for both, so the two figures differ only by the auction."""
    rng = rng or random.Random(0)
    unknown = knowledge.unknown
    wanted = [c for c in (cards_of(unknown) if cards is None else cards) if unknown >> c & 1]
    if hands is None:
        hands, weights = np.array(sample_worlds(knowledge, samples, rng), dtype=np.uint64).reshape(-1, 4), None
    if free is None:
        free = np.array(sample_worlds(without_auction(knowledge), samples, rng), dtype=np.uint64).reshape(-1, 4)
        free_weights = None
    hands, free = np.asarray(hands, dtype=np.uint64).reshape(-1, 4), np.asarray(free, dtype=np.uint64).reshape(-1, 4)
    w_with, w_free = _normalised(weights, len(hands)), _normalised(free_weights, len(free))
    out = {}
    for card in wanted:
        bit = np.uint64(1 << card)
        for seat in Seat:
            if knowledge.seats[seat].known >> card & 1:
                continue
            p_with = float(w_with @ ((hands[:, seat] & bit) != 0)) if len(hands) else 0.0
            p_without = float(w_free @ ((free[:, seat] & bit) != 0)) if len(free) else 0.0
            if p_with or p_without:
                out[(card, seat)] = CardPlacement(card, seat, p_with, p_without)
    return out


def _normalised(weights: Sequence[float] | np.ndarray | None, n: int) -> np.ndarray:
    """Weights summing to one (uniform when none are given)."""
    if weights is None:
        return np.full(n, 1.0 / n) if n else np.zeros(0)
    w = np.asarray(weights, dtype=float)
    if w.shape != (n,):
        raise ValueError(f"expected {n} weights, one per world, got shape {w.shape}")
    total = float(w.sum())
    return w / total if total > 0 else np.full(n, 1.0 / n)
