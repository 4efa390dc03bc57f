"""Branching plans: a line of play as a player states it, trick by trick, with what to do when a
defender shows out or plays an honour.

A plan is a list of steps, one per trick, read in order::

    ["S:x N:T",                                   # lead low from South, play North's ten
     {"trick": "S:x N:Q", "then": {"W:-": []}}]   # then low to the queen; if West shows out, stop

A step is a string ``"LEAD [THIRD]"`` or an object with ``trick`` and optionally
``second`` and ``then``:

* ``LEAD`` is ``S:x`` (South's lowest card) or ``N:A`` (a card named by its rank);
  a card stands for its run of equal cards;
* ``THIRD`` (``N:T``) is third hand's card when second hand plays *below* it; when
  second hand plays above it, third hand beats that card as cheaply as it can (or
  plays low if it cannot); ``N:x`` is a low card whatever second hand plays (a
  duck).  Without ``THIRD`` third hand follows the obvious rule
  (low if partner is winning the trick, else the cheapest card that beats second
  hand's);
* ``second`` maps second hand's card to the card third hand then plays, whatever
  the rule above would say: ``{"W:K": "x", "W:-": "A"}``;
* ``then`` maps what the trick showed to the plan that follows *instead of* the
  rest of this list: the first condition that holds is taken; if none does, the
  list goes on.  ``[]`` means "from here on, the obvious continuation".

Conditions: ``W:K`` (West played the king, or a card equal to it), ``E:x`` (East
played a low card: one of the lowest outstanding cards still out), ``W:-`` (West
showed out), ``won`` / ``lost`` (declarer won / lost the trick), ``*`` (always);
a space means *and*, ``|`` means *or*: ``"W:x lost | E:-"``.

When the plan runs out, play goes on by the obvious continuation
(:mod:`.continuation`): cash winners (short hand first), else lead low toward the
high cards.  A plan is a :class:`~engine.suits.evaluate.Line`, so it is valued
exactly like any line; a step that cannot be carried out where play can reach it
(its card is gone) is a :class:`PlanError` naming the step.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Hashable

from .continuation import canonical_move, lowest_move, obvious_move, third_hand_move
from .evaluate import LineError
from .model import RANK_LETTERS, SuitProblemError
from .position import EAST, NORTH, SHOW_OUT, SOUTH, WEST, Position, SuitTable, move_rank

__all__ = ["PlanError", "Atom", "Condition", "Step", "Plan", "parse_plan", "plan_to_json", "PlanLine",
           "mirror_plan", "rename_cards", "condition_text", "card_token", "SEAT_LETTER"]

SEAT_LETTER = {NORTH: "N", EAST: "E", SOUTH: "S", WEST: "W"}
_SEAT_OF = {v: k for k, v in SEAT_LETTER.items()}
_MIRROR = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}


class PlanError(LineError, SuitProblemError):
    """A plan is malformed, or cannot be carried out where play can reach; the message names the step."""


# --- conditions ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Atom:
    """One fact about a trick: ``kind`` is ``"won"``, ``"lost"``, ``"card"`` (``seat`` played ``card``:
    a rank letter, ``x`` for a low card, ``-`` for showing out) or ``"any"``."""

    kind: str
    seat: int = -1
    card: str = ""

    def text(self) -> str:
        if self.kind == "card":
            return f"{SEAT_LETTER[self.seat]}:{self.card}"
        return "*" if self.kind == "any" else self.kind


Condition = tuple  # tuple[tuple[Atom, ...], ...]: alternatives (or) of conjunctions (and)


def condition_text(cond: Condition) -> str:
    return " | ".join(" ".join(a.text() for a in alt) for alt in cond)


def _card_letter(text: str, where: str) -> str:
    t = text.upper().replace("10", "T")
    if t == "X":
        return "x"
    if t == "-" or (len(t) == 1 and t in RANK_LETTERS):
        return t
    raise PlanError(f"{where}: {text!r} is not a card (a rank letter, x, or - for showing out)")


def _parse_condition(text: str, where: str) -> Condition:
    alts = []
    for alt in text.split("|"):
        atoms = []
        for tok in alt.split():
            low = tok.lower()
            if low in ("won", "lost"):
                atoms.append(Atom(low))
            elif tok == "*":
                atoms.append(Atom("any"))
            elif len(tok) >= 3 and tok[1] == ":" and tok[0].upper() in "WE":
                atoms.append(Atom("card", _SEAT_OF[tok[0].upper()], _card_letter(tok[2:], where)))
            else:
                raise PlanError(f"{where}: bad condition {tok!r} (use W:K, E:x, W:-, won, lost or *)")
        if not atoms:
            raise PlanError(f"{where}: empty condition in {text!r}")
        alts.append(tuple(atoms))
    return tuple(alts)


# --- steps -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One trick of a plan (see the module docstring)."""

    lead_seat: int
    lead: str  # rank letter or "x"
    third: str | None = None  # rank letter or "x"; None: the obvious rule
    second: tuple[tuple[Condition, str], ...] = ()
    then: tuple[tuple[Condition, "Plan"], ...] = ()

    @property
    def third_seat(self) -> int:
        return (self.lead_seat + 2) % 4

    @property
    def second_seat(self) -> int:
        return (self.lead_seat + 1) % 4

    def trick_text(self) -> str:
        lead = f"{SEAT_LETTER[self.lead_seat]}:{self.lead}"
        return lead if self.third is None else f"{lead} {SEAT_LETTER[self.third_seat]}:{self.third}"


Plan = tuple  # tuple[Step, ...]


def card_token(rank: int) -> str:
    return RANK_LETTERS[rank - 2]


def _parse_trick(text: str, where: str) -> tuple[int, str, str | None]:
    toks = str(text).split()
    if not 1 <= len(toks) <= 2:
        raise PlanError(f"{where}: {text!r} should be 'LEAD [THIRD]', e.g. 'S:x N:Q'")
    parsed = []
    for tok in toks:
        if len(tok) < 3 or tok[1] != ":" or tok[0].upper() not in "NS":
            raise PlanError(f"{where}: bad card {tok!r} in {text!r} (e.g. S:x, N:Q)")
        card = _card_letter(tok[2:], where)
        if card == "-":
            raise PlanError(f"{where}: {tok!r}: declarer always has a card to play here")
        parsed.append((_SEAT_OF[tok[0].upper()], card))
    lead_seat, lead = parsed[0]
    third = None
    if len(parsed) == 2:
        if parsed[1][0] == lead_seat:
            raise PlanError(f"{where}: in {text!r} third hand must be the other hand")
        third = parsed[1][1]
    return lead_seat, lead, third


def _parse_steps(raw: Any, where: str) -> Plan:
    if not isinstance(raw, list):
        raise PlanError(f"{where}: a plan is a list of steps")
    steps = []
    for i, item in enumerate(raw, start=1):
        at = f"{where} step {i}"
        if isinstance(item, str):
            seat, lead, third = _parse_trick(item, at)
            steps.append(Step(seat, lead, third))
            continue
        if not isinstance(item, dict) or "trick" not in item:
            raise PlanError(f"{at}: a step is 'LEAD [THIRD]' or an object with 'trick'")
        unknown = set(item) - {"trick", "second", "then"}
        if unknown:
            raise PlanError(f"{at}: unknown field(s) {', '.join(sorted(unknown))}")
        seat, lead, third = _parse_trick(item["trick"], at)
        second_seat = (seat + 1) % 4
        second = []
        for key, card in (item.get("second") or {}).items():
            cond = _parse_condition(key, at)
            for alt in cond:
                for a in alt:
                    if a.kind != "card" or a.seat != second_seat:
                        raise PlanError(f"{at}: 'second' keys name second hand's card ({SEAT_LETTER[second_seat]}:...), "
                                        f"not {a.text()!r}")
            c = _card_letter(str(card), at)
            if c == "-":
                raise PlanError(f"{at}: third hand cannot show out")
            second.append((cond, c))
        then = []
        for key, sub in (item.get("then") or {}).items():
            then.append((_parse_condition(key, at), _parse_steps(sub, f"{at} then {key!r}:")))
        steps.append(Step(seat, lead, third, tuple(second), tuple(then)))
    return tuple(steps)


def parse_plan(raw: Any) -> Plan:
    """A plan from its JSON form (a list of steps, or that list as a JSON string)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise PlanError(f"plan: not JSON ({exc.msg} at column {exc.colno})") from None
    return _parse_steps(raw, "plan")


def plan_to_json(plan: Plan) -> list:
    out: list = []
    for step in plan:
        if not step.second and not step.then:
            out.append(step.trick_text())
            continue
        item: dict[str, Any] = {"trick": step.trick_text()}
        if step.second:
            item["second"] = {condition_text(c): card for c, card in step.second}
        if step.then:
            item["then"] = {condition_text(c): plan_to_json(sub) for c, sub in step.then}
        out.append(item)
    return out


def rename_cards(plan: Plan, declarer: dict[tuple[int, int], int], defence: dict[int, int]) -> Plan:
    """The same plan for an equivalent holding whose cards have other ranks: ``declarer`` maps (seat,
    rank) of declarer's cards, ``defence`` the ranks of the missing cards (``x`` stays ``x``)."""
    def mine(seat: int, card: str) -> str:
        if card in ("x", "-"):
            return card
        return card_token(declarer[(seat, RANK_LETTERS.index(card) + 2)])

    def theirs(card: str) -> str:
        if card in ("x", "-"):
            return card
        return card_token(defence[RANK_LETTERS.index(card) + 2])

    def cond(c: Condition) -> Condition:
        return tuple(tuple(Atom(a.kind, a.seat, theirs(a.card)) if a.kind == "card" else a for a in alt) for alt in c)

    return tuple(Step(s.lead_seat, mine(s.lead_seat, s.lead), None if s.third is None else mine(s.third_seat, s.third),
                      tuple((cond(c), mine(s.third_seat, x)) for c, x in s.second),
                      tuple((cond(c), rename_cards(sub, declarer, defence)) for c, sub in s.then)) for s in plan)


def mirror_plan(plan: Plan) -> Plan:
    """The same plan with North and South (and so West and East) swapped."""
    def cond(c: Condition) -> Condition:
        return tuple(tuple(Atom(a.kind, _MIRROR.get(a.seat, a.seat), a.card) for a in alt) for alt in c)

    return tuple(Step(_MIRROR[s.lead_seat], s.lead, s.third, tuple((cond(c), x) for c, x in s.second),
                      tuple((cond(c), mirror_plan(sub)) for c, sub in s.then)) for s in plan)


# --- carrying a plan out ------------------------------------------------------------------------------------
def _rank_of(table: SuitTable, pos: Position, seat: int, card: str, where: str) -> int:
    """The rank standing for ``card`` in ``seat``'s hand: the card itself, or, once it has been played
    (the engine plays the lowest of equal cards), a card still equal to it (no outstanding card in play
    lies between them)."""
    hand = pos[0] if seat == NORTH else pos[1]
    name = "North" if seat == NORTH else "South"
    if not hand:
        raise PlanError(f"{where}: {name} has no card left")
    if card == "x":
        return (hand & -hand).bit_length() + 1
    rank = RANK_LETTERS.index(card) + 2
    if hand >> (rank - 2) & 1:
        return rank
    barriers = table.barriers(pos)
    run = sum(1 for b in barriers if b > rank)
    equal = [r for r in range(14, 1, -1) if hand >> (r - 2) & 1 and sum(1 for b in barriers if b > r) == run]
    if not equal:
        raise PlanError(f"{where}: {name} no longer holds the {card} or a card equal to it")
    return equal[0]


def _matches(alt: tuple[Atom, ...], obs: tuple, won: bool, table: SuitTable) -> bool:
    low_group = obs[1]
    seen = {seat: move for seat, move in obs[2:]}
    for a in alt:
        if a.kind == "any":
            continue
        if a.kind == "won":
            if not won:
                return False
        elif a.kind == "lost":
            if won:
                return False
        else:
            move = seen.get(a.seat)
            if move is None:
                return False
            if a.card == "-":
                if move != SHOW_OUT:
                    return False
            elif move == SHOW_OUT:
                return False
            elif a.card == "x":
                if move != low_group:
                    return False
            elif RANK_LETTERS.index(a.card) + 2 not in table.groups[move].ranks:
                return False
    return True


def _holds(cond: Condition, obs: tuple, won: bool, table: SuitTable) -> bool:
    return any(_matches(alt, obs, won, table) for alt in cond)


@dataclass
class PlanLine:
    """A plan as a :class:`~engine.suits.evaluate.Line`.

    The cursor is ``(list, index, observed)``: which list of steps is being
    followed (``-1`` once the plan has run out), the step, and what the current
    trick has shown so far (tricks won at its lead, the lowest outstanding group
    then, and each defender's card).
    """

    plan: Plan
    lists: list = field(init=False, repr=False)
    labels: list = field(init=False, repr=False)
    jumps: dict = field(init=False, repr=False)  # (list, index) -> ((condition, list or -1), ...)

    def __post_init__(self) -> None:
        self.lists, self.labels, self.jumps = [], [], {}

        def register(steps: Plan, label: str) -> int:
            if not steps:
                return -1
            lid = len(self.lists)
            self.lists.append(steps)
            self.labels.append(label)
            for i, step in enumerate(steps):
                self.jumps[(lid, i)] = tuple(
                    (cond, register(sub, f"{label} step {i + 1}, then {condition_text(cond)!r}:"))
                    for cond, sub in step.then)
            return lid

        if register(self.plan, "plan") < 0:
            self.lists.append(())
            self.labels.append("plan")

    def _step(self, cursor: tuple) -> Step | None:
        lid, index, _ = cursor
        if lid < 0 or index >= len(self.lists[lid]):
            return None
        return self.lists[lid][index]

    def _where(self, cursor: tuple) -> str:
        return f"{self.labels[cursor[0]]} step {cursor[1] + 1}"

    def start(self, table: SuitTable) -> tuple:
        return (0, 0, ()) if self.plan else (-1, 0, ())

    def choose(self, table: SuitTable, cursor: Hashable, pos: Position, won: int) -> int:
        step = self._step(cursor)  # type: ignore[arg-type]
        if step is None:
            return obvious_move(table, pos, won)
        where = self._where(cursor)  # type: ignore[arg-type]
        trick = pos[6]
        if not trick:
            rank = _rank_of(table, pos, step.lead_seat, step.lead, where)
            move = canonical_move(table, pos, step.lead_seat, rank)
            if move is None:  # pragma: no cover - a held card always has a canonical move at a lead
                raise PlanError(f"{where}: cannot lead the {step.lead}")
            return move
        if trick[0] != step.lead_seat:  # pragma: no cover - the cursor follows the plan's own leads
            raise PlanError(f"{where}: the trick was led from the other hand")
        obs = cursor[2]  # type: ignore[index]
        for cond, override in step.second:
            if _holds(cond, obs, False, table):  # exactly this card
                rank = _rank_of(table, pos, step.third_seat, override, where)
                move = canonical_move(table, pos, step.third_seat, rank)
                assert move is not None
                return move
        card = step.third
        if card is None:
            return third_hand_move(table, pos)
        rank = _rank_of(table, pos, step.third_seat, card, where)
        if card == "x":  # low, whatever second hand played
            move = lowest_move(table, pos, step.third_seat)
            assert move is not None
            return move
        return third_hand_move(table, pos, rank)

    def advance(self, table: SuitTable, cursor: Hashable, pos: Position, move: int, child: Position,
                won: int) -> tuple:
        lid, index, obs = cursor  # type: ignore[misc]
        if lid < 0:
            return cursor  # type: ignore[return-value]
        if not pos[6]:  # the lead: remember the tricks so far and which outstanding cards are low
            live = [g for g, size in enumerate(table.sizes) if pos[2][g] + pos[3][g] < size]
            return (lid, index, (won, live[-1] if live else -2))
        if table.is_max(pos):
            return cursor  # type: ignore[return-value]
        seat = table.to_move(pos)
        obs = obs + ((seat, move),)
        if child[6]:
            return (lid, index, obs)
        trick_won = won > obs[0]
        for cond, target in self.jumps[(lid, index)]:
            if _holds(cond, obs, trick_won, table):
                return (target, 0, ())
        nxt = index + 1
        return (lid, nxt, ()) if nxt < len(self.lists[lid]) else (-1, 0, ())
