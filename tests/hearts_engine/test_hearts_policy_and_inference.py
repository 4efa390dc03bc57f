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


def _moon_ending(spoiled: bool) -> np.ndarray:
    """Two cards left.  West (seat 1) took the ♠Q and eleven hearts and leads ♦A; North and East follow; South
    (seat 0, void in diamonds) holds ♥A ♣7 and West still holds ♥2.  Discarding ♥A hands West the moon
    (South then scores 26); keeping it and discarding ♣7 wins the last trick's ♥2: 2 points.  With
    ``spoiled``, North took a heart earlier, so there is no moon to stop and the ♥A is the natural discard."""
    st = np.zeros(14 + 52, np.int64)
    st[0] = (1 << 25) | (1 << 44)          # South ♥A ♣7
    st[1] = 1 << 13                        # West ♥2
    st[2] = 1 << 42                        # North ♣5
    st[3] = 1 << 43                        # East ♣6
    st[5], st[9] = 24, 12                  # West: ♠Q + 11 hearts
    if spoiled:
        st[5], st[9], st[6], st[10] = 23, 11, 1, 1
    st[12], st[13] = 1, 47
    st[14 + 44], st[14 + 45], st[14 + 46] = 38, 27, 28  # ♦A ♦3 ♦4
    return st


def test_the_policy_and_the_tree_search_stop_a_moon() -> None:
    rl = rules_array(HeartsRules())
    rs = new_state(6)
    assert policy_card(_moon_ending(False), rl, rs, 0.0) == 44  # keep the ♥A to take the last heart
    assert policy_card(_moon_ending(True), rl, rs, 0.0) == 25   # no moon at stake: shed the ♥A
    from engine.search.hearts.kernel_mcts import new_tree, root_stats, run_tree

    st = _moon_ending(False)
    tree = new_tree(101)
    run_tree(st, st[None, 0:4].copy(), rl, rs, 100, 0.4, 0.1, 0.1, False, 0.0, False, *tree)
    visits = np.zeros(52, np.int64)
    stats = np.zeros((52, 8))
    root_stats(tree[0], tree[1], tree[2], tree[3], tree[5], visits, stats)
    assert stats[44, 0] / visits[44] == 2.0 and stats[25, 0] / visits[25] == 26.0
    assert stats[25, 5] / visits[25] == 1.0  # West's moon after the ♥A
    assert visits[44] > visits[25]
