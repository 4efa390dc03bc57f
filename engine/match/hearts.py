"""``tenace-cli match hearts``: duplicate Hearts between two player specs.

Every deal is played twice, with seatings ``ABAB`` and ``BABA`` (seat 0 first),
so A and B hold exactly the same cards over the pair and the luck of the deal
cancels.  Deal ``i`` is the ``i``-th of ``random_deals(seed, …)`` and passes by
``PassDirection.for_hand(i)``.  Players are built afresh for every hand with a
seed derived from the match seed, the deal, the seating and the seat, so any
hand can be replayed alone and a match can be split across processes
(``--first``).  One JSON line per hand, then a summary line: mean points per
hand of A and of B (points are penalties: lower is better), their difference
A − B and its 95% confidence interval over deals.
"""

from __future__ import annotations

import argparse
import hashlib
from dataclasses import dataclass
from typing import Iterator

from ..cli.output import emit_json
from ..core.deal import random_deals
from ..hearts.passing import PassDirection
from ..hearts.rules import HeartsRules, MoonScoring
from ..hearts.table import play_hand
from ..players.registry import Game, PlayerSpec, create_player
from .summary import PairedSummary, paired_summary

__all__ = ["register", "run", "SEATINGS", "HandOutcome", "play_duplicate", "summarise", "player_seed"]

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


def play_duplicate(
    spec_a: PlayerSpec, spec_b: PlayerSpec, *, deals: int, seed: int, first: int = 0, rules: HeartsRules | None = None
) -> Iterator[HandOutcome]:
    """Play deals ``first .. first+deals-1`` in both seatings, yielding each hand as it finishes."""
    rules = rules if rules is not None else HeartsRules()
    all_deals = random_deals(seed, first + deals)
    for i in range(first, first + deals):
        for seating in SEATINGS:
            players = [
                create_player(Game.HEARTS, spec_a if who == "A" else spec_b, seed=player_seed(seed, i, seating, seat))
                for seat, who in enumerate(seating)
            ]
            played = play_hand(
                all_deals[i],
                [p.choose_pass for p in players],  # type: ignore[attr-defined]
                [p.choose_card for p in players],
                hand_number=i,
                rules=rules,
                direction=PassDirection.for_hand(i),
            )
            moon = None if played.result.moon is None else int(played.result.moon)
            yield HandOutcome(i, seating, played.result.points, moon)


def summarise(outcomes: list[HandOutcome]) -> PairedSummary:
    """A's and B's mean points per hand per deal, paired over the deals."""
    by_deal: dict[int, list[HandOutcome]] = {}
    for o in outcomes:
        by_deal.setdefault(o.deal, []).append(o)
    a_means = [sum(o.mean_for("A") for o in hands) / len(hands) for hands in by_deal.values()]
    b_means = [sum(o.mean_for("B") for o in hands) / len(hands) for hands in by_deal.values()]
    return paired_summary(a_means, b_means)


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("hearts", help="duplicate Hearts: two player specs, seatings ABAB and BABA")
    p.add_argument("--deals", type=int, default=100, help="number of deals (each played twice)")
    p.add_argument("--seed", type=int, default=0, help="seed for the deals and the players")
    p.add_argument("--first", type=int, default=0, help="index of the first deal (to split a match)")
    p.add_argument("--a", required=True, help="player spec of side A, e.g. mcmaxn or mcmaxn:worlds=20")
    p.add_argument("--b", required=True, help="player spec of side B, e.g. rules")
    p.add_argument("--moon", default=MoonScoring.ADD_26_TO_OTHERS.value, help="add_26_to_others or shooter_minus_26")
    p.add_argument("--jack-of-diamonds", action="store_true", help="the ♦J scores −10 for its taker")
    p.add_argument("--json", action="store_true", help="one JSON object per hand, then a summary object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise ValueError(f"--deals must be at least 1, got {args.deals}")
    if args.first < 0:
        raise ValueError(f"--first must be ≥ 0, got {args.first}")
    spec_a, spec_b = PlayerSpec.parse(args.a), PlayerSpec.parse(args.b)
    for spec in (spec_a, spec_b):  # fail on a bad spec before any hand is played
        create_player(Game.HEARTS, spec, seed=0)
    rules = HeartsRules(moon_scoring=MoonScoring.parse(args.moon), jack_of_diamonds=args.jack_of_diamonds)
    outcomes = []
    for outcome in play_duplicate(spec_a, spec_b, deals=args.deals, seed=args.seed, first=args.first, rules=rules):
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
