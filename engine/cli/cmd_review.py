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

from ..core.seats import Seat
from ..formats import read_pbn
from ..hints.review import ReviewError, review_game
from .output import emit_json

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("review", help="post-mortem of a played deal: the cards that cost the most, and why")
    p.add_argument("--pbn", required=True, help="PBN file with the deal, contract, declarer and play")
    p.add_argument("--game", type=int, default=None, help="review only this game of the file (1-based)")
    p.add_argument("--seat", default=None, help="the user's seat (default: declarer)")
    p.add_argument("--worlds", type=int, default=20, help="sampled deals per decision (default 20)")
    p.add_argument("--exact-limit", type=int, default=500,
                   help="enumerate every consistent deal when there are at most this many (default 500)")
    p.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    p.add_argument("--max-moves", type=int, default=1, help="αμ's M for the chances (default 1 = PIMC)")
    p.add_argument("--top", type=int, default=3, help="costly cards explained (default 3)")
    p.add_argument("--threshold", type=float, default=0.05,
                   help="smallest loss of chance counted as costly (default 0.05)")
    p.add_argument("--prior-tricks", type=int, default=None,
                   help="for an ending: tricks declarer's side had won before it")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.worlds < 1 or args.top < 0 or args.max_moves < 1 or args.exact_limit < 0:
        raise ValueError("--worlds and --max-moves must be at least 1, --top and --exact-limit at least 0")
    if not 0.0 <= args.threshold <= 1.0:
        raise ValueError(f"--threshold {args.threshold} is not a probability")
    seat = Seat.parse(args.seat) if args.seat else None
    games = read_pbn(args.pbn)
    if not games:
        raise ReviewError(f"{args.pbn}: no game found")
    if args.game is not None and not 1 <= args.game <= len(games):
        raise ReviewError(f"--game {args.game}: the file has {len(games)} game(s)")
    for index, game in enumerate(games, start=1):
        if args.game is not None and index != args.game:
            continue
        try:
            review = review_game(game, seat=seat, prior_declarer_tricks=args.prior_tricks, worlds=args.worlds,
                                 exact_limit=args.exact_limit, seed=args.seed, max_moves=args.max_moves,
                                 top=args.top, threshold=args.threshold)
        except ValueError as exc:
            raise ReviewError(f"game {index}: {exc}") from None
        if args.json:
            out = review.to_json()
            emit_json({"game": index, **out})
        else:
            print(f"game {index}: {review.summary}")
            for c in review.costly:
                print(f"  {c.explanation}")
    return 0
