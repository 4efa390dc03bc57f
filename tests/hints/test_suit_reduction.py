"""The suit reduction (issue 21, deliverable 2) against plain references written apart from the engine.

Early in a hand there are hundreds of thousands of layouts and no exact search over whole deals; when one
suit decides, the hint hands the decision to the exact suit solver (:mod:`engine.hints.suit_reduction`).
Checked here:

* **The issue's headline.**  Seven spades, AKJ32 opposite 7654, the ace cashed: the hint plays the ♠K for
  the drop and states its chance within 2 points of the issue's 52.4% — and exactly the chance of the
  2-2 break over every one of the 705,432 layouts, each weighted by vacant places and restricted choice
  (the engine's own enumeration of the deals, a different path from the reduction's counting by suit).
* **Generated hands.**  A family of grand slams in spades where every side trick is sure and every spade
  trick is needed: declarer's spade holding drawn from a list of honour patterns, the defenders'
  cards dealt at random, a diamond lead won in dummy and, for some, a round of spades.  The truth comes
  from :mod:`tests.suits.card_brute_force` (plain best-defence recursion over the spade layouts) with each
  layout weighted by a plain count of the whole deals that have it: the holders of the unseen diamonds
  (the suit where a defender followed) enumerated one by one, each holding's restricted-choice
  likelihood from :mod:`tests.hints.single_dummy_reference`, and the other unseen cards counted by a
  binomial.  Every card's stated chance must equal the truth, and the hint's card must be a right card.
* **Endings.**  Where the layouts are few, the whole-deal single-dummy truth itself
  (:func:`tests.hints.single_dummy_reference.true_chances`) is known: the reduction, forced by a budget
  without the exact search, must agree with it within each figure's stated error.
"""

from __future__ import annotations

import itertools
import random
from math import comb

import numpy as np
import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK, card_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints import HintBudget, Method, bridge_hint_for_view
from engine.hints.lines import line_values, weighted_deals
from tests.hints.single_dummy_reference import Situation, likelihood, true_chances
from tests.hints.single_dummy_reference import layouts as reference_layouts
from tests.hints.test_hint_agreement import random_ending
from tests.hints.test_teaching_truth import situation
from tests.suits.card_brute_force import SOUTH as REF_SOUTH
from tests.suits.card_brute_force import CardProblem, all_vectors

TOLERANCE = 0.02
SAME = 1e-6
SPADES, HEARTS = 0, 1


def _card(suit: int, rank: int) -> int:
    return 13 * suit + rank - 2


# --- the headline ---------------------------------------------------------------------------------------

HEADLINE = "S:AKJ32.QJT.JT9.J3 QT9.9876.876.T98 7654.AK.AKQ.AKQ2 8.5432.5432.7654"
HEADLINE_PLAYS = ("D8", "DA", "D2", "D9", "S4", "S8", "SA", "S9")


def _play(pbn: str, contract: str, plays: tuple[str, ...], leader: str = "W") -> BridgePlay:
    play = BridgePlay(Deal.from_pbn(pbn), Contract.parse(contract), Seat.SOUTH, leader=Seat.parse(leader))
    for text in plays:
        play.play(parse_card(text))
    return play


def test_the_headline_plays_the_king_for_the_drop_at_its_true_chance():
    play = _play(HEADLINE, "7S", HEADLINE_PLAYS)
    view = view_for_turn(play)
    hint = bridge_hint_for_view(view)
    assert hint.method is Method.SUIT_REDUCTION and hint.layouts == 705_432
    assert hint.best == parse_card("SK"), hint.text
    top = hint.candidates[0]
    assert abs(top.p_goal - 0.524) <= TOLERANCE, hint.text
    # the truth over every layout: the weight of the 2-2 break (the drop's deals), by enumerating the deals
    every = weighted_deals(view, 1_000_000, random.Random(0))
    assert len(every.worlds) == 705_432
    west_spades = np.asarray(every.worlds)[:, int(Seat.WEST)].astype(np.int64) & 0x1FFF
    drop = float(np.asarray(every.weights)[np.array([bin(int(x)).count("1") == 1 for x in west_spades])].sum())
    assert top.p_goal == pytest.approx(drop, abs=1e-9)
    assert top.error == 0.0 and "spades split 2-2" in hint.text
    # the cross to dummy is no better: the drop is still open after it, the finesse is worse
    others = {c.card: c for c in hint.candidates}
    assert all(c.p_goal <= top.p_goal + 1e-12 for c in hint.candidates)
    assert others[parse_card("C3")].p_goal == pytest.approx(top.p_goal)


# --- generated grand slams -------------------------------------------------------------------------------

SPADE_PATTERNS = (  # (South, North): declarer's spades
    ("AKJ32", "7654"), ("AKJ32", "654"), ("AKT32", "654"), ("AQ432", "K65"), ("AK432", "J65"),
    ("AJ432", "K65"), ("KJ432", "A65"), ("AQT32", "654"), ("AK432", "T65"), ("AQJ32", "654"),
    ("AKT98", "432"), ("AQ982", "K43"), ("AQ432", "K765"), ("AK982", "7654"), ("AJT32", "K654"),
)
NORTH_SIDE = {HEARTS: "AK", 2: "AKQ", 3: "AKQ2"}  # with the South cards below: every side trick is sure
SOUTH_SIDE = {HEARTS: "QJT", 2: "JT9", 3: "J3"}
RANKS = "23456789TJQKA"


def _mask(suit: int, text: str) -> int:
    return sum(1 << _card(suit, RANKS.index(ch) + 2) for ch in text)


def _generated(seed: int):
    """One hand of the family: (play, spade pattern), seven spades by South, on lead after a diamond won
    in dummy and, for odd seeds, a round of spades won by the ace."""
    rng = random.Random(seed)
    south_s, north_s = SPADE_PATTERNS[seed % len(SPADE_PATTERNS)]
    south = _mask(SPADES, south_s) | sum(_mask(s, t) for s, t in SOUTH_SIDE.items())
    north = _mask(SPADES, north_s) | sum(_mask(s, t) for s, t in NORTH_SIDE.items())
    if len(north_s) == 3:
        north |= _mask(HEARTS, "2")  # thirteen cards
    rest = [c for c in range(52) if not (south | north) >> c & 1]
    rng.shuffle(rest)
    west = sum(1 << c for c in rest[:13])
    east = sum(1 << c for c in rest[13:])
    play = BridgePlay(Deal.from_masks((north, east, south, west)), Contract.parse("7S"), Seat.SOUTH,
                      leader=Seat.WEST)
    diamonds = [c for c in range(52) if c // 13 == 2]
    w_d = [c for c in diamonds if west >> c & 1]
    e_d = [c for c in diamonds if east >> c & 1]
    if not w_d or not e_d:
        return None
    play.play(min(w_d))
    play.play(_card(2, 14))
    play.play(rng.choice(e_d))
    play.play(_card(2, 9))
    if seed % 2:  # a round of spades from dummy, won in hand by the ace
        w_sp = [c for c in range(52) if c // 13 == SPADES and west >> c & 1]
        e_sp = [c for c in range(52) if c // 13 == SPADES and east >> c & 1]
        if not w_sp or not e_sp or not play.hand(Seat.SOUTH).mask >> _card(SPADES, 14) & 1:
            return None
        play.play(min(c for c in range(52) if c // 13 == SPADES and play.hand(Seat.NORTH).mask >> c & 1))
        play.play(rng.choice(e_sp))
        play.play(_card(SPADES, 14))
        play.play(rng.choice(w_sp))
    if play.to_play is not Seat.SOUTH:
        return None
    return play, (south_s, north_s)


def _reference_weights(sit: Situation) -> dict[frozenset, float]:
    """Each West holding of the unseen spades (a set of ranks) with its weight: a plain count over the
    whole deals.  The unseen diamonds (the suit a defender followed in) and spades are placed one by one,
    each placement's likelihood taken from the reference; the other unseen cards fill West's remaining
    places in any way (a binomial count: no card of theirs was chosen among equals)."""
    hidden = sit.hands[1] | sit.hands[3]
    spades = [c for c in range(52) if hidden >> c & 1 and c // 13 == SPADES]
    diamonds = [c for c in range(52) if hidden >> c & 1 and c // 13 == 2]
    rest = [c for c in range(52) if hidden >> c & 1 and c // 13 not in (SPADES, 2)]
    west_size = bin(sit.hands[3]).count("1")
    out: dict[frozenset, float] = {}
    for k in range(len(spades) + 1):
        for ws in itertools.combinations(spades, k):
            for j in range(len(diamonds) + 1):
                for wd in itertools.combinations(diamonds, j):
                    free = west_size - k - j
                    if not 0 <= free <= len(rest):
                        continue
                    # a representative deal for the likelihood (the other cards play no part in it)
                    west = sum(1 << c for c in ws + wd + tuple(rest[:free]))
                    east = hidden & ~west
                    hands = (sit.hands[0], east, sit.hands[2], west)
                    weight = comb(len(rest), free) * likelihood(sit, hands)
                    key = frozenset(c % 13 + 2 for c in ws)
                    out[key] = out.get(key, 0.0) + weight
    total = sum(out.values())
    return {k: v / total for k, v in out.items()}


def _reference_chances(play: BridgePlay, view, goal: int) -> dict[int, float]:
    """The truth of every spade, and the best a card of another suit can do, for ``goal`` tricks from this
    one: the side tricks are all sure and fill every trick the spades do not (the longer spade holding's
    length), so the spades must take ``goal`` minus the other tricks left — the best spade line starting
    with the spade, or from either hand (no line after a side card does better: its truth is at most
    that)."""
    sit = situation(play, view)
    north = {c % 13 + 2 for c in range(52) if sit.hands[0] >> c & 1 and c // 13 == SPADES}
    south = {c % 13 + 2 for c in range(52) if sit.hands[2] >> c & 1 and c // 13 == SPADES}
    in_play = sit.hands[0] | sit.hands[1] | sit.hands[2] | sit.hands[3]
    gone = {r for r in range(2, 15) if not in_play >> _card(SPADES, r) & 1}
    problem = CardProblem(north, south, gone=gone)
    weights = _reference_weights(sit)
    problem.chances = [weights.get(frozenset(w), 0.0) for w in problem.layouts]
    tricks_left = bin(sit.hands[sit.leader]).count("1")
    need = goal - (tricks_left - max(len(north), len(south)))
    out = {}
    for c in play.legal_cards():
        first = (REF_SOUTH, c % 13 + 2) if c // 13 == SPADES else None
        vectors = all_vectors(problem, first)
        out[c] = max(sum(p * float(t >= need) for p, t in zip(problem.chances, v)) for v in vectors)
    return out


GENERATED = [s for s in range(60) if _generated(s) is not None][:20]


@pytest.mark.parametrize("seed", GENERATED)
def test_generated_grand_slams_state_the_true_chance(seed):
    play, pattern = _generated(seed)  # type: ignore[misc]
    view = view_for_turn(play)
    hint = bridge_hint_for_view(view)
    if hint.method is not Method.SUIT_REDUCTION:  # refused (counted below): then an estimate that says so
        assert hint.method is Method.ESTIMATE and not hint.exact and "optimistic" in hint.text, pattern
        return
    truth = _reference_chances(play, view, hint.goal_tricks)
    stated = {c: cand for cand in hint.candidates for c in cand.equivalents}
    optimum = max(truth.values())
    table = ", ".join(f"{card_str(c)} {'≤' if stated[c].at_most else ''}{stated[c].p_goal:.4f}/{truth[c]:.4f}"
                      for c in sorted(truth))
    for c, true in truth.items():
        cand = stated[c]
        if c // 13 == SPADES and not cand.at_most:
            assert abs(cand.p_goal - true) <= SAME + cand.error, f"{pattern}: {card_str(c)}; {table}"
        elif cand.at_most:
            assert cand.p_goal >= true - SAME or c // 13 != SPADES, f"{pattern}: {card_str(c)}; {table}"
        else:  # a side card: no better than the best spade line
            assert cand.p_goal <= optimum + SAME + cand.error, f"{pattern}: {card_str(c)}; {table}"
    top = stated[hint.best]
    assert not top.at_most and abs(top.p_goal - optimum) <= SAME + top.error, f"{pattern}: {table}"
    if hint.best // 13 == SPADES:
        assert truth[hint.best] >= optimum - SAME, f"{pattern}: {card_str(hint.best)}; {table}"


def test_the_reduction_decides_most_generated_grand_slams():
    """The family is built for it: the side tricks are sure, the spades decide."""
    methods = []
    for seed in GENERATED:
        play, _ = _generated(seed)  # type: ignore[misc]
        methods.append(line_values(view_for_turn(play)).method)
    assert methods.count(Method.SUIT_REDUCTION) >= 0.8 * len(methods), [m.value for m in methods]


# --- endings: the whole-deal truth ------------------------------------------------------------------------


SIZES = (3, 4, 4)


def _reduced_endings(seed: int, count: int, tries: int):
    """Random endings, declarer's side on lead, where the reduction applies when the exact search is given
    no budget (the rule then checked on every layout: there are at most 200), with few enough layouts
    for the whole-deal reference."""
    rng = random.Random(seed)
    found = []
    for _ in range(tries):
        if len(found) >= count:
            break
        deal, play = random_ending(rng, rng.choice(SIZES))
        if play.is_complete or play.current_trick.cards or not play.to_play.same_side(play.declarer):
            continue
        if len(play.legal_cards()) < 2:
            continue
        view = view_for_turn(play)
        sit = situation(play, view)
        if len(reference_layouts(sit)) > 400:
            continue
        values = line_values(view, HintBudget(exact_nodes=0), out_of_play=FULL_MASK & ~deal.cards.mask)
        if values.method is not Method.SUIT_REDUCTION:
            continue
        found.append((deal, play, values, sit))
    return found


def test_in_endings_the_reduction_agrees_with_the_whole_deal_truth():
    cases = _reduced_endings(2026, 10, 600)
    assert len(cases) >= 4, f"only {len(cases)} endings where the reduction applies"
    for deal, play, values, sit in cases:
        truth = true_chances(sit)
        if values.goal_tricks != values.position.target:
            continue  # the reference values the contract
        for c in values.reps:
            where = f"{deal.to_pbn()} {play.contract}: {card_str(c)} stated {values.chance[c]:.4f}"
            if c in values.at_most:
                assert values.chance[c] >= truth[c] - SAME, f"{where} at most, true {truth[c]:.4f}"
            else:
                assert abs(values.chance[c] - truth[c]) <= values.error[c] + TOLERANCE, (
                    f"{where} ± {values.error[c]:.4f}, true {truth[c]:.4f}")


def test_with_the_auction_the_layouts_are_weighed_by_the_narrowed_sample():
    """The auction's deals cannot be counted: the layouts are weighed by the sampled deals that fit it, and
    every figure carries the sample's error.  Here East is known to have started with two spades at most
    (West's ♠QT9 is out of the question): the drop is checked against the whole-deal truth, the 705,432
    deals enumerated and narrowed plainly."""
    from engine.worlds import HandConstraint

    play = _play(HEADLINE, "7S", HEADLINE_PLAYS)
    view = view_for_turn(play)
    short = {Seat.EAST: HandConstraint(lengths=((0, 2), (0, 13), (0, 13), (0, 13)))}
    hint = bridge_hint_for_view(view, constraints=short)
    assert hint.method is Method.SUIT_REDUCTION and hint.sampled and not hint.exact
    assert hint.best == parse_card("SK") and "sampled deals that fit the auction" in hint.text
    top = hint.candidates[0]
    every = weighted_deals(view, 1_000_000, random.Random(0))
    worlds = np.asarray(every.worlds)
    weights = np.asarray(every.weights)
    east_spades = np.array([bin(int(x) & 0x1FFF).count("1") + 1 for x in worlds[:, int(Seat.EAST)]])  # + the ♠8
    west_spades = np.array([bin(int(x) & 0x1FFF).count("1") for x in worlds[:, int(Seat.WEST)]])
    fits = east_spades <= 2
    truth = float(weights[fits & (west_spades == 1)].sum() / weights[fits].sum())
    assert 0.0 < top.error <= 0.1
    assert abs(top.p_goal - truth) <= top.error + TOLERANCE, (top.p_goal, top.error, truth)
