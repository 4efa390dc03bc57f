"""``tenace-cli bench bidding``: how far the bidding system lands from double-dummy par.

Every board is a seeded random deal numbered 1..N (dealer and vulnerability by
the duplicate rotation).  The system bids all four hands; its contract is scored
with the declarer's double-dummy tricks and compared with the board's par
(:mod:`engine.analysis.par`) in IMPs.  The same figures are given for three
simple baselines on the same boards:

* ``pass_out`` — every board passed out;
* ``3nt_stronger_side`` — 3NT played by the side with more HCP, by its hand with
  more HCP (North-South on a 20-20 split);
* ``dd_choice_stronger_side`` — the app's automatic contract (bid to the level the
  side makes double-dummy in its best-scoring strain,
  :func:`~engine.session.contract_choice.choose_contract`) for the side with more HCP.

For each method: mean absolute IMPs from par per board; games and slams bid that
make, that fail, and missed (a side could make one double-dummy and did not bid
one); partscore accuracy (on boards whose par is a partscore or passed out: the
share of boards scoring exactly par, and their mean IMPs).

Double-dummy tables come from DDS (endplay, a test extra) when it is installed,
otherwise from Tenace's solver (slower); ``--solver`` chooses, ``--tables FILE``
keeps them between runs (JSON lines keyed by deal).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..analysis.par import contract_score_ns, par
from ..bidding import bid_deal
from ..bridge.auction import Auction
from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.scoring import imps
from ..cli.cmd_bid import system_from_arg
from ..cli.inputs import InputError, Record, input_lines, load_json
from ..cli.options import DEALS, SEED, add_number
from ..cli.output import emit_json
from ..core.deal import Deal, random_deals
from ..core.seats import Seat
from ..session.contract_choice import ContractMethod, choose_contract
from ..solvers.oracle import DDTable

__all__ = ["register", "run", "BoardOutcome", "evaluate", "METHODS"]

Table = tuple[tuple[int, int, int, int], ...]
GAME_LEVEL = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4, Strain.DIAMONDS: 5, Strain.CLUBS: 5}


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("bidding", help="bidding system vs double-dummy par, beside simple baselines")
    add_number(p, "--deals", bounds=DEALS, default=100, help="number of random boards")
    add_number(p, "--seed", bounds=SEED, default=1, help="random seed")
    p.add_argument("--system", default="sayc", help="system card: 'sayc' or a card file")
    p.add_argument("--solver", choices=("auto", "dds", "tenace"), default="auto",
                   help="double-dummy tables from DDS (endplay) or Tenace's solver (auto: DDS when installed)")
    p.add_argument("--tables", default=None, help="file keeping double-dummy tables between runs (JSON lines)")
    p.add_argument("--boards", action="store_true", help="also print one line per board (with --json)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)


@dataclass(frozen=True, slots=True)
class BoardOutcome:
    """One method's result on one board: the contract (``None``: passed out) and its score against par."""

    contract: Contract | None
    declarer: Seat | None
    score_ns: int
    par_ns: int

    @property
    def imps(self) -> int:
        return abs(imps(self.score_ns - self.par_ns))


@dataclass
class Summary:
    """The figures of one method over all boards."""

    boards: int = 0
    imps: list[int] = field(default_factory=list)
    games: dict[str, int] = field(default_factory=lambda: {"bid_made": 0, "bid_failed": 0, "missed": 0})
    slams: dict[str, int] = field(default_factory=lambda: {"bid_made": 0, "bid_failed": 0, "missed": 0})
    partscore_boards: int = 0
    partscore_at_par: int = 0
    partscore_imps: list[int] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "mean_abs_imps": round(statistics.fmean(self.imps), 3) if self.imps else 0.0,
            "total_abs_imps": sum(self.imps),
            "boards_at_par": sum(1 for x in self.imps if x == 0),
            "games": dict(self.games),
            "slams": dict(self.slams),
            "partscores": {
                "boards": self.partscore_boards,
                "at_par": self.partscore_at_par,
                "share_at_par": round(self.partscore_at_par / self.partscore_boards, 3) if self.partscore_boards else 0.0,
                "mean_abs_imps": round(statistics.fmean(self.partscore_imps), 3) if self.partscore_imps else 0.0,
            },
        }


def _best_tricks(table: Table, strain: int, side_ns: bool) -> int:
    seats = (0, 2) if side_ns else (1, 3)
    return max(table[strain][s] for s in seats)


def _is_game(contract: Contract) -> bool:
    return contract.level >= GAME_LEVEL[contract.strain]


def _add(summary: Summary, outcome: BoardOutcome, table: Table, par_contract: Contract | None) -> None:
    summary.boards += 1
    summary.imps.append(outcome.imps)
    for side_ns in (True, False):
        can_game = any(_best_tricks(table, s, side_ns) >= GAME_LEVEL[Strain(s)] + 6 for s in range(5))
        can_slam = any(_best_tricks(table, s, side_ns) >= 12 for s in range(5))
        c, d = outcome.contract, outcome.declarer
        ours = c is not None and d is not None and d.is_ns == side_ns
        bid_game = ours and _is_game(c) and c.level < 6  # type: ignore[arg-type]
        bid_slam = ours and c.level >= 6  # type: ignore[union-attr]
        if ours:
            made = table[c.strain][d] >= c.tricks_needed  # type: ignore[union-attr,index]
            if bid_game:
                summary.games["bid_made" if made else "bid_failed"] += 1
            if bid_slam:
                summary.slams["bid_made" if made else "bid_failed"] += 1
        if can_game and not (bid_game or bid_slam):
            summary.games["missed"] += 1
        if can_slam and not bid_slam:
            summary.slams["missed"] += 1
    if par_contract is None or not _is_game(par_contract):
        summary.partscore_boards += 1
        summary.partscore_imps.append(outcome.imps)
        if outcome.score_ns == outcome.par_ns:
            summary.partscore_at_par += 1


def _score(contract: Contract | None, declarer: Seat | None, table: Table, vul: Vulnerability) -> int:
    if contract is None or declarer is None:
        return 0
    return contract_score_ns(contract, declarer, table[contract.strain][declarer], vul)


Method = Callable[[Deal, Table, Seat, Vulnerability], tuple[Contract | None, Seat | None]]


def _stronger_side(deal: Deal) -> tuple[Seat, Seat]:
    ns = deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp()
    return (Seat.NORTH, Seat.SOUTH) if ns >= 20 else (Seat.EAST, Seat.WEST)


def _pass_out(deal: Deal, table: Table, dealer: Seat, vul: Vulnerability):
    return None, None


def _three_nt(deal: Deal, table: Table, dealer: Seat, vul: Vulnerability):
    a, b = _stronger_side(deal)
    declarer = a if deal[a].hcp() >= deal[b].hcp() else b
    return Contract(3, Strain.NOTRUMP), declarer


def _dd_choice(deal: Deal, table: Table, dealer: Seat, vul: Vulnerability):
    a, b = _stronger_side(deal)
    rows = [list(row) for row in table]
    choice = choose_contract(DDTable.from_rows(rows), vul, ContractMethod.DOUBLE_DUMMY, deal=deal, declarers=(b, a))
    return choice.contract, choice.declarer


def _system_method(system) -> Method:
    def method(deal: Deal, table: Table, dealer: Seat, vul: Vulnerability):
        records = bid_deal(system, deal, dealer, vul)
        outcome = Auction(dealer, tuple(r.call for r in records)).outcome()
        if outcome is None or not isinstance(outcome, tuple):
            return None, None
        return outcome

    return method


METHODS: dict[str, Method] = {
    "pass_out": _pass_out,
    "3nt_stronger_side": _three_nt,
    "dd_choice_stronger_side": _dd_choice,
}


def evaluate(deal: Deal, table: Table, dealer: Seat, vul: Vulnerability, method: Method) -> BoardOutcome:
    """One method on one board against par."""
    contract, declarer = method(deal, table, dealer, vul)
    return BoardOutcome(contract, declarer, _score(contract, declarer, table, vul), par(table, vul, dealer).score_ns)


def _table_source(solver: str) -> tuple[str, Callable[[Deal], Table]]:
    if solver in ("auto", "dds"):
        try:
            from ..solvers.dds_oracle import dds_table, use_one_thread

            use_one_thread()
            return "dds", lambda deal: tuple(tuple(row) for row in dds_table(deal))  # type: ignore[misc]
        except Exception:
            if solver == "dds":
                raise
    from ..solvers.dd import DoubleDummySolver

    solver_ = DoubleDummySolver()
    return "tenace", lambda deal: solver_.table(deal).tricks  # type: ignore[return-value]


def _table(tricks: object, where: str) -> Table:
    """A saved table: five strains (C, D, H, S, NT) of four seats (N, E, S, W), each 0..13 tricks."""
    if (not isinstance(tricks, list) or len(tricks) != 5
            or not all(isinstance(row, list) and len(row) == 4 for row in tricks)):
        raise InputError(f"{where}: field 'tricks' must be 5 rows (C, D, H, S, NT) of 4 trick counts (N, E, S, W)")
    for row in tricks:
        for t in row:
            if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 13:
                raise InputError(f"{where}: field 'tricks': a trick count must be an integer 0..13, got {t!r:.40}")
    return tuple(tuple(row) for row in tricks)  # type: ignore[return-value]


def _load_tables(path: Path | None) -> dict[str, Table]:
    """The tables a previous run saved; a bad line is refused naming the file, the line and the field."""
    if path is None or not path.exists():
        return {}
    out = {}
    for where, _, line in input_lines(str(path)):
        item = Record(load_json(line, where), where, ("deal", "tricks"), "a table line ({\"deal\": ..., \"tricks\": ...})")
        deal = item.text("deal", max_chars=80)
        out[deal] = _table(item.obj.get("tricks"), where)
    return out


def run(args: argparse.Namespace) -> int:
    system = system_from_arg(args.system)
    tables = None if args.tables is None else Path(args.tables)
    solver_name, solve = _table_source(args.solver)
    cache = _load_tables(tables)
    new_tables: dict[str, Table] = {}
    methods = {"system": _system_method(system), **METHODS}
    summaries = {name: Summary() for name in methods}
    started = time.process_time()
    dd_seconds = 0.0
    for index, deal in enumerate(random_deals(args.seed, args.deals)):
        number = index + 1
        dealer, vul = Seat(index % 4), Vulnerability.for_board(number)
        key = deal.to_pbn()
        table = cache.get(key)
        if table is None:
            t0 = time.process_time()
            table = solve(deal)
            dd_seconds += time.process_time() - t0
            new_tables[key] = table
        par_result = par(table, vul, dealer)
        line = {"board": number, "par": par_result.score_ns}
        for name, method in methods.items():
            outcome = evaluate(deal, table, dealer, vul, method)
            _add(summaries[name], outcome, table, par_result.contract)
            if name == "system":
                line.update(
                    contract="pass" if outcome.contract is None else str(outcome.contract),
                    declarer=None if outcome.declarer is None else outcome.declarer.letter,
                    score=outcome.score_ns, imps=outcome.imps,
                )
        if args.boards and args.json:
            emit_json(line)
    if tables is not None and new_tables:
        with tables.open("a") as f:
            for key, table in new_tables.items():
                f.write(json.dumps({"deal": key, "tricks": [list(r) for r in table]}) + "\n")
    system_summary = summaries.pop("system").as_json()
    result = {
        "deals": args.deals,
        "seed": args.seed,
        "system": system.name,
        "solver": solver_name,
        **system_summary,
        "baselines": {name: s.as_json() for name, s in summaries.items()},
        "cpu_seconds": round(time.process_time() - started, 1),
        "dd_cpu_seconds": round(dd_seconds, 1),
    }
    if args.json:
        emit_json(result)
    else:
        print(f"{args.deals} boards, seed {args.seed}, system {system.name}, tables from {solver_name}")
        rows = [("system", system_summary)] + list(result["baselines"].items())
        print(f"{'method':<26}{'IMPs/board':>11}{'at par':>8}{'games +/-/missed':>20}{'slams +/-/missed':>20}{'partscore at par':>18}")
        for name, s in rows:
            g, sl, ps = s["games"], s["slams"], s["partscores"]
            print(f"{name:<26}{s['mean_abs_imps']:>11.2f}{s['boards_at_par']:>8}"
                  f"{g['bid_made']:>8}/{g['bid_failed']}/{g['missed']:<6}{sl['bid_made']:>10}/{sl['bid_failed']}/{sl['missed']:<6}"
                  f"{ps['at_par']:>10}/{ps['boards']}")
    return 0
