"""Plans in bridge words: "Lead low from South; if West plays low, finesse the queen; ...".

Each trick is told from declarer's chair: the lead, then for each card the
second hand may play, what third hand does (win, finesse, duck, cover), then
what happens after the fourth hand's card.  Replies that lead to the same
continuation are told together.  Deep plans are narrated for the first few
tricks; the JSON plan tree always holds the whole line.
"""

from __future__ import annotations

from .evaluate import LineWalker
from .model import holding_str, rank_char
from .plan import PlanNode
from .position import NORTH, SHOW_OUT, SOUTH, Position, SuitTable, move_rank, move_seat

__all__ = ["narrate", "card_word", "position_text"]

_WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven",
          6: "six", 5: "five", 4: "four", 3: "three", 2: "two"}
_SEAT = ("North", "East", "South", "West")


def card_word(rank: int) -> str:
    return _WORDS[rank]


def _declarer_card(table: SuitTable, pos: Position, seat: int, rank: int) -> str:
    """'the nine' or, when equal cards sit with it in the same hand, 'the nine (or eight)'."""
    hand = pos[0] if seat == NORTH else pos[1]
    hand |= 1 << (rank - 2)  # the card may already be on the trick
    barriers = table.barriers(pos)
    side = sum(1 for b in barriers if b > rank)
    equals = [r for r in range(14, 1, -1) if hand >> (r - 2) & 1 and sum(1 for b in barriers if b > r) == side]
    top = equals[0]
    if len(equals) == 1:
        return f"the {card_word(top)}"
    return f"the {card_word(top)} (or {' or '.join(card_word(r) for r in equals[1:])})" if len(equals) <= 3 \
        else f"the {card_word(top)} (or an equal card)"


def position_text(table: SuitTable, pos: Position) -> str:
    """Compact label of a position: hands, cards shown by the defence, current trick."""
    shown_w = "".join(rank_char(g.top) * c for g, c in zip(table.groups, pos[2]))
    shown_e = "".join(rank_char(g.top) * c for g, c in zip(table.groups, pos[3]))
    trick = ",".join(rank_char(p) if p else "-" for p in pos[6][1:])
    lead = _SEAT[pos[6][0]][0] if pos[6] else ""
    return f"N {holding_str(pos[0])} S {holding_str(pos[1])} W+{shown_w or '0'} E+{shown_e or '0'} {lead}[{trick}]"


def _live(table: SuitTable, pos: Position) -> list[int]:
    return [g for g, grp in enumerate(table.groups) if pos[2][g] + pos[3][g] < grp.size]


def _defender_card(table: SuitTable, pos: Position, move: int) -> str:
    """'plays low', 'plays the king', 'plays the king or queen', 'plays a card from the jack down to the six'."""
    if move == SHOW_OUT:
        return "shows out"
    grp = table.groups[move]
    live = _live(table, pos)
    if grp.top < 10 and live and move == live[-1]:
        return "plays low"
    if grp.size == 1:
        return f"plays the {card_word(grp.top)}"
    if grp.size == 2:
        return f"plays the {card_word(grp.top)} or {card_word(grp.bottom)}"
    return f"plays a card from the {card_word(grp.top)} down to the {card_word(grp.bottom)}"


def _lead_phrase(table: SuitTable, pos: Position, move: int) -> str:
    seat, rank = move_seat(move), move_rank(move)
    hand = _SEAT[seat]
    other = _SEAT[(seat + 2) % 4]
    live = _live(table, pos)
    tops = [table.groups[g].top for g in live]
    bottoms = [table.groups[g].bottom for g in live]
    if not tops or rank > max(tops):
        return f"cash {_declarer_card(table, pos, seat, rank)} from {hand}"
    if rank < min(bottoms):
        partner = pos[0] if seat == SOUTH else pos[1]
        return f"lead low from {hand} toward {other}" if partner else f"lead low from {hand}"
    return f"lead {_declarer_card(table, pos, seat, rank)} from {hand}"


def _third_phrase(table: SuitTable, pos: Position, move: int) -> str:
    """Third hand's card, judged against the cards already on the trick and the live ones."""
    trick = pos[6]
    rank = move_rank(move)
    name = _declarer_card(table, pos, move_seat(move), rank)
    current = max(trick[1], trick[2])
    partner_winning = trick[1] > trick[2]
    live = _live(table, pos)
    higher_live = [table.groups[g].top for g in live if table.groups[g].top > rank]
    if rank < current:
        return "play low" if partner_winning else "play low (duck)"
    if partner_winning and trick[2] == 0:
        return f"play {name}"
    if not higher_live:
        return f"win with {name}" if trick[2] else f"play {name}"
    if partner_winning:
        return f"overtake with {name}"
    return f"finesse {name}"


def _outcome(table: SuitTable, node: PlanNode, move: int) -> str:
    """What declarer sees after the fourth hand's card."""
    who = _SEAT[node.seat]
    pos = node.position
    if move == SHOW_OUT:
        return f"{who} shows out"
    child_won = None
    for m, c in node.branches:
        if m == move:
            child_won = c.trick_won
    card = _defender_card(table, pos, move).replace("plays ", "")
    if child_won:
        return f"{who} follows with {card}" if card != "low" else f"{who} follows low"
    return f"{who} wins with {card}" if card != "low" else f"{who} wins"


def _nest(text: str) -> str:
    """Bracket a continuation that itself branches, so the reader sees where it ends."""
    return f"({text})" if "; " in text else text


def _join(parts: list[str]) -> str:
    return "; ".join(p for p in parts if p)


class _Narrator:
    """Tells a plan trick by trick, skipping branches whose result is already settled."""

    def __init__(self, table: SuitTable, walker: LineWalker | None, target: int | None, limit: int) -> None:
        self.table = table
        self.walker = walker
        self.target = target
        self.limit = limit

    def settled(self, node: PlanNode) -> bool:
        """True when the line's result no longer depends on the layout (made, or lost, everywhere)."""
        if self.walker is None:
            return False
        if node.settled and self.target is not None:
            return True
        results = {x if self.target is None else x >= self.target
                   for x in self.walker.walk(node.position, node.won, node.settled) if x is not None}
        return len(results) <= 1

    def trick(self, node: PlanNode, depth: int) -> str:
        """Narrate from a lead node (or an end node)."""
        if node.kind == "end" or (depth > 0 and self.settled(node)):
            return ""
        if depth >= self.limit:
            return "continue as the plan tree shows"
        move, second = node.branches[0]
        lead = _lead_phrase(self.table, node.position, move)
        if second.kind != "defender":
            return lead
        cashing = lead.startswith("cash")
        groups: dict[str, list[str]] = {}
        for m, after in second.branches:
            cond = f"{_SEAT[second.seat]} {_defender_card(self.table, second.position, m)}"
            groups.setdefault(self.after_second(after, depth, cashing), []).append(cond)
        if len(groups) == 1:
            (text,) = groups
            return _join([lead, text])
        parts = [f"if {' or '.join(conds)}, {_nest(text)}" for text, conds in groups.items() if text]
        return _join([lead] + parts)

    def after_second(self, node: PlanNode, depth: int, cashing: bool) -> str:
        """From third hand's decision (or a fourth-hand node when third hand discarded)."""
        third = ""
        fourth = node
        if node.kind == "declarer":
            move, fourth = node.branches[0]
            third = _third_phrase(self.table, node.position, move)
            if cashing and third.startswith("play low"):
                third = ""
        if fourth.kind != "defender":
            return third
        groups: dict[str, list[str]] = {}
        for m, nxt in fourth.branches:
            groups.setdefault(self.trick(nxt, depth + 1), []).append(_outcome(self.table, fourth, m))
        if len(groups) == 1:
            (text,) = groups
            return _join([third, f"then {text}" if text else ""])
        parts = [f"if {' or '.join(conds)}, {_nest(text)}" for text, conds in groups.items() if text]
        return _join([third] + parts)


def narrate(table: SuitTable, plan: PlanNode, walker: LineWalker | None = None, target: int | None = None,
            tricks: int = 4) -> str:
    """The line in words for the first ``tricks`` tricks (deeper play: see the plan tree).

    With ``walker`` (the line's per-world results) branches where the outcome is
    already settled are left out, so the words dwell on the decisions that matter.
    """
    text = _Narrator(table, walker, target, tricks).trick(plan, 0)
    if not text:
        return "Nothing to decide: the result is the same however the cards are played."
    return text[0].upper() + text[1:] + "."
