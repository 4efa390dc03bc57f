"""``tenace-cli deal``: seeded random deals as PBN deal strings."""

from __future__ import annotations

import argparse

from ..core.deal import random_deals
from ..core.seats import Seat
from .options import COUNT, SEED, add_number
from .output import emit_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("deal", help="print seeded random deals as PBN deal strings")
    add_number(p, "--seed", bounds=SEED, default=0, help="random seed (same seed, same deals)")
    add_number(p, "--count", bounds=COUNT, default=1, help="number of deals")
    p.add_argument("--first", default="N", help="seat whose hand is written first (N, E, S, W)")
    p.add_argument("--json", action="store_true", help='one {"deal": ...} object per line')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    first = Seat.parse(args.first)
    for i, deal in enumerate(random_deals(args.seed, args.count)):
        if args.json:
            emit_json({"index": i, "deal": deal.to_pbn(first)})
        else:
            print(deal.to_pbn(first))
    return 0
