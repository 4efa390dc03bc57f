"""Merging equivalent cards so that a suit problem has few worlds and few moves.

Outstanding cards with no declarer card between them in rank (cards no longer in
play do not count) are interchangeable for the whole play (declarer's cards only ever leave), so a layout is described
by how many cards of each such *group* West holds: a *world*.  Its weight is the
total probability of the specific layouts it stands for.  Cards known to be with
one defender form their own groups, since declarer can tell them apart.

Two cards in one declarer hand are equivalent while no outstanding card still in
play (and no defender's card on the current trick) lies between them; only the
lowest of each run is offered as a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from .model import SuitProblem, layouts, ranks_of

__all__ = ["Group", "WorldClass", "outstanding_groups", "world_classes", "declarer_choices"]


@dataclass(frozen=True)
class Group:
    """A run of interchangeable outstanding cards (ranks high to low)."""

    ranks: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.ranks)

    @property
    def top(self) -> int:
        return self.ranks[0]

    @property
    def bottom(self) -> int:
        return self.ranks[-1]


@dataclass(frozen=True)
class WorldClass:
    """West's count in each group, the class weight, and how many specific layouts it covers."""

    west_counts: tuple[int, ...]
    weight: float
    layouts: int


def outstanding_groups(problem: SuitProblem, merge: bool = True) -> tuple[Group, ...]:
    """Maximal runs of outstanding cards, highest first, split at declarer cards and at known cards.

    ``merge=False`` keeps every outstanding card apart (one world per specific
    layout): slower, and the reference the merged model is tested against.
    """
    declarer = problem.north | problem.south
    groups: list[list[int]] = []
    last_kind: object = None
    for rank in range(14, 1, -1):
        bit = 1 << (rank - 2)
        if problem.gone & bit:  # no longer in play: it separates nothing
            continue
        if declarer & bit:
            last_kind = None
            continue
        kind = "w" if problem.west_cards & bit else "e" if problem.east_cards & bit else "?"
        if merge and groups and last_kind == kind:
            groups[-1].append(rank)
        else:
            groups.append([rank])
        last_kind = kind
    return tuple(Group(tuple(g)) for g in groups)


def world_classes(problem: SuitProblem, groups: tuple[Group, ...]) -> tuple[WorldClass, ...]:
    """The worlds with positive probability, in a stable order (West longest first)."""
    acc: dict[tuple[int, ...], float] = {}
    for lay in layouts(problem):
        key = tuple(sum(1 for r in g.ranks if lay.west >> (r - 2) & 1) for g in groups)
        acc[key] = acc.get(key, 0.0) + lay.probability
    out = []
    for key, weight in acc.items():
        n_layouts = 1
        for g, c in zip(groups, key):
            n_layouts *= comb(g.size, c)
        out.append(WorldClass(key, weight, n_layouts))
    out.sort(key=lambda wc: (-sum(wc.west_counts), tuple(-c for c in wc.west_counts)))
    return tuple(out)


def declarer_choices(hand: int, barriers: list[int]) -> list[int]:
    """Lowest rank of each run of equivalent cards in ``hand`` (a rank field), high runs first.

    ``barriers`` are the ranks of cards that separate runs: outstanding cards still
    in play and defenders' cards on the current trick.
    """
    out: list[int] = []
    prev_run = None
    run_low = None
    for rank in ranks_of(hand):
        run = sum(1 for b in barriers if b > rank)
        if run != prev_run:
            if run_low is not None:
                out.append(run_low)
            prev_run = run
        run_low = rank
    if run_low is not None:
        out.append(run_low)
    return out
