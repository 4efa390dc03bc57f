"""``tenace-cli review``: the post-mortem of a played deal from a PBN file.

For each card of the user's side (declarer by default, who also plays dummy's
cards; ``--seat`` picks a defender instead): the chance of making before and
after it, from what that player could see (every consistent deal when there are
at most ``--exact-limit``, else ``--worlds`` sampled ones), the double-dummy
tricks on the real deal, and for the costliest cards the better card and its
explanation.  Output per game (``--json``)::

    {"game": 1, "cards": [{"trick", "card", "p_before", "p_after", "cost", "better", "explanation", ...}],
     "costly": [...], "summary": "..."}
"""

from __future__ import annotations

import argparse

from ..core.bounds import Bounds
from ..core.seats import Seat
from ..formats import read_pbn
from ..hints.review import ReviewError, review_game
from .inputs import located
from .options import EXACT_LIMIT, MAX_MOVES, PRIOR_TRICKS, SEED, WORLDS, add_number
from .output import emit_json

__all__ = ["register", "run"]

GAME = Bounds.integers(1, 1_000_000)
TOP = Bounds.integers(0, 52)
THRESHOLD = Bounds.reals(0, 1)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("review", help="post-mortem of a played deal: the cards that cost the most, and why")
    p.add_argument("--pbn", required=True, help="PBN file with the deal, contract, declarer and play")
    add_number(p, "--game", bounds=GAME, default=None, help="review only this game of the file (1-based)")
    p.add_argument("--seat", default=None, help="the user's seat (default: declarer)")
    add_number(p, "--worlds", bounds=WORLDS, default=20, help="sampled deals per decision")
    add_number(p, "--exact-limit", bounds=EXACT_LIMIT, default=500,
               help="enumerate every consistent deal when there are at most this many")
    add_number(p, "--seed", bounds=SEED, default=0, help="sampling seed")
    add_number(p, "--max-moves", bounds=MAX_MOVES, default=1, help="αμ's M for the chances (1 = PIMC)")
    add_number(p, "--top", bounds=TOP, default=3, help="costly cards explained")
    add_number(p, "--threshold", bounds=THRESHOLD, default=0.05, help="smallest loss of chance counted as costly")
    add_number(p, "--prior-tricks", bounds=PRIOR_TRICKS, default=None,
               help="for an ending: tricks declarer's side had won before it")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    seat = Seat.parse(args.seat) if args.seat else None
    games = read_pbn(args.pbn, pipes=True)  # --pbn <(...) works; the net names any failure
    if not games:
        raise ReviewError(f"{args.pbn}: no game found")
    if args.game is not None and not 1 <= args.game <= len(games):
        raise ReviewError(f"--game {args.game}: the file has {len(games)} game(s)")
    for index, game in enumerate(games, start=1):
        if args.game is not None and index != args.game:
            continue
        with located(f"{args.pbn}, game {index}"):
            review = review_game(game, seat=seat, prior_declarer_tricks=args.prior_tricks, worlds=args.worlds,
                                 exact_limit=args.exact_limit, seed=args.seed, max_moves=args.max_moves,
                                 top=args.top, threshold=args.threshold)
        if args.json:
            out = review.to_json()
            emit_json({"game": index, **out})
        else:
            print(f"game {index}: {review.summary}")
            for c in review.costly:
                print(f"  {c.explanation}")
    return 0
