"""PIMC and αμ on small endings, checked against the slow reference double-dummy solver.

* PIMC's p_make and expected tricks are the plain means of double-dummy results;
* αμ with M = 1 is PIMC, card by card;
* deeper αμ is never more optimistic (per card and at the root);
* αμ to the end of a tiny ending equals the search family's exact best-defence value;
* equivalent cards share a value and the recommended card is the lowest of the best run.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.analysis.bridge import (
    Algorithm,
    AnalysisBudget,
    BridgePosition,
    analyse_position,
    choose_alphamu,
)
from engine.core.seats import Seat
from engine.search.alphamu import AlphaMuOptions, AlphaMuSearch
from engine.search.bridge_game import BridgePlayGame, equivalence_buckets
from engine.search.exact import exact
from engine.search.pareto import best_option
from engine.core.cancel import NEVER
from engine.solvers.oracle import ALL_CARDS, DoubleDummyOracle
from tests.solvers.reference import ReferenceOracle, reference_tricks_per_card

REFERENCE = ReferenceOracle()


def ending(seed: int, size: int, worlds: int, declarer: Seat = Seat.SOUTH):
    """Random ending: declarer's and dummy's hands fixed, the defenders' cards reshuffled per world."""
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    base = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)]
    defenders = (int(declarer.lho), int(declarer.rho))
    pool = [c for c in range(52) if (base[defenders[0]] | base[defenders[1]]) >> c & 1]
    rows = []
    for _ in range(worlds):
        rng.shuffle(pool)
        hands = list(base)
        hands[defenders[0]] = sum(1 << c for c in pool[:size])
        hands[defenders[1]] = sum(1 << c for c in pool[size:])
        rows.append(hands)
    return np.array(rows, dtype=np.uint64)


def position(seed: int, size: int = 3, worlds: int = 6, target: int = 2, strain: int = 4,
             leader: Seat = Seat.SOUTH) -> BridgePosition:
    w = ending(seed, size, worlds)
    return BridgePosition(w, (1.0 / worlds,) * worlds, strain, leader, (), Seat.SOUTH, target)


def values(analysis):
    return {v.card: (v.p_make, v.expected_tricks) for v in analysis.cards}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 3), strain=st.integers(0, 4))
def test_pimc_is_the_mean_of_double_dummy_results(seed, target, strain):
    pos = position(seed, target=target, strain=strain)
    got = values(analyse_position(pos, Algorithm.PIMC, AnalysisBudget(worlds=6), oracle=REFERENCE))
    per_world = [reference_tricks_per_card([int(x) for x in row], strain, int(Seat.SOUTH)) for row in pos.worlds]
    assert set(got) == set(per_world[0])
    for card, (p, tricks) in got.items():
        assert p == pytest.approx(sum(d[card] >= target for d in per_world) / len(per_world))
        assert tricks == pytest.approx(sum(d[card] for d in per_world) / len(per_world))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 3))
def test_alphamu_with_one_max_move_is_pimc(seed, target):
    pos = position(seed, target=target)
    pimc = analyse_position(pos, Algorithm.PIMC, AnalysisBudget(worlds=6), oracle=REFERENCE)
    am1 = analyse_position(pos, Algorithm.ALPHAMU, AnalysisBudget(worlds=6, max_moves=1), oracle=REFERENCE)
    assert values(am1).keys() == values(pimc).keys()
    for card, value in values(pimc).items():
        assert values(am1)[card] == pytest.approx(value)
    assert am1.best == pimc.best
    root = choose_alphamu(pos, AnalysisBudget(worlds=6, max_moves=1), oracle=REFERENCE)
    assert root.p_make == pytest.approx(max(p for p, _ in values(pimc).values()))


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 3))
def test_deeper_alphamu_is_never_more_optimistic(seed, target):
    pos = position(seed, target=target)
    previous = None
    for m in (1, 2, 3):
        now = values(analyse_position(pos, Algorithm.ALPHAMU, AnalysisBudget(worlds=6, max_moves=m),
                                      oracle=REFERENCE))
        if previous is not None:
            for card, (p, _) in now.items():
                assert p <= previous[card][0] + 1e-12, (m, card)
        previous = now
    roots = [choose_alphamu(pos, AnalysisBudget(worlds=6, max_moves=m), oracle=REFERENCE).p_make
             for m in (1, 2, 3)]
    assert roots[0] >= roots[1] - 1e-12 >= roots[2] - 2e-12


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 2))
def test_alphamu_to_the_end_equals_the_exact_best_defence_value(seed, target):
    pos = position(seed, size=2, worlds=5, target=target)
    game = BridgePlayGame(pos.worlds, pos.weights, pos.strain, int(pos.leader), (), (0, 2), target, REFERENCE)
    reference = exact(game).estimate
    root = choose_alphamu(pos, AnalysisBudget(worlds=5, max_moves=4), oracle=REFERENCE)
    assert root.p_make == pytest.approx(reference)


def test_search_options_do_not_change_the_value():
    pos = position(11, size=3, worlds=6, target=2)
    with_all = choose_alphamu(pos, AnalysisBudget(worlds=6, max_moves=3), oracle=REFERENCE)
    plain = choose_alphamu(pos, AnalysisBudget(worlds=6, max_moves=3, transposition_table=False, early_cut=False,
                                               root_cut=False), oracle=REFERENCE)
    assert with_all.p_make == pytest.approx(plain.p_make)


def test_equivalent_cards_share_a_value_and_the_lowest_is_chosen():
    # South holds S9 S8 and H2; the S9 and S8 are adjacent among live cards: one run.
    s = lambda r: 13 * 0 + r - 2  # noqa: E731  (spade of rank r)
    h = lambda r: 13 * 1 + r - 2  # noqa: E731
    south = (1 << s(9)) | (1 << s(8)) | (1 << h(2))
    north = (1 << s(14)) | (1 << h(14)) | (1 << h(13))
    east = (1 << s(13)) | (1 << h(3)) | (1 << h(4))
    west = (1 << s(12)) | (1 << s(11)) | (1 << h(5))
    worlds = np.array([[north, east, south, west], [north, west, south, east]], dtype=np.uint64)
    pos = BridgePosition(worlds, (0.5, 0.5), 4, Seat.SOUTH, (), Seat.SOUTH, 2)
    result = analyse_position(pos, Algorithm.PIMC, AnalysisBudget(worlds=2), oracle=REFERENCE)
    v = values(result)
    assert v[s(9)] == v[s(8)]
    assert equivalence_buckets(south, north | east | south | west) == [[s(8), s(9)], [h(2)]]
    best_value = max(v.values())
    best_cards = [c for c, x in v.items() if x == best_value]
    assert result.best == min(best_cards, key=lambda c: (c % 13, c))


def test_defender_values_are_reported_from_declarers_side():
    # West to lead against South's contract in one known world: p_make is declarer's chance.
    w = ending(5, 3, 1)
    one = BridgePosition(w, (1.0,), 4, Seat.WEST, (), Seat.SOUTH, 2)
    result = analyse_position(one, Algorithm.PIMC, AnalysisBudget(worlds=1), oracle=REFERENCE)
    per_card = reference_tricks_per_card([int(x) for x in w[0]], 4, int(Seat.WEST))
    for card, tricks in per_card.items():
        declarer_tricks = 3 - tricks
        assert result.value(card).p_make == (1.0 if declarer_tricks >= 2 else 0.0)
        assert result.value(card).expected_tricks == declarer_tricks
    best = result.value(result.best)
    assert best.p_make == min(v.p_make for v in result.cards)


def test_game_rejects_worlds_that_disagree_on_maxs_hands():
    w = ending(3, 3, 2)
    w[1, 2] = w[1, 1]  # South's hand differs in world 1 (and duplicates a card)
    with pytest.raises(ValueError):
        BridgePlayGame(w, (0.5, 0.5), 4, 2, (), (0, 2), 2, REFERENCE)


def test_alphamu_front_engine_is_driven_on_the_bridge_game():
    # The bridge game runs under the search family's αμ unchanged.
    pos = position(21, target=2)
    game = BridgePlayGame(pos.worlds, pos.weights, 4, 2, (), (0, 2), 2, REFERENCE)
    front, estimate = AlphaMuSearch(game, AlphaMuOptions(max_moves=2)).run(game.root(), game.root_worlds())
    assert best_option(front, game.weights)[0] == pytest.approx(estimate)
    chosen = choose_alphamu(pos, AnalysisBudget(worlds=6, max_moves=2), oracle=REFERENCE)
    assert chosen.p_make == pytest.approx(estimate)


class ValidatingEvaluator(DoubleDummyOracle):
    """The reference solver behind the checks a real solver makes: equal trick-start hands,
    the trick's cards in their players' hands, no revoke in the trick."""

    def batch_tricks_per_card(self, worlds, strain, leader, played, *, cards=ALL_CARDS, node_limit=None,
                              cancel=NEVER, homes=None):
        for row in worlds:
            hands = [int(x) for x in row]
            assert len({h.bit_count() for h in hands}) == 1, "unequal hands at the trick start"
            for k, card in enumerate(played):
                seat = (leader + k) % 4
                assert hands[seat] >> card & 1, "a trick card is not in its player's hand"
                led = played[0] // 13
                if k and card // 13 != led:
                    assert not (hands[seat] >> (13 * led)) & 0x1FFF, "a trick card revokes"
        return REFERENCE.batch_tricks_per_card(worlds, strain, leader, played)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_the_search_only_asks_the_solver_about_consistent_worlds(seed):
    # Many worlds of a small ending: a defender's card held by the other defender in some world
    # must never reach the solver, whatever else was played before.
    pos = position(seed, size=3, worlds=10, target=2)
    choose_alphamu(pos, AnalysisBudget(worlds=10, max_moves=3), oracle=ValidatingEvaluator())


class TricksOnlyEvaluator(DoubleDummyOracle):
    """The real solver seen only through exact counts: make-or-fail questions fall back to counting."""

    def __init__(self) -> None:
        from engine.solvers.solver_oracle import SolverOracle

        self.inner = SolverOracle()

    def batch_tricks_per_card(self, worlds, strain, leader, played, *, cards=ALL_CARDS, node_limit=None,
                              cancel=NEVER, homes=None):
        return self.inner.batch_tricks_per_card(worlds, strain, leader, played, cards=cards, node_limit=node_limit,
                                                cancel=cancel)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(0, 4), size=st.integers(2, 3), strain=st.integers(0, 4),
       clear=st.booleans())
def test_choose_pimc_picks_the_card_the_full_analysis_recommends(seed, target, size, strain, clear):
    """The player's shortcut (make-or-fail solves, exact counts only to break ties) changes nothing."""
    from engine.analysis.bridge import choose_pimc
    from engine.solvers.solver_oracle import SolverOracle

    pos = position(seed, size=size, worlds=10, target=target, strain=strain)
    budget = AnalysisBudget(worlds=10, chunk=3, stop_when_clear=clear)
    full = analyse_position(pos, Algorithm.PIMC, budget, oracle=REFERENCE)
    for evaluator in (REFERENCE, SolverOracle()):
        choice = choose_pimc(pos, budget, oracle=evaluator)
        assert choice.card == full.best
        assert choice.p_make == pytest.approx(full.value(full.best).p_make)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 4))
def test_alphamu_values_are_the_same_from_make_or_fail_and_from_exact_counts(seed, target):
    """αμ's leaves ask the solver make-or-fail questions; answering them from exact counts agrees."""
    from engine.solvers.solver_oracle import SolverOracle

    pos = position(seed, size=4, worlds=8, target=target)
    budget = AnalysisBudget(worlds=8, max_moves=2)
    direct = analyse_position(pos, Algorithm.ALPHAMU, budget, oracle=SolverOracle())
    counted = analyse_position(pos, Algorithm.ALPHAMU, budget, oracle=TricksOnlyEvaluator())
    assert values(direct) == values(counted) and direct.best == counted.best
    a = choose_alphamu(pos, budget, oracle=SolverOracle())
    b = choose_alphamu(pos, budget, oracle=TricksOnlyEvaluator())
    assert (a.card, a.p_make) == (b.card, b.p_make)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 3))
def test_alphamu_keeps_pimcs_card_unless_looking_ahead_finds_it_worse(seed, target):
    """Expected tricks break ties for αμ too: when PIMC's card (best chance, then most tricks) keeps
    its chance under αμ and that is αμ's best, αμ plays it rather than the first equal card."""
    from engine.analysis.bridge import choose_pimc

    pos = position(seed, size=3, worlds=6, target=target)
    budget = AnalysisBudget(worlds=6, max_moves=2)
    pimc = choose_pimc(pos, budget, oracle=REFERENCE)
    deep = values(analyse_position(pos, Algorithm.ALPHAMU, budget, oracle=REFERENCE))
    chosen = choose_alphamu(pos, budget, oracle=REFERENCE)
    if deep[pimc.card][0] == pytest.approx(pimc.p_make) == pytest.approx(chosen.p_make):
        assert chosen.card == pimc.card
    assert chosen.p_make == pytest.approx(max(p for p, _ in deep.values()))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.integers(1, 3), strain=st.integers(0, 4))
def test_after_a_max_card_the_position_answers_as_the_card_does_at_its_parent(seed, target, strain):
    """After MAX's card the game asks the child's position alone (one test per world), after MIN's card every
    card at the parent: both must say what the plain reference solver says of that card at the parent, at the
    lead (South) and at dummy's turn in the same trick (North, after West's card)."""
    pos = position(seed, size=3, worlds=6, target=target, strain=strain)
    game = BridgePlayGame(pos.worlds, pos.weights, strain, int(Seat.SOUTH), (), (int(Seat.SOUTH), int(Seat.NORTH)),
                          target, REFERENCE)
    root = game.root()
    south = int(Seat.SOUTH)
    checked = 0
    for lead in game.moves(root, 0):
        child = game.play(root, lead)
        for w, row in enumerate(pos.worlds):
            hands = [int(x) for x in row]
            assert game.evaluate(child, w) == float(reference_tricks_per_card(hands, strain, south)[lead] >= target)
            for west in reference_tricks_per_card(hands, strain, south, (lead,)):
                after_west = game.play(child, west)
                per_card = reference_tricks_per_card(hands, strain, south, (lead, west))
                for north in game.moves(after_west, w):
                    got = game.evaluate(game.play(after_west, north), w)
                    assert got == float(per_card[north] >= target), (lead, west, north, w)
                    checked += 1
    assert checked > 0 and game._position_reach  # the children of MAX's cards were asked alone
