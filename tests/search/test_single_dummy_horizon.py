"""The single-dummy search cut at a horizon: what it may skip and what its figures bound.

* Past the last card of MAX's before the horizon every seat to play sees the deal, so the search answers
  such a state by one double-dummy question instead of searching the others' cards; turned off, the
  search of those cards must give the same sets, for declarer and for a defender (whose partner plays for
  the defence), at every horizon.
* A search cut at a horizon counts every later guess as right: its chance never falls below a deeper
  search's, nor below the exact one (the figure is an upper bound, as the hints say).
* Before the mover's next card (:func:`first_informative_horizon`) the search is double dummy: its chance
  is the double-dummy chance of each card.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK
from engine.hints.lines import weighted_deals
from engine.search import single_dummy
from engine.search.bridge_game import BridgePlayGame
from engine.search.single_dummy import first_informative_horizon, solve_single_dummy
from engine.solvers.solver_oracle import default_oracle
from tests.hints.teaching_set import BASE
from tests.hints.test_hint_agreement import endings_with_a_choice
from tests.hints.test_teaching_truth import build

ORACLE = default_oracle()


def _game(view, position) -> BridgePlayGame | None:
    """The search game of the side to move (declarer with dummy, or one defender) over the deals of
    ``position``; None when the goal is already decided."""
    hands = np.asarray(position.worlds, dtype=np.uint64)
    left = int(hands[0, int(position.leader)]).bit_count()
    if left < 2 or not 0 < position.target <= left:
        return None
    mover = view.to_play
    declaring = mover.same_side(view.declarer)
    seats = (int(view.declarer), int(view.declarer.partner)) if declaring else (int(mover),)
    target = position.target if declaring else left - position.target + 1
    return BridgePlayGame(position.worlds, position.weights, position.strain, int(position.leader),
                          position.trick, seats, target, ORACLE)


def _games(count: int, seed: int, sizes=(3, 4, 4, 5), deals: int = 24):
    """Random endings of 3-5 cards with the deals the player to move cannot tell apart."""
    rng = random.Random(seed)
    out = []
    for deal, play in endings_with_a_choice(rng, sizes):
        if len(out) == count:
            break
        view = view_for_turn(play)
        gone = FULL_MASK & ~sum(int(m) for m in deal.masks)  # the cards of the tricks before the ending
        game = _game(view, weighted_deals(view, deals, rng, out_of_play=gone))
        if game is not None:
            out.append(game)
    return out


def _teaching_games():
    """The teaching set's endings (:mod:`tests.hints.teaching_set`), built for the guesses that make single
    dummy differ from double dummy, with every layout the player cannot rule out."""
    out = []
    for taught in BASE:
        deal, play, view = build(taught)
        game = _game(view, weighted_deals(view, 20_000, random.Random(1), out_of_play=FULL_MASK & ~deal.cards.mask))
        assert game is not None, taught.name
        out.append(game)
    return out


TEACHING = _teaching_games()
GAMES = _games(24, 5) + TEACHING


def test_the_cases_hold_both_sides_and_guesses():
    assert sum(len(g.max_seats) == 1 for g in GAMES) >= 10
    assert sum(len(g.max_seats) == 2 for g in GAMES) >= 10
    assert sum(len(g.weights) > 1 for g in GAMES) >= 30
    guessing = [g for g in TEACHING if g.tricks_left(g.root()) > 2 and
                solve_single_dummy(g, None, horizon=2).chance != solve_single_dummy(g, None, horizon=1).chance]
    assert len(guessing) >= 5  # a guess within two tricks: without them, a wrong shortcut would go unseen


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_horizons_bound_deeper_searches_and_the_shortcut_changes_nothing(index, monkeypatch):
    game = GAMES[index]
    left = game.tricks_left(game.root())
    exact = solve_single_dummy(game, None)
    assert exact.horizon is None
    previous = None
    for horizon in range(1, left):
        result = solve_single_dummy(game, None, horizon=horizon)
        for card, chance in result.chance.items():
            assert chance >= exact.chance[card] - 1e-12, (horizon, card)
            if previous is not None:
                assert chance <= previous.chance[card] + 1e-12, (horizon, card)
        previous = result
        if horizon <= 2:  # the search the shortcut replaces (slow past two tricks)
            monkeypatch.setattr(single_dummy._Search, "shortcut", False)
            searched = solve_single_dummy(game, None, horizon=horizon)
            monkeypatch.setattr(single_dummy._Search, "shortcut", True)
            assert result.sets == searched.sets, f"horizon {horizon}"


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_before_the_movers_next_card_the_search_is_double_dummy(index):
    game = GAMES[index]
    first = first_informative_horizon(game)
    root = game.root()
    later = [(root.leader + k) & 3 for k in range(len(root.trick) + 1, 4)]
    assert first == (1 if any(s in game.max_seats for s in later) else 2)
    if first == 1:
        return
    result = solve_single_dummy(game, None, horizon=1)
    rows = np.asarray(game.worlds, dtype=np.uint64)
    reach = np.asarray(ORACLE.batch_reach_per_card(rows, game.strain, root.leader, root.trick, game.target))
    for card, bits in result.sets.items():
        assert bits == sum(1 << int(w) for w in np.flatnonzero(reach[:, card] == 1)), card
