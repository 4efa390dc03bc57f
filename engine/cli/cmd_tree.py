"""``tenace-cli tree``: run an imperfect-information search on explicit game trees.

Prints, per tree, the algorithm, the complete MAX strategy it commits to
(``{"PATH": child_index}`` for every MAX node the strategy reaches), the
algorithm's own estimate and the strategy's exact best-defence value.
"""

from __future__ import annotations

import argparse

from ..core.bounds import Bounds
from ..search.registry import ALGORITHMS, run_algorithm
from ..search.strategy import strategy_value
from ..search.tree_game import TreeGame
from ..search.trees import ExplicitTree, parse_tree_json
from .inputs import input_lines, located, read_input_text
from .options import add_number
from .output import emit_json

__all__ = ["register", "run", "tree_report"]

TREE_MAX_MOVES = Bounds.integers(1, 50)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tree", help="search explicit multi-world game trees (PIMC, vector-mm, αμ, exact...)")
    p.add_argument("--algorithm", "-a", required=True, choices=list(ALGORITHMS), metavar="ALG",
                   help="one of: " + ", ".join(ALGORITHMS))
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--file", help="one JSON tree (may span lines); - for stdin")
    src.add_argument("--batch", help="one JSON tree per line; - for stdin")
    add_number(p, "--max-moves", "-M", bounds=TREE_MAX_MOVES, default=None,
               help="alphamu only: number of MAX moves searched (default: deepen until exact)")
    p.add_argument("--json", action="store_true", help="one JSON object per tree (default: text)")
    p.set_defaults(func=run)


def _round(x: float) -> float:
    return round(x, 12)


def tree_report(tree: ExplicitTree, algorithm: str, max_moves: int | None = None) -> dict:
    """The CLI's record for one tree."""
    game = TreeGame(tree)
    result = run_algorithm(algorithm, game, max_moves)
    strategy = {tree.paths[node]: int(move) for node, move in sorted(result.strategy.items())}
    return {
        "algorithm": algorithm,
        "strategy": strategy,
        "estimate": _round(result.estimate),
        "value": _round(strategy_value(game, result.strategy)),
    }


def _print(report: dict, as_json: bool) -> None:
    if as_json:
        emit_json(report)
        return
    moves = ", ".join(f"{p or 'root'}→{c}" for p, c in report["strategy"].items()) or "(none)"
    print(f"{report['algorithm']}: estimate {report['estimate']:.6g}, "
          f"value {report['value']:.6g}; strategy {moves}")


def run(args: argparse.Namespace) -> int:
    if args.max_moves is not None and args.algorithm != "alphamu":
        raise ValueError(f"--max-moves applies to alphamu only, not to {args.algorithm!r}")
    if args.file is not None:
        text = read_input_text(args.file)
        with located("standard input" if args.file == "-" else args.file):
            report = tree_report(parse_tree_json(text), args.algorithm, args.max_moves)
        _print(report, args.json)
        return 0
    for where, _number, line in input_lines(args.batch):
        with located(where):
            report = tree_report(parse_tree_json(line), args.algorithm, args.max_moves)
        _print(report, args.json)
    return 0
