"""``tenace-cli bench hints``: how long a bridge hint takes, per kind of position, with the method used.

A fixed set of positions comes from seeded random deals: each deal gets the
contract its best side makes double dummy in its best strain (so the play is
close), and rule-based players play it up to the class's trick; the first
decision there of the class's side (declarer, for dummy too, or a defender) with
a real choice is the position.  Classes: the opening lead (a defender), trick 2,
mid-hand (trick 6) and the ending (trick 10), each for declarer and defence, and
forced cards (one card or one run of equal cards, any trick).

Each position is hinted as the app and ``tenace-cli hint`` do
(:func:`engine.hints.bridge_hint_for_view`, the default budget), warm (numba
kernels loaded before timing, by a hint of the first position whose solved
positions are then emptied from the solvers' tables).  Reported per class: the median and the maximum
wall time, the CPU time, the time to the first answer the app would show, and
how often each method was used.  Targets (issue 21): forced < 0.2 s, first
answer ≤ 1 s, median ≤ 2 s after trick 1 and ≤ 5 s for opening leads.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..bridge.contract import Contract, Strain
from ..bridge.play import BridgePlay
from ..bridge.view import BridgeView, view_for_turn
from ..cli.options import SEED, add_number
from ..cli.output import emit_json
from ..core.bounds import Bounds
from ..core.deal import Deal, random_deal
from ..core.seats import Seat
from ..hints.bridge_hint import bridge_hint_for_view
from ..hints.lines import HintBudget
from ..players.registry import Game, create_player
from ..search.bridge_game import equivalence_buckets
from ..solvers.solver_oracle import default_oracle

__all__ = ["register", "run", "BenchPosition", "CLASSES", "bench_positions", "time_hints"]


@dataclass(frozen=True, slots=True)
class PositionClass:
    name: str
    trick: int  # the first trick (1-based) at which a decision is taken
    declaring: bool | None  # whose decision: declarer's side, a defender's, or (None) whoever is forced


CLASSES: tuple[PositionClass, ...] = (
    PositionClass("opening lead", 1, False),
    PositionClass("trick 2, declarer", 2, True),
    PositionClass("trick 2, defence", 2, False),
    PositionClass("mid-hand, declarer", 6, True),
    PositionClass("mid-hand, defence", 6, False),
    PositionClass("ending, declarer", 10, True),
    PositionClass("ending, defence", 10, False),
    PositionClass("forced", 2, None),
)


@dataclass(frozen=True, slots=True)
class BenchPosition:
    """One timed position: its class, the deal and contract it comes from, and the view to hint."""

    kind: str
    deal: Deal
    contract: Contract
    declarer: Seat
    view: BridgeView

    def label(self) -> str:
        return f"{self.contract} by {self.declarer.letter}, trick {len(self.view.tricks) + 1}, " \
               f"{self.view.to_play.name.title()} to play"


def _close_contract(deal: Deal) -> tuple[Contract, Seat]:
    """The contract the side with more double-dummy tricks makes exactly, in its best strain."""
    table = default_oracle().table(deal)
    best = max(((table.get(s, d), -s, d) for s in range(5) for d in range(4)))
    tricks, strain, declarer = best[0], -best[1], best[2]
    return Contract(max(1, tricks - 6), Strain(strain)), Seat(declarer)


def _runs(view: BridgeView) -> int:
    live = ~view.played_cards.mask & ((1 << 52) - 1)
    for c in view.current_trick.cards:
        live |= 1 << c
    return len(equivalence_buckets(view.legal_cards.mask, live))


def _wanted(view: BridgeView, kind: PositionClass) -> bool:
    if kind.declaring is None:
        return _runs(view) == 1 and len(view.legal_cards) > 1
    if view.to_play.same_side(view.declarer) != kind.declaring or _runs(view) < 2:
        return False
    return kind.trick != 1 or not view.current_trick.cards  # the opening lead itself


def bench_positions(per_class: int, seed: int) -> Iterator[BenchPosition]:
    """``per_class`` positions of every class, the same for a given seed on any machine."""
    for kind in CLASSES:
        rng = random.Random(f"{seed}:{kind.name}")
        found = 0
        while found < per_class:
            deal = random_deal(rng)
            contract, declarer = _close_contract(deal)
            play = BridgePlay(deal, contract, declarer)
            players = [create_player(Game.BRIDGE, "rules", seed=rng.randrange(1 << 30)) for _ in range(4)]
            while not play.is_complete:
                view = view_for_turn(play)
                if len(play.tricks) + 1 >= kind.trick and _wanted(view, kind):
                    yield BenchPosition(kind.name, deal, contract, declarer, view)
                    found += 1
                    break
                if kind.declaring is not None and len(play.tricks) + 1 > kind.trick + 1:
                    break  # the class's trick passed without a choice for its side: next deal
                play.play(players[view.seat].choose_card(view))


def _stats(xs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(xs), 3), "max": round(max(xs), 3)} if xs else {}


def time_hints(per_class: int, seed: int, budget: HintBudget = HintBudget(),
               on_row: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Hint every position of the set and time it; figures per class (``on_row``: each position's figures
    as soon as it is timed)."""
    positions = list(bench_positions(per_class, seed))
    bridge_hint_for_view(positions[0].view, budget=budget)  # load the kernels before timing
    default_oracle().clear()  # and forget what the warm-up solved: the first position is timed like the others
    rows: list[dict[str, Any]] = []
    for pos in positions:
        first: list[float] = []
        start_wall, start_cpu = time.perf_counter(), time.process_time()

        def seen(_hint: Any) -> None:
            if not first:
                first.append(time.perf_counter() - start_wall)

        hint = bridge_hint_for_view(pos.view, budget=budget, on_update=seen)
        wall, cpu = time.perf_counter() - start_wall, time.process_time() - start_cpu
        rows.append({"class": pos.kind, "position": pos.label(), "method": hint.method.value,
                     "wall": round(wall, 3), "cpu": round(cpu, 3),
                     "first": round(first[0] if first else wall, 3), "best": hint.to_json()["best"]})
        if on_row is not None:
            on_row(rows[-1])
    classes = []
    for kind in CLASSES:
        mine = [r for r in rows if r["class"] == kind.name]
        classes.append({"class": kind.name, "count": len(mine), "wall": _stats([r["wall"] for r in mine]),
                        "cpu": _stats([r["cpu"] for r in mine]), "first": _stats([r["first"] for r in mine]),
                        "methods": dict(Counter(r["method"] for r in mine))})
    return {"bench": "hints", "per_class": per_class, "seed": seed, "classes": classes, "positions": rows}


PER_CLASS = Bounds.integers(1, 1000)


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("hints", help="time bridge hints on a fixed set of positions, per class, with methods")
    add_number(p, "--per-class", bounds=PER_CLASS, default=3, help="positions per class")
    add_number(p, "--seed", bounds=SEED, default=1, help="the set's seed")
    p.add_argument("--json", action="store_true", help="one JSON object with every figure")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.per_class < 1:
        raise ValueError(f"--per-class must be at least 1, got {args.per_class}")
    def progress(row: dict[str, Any]) -> None:
        print(f"{row['class']}: {row['position']}: {row['method']}, {row['wall']} s ({row['cpu']} s CPU)",
              file=sys.stderr, flush=True)

    figures = time_hints(args.per_class, args.seed, on_row=progress)
    if args.json:
        emit_json(figures)
        return 0
    print(f"{'class':<20} {'n':>2} {'median s':>9} {'max s':>7} {'first max s':>11} {'cpu median':>10}  methods")
    for c in figures["classes"]:
        methods = ", ".join(f"{m} {n}" for m, n in sorted(c["methods"].items()))
        print(f"{c['class']:<20} {c['count']:>2} {c['wall'].get('median', '-'):>9} {c['wall'].get('max', '-'):>7} "
              f"{c['first'].get('max', '-'):>11} {c['cpu'].get('median', '-'):>10}  {methods}")
    return 0
