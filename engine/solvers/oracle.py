"""The one seam for double-dummy questions: :class:`DoubleDummyOracle`, and the table it fills.

Everything above the solvers asks its double-dummy questions through this
class: the searches (PIMC, αμ) at their leaves, the analyses, the hints and the
review about many worlds of one decision, the sessions about one deal (a
board's contract, a claim).  Three implementations answer them, all exact, so
any one can stand in for another and the same cards are chosen:

* :class:`~engine.solvers.solver_oracle.SolverOracle` — Tenace's own solver, on
  the calling thread or shared out over solver threads;
* :class:`~engine.solvers.dds_oracle.DdsOracle` — DDS through endplay, a test and
  benchmark extra, never used by the app;
* the slow reference solver of the test suite (``tests/solvers/reference.py``).

An implementation must answer :meth:`DoubleDummyOracle.batch_tricks_per_card`;
every other question has a fallback here built on it, which an implementation
overrides when it can answer more cheaply (the solver's null-window make-or-fail
test, its restricted searches, its own table).

The numbers mean what DDS's mean: *tricks from the start of the current trick
to the end of the play*, for the side of the seat to play.  Worlds are ``(n, 4)``
arrays of hand masks at the trick start (the trick's cards still in them), seats
N, E, S, W = 0..3, strains in DDS order S, H, D, C, NT = 0..4.

``node_limit`` (nodes per question, ``None`` for none) makes a search give up
with :class:`DoubleDummyGaveUp` rather than hold the caller for minutes;
``cancel`` (a :class:`~engine.core.cancel.CancelToken`) is checked between
worlds, so a cancelled caller waits for one solve at most.  ``homes`` (per
world, an identity that stays with the deal from one question to the next, such
as its index in a search's list of deals; ``None``: none) lets an implementation
with a transposition table per thread send a deal's questions to the same
thread, whose table then serves them; answers never depend on it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..bridge.contract import Strain
from ..core.cancel import NEVER, CancelToken
from ..core.cards import FULL_MASK, Card
from ..core.deal import Deal
from ..core.seats import Seat

__all__ = ["DoubleDummyOracle", "DoubleDummyGaveUp", "DDTable", "ALL_CARDS", "STRAIN_LETTERS"]

ALL_CARDS = FULL_MASK
"""The card mask of every card (``cards=`` of :meth:`DoubleDummyOracle.batch_tricks_per_card`)."""

STRAIN_LETTERS = ("S", "H", "D", "C", "NT")


class DoubleDummyGaveUp(RuntimeError):
    """The search used up its node budget before finding the answer."""

    def __init__(self, node_limit: int) -> None:
        super().__init__(f"the double-dummy search gave up after {node_limit:,} nodes")
        self.node_limit = node_limit


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy table: ``tricks[strain][declarer]`` = tricks the declaring side takes.

    Strains in DDS order (S, H, D, C, NT), declarers N, E, S, W.  A cell is ``None``
    when it was not solved (a board's table may hold only the cells it needed).
    """

    tricks: tuple[tuple[int | None, int | None, int | None, int | None], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 5 or any(len(row) != 4 for row in self.tricks):
            raise ValueError("a double-dummy table has 5 strains × 4 declarers")
        if any(t is not None and not 0 <= t <= 13 for row in self.tricks for t in row):
            raise ValueError("double-dummy trick counts must be between 0 and 13")

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int | None]]) -> "DDTable":
        return cls(tuple(tuple(None if t is None else int(t) for t in row) for row in rows))  # type: ignore[misc]

    def has(self, strain: Strain | int, declarer: Seat | int) -> bool:
        return self.tricks[int(strain)][int(declarer)] is not None

    def get(self, strain: Strain | int, declarer: Seat | int) -> int:
        t = self.tricks[int(strain)][int(declarer)]
        if t is None:
            raise KeyError(f"{Strain(int(strain)).name.title()} by {Seat(int(declarer)).name.title()} was not solved")
        return t

    def to_json(self) -> dict[str, dict[str, int | None]]:
        """``{"NT": {"N": 9, ...}, "S": {...}, "H": ..., "D": ..., "C": ...}`` (the CLI's format)."""
        order = (4, 0, 1, 2, 3)
        return {STRAIN_LETTERS[s]: {Seat(d).letter: self.tricks[s][d] for d in range(4)} for s in order}


class DoubleDummyOracle(ABC):
    """Exact double-dummy answers for positions of one or many worlds (see the module docstring)."""

    # --- the question every oracle answers ---------------------------------------------------------
    @abstractmethod
    def batch_tricks_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], *,
        cards: int = ALL_CARDS, node_limit: int | None = None, cancel: CancelToken = NEVER,
        homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """``out[i, card]``: tricks the side to move takes from the trick start after ``card`` in world
        ``i``; ``-1`` for cards that are not legal.  ``cards`` (a mask) says which legal cards are
        wanted: the others may come back ``-1``."""

    # --- questions with fallbacks ------------------------------------------------------------------
    def batch_reach_per_card(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], need: int, *,
        node_limit: int | None = None, cancel: CancelToken = NEVER, homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """``out[i, card]``: 1 when the side to move takes ``>= need`` tricks from the trick start after
        ``card`` in world ``i``, 0 when not, -1 for cards that are not legal (by default from the exact
        counts; the solver answers with one null-window test per card)."""
        tricks = np.asarray(self.batch_tricks_per_card(worlds, strain, leader, played, node_limit=node_limit,
                                                       cancel=cancel, homes=homes))
        return np.where(tricks >= 0, (tricks >= need).astype(np.int64), -1)

    def batch_reach(
        self, worlds: np.ndarray, strain: int, leader: int, played: Sequence[Card], need: int, *,
        node_limit: int | None = None, cancel: CancelToken = NEVER, homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """``out[i]``: whether the side to move takes ``>= need`` tricks from the trick start in world ``i``
        with best play by both sides.  Unlike the per-card questions, the worlds may give the seat to move
        different cards (by default: some legal card reaches ``need``).  ``homes``: as for the per-card
        questions."""
        per_card = np.asarray(self.batch_reach_per_card(worlds, strain, leader, played, need, node_limit=node_limit,
                                                        cancel=cancel, homes=homes))
        return (per_card == 1).any(axis=1)

    def reach_questions(self, deal: Deal | Sequence[int], questions: Sequence[tuple[int, int, int]], *,
                        cancel: CancelToken = NEVER) -> list[bool]:
        """Several make-or-fail questions about one deal (a board's contract): for each ``(strain, leader,
        need)``, whether the side on lead takes ``>= need`` tricks.  Independent questions, answered in
        order here; a threaded implementation answers them at once, one per solver thread."""
        world = np.array([_masks(deal)], dtype=np.uint64)
        out = []
        for strain, leader, need in questions:
            cancel.check()
            out.append(bool(self.batch_reach(world, strain, leader, (), need)[0]))
        return out

    def tricks_per_card(
        self, hands: Deal | Sequence[int], strain: int, leader: int, played: Sequence[Card] = (), *,
        node_limit: int | None = None,
    ) -> dict[Card, int]:
        """For each legal card of the seat to play in one position: tricks its side takes from the
        current trick's start (``hands`` at the trick start)."""
        row = np.array([_masks(hands)], dtype=np.uint64)
        out = np.asarray(self.batch_tricks_per_card(row, strain, leader, tuple(played), node_limit=node_limit))[0]
        return {c: int(out[c]) for c in range(52) if out[c] >= 0}

    def declarer_tricks(self, deal: Deal, strain: int, declarer: int, *, node_limit: int | None = None) -> int:
        """Tricks ``declarer``'s side takes in ``strain``, declarer's left-hand opponent leading (one table cell)."""
        leader = (int(declarer) + 1) % 4
        masks = _masks(deal)
        left = masks[leader].bit_count()
        if left == 0:
            return 0
        values = self.tricks_per_card(masks, strain, leader, (), node_limit=node_limit)
        return left - max(values.values())


def _masks(hands: Deal | Sequence[int]) -> list[int]:
    if isinstance(hands, Deal):
        return [int(m) for m in hands.masks]
    masks = [int(h) for h in hands]
    if len(masks) != 4:
        raise ValueError(f"a position has four hands, got {len(masks)}")
    return masks
