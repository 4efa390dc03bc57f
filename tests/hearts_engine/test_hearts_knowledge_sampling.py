"""The Y/M/N table is sound, sampling never contradicts it, and sampled card frequencies match exact ones."""

from __future__ import annotations

import itertools
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import SUIT_MASKS
from engine.core.deal import random_deals
from engine.hearts.passing import PassDirection, apply_passes
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules
from engine.hearts.view import play_view
from engine.players.hearts_random import RandomHeartsPlayer
from engine.worlds.hearts_knowledge import HeartsKnowledge, Holding
from engine.worlds.hearts_sampler import HeartsWorldSampler, iterative_probabilities


def _hand_in_progress(seed: int, cards_played: int, direction: PassDirection = PassDirection.LEFT):
    """A hand after random passes and ``cards_played`` random plays, with its pass record."""
    rng = random.Random(seed)
    deal = random_deals(seed, 1)[0]
    passes = None if direction is PassDirection.HOLD else [rng.sample(sorted(h.ascending()), 3) for h in deal.hands]
    after, record = apply_passes(deal.hands, direction, passes)
    hand = HeartsHand(after, HeartsRules())
    player = RandomHeartsPlayer(seed)
    while len(hand.played) < cards_played:
        hand.play(player.choose_card(play_view(hand, record)))
    return hand, record


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 50), st.sampled_from(list(PassDirection)))
def test_true_deal_is_always_consistent_with_every_seats_table(seed: int, played: int, direction: PassDirection) -> None:
    hand, record = _hand_in_progress(seed, played, direction)
    truth = tuple(hand.hands)
    for seat in range(4):
        knowledge = HeartsKnowledge.from_view(play_view(hand, record, seat=seat))
        assert knowledge.is_consistent(truth)  # type: ignore[arg-type]
        assert knowledge.yes[seat] == hand.hands[seat]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 48))
def test_sampled_worlds_never_contradict_the_table(seed: int, played: int) -> None:
    hand, record = _hand_in_progress(seed, played)
    knowledge = HeartsKnowledge.from_view(play_view(hand, record))
    sampler = HeartsWorldSampler(knowledge)
    rng = random.Random(seed)
    for _ in range(20):
        world = sampler.sample(rng)
        assert knowledge.is_consistent(world)
        for s in range(4):
            for c in range(52):
                if world[s] >> c & 1:
                    assert knowledge.holding(s, c) is not Holding.NO


def test_voids_and_passed_cards_enter_the_table() -> None:
    hand, record = _hand_in_progress(11, 30)
    viewer = int(hand.to_move)
    view = play_view(hand, record)
    knowledge = HeartsKnowledge.from_view(view)
    receiver = int(view.passed_to)  # type: ignore[arg-type]
    for card in view.passed.ascending():
        if card not in view.played:
            assert knowledge.holding(receiver, card) is Holding.YES
    for trick in view.tricks:
        led = trick.cards[0] // 13
        for seat, card in trick.plays[1:]:
            if card // 13 != led and int(seat) != viewer:
                assert knowledge.maybe[int(seat)] & SUIT_MASKS[led] == 0


def _enumerated_probabilities(knowledge: HeartsKnowledge) -> np.ndarray:
    """Card probabilities by listing every consistent world (tiny cases only)."""
    unknown = [c for c in range(52) if knowledge.unknown >> c & 1]
    free = knowledge.free_places
    counts = np.zeros((4, 52))
    total = 0
    for owners in itertools.product(range(4), repeat=len(unknown)):
        if any(owners.count(s) != free[s] for s in range(4)):
            continue
        if any(not knowledge.maybe[s] >> c & 1 for c, s in zip(unknown, owners)):
            continue
        total += 1
        for c, s in zip(unknown, owners):
            counts[s, c] += 1
    for s in range(4):
        for c in range(52):
            if knowledge.yes[s] >> c & 1:
                counts[s, c] = total
    return counts / total


def test_exact_probabilities_equal_enumeration_late_in_a_hand() -> None:
    checked = 0
    for seed in range(40):
        hand, record = _hand_in_progress(seed, 41)
        knowledge = HeartsKnowledge.from_view(play_view(hand, record))
        if knowledge.unknown.bit_count() > 9:
            continue
        exact = HeartsWorldSampler(knowledge).exact_probabilities()
        assert np.allclose(exact, _enumerated_probabilities(knowledge))
        checked += 1
    assert checked >= 5


def test_sampled_frequencies_match_exact_probabilities() -> None:
    """Statistical check (fixed seed): 6000 samples per position, error within 4 standard errors."""
    rng = random.Random(2024)
    for seed, played in ((3, 36), (8, 40), (21, 33)):
        hand, record = _hand_in_progress(seed, played)
        knowledge = HeartsKnowledge.from_view(play_view(hand, record))
        sampler = HeartsWorldSampler(knowledge)
        exact = sampler.exact_probabilities()
        n = 6000
        freq = np.zeros((4, 52))
        for _ in range(n):
            world = sampler.sample(rng)
            for s in range(4):
                for c in range(52):
                    if world[s] >> c & 1:
                        freq[s, c] += 1
        freq /= n
        sigma = np.sqrt(exact * (1 - exact) / n)
        assert np.all(np.abs(freq - exact) <= 4 * sigma + 1e-9)


def test_iterative_probabilities_are_close_to_exact() -> None:
    errors = []
    for seed in range(10):
        hand, record = _hand_in_progress(seed, 28)
        knowledge = HeartsKnowledge.from_view(play_view(hand, record))
        exact = HeartsWorldSampler(knowledge).exact_probabilities()
        approx = iterative_probabilities(knowledge)
        unknown = [c for c in range(52) if knowledge.unknown >> c & 1]
        errors.append(np.abs(approx[:, unknown] - exact[:, unknown]).mean())
        assert np.allclose(approx[:, [c for c in range(52) if c not in unknown]],
                           exact[:, [c for c in range(52) if c not in unknown]])
    assert np.mean(errors) < 0.05
