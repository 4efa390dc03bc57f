"""``tenace-cli pass-hint``: the three cards the app's default Hearts player would pass from a hand.

The same answer as the app's pass hint (:mod:`engine.session.hearts_pass_hint`)::

    tenace-cli pass-hint --hand AKQ2.KJ3.T98.A42 --direction left --json
    {"seat": 0, "direction": "left", "player": "uct", "pass": ["SA", "SK", "SQ"], "text": "...",
     "candidates": [{"cards": [...], "expected_points": 5.3, "hands": 360}, ...]}
"""

from __future__ import annotations

import argparse

from ..core.cards import CardSet
from ..hearts.passing import PassDirection
from ..hearts.rules import HeartsRules, MoonScoring
from ..hearts.view import pass_view
from ..session.hearts_pass_hint import pass_hint
from ..core.bounds import Bounds
from .options import SEED, add_number
from .output import emit_json

__all__ = ["register", "run"]

SEAT = Bounds.integers(0, 3)
TOP = Bounds.integers(1, 286)  # C(13, 3) possible passes


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pass-hint", help="the three cards the default Hearts player would pass, and the runners-up")
    p.add_argument("--hand", required=True, help="the 13 cards, as a PBN hand (spades.hearts.diamonds.clubs)")
    p.add_argument("--direction", required=True, help="left, right or across")
    add_number(p, "--seat", bounds=SEAT, default=0, help="the passer's seat")
    p.add_argument("--player", default="default", help="player spec whose pass search answers (default: the app's)")
    add_number(p, "--seed", bounds=SEED, default=0, help="seed of the pass search")
    add_number(p, "--top", bounds=TOP, default=5, help="candidates listed")
    p.add_argument("--moon", default=MoonScoring.ADD_26_TO_OTHERS.value, help="add_26_to_others or shooter_minus_26")
    p.add_argument("--jack-of-diamonds", action="store_true", help="the ♦J scores −10 for its taker")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    hand = CardSet.from_pbn(args.hand)
    if len(hand) != 13:
        raise ValueError(f"--hand must hold 13 cards, got {len(hand)} ({hand.to_pbn()})")
    direction = PassDirection.parse(args.direction)
    rules = HeartsRules(moon_scoring=MoonScoring.parse(args.moon), jack_of_diamonds=args.jack_of_diamonds)
    hint = pass_hint(pass_view(args.seat, hand, direction, rules), player_spec=args.player, seed=args.seed,
                     top=args.top)
    if args.json:
        emit_json(hint.to_dict())
    else:
        print(hint.text)
    return 0
