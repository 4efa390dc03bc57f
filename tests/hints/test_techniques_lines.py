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

from engine.core.cards import FULL_MASK
from engine.hints import bridge_hint_for_view
from engine.hints.line_walk import walk_lines
from engine.hints.lines import line_values
from engine.hints.plan import line_plan
from engine.hints.techniques import Technique
from engine.solvers.solver_oracle import default_oracle
from tests.hints.teaching_set import TeachingPosition as P, by_name, rotated
from tests.hints.test_teaching_truth import build

T = Technique

# (position, technique that must be named first on the recommended card (None: must not), forbidden technique)
SQUEEZE_W = P("squeeze_positional_west", "squeeze", "N:Q.A2.. ..JT9. .4.2.A K.K3..", "3N", "S", (6, 4), "S",
              (), ("CA",), "North's ♠Q and ♥A2 sit over West's ♠K and ♥K3: the ♣A squeezes him.")
SQUEEZE_E = P("squeeze_automatic_east", "squeeze", "N:.A2.3. K.K3.. Q.4..A ..JT9.", "3N", "S", (6, 4), "S",
              (), ("CA",), "North's ♦3 is idle: the squeeze works against East too.")
SQUEEZE_LATER = P("squeeze_after_a_cash", "squeeze", "N:Q.A2.3. ..JT8.2 .4.A2.A K.K3.9.", "3N", "S", (5, 4), "S",
                  (), ("DA", "CA"), "Cash the ♦A, then the ♣A squeezes West.")
NO_SQUEEZE = P("no_squeeze_enough_winners", "squeeze", "N:A.A2.. ..JT9. 3.4..A K.K3..", "3N", "S", (6, 4), "S",
               (), ("CA",), "The ♠A is a winner: three top tricks, nothing to squeeze.")

CASES = [
    (SQUEEZE_W, T.SQUEEZE, None),
    (SQUEEZE_E, T.SQUEEZE, None),
    (rotated(SQUEEZE_W, 2), T.SQUEEZE, None),
    (NO_SQUEEZE, None, T.SQUEEZE),
    (by_name("eight_ever_cash"), T.COMBINING_CHANCES, T.DROP),
    (rotated(by_name("eight_ever_cash"), 2), T.COMBINING_CHANCES, T.DROP),
    (rotated(by_name("eight_ever_cash"), 1), T.COMBINING_CHANCES, T.DROP),
    (by_name("nine_never_cash"), None, T.COMBINING_CHANCES),
    (by_name("eight_ever_cross"), T.CROSS_TO_FINESSE, None),
    (by_name("eight_ever_cross_notrump"), T.CROSS_TO_FINESSE, None),
    (rotated(by_name("eight_ever_cross"), 3), T.CROSS_TO_FINESSE, None),
    (by_name("eight_ever_third_hand"), None, T.CROSS_TO_FINESSE),
    (by_name("hold_up_defence"), T.DEFENSIVE_HOLD_UP, None),
    (rotated(by_name("hold_up_defence"), 1), T.DEFENSIVE_HOLD_UP, None),
    (by_name("cash_out"), T.CASH_OUT, None),
    (rotated(by_name("cash_out"), 3), T.CASH_OUT, None),
    (rotated(by_name("cash_out"), 1), T.CASH_OUT, None),
]

_HINTS: dict[str, object] = {}


def hint_of(position: P):
    if position.name not in _HINTS:
        deal, play, view = build(position)
        _HINTS[position.name] = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask)
    return _HINTS[position.name]


@pytest.mark.parametrize("position,named,forbidden", CASES, ids=[c[0].name for c in CASES])
def test_technique_named_only_where_its_rule_holds(position, named, forbidden):
    hint = hint_of(position)
    best = hint.candidates[0]
    assert any(best.card == parse or parse in best.equivalents for parse in _cards(position.lesson)), hint.text
    names = [t.technique for t in best.techniques]
    if named is not None:
        assert names and names[0] is named, hint.text
        assert best.techniques[0].phrase in hint.text
    if forbidden is not None:
        assert forbidden not in names, hint.text


def _cards(texts):
    from engine.core.cards import parse_card

    return [parse_card(t) for t in texts]


def test_squeeze_names_victim_and_kind():
    west = hint_of(SQUEEZE_W).candidates[0].techniques[0]
    assert west.seat is not None and west.seat.name == "WEST" and "positional" in west.phrase
    east = hint_of(SQUEEZE_E).candidates[0].techniques[0]
    assert east.seat is not None and east.seat.name == "EAST" and "automatic" in east.phrase
    turned = hint_of(rotated(SQUEEZE_W, 2)).candidates[0].techniques[0]
    assert turned.seat is not None and turned.seat.name == "EAST" and "positional" in turned.phrase


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
    hint = hint_of(by_name("eight_ever_cash"))
    best = hint.candidates[0]
    assert best.line.startswith("cash the ♠K; if the ♠Q has fallen")
    assert "if it has not, " in best.line
    assert f"The line: {best.line} (60%)." in hint.text
