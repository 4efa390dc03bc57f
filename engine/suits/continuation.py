"""The obvious continuation: how declarer plays where a line says nothing more.

Plans (:mod:`.plan`) state the decisions that matter and stop; searches on a trick
target stop where the result is settled.  Below those points play follows this one
plain rule, so that every line is complete and is valued as a whole:

* **lead**: if some card of declarer's beats every outstanding card still in play,
  cash one, from the shorter hand first (unblocking), its lowest winner; otherwise
  lead low toward the hand with declarer's highest card (with one hand left, lead
  its highest card, to drive out the defenders' higher ones);
* **third hand**: if partner's card is winning the trick, play low; otherwise beat
  second hand's card as cheaply as possible, or play low if nothing beats it;
* **a known layout**: once the cards shown leave one layout possible (a defender
  has shown out, say), declarer can count the suit and plays the card that takes
  the most tricks in it (the rule above when it does as well).

It uses only what declarer sees.  The same third-hand rule, with a card named
("play the ten"), is what a plan step means: the card when second hand plays below
it, else the cheapest card that beats second hand's (see :func:`third_hand_move`).
"""

from __future__ import annotations

from .position import NORTH, SOUTH, Position, SuitTable, declarer_move, move_rank, move_seat

__all__ = ["obvious_move", "obvious_lead", "third_hand_move", "canonical_move", "lowest_move", "hand_of",
           "DoubleDummy", "double_dummy"]


def hand_of(pos: Position, seat: int) -> int:
    return pos[0] if seat == NORTH else pos[1]


def canonical_move(table: SuitTable, pos: Position, seat: int, rank: int) -> int | None:
    """The engine's move standing for ``rank`` in ``seat``'s hand (the lowest card of its run of
    equal cards), or ``None`` when the hand does not hold ``rank`` or may not play now."""
    if not hand_of(pos, seat) >> (rank - 2) & 1:
        return None
    barriers = table.barriers(pos)
    run = sum(1 for b in barriers if b > rank)
    for m in table.declarer_moves(pos):
        if move_seat(m) == seat and sum(1 for b in barriers if b > move_rank(m)) == run:
            return m
    return None


def lowest_move(table: SuitTable, pos: Position, seat: int) -> int | None:
    """``seat``'s lowest card as a move (``None`` if void or not to play)."""
    mine = [m for m in table.declarer_moves(pos) if move_seat(m) == seat]
    return min(mine, key=move_rank) if mine else None


def _live_top(table: SuitTable, pos: Position) -> int:
    tops = [table.tops[g] for g, size in enumerate(table.sizes) if pos[2][g] + pos[3][g] < size]
    return max(tops, default=0)


def obvious_lead(table: SuitTable, pos: Position) -> int:
    moves = table.declarer_moves(pos)
    live_top = _live_top(table, pos)
    winners = [m for m in moves if move_rank(m) > live_top]
    if winners:
        length = {NORTH: pos[0].bit_count(), SOUTH: pos[1].bit_count()}
        seats = {move_seat(m) for m in winners}
        seat = min(seats, key=lambda s: (length[s], s != NORTH))
        return min((m for m in winners if move_seat(m) == seat), key=move_rank)
    north_top, south_top = pos[0].bit_length(), pos[1].bit_length()
    toward = NORTH if north_top > south_top else SOUTH
    lead_from = SOUTH if toward == NORTH else NORTH
    if not hand_of(pos, lead_from):  # one hand left: lead from the top, to drive out the defenders' cards
        return max((m for m in moves if move_seat(m) == toward), key=move_rank)
    move = lowest_move(table, pos, lead_from)
    assert move is not None
    return move


def third_hand_move(table: SuitTable, pos: Position, card: int | None = None) -> int:
    """Third hand's card: ``card`` (a rank of third hand's, or ``None`` for the obvious rule) when
    second hand's card is below it; otherwise the cheapest card beating second hand's, else low.

    With no card named, partner's winning card is left to win (third hand plays low)."""
    trick = pos[6]
    seat = (trick[0] + 2) % 4
    moves = [m for m in table.declarer_moves(pos) if move_seat(m) == seat]
    lead, second = trick[1], trick[2]
    low = min(moves, key=move_rank)
    if card is not None and card > second:
        move = canonical_move(table, pos, seat, card)
        if move is None:
            raise ValueError(f"{'North' if seat == NORTH else 'South'} cannot play rank {card} here")
        return move
    if card is None and lead > second:
        return low
    beating = [m for m in moves if move_rank(m) > second]
    return min(beating, key=move_rank) if beating else low


def obvious_move(table: SuitTable, pos: Position, won: int = 0) -> int:
    """The obvious continuation's move at any declarer position (``won`` is ignored: the rule
    looks at the cards only)."""
    plain = obvious_lead(table, pos) if not pos[6] else third_hand_move(table, pos)
    valid = table.valid(pos)
    if valid & (valid - 1):
        return plain
    world = valid.bit_length() - 1  # the only layout left: play it double dummy
    dd = double_dummy(table)
    best = dd.after(pos, plain, world)
    for m in table.declarer_moves(pos):
        value = dd.after(pos, m, world)
        if value > best:
            plain, best = m, value
    return plain


def double_dummy(table: SuitTable) -> "DoubleDummy":
    """The table's double-dummy values (one memo per table)."""
    dd = table.__dict__.get("_double_dummy")
    if dd is None:
        dd = DoubleDummy(table)
        object.__setattr__(table, "_double_dummy", dd)
    return dd


class DoubleDummy:
    """Declarer's best future tricks from a position when everyone sees the world (memoised)."""

    def __init__(self, table: SuitTable) -> None:
        self.table = table
        self._memo: dict = {}

    def future(self, pos: Position, world: int) -> int:
        key = (pos, world)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        t = self.table
        kind = t.terminal_future(pos)
        if kind is not None:
            value = t.future_in_world(pos, world, kind)
        elif t.is_max(pos):
            value = -1
            for m in t.declarer_moves(pos):
                child, _ = t.play(pos, m)
                value = max(value, self.future(child, world))
        else:
            value = 99
            for m, _ws in t.defender_moves(pos, 1 << world):
                child, w = t.play(pos, m)
                value = min(value, w + self.future(child, world))
        self._memo[key] = value
        return value

    def after(self, pos: Position, move: int, world: int) -> int:
        """Declarer's tricks from ``pos`` on (this trick's included) after his ``move``, in ``world``."""
        child, won = self.table.play(pos, move)
        return won + self.future(child, world)
