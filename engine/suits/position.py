"""The play of one suit as a compact game: positions, moves and world sets.

A *position* is what declarer sees: his remaining cards, how many cards of each
outstanding group each defender has shown, whether each has shown out, and the
cards on the current trick.  It is a plain tuple so that solvers can key tables
on it::

    (north, south, west_played, east_played, west_out, east_out, trick, tricks_played)

``north``/``south`` are rank fields; ``*_played`` are per-group counts; ``trick``
is ``()`` at a lead, else ``(leader, power, ...)`` with one power per card played
(declarer's rank, a defender group's top rank, or 0 for a discard).

Worlds are the :class:`~engine.suits.equivalence.WorldClass` es of the problem;
a set of worlds is an int bitmask.  Declarer moves are ``(seat << 4) | rank``;
defender moves are a group index or :data:`SHOW_OUT`.  Declarer leads from
either hand at every trick; a void third hand discards automatically; the play
ends when North and South are both out of the suit, and earlier when the rest
of the play cannot matter (every remaining declarer card is a winner, or every
one is a loser).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .equivalence import Group, WorldClass, declarer_choices, outstanding_groups, world_classes
from .model import SuitProblem, holding_str, rank_char

__all__ = [
    "NORTH", "EAST", "SOUTH", "WEST", "SHOW_OUT", "Position", "SuitTable",
    "move_seat", "move_rank", "declarer_move", "position_text",
]

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
SHOW_OUT = -1
Position = tuple


def declarer_move(seat: int, rank: int) -> int:
    return (seat << 4) | rank


def move_seat(move: int) -> int:
    return move >> 4


def move_rank(move: int) -> int:
    return move & 15


def _top(field: int) -> int:
    return field.bit_length() + 1


def _bottom(field: int) -> int:
    return (field & -field).bit_length() + 1


@dataclass(frozen=True)
class SuitTable:
    """A problem compiled for search: groups, worlds, weights and world-set tables."""

    problem: SuitProblem
    merge: bool = True  # merge equivalent outstanding cards into groups (False: one world per layout)
    groups: tuple[Group, ...] = field(init=False)
    worlds: tuple[WorldClass, ...] = field(init=False)
    sizes: tuple[int, ...] = field(init=False, repr=False)  # group sizes, for the hot loops
    tops: tuple[int, ...] = field(init=False, repr=False)  # group top ranks (a group's trick-taking power)
    _valid_cache: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups = outstanding_groups(self.problem, self.merge)
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "worlds", world_classes(self.problem, groups))
        object.__setattr__(self, "_valid_cache", {})
        object.__setattr__(self, "sizes", tuple(g.size for g in groups))
        object.__setattr__(self, "tops", tuple(g.top for g in groups))

    # --- worlds -------------------------------------------------------------
    @property
    def n_worlds(self) -> int:
        return len(self.worlds)

    @cached_property
    def weights(self) -> tuple[float, ...]:
        return tuple(w.weight for w in self.worlds)

    @cached_property
    def all_worlds(self) -> int:
        return (1 << len(self.worlds)) - 1

    @cached_property
    def _count_sets(self) -> tuple:
        """For group g and count c: worlds where West has >= c, East has >= c, West has exactly c,
        East has exactly c cards of g."""
        wge, ege, weq, eeq = [], [], [], []
        for g, grp in enumerate(self.groups):
            rows = [[0] * (grp.size + 2) for _ in range(4)]
            for i, wc in enumerate(self.worlds):
                w = wc.west_counts[g]
                e = grp.size - w
                bit = 1 << i
                for c in range(grp.size + 1):
                    if w >= c:
                        rows[0][c] |= bit
                    if e >= c:
                        rows[1][c] |= bit
                rows[2][w] |= bit
                rows[3][e] |= bit
            for store, row in zip((wge, ege, weq, eeq), rows):
                store.append(tuple(row))
        return tuple(wge), tuple(ege), tuple(weq), tuple(eeq)

    def valid(self, pos: Position) -> int:
        """Worlds consistent with what the defenders have shown so far."""
        key = (pos[2], pos[3], pos[4], pos[5])
        cache = self._valid_cache
        hit = cache.get(key)
        if hit is not None:
            return hit
        wge, ege, weq, eeq = self._count_sets
        v = self.all_worlds
        for g, (pw, pe) in enumerate(zip(pos[2], pos[3])):
            v &= wge[g][pw] & ege[g][pe]
            if pos[4]:
                v &= weq[g][pw]
            if pos[5]:
                v &= eeq[g][pe]
        cache[key] = v
        return v

    def remaining(self, pos: Position, world: int) -> tuple[int, int]:
        """Cards West and East still hold in ``world``."""
        counts = self.worlds[world].west_counts
        west = sum(counts) - sum(pos[2])
        east = sum(g.size for g in self.groups) - sum(counts) - sum(pos[3])
        return west, east

    # --- positions ------------------------------------------------------------
    def root(self) -> Position:
        zeros = (0,) * len(self.groups)
        return (self.problem.north, self.problem.south, zeros, zeros, False, False, (), 0)

    @staticmethod
    def to_move(pos: Position) -> int:
        """Seat to play next (at a lead: NORTH, meaning declarer)."""
        trick = pos[6]
        if not trick:
            return NORTH
        return (trick[0] + len(trick) - 1) % 4

    @staticmethod
    def is_max(pos: Position) -> bool:
        """Declarer to move: a lead, or third hand."""
        return len(pos[6]) in (0, 3)

    def _live_groups(self, pos: Position) -> list[int]:
        wp, ep = pos[2], pos[3]
        return [g for g, size in enumerate(self.sizes) if wp[g] + ep[g] < size]

    def terminal_future(self, pos: Position) -> int | str | None:
        """At a lead: ``None`` if play goes on; an int if declarer's remaining tricks are the same
        in every world; ``"losers"`` if every declarer card loses to every live outstanding card
        (then the count depends on the world, see :meth:`future_in_world`)."""
        if pos[6]:
            return None
        north, south = pos[0], pos[1]
        if not (north | south):
            return 0
        left = max(north.bit_count(), south.bit_count())
        live = self._live_groups(pos)
        if not live:
            return left
        both = north | south
        if _bottom(both) > self.groups[live[0]].top:
            return left
        if _top(both) < self.groups[live[-1]].bottom:
            return "losers"
        return None

    def future_in_world(self, pos: Position, world: int, kind: int | str) -> int:
        """Declarer's remaining tricks at a terminal lead ``pos`` in ``world``."""
        if kind != "losers":
            return int(kind)
        left = max(pos[0].bit_count(), pos[1].bit_count())
        west, east = self.remaining(pos, world)
        return left - min(left, max(west, east))

    def barriers(self, pos: Position) -> list[int]:
        """Ranks that separate declarer's equivalent cards: live groups and defenders' cards on the trick."""
        tops = self.tops
        out = [tops[g] for g in self._live_groups(pos)]
        trick = pos[6]
        if len(trick) >= 3 and trick[2]:
            out.append(trick[2])
        return out

    def declarer_moves(self, pos: Position) -> list[int]:
        trick = pos[6]
        barriers = self.barriers(pos)
        if not trick:
            moves = []
            for seat, hand in ((SOUTH, pos[1]), (NORTH, pos[0])):
                moves += [declarer_move(seat, r) for r in declarer_choices(hand, barriers)]
            return moves
        leader = trick[0]
        seat = (leader + 2) % 4
        hand = pos[0] if seat == NORTH else pos[1]
        return [declarer_move(seat, r) for r in declarer_choices(hand, barriers)]

    def defender_moves(self, pos: Position, worlds: int) -> list[tuple[int, int]]:
        """(move, worlds where it is legal) for the defender to play, legal somewhere in ``worlds``."""
        trick = pos[6]
        seat = (trick[0] + len(trick) - 1) % 4
        wge, ege, weq, eeq = self._count_sets
        west = seat == WEST
        played = pos[2] if west else pos[3]
        ge = wge if west else ege
        out = []
        void = worlds
        eq = weq if west else eeq
        for g, size in enumerate(self.sizes):
            c = played[g]
            if c < size:
                ws = worlds & ge[g][c + 1]
                if ws:
                    out.append((g, ws))
            void &= eq[g][c]
        if void:
            out.append((SHOW_OUT, void))
        return out

    def play(self, pos: Position, move: int) -> tuple[Position, int]:
        """The position after ``move`` and the tricks declarer won by it (0 or 1)."""
        north, south, wp, ep, wout, eout, trick, done = pos
        if not trick:
            seat, rank = move_seat(move), move_rank(move)
            if seat == NORTH:
                north &= ~(1 << (rank - 2))
            else:
                south &= ~(1 << (rank - 2))
            return (north, south, wp, ep, wout, eout, (seat, rank), done), 0
        leader = trick[0]
        seat = (leader + len(trick) - 1) % 4
        if seat in (NORTH, SOUTH):
            rank = move_rank(move)
            if seat == NORTH:
                north &= ~(1 << (rank - 2))
            else:
                south &= ~(1 << (rank - 2))
            trick = trick + (rank,)
        else:
            if move == SHOW_OUT:
                power = 0
                if seat == WEST:
                    wout = True
                else:
                    eout = True
            else:
                power = self.tops[move]
                if seat == WEST:
                    wp = wp[:move] + (wp[move] + 1,) + wp[move + 1:]
                else:
                    ep = ep[:move] + (ep[move] + 1,) + ep[move + 1:]
            trick = trick + (power,)
            if len(trick) == 3:  # second hand played; a void third hand discards at once
                partner = north if leader == SOUTH else south
                if not partner:
                    trick = trick + (0,)
        if len(trick) < 5:
            return (north, south, wp, ep, wout, eout, trick, done), 0
        # trick complete: powers in seat order leader, +1, +2, +3; declarer holds leader and +2
        declarer_best = trick[1] if trick[1] > trick[3] else trick[3]
        won = 1 if declarer_best > trick[2] and declarer_best > trick[4] else 0
        return (north, south, wp, ep, wout, eout, (), done + 1), won


def position_text(table: SuitTable, pos: Position) -> str:
    """Compact label of a position: hands, cards shown by the defence, current trick."""
    shown_w = "".join(rank_char(g.top) * c for g, c in zip(table.groups, pos[2]))
    shown_e = "".join(rank_char(g.top) * c for g, c in zip(table.groups, pos[3]))
    trick = ",".join(rank_char(p) if p else "-" for p in pos[6][1:])
    lead = "NESW"[pos[6][0]] if pos[6] else ""
    return f"N {holding_str(pos[0])} S {holding_str(pos[1])} W+{shown_w or '0'} E+{shown_e or '0'} {lead}[{trick}]"
