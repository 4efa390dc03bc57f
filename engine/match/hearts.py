"""``tenace-cli match hearts``: duplicate Hearts between two player specs.

Every deal is played twice, with seatings ``ABAB`` and ``BABA`` (seat 0 first),
so A and B hold exactly the same cards over the pair and the luck of the deal
cancels.  Deal ``i`` is the ``i``-th of ``random_deals(seed, …)`` and passes by
``PassDirection.for_hand(i)``.  Players are built afresh for every hand with a
seed derived from the match seed, the deal, the seating and the seat, so any
hand can be replayed alone: each deal is a task for a pool of worker
processes (one per core by default), a Dask cluster (``--dask``) or this
process (``--workers 1``), with the same lines in the same order whichever
runs it (:mod:`.pool`).  ``--save FILE`` keeps every finished deal and
``--resume`` plays only the deals missing from it (:mod:`.journal`); a match
can also be split by hand with ``--first``.  One JSON line per hand, then a
summary line: mean points per hand of A and of B (points are penalties: lower
is better), their difference A − B and its 95% confidence interval over deals.
Players with a time budget (``mcmaxn``'s ``time``) depend on the machine's
load, so only budget-free specs replay exactly.
"""

from __future__ import annotations

import argparse
import hashlib
from dataclasses import dataclass
from typing import Any, Iterator

from ..cli.inputs import Record
from ..cli.options import DEALS, FIRST, SEED, add_number, player_epilog
from ..cli.output import emit_json, note
from ..core.bounds import Bounds
from ..core.deal import Deal, random_deals
from ..hearts.passing import PassDirection
from ..hearts.rules import HeartsRules, MoonScoring
from ..hearts.table import play_hand
from ..players.registry import Game, PlayerSpec, create_player
from .journal import Journal
from .pool import Parallelism, Progress, add_parallel_arguments, parallelism_from_args, run_tasks
from .summary import PairedSummary, paired_summary

__all__ = ["register", "run", "SEATINGS", "HandOutcome", "DealTask", "play_deal", "play_duplicate", "summarise",
           "player_seed"]

SEATINGS = ("ABAB", "BABA")


@dataclass(frozen=True, slots=True)
class HandOutcome:
    deal: int
    seating: str
    points: tuple[int, int, int, int]
    moon: int | None

    def to_dict(self) -> dict[str, object]:
        return {"deal": self.deal, "seating": self.seating, "points": list(self.points), "moon": self.moon}

    def mean_for(self, side: str) -> float:
        pts = [p for p, who in zip(self.points, self.seating) if who == side]
        return sum(pts) / len(pts)


def player_seed(seed: int, deal: int, seating: str, seat: int) -> int:
    """A stable per-player seed (blake2b of the coordinates, independent of Python's hash seed)."""
    digest = hashlib.blake2b(f"tenace-match-hearts:{seed}:{deal}:{seating}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True, slots=True)
class DealTask:
    """Everything one deal of the match needs (picklable: it travels to worker processes)."""

    spec_a: str
    spec_b: str
    seed: int
    deal: int
    hands: tuple[int, int, int, int]
    rules: HeartsRules


def play_deal(task: DealTask) -> tuple[HandOutcome, ...]:
    """Both seatings of one deal."""
    out = []
    for seating in SEATINGS:
        players = [
            create_player(Game.HEARTS, task.spec_a if who == "A" else task.spec_b,
                          seed=player_seed(task.seed, task.deal, seating, seat))
            for seat, who in enumerate(seating)
        ]
        played = play_hand(
            Deal.from_masks(list(task.hands)),
            [p.choose_pass for p in players],  # type: ignore[attr-defined]
            [p.choose_card for p in players],
            hand_number=task.deal,
            rules=task.rules,
            direction=PassDirection.for_hand(task.deal),
        )
        moon = None if played.result.moon is None else int(played.result.moon)
        out.append(HandOutcome(task.deal, seating, played.result.points, moon))
    return tuple(out)


def deal_tasks(spec_a: PlayerSpec, spec_b: PlayerSpec, *, deals: int, seed: int, first: int = 0,
               rules: HeartsRules | None = None) -> list[DealTask]:
    """The tasks of deals ``first .. first+deals-1``."""
    rules = rules if rules is not None else HeartsRules()
    all_deals = random_deals(seed, first + deals)
    return [DealTask(str(spec_a), str(spec_b), seed, i, all_deals[i].masks, rules)  # type: ignore[arg-type]
            for i in range(first, first + deals)]


def play_duplicate(
    spec_a: PlayerSpec, spec_b: PlayerSpec, *, deals: int, seed: int, first: int = 0, rules: HeartsRules | None = None,
    parallelism: Parallelism = Parallelism(),
) -> Iterator[HandOutcome]:
    """Play deals ``first .. first+deals-1`` in both seatings, yielding the hands in deal order."""
    tasks = deal_tasks(spec_a, spec_b, deals=deals, seed=seed, first=first, rules=rules)
    for hands in run_tasks(play_deal, tasks, parallelism):
        yield from hands


def summarise(outcomes: list[HandOutcome]) -> PairedSummary:
    """A's and B's mean points per hand per deal, paired over the deals."""
    by_deal: dict[int, list[HandOutcome]] = {}
    for o in outcomes:
        by_deal.setdefault(o.deal, []).append(o)
    a_means = [sum(o.mean_for("A") for o in hands) / len(hands) for hands in by_deal.values()]
    b_means = [sum(o.mean_for("B") for o in hands) / len(hands) for hands in by_deal.values()]
    return paired_summary(a_means, b_means)


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("hearts", help="duplicate Hearts: two player specs, seatings ABAB and BABA",
                           epilog=player_epilog(Game.HEARTS), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_number(p, "--deals", bounds=DEALS, default=100, help="number of deals (each played twice)")
    add_number(p, "--seed", bounds=SEED, default=0, help="seed for the deals and the players")
    add_number(p, "--first", bounds=FIRST, default=0, help="index of the first deal (to split a match)")
    p.add_argument("--a", required=True, help="player spec of side A, e.g. mcmaxn or mcmaxn:worlds=20")
    p.add_argument("--b", required=True, help="player spec of side B, e.g. rules")
    p.add_argument("--moon", default=MoonScoring.ADD_26_TO_OTHERS.value, help="add_26_to_others or shooter_minus_26")
    p.add_argument("--jack-of-diamonds", action="store_true", help="the ♦J scores −10 for its taker")
    p.add_argument("--json", action="store_true", help="one JSON object per hand, then a summary object")
    add_parallel_arguments(p)
    p.set_defaults(func=run)


DEAL_INDEX = Bounds.integers(0, 2 * 10**9)
HAND_POINTS = Bounds.integers(-100, 100)
MOON_SEAT = Bounds.integers(0, 3)


def hand_result(obj: Any, where: str) -> dict[str, Any]:
    """One saved ``match hearts`` hand line, checked field by field, as the line the match prints (its
    known fields only: a saved line is echoed in a resumed run's output)."""
    record = Record(obj, where, what="a match hearts hand result")
    deal = record.number("deal", DEAL_INDEX)
    seating = record.text("seating")
    if seating not in SEATINGS:
        raise record.error("seating", f"must be one of {', '.join(SEATINGS)}")
    points = obj.get("points")
    if not isinstance(points, list) or len(points) != 4:
        raise record.error("points", "must be a list of the four seats' points")
    for seat, value in enumerate(points):
        try:
            HAND_POINTS.check(value)
        except ValueError as exc:
            raise record.error("points", f"seat {seat}: {exc}") from None
    moon = record.number("moon", MOON_SEAT, None) if obj.get("moon") is not None else None
    return {"deal": deal, "seating": seating, "points": list(points), "moon": moon}


def _outcome(row: dict) -> HandOutcome:
    return HandOutcome(int(row["deal"]), str(row["seating"]), tuple(row["points"]), row["moon"])  # type: ignore[arg-type]


def run(args: argparse.Namespace) -> int:
    if args.resume and not args.save:
        raise ValueError("--resume continues the run saved in --save FILE: give the file")
    spec_a, spec_b = PlayerSpec.parse(args.a), PlayerSpec.parse(args.b)
    for spec in (spec_a, spec_b):  # fail on a bad spec before any hand is played
        create_player(Game.HEARTS, spec, seed=0)
    parallelism = parallelism_from_args(args)
    rules = HeartsRules(moon_scoring=MoonScoring.parse(args.moon), jack_of_diamonds=args.jack_of_diamonds)
    journal = None
    if args.save:
        identity = {"seed": args.seed, "a": str(spec_a), "b": str(spec_b), "moon": rules.moon_scoring.value,
                    "jack_of_diamonds": bool(args.jack_of_diamonds)}
        journal = Journal(args.save, resume=args.resume, match="match hearts", settings=identity,
                          deals=range(args.first, args.first + args.deals), read_row=hand_result, parts=SEATINGS,
                          part_of=lambda row: row["seating"])
        for text in journal.notes:
            note(text)
    saved = {d: tuple(_outcome(r) for r in rows) for d, rows in (journal.done.items() if journal else ())}
    tasks = [t for t in deal_tasks(spec_a, spec_b, deals=args.deals, seed=args.seed, first=args.first, rules=rules)
             if t.deal not in saved]
    progress = None if args.quiet else Progress(len(tasks), f"match hearts ({parallelism.describe()})")

    def done(_: int, hands: tuple[HandOutcome, ...]) -> None:
        if journal is not None:
            journal.append([h.to_dict() for h in hands])
        if progress is not None:
            progress()

    fresh = run_tasks(play_deal, tasks, parallelism, done)
    outcomes = []
    for deal in range(args.first, args.first + args.deals):
        for outcome in saved[deal] if deal in saved else next(fresh):
            outcomes.append(outcome)
            if args.json:
                emit_json(outcome.to_dict())
            else:
                moon = "" if outcome.moon is None else f"  moon: seat {outcome.moon}"
                print(f"deal {outcome.deal:4d} {outcome.seating}  points {list(outcome.points)}{moon}", flush=True)
    s = summarise(outcomes)
    summary = {
        "summary": "hearts",
        "a": str(spec_a),
        "b": str(spec_b),
        "deals": s.deals,
        "hands": len(outcomes),
        "mean_a": round(s.mean_a, 4),
        "mean_b": round(s.mean_b, 4),
        "diff": round(s.diff, 4),
        "ci95": None if s.ci95 is None else [round(s.ci95[0], 4), round(s.ci95[1], 4)],
        "moons": sum(1 for o in outcomes if o.moon is not None),
    }
    if args.json:
        emit_json(summary)
    else:
        ci = "n/a" if s.ci95 is None else f"[{s.ci95[0]:+.3f}, {s.ci95[1]:+.3f}]"
        print(
            f"A {summary['a']}: {s.mean_a:.3f}  B {summary['b']}: {s.mean_b:.3f}  points/hand; "
            f"A − B = {s.diff:+.3f}  95% CI {ci} over {s.deals} deals"
        )
    return 0
