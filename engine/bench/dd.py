"""``tenace-cli bench dd``: Tenace's double-dummy solver against DDS on the same positions.

Positions, all from seeded random deals: opening leads (every card scored),
trick starts after 4 and after 8 tricks of seeded random legal play (every
card scored), and full 5 × 4 tables.  Both solvers run in this process on one
thread; each position is timed separately, and every answer is compared (a
disagreement is reported and makes the command fail).  ``--verify`` skips the
timing summary and only counts disagreements (for long offline runs).

``--nodes`` judges the search by its work as well as its time: per position,
Tenace's trick starts beside DDS's node count (``futureTricks.nodes``, which
counts the same thing: trick starts reached, every re-search included).  DDS
empties its table for every new deal; ``--fresh-table`` does the same for
Tenace so the counts compare one to one.  DDS's table call reports no nodes.

``--exactness`` is the long correctness run: ``--positions`` positions (30% of
them full-deal opening leads, the rest random positions after 1 to 11 tricks,
some in the middle of a trick), every card compared with DDS.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from ..bridge.contract import Strain
from ..cli.options import DEALS, SEED, TABLE_MB, add_number
from ..core.cards import card_str
from ..core.deal import Deal, random_deals
from ..core.seats import Seat
from ..solvers.dds_oracle import dds_solve_counted, dds_table, dds_tricks_per_card, use_one_thread

__all__ = ["register", "run", "play_random_tricks", "exactness_positions", "Position"]

CATEGORIES = ("lead", "after4", "after8", "table")
LEAD_SHARE = 0.3
"""Share of full-deal opening leads in the exactness run."""


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("dd", help="double-dummy solver vs DDS (endplay): speed and agreement")
    add_number(p, "--deals", bounds=DEALS, default=20, help="number of random deals")
    add_number(p, "--seed", bounds=SEED, default=1, help="random seed")
    p.add_argument("--verify", action="store_true", help="only count disagreements with DDS")
    p.add_argument("--no-tables", action="store_true", help="skip the full-table category")
    p.add_argument("--only", default=None,
                   help=f"comma-separated categories to run (of {', '.join(CATEGORIES)}; default all)")
    p.add_argument("--strains", default=None,
                   help="comma-separated strains the deals cycle through (e.g. NT,S; default S,H,D,C,NT)")
    p.add_argument("--nodes", action="store_true",
                   help="per position: Tenace's trick starts beside DDS's nodes, and both times")
    p.add_argument("--fresh-table", action="store_true",
                   help="empty Tenace's table before every position (DDS starts every new deal empty)")
    p.add_argument("--exactness", action="store_true",
                   help="the exactness run: --positions positions (30%% full-deal opening leads) against DDS")
    add_number(p, "--positions", bounds=DEALS, default=1000, help="positions of the exactness run")
    add_number(p, "--table-mb", bounds=TABLE_MB, default=None,
               help="Tenace transposition table size in MB (default: the solver's default)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="time by the wall clock or by the process's CPU time (steadier on a busy machine; DDS solves tables on a thread of its own)")
    p.add_argument("--json", action="store_true", help="one JSON object with the summary (and positions)")
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


@dataclass(frozen=True)
class Position:
    """One position to solve: hands at the trick start, strain, the trick's leader and its cards so far."""

    hands: Deal
    strain: int
    leader: int
    played: tuple[int, ...] = ()

    def describe(self) -> str:
        cards = " ".join(card_str(c) for c in self.played)
        return (f"{self.hands.to_pbn()} strain {Strain(self.strain).letter} leader {Seat(self.leader).letter}"
                + (f" played {cards}" if cards else ""))


def exactness_positions(seed: int, count: int, lead_share: float = LEAD_SHARE) -> Iterator[Position]:
    """``count`` seeded positions: ``lead_share`` of them full-deal opening leads (strains in turn), the
    others after 1 to 11 random tricks, a quarter each with 0, 1, 2 or 3 cards of the trick played."""
    rng = random.Random(seed)
    leads = round(count * lead_share)
    for index, deal in enumerate(random_deals(seed, count)):
        if index < leads:
            yield Position(deal, index % 5, rng.randrange(4))
            continue
        strain, leader = rng.randrange(5), rng.randrange(4)
        rest, next_leader = play_random_tricks(deal, strain, leader, rng.randint(1, 11), rng)
        played: list[int] = []
        for i in range(rng.randrange(4)):
            own = list(rest[(next_leader + i) % 4])
            if played:
                own = [c for c in own if c // 13 == played[0] // 13] or own
            played.append(rng.choice(own))
        yield Position(rest, strain, next_leader, tuple(played))


@dataclass
class _Timings:
    tenace: list[float] = field(default_factory=list)
    dds: list[float] = field(default_factory=list)
    tenace_nodes: list[int] = field(default_factory=list)
    dds_nodes: list[int] = field(default_factory=list)
    disagreements: int = 0


_CLOCK: Callable[[], float] = time.perf_counter


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = _CLOCK()
    value = fn()
    return _CLOCK() - start, value


def _p90(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.9 * len(s)))]


def _parse_list(text: str | None, allowed: Sequence[str], what: str) -> list[str] | None:
    if text is None:
        return None
    items = [t.strip() for t in text.split(",") if t.strip()]
    bad = [t for t in items if t not in allowed]
    if bad or not items:
        raise ValueError(f"--{what}: {', '.join(bad) or 'nothing given'} not among {', '.join(allowed)}")
    return items


def _new_solver(args: argparse.Namespace):
    from ..solvers.dd import DoubleDummySolver

    return DoubleDummySolver() if args.table_mb is None else DoubleDummySolver(args.table_mb)


def run(args: argparse.Namespace) -> int:
    only = _parse_list(args.only, CATEGORIES, "only")
    strains = None
    if args.strains is not None:
        strains = [int(Strain.parse(t)) for t in args.strains.split(",") if t.strip()]
        if not strains:
            raise ValueError("--strains: no strain given")
    global _CLOCK
    _CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    use_one_thread()
    compile_start = time.perf_counter()
    solver = _new_solver(args)
    ending = Deal.from_pbn("N:A... K... Q... J...", partial=True)
    solver.tricks_per_card(ending, 4, 0)  # load/compile kernels
    solver.table(ending)
    load_seconds = time.perf_counter() - compile_start
    if args.exactness:
        return _exactness(args, solver)
    wanted = set(only or CATEGORIES)
    if args.no_tables:
        wanted.discard("table")
    rng = random.Random(args.seed)
    stats = {name: _Timings() for name in CATEGORIES}
    rows: list[dict] = []
    if args.nodes and not args.json:
        print(f"{'category':<8} {'deal':>4} {'strain':>6} {'first':>5} {'tenace ts':>11} {'dds nodes':>10} "
              f"{'ratio':>7} {'tenace ms':>10} {'dds ms':>9}")
    for index, deal in enumerate(random_deals(args.seed, args.deals)):
        strain = index % 5 if strains is None else strains[index % len(strains)]
        leader = rng.randrange(4)
        positions = [("lead", deal, leader)]
        for name, n in (("after4", 4), ("after8", 8)):
            rest, next_leader = play_random_tricks(deal, strain, leader, n, random.Random(rng.random()))
            positions.append((name, rest, next_leader))
        for name, position, first in positions:
            if name not in wanted:
                continue
            if args.fresh_table:
                solver.clear()
            before = solver.trick_starts
            t1, mine = _timed(lambda: solver.tricks_per_card(position, strain, first))
            mine_nodes = solver.trick_starts - before
            t2, (ref, ref_nodes) = _timed(lambda: dds_solve_counted(position, strain, first))
            st = stats[name]
            st.tenace.append(t1)
            st.dds.append(t2)
            st.tenace_nodes.append(mine_nodes)
            st.dds_nodes.append(ref_nodes)
            if mine != ref:
                st.disagreements += 1
                print(f"DISAGREE {name} deal {index} {position.to_pbn()} strain {strain} leader {Seat(first).letter}: "
                      f"tenace {_fmt(mine)} dds {_fmt(ref)}")
            row = {"category": name, "deal": index, "strain": Strain(strain).letter, "first": Seat(first).letter,
                   "tenace_trick_starts": mine_nodes, "dds_nodes": ref_nodes,
                   "tenace_ms": round(t1 * 1e3, 3), "dds_ms": round(t2 * 1e3, 3)}
            rows.append(row)
            if args.nodes and not args.json:
                _print_row(row)
        if "table" in wanted:
            if args.fresh_table:
                solver.clear()
            before = solver.trick_starts
            t1, mine_t = _timed(lambda: solver.table(deal))
            mine_nodes = solver.trick_starts - before
            t2, ref_t = _timed(lambda: dds_table(deal))
            st = stats["table"]
            st.tenace.append(t1)
            st.dds.append(t2)
            st.tenace_nodes.append(mine_nodes)
            if [list(r) for r in mine_t.tricks] != ref_t:
                st.disagreements += 1
                print(f"DISAGREE table deal {index} {deal.to_pbn()}: tenace {mine_t.tricks} dds {ref_t}")
            row = {"category": "table", "deal": index, "strain": "all", "first": "all",
                   "tenace_trick_starts": mine_nodes, "dds_nodes": None,
                   "tenace_ms": round(t1 * 1e3, 3), "dds_ms": round(t2 * 1e3, 3)}
            rows.append(row)
            if args.nodes and not args.json:
                _print_row(row)
        if args.verify and (index + 1) % 100 == 0:
            total = sum(s.disagreements for s in stats.values())
            print(f"{index + 1} deals checked, {total} disagreements", flush=True)
    total = sum(s.disagreements for s in stats.values())
    positions = sum(len(s.tenace) for s in stats.values())
    summary = {name: _summary(st) for name, st in stats.items() if st.tenace}
    if args.json:
        from ..cli.output import emit_json

        emit_json({"deals": args.deals, "seed": args.seed, "load_seconds": round(load_seconds, 3),
                   "table_mb": round(solver.table_bytes / 2**20), "nodes": solver.nodes,
                   "trick_starts": solver.trick_starts, "categories": summary, "positions": positions,
                   "disagreements": total, **({"rows": rows} if args.nodes else {})})
        return 1 if total else 0
    print(f"deals {args.deals} seed {args.seed}; kernel load/compile {load_seconds:.2f} s; "
          f"Tenace table {solver.table_bytes / 2**20:.0f} MB, nodes {solver.nodes}, trick starts {solver.trick_starts}")
    if not args.verify:
        print(f"{'category':<8} {'n':>5} {'tenace med ms':>14} {'p90':>9} {'dds med ms':>11} {'p90':>9} "
              f"{'ratio(med)':>10} {'med ratio':>10}")
        for name, s in summary.items():
            print(f"{name:<8} {s['n']:>5} {s['tenace_median_ms']:>14.2f} {s['tenace_p90_ms']:>9.2f} "
                  f"{s['dds_median_ms']:>11.2f} {s['dds_p90_ms']:>9.2f} {s['ratio_of_medians']:>10.2f} "
                  f"{s['median_ratio']:>10.2f}")
        if args.nodes:
            print(f"{'category':<8} {'tenace ts':>12} {'dds nodes':>11} {'ratio':>7} {'med ratio':>10}")
            for name, s in summary.items():
                if s["dds_nodes"] is None:
                    print(f"{name:<8} {s['tenace_trick_starts']:>12} {'-':>11}")
                    continue
                print(f"{name:<8} {s['tenace_trick_starts']:>12} {s['dds_nodes']:>11} "
                      f"{s['tenace_trick_starts'] / max(1, s['dds_nodes']):>7.2f} {s['median_node_ratio']:>10.2f}")
    print(f"positions {positions}, disagreements {total}")
    return 1 if total else 0


def _summary(st: _Timings) -> dict:
    ratios = [a / b for a, b in zip(st.tenace, st.dds) if b > 0]
    tm, dm = statistics.median(st.tenace) * 1e3, statistics.median(st.dds) * 1e3
    out = {"n": len(st.tenace), "tenace_median_ms": round(tm, 3), "tenace_p90_ms": round(_p90(st.tenace) * 1e3, 3),
           "dds_median_ms": round(dm, 3), "dds_p90_ms": round(_p90(st.dds) * 1e3, 3),
           "ratio_of_medians": round(tm / dm, 3) if dm else float("inf"),
           "median_ratio": round(statistics.median(ratios), 3) if ratios else float("nan"),
           "tenace_trick_starts": sum(st.tenace_nodes), "dds_nodes": sum(st.dds_nodes) if st.dds_nodes else None,
           "disagreements": st.disagreements}
    if st.dds_nodes:
        node_ratios = [a / max(1, b) for a, b in zip(st.tenace_nodes, st.dds_nodes)]
        out["median_node_ratio"] = round(statistics.median(node_ratios), 3)
    return out


def _print_row(row: dict) -> None:
    dds_nodes = row["dds_nodes"]
    ratio = f"{row['tenace_trick_starts'] / max(1, dds_nodes):7.2f}" if dds_nodes is not None else f"{'-':>7}"
    print(f"{row['category']:<8} {row['deal']:>4} {row['strain']:>6} {row['first']:>5} "
          f"{row['tenace_trick_starts']:>11} {dds_nodes if dds_nodes is not None else '-':>10} {ratio} "
          f"{row['tenace_ms']:>10.2f} {row['dds_ms']:>9.2f}", flush=True)


def _exactness(args: argparse.Namespace, solver) -> int:
    if args.positions < 1:
        raise ValueError(f"--positions must be ≥ 1, got {args.positions}")
    disagreements = 0
    leads = 0
    start = time.perf_counter()
    for i, pos in enumerate(exactness_positions(args.seed, args.positions)):
        leads += pos.hands.is_full and not pos.played
        mine = solver.tricks_per_card(pos.hands, pos.strain, pos.leader, pos.played)
        ref = dds_tricks_per_card(pos.hands, pos.strain, pos.leader, pos.played)
        if mine != ref:
            disagreements += 1
            print(f"DISAGREE position {i} {pos.describe()}: tenace {_fmt(mine)} dds {_fmt(ref)}", flush=True)
        if (i + 1) % 100 == 0 and not args.json:
            print(f"{i + 1} positions checked, {disagreements} disagreements", flush=True)
    seconds = time.perf_counter() - start
    if args.json:
        from ..cli.output import emit_json

        emit_json({"exactness": True, "seed": args.seed, "positions": args.positions, "opening_leads": leads,
                   "disagreements": disagreements, "seconds": round(seconds, 1)})
    else:
        print(f"exactness seed {args.seed}: positions {args.positions} (full-deal opening leads {leads}), "
              f"disagreements {disagreements}, {seconds:.0f} s")
    return 1 if disagreements else 0


def _fmt(values: dict[int, int]) -> str:
    return "{" + ", ".join(f"{card_str(c)}: {v}" for c, v in sorted(values.items())) + "}"
