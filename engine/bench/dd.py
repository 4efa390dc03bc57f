"""``tenace-cli bench dd``: Tenace's double-dummy solver against DDS on the same positions.

Positions, all from seeded random deals: opening leads (every card scored),
trick starts after 4 and after 8 tricks of seeded random legal play (every
card scored), and full 5 × 4 tables.  Both solvers run in this process on one
thread; each position is timed separately, and every answer is compared (a
disagreement is reported and makes the command fail).  ``--verify`` skips the
timing summary and only counts disagreements (for long offline runs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

from ..cli.options import DEALS, SEED, TABLE_MB, add_number
from ..core.cards import card_str
from ..core.deal import Deal, random_deals
from ..core.seats import Seat
from ..solvers.dds_oracle import dds_table, dds_tricks_per_card, use_one_thread

__all__ = ["register", "run", "play_random_tricks"]

CATEGORIES = ("lead", "after4", "after8", "table")


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("dd", help="double-dummy solver vs DDS (endplay): speed and agreement")
    add_number(p, "--deals", bounds=DEALS, default=20, help="number of random deals")
    add_number(p, "--seed", bounds=SEED, default=1, help="random seed")
    p.add_argument("--verify", action="store_true", help="only count disagreements with DDS")
    p.add_argument("--no-tables", action="store_true", help="skip the full-table category")
    add_number(p, "--table-mb", bounds=TABLE_MB, default=None,
               help="Tenace transposition table size in MB (default: the solver's default)")
    p.set_defaults(func=run)


def play_random_tricks(deal: Deal, strain: int, leader: int, tricks: int, rng: random.Random) -> tuple[Deal, int]:
    """Play ``tricks`` whole tricks of random legal cards; return the remaining hands and the next leader."""
    from ..bridge.tricks import trick_winner

    hands = list(deal.masks)
    trump = None if strain == 4 else strain
    for _ in range(tricks):
        cards = []
        for i in range(4):
            seat = (leader + i) % 4
            own = [c for c in range(52) if hands[seat] >> c & 1]
            if cards:
                follow = [c for c in own if c // 13 == cards[0] // 13]
                own = follow or own
            c = rng.choice(own)
            cards.append(c)
            hands[seat] &= ~(1 << c)
        leader = int(trick_winner(cards, leader, trump))
    return Deal.from_masks(hands), leader


@dataclass
class _Timings:
    tenace: list[float] = field(default_factory=list)
    dds: list[float] = field(default_factory=list)
    disagreements: int = 0


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def _p90(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.9 * len(s)))]


def run(args: argparse.Namespace) -> int:
    from ..solvers.dd import DoubleDummySolver

    use_one_thread()
    compile_start = time.perf_counter()
    solver = DoubleDummySolver() if args.table_mb is None else DoubleDummySolver(args.table_mb)
    solver.tricks_per_card(Deal.from_pbn("N:A... K... Q... J...", partial=True), 4, 0)  # load/compile kernels
    solver.table(Deal.from_pbn("N:A... K... Q... J...", partial=True))
    load_seconds = time.perf_counter() - compile_start
    rng = random.Random(args.seed)
    stats = {name: _Timings() for name in CATEGORIES}
    for index, deal in enumerate(random_deals(args.seed, args.deals)):
        strain = index % 5
        leader = rng.randrange(4)
        positions = [("lead", deal, leader)]
        for name, n in (("after4", 4), ("after8", 8)):
            rest, next_leader = play_random_tricks(deal, strain, leader, n, random.Random(rng.random()))
            positions.append((name, rest, next_leader))
        for name, position, first in positions:
            t1, mine = _timed(lambda: solver.tricks_per_card(position, strain, first))
            t2, ref = _timed(lambda: dds_tricks_per_card(position, strain, first))
            st = stats[name]
            st.tenace.append(t1)
            st.dds.append(t2)
            if mine != ref:
                st.disagreements += 1
                print(f"DISAGREE {name} deal {index} {position.to_pbn()} strain {strain} leader {Seat(first).letter}: "
                      f"tenace {_fmt(mine)} dds {_fmt(ref)}")
        if not args.no_tables:
            t1, mine_t = _timed(lambda: solver.table(deal))
            t2, ref_t = _timed(lambda: dds_table(deal))
            st = stats["table"]
            st.tenace.append(t1)
            st.dds.append(t2)
            if [list(r) for r in mine_t.tricks] != ref_t:
                st.disagreements += 1
                print(f"DISAGREE table deal {index} {deal.to_pbn()}: tenace {mine_t.tricks} dds {ref_t}")
        if args.verify and (index + 1) % 100 == 0:
            total = sum(s.disagreements for s in stats.values())
            print(f"{index + 1} deals checked, {total} disagreements", flush=True)
    total = sum(s.disagreements for s in stats.values())
    print(f"deals {args.deals} seed {args.seed}; kernel load/compile {load_seconds:.2f} s; "
          f"Tenace table {solver.table_bytes / 2**20:.0f} MB, nodes {solver.nodes}")
    if not args.verify:
        print(f"{'category':<8} {'n':>5} {'tenace med ms':>14} {'p90':>9} {'dds med ms':>11} {'p90':>9} "
              f"{'ratio(med)':>10} {'med ratio':>10}")
        for name in CATEGORIES:
            st = stats[name]
            if not st.tenace:
                continue
            ratios = [a / b for a, b in zip(st.tenace, st.dds) if b > 0]
            tm, dm = statistics.median(st.tenace) * 1e3, statistics.median(st.dds) * 1e3
            print(f"{name:<8} {len(st.tenace):>5} {tm:>14.2f} {_p90(st.tenace) * 1e3:>9.2f} {dm:>11.2f} "
                  f"{_p90(st.dds) * 1e3:>9.2f} {tm / dm if dm else float('inf'):>10.2f} "
                  f"{statistics.median(ratios) if ratios else float('nan'):>10.2f}")
    positions = sum(len(s.tenace) for s in stats.values())
    print(f"positions {positions}, disagreements {total}")
    return 1 if total else 0


def _fmt(values: dict[int, int]) -> str:
    return "{" + ", ".join(f"{card_str(c)}: {v}" for c, v in sorted(values.items())) + "}"
