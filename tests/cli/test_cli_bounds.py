"""Every number a user gives ``tenace-cli`` has stated bounds, shown in ``--help`` and enforced.

Issue 23's cases: ``alphamu:m=99`` ran for ever; ``mcmaxn:time=nan``, ``analyse --time-limit -1``,
``--prior-tricks 99`` and a negative ``target`` were taken silently.
"""

from __future__ import annotations

import argparse
import json
import math

import pytest

from engine.cli.main import build_parser
from engine.cli.options import _BoundedType
from engine.core.bounds import Bounds, Choice
from engine.players.registry import REGISTRY, Game, Param, PlayerSpecError, create_player, players_help
from tests.fuzz.catalogue import JSON_COMMANDS, run_main


def all_parsers(parser: argparse.ArgumentParser, prefix: str = "tenace-cli"):
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from all_parsers(sub, f"{prefix} {name}")


def numeric_actions():
    for prog, parser in all_parsers(build_parser()):
        for action in parser._actions:
            if action.option_strings and action.type is not None:
                yield prog, parser, action


def test_every_numeric_option_has_bounds_shown_in_its_help():
    seen = 0
    for prog, parser, action in numeric_actions():
        assert isinstance(action.type, _BoundedType), f"{prog} {action.option_strings[0]} has no bounds"
        bounds = action.type.bounds
        assert f"({bounds}" in (action.help or ""), f"{prog} {action.option_strings[0]}: {action.help!r}"
        assert f"({bounds}" in " ".join(parser.format_help().split()), prog
        seen += 1
    assert seen > 50  # every command's counts, seeds, worlds, limits...


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "1e999", "9" * 5000, "", "x", "1.5e3.2"])
def test_no_numeric_option_takes_nan_inf_negatives_or_junk(value):
    for prog, _, action in numeric_actions():
        bounds = action.type.bounds
        with pytest.raises(argparse.ArgumentTypeError):
            if value == "-1" and bounds.low <= -1:
                raise argparse.ArgumentTypeError("a range that takes -1 is allowed to")
            action.type(value)


def test_every_player_parameter_has_bounds_and_they_are_in_the_players_help():
    for game in Game:
        text = players_help(game)
        for name, entry in REGISTRY.entries(game).items():
            assert [p.name for p in entry.param_specs] == list(entry.params)
            for param in entry.param_specs:
                assert isinstance(param, Param) and isinstance(param.bounds, (Bounds, Choice))
                assert f"{param.name} {param.bounds}" in text
    for prog in ("play-bridge", "play-hearts", "match bridge", "match hearts"):
        parser = dict((p, q) for p, q, *_ in [(p, q) for p, q in all_parsers(build_parser())])[f"tenace-cli {prog}"]
        assert "alphamu  m 1..4" in parser.format_help() or "mcmaxn  worlds 1..5000" in parser.format_help()


@pytest.mark.parametrize("game, spec, fragment", [
    (Game.BRIDGE, "alphamu:m=99", "parameter m must be an integer 1..4, got 99"),
    (Game.BRIDGE, "alphamu:m=0", "parameter m must be an integer 1..4, got 0"),
    (Game.BRIDGE, "pimc:worlds=-5", "parameter worlds must be an integer 1..1000, got -5"),
    (Game.BRIDGE, "random:seed=-1", "parameter seed must be an integer 0..2^63-1, got -1"),
    (Game.HEARTS, "mcmaxn:time=nan", "parameter time must be a number > 0 and ≤ 60 seconds, got nan"),
    (Game.HEARTS, "mcmaxn:time=inf", "got inf"),
    (Game.HEARTS, "mcmaxn:time=-1", "got -1"),
    (Game.HEARTS, "mcmaxn:worlds=1e9", "parameter worlds must be an integer 1..5000, got '1e9'"),
    (Game.HEARTS, "iimaxn:threshold=nan", "parameter threshold must be a number 0..1, got nan"),
    (Game.HEARTS, "mcmaxn:search=deep", "parameter search must be one of maxn, paranoid, got 'deep'"),
])
def test_player_parameters_out_of_bounds_are_refused(game, spec, fragment):
    with pytest.raises(PlayerSpecError) as info:
        create_player(game, spec)
    assert fragment in str(info.value)


def test_every_preset_is_inside_the_bounds():
    for game in Game:
        for name, entry in REGISTRY.entries(game).items():
            for _, text in entry.presets:
                create_player(game, f"{name}:{text}" if text else name)


@pytest.mark.parametrize("argv, fragment", [
    (["play-bridge", "--players", "alphamu:m=99,rules"], "parameter m must be an integer 1..4, got 99"),
    (["match", "bridge", "--a", "alphamu:m=99", "--b", "rules"], "parameter m must be an integer 1..4"),
    (["play-hearts", "--players", "mcmaxn:time=nan,rules,rules,rules"], "parameter time must be a number > 0"),
    (["match", "hearts", "--a", "mcmaxn:time=nan", "--b", "rules"], "got nan"),
    (["analyse", "--batch", "-", "--time-limit", "-1"], "argument --time-limit: must be a number > 0 and ≤ 3600"),
    (["analyse", "--batch", "-", "--time-limit", "nan"], "got nan"),
    (["analyse", "--batch", "-", "--algorithm", "alphamu", "--max-moves", "99"], "--max-moves: must be an integer 1..4"),
    (["hint", "--file", "-", "--prior-tricks", "99"], "argument --prior-tricks: must be an integer 0..12, got 99"),
    (["review", "--pbn", "-", "--prior-tricks", "99"], "argument --prior-tricks: must be an integer 0..12, got 99"),
    (["review", "--pbn", "-", "--threshold", "nan"], "argument --threshold: must be a number 0..1, got nan"),
    (["match", "bridge", "--a", "rules", "--b", "rules", "--threads", "1000"], "--threads: must be an integer 1.."),
    (["dd-table", "--file", "-", "--table-mb", "inf"], "--table-mb: must be a number"),
])
def test_the_issues_nonsense_parameters_are_refused_in_one_line(capsys, argv, fragment):
    code, out, err = run_main(argv, capsys)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and fragment in err


@pytest.mark.parametrize("target, fragment", [
    (-1, "field 'target': must be an integer 0..13, got -1"),
    (14, "field 'target': must be an integer 0..13, got 14"),
    (2, "field 'target': 2 tricks needed but only 1 are left to play"),
    (1.0, "field 'target': must be an integer 0..13, got 1"),
    (True, "field 'target': must be an integer 0..13, got True"),
])
def test_a_target_out_of_range_is_refused_naming_the_field(tmp_path, capsys, target, fragment):
    position = {**JSON_COMMANDS[0].valid, "target": target}
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(position) + "\n")
    code, _, err = run_main(["analyse", "--batch", str(path)], capsys)
    assert code == 2 and f"{path}, line 1: {fragment}" in err


def test_bounds_describe_and_check_themselves():
    time = Bounds.reals(0, 60, low_open=True, unit="seconds")
    assert str(time) == "> 0 and ≤ 60 seconds" and time.parse(" 2.5 ") == 2.5
    for bad in ("0", "nan", "61", "-0.0", "1e999"):
        with pytest.raises(ValueError, match="must be a number > 0 and ≤ 60 seconds"):
            time.parse(bad)
    count = Bounds.integers(0, 10)
    assert count.parse("10") == 10 and count.check(0) == 0
    for bad in (True, 1.0, "3", None, math.nan, 11, -1):
        with pytest.raises(ValueError, match=r"must be an integer 0..10"):
            count.check(bad)


@pytest.mark.parametrize("limit", [math.nan, math.inf, -1.0])
def test_the_analysis_budget_refuses_nonsense_time_limits(limit):
    from engine.analysis.bridge import AnalysisBudget

    with pytest.raises(ValueError, match="time_limit must be a finite number of seconds ≥ 0"):
        AnalysisBudget(time_limit=limit)
    assert AnalysisBudget(time_limit=0.0).time_limit == 0.0  # 0: the first answer
