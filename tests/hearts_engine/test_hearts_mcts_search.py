"""The MCTS searches' Python face: reproducible from a seed, every legal card valued, options checked."""

from __future__ import annotations

import pytest

from engine.core.deal import random_deals
from engine.hearts.passing import PassRecord
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules
from engine.hearts.view import play_view
from engine.players.hearts_rules import RulesHeartsPlayer
from engine.search.hearts.mcts import MctsKind, MctsOptions, MctsSearch


def _view_after(cards: int, seed: int = 6):
    hand = HeartsHand(random_deals(seed, 1)[0].masks, HeartsRules())
    rules = RulesHeartsPlayer()
    for _ in range(cards):
        hand.play(rules.choose_card(play_view(hand, PassRecord.hold())))
    return play_view(hand, PassRecord.hold())


@pytest.mark.parametrize("options", [
    MctsOptions(kind=MctsKind.UCT, worlds=6, iterations=300),
    MctsOptions(kind=MctsKind.UCT, worlds=6, iterations=300, opponents_policy=True, inference=0.2),
    MctsOptions(kind=MctsKind.ISMCTS, worlds=6, iterations=300),
    MctsOptions(kind=MctsKind.ISMCTS, worlds=6, iterations=300, opponents_policy=True, inference=0.2, paranoia=0.5),
], ids=["uct", "uct-policy-infer", "ismcts", "ismcts-policy-infer-paranoid"])
def test_a_search_values_every_legal_card_and_replays_from_its_seed(options: MctsOptions) -> None:
    view = _view_after(18)
    legal = sorted(view.legal_cards.ascending())
    assert len(legal) > 1
    first = MctsSearch(view.rules, options, seed=9).search(view)
    again = MctsSearch(view.rules, options, seed=9).search(view)
    assert first.cards == again.cards and first.visits == again.visits and first.best() == again.best()
    assert [v.card for v in first.cards] == legal and first.best() in legal
    for v, n in zip(first.cards, first.visits):
        assert n > 0
        assert all(0.0 <= p <= 26.0 for p in v.points) and all(0.0 <= m <= 1.0 for m in v.moon)
        assert 26.0 - 1e-9 <= sum(v.points) <= 78.0 + 1e-9  # 26 points a hand, 78 after a moon
    if options.kind is MctsKind.ISMCTS:
        assert sum(first.visits) == options.iterations
        assert first.best() == first.cards[max(range(len(legal)), key=lambda k: first.visits[k])].card


def test_a_forced_card_is_returned_at_once() -> None:
    view = _view_after(0)  # the ♣2 holder must lead it
    result = MctsSearch(view.rules, MctsOptions(worlds=2, iterations=20)).search(view)
    assert len(result.cards) == 1 and result.best() == 39 and result.visits == (0,)


@pytest.mark.parametrize("bad, message", [
    (dict(worlds=0), "worlds"), (dict(iterations=10, worlds=30), "iterations"), (dict(epsilon=1.5), "epsilon"),
    (dict(own_epsilon=-0.1), "own epsilon"), (dict(paranoia=2.0), "paranoia"), (dict(inference=-1.0), "inference"),
    (dict(exploration=-1.0), "exploration"), (dict(oversample=0), "oversample"),
])
def test_bad_options_say_which_field(bad, message) -> None:
    with pytest.raises(ValueError, match=message):
        MctsOptions(**bad)
