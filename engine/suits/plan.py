"""A line of play as a plan tree: declarer's decisions and every defender reply that can follow.

Solvers return a strategy as a table (position, tricks won) -> move; a plan is
the same strategy unfolded from the first lead, keeping only what can happen
when declarer follows it: at each declarer node the card he plays, at each
defender node one branch per card the defender may play in some layout still
possible there.  Plans are what gets narrated, shown as JSON, and compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .evaluate import LineWalker
from .position import NORTH, SHOW_OUT, WEST, Position, SuitTable, move_rank, move_seat
from .model import rank_char

__all__ = ["PlanNode", "build_plan", "plan_to_json", "defender_card_text", "SEAT_NAMES"]

SEAT_NAMES = ("North", "East", "South", "West")


@dataclass(frozen=True)
class PlanNode:
    """One node of a plan: ``kind`` is ``"declarer"``, ``"defender"`` or ``"end"``.

    ``worlds`` is the bitmask of layouts still possible here; ``won`` the tricks
    declarer has so far; ``branches`` pairs each move with the node it leads to
    (exactly one pair at a declarer node, none at the end).
    """

    kind: str
    seat: int
    position: Position
    won: int
    worlds: int
    branches: tuple[tuple[int, "PlanNode"], ...]
    trick_won: bool | None = None  # for the first node of a trick: did declarer win the last one
    settled: bool = False  # below a point where the line's result was already settled (fallback play)


def build_plan(table: SuitTable, policy: Mapping | Callable[[Position, int], int],
               fallback: Callable[[Position, int], int] | None = None,
               cut: Callable[[Position, int], bool] | None = None) -> PlanNode:
    """Unfold ``policy`` from the opening lead into a plan tree (``fallback``/``cut`` as in
    :class:`~engine.suits.evaluate.LineWalker`)."""
    walker = LineWalker(table, policy, fallback, cut)

    def build(pos: Position, won: int, last: bool | None, free: bool = False) -> PlanNode:
        worlds = table.valid(pos)
        if table.terminal_future(pos) is not None:
            return PlanNode("end", NORTH, pos, won, worlds, (), last, free)
        seat = table.to_move(pos)
        if table.is_max(pos):
            move, free = walker.move(pos, won, free)
            child, _ = table.play(pos, move)
            return PlanNode("declarer", move_seat(move), pos, won, worlds,
                            ((move, build(child, won, None, free)),), last, free)
        branches = []
        for m, _ws in table.defender_moves(pos, worlds):
            child, w = table.play(pos, m)
            trick_done = not child[6]
            branches.append((m, build(child, won + w, bool(w) if trick_done else None, free)))
        return PlanNode("defender", seat, pos, won, worlds, tuple(branches), last, free)

    return build(table.root(), 0, None)


def defender_card_text(table: SuitTable, move: int) -> str:
    """A defender's card as shown to the user: ``-`` for a discard, else the group's cards."""
    if move == SHOW_OUT:
        return "-"
    return "".join(rank_char(r) for r in table.groups[move].ranks)


def plan_to_json(table: SuitTable, node: PlanNode, max_nodes: int = 4000) -> dict[str, Any]:
    """Nested JSON of a plan: ``{"play": "S:3", "then": {"W:low card": {...}}}`` style.

    Declarer nodes give ``play`` (hand letter and card); defender nodes map each
    possible card (``-`` = shows out; equivalent cards listed together) to what
    follows.  Very large plans are cut after ``max_nodes`` nodes (``"truncated": true``).
    """
    budget = [max_nodes]

    def enc(n: PlanNode) -> dict[str, Any]:
        budget[0] -= 1
        if budget[0] < 0:
            return {"truncated": True}
        if n.kind == "end":
            return {"end": True, "won": n.won}
        if n.kind == "declarer":
            move, child = n.branches[0]
            seat = "N" if move_seat(move) == NORTH else "S"
            out: dict[str, Any] = {"play": f"{seat}:{rank_char(move_rank(move))}"}
            out.update(enc(child) if child.kind != "end" else {"then": enc(child)})
            return out
        who = "W" if n.seat == WEST else "E"
        return {"replies": {f"{who}:{defender_card_text(table, m)}": enc(c) for m, c in n.branches}}

    return enc(node)

