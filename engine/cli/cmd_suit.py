"""``tenace-cli suit``: solve a single-suit problem, or a batch of them, with any algorithm.

``tenace-cli suit --north AQ2 --south 543 --tricks 2 [--algorithm NAME] --json`` prints
``{"probability", "expected_tricks", "line", "strategy", "layouts", ...}`` where
``probability`` is the exact best-defence chance of the line the algorithm chose.
``--batch F`` reads one ``{"north", "south", "tricks"}`` object per line (``-`` =
stdin) and writes one result per line.  ``--compare NAME`` adds the comparison
with another algorithm's line; ``--script`` values a scripted (expert) line.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..core.bounds import Bounds
from .inputs import InputError, Record, input_lines, load_json, located
from .options import add_number
from .output import emit_json

__all__ = ["register", "run", "BATCH_FIELDS"]

BATCH_FIELDS = ("north", "south", "tricks", "algorithm", "script")
SUIT_TRICKS = Bounds.integers(1, 13)
LENGTH = Bounds.integers(0, 13)
ENTRY = Bounds.integers(1, 100_000)
SCRIPT_STEPS = 13


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("suit", help="single-suit combinations: exact best-defence play and any search algorithm")
    p.add_argument("--north", help="North's holding, e.g. AQ2, KJ10x (x = lowest free spot)")
    p.add_argument("--south", help="South's holding")
    add_number(p, "--tricks", bounds=SUIT_TRICKS, help="trick target (default: expected tricks are maximised)")
    p.add_argument("--algorithm", default="exact",
                   help="exact (default) or a search algorithm: pimc, vector-mm, vm-ab, vm-beta, prm, prm-beta, "
                        "ivm, iprm, ivm-beta, iprm-beta, alphamu")
    p.add_argument("--compare", metavar="ALGORITHM", help="also compare with this algorithm's line ('expert' "
                                                            "with --script)")
    p.add_argument("--script", nargs="+", metavar="STEP", help="value a scripted line, e.g. 'S:x N:9' 'S:x N:J'")
    add_number(p, "--west-length", bounds=LENGTH, help="West's known length in the suit")
    add_number(p, "--east-length", bounds=LENGTH, help="East's known length in the suit")
    p.add_argument("--west-cards", help="cards known to be with West, e.g. K")
    p.add_argument("--east-cards", help="cards known to be with East")
    add_number(p, "--vacant-west", bounds=LENGTH, default=13, help="vacant places in West's hand")
    add_number(p, "--vacant-east", bounds=LENGTH, default=13, help="vacant places in East's hand")
    add_number(p, "--entry", bounds=ENTRY, metavar="ID",
               help="a library problem: its holdings, target and expert script, compared with the engine's line")
    p.add_argument("--batch", metavar="FILE", help="JSON lines of {north, south, tricks}; '-' = stdin")
    p.add_argument("--json", action="store_true", help="print JSON (batch mode always does)")
    p.set_defaults(func=run)


def _problem(north: str, south: str, opts: dict[str, Any]):
    from engine.suits.model import SuitProblem

    return SuitProblem.parse(north, south, **opts)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "west_length": args.west_length, "east_length": args.east_length,
        "west_cards": args.west_cards, "east_cards": args.east_cards,
        "vacant_west": args.vacant_west, "vacant_east": args.vacant_east,
    }


def _solve(north: str, south: str, tricks: int | None, algorithm: str, opts: dict[str, Any],
           script: list[str] | None, compare: str | None) -> dict[str, Any]:
    from engine.suits.analysis import analyse
    from engine.suits.compare import compare_lines
    from engine.suits.position import SuitTable
    from engine.suits.script import parse_script

    table = SuitTable(_problem(north, south, opts))
    parsed = parse_script(script) if script else None
    if compare == "expert" and parsed is None:
        raise ValueError("--compare expert needs --script (the expert line)")
    # with --compare expert the main report is the algorithm's line; otherwise a script is the line shown
    report = analyse(table, tricks, algorithm, None if compare == "expert" else parsed)
    out = {"north": north, "south": south, **report.to_json()}
    if compare:
        cmp = compare_lines(table, tricks, algorithm, "exact" if compare == "expert" else compare,
                            parsed if compare == "expert" else None)
        out["comparison"] = cmp.to_json()
    return out


def _text(result: dict[str, Any]) -> str:
    lines = [f"{result['north']} opposite {result['south']}"]
    if result["probability"] is not None:
        lines.append(f"{result['tricks']} tricks: {result['algorithm']} line makes it with probability "
                     f"{result['probability']:.4f} (exact optimum {result['optimum']:.4f})")
    else:
        lines.append(f"expected tricks {result['expected_tricks']:.4f} (exact optimum {result['optimum']:.4f})")
    lines.append(f"expected tricks: {result['expected_tricks']:.4f}")
    lines.append(f"line: {result['line']}")
    lines.append("succeeds against (West / East): " + ", ".join(f"{r['west']} / {r['east']}"
                                                                for r in result["layouts"]))
    if "comparison" in result:
        c = result["comparison"]
        lines.append(f"comparison {c['lines'][0]} {c['values'][0]:.4f} vs {c['lines'][1]} {c['values'][1]:.4f}")
    return "\n".join(lines)


def _batch(args: argparse.Namespace) -> int:
    status = 0
    for where, number, text in input_lines(args.batch):
        try:
            with located(where):
                item = Record(load_json(text, where), where, BATCH_FIELDS,
                              what="an object with north, south and tricks")
                north, south = item.text("north"), item.text("south")
                tricks = None if item.obj.get("tricks") is None else item.number("tricks", SUIT_TRICKS)
                algorithm = item.text("algorithm", default=args.algorithm)
                script = item.texts("script", low=1, high=SCRIPT_STEPS, default=None)
                result = _solve(north, south, tricks, algorithm, _options(args), script, None)
        except InputError as exc:  # one line per bad problem; the others are still solved
            emit_json({"line": number, "error": str(exc)})
            status = 2
            continue
        emit_json(result)
    return status


def _from_library(args: argparse.Namespace) -> None:
    from engine.suits.library import load_library

    for entry in load_library():
        if entry.id == args.entry:
            args.north, args.south, args.tricks = entry.north, entry.south, entry.tricks
            if entry.script_text:
                args.script = list(entry.script_text)
                args.compare = args.compare or "expert"
            return
    raise ValueError(f"--entry {args.entry}: no library entry has this id")


def run(args: argparse.Namespace) -> int:
    if args.batch:
        return _batch(args)
    if args.entry is not None:
        _from_library(args)
    if not args.north or not args.south:
        raise ValueError("give --north and --south (or --batch FILE)")
    result = _solve(args.north, args.south, args.tricks, args.algorithm, _options(args), args.script, args.compare)
    if args.json:
        emit_json(result)
    else:
        print(_text(result))
    return 0
