"""``tenace-cli bid``: the computer bids every board of a PBN file, all four seats, with a system card.

One JSON object per board, in file order::

    {"board": 1, "dealer": "N", "vulnerable": "None", "calls": ["1H", "P", ...],
     "meanings": ["12-21 HCP, 5+ hearts", ...], "contract": "4SX", "declarer": "S"}

Calls are written ``P``, ``X``, ``XX``, ``1C`` .. ``7NT``; a passed-out board has
``"contract": "pass"`` and ``"declarer": null``.  A board without a Dealer or
Vulnerable tag takes them from its number (the duplicate rotation); a board
without a full deal is an error naming the board.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..bidding import bid_deal, default_system, parse_system
from ..bidding.system import SYSTEM_NAMES, System
from ..bridge.auction import Auction, Call, CallKind
from ..bridge.contract import Vulnerability
from ..core.seats import Seat
from ..formats import read_pbn
from .inputs import read_input_text
from .output import emit_json

__all__ = ["register", "run", "call_text", "system_from_arg"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bid", help="bid every board of a PBN file with the computer at all four seats")
    p.add_argument("--file", required=True, help="PBN file of boards (Board, Dealer, Vulnerable and Deal tags)")
    p.add_argument("--system", default="sayc", help="system card: 'sayc' (default) or the path of a card file")
    p.add_argument("--json", action="store_true", help="print one JSON object per board")
    p.set_defaults(func=run)


def system_from_arg(text: str) -> System:
    """A shipped card by name, or a card file by path (read size-capped, as every command's input)."""
    if text in SYSTEM_NAMES:
        return default_system(text)
    path = Path(text)
    return parse_system(read_input_text(text), path.stem, path.name)


def call_text(call: Call) -> str:
    """``P``, ``X``, ``XX`` or the bid (``1C`` .. ``7NT``)."""
    return "P" if call.kind is CallKind.PASS else str(call)


def run(args: argparse.Namespace) -> int:
    system = system_from_arg(args.system)
    games = read_pbn(args.file, pipes=True)  # --file <(...) works, size-capped; the net names any failure
    if not games:
        raise ValueError(f"{args.file}: no boards in the file")
    for index, game in enumerate(games):
        number = game.board if game.board is not None else index + 1
        if game.deal is None or not game.deal.is_full:
            raise ValueError(f"{args.file}: board {number} has no full deal to bid")
        dealer = game.dealer if game.dealer is not None else Seat((number - 1) % 4)
        vulnerable = game.vulnerable if game.vulnerable is not None else Vulnerability.for_board(number)
        records = bid_deal(system, game.deal, dealer, vulnerable)
        outcome = Auction(dealer, tuple(r.call for r in records)).outcome()
        if isinstance(outcome, tuple):
            contract, declarer = str(outcome[0]), outcome[1].letter
        else:
            contract, declarer = "pass", None
        calls = [call_text(r.call) for r in records]
        meanings = [r.meaning.text for r in records]
        if args.json:
            emit_json({
                "board": number, "dealer": dealer.letter, "vulnerable": vulnerable.pbn, "calls": calls,
                "meanings": meanings, "contract": contract, "declarer": declarer,
            })
        else:
            print(f"Board {number}  dealer {dealer.letter}  vulnerable {vulnerable.pbn}  {game.deal.to_pbn()}")
            for record, text in zip(records, calls):
                print(f"  {record.seat.letter} {text:<4} {record.meaning.text}")
            print(f"  contract: {contract}" + (f" by {declarer}" if declarer else ""))
    return 0
