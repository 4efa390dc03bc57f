"""Issue 23 for the bidding inputs of issue 27: ``bid`` / ``bench bidding`` options, card files, table files.

Every failure is one line naming the file, the line or the option (exit 2), never a traceback;
every numeric option has stated bounds; nothing a user gives can make the reading run away.
"""

from __future__ import annotations

import json
import time

import pytest

from engine.bidding import parse_system
from engine.bidding.system import MAX_EXPANDED_CHARS, SystemCardError
from engine.cli.inputs import MAX_INPUT_BYTES
from engine.cli.main import main
from engine.core.deal import random_deals


def _one_board(tmp_path):
    deal = next(iter(random_deals(3, 1)))
    path = tmp_path / "board.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{deal.to_pbn()}"]\n', encoding="utf-8")
    return path, deal


def _refused(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert fragment in err and "\n" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("option,value,fragment", [
    ("--deals", "0", "argument --deals: must be an integer 1..1000000, got 0"),
    ("--deals", "nan", "argument --deals: must be an integer"),
    ("--seed", "-1", "argument --seed: must be an integer 0.."),
    ("--seed", "9" * 5000, "argument --seed: must be an integer 0.."),
])
def test_bench_bidding_numbers_are_bounded_in_one_line(capsys, option, value, fragment):
    _refused(capsys, ["bench", "bidding", option, value], fragment)


def test_bench_bidding_help_states_the_bounds(capsys):
    assert main(["bench", "bidding", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(1..1000000; default 100)" in text and "random seed (0.." in text


@pytest.mark.parametrize("line,fragment", [
    ('{"deal": "N:A... K... Q... J...", "tricks": [[1, 2]]}', "line 1: field 'tricks' must be 5 rows"),
    ('{"deal": "x", "tricks": [[99, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]}',
     "line 1: field 'tricks': a trick count must be an integer 0..13, got 99"),
    ('{"deal": 5, "tricks": []}', "line 1: field 'deal': must be a string"),
    ('{"deal": "x", "tricks": [], "extra": 1}', "line 1: unknown field 'extra'"),
    ("[" * 100_000, "line 1: the JSON is nested too deeply"),
    ("not json", "line 1: not JSON"),
])
def test_a_bad_saved_table_is_refused_naming_the_line_and_field(tmp_path, capsys, line, fragment):
    tables = tmp_path / "tables.jsonl"
    tables.write_text(line + "\n", encoding="utf-8")
    before = tables.read_bytes()
    _refused(capsys, ["bench", "bidding", "--deals", "1", "--solver", "tenace", "--tables", str(tables)],
             f"{tables}, {fragment}")
    assert tables.read_bytes() == before  # the user's file is left as it was


def test_saved_tables_are_read_back(tmp_path, capsys):
    """A good table line is used as saved (its figures, not a solve): a table of all-13 makes par a grand slam."""
    deal = next(iter(random_deals(1, 1)))
    tables = tmp_path / "tables.jsonl"
    tables.write_text(json.dumps({"deal": deal.to_pbn(), "tricks": [[13] * 4] * 5}) + "\n", encoding="utf-8")
    assert main(["bench", "bidding", "--deals", "1", "--seed", "1", "--solver", "tenace", "--tables", str(tables),
                 "--json", "--boards"]) == 0
    board = json.loads(capsys.readouterr().out.splitlines()[0])
    assert board["par"] >= 1440  # 7NT (or a grand slam) made by somebody: only the saved table says so
    assert tables.read_text(encoding="utf-8").count("\n") == 1  # nothing solved, nothing appended


def test_a_card_file_is_read_size_capped_and_a_bad_one_named(tmp_path, capsys):
    board, _ = _one_board(tmp_path)
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(MAX_INPUT_BYTES + 10)
    _refused(capsys, ["bid", "--file", str(board), "--system", str(big)], f"{big}: more than 8 MB")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"? | 9Z | | |\n")
    _refused(capsys, ["bid", "--file", str(board), "--system", str(bad)], "bad.txt:1:")
    _refused(capsys, ["bench", "bidding", "--system", str(bad)], "bad.txt:1:")
    _refused(capsys, ["bid", "--file", str(board), "--system", str(tmp_path / "none.txt")], "none.txt")


def test_defines_that_double_each_other_are_refused_at_once():
    """Each define twice the one before: 40 lines would grow to 2^40 copies (hours, terabytes) before."""
    lines = ["define x0 = hcp 12-21"] + [f"define x{i} = @x{i - 1}; @x{i - 1}" for i in range(1, 40)]
    started = time.process_time()
    with pytest.raises(SystemCardError) as err:
        parse_system("\n".join(lines) + "\n? | 1C | @x39 | |\n", "doubling", "doubling.txt")
    assert time.process_time() - started < 2.0
    assert f"longer than {MAX_EXPANDED_CHARS} characters" in str(err.value) and "doubling.txt:" in str(err.value)


def test_a_long_define_used_once_is_still_read():
    system = parse_system("define wide = " + "; ".join(["hcp 0-40"] * 100) + "\n? | P | @wide | |\n")
    assert len(system) == 1
