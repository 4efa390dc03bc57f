"""HeartsRules: defaults, validation with clear messages, moon scoring parsing."""

import pytest

from engine.hearts.rules import HeartsRules, HeartsRulesError, MoonScoring


def test_defaults_are_the_common_rules():
    r = HeartsRules()
    assert r.moon_scoring is MoonScoring.ADD_26_TO_OTHERS
    assert r.jack_of_diamonds is False
    assert r.target_score == 100
    assert r.hearts_on_first_trick is False and r.queen_on_first_trick is False
    assert r.breaking_hearts is True


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        HeartsRules().target_score = 50  # type: ignore[misc]


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"target_score": 0}, "target_score"),
        ({"target_score": -5}, "target_score"),
        ({"target_score": 100.0}, "target_score"),
        ({"target_score": True}, "target_score"),
        ({"jack_of_diamonds": 1}, "jack_of_diamonds"),
        ({"breaking_hearts": "yes"}, "breaking_hearts"),
        ({"hearts_on_first_trick": None}, "hearts_on_first_trick"),
        ({"queen_on_first_trick": 0}, "queen_on_first_trick"),
        ({"moon_scoring": "add_26_to_others"}, "moon_scoring"),
    ],
)
def test_bad_options_name_the_field(kwargs, field):
    with pytest.raises(HeartsRulesError, match=field):
        HeartsRules(**kwargs)


def test_moon_scoring_parses_values_and_aliases():
    assert MoonScoring.parse("shooter_minus_26") is MoonScoring.SHOOTER_MINUS_26
    assert MoonScoring.parse("Shooter-Minus-26") is MoonScoring.SHOOTER_MINUS_26
    assert MoonScoring.parse("add") is MoonScoring.ADD_26_TO_OTHERS
    with pytest.raises(HeartsRulesError, match="'sideways'"):
        MoonScoring.parse("sideways")


def test_to_dict_is_json_ready():
    d = HeartsRules(moon_scoring=MoonScoring.SHOOTER_MINUS_26, target_score=75).to_dict()
    assert d["moon_scoring"] == "shooter_minus_26" and d["target_score"] == 75
