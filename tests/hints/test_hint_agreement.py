"""The words of a hint say what its analysis says: over hundreds of random positions (bridge and Hearts) the
text names the recommended card, prints its figure, and every condition's wording ("exactly when", "unless")
matches the deals where the line really works — re-derived here from the analysis, not from the text.

A hint is read by beginners who believe every word; swapping "unless" and "exactly when", or printing the
runner-up's figure, must fail here.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK, card_symbol_str
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints.bridge_hint import hint_from_values
from engine.hints.lines import HintBudget, line_values
from engine.hints.render import pct
from engine.solvers.solver_oracle import default_oracle

ORACLE = default_oracle()
CONTRACTS = ("3NT", "4S", "4H", "5D", "2C", "6NT", "1NT")


def random_ending(rng: random.Random, size: int):
    """A random ``size``-card ending, contract and declarer, played a few random cards in."""
    cards = list(range(52))
    rng.shuffle(cards)
    deal = Deal.from_masks([sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)])
    contract = Contract.parse(rng.choice(CONTRACTS))
    declarer = Seat(rng.randrange(4))
    done = 13 - size
    mine = rng.randint(max(0, contract.tricks_needed - size - 1), min(done, contract.tricks_needed))
    play = BridgePlay(deal, contract, declarer, leader=Seat(rng.randrange(4)), prior_declarer_tricks=mine,
                      prior_defender_tricks=done - mine)
    for _ in range(rng.randrange(0, 4 * size - 4)):
        if play.is_complete:
            break
        play.play(rng.choice(sorted(play.legal_cards())))
    return deal, play


def endings_with_a_choice(rng: random.Random, sizes: tuple[int, ...], declarer_leads: bool = False):
    """Random endings (:func:`random_ending`, sizes drawn from ``sizes``) where the seat to play has at least
    two legal cards, without end; ``declarer_leads``: only those where declarer's side leads to a trick."""
    while True:
        deal, play = random_ending(rng, rng.choice(sizes))
        if play.is_complete or len(play.legal_cards()) < 2:
            continue
        if declarer_leads and (play.current_trick.cards or not play.to_play.same_side(play.declarer)):
            continue
        yield deal, play


def bridge_cases(count: int, seed: int):
    cases = endings_with_a_choice(random.Random(seed), (2, 3, 3))
    return [next(cases) for _ in range(count)]


def wording_problems(hint, values) -> list[str]:
    """Every way the text disagrees with the analysis it was built from (empty: it says what it knows)."""
    problems = []
    best = hint.candidates[0]
    text = hint.text
    if not text.startswith(f"Play the {card_symbol_str(best.card)}"):
        problems.append(f"the text does not open with the recommended card: {text[:40]!r}")
    if hint.method.value == "forced":
        return problems
    figure = pct(best.p_goal) if hint.exact or best.error <= 0 else f"{pct(best.p_goal)} ± {pct(best.error)}"
    ranged = best.p_floor is not None and pct(best.p_floor) != pct(best.p_goal)
    if ranged:  # an estimate with a concrete line's chance below it: the range the truth lies in
        figure = f"{pct(best.p_floor)} to {pct(best.p_goal)}"
        if best.p_floor > best.p_goal + 1e-9:
            problems.append(f"the lower figure {best.p_floor} is above the upper {best.p_goal}")
    if f"in {figure} of the deals" not in text and ("in every deal (100%)" not in text or ranged):
        problems.append(f"the recommended card's figure {figure} is not the one printed")
    originals = np.asarray(values.original, dtype=np.uint64)
    problems += held_out_problems(hint, values, originals)
    for cand in hint.candidates:
        cond = cand.condition
        if cond is None or cond.rule.is_always or cond.rule.is_never or not cond.exact:
            continue
        success = np.asarray(values.success[cand.card]) > 0.5
        holds = cond.rule.evaluate(originals, [s for s in Seat if np.any(originals[:, int(s)] != originals[0, int(s)])])
        rule = cond.rule.text()
        if np.array_equal(holds, success) and not cond.negated:
            right, wrong = f"exactly when {rule}", f"unless {rule}"
        elif np.array_equal(~holds, success) and cond.negated:
            right, wrong = f"unless {rule}", f"exactly when {rule}"
        else:
            problems.append(f"the condition '{rule}' of the {card_symbol_str(cand.card)} does not describe its deals")
            continue
        if right not in text:
            problems.append(f"'{right}' missing from the text")
        if any(wrong in sentence for sentence in _sentences(text) if " does better than " not in sentence):
            problems.append(f"'{wrong}' in the text: the opposite of the truth")
    problems += comparison_problems(hint, values, originals)
    return problems


def held_out_problems(hint, values, originals) -> list[str]:
    """A rule found on half of a sample (``tested``): never "exactly"; its wording and figures are those of
    the other half — re-counted here on the odd deals, where it must say "when" only if it is right on
    every one of them."""
    problems = []
    test = slice(1, None, 2)
    hands = originals[test]
    w = values.weights[test] / values.weights[test].sum()
    seats = [s for s in Seat if np.any(originals[:, int(s)] != originals[0, int(s)])]
    won = {c.card: np.asarray(values.success[c.card])[test] > 0.5 for c in hint.candidates}
    best = hint.candidates[0].card
    described_sets = []
    for i, cand in enumerate(hint.candidates):
        described_sets.append((cand.condition, won[cand.card]))
        if i == 0 and len(hint.candidates) > 1:
            described_sets.append((cand.gains, won[best] & ~won[hint.candidates[1].card]))
        elif i > 0:
            described_sets.append((cand.gains, won[cand.card] & ~won[best]))
            described_sets.append((cand.loses, won[best] & ~won[cand.card]))
    for cond, success in described_sets:
        if cond is None or not cond.tested:
            continue
        rule = cond.rule.text()
        if cond.exact or f"exactly when {rule}" in hint.text:
            problems.append(f"'{rule}' was found on a sample but is stated as exact")
        holds = cond.rule.evaluate(hands, seats)
        described = ~holds if cond.negated else holds
        missed, extra = float(w[success & ~described].sum()), float(w[described & ~success].sum())
        if abs(missed - cond.missed) > 1e-9 or abs(extra - cond.extra) > 1e-9:
            problems.append(f"'{rule}': the held-out figures are {missed:.4f}/{extra:.4f}, "
                            f"stated {cond.missed:.4f}/{cond.extra:.4f}")
        lead = "unless" if cond.negated else "when"
        if cond is not hint.candidates[0].condition and all(cond is not c.condition for c in hint.candidates):
            continue  # a comparison's rule: its figures are checked above, its wording with the comparison
        if missed == 0.0 and extra == 0.0:
            if f"{lead} {rule} (true of all {cond.tested} sampled deals it was checked on" not in hint.text:
                problems.append(f"'{lead} {rule}' with its check missing from the text")
        elif f"mostly {lead} {rule} (on the {cond.tested} sampled deals it was checked on" not in hint.text:
            problems.append(f"'mostly {lead} {rule}' with its figures missing from the text")
    return problems


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.)])\s+(?=[A-Z])", text)


def comparison_problems(hint, values, originals) -> list[str]:
    """"The ♠A does better than the ♠Q exactly when R / unless R": R must be exactly the deals where the
    first card's line wins and the second's does not (or their complement, for "unless")."""
    problems = []
    best = hint.candidates[0]
    rules = [c for cand in hint.candidates for c in (cand.condition, cand.gains, cand.loses) if c is not None]
    seats = [s for s in Seat if np.any(originals[:, int(s)] != originals[0, int(s)])]
    won = np.asarray(values.success[best.card]) > 0.5
    for sentence in _sentences(hint.text):
        head = f"The {card_symbol_str(best.card)} does better than the "
        if not sentence.startswith(head):
            continue
        other = next((c for c in hint.candidates[1:] if sentence.startswith(head + card_symbol_str(c.card))), None)
        if other is None:
            problems.append(f"comparison with a card that is not a candidate: {sentence!r}")
            continue
        better = won & ~(np.asarray(values.success[other.card]) > 0.5)
        for cond in rules:
            if cond.rule.is_always or cond.rule.is_never or not cond.exact:
                continue  # "mostly ..." and sampled rules: held_out_problems
            holds = cond.rule.evaluate(originals, seats)
            rule = cond.rule.text()
            if f"exactly when {rule}" in sentence and not np.array_equal(holds, better):
                problems.append(f"'{sentence}': 'exactly when {rule}' is not where it does better")
            if f"unless {rule}" in sentence and not np.array_equal(~holds, better):
                problems.append(f"'{sentence}': 'unless {rule}' is not where it does no better")
    return problems


@pytest.mark.parametrize("seed", range(4))
def test_bridge_text_agrees_with_its_analysis_on_random_positions(seed):
    budget = HintBudget(exact_time=None, exact_nodes=None)
    checked = conditions = 0
    for deal, play in bridge_cases(60, seed):
        view = view_for_turn(play)
        values = line_values(view, budget, out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE)
        hint = hint_from_values(values)
        assert wording_problems(hint, values) == [], hint.text
        assert hint.best == hint.candidates[0].card
        if hint.method.value == "forced":
            continue
        # the star and every bar are the analysis' own numbers
        for cand in hint.candidates:
            assert cand.p_goal == pytest.approx(values.chance[cand.card], abs=1e-12)
        ranked = sorted(values.reps, key=lambda c: -values.chance[c])
        assert values.chance[hint.best] == pytest.approx(values.chance[ranked[0]], abs=1e-12)
        checked += 1
        conditions += sum(c.condition is not None for c in hint.candidates)
    assert checked >= 40 and conditions > 30


@pytest.mark.parametrize("seed", range(2))
def test_sampled_hints_state_only_conditions_tested_on_deals_they_were_not_found_on(seed):
    """Seven-card endings estimated on 200 sampled deals (the layouts not enumerated): every condition
    stated was found on one half and is worded and figured as it did on the other (never "exactly"), the
    star and the bars are the analysis' numbers."""
    budget = HintBudget(exact_layouts=0, worlds=200, max_moves=1, alphamu_work=0)  # double dummy: the wording is tested
    rng = random.Random(100 + seed)
    checked = tested = 0
    while checked < 30:
        deal, play = random_ending(rng, 7)
        if play.is_complete or len(play.legal_cards()) < 2:
            continue
        view = view_for_turn(play)
        values = line_values(view, budget, out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE)
        hint = hint_from_values(values)
        if hint.method.value != "estimate":  # forced, or one suit decides (its every layout: exact wording)
            continue
        assert values.sampled and hint.sampled
        assert wording_problems(hint, values) == [], hint.text
        for cand in hint.candidates:
            assert cand.p_goal == pytest.approx(values.chance[cand.card], abs=1e-12)
            assert cand.condition is None or cand.condition.tested == 100
        checked += 1
        tested += sum(c.condition is not None for c in hint.candidates)
    assert tested >= 10


def test_a_swapped_connective_is_caught():
    """The checker itself: the opposite wording (the mutation that once passed every test) is found."""
    budget = HintBudget(exact_time=None, exact_nodes=None)
    for deal, play in bridge_cases(200, 7):
        view = view_for_turn(play)
        values = line_values(view, budget, out_of_play=FULL_MASK & ~deal.cards.mask, oracle=ORACLE)
        hint = hint_from_values(values)
        cond = hint.candidates[0].condition
        if cond is None or not cond.exact or cond.rule.is_always or cond.rule.is_never:
            continue
        rule = cond.rule.text()
        mutated = hint.text.replace(f"exactly when {rule}", "@@").replace(f"unless {rule}", f"exactly when {rule}")
        mutated = mutated.replace("@@", f"unless {rule}")
        from dataclasses import replace

        assert wording_problems(replace(hint, text=mutated), values), mutated
        return
    pytest.fail("no random position with a stated condition")


# --- Hearts -------------------------------------------------------------------------------------------------


def hearts_views(count: int, seed: int):
    from engine.hearts.passing import PassDirection, apply_passes
    from engine.hearts.play import HeartsHand
    from engine.hearts.rules import HeartsRules
    from engine.hearts.view import play_view
    from engine.core.deal import random_deals
    from engine.players.hearts_random import RandomHeartsPlayer

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deal = random_deals(rng.randrange(1 << 30), 1)[0]
        passes = [rng.sample(sorted(h.ascending()), 3) for h in deal.hands]
        after, record = apply_passes(deal.hands, PassDirection.LEFT, passes)
        hand = HeartsHand(after, HeartsRules())
        mover = RandomHeartsPlayer(rng.randrange(1 << 30))
        for _ in range(rng.randrange(8, 44)):
            hand.play(mover.choose_card(play_view(hand, record)))
        view = play_view(hand, record)
        if len(view.legal_cards) >= 2:
            out.append(view)
    return out


def test_hearts_text_agrees_with_its_analysis_on_random_positions():
    from engine.analysis.hearts import analyse_hearts
    from engine.hints.hearts_hint import hearts_hint_from_analysis

    for view in hearts_views(200, 3):
        analysis = analyse_hearts(view, worlds=4, time_limit=100.0, seed=1)
        hint = hearts_hint_from_analysis(view, analysis)
        best = analysis.cards[0]
        assert hint.best == analysis.best == best.card
        assert hint.text.startswith(f"Play the {card_symbol_str(best.card)}")
        assert f"Expected points for you: {best.expected_points:.2f}" in hint.text
        if len(analysis.cards) > 1:
            assert f"the {card_symbol_str(analysis.cards[1].card)}: {analysis.cards[1].expected_points:.2f}" in hint.text
        assert f"Figures over {analysis.worlds} deals" in hint.text
