"""``tenace-cli analyse``: every legal card of a bridge position valued by PIMC or αμ over given worlds.

Each input line is one JSON object::

    {"worlds": ["N:... ... ... ...", ...], "trump": "NT", "leader": "W", "trick": ["HK"],
     "declarer": "S", "target": 9}

``worlds`` are trick-start deals (the trick's cards still in the hands), all
agreeing on the hands the player to move can see; ``target`` is the tricks
declarer's side still needs, counting this trick.  Output per line:
``{"cards": {"SA": {"p_make": ..., "expected_tricks": ...}, ...}, "best": "SA"}``
— from declarer's side, expected tricks counted from the current trick on.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from ..analysis.bridge import Algorithm, AnalysisBudget, BridgePosition, analyse_position
from ..bridge.contract import Strain
from ..core.bounds import Bounds
from ..core.cards import card_str, parse_card
from ..core.deal import Deal
from ..core.seats import Seat
from .inputs import InputError, Record, input_lines, load_json, located
from .options import MAX_MOVES, TIME_LIMIT, add_number
from .output import emit_json

__all__ = ["register", "run", "AnalyseInputError", "parse_position", "parse_position_line", "POSITION_FIELDS"]

POSITION_FIELDS = ("worlds", "trump", "leader", "trick", "declarer", "target", "exact")
WORLDS_PER_LINE = 10_000
TARGET = Bounds.integers(0, 13)


class AnalyseInputError(InputError):
    """A batch line that is not a valid position; the message names the line and the field."""


def _where(line: int | str) -> str:
    return f"line {line}" if isinstance(line, int) else line


def _parsed(record: Record, name: str, parse: Any) -> Any:
    text = record.text(name)
    try:
        return parse(text)
    except ValueError as exc:
        raise record.error(name, str(exc)) from None


def parse_position(text: str, line: int | str) -> BridgePosition:
    """One batch line as a :class:`BridgePosition` (raises :class:`AnalyseInputError`).

    ``line`` is the line number or a full location (``"positions.jsonl, line 3"``).
    """
    return parse_position_line(text, line)[0]


def parse_position_line(text: str, line: int | str) -> tuple[BridgePosition, bool]:
    """:func:`parse_position` and the line's ``exact`` flag (the worlds are every consistent deal)."""
    where = _where(line)
    try:
        record = Record(load_json(text, where), where, POSITION_FIELDS)
        return _position(record), record.flag("exact", False)
    except AnalyseInputError:
        raise
    except InputError as exc:
        raise AnalyseInputError(str(exc)) from None


def _position(record: Record) -> BridgePosition:
    where = record.where
    worlds_text = record.texts("worlds", low=1, high=WORLDS_PER_LINE)
    deals = []
    for i, pbn in enumerate(worlds_text):
        try:
            deals.append(Deal.from_pbn(pbn, partial=True, equal_sizes=True))
        except ValueError as exc:
            raise AnalyseInputError(f"{where}: world {i}: {exc}") from None
    strain = _parsed(record, "trump", Strain.parse)
    leader = _parsed(record, "leader", Seat.parse)
    declarer = _parsed(record, "declarer", Seat.parse)
    trick_text = record.texts("trick", high=3, default=[])
    try:
        trick = tuple(parse_card(c) for c in trick_text)
    except ValueError as exc:
        raise record.error("trick", str(exc)) from None
    if len(set(trick)) != len(trick):
        raise record.error("trick", "a card is played twice")
    target = record.number("target", TARGET)
    mover = leader.offset(len(trick))
    seen = {mover, declarer.partner}
    if mover.same_side(declarer):
        seen |= {declarer}
    for i, deal in enumerate(deals):
        for seat in seen:
            if deal.masks[seat] != deals[0].masks[seat]:
                raise AnalyseInputError(
                    f"{where}: world {i} differs from world 0 in {seat.name.title()}'s hand, "
                    f"which the player to move ({mover.name.title()}) can see")
        for k, card in enumerate(trick):
            seat = leader.offset(k)
            if not deal.masks[seat] >> card & 1:
                raise AnalyseInputError(
                    f"{where}: world {i}: trick card {card_str(card)} is not in {seat.name.title()}'s hand")
    tricks_left = deals[0].hand_sizes()[0]
    if tricks_left == 0:
        raise AnalyseInputError(f"{where}: the worlds hold no cards")
    if target > tricks_left:
        raise record.error("target", f"{target} tricks needed but only {tricks_left} are left to play")
    hands = np.array([list(d.masks) for d in deals], dtype=np.uint64)
    weights = tuple(1.0 / len(deals) for _ in deals)
    return BridgePosition(hands, weights, int(strain), leader, trick, declarer, target)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help="value every legal card of bridge positions (PIMC or αμ)")
    p.add_argument("--batch", required=True, help="file of JSON positions, one per line ('-' = stdin)")
    p.add_argument("--algorithm", default="pimc", help="pimc or alphamu")
    add_number(p, "--max-moves", bounds=MAX_MOVES, default=1, help="αμ's M, the MAX moves searched")
    add_number(p, "--time-limit", bounds=TIME_LIMIT, default=None, help="seconds per position (default: none)")
    p.add_argument("--json", action="store_true", help="one JSON object per position")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    algorithm = Algorithm.parse(args.algorithm)
    if algorithm is Algorithm.PIMC and args.max_moves != 1:
        raise ValueError("--max-moves applies to alphamu only")
    for where, number, text in input_lines(args.batch):
        with located(where):
            position = parse_position(text, where)
            budget = AnalysisBudget(worlds=len(position.weights), max_moves=args.max_moves,
                                    time_limit=args.time_limit)
            result = analyse_position(position, algorithm, budget)
        if args.json:
            emit_json(result.to_json())
        else:
            cards = "  ".join(f"{card_str(v.card)} {v.p_make:.3f}/{v.expected_tricks:.2f}" for v in result.cards)
            print(f"line {number}: best {card_str(result.best)}   {cards}", flush=True)
    return 0
