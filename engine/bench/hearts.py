"""``tenace-cli bench hearts``: decision times of the Hearts search players on this machine.

Plays ``--hands`` seeded hands with the measured player in every seat and
times each decision that is a real choice (more than one legal card) and
each pass.  Reports median, 90th percentile and maximum per kind, and the
mean worlds searched per card.  The targets: median ≤ 1 s per card for the
app's default player (spec ``default``), passing ≤ 2 s.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ..cli.options import DEALS, SEED, add_number
from ..cli.output import emit_json
from ..core.deal import random_deals
from ..hearts.table import play_hand
from ..players.registry import Game, create_player

__all__ = ["register", "run", "time_decisions"]


def register(targets: argparse._SubParsersAction) -> None:
    p = targets.add_parser("hearts", help="decision and passing times of a Hearts player (default: the app's)")
    p.add_argument("--player", default="default", help="player spec to time (default: 'default', the app's player)")
    add_number(p, "--hands", bounds=DEALS, default=4, help="hands to play")
    add_number(p, "--seed", bounds=SEED, default=1, help="seed of the deals and the player")
    p.add_argument("--json", action="store_true", help="one JSON object with the figures")
    p.set_defaults(func=run)


def _stats(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"count": 0}
    ordered = sorted(xs)
    return {
        "count": len(xs),
        "median": round(statistics.median(ordered), 4),
        "p90": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 4),
        "max": round(ordered[-1], 4),
    }


def time_decisions(spec: str, hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` hands with ``spec`` at all four seats and time its decisions."""
    players = [create_player(Game.HEARTS, spec, seed=seed + s) for s in range(4)]
    card_times: list[float] = []
    pass_times: list[float] = []
    worlds: list[int] = []

    def timed_card(player):
        def choose(view):
            start = time.perf_counter()
            card = player.choose_card(view)
            if len(view.legal_cards) > 1:
                card_times.append(time.perf_counter() - start)
                last = getattr(player, "last", None)
                if last is not None:
                    worlds.append(last.worlds)
            return card
        return choose

    def timed_pass(player):
        def choose(view):
            start = time.perf_counter()
            cards = player.choose_pass(view)
            pass_times.append(time.perf_counter() - start)
            return cards
        return choose

    # Compile the kernels before timing: the first decision of a process pays for numba.
    warm = random_deals(seed + 10_000, 1)[0]
    play_hand(warm, [p.choose_pass for p in players], [p.choose_card for p in players], hand_number=0)
    for i, deal in enumerate(random_deals(seed, hands)):
        play_hand(deal, [timed_pass(p) for p in players], [timed_card(p) for p in players], hand_number=i)
    return {
        "bench": "hearts",
        "player": spec,
        "hands": hands,
        "card_seconds": _stats(card_times),
        "pass_seconds": _stats(pass_times),
        "mean_worlds": round(sum(worlds) / len(worlds), 1) if worlds else None,
    }


def run(args: argparse.Namespace) -> int:
    figures = time_decisions(args.player, args.hands, args.seed)
    if args.json:
        emit_json(figures)
    else:
        c, p = figures["card_seconds"], figures["pass_seconds"]
        print(f"{args.player}: card median {c.get('median')} s, p90 {c.get('p90')} s, max {c.get('max')} s "
              f"over {c['count']} decisions; pass median {p.get('median')} s, max {p.get('max')} s "
              f"over {p['count']}; mean worlds {figures['mean_worlds']}")
    return 0
