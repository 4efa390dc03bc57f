"""``tenace-cli tree``: run an imperfect-information search on explicit game trees.

Prints, per tree, the algorithm, the complete MAX strategy it commits to
(``{"PATH": child_index}`` for every MAX node the strategy reaches), the
algorithm's own estimate and the strategy's exact best-defence value.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..search.registry import ALGORITHMS, run_algorithm
from ..search.strategy import strategy_value
from ..search.tree_game import TreeGame
from ..search.trees import ExplicitTree, TreeFormatError, parse_tree_json
from .output import emit_json, open_input_lines

__all__ = ["register", "run", "tree_report"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tree", help="search explicit multi-world game trees (PIMC, vector-mm, αμ, exact...)")
    p.add_argument("--algorithm", "-a", required=True, choices=list(ALGORITHMS), metavar="ALG",
                   help="one of: " + ", ".join(ALGORITHMS))
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--file", help="one JSON tree (may span lines); - for stdin")
    src.add_argument("--batch", help="one JSON tree per line; - for stdin")
    p.add_argument("--max-moves", "-M", type=int, default=None,
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
    if args.max_moves is not None:
        if args.algorithm != "alphamu":
            raise ValueError(f"--max-moves applies to alphamu only, not to {args.algorithm!r}")
        if args.max_moves < 1:
            raise ValueError(f"--max-moves must be at least 1, got {args.max_moves}")
    if args.file is not None:
        text = Path(args.file).read_text(encoding="utf-8") if args.file != "-" else sys.stdin.read()
        _print(tree_report(parse_tree_json(text), args.algorithm, args.max_moves), args.json)
        return 0
    for line_no, line in open_input_lines(args.batch):
        try:
            tree = parse_tree_json(line)
        except TreeFormatError as exc:
            raise TreeFormatError(f"line {line_no}: {exc}") from None
        _print(tree_report(tree, args.algorithm, args.max_moves), args.json)
    return 0
