"""``tenace-cli play-bridge``: seeded random deals played out by the available bridge players."""

from __future__ import annotations

import argparse

from ..bridge.contract import Contract, Vulnerability
from ..bridge.play import BridgePlay
from ..bridge.table import BridgeCardChooser, play_out
from ..core.cards import card_str
from ..core.deal import random_deals
from ..core.seats import Seat
from ..players.registry import Game, PlayerSpecError, create_player, parse_spec_list
from .options import COUNT, SEED, add_number, player_epilog
from .output import emit_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play-bridge", help="play seeded random deals to the end with bridge players",
                       epilog=player_epilog(Game.BRIDGE), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_number(p, "--deals", bounds=COUNT, default=1, help="number of deals")
    add_number(p, "--seed", bounds=SEED, default=0, help="seed of the deals and of the players")
    p.add_argument("--contract", default="3NT", help="contract, e.g. 3NT, 4SX (default 3NT)")
    p.add_argument("--declarer", default="S", help="declarer seat N, E, S or W (default S)")
    p.add_argument("--vulnerable", default="None", help="vulnerability: None, NS, EW or Both (default None)")
    p.add_argument(
        "--players",
        default="rules,rules",
        help="DECLARER_SIDE,DEFENCE player specs, e.g. rules,random or random:seed=3,rules (default rules,rules)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per deal")
    p.set_defaults(func=run)


def _make_players(text: str, declarer: Seat, seed: int) -> list[BridgeCardChooser]:
    """One player per seat: declarer's also sits in dummy's place (it is never asked there)."""
    specs = parse_spec_list(text)
    if len(specs) != 2:
        raise PlayerSpecError(f"--players needs two specs (declaring side, defence), got {len(specs)} in {text!r}")
    declarer_player = create_player(Game.BRIDGE, specs[0], seed=seed * 4 + declarer)
    by_seat = {declarer: declarer_player, declarer.partner: declarer_player}
    for defender in (declarer.lho, declarer.rho):
        by_seat[defender] = create_player(Game.BRIDGE, specs[1], seed=seed * 4 + defender)
    return [by_seat[seat] for seat in Seat]


def run(args: argparse.Namespace) -> int:
    contract = Contract.parse(args.contract)
    declarer = Seat.parse(args.declarer)
    vulnerability = Vulnerability.parse(args.vulnerable)
    players = _make_players(args.players, declarer, args.seed)
    for number, deal in enumerate(random_deals(args.seed, args.deals), start=1):
        play = BridgePlay(deal, contract, declarer, vulnerability)
        result = play_out(play, players)
        if args.json:
            emit_json(
                {
                    "deal": deal.to_pbn(),
                    "contract": str(contract),
                    "declarer": declarer.letter,
                    "play": [
                        {"leader": t.leader.letter, "cards": [card_str(c) for c in t.cards], "winner": t.winner.letter}
                        for t in play.tricks
                    ],
                    "tricks": result.declarer_tricks,
                    "score": result.score,
                }
            )
        else:
            print(
                f"deal {number}: {deal.to_pbn()}  {contract} by {declarer.letter}: "
                f"{result.declarer_tricks} tricks, {result.score:+d}"
            )
    return 0
