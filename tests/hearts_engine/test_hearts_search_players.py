"""Search players see only their view, play legal cards, and the analysis API values every legal card."""

from __future__ import annotations

import random

import pytest

from engine.core.deal import random_deals
from engine.hearts.passing import PassDirection, apply_passes
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules
from engine.hearts.table import play_hand
from engine.hearts.view import pass_view, play_view
from engine.players.hearts_iimaxn import IIMaxnHeartsPlayer
from engine.players.hearts_mcmaxn import MCMaxnHeartsPlayer, MCMaxnSettings
from engine.players.hearts_random import RandomHeartsPlayer
from engine.players.registry import Game, PlayerSpecError, create_player
from engine.analysis.hearts import analyse_hearts
from engine.search.hearts.iimaxn import IIMaxnOptions, follow_candidates
from engine.worlds.hearts_knowledge import HeartsKnowledge
from engine.worlds.hearts_sampler import HeartsWorldSampler

FAST_MC = MCMaxnSettings(worlds=6, time=100.0, pass_deals=3)


def _position(seed: int, played: int):
    rng = random.Random(seed)
    deal = random_deals(seed, 1)[0]
    passes = [rng.sample(sorted(h.ascending()), 3) for h in deal.hands]
    after, record = apply_passes(deal.hands, PassDirection.LEFT, passes)
    hand = HeartsHand(after, HeartsRules())
    mover = RandomHeartsPlayer(seed)
    while len(hand.played) < played:
        hand.play(mover.choose_card(play_view(hand, record)))
    return hand, record


def _other_world(hand: HeartsHand, record, seed: int) -> HeartsHand:
    """The same history, with the hidden cards redealt consistently with the mover's knowledge."""
    view = play_view(hand, record)
    world = HeartsWorldSampler(HeartsKnowledge.from_view(view)).sample(random.Random(seed))
    played_by = [0, 0, 0, 0]
    for i, card in enumerate(hand.played):
        played_by[hand.seat_of_play(i)] |= 1 << card
    other = HeartsHand([world[s] | played_by[s] for s in range(4)], hand.rules)
    for card in hand.played:
        other.play(card)
    return other


@pytest.mark.parametrize("make", [
    lambda: MCMaxnHeartsPlayer(FAST_MC, seed=5),
    lambda: IIMaxnHeartsPlayer(IIMaxnOptions(samples=3), seed=5),
], ids=["mcmaxn", "iimaxn"])
@pytest.mark.parametrize("seed,played", [(1, 9), (2, 22), (3, 34)])
def test_decisions_do_not_depend_on_hidden_cards(make, seed: int, played: int) -> None:
    hand, record = _position(seed, played)
    view = play_view(hand, record)
    for k in range(3):
        other = _other_world(hand, record, 100 + k)
        other_view = play_view(other, record)
        assert other_view == view  # the view carries nothing about the hidden cards
        if other.hands != hand.hands:
            assert make().choose_card(other_view) == make().choose_card(view)


def test_search_players_finish_hands_with_legal_cards() -> None:
    players = [MCMaxnHeartsPlayer(FAST_MC, seed=1), IIMaxnHeartsPlayer(IIMaxnOptions(samples=2), seed=2),
               create_player(Game.HEARTS, "rules"), RandomHeartsPlayer(3)]
    result = play_hand(random_deals(4, 1)[0], [p.choose_pass for p in players], [p.choose_card for p in players])
    assert sum(result.result.points) in (26, 78)


def test_simulated_pass_returns_three_cards_of_the_hand() -> None:
    player = MCMaxnHeartsPlayer(FAST_MC, seed=1)
    deal = random_deals(8, 1)[0]
    view = pass_view(0, deal[0], PassDirection.ACROSS, HeartsRules())
    cards = player.choose_pass(view)
    assert len(set(cards)) == 3 and all(c in deal[0] for c in cards)


def test_analysis_values_every_legal_card_best_first() -> None:
    hand, record = _position(6, 17)
    view = play_view(hand, record)
    analysis = analyse_hearts(view, worlds=8, time_limit=100.0, seed=1)
    assert {c.card for c in analysis.cards} == set(view.legal_cards.ascending())
    points = [c.expected_points for c in analysis.cards]
    assert points == sorted(points) or len(points) == 1
    for c in analysis.cards:
        assert 0.0 <= c.moon_risk <= 1.0 and 0.0 <= c.moon_chance <= 1.0
        assert c.to_dict()["card"]


def test_follow_candidates_prune_as_perkins() -> None:
    # spades 2..A are cards 0..12; the trick is led with the ♠9 (7) and the ♠J (9) is winning
    possible = sum(1 << c for c in (0, 3, 6, 8, 10, 12))
    assert follow_candidates(possible, (7, 9)) == [0, 8, 10, 12]
    assert follow_candidates(sum(1 << c for c in (20, 21)), (7,)) == []


def test_player_specs_are_validated() -> None:
    assert create_player(Game.HEARTS, "mcmaxn:worlds=40,time=0.5").name == "mcmaxn"
    assert create_player(Game.HEARTS, "iimaxn").name == "iimaxn"
    with pytest.raises(PlayerSpecError):
        create_player(Game.HEARTS, "mcmaxn:worlds=0")
    with pytest.raises(PlayerSpecError):
        create_player(Game.HEARTS, "mcmaxn:depth=x")


def test_mcmaxn_spec_sets_lead_depth_and_pass_deals() -> None:
    player = create_player(Game.HEARTS, "mcmaxn:lead=2,pass=30")
    assert player.settings.lead_depth == 2 and player.settings.pass_deals == 30
    assert player.settings.search_options().depth.lead_tricks == 2
    for bad in ("mcmaxn:lead=0", "mcmaxn:pass=0", "mcmaxn:lead=14"):
        with pytest.raises(PlayerSpecError):
            create_player(Game.HEARTS, bad)


def test_playout_scores_a_pass_by_the_hand_rule_based_players_play_after_it() -> None:
    from engine.players.hearts_passing import PassOptions, SimulatedPasser
    from engine.players.hearts_rules import RulesHeartsPlayer

    deal = random_deals(12, 1)[0]
    hands = [deal[s].mask for s in range(4)]
    passes = {s: sum(1 << c for c in sorted(deal[s].ascending())[-3:]) for s in range(4)}  # each passes its top 3
    passer = SimulatedPasser(HeartsRules(), PassOptions(playout=True), seed=1)
    rules = RulesHeartsPlayer()
    expected = play_hand(deal, [lambda v, s=s: tuple(sorted(deal[s].ascending())[-3:]) for s in range(4)],
                         [rules.choose_card] * 4, direction=PassDirection.RIGHT).result.points
    for me in range(4):
        assert passer._playout(hands, passes, PassDirection.RIGHT, me) == expected[me]


def test_playout_pass_keeps_the_candidate_whose_playouts_score_best(monkeypatch) -> None:
    from engine.core.cards import CardSet, parse_card
    from engine.players.hearts_passing import PassOptions, SimulatedPasser

    cards = ["SQ", "SA", "SK", "HA", "HK", "H4", "D2", "D3", "D4", "D5", "C2", "C3", "C4"]
    hand = CardSet(sum(1 << parse_card(c) for c in cards))
    queen, heart_ace = parse_card("SQ"), parse_card("HA")
    seen = []

    def fake_playout(self, deal, passes, direction, me):  # only passes keeping the ♠Q and giving the ♥A score well
        seen.append((deal[me], passes[me]))
        mine = passes[me]
        return 0.0 if mine >> heart_ace & 1 and not mine >> queen & 1 else 10.0

    monkeypatch.setattr(SimulatedPasser, "_playout", fake_playout)
    passer = SimulatedPasser(HeartsRules(), PassOptions(deals=4, playout=True), seed=3)
    chosen = passer.choose(pass_view(0, hand, PassDirection.LEFT, HeartsRules()))
    assert heart_ace in chosen and queen not in chosen
    assert all(dealt == hand.mask for dealt, _ in seen) and len({p for _, p in seen}) > 1


def test_mcmaxn_spec_chooses_the_pass_evaluation() -> None:
    assert create_player(Game.HEARTS, "mcmaxn:passeval=playout").settings.pass_playout
    assert not create_player(Game.HEARTS, "mcmaxn:passeval=search").settings.pass_playout
    with pytest.raises(PlayerSpecError):
        create_player(Game.HEARTS, "mcmaxn:passeval=guess")
