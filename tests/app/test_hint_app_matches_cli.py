"""The app and ``tenace-cli hint`` give the same hint for the same position (issue 21: one analysis).

The app's hint job (the worker's, with the board's auction) and the CLI reading the board saved as PBN
(auction and play included) must name the same card with the same figures for every legal card; and the
app's default budget is the engine's default, which the CLI uses too (a work budget, not a clock).
"""

from __future__ import annotations

import json
import random

import pytest

from engine.bidding import bid_deal
from engine.bidding.system import default_system
from engine.bridge.auction import Auction
from engine.bridge.contract import Vulnerability
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.cli.main import main
from engine.core.cancel import CancelToken
from engine.core.cards import card_str
from engine.core.deal import random_deal
from engine.core.seats import Seat
from engine.formats import PbnGame, PlayRecord, Trick, write_pbn
from engine.hints.lines import HintBudget
from engine.players.registry import Game, create_player
from engine.search.bridge_game import equivalence_buckets
from engine.worlds.auction import auction_constraints

from app.controllers.hint_controller import HintConfig, bridge_hint_job


def test_the_app_s_default_budget_is_the_engine_s_which_the_cli_uses():
    assert HintConfig().bridge_budget() == HintBudget()
    assert HintBudget().time_limit is None  # nothing depends on how fast the machine is


def _bid_and_played(seed: int, tricks: int):
    """A deal bid by the system and played by rule players until declarer's side has a real choice at
    trick ``tricks`` or later; None when the deal is passed out or no such choice comes."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    records = bid_deal(default_system(), deal, Seat.NORTH, Vulnerability.NONE)
    auction = Auction.from_calls(Seat.NORTH, [r.call for r in records])
    outcome = auction.outcome()
    if not isinstance(outcome, tuple):
        return None
    contract, declarer = outcome
    play = BridgePlay(deal, contract, declarer)
    players = [create_player(Game.BRIDGE, "rules", seed=seed * 4 + s) for s in range(4)]
    while not play.is_complete:
        view = view_for_turn(play)
        live = ~view.played_cards.mask & ((1 << 52) - 1)
        for c in view.current_trick.cards:
            live |= 1 << c
        choice = len(equivalence_buckets(view.legal_cards.mask, live)) > 1
        if len(play.tricks) + 1 >= tricks and choice and view.to_play.same_side(declarer):
            return deal, records, auction, contract, declarer, play, view
        play.play(players[view.seat].choose_card(view))
    return None


@pytest.mark.parametrize("seed", [3, 8])
def test_the_app_and_the_cli_give_the_same_hint(tmp_path, capsys, seed):
    found = None
    for s in range(seed, seed + 40):
        found = _bid_and_played(s, 6)
        if found is not None:
            break
    assert found is not None
    deal, records, auction, contract, declarer, play, view = found
    config = HintConfig(bridge_worlds=40, bridge_first_worlds=6, seed=0, explain=True)
    posted = []
    job = bridge_hint_job(view, config, 1, lambda serial, result: posted.append(result), tuple(records),
                          auction_constraints(records))
    app = job(CancelToken())

    tricks = [Trick(t.leader, t.cards) for t in play.tricks]
    if play.current_trick.cards:
        tricks.append(Trick(play.current_trick.leader, play.current_trick.cards))
    game = PbnGame(event="same hint", dealer=Seat.NORTH, vulnerable=Vulnerability.NONE, deal=deal,
                   declarer=declarer, contract=contract, auction=auction,
                   play=PlayRecord(play.opening_leader, tuple(tricks)))
    path = tmp_path / "board.pbn"
    path.write_text(write_pbn([game]))
    assert main(["hint", "--file", str(path), "--json", "--worlds", "40", "--seed", "0"]) == 0
    cli = json.loads(capsys.readouterr().out)

    assert cli["best"] == card_str(app.best)
    assert cli["method"] == app.method and cli["exact"] == app.exact
    figures = {cand["card"]: cand["p_goal"] for cand in cli["candidates"]}
    for row in app.rows:
        if card_str(row.card) in figures:
            assert row.value == pytest.approx(figures[card_str(row.card)], abs=1e-6)
    assert cli["text"] == app.explanation
