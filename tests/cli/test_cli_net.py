"""``tenace-cli``'s one net: any failure of any command is one line naming the file, line or field, exit 2.

The cases of issue 23 that gave tracebacks: deeply nested JSON in ``analyse --batch``,
``dd-solve``, ``suit``, ``tree``, ``match --combine`` and ``hint`` (``RecursionError``),
``suit --batch`` with ``"script": 5`` (``TypeError``), ``match bridge --threads 1000``
(``MemoryError``); and failures nobody planned for (a bug's ``TypeError``, an exception
whose text cannot be printed).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.cli.cmd_deal as cmd_deal
from engine.cli.main import main
from tests.fuzz.catalogue import JSON_COMMANDS, PBN_COMMANDS, PLAYED_PBN, hostile_pbn_texts, nested, run_main

COMMANDS = {c.name: c for c in JSON_COMMANDS}


def one_error_line(err: str, command: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"tenace-cli {command}: error: ") and "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("name", [c.name for c in JSON_COMMANDS])
def test_deeply_nested_json_is_one_line_naming_the_file_and_line(tmp_path, capsys, name):
    command = COMMANDS[name]
    path = tmp_path / "input.jsonl"
    path.write_text(json.dumps(command.valid) + "\n" + nested(100_000) + "\n", encoding="utf-8")
    code, out, err = run_main(command.args(str(path)), capsys)
    if command.skips_damaged:  # a saved match: the damaged line is skipped and told, the run goes on
        assert code == 0 and err.count("\n") == 1 and err.startswith("tenace-cli: note: "), err
        assert f"{path}, line 2: " in err and "nested too deeply" in err
        return
    assert code == 2
    text = err if not command.errors_on_stdout else json.loads(out.splitlines()[-1])["error"]
    assert f"{path}, line 2: " in text and "nested too deeply" in text and "Traceback" not in err
    if not command.errors_on_stdout:
        one_error_line(err, " ".join(command.argv[:2]) if command.argv[0] == "match" else command.argv[0])


def test_suit_batch_with_a_number_for_the_script_names_the_field(tmp_path, capsys):
    path = tmp_path / "suit.jsonl"
    path.write_text('{"north": "AQ", "south": "xx", "tricks": 2, "script": 5}\n', encoding="utf-8")
    code, out, err = run_main(["suit", "--batch", str(path)], capsys)
    assert code == 2 and err == ""
    row = json.loads(out)
    assert row["line"] == 1 and "field 'script': must be a list of strings, got the number 5" in row["error"]


def test_match_bridge_with_a_thousand_threads_is_refused_in_one_line(capsys):
    code, out, err = run_main(["match", "bridge", "--deals", "1", "--a", "rules", "--b", "rules",
                               "--threads", "1000"], capsys)
    assert code == 2 and out == ""
    line = one_error_line(err, "match bridge")
    assert "argument --threads: must be an integer 1.." in line and "got 1000" in line


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


@pytest.mark.parametrize("exc, fragment", [
    (TypeError("unsupported operand"), "internal error (TypeError: unsupported operand); please report it"),
    (RecursionError("maximum recursion depth exceeded"), "nested too deeply"),
    (MemoryError(), "not enough memory"),
    (Unprintable(), "internal error (Unprintable); please report it"),
    (KeyError("seat"), "seat"),
    (ValueError("line 1\nline 2"), "line 1 line 2"),
])
def test_any_exception_of_a_command_is_one_line_and_status_2(monkeypatch, capsys, exc, fragment):
    def boom(args):
        raise exc

    monkeypatch.setattr(cmd_deal, "run", boom)
    code, out, err = run_main(["deal"], capsys)
    assert code == 2 and out == ""
    assert fragment in one_error_line(err, "deal")


def test_a_command_interrupted_by_the_user_says_so(monkeypatch, capsys):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd_deal, "run", interrupted)
    code, _, err = run_main(["deal"], capsys)
    assert code == 130 and err == "tenace-cli deal: interrupted\n"


def test_a_bad_option_is_one_line_with_status_2(capsys):
    code, out, err = run_main(["deal", "--count", "many"], capsys)
    assert code == 2 and out == ""
    assert err == ("tenace-cli deal: error: argument --count: must be an integer 0..1000000, got 'many' "
                   "(see tenace-cli deal --help)\n")


@pytest.mark.parametrize("argv", [list(a) for a in PBN_COMMANDS])
@pytest.mark.parametrize("index", range(len(hostile_pbn_texts())))
def test_hostile_pbn_files_give_a_result_or_one_line(tmp_path, capsys, argv, index):
    path = tmp_path / "hostile.pbn"
    path.write_text(hostile_pbn_texts()[index], encoding="utf-8")
    code, out, err = run_main([str(path) if a == "{file}" else a for a in argv], capsys)
    assert code in (0, 2) and "Traceback" not in err
    if code == 2:
        line = one_error_line(err, argv[0])
        assert str(path) in line


def test_errors_in_a_pbn_file_name_the_file_and_game(tmp_path, capsys):
    path = tmp_path / "two.pbn"
    path.write_text(PLAYED_PBN + "\n" + PLAYED_PBN.replace("3NT", "3NTX").replace('[Event "Fuzz"]', ""),
                    encoding="utf-8")
    code, _, err = run_main(["review", "--pbn", str(path), "--json"], capsys)
    assert code == 2 and f"{path}, game 1: " in one_error_line(err, "review")


def test_a_file_that_is_not_utf8_names_its_line(tmp_path, capsys):
    path = tmp_path / "latin.jsonl"
    path.write_bytes(json.dumps(COMMANDS["analyse"].valid).encode() + b"\n{\"worlds\": \"\xe9\"}\n")
    code, _, err = run_main(["analyse", "--batch", str(path)], capsys)
    assert code == 2 and f"{path}, line 2: not UTF-8 text" in one_error_line(err, "analyse")


def test_a_missing_file_is_one_line(tmp_path, capsys):
    code, _, err = run_main(["dd-solve", "--file", str(tmp_path / "nowhere.jsonl")], capsys)
    assert code == 2 and "No such file or directory" in one_error_line(err, "dd-solve")
    assert main(["--help"]) == 0


def test_a_one_line_pbn_file_is_read_as_pbn_not_as_a_file_name(tmp_path, capsys):
    """Found by the campaign: 13,440 '{' on one line made ``hint`` look for a file of that name."""
    path = tmp_path / "brace.pbn"
    path.write_text("{" * 13_440, encoding="utf-8")
    code, _, err = run_main(["hint", "--file", str(path), "--prior-tricks", "5"], capsys)
    line = one_error_line(err, "hint")
    assert code == 2 and "File name too long" not in line
    assert f"{path}, line 1: not JSON" in line  # no tag anywhere: read as JSON lines, the error names the line


@pytest.mark.parametrize("line", ['{!"worlds": []}', "{}", '{ "worlds": [', "{ a PBN-looking comment }"])
def test_a_hint_file_without_any_tag_is_json_and_its_errors_name_the_line(tmp_path, capsys, line):
    """Found by the long fuzz run: a mangled JSON line starting with '{' was read as a PBN comment."""
    path = tmp_path / "positions.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    code, _, err = run_main(["hint", "--file", str(path)], capsys)
    assert code == 2 and f"{path}, line 1: " in one_error_line(err, "hint")


def test_a_pbn_file_opening_with_a_comment_is_still_pbn(tmp_path, capsys):
    path = tmp_path / "commented.pbn"
    path.write_text("{ exported by a dealer }\n" + PLAYED_PBN.replace("% PBN 2.1\n", ""), encoding="utf-8")
    code, _, err = run_main(["hint", "--file", str(path), "--prior-tricks", "5"], capsys)
    assert code == 2 and "the play is over" in one_error_line(err, "hint")


@pytest.mark.parametrize("name, line, fragment", [
    ("match bridge --resume", '{"deal": 0, "a": 5, "b": {"tricks": 9, "made": true}}',
     "line 1: field 'a': expected a JSON object, got the number 5"),
    ("match hearts --resume", '{"deal": 0, "seating": "ABAB", "points": [0, 26, "x", 0], "moon": null}',
     "line 1: field 'points': seat 2: must be an integer -100..100, got 'x'"),
    ("match hearts --resume", '{"deal": 0, "seating": "AAAA", "points": [0, 26, 0, 0], "moon": null}',
     "line 1: field 'seating': must be one of ABAB, BABA"),
])
def test_a_damaged_match_save_names_the_line_and_field(tmp_path, capsys, name, line, fragment):
    """A saved run read back by --resume is an input like any other (a bad row used to surface later as a
    TypeError); a file none of whose lines is a result is not a saved match: refused, naming the first bad line."""
    path = tmp_path / "run.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    command = COMMANDS[name]
    code, _, err = run_main(command.args(str(path)), capsys)
    assert code == 2 and f"{path}, {fragment}" in one_error_line(err, " ".join(command.argv[:2]))


def test_a_match_save_of_other_options_or_deals_is_refused_naming_them(tmp_path, capsys):
    """Resuming never mixes two matches: a header of other options, or (an older save without a header) a
    line saved for another deal, is one error line naming the option or the line."""
    command = COMMANDS["match bridge --resume"]
    path = tmp_path / "run.jsonl"
    code, out, err = run_main(command.args(str(path)), capsys)
    assert code == 0 and json.loads(path.read_text(encoding="utf-8").splitlines()[0])["match"] == "match bridge"
    code, _, err = run_main(command.args(str(path)) + ["--seed", "5"], capsys)
    assert code == 2 and "--seed 0 there, 5 here" in one_error_line(err, "match bridge")
    old = dict(command.valid, pbn=command.valid["pbn"].replace("AQ4.KT654", "AQ5.KT654"))
    path.write_text(json.dumps(old) + "\n", encoding="utf-8")
    code, _, err = run_main(command.args(str(path)), capsys)
    assert code == 2 and f"{path}, line 1: deal 0 was saved for another deal" in one_error_line(err, "match bridge")


def test_a_damaged_line_in_a_match_save_is_told_and_its_deal_played_again(tmp_path, capsys):
    command = COMMANDS["match hearts --resume"]
    fresh = tmp_path / "fresh.jsonl"
    code, expected, _ = run_main(command.args(str(fresh)), capsys)
    header, first, second = fresh.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "run.jsonl"
    content = header + "\n" + first + "\n" + second.replace('"points"', '"pionts"') + "\n"
    path.write_text(content, encoding="utf-8")
    code, out, err = run_main(command.args(str(path)), capsys)
    assert code == 0 and out == expected
    assert err.startswith(f"tenace-cli: note: {path}: 1 damaged line skipped") and f"{path}, line 3: " in err
    assert path.read_text(encoding="utf-8").startswith(content)  # the damaged line is still there
