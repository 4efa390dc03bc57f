"""``tenace-cli bench trees``: Frank & Basin's random-tree experiment (§4, §8.1).

Complete binary trees, MAX first, 10 equally likely worlds, 0/1 payoffs drawn
by the Last Player Theorem, MIN with perfect knowledge (best defence).  For
each depth, every algorithm's strategy is valued exactly against best defence
and compared with the optimum (``exact``): the error rate is the share of trees
where the strategy is worse than optimal.  Also reported: the mean loss in
expected payoff, the time per tree, and the share of per-world evaluations
Ballard's Star1 cutoff saved when scoring MAX-move candidates (PIMC at every
MAX node it reaches, αμ at the root).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from ..cli.options import DEALS, SEED, add_number
from ..cli.output import emit_json
from ..core.bounds import Bounds
from ..search.alphamu import AlphaMuOptions, alphamu
from ..search.exact import exact
from ..search.random_trees import random_binary_tree
from ..search.registry import ALGORITHMS
from ..search.result import SearchResult
from ..search.strategy import strategy_value
from ..search.tree_game import TreeGame

__all__ = ["register", "run", "TreeBenchRow", "bench_depth"]

DEPTH = Bounds.integers(1, 16)
TREE_WORLDS = Bounds.integers(1, 20)
ALPHAMU_MOVES = Bounds.integers(1, 16)
DEFAULT_ALGORITHMS = ("pimc", "vector-mm", "vm-ab", "vm-beta", "prm", "prm-beta",
                      "ivm", "iprm", "ivm-beta", "iprm-beta")


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("trees", help="error of each search vs exact on F&B's random binary trees")
    add_number(p, "--trees", bounds=DEALS, default=300, help="trees per depth")
    p.add_argument("--depths", default="2-8", help=f"depth range or list, e.g. 2-8 or 4,6,8 (each {DEPTH})")
    add_number(p, "--worlds", bounds=TREE_WORLDS, default=10, help="worlds per tree")
    add_number(p, "--seed", bounds=SEED, default=2001, help="seed of the trees")
    p.add_argument("--algorithms", default=",".join(DEFAULT_ALGORITHMS),
                   help="comma-separated algorithm names")
    p.add_argument("--alphamu-moves", default="2,3",
                   help=f"also run alphamu with these M (comma-separated, each {ALPHAMU_MOVES}; empty for none)")
    p.add_argument("--json", action="store_true", help="one JSON object per depth")
    p.set_defaults(func=run)


def _parse_depths(text: str) -> list[int]:
    try:
        if "-" in text:
            ends = [DEPTH.parse(x) for x in text.split("-", 1)]
            depths = list(range(ends[0], ends[1] + 1))
        else:
            depths = [DEPTH.parse(x) for x in text.split(",") if x.strip()]
    except ValueError as exc:
        raise ValueError(f"--depths: expected a range like 2-8 or a list like 4,6,8; each depth {exc}") from None
    if not depths:
        raise ValueError(f"--depths: no depth in {text!r}")
    return depths


@dataclass
class TreeBenchRow:
    depth: int
    trees: int
    errors: dict[str, int] = field(default_factory=dict)
    loss: dict[str, float] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    exact_seconds: float = 0.0
    optimum: float = 0.0
    evaluations: dict[str, int] = field(default_factory=dict)  # Star1-scored world evaluations
    evaluations_saved: dict[str, int] = field(default_factory=dict)


def _runner(label: str):
    if label.startswith("alphamu(M="):
        m = int(label[len("alphamu(M="):-1])
        return lambda g: alphamu(g, AlphaMuOptions(max_moves=m))
    return ALGORITHMS[label].run


def bench_depth(depth: int, trees: int, worlds: int, seed: int, labels: list[str]) -> TreeBenchRow:
    """Run every algorithm on ``trees`` random trees of ``depth``."""
    rng = np.random.default_rng([seed, depth])
    row = TreeBenchRow(depth, trees, {k: 0 for k in labels}, {k: 0.0 for k in labels},
                       {k: 0.0 for k in labels})
    runners = {k: _runner(k) for k in labels}
    for _ in range(trees):
        game = TreeGame(random_binary_tree(rng, depth, worlds))
        game.minimax_values, game.minimax_array  # shared preprocessing, not timed
        t0 = time.perf_counter()
        best = exact(game)
        row.exact_seconds += time.perf_counter() - t0
        row.optimum += best.estimate
        for label in labels:
            t0 = time.perf_counter()
            result: SearchResult = runners[label](game)
            row.seconds[label] += time.perf_counter() - t0
            value = strategy_value(game, result.strategy)
            if value < best.estimate - 1e-9:
                row.errors[label] += 1
                row.loss[label] += best.estimate - value
            if "evaluations" in result.stats:
                row.evaluations[label] = row.evaluations.get(label, 0) + result.stats["evaluations"]
                row.evaluations_saved[label] = (row.evaluations_saved.get(label, 0)
                                                + result.stats["evaluations_saved"])
    return row


def _warm_up(labels: list[str]) -> None:
    """Compile the kernels before timing."""
    game = TreeGame(random_binary_tree(np.random.default_rng(0), 4, 3))
    exact(game)
    for label in labels:
        _runner(label)(game)


def run(args: argparse.Namespace) -> int:
    depths = _parse_depths(args.depths)
    labels = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    for a in labels:
        if a not in ALGORITHMS:
            raise ValueError(f"--algorithms: unknown algorithm {a!r} (choose from {', '.join(ALGORITHMS)})")
    try:
        moves = [ALPHAMU_MOVES.parse(m) for m in args.alphamu_moves.split(",") if m.strip()]
    except ValueError as exc:
        raise ValueError(f"--alphamu-moves: each M {exc}") from None
    labels += [f"alphamu(M={m})" for m in moves]
    _warm_up(labels)
    rows = []
    for depth in depths:
        row = bench_depth(depth, args.trees, args.worlds, args.seed, labels)
        rows.append(row)
        if args.json:
            emit_json({
                "depth": depth, "trees": row.trees, "worlds": args.worlds,
                "error_rate": {k: row.errors[k] / row.trees for k in labels},
                "mean_loss": {k: round(row.loss[k] / row.trees, 6) for k in labels},
                "ms_per_tree": {**{k: round(1000 * row.seconds[k] / row.trees, 4) for k in labels},
                                "exact": round(1000 * row.exact_seconds / row.trees, 4)},
                "mean_optimum": round(row.optimum / row.trees, 6),
                "star1_evaluations": row.evaluations,
                "star1_evaluations_saved": row.evaluations_saved,
            })
    if not args.json:
        _print_tables(rows, labels, args)
    return 0


def _print_tables(rows: list[TreeBenchRow], labels: list[str], args: argparse.Namespace) -> None:
    width = max(9, *(len(k) + 1 for k in labels))
    head = "depth" + "".join(f"{k:>{width}}" for k in labels)
    print(f"Error rate vs exact (% of trees with a sub-optimal strategy); {args.trees} binary trees "
          f"per depth, {args.worlds} worlds, MIN knowledge 1, seed {args.seed}")
    print(head)
    for r in rows:
        print(f"{r.depth:>5}" + "".join(f"{100 * r.errors[k] / r.trees:>{width}.1f}" for k in labels))
    print("\nMean loss in expected payoff vs exact (last column: mean optimal expected payoff)")
    print(head + f"{'optimum':>{width}}")
    for r in rows:
        print(f"{r.depth:>5}" + "".join(f"{r.loss[k] / r.trees:>{width}.4f}" for k in labels)
              + f"{r.optimum / r.trees:>{width}.4f}")
    print("\nTime per tree (ms)")
    print(head + f"{'exact':>{width}}")
    for r in rows:
        print(f"{r.depth:>5}" + "".join(f"{1000 * r.seconds[k] / r.trees:>{width}.3f}" for k in labels)
              + f"{1000 * r.exact_seconds / r.trees:>{width}.3f}")
    starred = [k for k in labels if any(k in r.evaluations for r in rows)]
    if starred:
        print("\nWorld evaluations of MAX-move candidates with Ballard's Star1 cutoff: "
              "share saved (evaluated + saved = without the cutoff)")
        print("depth" + "".join(f"{k:>{width}}" for k in starred))
        for r in rows:
            cells = []
            for k in starred:
                done, saved = r.evaluations.get(k, 0), r.evaluations_saved.get(k, 0)
                cells.append(f"{100 * saved / (done + saved) if done + saved else 0.0:>{width - 1}.1f}%")
            print(f"{r.depth:>5}" + "".join(cells))
