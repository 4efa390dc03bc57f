"""The single-dummy search over chosen root cards (:class:`~engine.search.single_dummy.RootChoice`).

* A card it searches gets exactly the set the search of every card gives it: the root cards are valued
  one by one, so leaving some out changes nothing for the others.
* A card it skips could not have entered the top ``keep``: its upper bound is below the ``keep``-th best
  chance found, and the ``keep`` best upper bounds are always searched.
* When the first cards show that the cards still certain to be searched would overrun the budget, it gives
  up before them; with room enough it gives the same answer as without the check.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.search.single_dummy import (RootChoice, SingleDummyBudget, _Search, first_informative_horizon,
                                        solve_single_dummy, weight_of)
from tests.search.test_single_dummy_horizon import _games

GAMES = _games(16, 17, sizes=(3, 4, 4), deals=24)
_FULL: dict = {}


def _full(index: int, depth):
    """Every card searched (once per game and depth, for all the tests)."""
    if (index, depth) not in _FULL:
        _FULL[index, depth] = solve_single_dummy(GAMES[index], None, horizon=depth)
    return _FULL[index, depth]


def _bounds(game) -> dict:
    """Each root card's double-dummy chance (an upper bound of every line starting with it)."""
    root = game.root()
    everything = (1 << len(game.weights)) - 1
    search = _Search(game, None)
    sets = search.card_dd_sets(root, everything, game.moves(root, 0))
    return {c: weight_of(s, game.weights) for c, s in sets.items()}


def _choice(game, keep: int) -> RootChoice:
    bounds = _bounds(game)
    return RootChoice(tuple(sorted(bounds, key=lambda c: -bounds[c])), bounds, keep)


@pytest.mark.parametrize("keep", [1, 2, 4])
def test_searched_cards_get_the_full_searchs_sets_and_skipped_ones_could_not_enter_the_top(keep):
    skipped_some = 0
    for index, game in enumerate(GAMES):
        horizon = first_informative_horizon(game)
        for depth in (horizon, None):
            full = _full(index, depth)
            choice = _choice(game, keep)
            part = solve_single_dummy(game, None, horizon=depth, roots=choice)
            assert set(part.sets) <= set(full.sets)
            for card in part.sets:
                assert part.sets[card] == full.sets[card]
                assert part.chance[card] == pytest.approx(full.chance[card])
            assert set(choice.order[:keep]) <= set(part.sets)  # the best bounds are always searched
            found = sorted(part.chance.values(), reverse=True)
            for card in set(full.sets) - set(part.sets):
                skipped_some += 1
                assert choice.bounds[card] < found[keep - 1] - 1e-12
                assert full.chance[card] <= choice.bounds[card] + 1e-12
            # the best card is found either way: a skipped card is below the best searched one
            assert max(part.chance.values()) == pytest.approx(max(full.chance.values()))
    if keep == 1:
        assert skipped_some > 0  # the cut is exercised


def test_a_search_that_cannot_finish_gives_up_after_its_first_card():
    tried = 0
    for index, game in enumerate(GAMES):
        choice = _choice(game, keep=len(game.moves(game.root(), 0)))
        if len(choice.order) < 3:
            continue
        first = solve_single_dummy(game, None, roots=RootChoice(choice.order[:1], choice.bounds, 1))
        full = _full(index, None)
        if first.nodes < 4 or full.nodes < 2 * first.nodes:
            continue
        tried += 1
        # room for the first card, not for as many again per card still certain to come
        limit = first.nodes + first.nodes // 2
        with pytest.raises(SingleDummyBudget, match="first 1 cards"):
            solve_single_dummy(game, limit, roots=choice)
        # with room for everything, the check lets it finish with the same answer
        again = solve_single_dummy(game, 2 * full.nodes * len(choice.order) + 10, roots=choice)
        assert again.sets == full.sets
    assert tried >= 2


def test_without_a_choice_every_card_is_searched():
    for index, game in enumerate(GAMES[:8]):
        result = _full(index, None)
        assert set(result.sets) == set(game.moves(game.root(), 0))
        assert all(np.isfinite(v) for v in result.chance.values())
