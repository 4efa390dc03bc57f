"""A line unfolded into a tree: declarer's decisions and every defender reply that can follow.

A line (:class:`~engine.suits.evaluate.Line`) gives declarer's move wherever play
can get to; its tree starts at the first lead and keeps only what can happen when
declarer follows it: at each declarer node the card he plays, at each defender
node one branch per card the defender may play in some layout still possible
there.  Trees are what the plan compiler reads (:mod:`.plan_compile`) and what
the CLI prints as ``strategy``.  The tree is built with the very walker that values
the line, so the two always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from .evaluate import Line, LineWalker, Policy
from .model import rank_char
from .position import NORTH, SHOW_OUT, WEST, Position, SuitTable, move_rank, move_seat

__all__ = ["LineNode", "build_tree", "tree_to_json", "defender_card_text", "SEAT_NAMES"]

SEAT_NAMES = ("North", "East", "South", "West")


@dataclass(frozen=True)
class LineNode:
    """One node of a line's tree: ``kind`` is ``"declarer"``, ``"defender"`` or ``"end"``.

    ``worlds`` is the bitmask of layouts still possible here; ``won`` the tricks
    declarer has so far; ``cursor`` what the line remembers here; ``branches`` pairs
    each move with the node it leads to (exactly one pair at a declarer node, none
    at the end).
    """

    kind: str
    seat: int
    position: Position
    won: int
    worlds: int
    cursor: Hashable
    branches: tuple[tuple[int, "LineNode"], ...]
    trick_won: bool | None = None  # for the first node of a trick: did declarer win the last one


def build_tree(table: SuitTable, line: Line | Policy, walker: LineWalker | None = None) -> LineNode:
    """Unfold ``line`` from the opening lead (``walker``: one already walking this line)."""
    walker = walker if walker is not None else LineWalker(table, line)
    memo: dict = {}

    def build(pos: Position, won: int, cursor: Hashable, last: bool | None) -> LineNode:
        key = (pos, won, cursor, last)
        hit = memo.get(key)
        if hit is not None:
            return hit
        worlds = table.valid(pos)
        if table.terminal_future(pos) is not None:
            node = LineNode("end", NORTH, pos, won, worlds, cursor, (), last)
        elif table.is_max(pos):
            move = walker.move(pos, won, cursor)
            child, _ = table.play(pos, move)
            node = LineNode("declarer", move_seat(move), pos, won, worlds, cursor,
                            ((move, build(child, won, walker.advance(cursor, pos, move, child, won), None)),), last)
        else:
            branches = []
            for m, _ws in table.defender_moves(pos, worlds):
                child, w = table.play(pos, m)
                trick_done = not child[6]
                branches.append((m, build(child, won + w, walker.advance(cursor, pos, m, child, won + w),
                                          bool(w) if trick_done else None)))
            node = LineNode("defender", table.to_move(pos), pos, won, worlds, cursor, tuple(branches), last)
        memo[key] = node
        return node

    return build(table.root(), 0, walker.start(), None)


def defender_card_text(table: SuitTable, move: int) -> str:
    """A defender's card as shown to the user: ``-`` for a discard, else the group's cards."""
    if move == SHOW_OUT:
        return "-"
    return "".join(rank_char(r) for r in table.groups[move].ranks)


def tree_to_json(table: SuitTable, node: LineNode, max_nodes: int = 4000) -> dict[str, Any]:
    """Nested JSON of a line's tree: ``{"play": "S:3", "then": {"W:low card": {...}}}`` style.

    Declarer nodes give ``play`` (hand letter and card); defender nodes map each
    possible card (``-`` = shows out; equivalent cards listed together) to what
    follows.  Very large trees are cut after ``max_nodes`` nodes (``"truncated": true``);
    the line's plan (:mod:`.plan`) is the complete, compact form.
    """
    budget = [max_nodes]

    def enc(n: LineNode) -> dict[str, Any]:
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
