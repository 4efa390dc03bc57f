"""``tenace-cli play-hearts``: play complete, seeded Hearts hands between four players.

Hand ``i`` is the ``i``-th deal of ``random_deals(seed, hands)`` and passes by
``PassDirection.for_hand(i)``.  Each seat's player is built from its spec with
its own seed derived from ``--seed`` and the seat, so a run is reproducible and
changing one seat's player leaves the other seats' random streams unchanged.
Running totals follow the game rules: when a game ends (a total reaches the
target) the next hand starts a new game.
"""

from __future__ import annotations

import argparse
import hashlib

from ..core.deal import random_deals
from ..hearts.rules import HeartsRules, MoonScoring
from ..hearts.scoring import GameScore
from ..hearts.table import PlayedHand, play_hand
from ..players.registry import Game, create_player, parse_spec_list
from ..core.bounds import Bounds
from .options import COUNT, SEED, add_number, player_epilog
from .output import emit_json

__all__ = ["register", "run", "seat_seed"]

DEFAULT_PLAYERS = "rules,rules,random,random"
TARGET_SCORE = Bounds.integers(1, 10_000)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play-hearts", help="play seeded Hearts hands between four players",
                       epilog=player_epilog(Game.HEARTS), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_number(p, "--hands", bounds=COUNT, default=1, help="number of hands to play")
    add_number(p, "--seed", bounds=SEED, default=0, help="seed for the deals and the players")
    p.add_argument(
        "--players",
        default=DEFAULT_PLAYERS,
        help=f"four player specs for seats 0..3, comma-separated (default {DEFAULT_PLAYERS})",
    )
    p.add_argument(
        "--moon",
        default=MoonScoring.ADD_26_TO_OTHERS.value,
        help="moon scoring: add_26_to_others (default) or shooter_minus_26",
    )
    p.add_argument("--jack-of-diamonds", action="store_true", help="the ♦J scores −10 for its taker")
    add_number(p, "--target", bounds=TARGET_SCORE, default=100, help="game ends when a total reaches this")
    p.add_argument("--json", action="store_true", help="one JSON object per hand")
    p.set_defaults(func=run)


def seat_seed(seed: int, seat: int) -> int:
    """A per-seat player seed, stable across platforms and Python versions."""
    digest = hashlib.blake2b(f"tenace-hearts:{seed}:seat:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def run(args: argparse.Namespace) -> int:
    rules = HeartsRules(
        moon_scoring=MoonScoring.parse(args.moon),
        jack_of_diamonds=args.jack_of_diamonds,
        target_score=args.target,
    )
    specs = parse_spec_list(args.players)
    if len(specs) != 4:
        raise ValueError(f"--players needs four player specs (seats 0..3), got {len(specs)}: {args.players!r}")
    players = [create_player(Game.HEARTS, spec, seed=seat_seed(args.seed, seat)) for seat, spec in enumerate(specs)]
    choose_pass = [p.choose_pass for p in players]
    choose_card = [p.choose_card for p in players]
    game = GameScore(rules)
    game_index = 0
    hand_totals = [0, 0, 0, 0]
    for i, deal in enumerate(random_deals(args.seed, args.hands)):
        played = play_hand(
            deal, choose_pass, choose_card, hand_number=i, rules=rules, scores=game.totals
        )
        game = game.add_hand(played.result.points)
        hand_totals = [t + p for t, p in zip(hand_totals, played.result.points)]
        if args.json:
            record = played.to_dict()
            record.update(
                {
                    "hand": i,
                    "game": game_index,
                    "scores": list(game.totals),
                    "game_over": game.is_over,
                    "winners": [int(s) for s in game.winners],
                }
            )
            emit_json(record)
        else:
            _print_hand(played, game, game_index)
        if game.is_over:
            game = GameScore(rules)
            game_index += 1
    if not args.json and args.hands:
        names = ", ".join(f"{s}={spec}" for s, spec in enumerate(specs))
        means = " ".join(f"{t / args.hands:.2f}" for t in hand_totals)
        print(f"players: {names}")
        print(f"mean points per hand by seat: {means}")
    return 0


def _print_hand(played: PlayedHand, game: GameScore, game_index: int) -> None:
    points = " ".join(f"{p:3d}" for p in played.result.points)
    totals = " ".join(f"{t:3d}" for t in game.totals)
    moon = f"  moon by seat {int(played.result.moon)}" if played.result.moon is not None else ""
    print(
        f"hand {played.hand_number + 1:3d}  pass {played.passes.direction.label:<6}  "
        f"points {points}  game {game_index + 1} totals {totals}{moon}"
    )
    if game.is_over:
        winners = ", ".join(str(int(s)) for s in game.winners)
        print(f"game {game_index + 1} over after {game.hands_played} hands; lowest total wins: seat(s) {winners}")
