"""Techniques read from the whole line (issue 26): the squeeze, combining chances, crossing to finesse, and the
defence's techniques; and the plan sentences, whose every card is the analysis's own strategy.

Each technique has positions built for it, where it must be named, and look-alikes where it must not: the
same cards with the squeeze threat promoted to a winner (nothing to squeeze), a nine-card drop (cashing
twice is not combining chances), a finesse from the hand already on lead (no cross).  Positions are small
endings (every layout enumerated, searched exactly) in the style of :mod:`tests.hints.teaching_set`.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.core.cards import FULL_MASK, parse_card
from engine.core.seats import Seat
from engine.hints.line_walk import walk_lines
from engine.hints.lines import line_values
from engine.hints.plan import line_plan
from engine.hints.techniques import Technique
from engine.hints.render import pct
from engine.solvers.solver_oracle import default_oracle
from tests.hints.teaching_set import by_name
from tests.hints.technique_positions import (DECLARER_POSITIONS, PLAY_POSITIONS, POSITIONS, SQUEEZE_E, SQUEEZE_LATER, SQUEEZE_W,
                                             STRIP_AND_THROW, THROW_IN_SPADE, Pos, check_named, deal_key,
                                             distinct_deals, hint_of, swapped, turned)
from tests.hints.test_teaching_truth import build

T = Technique


@pytest.mark.parametrize("position", PLAY_POSITIONS, ids=[p.name for p in PLAY_POSITIONS])
def test_technique_named_only_where_its_rule_holds(position: Pos):
    check_named(position)


def test_every_technique_has_three_positions_and_a_look_alike():
    from collections import Counter

    named = Counter(p.named for p in DECLARER_POSITIONS if p.named is not None)
    looks = {p.not_named for p in DECLARER_POSITIONS if p.not_named is not None}
    for t in (T.SQUEEZE, T.RECTIFY_COUNT, T.THROW_IN, T.HOLD_UP, T.DUCK, T.ENTRY_MANAGEMENT, T.AVOIDANCE,
              T.RESTRICTED_CHOICE, T.COMBINING_CHANCES, T.CROSS_TO_FINESSE, T.SAFETY_PLAY, T.LOSER_ON_LOSER,
              T.TRUMP_CONTROL):
        assert named[t] >= 3 and t in looks, t
        # three different deals, not one deal turned round the table or with its suits renamed
        assert distinct_deals(t, DECLARER_POSITIONS) >= 3, t


def test_a_deal_turned_or_with_suits_renamed_is_the_same_deal():
    assert deal_key(SQUEEZE_W) == deal_key(turned(SQUEEZE_W, 2)) == deal_key(swapped(SQUEEZE_W, "S", "D"))
    assert deal_key(SQUEEZE_W) != deal_key(SQUEEZE_E)


def test_squeeze_names_victim_and_kind():
    west = hint_of(SQUEEZE_W).candidates[0].techniques[0]
    assert west.seat is Seat.WEST and "positional" in west.phrase
    east = hint_of(SQUEEZE_E).candidates[0].techniques[0]
    assert east.seat is Seat.EAST and "automatic" in east.phrase
    turned_west = hint_of(turned(SQUEEZE_W, 2)).candidates[0].techniques[0]
    assert turned_west.seat is Seat.EAST and "positional" in turned_west.phrase
    later = hint_of(SQUEEZE_LATER).candidates[0].techniques[0]
    assert later.phrase.startswith("the line ends in a squeeze") and later.seat is Seat.WEST


def test_throw_in_names_the_defender_and_what_he_is_left_with():
    found = hint_of(THROW_IN_SPADE).candidates[0].techniques[0]
    assert found.seat is Seat.WEST and "left with only clubs" in found.phrase
    assert "(a club into North's ♣KJ)" in found.phrase
    strip = hint_of(STRIP_AND_THROW).candidates[0].techniques[0]
    assert strip.phrase.startswith("the line throws West in with the ♣2: with his diamonds stripped, left with "
                                   "only hearts") and "a heart into North's ♥AQ" in strip.phrase


PLAN_POSITIONS = ["eight_ever_cash", "eight_ever_cross", "nine_never_third_hand", "combining_chances",
                  "hold_up_declarer", "ruffing_finesse", "duck_to_keep_entry"]


@pytest.mark.parametrize("name", PLAN_POSITIONS)
def test_every_plan_step_is_the_strategy_card(name):
    """Each card a plan sentence names is the one the analysis's strategy plays at that public state, and
    the deciding events are read from every deal."""
    deal, play, view = build(by_name(name))
    values = line_values(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    oracle = default_oracle()
    ranked = sorted(values.reps, key=lambda c: -values.chance[c])[:2]
    for card in ranked:
        walks = walk_lines(values, card, oracle)
        assert walks is not None and len(walks) == values.worlds
        for walk in walks:
            for step in walk.planned():
                assert values.plans[card][step.state] == step.card
        plan = line_plan(values, card, oracle, walks)
        assert plan is not None
        for words in plan.words:
            for step in words.steps:
                assert step.planned and values.plans[card][step.state] == step.card
        # the walked line wins exactly in the deals the analysis says it does
        won = np.array([w.success for w in walks])
        assert np.array_equal(won, np.asarray(values.success[card]) > 0.5)


def test_plan_sentence_is_in_the_hint_with_the_analysis_figure():
    hint = hint_of(next(p for p in POSITIONS if p.name == "eight_ever_cash"))
    best = hint.candidates[0]
    assert best.line.startswith("cash the ♠K; if the ♠Q has fallen")
    assert "if it has not, " in best.line
    assert f"The line: {best.line} (60%)." in hint.text


def test_safety_play_states_its_overtrick_cost_from_the_lines():
    hint = hint_of(next(p for p in POSITIONS if p.name == "safety_cash_the_ace"))
    found = hint.candidates[0].techniques[0]
    assert found.technique is T.SAFETY_PLAY
    ev = found.evidence
    assert ev["p_make"] > ev["p_make_rival"] and ev["p_overtrick"] < ev["p_overtrick_rival"]
    assert f"would take in {pct(ev['p_overtrick_rival'])} of the deals" in found.phrase


def test_library_lines_speak_of_the_table_seats_and_explain_their_figure():
    from tests.hints.technique_positions import from_teaching

    hint = hint_of(from_teaching("nine_never_third_hand", T.DROP))
    assert hint.expert and "library's North" not in hint.text
    assert "For the suit alone, before any of its cards is seen, that is 53%" in hint.text
    assert "AKJxx opposite xxxx" in hint.text  # the mover's holding first, as the table shows it


def test_review_says_what_the_missed_card_would_have_done():
    from engine.bridge.contract import Contract
    from engine.core.deal import Deal
    from engine.hints.review import review_play
    from tests.hints.technique_positions import Holds

    deal = Deal.from_pbn("N:2...KJ ..JT9. 3..2.3 A...Q4", partial=True)
    cards = [parse_card(c) for c in "CJ D9 C3 CQ SA S2 DT S3 C4 CK DJ D2".split()]
    review = review_play(deal, Contract.parse("3N"), Seat.SOUTH, cards, leader=Seat.NORTH, prior=(7, 3),
                         constraints={Seat.WEST: Holds(sum(1 << parse_card(c) for c in ("SA", "CQ", "C4")))})
    costly = review.costly[0]
    assert costly.card == parse_card("CJ") and costly.better == parse_card("S2")
    assert "the ♠2 would have thrown West in" in costly.explanation


def test_a_tie_is_always_put_into_words():
    """When the recommended card is tied with others on the goal's chance, the text says so and why it
    comes first (more tricks on average, or the lower card kept for later) — never silently the lowest."""
    from engine.bridge.view import view_for_turn
    from engine.hints.bridge_hint import hint_from_values
    from engine.hints.lines import HintBudget
    from engine.core.cards import card_symbol_str
    from tests.hints.test_hint_agreement import bridge_cases

    tied = 0
    for deal, play in bridge_cases(40, 3):
        view = view_for_turn(play)
        values = line_values(view, HintBudget(exact_time=None, exact_nodes=None),
                             out_of_play=FULL_MASK & ~deal.cards.mask)
        hint = hint_from_values(values)
        if not hint.tied:
            continue
        tied += 1
        names = ", ".join(card_symbol_str(c) for c in hint.tied)
        assert f"The {names} " in hint.text and ("just as good" in hint.text or "does as well" in hint.text
                                                  or "do as well" in hint.text), hint.text
    assert tied >= 3


@pytest.mark.parametrize("seed", (5, 6))
def test_plans_read_the_strategy_on_random_positions(seed):
    """Over random endings: every card a plan names is the strategy's card at its public state, the walked
    lines win in exactly the deals the analysis says, and the hint states the plan with its own figure."""
    from engine.bridge.view import view_for_turn
    from engine.hints.bridge_hint import hint_from_values
    from engine.hints.lines import HintBudget
    from tests.hints.test_hint_agreement import bridge_cases

    oracle = default_oracle()
    planned = 0
    for deal, play in bridge_cases(30, seed):
        view = view_for_turn(play)
        values = line_values(view, HintBudget(exact_time=None, exact_nodes=None),
                             out_of_play=FULL_MASK & ~deal.cards.mask)
        if not values.exact or not values.plans:
            continue
        hint = hint_from_values(values)
        for cand in hint.candidates[:2]:
            walks = walk_lines(values, cand.card, oracle)
            if walks is None:
                continue
            assert np.array_equal(np.array([w.success for w in walks]), np.asarray(values.success[cand.card]) > 0.5)
            plan = line_plan(values, cand.card, oracle, walks)
            assert plan is not None and plan.text == cand.line
            assert "play on as" not in plan.text  # never a vague ending: the cards chosen between are named
            for words in plan.words:
                for step in words.steps:
                    assert values.plans[cand.card][step.state] == step.card
                if words.kinds == ("choice",):  # "play the ♠Q or the ♦3, as the defenders' cards show"
                    assert len({x.card for x in words.steps}) >= 2 and words.text in plan.text
            planned += 1
        best = hint.candidates[0]
        if best.line:
            assert f"The line: {best.line} ({pct(best.p_goal)})." in hint.text
    assert planned >= 20


def test_the_line_work_stops_when_the_hint_is_cancelled():
    """Walking the lines and the safety search obey the hint's stop request (the GUI never waits on them)."""
    from engine.core.cancel import Cancelled, CancelToken
    from engine.hints.bridge_hint import hint_from_values

    deal, play, view = build(by_name("eight_ever_cash"))
    values = line_values(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        hint_from_values(values, cancel=token)
    assert hint_from_values(values).candidates[0].line  # and without a stop, the plan is there


def test_combining_chances_names_the_drop_the_second_chance_and_what_the_second_chance_first_makes():
    from tests.hints.technique_positions import COMBINE_SPADE_DROP_THEN_DIAMOND_FINESSE as combine

    hint = hint_of(combine)
    best = hint.candidates[0]
    found = best.techniques[0]
    assert found.technique is T.COMBINING_CHANCES
    diamond = next(c for c in hint.candidates if c.card == parse_card("D2"))
    assert found.phrase == ("combining chances, the drop first, then the finesse: cash the ♠A — if the ♠Q falls, "
                            "you need nothing else; if it does not, lead the ♦2 toward North's ♦AQ; finessing at once "
                            f"(the ♦2) makes {pct(diamond.p_goal)}")
    # the plan the words summarise is the analysis's: the same event, the same second chance
    assert best.line.startswith("cash the ♠A; if the ♠Q has fallen") and "lead the ♦2 toward North's ♦AQ" in best.line


def test_a_few_points_of_overtricks_given_up_are_no_safety_play():
    """The ♠A line also takes fewer overtricks than the ♦2 (57% against 60%), but a card that makes the contract
    more often at a cost of three points is just the better card: no safety play is named."""
    from engine.hints.techniques import MIN_SAFETY_COST, safety_play
    from tests.hints.technique_positions import COMBINE_SPADE_DROP_THEN_DIAMOND_FINESSE as combine

    assert T.SAFETY_PLAY not in [t.technique for t in hint_of(combine).candidates[0].techniques]
    a, b = parse_card("SA"), parse_card("SK")
    assert safety_play(a, 0.9, 0.5, b, 0.8, 0.5 + MIN_SAFETY_COST - 0.01) is None
    assert safety_play(a, 0.9, 0.5, b, 0.8, 0.5 + MIN_SAFETY_COST + 0.01) is not None


def test_trump_control_counts_a_winner_ruffed_whoever_led_and_says_so_when_the_rival_is_a_trump():
    from engine.hints.line_techniques import _ruffs_a_winner
    from engine.hints.line_walk import Step, WalkTrick
    from tests.hints.technique_positions import TC_DRAW_ENDING_IN_DUMMY

    class Side:
        def ours(self, seat):
            return seat in (Seat.NORTH, Seat.SOUTH)

    def trick(leader, *cards):
        seats = [Seat(int(leader) + k & 3) for k in range(4)]
        return WalkTrick(leader, tuple(Step(s, parse_card(c)) for s, c in zip(seats, cards)), None, (0, 0, 0, 0))

    spades = 0
    # West leads a heart, North's ace wins it, East ruffs: a winner of the side ruffed on the defence's lead
    assert _ruffs_a_winner(trick(Seat.WEST, "H2", "HA", "S3", "H4"), Side(), spades) == [Seat.EAST]
    # West's king is winning the heart when East trumps: the defence ruffs its own trick, no winner of ours
    assert _ruffs_a_winner(trick(Seat.SOUTH, "H2", "HK", "H3", "S3"), Side(), spades) == []
    # a trump lead is never a ruff
    assert _ruffs_a_winner(trick(Seat.SOUTH, "S2", "S4", "SA", "S5"), Side(), spades) == []
    found = next(t for t in hint_of(TC_DRAW_ENDING_IN_DUMMY).candidates[0].techniques if t.technique is T.TRUMP_CONTROL)
    assert found.phrase == ("trump control: draw every trump before the winners — after the ♠2, West keeps a trump "
                            "to ruff a winner")


def test_the_drop_may_take_two_rounds_and_an_unfinished_last_trick_is_not_called_giving_up():
    """♦AKJ4 opposite ♦32: the ♦Q can fall only on the second round, so the plan's event comes after two
    cashes; the walk stops after the ♠2 (the contract is then decided), and that lead toward the ♠AQ is no
    'give up'."""
    from tests.hints.technique_positions import COMBINE_TWO_ROUNDS

    best = hint_of(COMBINE_TWO_ROUNDS).candidates[0]
    found = best.techniques[0]
    assert found.technique is T.COMBINING_CHANCES
    assert found.phrase.startswith("combining chances, the drop first, then the finesse: cash the ♦K and the ♦A "
                                   "— if the ♦Q falls, you need nothing else; if it does not, lead the ♠2 toward "
                                   "North's ♠AQ")
    assert "give up" not in best.line and best.line.startswith("cash the ♦K, then cash the ♦A; if the ♦Q has fallen")
