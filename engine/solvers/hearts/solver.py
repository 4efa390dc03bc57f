"""The Python face of the Hearts Max_n solver: positions, search depth and per-card values.

A :class:`HeartsPosition` is everything about a hand in progress that every
sampled world shares (points and penalty cards taken, leader, cards played,
the trick in progress); the worlds supply the four hands.  The solver returns,
for each legal card of the seat to move, the expected final points of all four
seats and each seat's chance of shooting the moon after that card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ...core.cards import Card
from ...hearts.play import HeartsHand
from ...hearts.rules import HeartsRules
from ...hearts.scoring import PENALTY_MASK, cards_points
from ...hearts.view import HeartsView
from .table import VALUE_SIZE, new_table
from .kernel_rules import rules_array

__all__ = ["SearchDepth", "HeartsPosition", "CardValue", "HeartsSolver", "SolverError"]


class SolverError(ValueError):
    """A position or world the solver cannot search; the message says which field and why."""


@dataclass(frozen=True, slots=True)
class SearchDepth:
    """How far to look: ``tricks`` tricks counting the one in progress, to the end once ``exact_tricks`` remain.

    A seat *leading* looks ``lead_tricks`` tricks ahead instead: a lead opens
    every suit to the search and a second trick then costs some thirty times
    more (measured: ~30 ms against ~0.3 ms per world early in the hand), time
    better spent on more worlds.  The horizon always falls on a trick
    boundary, where the evaluation applies.
    """

    tricks: int = 2
    exact_tricks: int = 4
    lead_tricks: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.tricks <= 13:
            raise SolverError(f"search depth must be 1..13 tricks, got {self.tricks}")
        if not 0 <= self.exact_tricks <= 13:
            raise SolverError(f"exact_tricks must be 0..13, got {self.exact_tricks}")
        if not 1 <= self.lead_tricks <= 13:
            raise SolverError(f"lead depth must be 1..13 tricks, got {self.lead_tricks}")

    def horizon(self, played: int) -> int:
        """Cards played at which the search stops and evaluates."""
        trick = played // 4
        if 13 - trick <= self.exact_tricks:
            return 52
        depth = self.lead_tricks if played % 4 == 0 else self.tricks
        return min(52, 4 * (trick + depth))


@dataclass(frozen=True, slots=True)
class HeartsPosition:
    """The part of a Hearts position that does not depend on the hidden hands."""

    points: tuple[int, int, int, int]
    penalty_cards: tuple[int, int, int, int]
    """Hearts and ♠Q taken per seat (who may still shoot the moon)."""
    leader: int
    played: int
    """Cards played so far (0..51)."""
    trick: tuple[Card, ...]
    """Cards of the trick in progress, from its leader."""

    def __post_init__(self) -> None:
        if not 0 <= self.played < 52:
            raise SolverError(f"played must be 0..51 for a position with a card to play, got {self.played}")
        if len(self.trick) != self.played % 4:
            raise SolverError(f"{self.played} cards played means {self.played % 4} in the trick, got {len(self.trick)}")
        if not 0 <= self.leader < 4:
            raise SolverError(f"leader must be a seat 0..3, got {self.leader}")

    @property
    def to_move(self) -> int:
        return (self.leader + self.played % 4) % 4

    @classmethod
    def of_hand(cls, hand: HeartsHand) -> "HeartsPosition":
        pen = tuple((m & PENALTY_MASK).bit_count() for m in hand.taken)
        return cls(hand.points_taken(), pen, int(hand.leader), len(hand.played), hand.current_cards)  # type: ignore[arg-type]

    @classmethod
    def of_view(cls, view: HeartsView) -> "HeartsPosition":
        """The position a seat sees at its turn (everything here is public)."""
        if view.current is None:
            raise SolverError(f"seat {int(view.seat)} has no trick in progress to play to")
        pen = [0, 0, 0, 0]
        for t in view.tricks:
            pen[int(t.winner)] += (t.mask & PENALTY_MASK).bit_count()  # type: ignore[arg-type]
        played = 4 * len(view.tricks) + len(view.current.cards)
        return cls(view.points_taken, tuple(pen), int(view.current.leader), played, view.current.cards)  # type: ignore[arg-type]

    def state_array(self) -> np.ndarray:
        st = np.zeros(14 + 52, np.int64)
        st[4:8] = self.points
        st[8:12] = self.penalty_cards
        st[12] = self.leader
        st[13] = self.played
        start = self.played - len(self.trick)
        for i, c in enumerate(self.trick):
            st[14 + start + i] = c
        return st


@dataclass(frozen=True, slots=True)
class CardValue:
    """One card's outcome averaged over worlds: final points and moon chance per seat."""

    card: Card
    points: tuple[float, float, float, float]
    moon: tuple[float, float, float, float]


class HeartsSolver:
    """Perfect-information Max_n over sampled worlds, reusing one transposition table.

    Not thread-safe: each searching thread needs its own solver.
    """

    def __init__(self, rules: HeartsRules | None = None, depth: SearchDepth | None = None, tt_bits: int = 17,
                 paranoid: bool = False) -> None:
        self.rules = rules if rules is not None else HeartsRules()
        self.depth = depth if depth is not None else SearchDepth()
        self.paranoid = paranoid
        """Value cards by the paranoid reduction (the seat to move against the other three as one side,
        with alpha-beta) instead of Max_n; only the mover's points are then exact."""
        self._rl = rules_array(self.rules)
        self._keys, self._stamps, self._table = new_table(tt_bits)
        self._generation = 0
        self.nodes = 0

    def world_values(self, position: HeartsPosition, worlds: np.ndarray) -> np.ndarray:
        """``float64[W, 52, 8]``: per world, per card of the seat to move, final points then moon chances.

        ``worlds`` is ``(W, 4)`` hand masks *now* (cards already played
        removed).  Rows of cards that are not legal in a world are NaN.
        """
        worlds = np.ascontiguousarray(worlds, dtype=np.int64).reshape(-1, 4)
        self._check_worlds(position, worlds)
        out = np.full((worlds.shape[0], 52, VALUE_SIZE), np.nan)
        counter = np.zeros(1, np.int64)
        from .kernel_maxn import search_worlds  # on first use: importing it compiles the searches (see .table)

        search_worlds(
            worlds, position.state_array(), self._rl, self.depth.horizon(position.played),
            self._keys, self._stamps, self._table, self._generation, out, counter, self.paranoid,
        )
        self._generation += worlds.shape[0]
        self.nodes += int(counter[0])
        return out

    def card_values(self, position: HeartsPosition, worlds: np.ndarray, weights: Sequence[float] | None = None) -> list[CardValue]:
        """Each card legal in every world, with its values averaged (weighted) over the worlds."""
        values = self.world_values(position, worlds)
        w = np.full(values.shape[0], 1.0 / values.shape[0]) if weights is None else np.asarray(weights, float)
        out = []
        for card in range(52):
            column = values[:, card, :]
            if np.isnan(column[:, 0]).any():
                continue
            mean = (column * w[:, None]).sum(axis=0)
            out.append(CardValue(card, tuple(mean[:4]), tuple(mean[4:])))  # type: ignore[arg-type]
        return out

    def solve(self, hand: HeartsHand) -> list[CardValue]:
        """Values of each legal card in a perfect-information position."""
        if hand.is_complete:
            raise SolverError("the hand is complete: there is no card to choose")
        worlds = np.array([hand.hands], dtype=np.int64)
        return self.card_values(HeartsPosition.of_hand(hand), worlds)

    @staticmethod
    def _check_worlds(position: HeartsPosition, worlds: np.ndarray) -> None:
        sizes_expected = [13 - position.played // 4 - (1 if (s - position.leader) % 4 < position.played % 4 else 0) for s in range(4)]
        for w in range(worlds.shape[0]):
            union = 0
            for s in range(4):
                m = int(worlds[w, s])
                if m.bit_count() != sizes_expected[s]:
                    raise SolverError(f"world {w}: seat {s} holds {m.bit_count()} cards, expected {sizes_expected[s]}")
                if union & m:
                    raise SolverError(f"world {w}: a card is in two hands")
                union |= m
