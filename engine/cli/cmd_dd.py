"""``tenace-cli dd-table`` and ``tenace-cli dd-solve``: the double-dummy solver on JSON lines.

``dd-table`` reads one PBN deal per line and prints DDS's table (tricks for the
declaring side).  ``dd-solve`` reads ``{"deal", "trump", "leader", "trick"}``
objects (hands at the start of the current trick, cards already played to it)
and prints, for every legal card of the seat to play, the tricks its side takes
from the start of that trick.  Errors name the input line.
"""

from __future__ import annotations

import argparse

from ..bridge.contract import Strain
from ..core.cards import parse_card
from ..core.deal import Deal
from ..core.seats import Seat
from .inputs import InputError, Record, input_lines, load_json, located
from .options import TABLE_MB, add_number
from .output import emit_json

__all__ = ["register", "run_table", "run_solve", "DDInputError", "SOLVE_FIELDS"]

SOLVE_FIELDS = ("deal", "trump", "leader", "trick")


class DDInputError(InputError):
    """A dd-table/dd-solve input line is malformed; the message gives the line number."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("dd-table", help="double-dummy tables of PBN deals (one per line)")
    p.add_argument("--file", required=True, help="file with one PBN deal per line ('-' = stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per line (the only output format)")
    add_number(p, "--table-mb", bounds=TABLE_MB, default=None,
               help="transposition table size in MB (default: the solver's default)")
    p.set_defaults(func=run_table)
    q = sub.add_parser("dd-solve", help="double-dummy value of every legal card at a position")
    q.add_argument("--file", required=True, help='file of {"deal","trump","leader","trick"} lines (\'-\' = stdin)')
    q.add_argument("--json", action="store_true", help="one JSON object per line (the only output format)")
    add_number(q, "--table-mb", bounds=TABLE_MB, default=None,
               help="transposition table size in MB (default: the solver's default)")
    q.set_defaults(func=run_solve)


def _solver(args: argparse.Namespace):
    from ..solvers.dd import DoubleDummySolver  # numba loads only when a dd command runs

    return DoubleDummySolver() if args.table_mb is None else DoubleDummySolver(args.table_mb)


def run_table(args: argparse.Namespace) -> int:
    solver = _solver(args)
    for where, _number, text in input_lines(args.file):
        with located(where):
            deal = Deal.from_pbn(text, partial=True)
            table = solver.table(deal)
        emit_json({"deal": deal.to_pbn(), "table": table.to_json()})
    return 0


def _parse_solve_line(text: str, where: str = "input") -> tuple[Deal, Strain, Seat, list[int]]:
    record = Record(load_json(text, where), where, SOLVE_FIELDS,
                    what="a JSON object with deal, trump, leader, trick")
    values = []
    for name, parse in (("deal", lambda t: Deal.from_pbn(t, partial=True)), ("trump", Strain.parse),
                        ("leader", Seat.parse)):
        try:
            values.append(parse(record.text(name)))
        except ValueError as exc:
            if isinstance(exc, InputError):
                raise
            raise record.error(name, str(exc)) from None
    trick_text = record.texts("trick", high=3, default=[])
    try:
        trick = [parse_card(c) for c in trick_text]
    except ValueError as exc:
        raise record.error("trick", str(exc)) from None
    return values[0], values[1], values[2], trick


def run_solve(args: argparse.Namespace) -> int:
    from ..solvers.dd import describe_per_card

    solver = _solver(args)
    for where, _number, text in input_lines(args.file):
        with located(where):
            deal, strain, leader, trick = _parse_solve_line(text, where)
            values = solver.tricks_per_card(deal, strain, leader, trick)
        emit_json({"moves": describe_per_card(values)})
    return 0
