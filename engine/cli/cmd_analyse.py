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
import json
from typing import Any

import numpy as np

from ..analysis.bridge import Algorithm, AnalysisBudget, BridgePosition, analyse_position
from ..bridge.contract import Strain
from ..core.cards import card_str, parse_card
from ..core.deal import Deal
from ..core.seats import Seat
from .output import emit_json, open_input_lines

__all__ = ["register", "run", "AnalyseInputError", "parse_position"]


class AnalyseInputError(ValueError):
    """A batch line that is not a valid position; the message names the line and the field."""


def _field(obj: dict[str, Any], key: str, line: int) -> Any:
    if key not in obj:
        raise AnalyseInputError(f"line {line}: missing field {key!r}")
    return obj[key]


def parse_position(text: str, line: int) -> BridgePosition:
    """One batch line as a :class:`BridgePosition` (raises :class:`AnalyseInputError`)."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AnalyseInputError(f"line {line}: not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(obj, dict):
        raise AnalyseInputError(f"line {line}: expected a JSON object")
    try:
        worlds_text = _field(obj, "worlds", line)
        if not isinstance(worlds_text, list) or not worlds_text:
            raise AnalyseInputError(f"line {line}: 'worlds' must be a non-empty list of PBN deals")
        deals = []
        for i, pbn in enumerate(worlds_text):
            try:
                deals.append(Deal.from_pbn(str(pbn), partial=True, equal_sizes=True))
            except ValueError as exc:
                raise AnalyseInputError(f"line {line}: world {i}: {exc}") from None
        strain = Strain.parse(str(_field(obj, "trump", line)))
        leader = Seat.parse(str(_field(obj, "leader", line)))
        declarer = Seat.parse(str(_field(obj, "declarer", line)))
        trick_text = obj.get("trick", [])
        if not isinstance(trick_text, list) or len(trick_text) > 3:
            raise AnalyseInputError(f"line {line}: 'trick' must be a list of at most 3 cards")
        trick = tuple(parse_card(str(c)) for c in trick_text)
        target = _field(obj, "target", line)
        if not isinstance(target, int) or isinstance(target, bool):
            raise AnalyseInputError(f"line {line}: 'target' must be an integer, got {target!r}")
    except AnalyseInputError:
        raise
    except ValueError as exc:
        raise AnalyseInputError(f"line {line}: {exc}") from None
    mover = leader.offset(len(trick))
    seen = {mover, declarer.partner}
    if mover.same_side(declarer):
        seen |= {declarer}
    for i, deal in enumerate(deals):
        for seat in seen:
            if deal.masks[seat] != deals[0].masks[seat]:
                raise AnalyseInputError(
                    f"line {line}: world {i} differs from world 0 in {seat.name.title()}'s hand, "
                    f"which the player to move ({mover.name.title()}) can see")
        for k, card in enumerate(trick):
            seat = leader.offset(k)
            if not deal.masks[seat] >> card & 1:
                raise AnalyseInputError(
                    f"line {line}: world {i}: trick card {card_str(card)} is not in {seat.name.title()}'s hand")
    if deals[0].hand_sizes()[0] == 0:
        raise AnalyseInputError(f"line {line}: the worlds hold no cards")
    hands = np.array([list(d.masks) for d in deals], dtype=np.uint64)
    weights = tuple(1.0 / len(deals) for _ in deals)
    return BridgePosition(hands, weights, int(strain), leader, trick, declarer, target)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help="value every legal card of bridge positions (PIMC or αμ)")
    p.add_argument("--batch", required=True, help="file of JSON positions, one per line ('-' = stdin)")
    p.add_argument("--algorithm", default="pimc", help="pimc or alphamu")
    p.add_argument("--max-moves", type=int, default=1, help="αμ's M, the MAX moves searched (default 1)")
    p.add_argument("--time-limit", type=float, default=None, help="seconds per position (default: none)")
    p.add_argument("--json", action="store_true", help="one JSON object per position")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    algorithm = Algorithm.parse(args.algorithm)
    if args.max_moves < 1:
        raise ValueError(f"--max-moves must be at least 1, got {args.max_moves}")
    if algorithm is Algorithm.PIMC and args.max_moves != 1:
        raise ValueError("--max-moves applies to alphamu only")
    for line, text in open_input_lines(args.batch):
        position = parse_position(text, line)
        budget = AnalysisBudget(worlds=len(position.weights), max_moves=args.max_moves, time_limit=args.time_limit)
        result = analyse_position(position, algorithm, budget)
        if args.json:
            emit_json(result.to_json())
        else:
            cards = "  ".join(f"{card_str(v.card)} {v.p_make:.3f}/{v.expected_tricks:.2f}" for v in result.cards)
            print(f"line {line}: best {card_str(result.best)}   {cards}", flush=True)
    return 0
