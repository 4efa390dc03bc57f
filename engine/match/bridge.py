"""``tenace-cli match bridge``: duplicate declarer play, two declarer specs against one defence spec.

Every deal is played twice with the same contract and declarer: once with A
playing declarer and dummy, once with B, the defence being the same spec with
the same seeds both times, so the luck of the cards cancels.  As in paper 001
(1NT–3NT), a no-trump contract is played on deals where declarer's hand is a
15–17 balanced opener, and that constraint is given to every player that
samples worlds.  ``--undecided`` keeps only deals where PIMC, from declarer's
seat after dummy is seen, gives the contract a 30–70% chance (the double-dummy
make rate over ``--filter-worlds`` sampled defence hands).  Deal ``i`` is the
``i``-th accepted deal of the seed's stream, so a match can be split with
``--first``.  ``--cards K`` plays random endings of K tricks instead (earlier
tricks credited so declarer needs the same share of the rest), for quick runs.
One JSON line per deal, then a summary: make rates of A and B, the difference
and its 95% confidence interval over deals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.play import BridgePlay
from ..bridge.table import play_out
from ..cli.output import emit_json
from ..core.deal import Deal, random_deal
from ..core.seats import Seat
from ..players.registry import Game, PlayerSpec, create_player
from ..solvers.oracle import DoubleDummyOracle
from ..solvers.solver_oracle import MAX_THREADS, SolverOracle, default_oracle
from ..worlds import HandConstraint
from .summary import paired_summary

__all__ = ["register", "run", "Board", "DealOutcome", "Result", "deal_stream", "ending_prior", "opener_constraint",
           "pimc_make_chance", "play_duplicate", "player_seed", "read_results", "result_summary"]


@dataclass(frozen=True, slots=True)
class Result:
    declarer_tricks: int
    made: bool
    score: int

    def to_dict(self) -> dict[str, object]:
        return {"tricks": self.declarer_tricks, "made": self.made, "score": self.score}


@dataclass(frozen=True, slots=True)
class DealOutcome:
    deal: int
    pbn: str
    pimc_chance: float | None
    a: Result
    b: Result

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"deal": self.deal, "pbn": self.pbn}
        if self.pimc_chance is not None:
            out["pimc_chance"] = round(self.pimc_chance, 4)
        out["a"] = self.a.to_dict()
        out["b"] = self.b.to_dict()
        return out


def player_seed(seed: int, deal: int, seat: int) -> int:
    """A stable per-seat seed (blake2b of the coordinates), the same for A's and B's play."""
    digest = hashlib.blake2b(f"tenace-match-bridge:{seed}:{deal}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def opener_constraint(contract: Contract) -> HandConstraint | None:
    """Declarer's auction constraint: a 15–17 balanced 1NT opener for no-trump contracts."""
    return HandConstraint.notrump_opener() if contract.strain is Strain.NOTRUMP else None


@dataclass(frozen=True, slots=True)
class Board:
    """A deal to play: a full deal, or an ending of ``cards`` tricks with earlier tricks credited."""

    deal: Deal
    prior: tuple[int, int] = (0, 0)  # earlier tricks: (declaring side, defenders)

    @property
    def cards(self) -> int:
        return self.deal.hand_sizes()[0]

    @property
    def out_of_play(self) -> int:
        """Cards gone before the ending started (public: an ending states its cards)."""
        return ((1 << 52) - 1) & ~self.deal.cards.mask

    def new_play(self, contract: Contract, declarer: Seat) -> BridgePlay:
        return BridgePlay(self.deal, contract, declarer, Vulnerability.NONE,
                          prior_declarer_tricks=self.prior[0], prior_defender_tricks=self.prior[1])

    def prepare(self, player: Any, contract: Contract, declarer: Seat) -> Any:
        """Tell a sampling player what the table knows: the auction and, in an ending, the gone cards."""
        constraint = opener_constraint(contract)
        if self.cards == 13 and constraint is not None and hasattr(player, "constraints"):
            player.constraints = {declarer: constraint}
        if self.cards < 13 and hasattr(player, "out_of_play"):
            player.out_of_play = self.out_of_play
        return player


def ending_prior(contract: Contract, cards: int) -> tuple[int, int]:
    """Earlier tricks for an ending of ``cards`` tricks: declarer's side still needs the same share
    of the remaining tricks as of a whole deal (rounded), the rest went to the defence."""
    done = 13 - cards
    still = round(cards * contract.tricks_needed / 13)
    declarer_side = min(done, max(0, contract.tricks_needed - still))
    return declarer_side, done - declarer_side


def pimc_make_chance(board: Board, contract: Contract, declarer: Seat, worlds: int, rng: random.Random,
                     oracle: DoubleDummyOracle) -> float:
    """Declarer's double-dummy make rate over deals that keep declarer's and dummy's hands and
    reshuffle the defenders' cards (PIMC's view of the deal once dummy is down)."""
    masks = board.deal.masks
    defenders = (int(declarer.lho), int(declarer.rho))
    pool = [c for c in range(52) if (masks[defenders[0]] | masks[defenders[1]]) >> c & 1]
    size = bin(masks[defenders[0]]).count("1")
    rows = []
    for _ in range(worlds):
        rng.shuffle(pool)
        hands = list(masks)
        hands[defenders[0]] = sum(1 << c for c in pool[:size])
        hands[defenders[1]] = sum(1 << c for c in pool[size:])
        rows.append(hands)
    leader = int(declarer.lho)
    need = contract.tricks_needed - board.prior[0]
    # Declarer makes unless some opening lead gives the defence the tricks to beat the contract:
    # make-or-fail questions, not exact counts (the same answer, far less search).
    defeats = oracle.batch_reach_per_card(np.array(rows, dtype=np.uint64), int(contract.strain), leader, (),
                                          board.cards - need + 1)
    made = sum(1 for row in defeats if not (row == 1).any())
    return made / worlds


def deal_stream(seed: int, contract: Contract, declarer: Seat, cards: int = 13) -> Iterator[Board]:
    """Boards of the match in order: uniform full deals on which declarer holds the opener's hand,
    or (``cards`` < 13) uniform endings of that many tricks."""
    if not 1 <= cards <= 13:
        raise ValueError(f"--cards must be between 1 and 13, got {cards}")
    rng = random.Random(seed)
    constraint = opener_constraint(contract)
    prior = ending_prior(contract, cards)
    while True:
        if cards == 13:
            deal = random_deal(rng)
            if constraint is None or constraint.accepts(deal.masks[int(declarer)]):
                yield Board(deal)
        else:
            pack = list(range(52))
            rng.shuffle(pack)
            yield Board(Deal.from_masks([sum(1 << c for c in pack[i * cards:(i + 1) * cards]) for i in range(4)]),
                        prior)


def _play(board: Board, contract: Contract, declarer: Seat, declarer_spec: PlayerSpec, defence: PlayerSpec,
          seed: int, index: int, oracle: DoubleDummyOracle | None = None) -> Result:
    players: list[Any] = [None] * 4
    for seat in Seat:
        spec = declarer_spec if seat.same_side(declarer) else defence
        player = create_player(Game.BRIDGE, spec, seed=player_seed(seed, index, int(seat)))
        if oracle is not None and hasattr(player, "oracle"):
            player.oracle = oracle
        players[seat] = board.prepare(player, contract, declarer)
    result = play_out(board.new_play(contract, declarer), players)
    made = result.declarer_tricks >= contract.tricks_needed
    return Result(result.declarer_tricks, made, int(result.score or 0))


def play_duplicate(spec_a: PlayerSpec, spec_b: PlayerSpec, defence: PlayerSpec, *, deals: int, seed: int,
                   contract: Contract, declarer: Seat, undecided: bool = False, filter_worlds: int = 20,
                   first: int = 0, cards: int = 13, oracle: DoubleDummyOracle | None = None) -> Iterator[DealOutcome]:
    """Play accepted boards ``first .. first+deals-1``, yielding each as it finishes.  ``oracle``
    (default: the engine's solver) answers the filter's and every searching player's
    double-dummy questions."""
    if undecided and oracle is None:
        oracle = default_oracle()
    filter_rng = random.Random(seed ^ 0x5EED)
    accepted = 0
    for board in deal_stream(seed, contract, declarer, cards):
        chance = None
        if undecided:
            assert oracle is not None
            chance = pimc_make_chance(board, contract, declarer, filter_worlds, filter_rng, oracle)
            if not 0.3 <= chance <= 0.7:
                continue
        index = accepted
        accepted += 1
        if index < first:
            continue
        if index >= first + deals:
            return
        a = _play(board, contract, declarer, spec_a, defence, seed, index, oracle)
        b = _play(board, contract, declarer, spec_b, defence, seed, index, oracle)
        yield DealOutcome(index, board.deal.to_pbn(Seat.NORTH), chance, a, b)


def _interval(ci: tuple[float, float] | None) -> list[float] | None:
    return None if ci is None else [round(ci[0], 4), round(ci[1], 4)]


def result_summary(rows: list[dict[str, Any]]) -> dict[str, object]:
    """Make rates and tricks of A and B over deal lines (``DealOutcome.to_dict()``), with the
    paired differences and their 95% intervals."""
    if not rows:
        raise ValueError("no deal results to summarise")
    made = paired_summary([float(r["a"]["made"]) for r in rows], [float(r["b"]["made"]) for r in rows])
    tricks = paired_summary([float(r["a"]["tricks"]) for r in rows], [float(r["b"]["tricks"]) for r in rows])
    return {
        "deals": made.deals,
        "make_a": round(made.mean_a, 4),
        "make_b": round(made.mean_b, 4),
        "make_diff": round(made.diff, 4),
        "make_ci95": _interval(made.ci95),
        "tricks_diff": round(tricks.diff, 4),
        "tricks_ci95": _interval(tricks.ci95),
        "different_results": sum(r["a"]["tricks"] != r["b"]["tricks"] for r in rows),
    }


def read_results(paths: list[str]) -> list[dict[str, Any]]:
    """The deal lines of ``match bridge --json`` outputs (summary lines skipped), for ``--combine``;
    a line that is not a deal result is an error naming the file and line."""
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}, line {number}: not JSON ({exc.msg})") from None
                if "summary" in row:
                    continue
                if not isinstance(row, dict) or not {"a", "b"} <= set(row) or not all(
                        isinstance(row[k], dict) and {"tricks", "made"} <= set(row[k]) for k in ("a", "b")):
                    raise ValueError(f"{path}, line {number}: not a match bridge deal result")
                rows.append(row)
    return rows


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("bridge", help="duplicate declarer play: specs A and B against one defence")
    p.add_argument("--deals", type=int, default=100, help="number of deals (each played by A and by B)")
    p.add_argument("--seed", type=int, default=0, help="seed for the deals and the players")
    p.add_argument("--first", type=int, default=0, help="index of the first accepted deal (to split a match)")
    p.add_argument("--contract", default="3NT", help="contract, e.g. 3NT or 4S")
    p.add_argument("--declarer", default="S", help="declarer seat (N, E, S, W)")
    p.add_argument("--a", help="declarer spec of side A, e.g. alphamu:m=2,worlds=20 (required unless --combine)")
    p.add_argument("--b", help="declarer spec of side B, e.g. pimc:worlds=20 (required unless --combine)")
    p.add_argument("--defence", default="pimc", help="defence spec for both, e.g. pimc:worlds=20")
    p.add_argument("--undecided", action="store_true", help="keep deals where PIMC makes 30-70%%")
    p.add_argument("--filter-worlds", type=int, default=20, help="worlds for the --undecided estimate")
    p.add_argument("--cards", type=int, default=13,
                   help="tricks per board: 13 = full deals, fewer = random endings with earlier tricks credited")
    p.add_argument("--solver", choices=("tenace", "dds"), default="tenace",
                   help="double-dummy solver behind the searches: tenace (default) or dds (DDS through endplay, "
                        "a test extra: exact like tenace, so the same cards are played, but faster on full deals; "
                        "for long strength runs)")
    p.add_argument("--threads", type=int, default=None,
                   help="solver threads per decision with --solver tenace (default: one per core, at most "
                        f"{MAX_THREADS}); 1 when several matches share the machine")
    p.add_argument("--combine", nargs="+", metavar="FILE",
                   help="play nothing: summarise the deal lines of earlier --json outputs (runs split by --first "
                        "or --seed) as one match")
    p.add_argument("--json", action="store_true", help="one JSON object per deal, then a summary object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.combine:
        summary = {"summary": "bridge", "files": args.combine, **result_summary(read_results(args.combine))}
        if args.json:
            emit_json(summary)
        else:
            print(summary, flush=True)
        return 0
    if args.a is None or args.b is None:
        raise ValueError("--a and --b are required (the two declarer specs), unless --combine is given")
    if args.deals < 1:
        raise ValueError(f"--deals must be at least 1, got {args.deals}")
    if args.first < 0:
        raise ValueError(f"--first must be ≥ 0, got {args.first}")
    if args.filter_worlds < 1:
        raise ValueError(f"--filter-worlds must be at least 1, got {args.filter_worlds}")
    contract = Contract.parse(args.contract)
    declarer = Seat.parse(args.declarer)
    specs = [PlayerSpec.parse(args.a), PlayerSpec.parse(args.b), PlayerSpec.parse(args.defence)]
    for spec in specs:  # fail on a bad spec before any deal is played
        create_player(Game.BRIDGE, spec, seed=0)
    if args.threads is not None and args.threads < 1:
        raise ValueError(f"--threads must be at least 1, got {args.threads}")
    oracle: DoubleDummyOracle | None = None  # None: the engine's default (one solver thread per core)
    if args.solver == "dds":
        from ..solvers.dds_oracle import DdsOracle

        oracle = DdsOracle()
    elif args.threads is not None:
        oracle = SolverOracle(threads=args.threads)
    outcomes = []
    for outcome in play_duplicate(*specs, deals=args.deals, seed=args.seed, contract=contract, declarer=declarer,
                                  undecided=args.undecided, filter_worlds=args.filter_worlds, first=args.first,
                                  cards=args.cards, oracle=oracle):
        outcomes.append(outcome)
        if args.json:
            emit_json(outcome.to_dict())
        else:
            print(f"deal {outcome.deal:4d}  A {outcome.a.declarer_tricks:2d} tricks  "
                  f"B {outcome.b.declarer_tricks:2d} tricks", flush=True)
    summary = {
        "summary": "bridge",
        "contract": str(contract),
        "declarer": declarer.letter,
        "solver": args.solver,
        "a": str(specs[0]),
        "b": str(specs[1]),
        "defence": str(specs[2]),
        **result_summary([o.to_dict() for o in outcomes]),
    }
    if args.json:
        emit_json(summary)
    else:
        print(summary, flush=True)
    return 0
