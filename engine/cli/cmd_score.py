"""``tenace-cli score``: the duplicate score of a contract and a trick count."""

from __future__ import annotations

import argparse

from ..bridge.contract import Contract, Vulnerability
from ..bridge.scoring import declarer_score
from ..core.seats import Seat
from .options import TRICKS, add_number
from .output import emit_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="duplicate score of a contract from the declaring side's point of view")
    p.add_argument("--contract", required=True, help="contract such as 4SX, 3NT, 1NTXX")
    p.add_argument("--declarer", required=True, help="declarer seat (N, E, S, W)")
    p.add_argument("--vulnerable", default="None", help="vulnerability: None, NS, EW or Both (default None)")
    add_number(p, "--tricks", bounds=TRICKS, required=True, help="tricks taken by the declaring side")
    p.add_argument("--json", action="store_true", help='print {"score": N}')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    contract = Contract.parse(args.contract)
    declarer = Seat.parse(args.declarer)
    vulnerability = Vulnerability.parse(args.vulnerable)
    score = declarer_score(contract, declarer, vulnerability, args.tricks)
    if args.json:
        emit_json({"score": score})
    else:
        side = "vulnerable" if vulnerability.is_vulnerable(declarer) else "not vulnerable"
        print(f"{contract} by {declarer.letter} ({side}), {args.tricks} tricks: {score:+d}")
    return 0
