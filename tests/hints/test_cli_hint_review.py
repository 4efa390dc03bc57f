"""``tenace-cli hint`` and ``tenace-cli review``: JSON contracts, both input formats, and clear errors."""

from __future__ import annotations

import json

import pytest

from engine.cli.main import main
from engine.core.deal import Deal

ENDING = """% PBN 2.1
[Event "Hint test"]
[Deal "N:32.A.A. T9.Q.J. AQ.K.K. K4.J.Q."]
[Declarer "S"]
[Contract "3NT"]
[Play "W"]
DQ DA DJ DK
- S2 S9 -
*
"""

PLAYED = ENDING.replace("- S2 S9 -", "S4 S2 S9 SA\nSK S3 ST SQ\nHJ HA HQ HK")


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_hint_from_a_pbn_ending(tmp_path, capsys):
    f = tmp_path / "ending.pbn"
    f.write_text(ENDING)
    code, out, err = run(capsys, ["hint", "--file", str(f), "--prior-tricks", "5", "--json"])
    assert code == 0, err
    result = json.loads(out)
    assert result["best"] == "SQ" and result["worlds"] == 10
    first = result["candidates"][0]
    for key in ("card", "p_goal", "error", "p_make", "p_double_dummy", "expected_tricks", "technique", "condition"):
        assert key in first
    assert first["technique"] == "finesse"
    assert first["condition"]["text"] == "East holds the ♠K" and first["condition"]["exact"]
    # East followed with the ♠9, touching his ♠T or ♠4 when he holds them: restricted choice (test_review)
    assert first["p_goal"] == pytest.approx(9 / 19, abs=1e-6) and first["error"] == 0.0
    assert first["p_double_dummy"] == pytest.approx(9 / 19, abs=1e-6)  # no later guess: the line is the finesse
    explanation = result["explanation"]
    assert explanation["exact"] and explanation["method"] == "exact" and explanation["goal"] == "contract"
    assert "through East" in result["text"]
    code, out, _ = run(capsys, ["hint", "--file", str(f), "--prior-tricks", "5", "--algorithm", "pimc"])
    assert code == 0 and out.startswith("game 1: Play the ♠Q") and "Exact: every one of the 10 layouts" in out


def test_hint_from_json_positions(tmp_path, capsys, teaching_cases, build_case):
    case = next(c for c in teaching_cases if c.name == "nine_cards_drop")
    _, _, position, _, _ = build_case(case)
    line = {"worlds": [Deal.from_masks([int(x) for x in w]).to_pbn() for w in position.worlds],
            "trump": "NT", "leader": position.leader.letter, "trick": ["S5", "ST"],
            "declarer": "S", "target": position.target, "exact": True}
    f = tmp_path / "positions.jsonl"
    f.write_text("# a comment line\n" + json.dumps(line) + "\n")
    code, out, err = run(capsys, ["hint", "--file", str(f), "--json", "--candidates", "2"])
    assert code == 0, err
    result = json.loads(out)
    assert result["best"] == "SK" and result["candidates"][0]["technique"] == "drop"
    assert result["candidates"][0]["p_make"] == pytest.approx(4 / 7, abs=1e-6)
    assert result["candidates"][0]["condition"]["text"] == "East holds the ♠Q"


def test_review_from_pbn(tmp_path, capsys):
    f = tmp_path / "played.pbn"
    f.write_text(PLAYED)
    code, out, err = run(capsys, ["review", "--pbn", str(f), "--prior-tricks", "5", "--json"])
    assert code == 0, err
    result = json.loads(out)
    assert result["game"] == 1 and result["made"] == 3 and result["needed"] == 4
    card = next(c for c in result["cards"] if c["card"] == "SA")
    assert card["trick"] == 2 and card["better"] == "SQ"
    assert card["p_before"] == pytest.approx(9 / 19, abs=1e-6) and card["p_after"] == pytest.approx(1 / 19, abs=1e-6)
    assert card["cost"] == pytest.approx(8 / 19, abs=1e-6)
    assert "finesse" in card["explanation"]
    assert [c["card"] for c in result["costly"]] == ["SA"]
    code, out, _ = run(capsys, ["review", "--pbn", str(f), "--prior-tricks", "5"])
    assert code == 0 and "went down 1" in out and "Trick 2: the ♠Q was better" in out


@pytest.mark.parametrize("argv, content, message", [
    (["hint"], ENDING, "ending with 4 cards per hand; give --prior-tricks"),
    (["hint", "--prior-tricks", "5", "--algorithm", "ucb"], ENDING, "choose alphamu or pimc"),
    (["hint"], "not json at all\n", "line 1: not JSON"),
    (["hint"], '{"trump": "NT"}\n', "missing field 'worlds'"),
    (["hint", "--prior-tricks", "5"], PLAYED, "the play is over"),
    (["review", "--prior-tricks", "5"], ENDING.replace('[Play "W"]\nDQ DA DJ DK\n- S2 S9 -\n*\n', ""),
     "no play record"),
    (["review"], PLAYED, "give the tricks declarer's side had already won"),
    (["review", "--prior-tricks", "5", "--seat", "N"], PLAYED, "is dummy"),
    (["review", "--prior-tricks", "5", "--game", "3"], PLAYED, "the file has 1 game"),
])
def test_bad_input_gives_a_message_not_a_traceback(tmp_path, capsys, argv, content, message):
    f = tmp_path / "input.txt"
    f.write_text(content)
    flag = "--file" if argv[0] == "hint" else "--pbn"
    code, out, err = run(capsys, [argv[0], flag, str(f), *argv[1:]])
    assert code == 2
    assert message in err and "Traceback" not in err
