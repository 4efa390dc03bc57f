"""Whatever ``settings.json`` holds, Tenace starts: defaults with a message, the bad file kept beside (dated).

Issue 23: deeply nested JSON or a 5,000-digit integer in ``settings.json`` made ``tenace``
exit with a traceback.  Interrupted atomic saves left their temporary files behind.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from app.saves import SaveJournal, atomic_write_text, clean_interrupted_saves, keep_aside
from app.settings import DeckColours, Settings, SettingsLoad, load_settings, save_settings, settings_path

HOSTILE = {
    "deeply nested lists": "[" * 100_000 + "]" * 100_000,
    "deeply nested objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
    # under the 64 KB cap, so the JSON parser itself meets the depth (the two above stop at the cap)
    "nested lists under the size cap": "[" * 20_000 + "]" * 20_000,
    "nested objects under the size cap": '{"a":' * 6_000 + "1" + "}" * 6_000,
    "a 5,000-digit integer": '{"animation_ms": ' + "9" * 5000 + "}",
    "a 5,000-digit integer alone": "9" * 5000,
    "NaN": '{"animation_ms": NaN}',
    "Infinity": '{"animation_ms": Infinity}',
    "binary junk": "\x00\xff\xfe garbage",
    "not UTF-8": b"{\"deck_colours\": \"\xe9\"}",
    "a huge file": '{"x": "' + "y" * 200_000 + '"}',
    "a list": "[1, 2, 3]",
    "null": "null",
    "empty": "",
    "a huge key": json.dumps({"k" * 10_000: 1}),
    "a nested value": json.dumps({"animation_ms": [[[[[]]]]], "deck_colours": {"a": [1]}}),
    "a huge integer value": json.dumps({"animation_ms": 10**4000}),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_any_content_falls_back_to_defaults_with_a_message_and_is_kept(name):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    content = HOSTILE[name]
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    original = path.read_bytes()
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.problems and str(path) in loaded.problems[0]
    assert "using the default" in loaded.problems[0] or "ignored" in loaded.problems[0]
    assert all(len(p) < 400 for p in loaded.problems)
    assert loaded.kept is not None and loaded.kept.parent == path.parent
    assert loaded.kept.name.startswith("settings.json.bad-") and loaded.kept.read_bytes() == original
    assert load_settings() == SettingsLoad(Settings(), ())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_place_of_the_settings_never_blocks_the_start(tmp_path):
    """Opening a FIFO waits for a writer: the start would hang for ever."""
    path = tmp_path / "fifo" / "settings.json"
    path.parent.mkdir()
    os.mkfifo(path)
    answer: list[SettingsLoad] = []
    thread = threading.Thread(target=lambda: answer.append(load_settings(path)), daemon=True)
    thread.start()
    thread.join(10)
    if thread.is_alive():  # the old reader: let it go, then fail
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("loading the settings blocked on a FIFO")
    loaded = answer[0]
    assert loaded.settings == Settings() and "is not a regular file" in loaded.problems[0]
    assert loaded.kept is not None and loaded.kept.is_fifo() and load_settings(path).problems == ()


def test_the_window_starts_with_a_damaged_settings_file(qtbot):
    from app.main_window import MainWindow

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[" * 100_000, encoding="utf-8")
    w = MainWindow(seed=1, warmup_hooks=(), dd_oracle=None)
    qtbot.addWidget(w)
    assert w.settings == Settings() and "using the defaults" in w.statusBar().currentMessage()
    assert "kept as settings.json.bad-" in w.statusBar().currentMessage()


def test_a_good_field_survives_beside_a_bad_one():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"deck_colours": "four-colour", "animation_ms": 10**4000}), encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings(deck_colours=DeckColours.FOUR_COLOUR)
    assert load_settings().settings == loaded.settings  # written back repaired


def test_kept_files_get_distinct_names(tmp_path):
    now = time.mktime((2025, 3, 1, 12, 0, 0, 0, 0, -1))
    names = []
    for _ in range(3):
        bad = tmp_path / "settings.json"
        bad.write_text("x")
        names.append(keep_aside(bad, now).name)
    assert names == ["settings.json.bad-20250301-120000", "settings.json.bad-20250301-120000-1",
                     "settings.json.bad-20250301-120000-2"]


def _old(path: Path, seconds: float = 3600) -> Path:
    """A file last written ``seconds`` ago."""
    if not path.exists():
        path.write_text("half")
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))
    return path


def test_temporary_files_of_interrupted_saves_are_cleaned_at_start(tmp_path):
    config = tmp_path / "tenace-config"
    config.mkdir()
    save_settings(Settings(), config / "settings.json")
    leftovers = [_old(config / ".settings.json.ab12cd34.tmp"), _old(config / ".settings-x1y2z3w4.tmp")]
    fresh = _old(config / ".settings.json.zz99zz99.tmp", seconds=1)  # another Tenace saving right now
    unrelated = [_old(config / ".settings.json.tmp"), _old(config / "notes.tmp"), _old(config / ".settings.json.ab.tmp")]
    # a PBN save interrupted elsewhere, noted in the journal
    games = tmp_path / "games"
    games.mkdir()
    target = games / "deal.pbn"
    journal = SaveJournal(config)
    interrupted = journal.saving(target)
    interrupted.__enter__()  # the save starts... and the app is killed before it ends
    atomic_write_text(target, "[Event \"x\"]\n")
    half = _old(games / ".deal.pbn.q1w2e3r4.tmp")
    assert journal.targets() == [target.absolute()]  # only the interrupted save is noted
    removed = clean_interrupted_saves(config, ("settings.json",), legacy_prefixes=(".settings-",))
    assert sorted(removed) == sorted(leftovers + [half])
    assert fresh.exists() and all(p.exists() for p in unrelated) and target.exists()
    assert journal.targets() == [] and not (config / "saves-in-progress.json").exists()


def test_a_finished_save_leaves_nothing_in_the_journal(tmp_path):
    folder = tmp_path / "journal"
    folder.mkdir()
    journal = SaveJournal(folder)
    with journal.saving(folder / "a.pbn"):
        assert journal.targets() == [(folder / "a.pbn").absolute()]
    assert journal.targets() == [] and os.listdir(folder) == []


def test_the_window_cleans_leftovers_at_start_and_notes_its_own_saves(qtbot, tmp_path):
    from app.main_window import MainWindow

    config = tmp_path / "cfg"
    config.mkdir()
    leftover = _old(config / ".settings.json.ab12cd34.tmp")
    games = tmp_path / "games"
    games.mkdir()
    half = _old(games / ".deal.pbn.q1w2e3r4.tmp")
    interrupted = SaveJournal(config).saving(games / "deal.pbn")
    interrupted.__enter__()  # a save the last run never finished
    w = MainWindow(seed=1, warmup_hooks=(), dd_oracle=None, settings_file=config / "settings.json",
                   stats_file=tmp_path / "s.sqlite3", bid_boards=False)
    qtbot.addWidget(w)
    assert sorted(w.cleaned_up) == sorted([leftover, half]) and not leftover.exists() and not half.exists()
    assert "Removed 2 temporary file(s) left by an interrupted save" in w.statusBar().currentMessage()
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    assert w.write_pbn(games / "saved.pbn") and (games / "saved.pbn").exists()
    assert SaveJournal(config).targets() == [] and not list(games.glob(".*.tmp"))


def test_a_kernel_cache_repair_is_told_in_the_status_bar(qtbot, tmp_path, monkeypatch):
    import engine.jit as jit
    from app.main_window import MainWindow

    w = MainWindow(seed=1, warmup_hooks=(), dd_oracle=None, settings_file=tmp_path / "settings.json",
                   stats_file=tmp_path / "s.sqlite3", bid_boards=False)
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None and not w.bridge.is_thinking, timeout=10_000)
    monkeypatch.setattr(jit, "_repairs", [jit.CacheRepair("/cache/dd_x", "solve", "UnpicklingError: bad")])
    w.worker.submit(lambda cancel: None)
    qtbot.waitUntil(lambda: "The compiled-kernel cache was damaged (solve: UnpicklingError: bad)"
                    in w.statusBar().currentMessage(), timeout=10_000)
