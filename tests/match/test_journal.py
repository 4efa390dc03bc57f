"""A match's saved run (``--save``/``--resume``) read back as any other input: damaged, torn, foreign or
odd files end in a result or one clear message, never a traceback, a mixed run or a lost line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.cli.inputs import InputError, Record
from engine.core.bounds import Bounds
from engine.match.journal import Journal

SETTINGS = {"seed": 7, "a": "rules", "b": "pimc"}
PARTS = ("ABAB", "BABA")


def read_row(obj, where):
    record = Record(obj, where, what="a test result")
    return {"deal": record.number("deal", Bounds.integers(0, 99)), "part": record.text("part"),
            "points": record.number("points", Bounds.integers(0, 26))}


def journal(path: Path, *, settings=SETTINGS, deals=range(0, 4), resume=True) -> Journal:
    return Journal(str(path), resume=resume, match="match test", settings=settings, deals=deals,
                   read_row=read_row, parts=PARTS, part_of=lambda row: row["part"])


def rows(deal: int, points: int = 1) -> list[dict]:
    return [{"deal": deal, "part": part, "points": points} for part in PARTS]


def line(obj) -> str:
    return json.dumps(obj, separators=(", ", ": ")) + "\n"


def saved_run(path: Path, deals=(0, 1)) -> str:
    """A file written by a run: the header, then every deal's lines."""
    first = journal(path, resume=False)
    for deal in deals:
        first.append(rows(deal))
    return path.read_text(encoding="utf-8")


def test_a_run_writes_its_header_once_and_reads_its_deals_back(tmp_path):
    path = tmp_path / "run.jsonl"
    text = saved_run(path)
    header = json.loads(text.splitlines()[0])
    assert header == {"match": "match test", "settings": SETTINGS}
    assert text.count('"match"') == 1
    again = journal(path)
    assert again.done == {0: rows(0), 1: rows(1)} and again.notes == []
    assert again.where == {0: f"{path}, line 3", 1: f"{path}, line 5"}


def test_an_existing_file_is_never_mixed_with_a_new_run(tmp_path):
    path = tmp_path / "run.jsonl"
    saved_run(path)
    with pytest.raises(ValueError, match="already holds results: add --resume"):
        journal(path, resume=False)


def test_a_deal_missing_a_line_is_played_again_and_the_last_line_of_a_part_wins(tmp_path):
    path = tmp_path / "run.jsonl"
    text = saved_run(path, deals=(0,))
    path.write_text(text + line(rows(1)[0]) + line(rows(0, 5)[1]), encoding="utf-8")
    again = journal(path)
    assert again.done == {0: [rows(0)[0], rows(0, 5)[1]]}


@pytest.mark.parametrize("damage", [
    b"not json at all", b'{"deal": 1, "part": "ABAB", "points": 99}', b'{"deal": "1"}', b"\xff\xfe bytes",
    b"[" * 100_000, b'{"deal": 1, "part": "ABAB", "points": NaN}', b"null", b'{"match": 5}',
])
def test_a_damaged_line_is_skipped_named_and_kept(tmp_path, damage):
    path = tmp_path / "run.jsonl"
    text = saved_run(path, deals=(0,)).encode()
    content = text + damage + b"\n" + line(rows(1)[0]).encode() + line(rows(1)[1]).encode()
    path.write_bytes(content)
    again = journal(path)
    assert sorted(again.done) == [0, 1]
    assert len(again.notes) == 1 and f"{path}, line 4: " in again.notes[0] and "1 damaged line skipped" in \
        again.notes[0] and "\n" not in again.notes[0]
    again.append(rows(2))
    assert path.read_bytes().startswith(content)  # nothing the user had is lost


def test_a_line_longer_than_the_limit_is_skipped_without_holding_it(tmp_path, monkeypatch):
    import engine.match.journal as journal_module
    monkeypatch.setattr(journal_module, "MAX_LINE_CHARS", 1000)
    path = tmp_path / "run.jsonl"
    text = saved_run(path, deals=(0,))
    path.write_text(text + "x" * 5000 + "\n" + "".join(line(r) for r in rows(1)), encoding="utf-8")
    again = journal(path)
    assert sorted(again.done) == [0, 1] and "line 4: longer than" in again.notes[0]


def test_the_torn_last_line_is_cut_off_and_the_run_goes_on(tmp_path):
    path = tmp_path / "run.jsonl"
    text = saved_run(path, deals=(0,))
    torn = line(rows(1)[0])[:17]
    path.write_text(text + torn, encoding="utf-8")
    again = journal(path)
    assert again.done == {0: rows(0)} and again.notes == []
    assert path.read_text(encoding="utf-8") == text
    again.append(rows(1))
    assert journal(path).done == {0: rows(0), 1: rows(1)}


def test_a_whole_last_line_without_its_newline_stays_and_the_next_line_starts_on_its_own(tmp_path):
    path = tmp_path / "run.jsonl"
    text = saved_run(path, deals=(0,))
    wrong = '{"deal": 1, "part": "ABAB", "points": 99}'  # whole JSON, out of range: the user's line, kept
    path.write_text(text + wrong, encoding="utf-8")
    again = journal(path)
    assert "line 4: " in again.notes[0]
    again.append(rows(1))
    assert path.read_text(encoding="utf-8") == text + wrong + "\n" + "".join(line(r) for r in rows(1))
    assert sorted(journal(path).done) == [0, 1]


def test_a_run_interrupted_while_writing_its_header_resumes(tmp_path):
    path = tmp_path / "run.jsonl"
    header = line({"match": "match test", "settings": SETTINGS})
    path.write_text(header[:20], encoding="utf-8")
    again = journal(path)
    assert again.done == {} and path.read_bytes() == b""


@pytest.mark.parametrize("content", [b"just some notes", b"my notes\nmore notes\n", b"\x00\x01\x02" * 50,
                                     b'{"some": "json"}\n', b'[1, 2, 3]'])
def test_a_file_that_is_not_a_saved_match_is_refused_and_left_alone(tmp_path, content):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(InputError, match=r"is not a saved match: no line in it is a saved result \(.*line 1"):
        journal(path)
    assert path.read_bytes() == content


def test_a_run_of_other_settings_is_refused_naming_them(tmp_path):
    path = tmp_path / "run.jsonl"
    text = saved_run(path)
    with pytest.raises(InputError, match=r"line 1: this file holds a run of another match test \(--seed 7 there, "
                                         r"8 here; --b 'pimc' there, 'alphamu' here\)"):
        journal(path, settings={**SETTINGS, "seed": 8, "b": "alphamu"})
    assert path.read_text(encoding="utf-8") == text


def test_a_run_of_another_match_is_refused(tmp_path):
    path = tmp_path / "run.jsonl"
    text = saved_run(path)
    with pytest.raises(InputError, match="line 1: this file holds a run of 'match test', not of match other"):
        Journal(str(path), resume=True, match="match other", settings=SETTINGS, deals=range(4), read_row=read_row)
    assert path.read_text(encoding="utf-8") == text


def test_deals_this_run_does_not_play_are_told_and_left_out(tmp_path):
    path = tmp_path / "run.jsonl"
    saved_run(path, deals=(0, 1, 5))
    again = journal(path, deals=range(0, 2))
    assert sorted(again.done) == [0, 1]
    assert "2 saved lines are for deals this run does not play (deals 0..1)" in again.notes[0]


def test_a_save_without_a_header_gets_one_when_appended_to(tmp_path):
    path = tmp_path / "old.jsonl"
    old = "".join(line(r) for r in rows(0))
    path.write_text(old, encoding="utf-8")
    again = journal(path)
    assert again.done == {0: rows(0)}
    again.append(rows(1))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[2])["match"] == "match test" and journal(path).done == {0: rows(0), 1: rows(1)}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_path_that_is_not_a_regular_file_is_refused(tmp_path):
    with pytest.raises(ValueError, match="is not a regular file"):
        journal(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="is not a regular file"):  # reading it would block the run
        journal(fifo)
