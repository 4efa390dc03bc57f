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
``--first``.  The filter's worlds come from a generator seeded by the match
seed and the deal's place in the stream, so each deal is judged on its own:
the filter, then the deals, run as tasks on a pool of worker processes (one
per core by default, one solver thread each), a Dask cluster (``--dask``) or
this process (``--workers 1``), with the same lines in the same order
whichever runs them (:mod:`.pool`); ``--save``/``--resume`` keep finished
deals across an interruption (:mod:`.journal`).  ``--cards K`` plays random endings of K tricks instead (earlier
tricks credited so declarer needs the same share of the rest), for quick runs.
One JSON line per deal, then a summary: make rates of A and B, the difference
and its 95% confidence interval over deals.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import threading
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.play import BridgePlay
from ..bridge.table import play_out
from ..cli.inputs import InputError, Record, input_lines, load_json
from ..cli.options import DEALS, FIRST, SEED, THREADS, WORLDS, add_number, player_epilog
from ..cli.output import emit_json, note
from ..core.bounds import Bounds
from ..core.deal import Deal, random_deal
from ..core.quoting import quoted
from ..core.seats import Seat
from ..players.registry import Game, PlayerSpec, create_player
from ..solvers.oracle import DoubleDummyOracle
from ..solvers.solver_oracle import MAX_THREADS, SolverOracle, default_oracle
from ..worlds import HandConstraint
from .journal import Journal, is_header
from .pool import Parallelism, Progress, add_parallel_arguments, parallelism_from_args, run_tasks
from .summary import paired_summary

TRICKS_TAKEN = Bounds.integers(0, 13)
DEAL_INDEX = Bounds.integers(0, 2 * 10**9)
CARDS = Bounds.integers(1, 13)

__all__ = ["register", "run", "Board", "DealOutcome", "Result", "deal_stream", "ending_prior", "opener_constraint",
           "pimc_make_chance", "play_duplicate", "player_seed", "read_results", "result_summary", "Solvers",
           "FilterTask", "PlayTask", "filter_chance", "play_board", "accepted_boards", "filter_seed"]


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


def filter_seed(seed: int, candidate: int) -> int:
    """The seed of the undecided filter's worlds for the ``candidate``-th deal of the stream."""
    digest = hashlib.blake2b(f"tenace-match-bridge-filter:{seed}:{candidate}".encode(), digest_size=8).digest()
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


@dataclass(frozen=True, slots=True)
class Solvers:
    """Who answers the double-dummy questions, as a picklable choice (each process builds its own):
    ``tenace`` with ``threads`` solver threads (``None``: the engine's default), or ``dds``."""

    solver: str = "tenace"
    threads: int | None = None

    def oracle(self) -> DoubleDummyOracle | None:
        """This thread's oracle (solvers are not thread-safe), or ``None`` for the players' own default."""
        if self.solver == "tenace" and self.threads is None:
            return None
        built = _ORACLES.__dict__.setdefault("built", {})
        key = (self.solver, self.threads)
        if key not in built:
            if self.solver == "dds":
                from ..solvers.dds_oracle import DdsOracle

                built[key] = DdsOracle()
            else:
                built[key] = SolverOracle(threads=self.threads)
        return built[key]

    def filter_oracle(self) -> DoubleDummyOracle:
        return self.oracle() or default_oracle()


_ORACLES = threading.local()


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


@dataclass(frozen=True, slots=True)
class FilterTask:
    """The undecided filter's question for one deal of the stream (picklable, for worker processes)."""

    board: Board
    contract: Contract
    declarer: Seat
    worlds: int
    seed: int
    candidate: int
    solvers: Solvers


def filter_chance(task: FilterTask) -> float:
    rng = random.Random(filter_seed(task.seed, task.candidate))
    return pimc_make_chance(task.board, task.contract, task.declarer, task.worlds, rng, task.solvers.filter_oracle())


@dataclass(frozen=True, slots=True)
class PlayTask:
    """One accepted deal, to be played by A and by B (picklable, for worker processes)."""

    board: Board
    contract: Contract
    declarer: Seat
    specs: tuple[str, str, str]
    seed: int
    index: int
    chance: float | None
    solvers: Solvers


def play_board(task: PlayTask) -> DealOutcome:
    spec_a, spec_b, defence = (PlayerSpec.parse(s) for s in task.specs)
    oracle = task.solvers.oracle()
    a = _play(task.board, task.contract, task.declarer, spec_a, defence, task.seed, task.index, oracle)
    b = _play(task.board, task.contract, task.declarer, spec_b, defence, task.seed, task.index, oracle)
    return DealOutcome(task.index, task.board.deal.to_pbn(Seat.NORTH), task.chance, a, b)


def accepted_boards(*, deals: int, seed: int, contract: Contract, declarer: Seat, undecided: bool = False,
                    filter_worlds: int = 20, first: int = 0, cards: int = 13, solvers: Solvers = Solvers(),
                    parallelism: Parallelism = Parallelism(),
                    progress: Progress | None = None) -> list[tuple[int, Board, float | None]]:
    """Accepted boards ``first .. first+deals-1`` as ``(index, board, chance)``; with ``undecided`` the
    filter runs on the stream in chunks (one task per deal) until enough deals are accepted."""
    stream = deal_stream(seed, contract, declarer, cards)
    if not undecided:
        return [(i, next(stream), None) for i in range(first + deals)][first:]
    chunk = 4 * max(1, parallelism.workers) if not parallelism.dask else 64
    accepted: list[tuple[int, Board, float | None]] = []
    candidate = 0
    while len(accepted) < first + deals:
        boards = [next(stream) for _ in range(chunk)]
        tasks = [FilterTask(b, contract, declarer, filter_worlds, seed, candidate + k, solvers)
                 for k, b in enumerate(boards)]
        for board, chance in zip(boards, run_tasks(filter_chance, tasks, parallelism)):
            if 0.3 <= chance <= 0.7 and len(accepted) < first + deals:
                accepted.append((len(accepted), board, chance))
                if progress is not None and len(accepted) > first:
                    progress()
        candidate += chunk
    return accepted[first:]


def play_duplicate(spec_a: PlayerSpec, spec_b: PlayerSpec, defence: PlayerSpec, *, deals: int, seed: int,
                   contract: Contract, declarer: Seat, undecided: bool = False, filter_worlds: int = 20,
                   first: int = 0, cards: int = 13, solvers: Solvers = Solvers(),
                   parallelism: Parallelism = Parallelism()) -> Iterator[DealOutcome]:
    """Play accepted boards ``first .. first+deals-1``, yielding them in order.  ``solvers`` (default:
    the engine's solver) answers the filter's and every searching player's double-dummy questions."""
    boards = accepted_boards(deals=deals, seed=seed, contract=contract, declarer=declarer, undecided=undecided,
                             filter_worlds=filter_worlds, first=first, cards=cards, solvers=solvers,
                             parallelism=parallelism)
    specs = (str(spec_a), str(spec_b), str(defence))
    tasks = [PlayTask(b, contract, declarer, specs, seed, i, chance, solvers) for i, b, chance in boards]
    yield from run_tasks(play_board, tasks, parallelism)


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


SCORE = Bounds.integers(-7600, 7600)
CHANCE = Bounds.reals(0.0, 1.0)


def deal_result(obj: Any, where: str) -> dict[str, Any]:
    """One ``match bridge`` deal line, checked field by field, as the line the match prints: its known
    fields only (a saved line is echoed in a resumed run's output)."""
    record = Record(obj, where, what="a match bridge deal result")
    missing = [side for side in ("a", "b") if not record.has(side)]
    if missing:
        raise InputError(f"{where}: not a match bridge deal result (no field {missing[0]!r})")
    row: dict[str, Any] = {"deal": record.number("deal", DEAL_INDEX)}
    pbn = record.text("pbn", None)
    if pbn is not None:
        row["pbn"] = pbn
    chance = record.number("pimc_chance", CHANCE, None)
    if chance is not None:
        row["pimc_chance"] = chance
    for side in ("a", "b"):
        result = record.object(side)
        row[side] = {"tricks": result.number("tricks", TRICKS_TAKEN), "made": result.flag("made")}
        score = result.number("score", SCORE, None)
        if score is not None:
            row[side]["score"] = score
    return row


def _check_saved_deals(journal: Journal, saved: dict[int, dict[str, Any]],
                       boards: list[tuple[int, Board, float | None]]) -> None:
    """A saved line names its deal: one that differs from this run's deal at that index comes from
    another match (an older save without its header, resumed with another seed, contract or --cards)."""
    for index, board, _ in boards:
        pbn = saved.get(index, {}).get("pbn")
        if pbn is not None and pbn != board.deal.to_pbn(Seat.NORTH):
            raise InputError(f"{journal.where[index]}: deal {index} was saved for another deal ({quoted(pbn, 40)}): "
                             f"the file holds a run of another match; resume with the options it was saved with, or "
                             f"save to another file")


def read_results(paths: list[str]) -> list[dict[str, Any]]:
    """The deal lines of ``match bridge --json`` outputs (summary lines skipped), for ``--combine``;
    a line that is not a deal result is an error naming the file, the line and the field."""
    rows = []
    for path in paths:
        for where, _number, line in input_lines(path):
            obj = load_json(line, where)
            if isinstance(obj, dict) and "summary" in obj or is_header(obj):
                continue
            rows.append(deal_result(obj, where))
    return rows


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("bridge", help="duplicate declarer play: specs A and B against one defence",
                           epilog=player_epilog(Game.BRIDGE), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_number(p, "--deals", bounds=DEALS, default=100, help="number of deals (each played by A and by B)")
    add_number(p, "--seed", bounds=SEED, default=0, help="seed for the deals and the players")
    add_number(p, "--first", bounds=FIRST, default=0, help="index of the first accepted deal (to split a match)")
    p.add_argument("--contract", default="3NT", help="contract, e.g. 3NT or 4S")
    p.add_argument("--declarer", default="S", help="declarer seat (N, E, S, W)")
    p.add_argument("--a", help="declarer spec of side A, e.g. alphamu:m=2,worlds=20 (required unless --combine)")
    p.add_argument("--b", help="declarer spec of side B, e.g. pimc:worlds=20 (required unless --combine)")
    p.add_argument("--defence", default="pimc", help="defence spec for both, e.g. pimc:worlds=20")
    p.add_argument("--undecided", action="store_true", help="keep deals where PIMC makes 30-70%%")
    add_number(p, "--filter-worlds", bounds=WORLDS, default=20, help="worlds for the --undecided estimate")
    add_number(p, "--cards", bounds=CARDS, default=13,
               help="tricks per board: 13 = full deals, fewer = random endings with earlier tricks credited")
    p.add_argument("--solver", choices=("tenace", "dds"), default="tenace",
                   help="double-dummy solver behind the searches: tenace (default) or dds (DDS through endplay, "
                        "a test extra: exact like tenace, so the same cards are played, but faster on full deals; "
                        "for long strength runs)")
    add_number(p, "--threads", bounds=THREADS, default=None,
               help="solver threads per decision with --solver tenace (default: one per core, at most "
                    f"{MAX_THREADS}); 1 when several matches share the machine")
    p.add_argument("--combine", nargs="+", metavar="FILE",
                   help="play nothing: summarise the deal lines of earlier --json outputs (runs split by --first "
                        "or --seed) as one match")
    p.add_argument("--json", action="store_true", help="one JSON object per deal, then a summary object")
    add_parallel_arguments(p)
    p.set_defaults(func=run)


def _identity(args: argparse.Namespace, specs: list[PlayerSpec]) -> dict[str, Any]:
    """The options that decide a run's results (a save file of another run is never resumed by this one)."""
    identity: dict[str, Any] = {"seed": args.seed, "contract": str(Contract.parse(args.contract)),
                                "declarer": Seat.parse(args.declarer).letter, "a": str(specs[0]), "b": str(specs[1]),
                                "defence": str(specs[2]), "cards": args.cards,
                                "undecided": bool(args.undecided)}
    if args.undecided:
        identity["filter_worlds"] = args.filter_worlds
    return identity


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
    contract = Contract.parse(args.contract)
    declarer = Seat.parse(args.declarer)
    specs = [PlayerSpec.parse(args.a), PlayerSpec.parse(args.b), PlayerSpec.parse(args.defence)]
    for spec in specs:  # fail on a bad spec before any deal is played
        create_player(Game.BRIDGE, spec, seed=0)
    if args.resume and not args.save:
        raise ValueError("--resume continues the run saved in --save FILE: give the file")
    parallelism = parallelism_from_args(args)
    threads = args.threads
    if threads is None and args.solver == "tenace" and (parallelism.workers > 1 or parallelism.dask):
        threads = 1  # the cores are busy with a deal each
    solvers = Solvers(args.solver, threads)
    journal = None
    if args.save:
        journal = Journal(args.save, resume=args.resume, match="match bridge", settings=_identity(args, specs),
                          deals=range(args.first, args.first + args.deals), read_row=deal_result)
        for text in journal.notes:
            note(text)
    saved = {d: rows[0] for d, rows in (journal.done.items() if journal else ())}
    label = f"match bridge ({parallelism.describe()})"
    boards = accepted_boards(deals=args.deals, seed=args.seed, contract=contract, declarer=declarer,
                             undecided=args.undecided, filter_worlds=args.filter_worlds, first=args.first,
                             cards=args.cards, solvers=solvers, parallelism=parallelism,
                             progress=None if args.quiet or not args.undecided
                             else Progress(args.deals, label + ", filtering"))
    if journal is not None:
        _check_saved_deals(journal, saved, boards)
    specs_text = (str(specs[0]), str(specs[1]), str(specs[2]))
    tasks = [PlayTask(b, contract, declarer, specs_text, args.seed, i, chance, solvers)
             for i, b, chance in boards if i not in saved]
    progress = None if args.quiet else Progress(len(tasks), label)

    def done(_: int, outcome: DealOutcome) -> None:
        if journal is not None:
            journal.append([outcome.to_dict()])
        if progress is not None:
            progress()

    fresh = run_tasks(play_board, tasks, parallelism, done)
    rows = []
    for index, _, _ in boards:
        row = saved[index] if index in saved else next(fresh).to_dict()
        rows.append(row)
        if args.json:
            emit_json(row)
        else:
            print(f"deal {row['deal']:4d}  A {row['a']['tricks']:2d} tricks  B {row['b']['tricks']:2d} tricks",
                  flush=True)
    summary = {
        "summary": "bridge",
        "contract": str(contract),
        "declarer": declarer.letter,
        "solver": args.solver,
        "a": str(specs[0]),
        "b": str(specs[1]),
        "defence": str(specs[2]),
        **result_summary(rows),
    }
    if args.json:
        emit_json(summary)
    else:
        print(summary, flush=True)
    return 0
