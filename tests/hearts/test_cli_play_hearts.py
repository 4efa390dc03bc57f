"""``tenace-cli play-hearts``: the JSON schema per hand, replayable records, determinism, errors."""

import json

from engine.cli.main import main
from engine.core.cards import FULL_MASK, CardSet, parse_card
from engine.core.deal import random_deals
from engine.hearts.passing import PassDirection
from engine.hearts.play import HeartsHand

REQUIRED = {"passing", "hands", "tricks", "points", "moon"}


def run_cli(capsys, *args):
    code = main(["play-hearts", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_lines_follow_the_schema_and_replay(capsys):
    code, out, _ = run_cli(capsys, "--hands", "6", "--seed", "3", "--players", "rules,rules,random,random", "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 6
    deals = random_deals(3, 6)
    for i, line in enumerate(lines):
        record = json.loads(line)
        assert REQUIRED <= record.keys()
        assert record["passing"] == PassDirection.for_hand(i).label
        hands = [CardSet.from_pbn(h) for h in record["hands"]]
        assert len(hands) == 4 and all(len(h) == 13 for h in hands)
        assert CardSet(sum(h.mask for h in hands)).mask == FULL_MASK
        moved = sum(len(hands[s] - deals[i][s]) for s in range(4))
        assert moved == (0 if record["passing"] == "hold" else 12)
        assert len(record["tricks"]) == 13
        state = HeartsHand(hands)
        for trick in record["tricks"]:
            assert set(trick) >= {"leader", "cards"}
            assert trick["leader"] == state.to_move and len(trick["cards"]) == 4
            for card in trick["cards"]:
                state.play(parse_card(card))
            assert trick["winner"] == state.tricks[-1].winner
        assert record["tricks"][0]["cards"][0] == "C2"
        assert record["points"] == list(state.points())
        assert all(isinstance(p, int) for p in record["points"])
        assert record["moon"] == (None if state.moon() is None else int(state.moon()))


def test_same_seed_same_output_and_seed_matters(capsys):
    _, first, _ = run_cli(capsys, "--hands", "3", "--seed", "9", "--players", "random,rules,random,rules", "--json")
    _, again, _ = run_cli(capsys, "--hands", "3", "--seed", "9", "--players", "random,rules,random,rules", "--json")
    _, other, _ = run_cli(capsys, "--hands", "3", "--seed", "10", "--players", "random,rules,random,rules", "--json")
    assert first == again and first != other


def test_rule_options_reach_the_game(capsys):
    _, out, _ = run_cli(
        capsys, "--hands", "4", "--seed", "1", "--players", "random,random,random,random",
        "--jack-of-diamonds", "--moon", "shooter_minus_26", "--json",
    )
    for line in out.strip().splitlines():
        record = json.loads(line)
        # 26 - 10 for the DJ, or a moon: -26 for the shooter and -10 for the DJ's taker.
        assert sum(record["points"]) == (16 if record["moon"] is None else -36)


def test_readable_summary(capsys):
    code, out, _ = run_cli(capsys, "--hands", "2", "--seed", "4")
    assert code == 0
    assert "hand   1  pass left" in out and "mean points per hand by seat" in out


def test_bad_arguments_give_a_message_not_a_traceback(capsys):
    code, _, err = run_cli(capsys, "--players", "rules,random")
    assert code == 2 and "four player specs" in err
    code, _, err = run_cli(capsys, "--players", "rules,rules,rules,genius")
    assert code == 2 and "genius" in err
    code, _, err = run_cli(capsys, "--moon", "sideways")
    assert code == 2 and "sideways" in err
    code, _, err = run_cli(capsys, "--target", "0")
    assert code == 2 and "--target: must be an integer 1..10000, got 0" in err
