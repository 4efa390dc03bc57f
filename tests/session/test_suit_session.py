"""Suit practice: typed and library problems, the play card by card, best defence, undo, the end, the review."""

from __future__ import annotations

import re

import pytest

from engine.core.cancel import NEVER, Cancelled, CancelToken
from engine.core.seats import Seat
from engine.session.suit_catalogue import Difficulty, catalogue, select, themes_of
from engine.session.suit_review import review_play
from engine.session.suit_session import (
    SuitSession,
    SuitSessionError,
    SuitStage,
    SuitTooBigError,
    draw_layout,
    library_setup,
    prepare_problem,
    typed_setup,
)
from engine.suits.exact import solve_exact
from engine.suits.library import Tag, load_library
from engine.suits.model import SuitProblem, parse_holding
from engine.suits.position import SHOW_OUT, SuitTable

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _session(north: str, south: str, tricks: int, west: str, seed: int = 0) -> SuitSession:
    west_field = 0 if west == "-" else parse_holding(west)
    return SuitSession(prepare_problem(typed_setup(north, south, tricks), west=west_field), seed=seed)


def _ranks(field: int) -> list[int]:
    return [r for r in range(14, 1, -1) if field >> (r - 2) & 1]


def _play(s: SuitSession, seat: Seat, rank: int) -> None:
    s.play(seat, rank)
    s.play_defenders()


def _lowest(s: SuitSession, seat: Seat) -> int:
    return _ranks(s.hand(seat))[-1]


# --- setting a problem -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("north", "south", "tricks", "message"),
    [
        ("AQZ", "543", "2", "'Z' is not a rank"),
        ("AQ2", "A43", "2", "Card(s) A given to both north ('AQ2') and south ('A43')"),
        ("AQQ", "543", "2", "Q appears twice"),
        ("", "543", "2", "North's holding is empty"),
        ("AQ2", "543", "two", "Tricks 'two': type the number of tricks"),
        ("AQ2", "543", "4", "can take at most 3 (the longer holding has 3 cards)"),
        ("AQ2", "543", "0", "at least one trick"),
        ("-", "-", "1", "both void"),
    ],
)
def test_typed_holdings_are_checked_with_a_clear_message(north, south, tricks, message):
    with pytest.raises(SuitSessionError, match=re.escape(message)):
        typed_setup(north, south, tricks)


def test_typed_holdings_accept_x_ten_and_voids():
    setup = typed_setup("KJ10x", "-", 1)
    assert setup.holdings == "KJT2 opposite -" and setup.name == "KJT2 opposite -, 1 trick"
    lib = library_setup(next(e for e in load_library() if e.id == 17))
    assert lib.name == "#17 AJT opposite xxx, 2 tricks" and lib.entry.id == 17


def test_the_layout_is_drawn_with_its_probability_and_seeded():
    setup = typed_setup("AQ2", "543", 2)
    draws = [draw_layout(setup.problem, seed=k).west for k in range(400)]
    assert draws == [draw_layout(setup.problem, seed=k).west for k in range(400)]
    lengths = [w.bit_count() for w in draws]
    # 7 outstanding cards: 4-3 / 3-4 splits are 62% of the layouts
    assert 0.5 < sum(1 for k in lengths if k in (3, 4)) / 400 < 0.75
    assert prepare_problem(setup, seed=3).layout.west == draws[3]
    with pytest.raises(SuitSessionError, match="not a possible layout"):
        prepare_problem(setup, west=parse_holding("A"))


def test_the_prepared_optimum_is_the_exact_solver_s():
    p = prepare_problem(typed_setup("AQ2", "543", 2), west=parse_holding("K6"))
    assert p.optimum == pytest.approx(solve_exact(SuitProblem.parse("AQ2", "543"), 2).value)
    assert p.layout.east == parse_holding("JT987")


def test_solving_stops_when_cancelled_or_out_of_time():
    setup = typed_setup("AJ8x", "9xxx", 3)
    with pytest.raises(SuitTooBigError, match="takes the exact solver too long"):
        prepare_problem(setup, time_limit_s=0.0)
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled):
        prepare_problem(setup, cancel=cancel)
    p = prepare_problem(setup, time_limit_s=None)
    assert p.fronts.guard is None and p.dd.guard is None  # later reads are never stopped
    s = SuitSession(p)
    s.play(S, 3)
    s.play_defenders()  # the defenders read the solved tables (no time limit applies)


# --- the play ------------------------------------------------------------------------------------------
def test_declarer_leads_from_either_hand_and_third_hand_is_forced():
    s = _session("AQ2", "543", 2, "K6")
    assert s.stage is SuitStage.LEAD and s.to_play is None
    assert all(st.playable for seat in (N, S) for st in s.card_statuses(seat))
    assert not any(st.playable for st in s.card_statuses(W))
    with pytest.raises(SuitSessionError, match="defenders' cards"):
        s.play(W, 13)
    with pytest.raises(SuitSessionError, match="does not hold"):
        s.play(N, 13)
    s.play(S, 3)
    assert s.stage is SuitStage.DEFENDER and s.to_play is W and not s.is_user_turn
    assert s.card_statuses(N)[0].reason == "West is to play"
    s.play_defenders()
    assert s.stage is SuitStage.THIRD_HAND and s.to_play is N
    assert s.trick == ((S, 3), (W, 6))  # second hand low with Kx
    south = s.card_statuses(S)
    assert not south[0].playable and south[0].reason == "North plays to this trick, not South"
    with pytest.raises(SuitSessionError, match="North plays to this trick"):
        s.play(S, 5)
    _play(s, N, 12)  # the finesse wins
    assert s.tricks[0].winner is N and s.tricks[0].text().startswith("S:3 W:6 N:Q E:")  # East's JT987 are all equal
    assert s.trick == () and s.stage is SuitStage.LEAD and s.tricks_won == 1


def test_a_whole_play_with_the_end_credited_when_nothing_can_change():
    s = _session("AQ2", "543", 2, "K6")
    _play(s, S, 3)
    _play(s, N, 12)
    _play(s, N, 14)
    assert s.stage is SuitStage.THIRD_HAND and s.to_play is S
    _play(s, S, 4)  # West's king falls: the two and the five are then losers to East's jack
    assert s.tricks[1].cards[2:] == ((S, 4), (W, 13)) and s.tricks[1].winner is N
    assert s.is_over
    result = s.result()
    assert result.tricks == 2 and result.made and not result.gave_up
    assert "lower than the defenders' cards" in result.claim_text


def test_all_winners_are_claimed_at_once():
    s = _session("AKQ", "2", 3, "J5")
    _play(s, N, 14)
    _play(s, S, 2)
    assert s.is_over  # K and Q are the top cards now
    r = s.result()
    assert r.tricks == 3 and r.claimed == 2 and r.made and "the last 2 tricks are yours" in r.claim_text
    settled = _session("AKQ", "-", 3, "J5")  # nothing to decide at all: over before the first card
    assert settled.is_over and settled.result().claimed == 3 and settled.result().made


def test_any_card_of_an_equivalent_run_may_be_played():
    s = _session("KQ2", "543", 2, "A6")
    _play(s, S, 3)
    assert s.stage is SuitStage.THIRD_HAND
    _play(s, N, 13)  # the king, not the queen the engine would name: the same move
    line = s.user_line
    assert len(line) == 2 and sorted(m & 15 for m in line.values()) == [3, 12]
    assert s.hand(N) == parse_holding("Q2")


def test_second_hand_covers_when_it_beats_the_contract_double_dummy():
    # the queen led from Q2 towards A43 for two tricks: West's king must cover (else the queen wins)
    s = _session("A43", "Q2", 2, "K5")
    _play(s, S, 12)
    assert s.trick[1] == (W, 13)


def test_a_void_defender_shows_out_and_the_trick_has_three_cards():
    s = _session("AKQ2", "543", 4, "-")
    _play(s, N, 14)
    _play(s, S, 3)
    first = s.tricks[0]
    assert [seat for seat, _ in first.cards] == [N, E, S] and first.winner is N
    assert s.plays_by(W) == s.plays_by(E) == 1  # the void West discarded: a card all the same
    _play(s, S, 4)
    assert (s.plays_by(S), s.plays_by(W), s.plays_by(N), s.plays_by(E)) == (2, 2, 1, 1)  # South led, West discarded


def test_defenders_choose_among_truly_equal_cards_only():
    seen = set()
    for seed in range(12):
        s = _session("A32", "654", 1, "QJ", seed=seed)
        _play(s, N, 14)
        _play(s, S, 4)
        seen.add(s.tricks[0].cards[3])
    assert seen == {(W, 12), (W, 11)}  # Q-J doubleton: either card, at random
    s = _session("AQ2", "543", 2, "KJ97")
    _play(s, S, 3)
    assert s.trick[1] == (W, 7)  # not the jack: the seven is the natural low card


def test_undo_goes_back_to_the_users_last_card():
    s = _session("AQ2", "543", 2, "K6")
    assert not s.can_undo
    _play(s, S, 3)
    _play(s, N, 12)
    assert s.ply == 4
    s.undo()
    assert s.stage is SuitStage.THIRD_HAND and s.trick == ((S, 3), (W, 6)) and s.tricks == ()
    s.undo()
    assert s.stage is SuitStage.LEAD and s.ply == 0 and s.user_line == {}
    with pytest.raises(SuitSessionError, match="nothing to undo"):
        s.undo()


def test_stale_defender_answers_are_ignored():
    s = _session("AQ2", "543", 2, "K6")
    s.play(S, 3)
    turn = s.defender_turn()
    move = turn.job(NEVER)
    s.undo()
    s.play(N, 2)  # the same ply again, another position
    assert not s.apply_defender_move(turn.ply, turn.position, move)
    s.play_defenders()
    assert s.stage is SuitStage.THIRD_HAND and s.to_play is S


def test_give_up_ends_the_play_and_counts_as_not_made():
    s = _session("AQ2", "543", 2, "K6")
    _play(s, S, 3)
    s.give_up()
    assert s.is_over and not s.can_undo
    assert not s.result().made and s.result().gave_up
    assert not any(st.playable for st in s.card_statuses(N))


# --- the review --------------------------------------------------------------------------------------------
def _play_out(s: SuitSession, choose) -> None:
    s.play_defenders()
    while not s.is_over:
        seat, rank = choose(s)
        _play(s, seat, rank)


def test_review_of_the_immediate_finesse_against_the_exact_solver():
    s = _session("AQ2", "543", 2, "K6")
    _play(s, S, 3)
    _play(s, N, 12)
    _play(s, N, 14)
    _play(s, S, 4)
    assert s.is_over
    review = review_play(s.prepared, s.user_line)
    table = SuitTable(SuitProblem.parse("AQ2", "543"))
    assert review.best.chance == pytest.approx(solve_exact(table, 2).value)
    assert review.best.chance == pytest.approx(0.504844720496893)
    assert review.yours.chance == pytest.approx(0.5)  # the immediate finesse misses the singleton king with East
    assert not review.optimal and review.decisions == 4
    assert [(d.west, d.east) for d in review.only_best] == [("JT9876", "K")] and review.only_yours == ()
    assert review.best.tricks_here == 2 and (review.west, review.east) == ("K6", "JT987")
    assert review.best.words.startswith("Cash the ace")  # the ace first catches a singleton king with East
    # AQ2 opposite 543 plays as the library's AQx opposite xxx (#3): the expert's plain finesse, 50%
    assert review.expert is not None and review.expert.entry_id == 3
    assert review.expert.line.chance == pytest.approx(0.5)
    # the line table: every target at once, the best line per target marked
    lines = review.table
    assert lines is not None and lines.top == 3
    assert lines.best(2).chances[1] == pytest.approx(review.best.chance)


def test_the_best_line_played_out_is_optimal():
    s = _session("AQ2", "543", 2, "K6")
    review0 = review_play(s.prepared, {})
    assert review0.decisions == 0 and not review0.optimal  # no card played: nothing of yours to judge
    best = solve_exact(s.table, 2).strategy  # the ace first (catches a singleton king with East), then towards the queen
    _play_out(s, lambda s: ((N if move >> 4 == 0 else S), move & 15) if (move := best[(s.position, s.tricks_won)]) else None)
    assert s.is_over and s.result().made
    review = review_play(s.prepared, s.user_line)
    assert review.optimal and review.yours.chance == pytest.approx(review.best.chance)


def test_review_of_a_library_problem_values_the_expert_plan():
    entry = next(e for e in load_library() if e.id == 17)  # AJT opposite xxx, 2 tricks: two finesses
    s = SuitSession(prepare_problem(library_setup(entry), seed=5), seed=5)
    _play_out(s, lambda s: ((S if s.hand(S) else N), _lowest(s, S if s.hand(S) else N)) if s.stage is SuitStage.LEAD
              else (s.to_play, _lowest(s, s.to_play)))
    review = review_play(s.prepared, s.user_line)
    assert review.expert is not None and review.expert.stated == entry.expert_chance
    assert review.expert.line.chance == pytest.approx(entry.line_probability)
    assert review.expert.source == entry.source and review.expert.line.steps
    assert review.table is not None and any(line.expert for line in review.table.lines)
    assert review.best.chance == pytest.approx(entry.probability)
    assert review.yours.chance <= review.best.chance + 1e-12


def test_sessions_play_out_every_library_problem_kind_without_error():
    for entry_id in (27, 40, 62, 63, 146):
        entry = next(e for e in load_library() if e.id == entry_id)
        s = SuitSession(prepare_problem(library_setup(entry), seed=entry_id), seed=1)
        _play_out(s, lambda s: (N, _ranks(s.hand(N))[0]) if s.stage is SuitStage.LEAD and s.hand(N)
                  else (S, _ranks(s.hand(S))[0]) if s.stage is SuitStage.LEAD else (s.to_play, _lowest(s, s.to_play)))
        result = s.result()
        assert 0 <= result.tricks <= s.setup.problem.tricks_available
        assert result.tricks == sum(t.declarer_won for t in s.tricks) + result.claimed


# --- the catalogue ---------------------------------------------------------------------------------------------
def test_the_catalogue_derives_difficulty_from_themes_and_filters():
    cat = catalogue()
    assert cat and all(c.entry.probability > 0 for c in cat)
    by_id = {c.entry.id: c for c in cat}
    assert by_id[33].difficulty is Difficulty.EASY  # AKQ opposite xxx: sure tricks
    assert by_id[1].difficulty is Difficulty.MEDIUM  # the simple finesse
    assert by_id[17].difficulty is Difficulty.HARD  # the double finesse
    assert by_id[63].difficulty is Difficulty.EXPERT  # the intra-finesse
    assert 66 not in by_id  # AKx opposite x for three tricks: impossible, nothing to practise
    assert Tag.FINESSE in themes_of(cat)
    finesses = select(cat, Tag.FINESSE, Difficulty.MEDIUM)
    assert finesses and all(Tag.FINESSE in c.themes and c.difficulty is Difficulty.MEDIUM for c in finesses)
    assert by_id[17].label == "#17  AJT opposite xxx: 2 tricks"


def test_show_out_is_a_defender_move_of_the_engine():
    s = _session("AKQ2", "543", 4, "-")
    s.play(N, 14)
    turn = s.defender_turn()
    assert turn.seat is E
    s.play_defenders()
    s.play(S, 3)
    turn = s.defender_turn()
    assert turn.seat is W and turn.job(NEVER) == SHOW_OUT
