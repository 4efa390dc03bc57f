"""Settings round-trip atomically and fall back per field; statistics add up in SQLite."""

import json
import os

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from app.settings import (
    TRICK_PAUSE_CLICK,
    CardSize,
    DeckColours,
    Strength,
    HandVisibility,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from app.stats import BridgeHandRecord, Game, HeartsGameRecord, Statistics, StatsSummary, stats_path
from engine.bridge.contract import Contract
from engine.core.seats import Seat


def test_paths_live_in_the_user_dirs(_isolated_user_dirs):
    assert str(settings_path()).startswith(str(_isolated_user_dirs / "config"))
    assert str(stats_path()).startswith(str(_isolated_user_dirs / "data"))


def test_missing_file_gives_defaults_without_complaint():
    settings_path().unlink()  # the test profile's file (tests/app/conftest.py)
    loaded = load_settings()
    assert loaded.settings == Settings() and loaded.problems == ()


def test_save_then_load_round_trips_and_leaves_no_temp_file():
    s = Settings(DeckColours.FOUR_COLOUR, HandVisibility.OWN_SIDE, animate_cards=False, animation_ms=400)
    path = save_settings(s)
    assert load_settings() == load_settings(path)
    assert load_settings().settings == s and load_settings().problems == ()
    assert sorted(os.listdir(path.parent)) == ["settings.json"]


@hsettings(max_examples=40, deadline=None)
@given(
    colours=st.sampled_from(DeckColours),
    visibility=st.sampled_from(HandVisibility),
    animate=st.booleans(),
    ms=st.integers(50, 2000),
    size=st.sampled_from(CardSize),
    pause=st.one_of(st.just(TRICK_PAUSE_CLICK), st.integers(0, 5000)),
    sound=st.booleans(),
    strength=st.sampled_from(Strength),
    details=st.booleans(),
)
def test_any_valid_settings_round_trip(tmp_path_factory, colours, visibility, animate, ms, size, pause, sound, strength,
                                       details):
    path = tmp_path_factory.mktemp("s") / "settings.json"
    s = Settings(colours, visibility, animate, ms, size, pause, sound, strength, details)
    save_settings(s, path)
    assert load_settings(path).settings == s


def test_corrupt_file_falls_back_to_defaults_and_says_so():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"deck_colours": "four-colour",', encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert len(loaded.problems) == 2 and "not valid JSON" in loaded.problems[0] and str(path) in loaded.problems[0]
    assert loaded.kept is not None and loaded.kept.read_text(encoding="utf-8") == '{"deck_colours": "four-colour",'
    assert loaded.problems[1] == f"the old file was kept as {loaded.kept.name}"
    assert load_settings().problems == () and load_settings().settings == loaded.settings  # repaired


def test_partly_invalid_file_keeps_the_good_fields():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({"deck_colours": "four-colour", "animation_ms": 99999, "animate_cards": "yes", "colour": 1}),
        encoding="utf-8",
    )
    loaded = load_settings()
    assert loaded.settings == Settings(deck_colours=DeckColours.FOUR_COLOUR)
    text = "\n".join(loaded.problems)
    assert len(loaded.problems) == 4 and loaded.kept is not None
    assert "animation_ms" in text and "out of range" in text
    assert "animate_cards: 'yes' is not true or false" in text
    assert "unknown setting 'colour'" in text


@given(st.one_of(st.integers(), st.text(), st.lists(st.integers()), st.none(), st.floats(allow_nan=False)))
@hsettings(max_examples=60, deadline=None)
def test_any_json_value_loads_without_raising(tmp_path_factory, value):
    path = tmp_path_factory.mktemp("j") / "settings.json"
    path.write_text(json.dumps({"animation_ms": value, "deck_colours": value}), encoding="utf-8")
    loaded = load_settings(path)
    assert isinstance(loaded.settings, Settings)


def test_settings_reject_out_of_range_values_when_built_in_code():
    with pytest.raises(ValueError, match="animation_ms"):
        Settings(animation_ms=5)


def test_statistics_add_up_and_persist():
    with Statistics() as stats:
        assert stats.summary() == StatsSummary(0, 0, 0, 0, 0, 0, 0)
        stats.record_bridge_hand(BridgeHandRecord(Contract.parse("4S"), Seat.SOUTH, Seat.SOUTH, 10, 420))
        stats.record_bridge_hand(BridgeHandRecord(Contract.parse("3NT"), Seat.SOUTH, Seat.SOUTH, 8, -50))
        stats.record_hint(Game.BRIDGE)
        stats.record_hint(Game.HEARTS)
        stats.record_suit_problem("AQ10 opposite 432", solved=True)
        stats.record_suit_problem("KJ9x opposite xxx", solved=False)
        stats.record_hearts_game(HeartsGameRecord(user_points=40, best_other_points=55, hands=7))
        stats.record_hearts_game(HeartsGameRecord(user_points=101, best_other_points=60, hands=9))
        # defending, the declarer's side making is not "a contract made" for you, and going down is a success
        stats.record_bridge_hand(BridgeHandRecord(Contract.parse("6NT"), Seat.NORTH, Seat.WEST, 12, -990))
        stats.record_bridge_hand(BridgeHandRecord(Contract.parse("4H"), Seat.SOUTH, Seat.WEST, 9, 50))
    with Statistics() as again:  # reopened from disk
        assert again.summary() == StatsSummary(
            hands_played=4, contracts_made=1, hints_used=2, suit_problems_tried=2, suit_problems_solved=1,
            hearts_games=2, hearts_wins=1, declarer_hands=2, defence_hands=2, defence_beaten=1, suit_made=1,
            suit_best_line=1,
        )


def test_statistics_reject_impossible_records():
    with pytest.raises(ValueError, match="declarer_tricks 14"):
        BridgeHandRecord(Contract.parse("7NT"), Seat.NORTH, Seat.SOUTH, 14, 0)
    with Statistics() as stats, pytest.raises(ValueError, match="suit problem"):
        stats.record_suit_problem("  ", solved=True)
