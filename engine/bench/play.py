"""``tenace-cli bench play``: decision time of the bridge declarers (paper 001, table 2).

Each configuration plays the same deals as declarer (3NT by South on a 15–17
balanced opener, as in the paper) against a fixed defence; every declarer
decision that needed a search (not forced after bucketing) is timed.  Reported
per configuration: the median time per card at trick 1, and the median and mean
over whole deals.  Configurations: PIMC with 20 worlds, αμ with M = 1, 2, 3
with the transposition table and cuts, and (unless ``--skip-plain``) αμ with
M = 2, 3 without them.  The players' solver shares each large position's worlds
over ``--threads`` threads (default one per core); ``--clock cpu`` counts the
CPU time of all of them, ``--clock wall`` what the user waits.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..bridge.contract import Contract
from ..bridge.table import play_out
from ..bridge.view import BridgeView
from ..cli.options import DEALS, SEED, THREADS, WORLDS, add_number
from ..cli.output import emit_json
from ..core.cards import Card
from ..core.seats import Seat
from ..match.bridge import CARDS, deal_stream, player_seed
from ..players.bridge_alphamu import BridgeAlphaMuPlayer
from ..players.bridge_pimc import BridgePimcPlayer, forced_card
from ..players.registry import Game, create_player
from ..solvers.solver_oracle import MAX_THREADS, SolverOracle, default_threads

__all__ = ["register", "run", "Config", "CONFIGS", "time_config"]


@dataclass(frozen=True, slots=True)
class Config:
    label: str
    make: Callable[[int, int], Any]  # (worlds, seed) -> player
    max_moves: int
    tt_and_cuts: bool


CONFIGS: tuple[Config, ...] = (
    Config("pimc", lambda w, s: BridgePimcPlayer(w, s), 1, True),
    Config("alphamu M=1", lambda w, s: BridgeAlphaMuPlayer(1, w, s), 1, True),
    Config("alphamu M=2", lambda w, s: BridgeAlphaMuPlayer(2, w, s), 2, True),
    Config("alphamu M=3", lambda w, s: BridgeAlphaMuPlayer(3, w, s), 3, True),
    Config("alphamu M=2 plain", lambda w, s: BridgeAlphaMuPlayer(2, w, s, transposition_table=False, cuts=False),
           2, False),
    Config("alphamu M=3 plain", lambda w, s: BridgeAlphaMuPlayer(3, w, s, transposition_table=False, cuts=False),
           3, False),
)


@dataclass
class _Timer:
    """Wraps a player and records the seconds of each searched decision with its trick number."""

    inner: Any
    times: list[tuple[int, float]] = field(default_factory=list)
    clock: Callable[[], float] = time.perf_counter
    """``time.perf_counter`` (wall) or ``time.process_time`` (the CPU of every thread of this process: steady on
    a busy machine, and the total work when the solver runs on several threads)."""

    @property
    def name(self) -> str:
        return str(self.inner.name)

    def choose_card(self, view: BridgeView) -> Card:
        if forced_card(view) is not None:
            return self.inner.choose_card(view)
        start = self.clock()
        card = self.inner.choose_card(view)
        self.times.append((len(view.tricks), self.clock() - start))
        return card


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def time_config(config: Config, deals: int, seed: int, worlds: int, defence: str, cards: int = 13,
                clock: str = "wall", threads: int = 1) -> dict[str, object]:
    contract, declarer = Contract.parse("3NT"), Seat.SOUTH
    trick1: list[float] = []
    every: list[float] = []
    stream = deal_stream(seed, contract, declarer, cards)
    # A solver of its own: configurations play the same deals with the same worlds, and answers
    # left in a shared transposition table would make every configuration after the first look fast.
    oracle = SolverOracle(threads=threads)
    for index in range(deals):
        board = next(stream)
        player = config.make(worlds, player_seed(seed, index, int(declarer)))
        if hasattr(player, "oracle"):
            player.oracle = oracle
        timer = _Timer(board.prepare(player, contract, declarer), clock=CLOCKS[clock])
        players: list[Any] = []
        for seat in Seat:
            if seat.same_side(declarer):
                players.append(timer)
            else:
                player = create_player(Game.BRIDGE, defence, seed=player_seed(seed, index, int(seat)))
                players.append(board.prepare(player, contract, declarer))
        play_out(board.new_play(contract, declarer), players)
        trick1.extend(t for k, t in timer.times if k == 0)
        every.extend(t for _, t in timer.times)
    return {
        "config": config.label,
        "max_moves": config.max_moves,
        "tt_and_cuts": config.tt_and_cuts,
        "worlds": worlds,
        "deals": deals,
        "cards": cards,
        "clock": clock,
        "threads": threads,
        "decisions": len(every),
        "trick1_median_s": round(statistics.median(trick1), 4) if trick1 else None,
        "deal_median_s": round(statistics.median(every), 4) if every else None,
        "deal_mean_s": round(statistics.fmean(every), 4) if every else None,
    }


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("play", help="bridge declarer decision time: pimc and alphamu M=1,2,3 (paper 001)")
    add_number(p, "--deals", bounds=DEALS, default=5, help="deals per configuration")
    add_number(p, "--seed", bounds=SEED, default=2020, help="seed of the deals and the players")
    add_number(p, "--worlds", bounds=WORLDS, default=20, help="worlds per decision")
    p.add_argument("--defence", default="rules", help="defence spec (default rules: only declarer is timed)")
    p.add_argument("--configs", default=None,
                   help="comma-separated labels to run (default all), e.g. 'pimc,alphamu M=3'")
    add_number(p, "--cards", bounds=CARDS, default=13, help="tricks per board (13 = full deals; fewer = endings)")
    p.add_argument("--skip-plain", action="store_true", help="skip αμ without table and cuts (slow)")
    p.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                   help="wall: elapsed time (default); cpu: this process's CPU time over all its threads, which "
                        "other work on a busy machine does not inflate")
    add_number(p, "--threads", bounds=THREADS, default=None,
               help=f"solver threads per decision (default: one per core, at most {MAX_THREADS})")
    p.add_argument("--json", action="store_true", help="one JSON object per configuration")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    threads = default_threads() if args.threads is None else args.threads
    create_player(Game.BRIDGE, args.defence, seed=0)  # a bad spec fails before any timing
    configs = list(CONFIGS)
    if args.configs:
        wanted = [c.strip() for c in args.configs.split(",") if c.strip()]
        known = {c.label for c in CONFIGS}
        for label in wanted:
            if label not in known:
                raise ValueError(f"--configs: unknown configuration {label!r} (known: {', '.join(sorted(known))})")
        configs = [c for c in CONFIGS if c.label in wanted]
    if args.skip_plain:
        configs = [c for c in configs if c.tt_and_cuts]
    # Compile the double-dummy kernels outside the timings.
    time_config(CONFIGS[0], 1, args.seed + 1, 2, "rules", min(args.cards, 5))
    for config in configs:
        row = time_config(config, args.deals, args.seed, args.worlds, args.defence, args.cards, args.clock, threads)
        if args.json:
            emit_json(row)
        else:
            print(f"{row['config']:<20} trick 1 median {row['trick1_median_s']} s   "
                  f"whole deals median {row['deal_median_s']} s, mean {row['deal_mean_s']} s "
                  f"({row['decisions']} decisions)", flush=True)
    return 0
