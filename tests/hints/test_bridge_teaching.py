"""Teaching positions: the recommended card and the named technique, and every stated figure recomputed.

For each position the test enumerates the consistent deals itself, solves every
world double dummy with its own solver instance, re-runs αμ through the public
analysis API, evaluates every stated rule from its JSON form with its own code,
and checks the figures and the text against those.
"""

from __future__ import annotations

import itertools
import json
from math import comb

import numpy as np
import pytest

from engine.core.cards import SUIT_MASKS, card_str, parse_card
from engine.core.seats import Seat
from engine.hints import Goal, Technique, verify_condition
from engine.suits.library import library_path
from engine.hints.render import pct
from engine.solvers.dd import DoubleDummySolver

SOLVER = DoubleDummySolver(1.0)
FINESSES = {Technique.FINESSE, Technique.DOUBLE_FINESSE, Technique.TWO_WAY_FINESSE, Technique.RUFFING_FINESSE,
            Technique.LEAD_TOWARD_HONOUR}


# --- independent recomputation ---------------------------------------------------------------------------


def independent_worlds(play, view, out_of_play: int) -> set[tuple[int, int, int, int]]:
    """Every trick-start deal consistent with what the deciding seat saw, enumerated here."""
    trick = play.current_trick
    on_table = {trick.leader.offset(k): c for k, c in enumerate(trick.cards)}
    seen = {view.seat, play.dummy}
    hidden = [s for s in Seat if s not in seen]
    played = 0
    for p in play.moves:
        played |= 1 << p.card
    known = sum(play.hand(s).mask for s in seen)
    pool = [c for c in range(52) if not (out_of_play | played | known) >> c & 1]
    voids = {s: 0 for s in Seat}
    for t in (*play.tricks, trick):
        if not t.cards:
            continue
        led = t.cards[0] // 13
        for k, c in enumerate(t.cards):
            if c // 13 != led:
                voids[t.leader.offset(k)] |= SUIT_MASKS[led]
    a, b = hidden
    size_a = len(play.hand(a))
    out = set()
    for chosen in itertools.combinations(pool, size_a):
        ha = sum(1 << c for c in chosen)
        hb = sum(1 << c for c in pool) & ~ha
        if ha & voids[a] or hb & voids[b]:
            continue
        hands = [play.hand(s).mask for s in Seat]
        hands[a], hands[b] = ha, hb
        for seat, c in on_table.items():
            hands[seat] |= 1 << c
        out.add(tuple(hands))
    return out


def independent_dd(values) -> dict[int, np.ndarray]:
    """Declarer's side's tricks per world and legal card, from a fresh solver, one world at a time."""
    position = values.position
    mover = position.to_move
    rows = []
    for w in position.worlds:
        SOLVER.clear()  # an independent check: every world from an empty table
        per = SOLVER.tricks_per_card([int(x) for x in w], position.strain, int(position.leader), position.trick)
        left = int(w[int(position.leader)]).bit_count()
        rows.append({c: (v if mover.same_side(position.declarer) else left - v) for c, v in per.items()})
    return {c: np.array([r[c] for r in rows]) for c in rows[0]}


def eval_rule_json(rule: list, hands: np.ndarray) -> np.ndarray:
    """A stated rule evaluated from its JSON form (own implementation)."""
    hidden = [s for s in range(4) if np.any(hands[:, s] != hands[0, s])]
    seat_of = {"N": 0, "E": 1, "S": 2, "W": 3}

    def length(seat: int, suit: int) -> np.ndarray:
        return np.array([(int(h[seat]) & SUIT_MASKS[suit]).bit_count() for h in hands])

    def holds(seat: int, card: int) -> np.ndarray:
        return np.array([bool(int(h[seat]) >> card & 1) for h in hands])

    out = np.zeros(len(hands), dtype=bool)
    for term in rule:
        acc = np.ones(len(hands), dtype=bool)
        for f in term:
            suit = "SHDC".index(f["suit"])
            card = parse_card(f["card"]) if "card" in f else None
            if f["kind"] == "holds":
                acc &= holds(seat_of[f["seat"]], card)
            elif f["kind"] == "length":
                n = length(seat_of[f["seat"]], suit)
                acc &= (n >= f["min"]) & (n <= f["max"])
            elif f["kind"] == "split":
                n = np.max([length(s, suit) for s in hidden], axis=0)
                acc &= (n >= f["min"]) & (n <= f["max"])
            elif f["kind"] == "falls":
                seats = [seat_of[f["seat"]]] if "seat" in f else hidden
                acc &= np.any([holds(s, card) & (length(s, suit) <= f["max"]) for s in seats], axis=0)
            else:
                raise AssertionError(f"unknown feature kind {f['kind']}")
        out |= acc
    return out


def check_condition(cond: dict, hands: np.ndarray, w: np.ndarray, subject_weight: float | None,
                    subject: np.ndarray | None = None) -> None:
    """The stated rule's figures against the worlds, from its JSON form."""
    holds = eval_rule_json(cond["rule"], hands)
    assert cond["rule_probability"] == pytest.approx(w[holds].sum(), abs=1e-6), cond["text"]
    described = ~holds if cond["negated"] else holds
    if cond["exact"]:
        assert cond["missed"] == 0 and cond["extra"] == 0
        if subject_weight is not None:
            assert w[described].sum() == pytest.approx(subject_weight, abs=1e-6), cond["text"]
        if subject is not None:
            assert np.array_equal(described, subject), f"'{cond['text']}' differs from the worlds it summarises"
    elif subject is not None:
        assert cond["missed"] == pytest.approx(w[subject & ~described].sum(), abs=1e-6)
        assert cond["extra"] == pytest.approx(w[described & ~subject].sum(), abs=1e-6)
    if subject_weight is not None:
        assert cond["probability"] == pytest.approx(subject_weight, abs=1e-6)


# --- the teaching positions ---------------------------------------------------------------------------------


def test_the_set_has_thirty_positions_and_covers_the_lessons(teaching_cases):
    assert len(teaching_cases) >= 30
    assert len({c.name for c in teaching_cases}) == len(teaching_cases)
    taught = {c.technique for c in teaching_cases}
    for t in (Technique.FINESSE, Technique.DOUBLE_FINESSE, Technique.TWO_WAY_FINESSE, Technique.RUFFING_FINESSE,
              Technique.DROP, Technique.HOLD_UP, Technique.DUCK, Technique.SAFETY_PLAY, Technique.CASH_WINNERS,
              Technique.ENTRY_MANAGEMENT, Technique.RUFF_IN_DUMMY, Technique.DRAW_TRUMPS):
        assert t in taught, t


def test_teaching_position(case, solve):
    play, view, values, out_of_play, hint = solve(case)
    best = hint.candidates[0]
    # the lesson
    assert card_str(hint.best) in case.best, hint.text
    assert best.technique is case.technique, hint.text
    if case.through is not None and best.technique in FINESSES:
        assert best.techniques[0].seat == Seat.parse(case.through)
    # the deals: every consistent layout, each once; weighted by restricted choice, summing to one
    assert hint.exact and hint.method.value == "exact"
    position = values.position
    mine = independent_worlds(play, view, out_of_play)
    rows = [tuple(int(x) for x in r) for r in position.worlds]
    assert len(rows) == len(set(rows)) == len(mine) == hint.worlds == hint.layouts
    assert set(rows) == mine
    w = values.weights
    assert w.sum() == pytest.approx(1.0) and (w > 0).all()
    originals = np.asarray(values.original, dtype=np.uint64)
    # double-dummy figures per candidate, from a fresh solver
    dd = independent_dd(values)
    for cand in hint.candidates:
        c = cand.card
        goal = dd[c] >= hint.goal_tricks
        goal = goal if hint.declaring else ~goal
        assert cand.p_double_dummy == pytest.approx(w[goal].sum(), abs=1e-9)
        assert cand.expected_tricks == pytest.approx(position.offset + (w * dd[c]).sum(), abs=1e-9)
        assert cand.p_goal <= cand.p_double_dummy + 1e-9  # a line never beats seeing every card
        success = np.asarray(values.success[c]) > 0.5
        assert not (success & ~goal).any()  # a line wins only deals double dummy wins
        assert cand.p_goal == pytest.approx(w[success].sum(), abs=1e-9)
        for other in cand.equivalents:
            assert np.array_equal(dd[other], dd[c])
        # every stated condition, checked against the deals it summarises (original holdings)
        js = cand.to_json()
        if js["condition"] is not None:
            check_condition(js["condition"], originals, w, cand.p_goal, success)
            assert verify_condition(cand.condition, originals, w, success) == []
        for key in ("gains", "loses"):
            if js[key] is not None:
                check_condition(js[key], originals, w, None)
        if js["fusion"] is not None and js["fusion"]["worlds"] is not None:
            fused = goal & ~success
            check_condition(js["fusion"]["worlds"], originals, w, float(w[fused].sum()), fused)
    # the words carry the computed figures
    assert pct(best.p_goal) in hint.text or "every deal" in hint.text
    if best.condition is not None and not (best.condition.rule.is_always or best.condition.rule.is_never):
        assert best.condition.text in hint.text
    assert best.techniques[0].phrase in hint.text


def _holds_figure(play, view, seat: str, card: str) -> float:
    """P(``seat`` holds ``card``) over the layouts consistent with what the player saw, each weighted by the
    independent reference's restricted-choice likelihood (equal cards, discards included)."""
    from tests.hints.single_dummy_reference import layouts, likelihood
    from tests.hints.test_teaching_truth import situation

    sit = situation(play, view)
    s, c = int(Seat.parse(seat)), int(parse_card(card))
    total = good = 0.0
    for hands in layouts(sit):
        w = likelihood(sit, hands)
        total += w
        good += w if hands[s] >> c & 1 else 0.0
    return good / total


@pytest.mark.parametrize("name, seat, card, uniform", [
    # West has 4 of the 8 unseen places: P(West holds the ♠K) = C(7,3)/C(8,4)
    ("finesse_lead_toward_tenace", "W", "SK", comb(7, 3) / comb(8, 4)),
    # the vacant places alone would say 4/7 (East), 2/5 (West), 3/5 (East); the defenders' choices among
    # equal cards (discards included) move the figures, and the hint must weigh them
    ("nine_cards_drop", "E", "SQ", None),
    ("eight_cards_finesse", "W", "SQ", None),
    ("two_way_finesse", "E", "SQ", None),
])
def test_exact_figures_by_counting(name, seat, card, uniform, teaching_cases, solve):
    case = next(c for c in teaching_cases if c.name == name)
    play, view, *_, hint = solve(case)
    figure = _holds_figure(play, view, seat, card)
    if uniform is not None:  # no defender chose among equal cards: the vacant-places count is the figure
        assert figure == pytest.approx(uniform, abs=1e-12)
    best = hint.candidates[0]
    assert best.p_make == pytest.approx(figure, abs=1e-12)
    assert best.condition.exact and best.condition.rule_probability == pytest.approx(figure, abs=1e-12)
    assert f"{pct(figure)} of the deals" in hint.text


def test_expert_line_from_the_library(teaching_cases, solve):
    """AQT opposite xxx is a classic: the library's lines and exact chances are quoted as stored."""
    case = next(c for c in teaching_cases if c.name == "double_finesse_AQT")
    *_, hint = solve(case)
    stored = {e["id"]: e for e in json.loads(library_path().read_text(encoding="utf-8"))["entries"]}
    ids = [e.entry_id for e in hint.expert]
    assert 20 in ids and 21 in ids
    for e in hint.expert:
        assert e.line == stored[e.entry_id]["line"]
        assert e.probability == stored[e.entry_id]["probability"]
        assert e.library_north == Seat.NORTH and e.suit == 0
        assert f"Library combination #{e.entry_id}" in hint.text and e.line in hint.text
    # a suit with cards gone before the ending is not the library's a-priori problem
    case = next(c for c in teaching_cases if c.name == "finesse_third_hand")
    assert solve(case)[-1].expert == ()
