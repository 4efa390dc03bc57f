"""``tenace-cli suit``: solve a single-suit problem, or a batch of them, with any algorithm.

``tenace-cli suit --north AQ2 --south 543 --tricks 2 [--algorithm NAME] --json`` prints
``{"probability", "expected_tricks", "chances", "line", "steps", "plan", "strategy",
"layouts", ...}`` where ``probability`` is the exact best-defence chance of the line the
algorithm chose, and ``plan`` is that line as a branching plan that plays exactly the
same (``--plan`` values it again).  ``--table`` prints the line table instead: every
sensible line with its chance of each number of tricks and its expected tricks, the
best per target marked and the safety plays named.  ``--entry ID`` takes a library
problem and reports the expert's plan (exact chance, stated chance, source) beside the
engine's line.  Typed holdings that are a library problem (in either orientation) get
the expert's plan too, turned to the holdings as typed.  ``--batch F`` reads one
``{"north", "south", "tricks"[, "plan"]}`` object per line (``-`` = stdin) and writes
one result per line.  ``--compare NAME`` adds the comparison with another algorithm's
line.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..core.bounds import Bounds
from .inputs import InputError, Record, input_lines, load_json, located
from .options import add_number
from .output import emit_json

__all__ = ["register", "run", "BATCH_FIELDS"]

BATCH_FIELDS = ("north", "south", "tricks", "algorithm", "script", "plan")
SUIT_TRICKS = Bounds.integers(1, 13)
LENGTH = Bounds.integers(0, 13)
ENTRY = Bounds.integers(1, 100_000)
BUDGET = Bounds.integers(0, 10**9)
SCRIPT_STEPS = 13


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("suit", help="single-suit combinations: exact best-defence play and any search algorithm")
    p.add_argument("--north", help="North's holding, e.g. AQ2, KJ10x (x = lowest free spot)")
    p.add_argument("--south", help="South's holding")
    add_number(p, "--tricks", bounds=SUIT_TRICKS, help="trick target (default: expected tricks are maximised)")
    p.add_argument("--algorithm", default="exact",
                   help="exact (default) or a search algorithm: pimc, vector-mm, vm-ab, vm-beta, prm, prm-beta, "
                        "ivm, iprm, ivm-beta, iprm-beta, alphamu")
    add_number(p, "--budget", bounds=BUDGET, metavar="NODES",
               help="anytime budget of the iterative algorithms (ivm, iprm, ivm-beta, iprm-beta): states searched "
                    "over all their iterations (default 60000; 0: none)")
    p.add_argument("--compare", metavar="ALGORITHM", help="also compare with this algorithm's line "
                                                            "('expert': the library's plan)")
    p.add_argument("--plan", metavar="JSON", help="value this plan (as printed in 'plan'), e.g. "
                                                  "'[\"S:x N:T\", \"S:x N:Q\"]'")
    p.add_argument("--script", nargs="+", metavar="STEP", help="value a plan of simple steps, e.g. 'S:x N:9' 'S:x N:J'")
    p.add_argument("--table", action="store_true",
                   help="the line table: every sensible line, its chance of each number of tricks, the best per "
                        "target marked, safety plays named")
    add_number(p, "--west-length", bounds=LENGTH, help="West's known length in the suit")
    add_number(p, "--east-length", bounds=LENGTH, help="East's known length in the suit")
    p.add_argument("--west-cards", help="cards known to be with West, e.g. K")
    p.add_argument("--east-cards", help="cards known to be with East")
    p.add_argument("--gone", help="cards of the suit already played (no longer in play), e.g. 765")
    add_number(p, "--vacant-west", bounds=LENGTH, default=13, help="vacant places in West's hand")
    add_number(p, "--vacant-east", bounds=LENGTH, default=13, help="vacant places in East's hand")
    add_number(p, "--entry", bounds=ENTRY, metavar="ID",
               help="a library problem: its holdings, target and the expert's plan beside the engine's line")
    p.add_argument("--batch", metavar="FILE", help="JSON lines of {north, south, tricks[, plan]}; '-' = stdin")
    p.add_argument("--json", action="store_true", help="print JSON (batch mode always does)")
    p.set_defaults(func=run)


def _problem(north: str, south: str, opts: dict[str, Any]):
    from engine.suits.model import SuitProblem

    return SuitProblem.parse(north, south, **opts)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "west_length": args.west_length, "east_length": args.east_length,
        "west_cards": args.west_cards, "east_cards": args.east_cards,
        "vacant_west": args.vacant_west, "vacant_east": args.vacant_east, "gone": args.gone,
    }


def _unconstrained(opts: dict[str, Any]) -> bool:
    """No auction knowledge and no card gone: the library's figures (a-priori layouts) apply."""
    return all(opts[k] is None for k in ("west_length", "east_length", "west_cards", "east_cards", "gone")) and \
        opts["vacant_west"] == 13 and opts["vacant_east"] == 13


def _given_plan(plan: Any, script: list[str] | None):
    from engine.suits.plan import parse_plan

    if plan is not None:
        return parse_plan(plan)
    if script:
        return parse_plan(list(script))
    return None


def _expert(table, tricks: int | None, opts: dict[str, Any], entry_id: int | None) -> dict[str, Any] | None:
    """The library's plan for this problem (turned to the holdings as given), valued exactly."""
    from engine.suits.evaluate import evaluate_line
    from engine.suits.library import LibraryMatch, find_entry, load_library
    from engine.suits.narrate import plan_sentence, plan_steps
    from engine.suits.plan import PlanLine, plan_to_json

    if tricks is None or not _unconstrained(opts):
        return None
    match: LibraryMatch | None = find_entry(table.problem, tricks)
    if entry_id is not None and (match is None or match.entry.id != entry_id):
        entry = next(e for e in load_library() if e.id == entry_id)
        match = LibraryMatch(entry, False, entry.plan)
    if match is None or not match.plan:
        return None
    e = match.entry
    value = evaluate_line(table, PlanLine(match.plan))
    return {
        "entry": e.id,
        "mirrored": match.mirrored,
        "probability": round(value.probability(tricks), 6),
        "expected_tricks": round(value.expected_tricks, 6),
        "stated": e.expert_chance,
        "source": e.source,
        "published": e.published,
        "corrected": e.corrected,
        "note": match.note,
        "words": match.words,
        "line": plan_sentence(table, match.plan),
        "steps": [{"depth": s.depth, "text": s.text} for s in plan_steps(table, match.plan)],
        "plan": plan_to_json(match.plan),
    }


def _solve(north: str, south: str, tricks: int | None, algorithm: str, opts: dict[str, Any],
           plan: Any, script: list[str] | None, compare: str | None, entry_id: int | None = None,
           budget: int | None = None) -> dict[str, Any]:
    from engine.suits.analysis import analyse
    from engine.suits.compare import compare_lines
    from engine.suits.plan import parse_plan
    from engine.suits.position import SuitTable

    from engine.search.iterative_biasing import IterationBudget

    table = SuitTable(_problem(north, south, opts))
    given = _given_plan(plan, script)
    report = analyse(table, tricks, algorithm, given, budget=None if budget is None else IterationBudget(nodes=budget))
    out = {"north": north, "south": south, **report.to_json()}
    expert = _expert(table, tricks, opts, entry_id) if given is None else None
    if expert is not None:
        out["expert"] = expert
    if compare:
        if compare == "expert":
            if expert is None:
                raise ValueError("--compare expert: these holdings and target are not a library problem")
            cmp = compare_lines(table, tricks, algorithm, second_plan=parse_plan(expert["plan"]))
        else:
            cmp = compare_lines(table, tricks, algorithm, compare)
        out["comparison"] = cmp.to_json()
    return out


def _percent(p: float) -> str:
    return f"{100.0 * p:.2f}%"


def _steps_text(steps: list[dict[str, Any]], indent: str = "  ") -> list[str]:
    return [indent + "  " * s["depth"] + s["text"] for s in steps]


def _text(result: dict[str, Any]) -> str:
    lines = [f"{result['north']} opposite {result['south']}"]
    name = result["algorithm"]
    if result["probability"] is not None:
        lines.append(f"{result['tricks']} trick{'s' * (result['tricks'] != 1)}: {name} line {_percent(result['probability'])} "
                     f"(exact optimum {_percent(result['optimum'])}), expected tricks {result['expected_tricks']:.4f}")
    else:
        lines.append(f"expected tricks: {name} line {result['expected_tricks']:.4f} "
                     f"(exact optimum {result['optimum']:.4f})")
    lines.append(f"line: {result['line']}")
    lines += _steps_text(result["steps"])
    lines.append("succeeds against (West / East): " + ", ".join(f"{r['west']} / {r['east']}"
                                                                for r in result["layouts"]))
    expert = result.get("expert")
    if expert is not None:
        lines.append(f"expert plan (library #{expert['entry']}): {_percent(expert['probability'])} "
                     f"exactly; stated {expert['stated']}" + (f" ({expert['note']})" if expert["corrected"] else ""))
        lines.append(f"expert's words: {expert['words']}")
        lines += _steps_text(expert["steps"])
        lines.append(f"source: {expert['source']}")
    if "comparison" in result:
        c = result["comparison"]
        lines.append(f"comparison {c['lines'][0]} {_percent(c['values'][0])} vs {c['lines'][1]} "
                     f"{_percent(c['values'][1])}")
    return "\n".join(lines)


def _table(args: argparse.Namespace) -> dict[str, Any]:
    from engine.suits.library import find_entry, load_library
    from engine.suits.line_table import line_table
    from engine.suits.position import SuitTable

    opts = _options(args)
    table = SuitTable(_problem(args.north, args.south, opts))
    experts = []
    if _unconstrained(opts):
        library = load_library()
        for k in range(1, table.problem.tricks_available + 1):
            match = find_entry(table.problem, k, library)
            if match is not None and match.plan:
                experts.append((k, match))
    result = line_table(table, [(f"Expert {k}", m.plan) for k, m in experts])
    out = result.to_json()
    for (k, match), row in zip(experts, out["lines"][len(out["lines"]) - len(experts):]):
        row.update({"entry": match.entry.id, "target": k, "stated": match.entry.expert_chance,
                    "source": match.entry.source, "published": match.entry.published,
                    "mirrored": match.mirrored})
    out["text"] = result.text()
    return out


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
                result = _solve(north, south, tricks, algorithm, _options(args), item.obj.get("plan"), script, None)
        except (InputError, ValueError) as exc:  # one line per bad problem; the others are still solved
            emit_json({"line": number, "error": str(exc)})
            status = 2
            continue
        emit_json(result)
    return status


def _from_library(args: argparse.Namespace) -> None:
    from engine.suits.library import load_library

    for entry in load_library():
        if entry.id == args.entry:
            args.north, args.south = entry.north, entry.south
            if args.tricks is None:
                args.tricks = entry.tricks
            if entry.plan and not args.table:
                args.compare = args.compare or "expert"
            return
    raise ValueError(f"--entry {args.entry}: no library entry has this id")


def run(args: argparse.Namespace) -> int:
    if args.batch:
        return _batch(args)
    if args.entry is not None:
        _from_library(args)
    if not args.north or not args.south:
        raise ValueError("give --north and --south (or --entry ID, or --batch FILE)")
    if args.table:
        out = _table(args)
        if args.json:
            emit_json(out)
        else:
            print(out["text"])
        return 0
    result = _solve(args.north, args.south, args.tricks, args.algorithm, _options(args), args.plan, args.script,
                    args.compare, args.entry, args.budget)
    if args.json:
        emit_json(result)
    else:
        print(_text(result))
    return 0
