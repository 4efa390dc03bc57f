"""``tenace-cli dd-table`` and ``tenace-cli dd-solve``: the double-dummy solver on JSON lines.

``dd-table`` reads one PBN deal per line and prints DDS's table (tricks for the
declaring side).  ``dd-solve`` reads ``{"deal", "trump", "leader", "trick"}``
objects (hands at the start of the current trick, cards already played to it)
and prints, for every legal card of the seat to play, the tricks its side takes
from the start of that trick.  Errors name the input line.
"""

from __future__ import annotations

import argparse
import json

from ..bridge.contract import Strain
from ..core.cards import parse_card
from ..core.deal import Deal
from ..core.seats import Seat
from .output import emit_json

__all__ = ["register", "run_table", "run_solve", "DDInputError"]


class DDInputError(ValueError):
    """A dd-table/dd-solve input line is malformed; the message gives the line number."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("dd-table", help="double-dummy tables of PBN deals (one per line)")
    p.add_argument("--file", required=True, help="file with one PBN deal per line ('-' = stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per line (the only output format)")
    p.add_argument("--table-mb", type=float, default=None,
                   help="transposition table size in MB (default: the solver's default)")
    p.set_defaults(func=run_table)
    q = sub.add_parser("dd-solve", help="double-dummy value of every legal card at a position")
    q.add_argument("--file", required=True, help='file of {"deal","trump","leader","trick"} lines (\'-\' = stdin)')
    q.add_argument("--json", action="store_true", help="one JSON object per line (the only output format)")
    q.add_argument("--table-mb", type=float, default=None,
                   help="transposition table size in MB (default: the solver's default)")
    q.set_defaults(func=run_solve)


def _solver(args: argparse.Namespace):
    from ..solvers.dd import DoubleDummySolver  # numba loads only when a dd command runs

    return DoubleDummySolver() if args.table_mb is None else DoubleDummySolver(args.table_mb)


def _lines(path: str):
    from .output import open_input_lines

    return open_input_lines(path)


def run_table(args: argparse.Namespace) -> int:
    solver = _solver(args)
    for number, text in _lines(args.file):
        try:
            deal = Deal.from_pbn(text, partial=True)
            table = solver.table(deal)
        except ValueError as exc:
            raise DDInputError(f"line {number}: {exc}") from None
        emit_json({"deal": deal.to_pbn(), "table": table.to_json()})
    return 0


def _parse_solve_line(text: str) -> tuple[Deal, Strain, Seat, list[int]]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a JSON object: {exc.msg}") from None
    if not isinstance(obj, dict):
        raise ValueError("expected a JSON object with deal, trump, leader, trick")
    for field in ("deal", "trump", "leader"):
        if not isinstance(obj.get(field), str):
            raise ValueError(f"field {field!r} is missing or not a string")
    trick = obj.get("trick", [])
    if not isinstance(trick, list) or not all(isinstance(c, str) for c in trick):
        raise ValueError("field 'trick' must be a list of cards like [\"D9\", \"DK\"]")
    deal = Deal.from_pbn(obj["deal"], partial=True)
    return deal, Strain.parse(obj["trump"]), Seat.parse(obj["leader"]), [parse_card(c) for c in trick]


def run_solve(args: argparse.Namespace) -> int:
    from ..solvers.dd import describe_per_card

    solver = _solver(args)
    for number, text in _lines(args.file):
        try:
            deal, strain, leader, trick = _parse_solve_line(text)
            values = solver.tricks_per_card(deal, strain, leader, trick)
        except ValueError as exc:
            raise DDInputError(f"line {number}: {exc}") from None
        emit_json({"moves": describe_per_card(values)})
    return 0
