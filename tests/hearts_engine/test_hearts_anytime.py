"""Anytime Hearts analysis: the final answer is analyse_hearts' own, snapshots refine it, a cancel stops it."""

from __future__ import annotations

import random

import pytest

from engine.analysis.hearts import analyse_hearts
from engine.core.cancel import Cancelled, CancelToken
from engine.core.deal import random_deals
from engine.hearts.passing import PassDirection, apply_passes
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules
from engine.hearts.view import play_view
from engine.players.hearts_random import RandomHeartsPlayer


def _view(seed: int, played: int):
    rng = random.Random(seed)
    deal = random_deals(seed, 1)[0]
    passes = [rng.sample(sorted(h.ascending()), 3) for h in deal.hands]
    after, record = apply_passes(deal.hands, PassDirection.LEFT, passes)
    hand = HeartsHand(after, HeartsRules())
    mover = RandomHeartsPlayer(seed)
    while len(hand.played) < played:
        hand.play(mover.choose_card(play_view(hand, record)))
    return play_view(hand, record)


@pytest.mark.parametrize("seed, played", [(6, 17), (3, 30)])
def test_final_answer_is_analyse_hearts_and_snapshots_come_before_it(seed, played):
    view = _view(seed, played)
    snapshots = []
    got = analyse_hearts(view, worlds=24, time_limit=100.0, seed=2, on_update=snapshots.append,
                                 min_interval=0.0)
    plain = analyse_hearts(view, worlds=24, time_limit=100.0, seed=2)
    assert [(c.card, c.points, c.moon_risk) for c in got.cards] == [(c.card, c.points, c.moon_risk) for c in plain.cards]
    assert got.worlds == plain.worlds == 24
    final = snapshots[-1]
    assert final.final and final.analysis is got and final.fraction == 1.0
    partial = snapshots[:-1]
    assert [s.worlds_used for s in partial] == [4, 8, 12, 16, 20]  # one per batch of four worlds
    for s in partial:
        assert not s.final and s.stage == "mcmaxn" and s.worlds_total == 24
        assert {c.card for c in s.analysis.cards} == set(view.legal_cards.ascending())
        points = [c.expected_points for c in s.analysis.cards]
        assert points == sorted(points)  # best first, as the final analysis


def test_prefix_snapshot_equals_a_search_of_that_many_worlds():
    view = _view(6, 17)
    snapshots = []
    analyse_hearts(view, worlds=16, time_limit=100.0, seed=4, on_update=snapshots.append, min_interval=0.0)
    eight = next(s for s in snapshots if s.worlds_used == 8)
    plain = analyse_hearts(view, worlds=8, time_limit=100.0, seed=4)  # the same first eight worlds
    assert [(c.card, pytest.approx(c.points)) for c in eight.analysis.cards] == [(c.card, c.points) for c in plain.cards]


def test_cancel_stops_between_batches_and_keeps_the_last_snapshot():
    view = _view(6, 17)
    cancel = CancelToken()
    seen = []

    def on_update(snapshot):
        seen.append(snapshot)
        if snapshot.worlds_used >= 8:
            cancel.cancel()

    with pytest.raises(Cancelled) as info:
        analyse_hearts(view, worlds=400, time_limit=100.0, seed=1, cancel=cancel, on_update=on_update,
                               min_interval=0.0)
    assert info.value.last is seen[-1] and info.value.last.worlds_used == 8
