"""``tenace-cli score`` and ``tenace-cli play-bridge`` through the real entry point."""

import json

import pytest

from engine.bridge.contract import Contract, Vulnerability
from engine.bridge.scoring import declarer_score
from engine.bridge.tricks import trick_winner
from engine.cli.main import main
from engine.core.cards import parse_card
from engine.core.deal import Deal, random_deals
from engine.core.seats import Seat


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "contract, declarer, vulnerable, tricks, score",
    [("4SX", "S", "None", 10, 590), ("3NT", "E", "EW", 9, 600), ("3NT", "E", "NS", 9, 400),
     ("7NTXX", "N", "Both", 0, -7600), ("2C", "W", "None", 8, 90), ("1NTXX", "S", "EW", 7, 560)],
)
def test_score_json(capsys, contract, declarer, vulnerable, tricks, score):
    code, out, _ = run(capsys, "score", "--contract", contract, "--declarer", declarer,
                       "--vulnerable", vulnerable, "--tricks", str(tricks), "--json")
    assert code == 0 and out == json.dumps({"score": score}) + "\n"


def test_score_human_line(capsys):
    code, out, _ = run(capsys, "score", "--contract", "4H", "--declarer", "N", "--vulnerable", "NS", "--tricks", "9")
    assert code == 0 and out.strip() == "4H by N (vulnerable), 9 tricks: -100"


@pytest.mark.parametrize(
    "argv, fragment",
    [(["--contract", "8NT", "--declarer", "S", "--tricks", "9"], "bad contract '8NT'"),
     (["--contract", "3NT", "--declarer", "Q", "--tricks", "9"], "bad seat 'Q'"),
     (["--contract", "3NT", "--declarer", "S", "--tricks", "14"], "must be an integer 0..13, got 14"),
     (["--contract", "3NT", "--declarer", "S", "--vulnerable", "Maybe", "--tricks", "9"], "bad vulnerability")],
)
def test_score_bad_input_is_a_message_not_a_traceback(capsys, argv, fragment):
    code, out, err = run(capsys, "score", *argv)
    assert code == 2 and out == "" and fragment in err and "Traceback" not in err


def test_play_bridge_json_lines(capsys):
    code, out, _ = run(capsys, "play-bridge", "--deals", "3", "--seed", "7", "--contract", "4SX",
                       "--declarer", "E", "--vulnerable", "Both", "--json")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    for record, expected_deal in zip(lines, random_deals(7, 3)):
        assert set(record) == {"deal", "contract", "declarer", "play", "tricks", "score"}
        assert Deal.from_pbn(record["deal"]) == expected_deal
        assert record["contract"] == "4SX" and record["declarer"] == "E"
        assert len(record["play"]) == 13
        played = [parse_card(c) for t in record["play"] for c in t["cards"]]
        assert sorted(played) == list(range(52))
        leader = Seat.SOUTH  # East declares: South leads
        for trick in record["play"]:
            assert trick["leader"] == leader.letter
            winner = trick_winner([parse_card(c) for c in trick["cards"]], leader, 0)
            assert trick["winner"] == winner.letter
            leader = winner
        tricks = sum(1 for t in record["play"] if Seat.parse(t["winner"]) in (Seat.EAST, Seat.WEST))
        assert record["tricks"] == tricks
        assert record["score"] == declarer_score(Contract.parse("4SX"), Seat.EAST, Vulnerability.BOTH, tricks)


def test_play_bridge_is_reproducible_and_players_matter(capsys):
    argv = ["play-bridge", "--deals", "4", "--seed", "3", "--json"]
    _, first, _ = run(capsys, *argv)
    _, again, _ = run(capsys, *argv)
    _, other, _ = run(capsys, *argv, "--players", "random,random:seed=5")
    assert first == again and first != other


def test_play_bridge_human_output(capsys):
    code, out, _ = run(capsys, "play-bridge", "--deals", "2", "--seed", "1")
    assert code == 0 and len(out.splitlines()) == 2 and "3NT by S:" in out


@pytest.mark.parametrize(
    "players, fragment",
    [("rules", "two specs"), ("rules,nosuch", "unknown bridge player 'nosuch'"), ("rules,random:sed=1", "'sed'")],
)
def test_play_bridge_bad_players(capsys, players, fragment):
    code, _, err = run(capsys, "play-bridge", "--players", players)
    assert code == 2 and fragment in err
