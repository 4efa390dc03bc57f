"""``tenace-cli bench first-board``: how long a new bridge board waits for the engine.

A board is playable once its automatic contract is chosen
(:func:`engine.session.board_maker.prepare_board`, the app's engine job for a new
board; the deal itself is on the table at once).  Measured on ``--boards``
seeds (``--seed``, ``--seed + 1``, ...):

* **warm**: in this process, after the double-dummy kernels are loaded, one
  long-lived solver as in the app; wall and CPU seconds per board;
* **filtered** (``--filters``): the same seeds with each deal filter (game,
  slam, 3NT undecided), deals tried until one passes;
* **cold** (``--cold N``, default 1): ``N`` fresh processes, each with an empty
  numba cache, from the interpreter's start to the first board (imports,
  compiling the kernels the board needs, the board).  The app compiles its other
  kernels (hints, searches) in the background after that.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from ..cli.options import COUNT, DEALS, SEED, add_number

__all__ = ["register", "run", "time_board"]

FILTERS = ("game", "slam", "3nt")


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("first-board", help="time to the first playable bridge board, warm and cold")
    add_number(p, "--boards", bounds=DEALS, default=10, help="seeds measured (warm and filtered)")
    add_number(p, "--seed", bounds=SEED, default=1, help="first seed")
    add_number(p, "--cold", bounds=COUNT, default=1,
               help="cold starts measured (each a new process with an empty kernel cache; 0 = none)")
    p.add_argument("--filters", action="store_true", help="also time filtered boards (game, slam, 3NT undecided)")
    p.add_argument("--json", action="store_true", help="one JSON object with every time")
    p.add_argument("--child", default=None, help=argparse.SUPPRESS)  # a cold start's process (its seed)
    p.set_defaults(func=run)


def time_board(number: int, seed: int, deal_filter, oracle) -> tuple[float, float, str]:
    """(wall s, CPU s, contract) for board ``number`` from ``seed`` (``deal_filter``: a ``DealFilter``)."""
    from ..session.board_maker import prepare_board

    w0, c0 = time.perf_counter(), time.process_time()
    prepared = prepare_board(number, seed, deal_filter, oracle)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    choice = prepared.choice
    return wall, cpu, f"{choice.contract} by {choice.declarer.name.title()}"


def _child(seed: int) -> int:
    """A cold start: the first board from a fresh interpreter (times printed as JSON)."""
    from ..session.deal_filter import DealFilter
    from ..session.double_dummy import table_oracle

    oracle = table_oracle()
    wall, cpu, contract = time_board(1, seed, DealFilter.RANDOM, oracle)
    print(json.dumps({"board_wall": wall, "board_cpu": cpu, "contract": contract}))
    return 0


def _cold(seed: int) -> dict:
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="tenace-cold-") as cache:
        env["NUMBA_CACHE_DIR"] = cache
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "engine.cli.main", "bench", "first-board", "--child", str(seed)],
                             env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise RuntimeError(f"cold start for seed {seed} failed:\n{out.stderr[-2000:]}")
    report = json.loads(out.stdout.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seed": seed, "wall": round(wall, 3), "cpu": round(cpu, 3), "board_wall": round(report["board_wall"], 3),
            "contract": report["contract"]}


def _median(xs: list[float]) -> float | None:
    return round(statistics.median(xs), 3) if xs else None  # None (JSON null) when nothing was measured


def run(args: argparse.Namespace) -> int:
    if args.child is not None:
        return _child(SEED.parse(args.child))
    if args.boards < 1:
        raise ValueError(f"--boards must be ≥ 1, got {args.boards}")
    if args.cold < 0:
        raise ValueError(f"--cold must be ≥ 0, got {args.cold}")
    from ..session.deal_filter import DealFilter
    from ..session.double_dummy import table_oracle
    from ..solvers.dd.warmup import warm_up

    seeds = [args.seed + i for i in range(args.boards)]
    cold = [_cold(seeds[i % len(seeds)]) for i in range(args.cold)]
    for c in cold:
        if not args.json:
            print(f"cold  seed {c['seed']:>3}: {c['wall']:7.2f} s wall ({c['cpu']:.2f} s CPU; "
                  f"board alone {c['board_wall']:.2f} s) {c['contract']}", flush=True)
    warm_up()
    oracle = table_oracle()
    warm = []
    for i, seed in enumerate(seeds):
        wall, cpu, contract = time_board(i + 1, seed, DealFilter.RANDOM, oracle)
        warm.append({"seed": seed, "wall": round(wall, 3), "cpu": round(cpu, 3), "contract": contract})
        if not args.json:
            print(f"warm  seed {seed:>3}: {wall:7.2f} s wall ({cpu:.2f} s CPU) {contract}", flush=True)
    filtered: dict[str, list[dict]] = {}
    if args.filters:
        by_name = {"game": DealFilter.GAME_NS, "slam": DealFilter.SLAM_NS, "3nt": DealFilter.NT3_UNDECIDED}
        for name in FILTERS:
            rows = filtered.setdefault(name, [])
            for i, seed in enumerate(seeds):
                wall, cpu, contract = time_board(i + 1, seed, by_name[name], oracle)
                rows.append({"seed": seed, "wall": round(wall, 3), "cpu": round(cpu, 3), "contract": contract})
                if not args.json:
                    print(f"{name:<5} seed {seed:>3}: {wall:7.2f} s wall ({cpu:.2f} s CPU) {contract}", flush=True)
    summary = {
        "boards": args.boards, "seed": args.seed,
        "warm_median_s": _median([r["wall"] for r in warm]), "warm_median_cpu_s": _median([r["cpu"] for r in warm]),
        "cold_median_s": _median([r["wall"] for r in cold]), "cold_median_cpu_s": _median([r["cpu"] for r in cold]),
        "filtered_median_s": {k: _median([r["wall"] for r in v]) for k, v in filtered.items()},
        "filtered_median_cpu_s": {k: _median([r["cpu"] for r in v]) for k, v in filtered.items()},
        "warm": warm, "cold": cold, "filtered": filtered,
    }
    if args.json:
        from ..cli.output import emit_json

        emit_json(summary)
        return 0
    print(f"warm median {summary['warm_median_s']} s wall ({summary['warm_median_cpu_s']} s CPU) on {args.boards} boards")
    if cold:
        print(f"cold median {summary['cold_median_s']} s wall ({summary['cold_median_cpu_s']} s CPU) on {len(cold)} starts")
    for name in filtered:
        print(f"{name} median {summary['filtered_median_s'][name]} s wall ({summary['filtered_median_cpu_s'][name]} s CPU)")
    return 0
