"""At every decision of whole hands, every Hearts search considers exactly the referee's legal cards.

Hands are dealt, passed (rule-based passes) and played to the end by a mix of
players; at each decision the real position is handed to each search *as a
perfect-information world* and the cards the search itself found playable are
read back from its own output, not from the legal list it was given:

* the Max_n solver and its paranoid reduction: the root rows it filled (the
  others stay NaN);
* the playout policy: the card it picks, many times over (with random moves);
* the tree searches: the root's children (every legal card is tried once a
  search has more iterations than cards; the one-world search merges
  equivalent cards, so there the children must be representatives that cover
  the legal cards);
* the pass search: every candidate is three cards of the passer's hand.

The hands are chosen so the ♠Q falls before hearts are broken and someone
then leads with hearts and other cards in hand: only a heart breaks hearts
(engine.hearts.rules), so a solver that let the ♠Q break them would value a
heart lead there.  The first trick (♣2 lead, no points discarded) is covered
in every hand.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.core.cards import CardSet
from engine.core.deal import random_deals
from engine.hearts.passing import PassDirection, apply_passes
from engine.hearts.play import HeartsHand
from engine.hearts.rules import HeartsRules, MoonScoring
from engine.hearts.scoring import HEARTS_MASK, QUEEN_OF_SPADES
from engine.hearts.view import pass_view
from engine.players.hearts_random import RandomHeartsPlayer
from engine.players.hearts_rules import RulesHeartsPlayer
from engine.search.hearts.kernel_mcts import new_tree, pimc_uct, root_stats, run_tree
from engine.search.hearts.passing import PassSearchOptions, search_pass
from engine.solvers.hearts import HeartsPosition, HeartsSolver, SearchDepth
from engine.solvers.hearts.kernel_policy import policy_card
from engine.solvers.hearts.kernel_rng import new_state
from engine.solvers.hearts.kernel_rules import rules_array
from engine.solvers.hearts.kernel_state import live_cards, representatives

RULE_SETS = [
    HeartsRules(),
    HeartsRules(jack_of_diamonds=True, moon_scoring=MoonScoring.SHOOTER_MINUS_26, hearts_on_first_trick=True),
]


def _mask(cards) -> int:
    return sum(1 << c for c in cards)


class _QueenEarly:
    """Rule-based play, except that a seat holding the ♠Q plays it at its first chance (lead or discard)
    while no heart has been played: the queen then falls before hearts are broken."""

    def __init__(self, seed: int) -> None:
        self.rules_player = RulesHeartsPlayer()
        self.random_player = RandomHeartsPlayer(seed)

    def choose(self, hand: HeartsHand, view_of) -> int:
        legal = hand.legal_cards()
        if QUEEN_OF_SPADES in legal and not hand.hearts_broken:
            return QUEEN_OF_SPADES
        view = view_of(hand)
        if len(hand.played) % 8 == 5:  # some random cards, so the hands differ in character
            return self.random_player.choose_card(view)
        return self.rules_player.choose_card(view)


def _hands(seed: int, rules: HeartsRules):
    """Deals (passed by the rules player) whose play lets the ♠Q fall before any heart, then a lead
    by a seat holding hearts and other cards while hearts are still unbroken."""
    from engine.hearts.passing import PassRecord
    from engine.hearts.view import play_view

    found = []
    for index, deal in enumerate(random_deals(seed, 40)):
        direction = PassDirection.for_hand(index)
        passes = None
        if direction is not PassDirection.HOLD:
            passes = [RulesHeartsPlayer().choose_pass(pass_view(s, deal.hands[s], direction, rules)) for s in range(4)]
        after, record = apply_passes(deal.hands, direction, passes)
        hand = HeartsHand(after, rules)
        chooser = _QueenEarly(seed + index)
        queen_first = False
        tested_lead = False
        history = []
        while not hand.is_complete:
            history.append(hand.copy())
            if (not hand.current_cards and hand.played_mask >> QUEEN_OF_SPADES & 1 and not hand.hearts_broken
                    and hand.hands[int(hand.to_move)] & HEARTS_MASK
                    and hand.hands[int(hand.to_move)] & ~HEARTS_MASK):
                tested_lead = True
            if hand.played_mask >> QUEEN_OF_SPADES & 1 and not hand.hearts_broken:
                queen_first = True
            hand.play(chooser.choose(hand, lambda h: play_view(h, record)))
        if queen_first and tested_lead:
            found.append((record, history))
        if len(found) == 3:
            break
    return found


def _check_solver(hand: HeartsHand, legal: set[int], solver: HeartsSolver) -> None:
    position = HeartsPosition.of_hand(hand)
    values = solver.world_values(position, np.array([hand.hands], dtype=np.int64))[0]
    considered = {c for c in range(52) if not np.isnan(values[c, 0])}
    assert considered == legal, (
        f"{'paranoid' if solver.paranoid else 'Max_n'} at {CardSet(hand.played_mask).cards_str()} "
        f"considered {CardSet(_mask(considered)).cards_str()}, the referee allows {CardSet(_mask(legal)).cards_str()}"
    )


def _check_policy(hand: HeartsHand, legal: set[int], rl, rs) -> None:
    st = HeartsPosition.of_hand(hand).state_array()
    st[0:4] = hand.hands
    picked = {int(policy_card(st, rl, rs, 0.5)) for _ in range(40)} | {int(policy_card(st, rl, rs, 0.0))}
    assert picked <= legal, f"the playout policy played {CardSet(_mask(picked - legal)).cards_str()}, not legal"


def _check_trees(hand: HeartsHand, legal: set[int], rl, rs) -> None:
    st = HeartsPosition.of_hand(hand).state_array()
    world = np.array([hand.hands], dtype=np.int64)
    iterations = 60
    tree = new_tree(iterations + 1)
    for opp_policy in (False, True):
        run_tree(st, world, rl, rs, iterations, 0.4, 0.1, 0.1, opp_policy, 0.0, False, *tree)
        visits = np.zeros(52, np.int64)
        stats = np.zeros((52, 8))
        root_stats(tree[0], tree[1], tree[2], tree[3], tree[5], visits, stats)
        children = {c for c in range(52) if visits[c] > 0}
        assert children == legal, (
            f"the tree search (opp_policy={opp_policy}) tried {CardSet(_mask(children)).cards_str()}, "
            f"the referee allows {CardSet(_mask(legal)).cards_str()}"
        )
        out_visits = np.zeros((1, 52), np.int64)
        out_stats = np.zeros((1, 52, 8))
        pimc_uct(st, world, rl, rs, iterations, 0.4, 0.1, 0.1, opp_policy, 0.0, *tree, out_visits, out_stats)
        children = {c for c in range(52) if out_visits[0, c] > 0}
        state = st.copy()
        state[0:4] = hand.hands
        reps = representatives(_mask(legal), live_cards(state), rl)
        assert children == {c for c in range(52) if reps >> c & 1}, (
            f"the one-world UCT tried {CardSet(_mask(children)).cards_str()}, the referee allows "
            f"{CardSet(_mask(legal)).cards_str()}"
        )


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "jack-minus26-hearts-first"])
def test_every_search_considers_exactly_the_referees_legal_cards(rules: HeartsRules) -> None:
    hands = _hands(11, rules)
    assert len(hands) == 3, "the generator must find hands where the ♠Q falls before hearts are broken"
    rl = rules_array(rules)
    rs = new_state(5)
    maxn = HeartsSolver(rules, SearchDepth(tricks=1, exact_tricks=2, lead_tricks=1), tt_bits=12)
    paranoid = HeartsSolver(rules, SearchDepth(tricks=1, exact_tricks=2, lead_tricks=1), tt_bits=12, paranoid=True)
    decisions = 0
    queen_before_hearts_leads = 0
    for _, history in hands:
        for hand in history:
            legal = set(hand.legal_cards().ascending())
            if (not hand.current_cards and hand.played_mask >> QUEEN_OF_SPADES & 1 and not hand.hearts_broken
                    and hand.hands[int(hand.to_move)] & HEARTS_MASK):
                queen_before_hearts_leads += 1
            _check_solver(hand, legal, maxn)
            _check_solver(hand, legal, paranoid)
            _check_policy(hand, legal, rl, rs)
            _check_trees(hand, legal, rl, rs)
            decisions += 1
    assert decisions == 3 * 52
    assert queen_before_hearts_leads >= 3


def test_pass_search_considers_only_the_passers_cards() -> None:
    rules = HeartsRules()
    for index, deal in enumerate(random_deals(4, 3)):
        direction = PassDirection.for_hand(index)
        view = pass_view(index % 4, deal.hands[index % 4], direction, rules)
        result = search_pass(view, RulesHeartsPlayer().choose_pass, PassSearchOptions(deals=2, finalists=3,
                                                                                        final_deals=2),
                             random.Random(index))
        assert len(result.candidates) == 286
        for candidate in result.candidates:
            assert len(set(candidate.cards)) == 3 and set(candidate.cards) <= set(view.hand.ascending())
