"""The playout policy against the rule-based player it follows, and the play-likelihood weighing of worlds."""

from __future__ import annotations

import random

import numpy as np

from engine.core.deal import random_deals
from engine.hearts.passing import PassRecord
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules
from engine.hearts.view import play_view
from engine.players.hearts_rules import RulesHeartsPlayer
from engine.search.hearts.kernel_inference import play_log_likelihood
from engine.solvers.hearts import HeartsPosition
from engine.solvers.hearts.kernel_policy import MOON_ALERT, playout, playout_result, policy_card
from engine.solvers.hearts.kernel_rng import new_state
from engine.solvers.hearts.kernel_rules import rules_array
from engine.worlds.hearts_knowledge import HeartsKnowledge
from engine.worlds.hearts_sampler import HeartsWorldSampler


def _state(hand: HeartsHand) -> np.ndarray:
    st = HeartsPosition.of_hand(hand).state_array()
    st[0:4] = hand.hands
    return st


def _moon_watch(hand: HeartsHand) -> bool:
    """Whether the policy's moon rules are in force (one seat took every penalty card so far, enough of them)."""
    takers = [s for s in range(4) if hand.taken[s] & ((0x1FFF << 13) | (1 << 10))]
    return len(takers) == 1 and (hand.taken[takers[0]] & ((0x1FFF << 13) | (1 << 10))).bit_count() >= MOON_ALERT


def test_the_policy_plays_the_rule_based_players_card_while_no_moon_is_at_stake() -> None:
    """Whole hands by the rule-based player: at every decision (moon rules aside) the kernel policy, which
    sees only the mover's cards, the cards played and the points taken, picks the same card."""
    rules = HeartsRules()
    rl = rules_array(rules)
    rs = new_state(1)
    player = RulesHeartsPlayer()
    compared = 0
    for deal in random_deals(31, 12):
        hand = HeartsHand(deal.masks, rules)
        while not hand.is_complete:
            view = play_view(hand, PassRecord.hold())
            card = player.choose_card(view)
            if not _moon_watch(hand):
                assert policy_card(_state(hand), rl, rs, 0.0) == card, f"{view.plays} {view.hand}"
                compared += 1
            hand.play(card)
    assert compared > 500


def test_playouts_finish_the_hand_with_a_real_score() -> None:
    rules = HeartsRules()
    rl = rules_array(rules)
    rs = new_state(2)
    for deal in random_deals(32, 6):
        st = _state(HeartsHand(deal.masks, rules))
        playout(st, rl, rs, 0.3)
        out = np.zeros(8)
        playout_result(st, rl, out)
        assert st[13] == 52
        assert sum(out[:4]) == 26 or sorted(out[:4].tolist()) == [0, 26, 26, 26]
        assert out[4:].sum() == (1.0 if sum(out[:4]) == 78 else 0.0)


def test_the_real_deal_is_the_most_likely_world_when_the_others_play_the_policy() -> None:
    """Seats playing the policy: with almost no noise in the model, the real deal has likelihood one (every
    card the policy's), as has any world where they would have played the same cards; most sampled worlds,
    where some card was not the policy's, are far less likely."""
    rules = HeartsRules()
    rl = rules_array(rules)
    rs = new_state(3)
    for deal in random_deals(33, 4):
        hand = HeartsHand(deal.masks, rules)
        for _ in range(21):
            hand.play(policy_card(_state(hand), rl, rs, 0.0))
        view = play_view(hand, PassRecord.hold())
        me = int(view.seat)
        worlds = HeartsWorldSampler(HeartsKnowledge.from_view(view)).sample_array(200, random.Random(4))
        worlds = np.vstack([np.array([hand.hands], dtype=np.int64), worlds])
        starts = worlds.copy()
        for seat, card in view.plays:
            starts[:, int(seat)] |= 1 << card
        plays = np.array([c for _, c in view.plays], dtype=np.int64)
        out = np.zeros(starts.shape[0])
        play_log_likelihood(starts, plays, int(view.tricks[0].leader), me, rl, 1e-6, out)
        assert out[0] > -1e-3 and out.max() < 1e-9
        assert np.mean(out[1:] < -10) > 0.5
