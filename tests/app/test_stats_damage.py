"""A damaged statistics database is moved aside and started afresh, the user told; SQLite never runs on the GUI thread.

Issue 23: a corrupt database made the Statistics menu fail silently and was never repaired;
a locked database blocked the GUI thread for 5 s.
"""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from app.stats import BUSY_TIMEOUT_S, Game, Statistics, StatsBusyError, StatsService, StatsSummary

EMPTY = StatsSummary(0, 0, 0, 0, 0, 0, 0)


def _damage(path, how: str) -> bytes:
    if how == "garbage":
        path.write_bytes(b"this is no database " * 400)
    elif how == "truncated":
        with Statistics(path) as stats:
            for _ in range(50):
                stats.record_hint(Game.BRIDGE)
        data = path.read_bytes()
        path.write_bytes(data[:100])
    elif how == "header":
        with Statistics(path) as stats:
            stats.record_hint(Game.BRIDGE)
        data = bytearray(path.read_bytes())
        data[:16] = b"SQLite format 2\x00"
        path.write_bytes(bytes(data))
    elif how == "btree":
        with Statistics(path) as stats:
            for _ in range(300):
                stats.record_suit_problem("AQ10 opposite 432 " * 10, solved=True)
        data = bytearray(path.read_bytes())
        for page in range(1, len(data) // 4096):
            data[page * 4096: page * 4096 + 12] = b"\xff" * 12  # every page header after the first
        path.write_bytes(bytes(data))
    return path.read_bytes()


@pytest.mark.parametrize("how", ["garbage", "truncated", "header", "btree"])
def test_a_damaged_database_is_kept_aside_and_a_new_one_started(tmp_path, how):
    path = tmp_path / "statistics.sqlite3"
    original = _damage(path, how)
    with Statistics(path) as stats:
        summary = stats.summary()
        stats.record_hint(Game.HEARTS)
        assert stats.summary().hints_used == summary.hints_used + 1
        kept = stats.repaired
    assert kept is not None and kept.name.startswith("statistics.sqlite3.bad-") and kept.read_bytes() == original
    with Statistics(path) as again:  # healthy from now on
        assert again.repaired is None and again.summary().hints_used >= 1


def test_the_service_tells_the_user_once_and_keeps_recording(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    _damage(path, "garbage")
    notices: list[str] = []
    service = StatsService(path, notice=notices.append)
    service.record(lambda s: s.record_hint(Game.BRIDGE))
    got: list[object] = []
    service.summary(got.append)
    assert service.flush(5)
    assert got == [StatsSummary(0, 0, 1, 0, 0, 0, 0)]
    assert len(notices) == 1 and "was damaged: it was kept as statistics.sqlite3.bad-" in notices[0]
    service.close()


def test_a_locked_database_delays_only_the_statistics_thread(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    with Statistics(path):
        pass
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
    notices: list[str] = []
    service = StatsService(path, notice=notices.append)
    started = time.perf_counter()
    service.record(lambda s: s.record_hint(Game.BRIDGE))
    got: list[object] = []
    service.summary(got.append)
    submitted = time.perf_counter() - started
    assert submitted < 0.05  # the caller (the GUI) never waited
    assert service.flush(10 * BUSY_TIMEOUT_S + 5)
    assert notices and "in use by another program" in notices[0]
    assert isinstance(got[0], StatsBusyError)
    holder.rollback()
    holder.close()
    service.summary(got.append)  # free again: the next call works
    assert service.flush(5) and got[-1] == EMPTY
    service.close()


def test_calls_run_off_the_calling_thread_in_order(tmp_path):
    service = StatsService(tmp_path / "s.sqlite3")
    threads: list[str] = []
    order: list[int] = []
    for i in range(5):
        service.submit(lambda s, i=i: (threads.append(threading.current_thread().name), order.append(i)))
    assert service.flush(5)
    assert order == list(range(5)) and set(threads) == {"tenace-statistics"}
    assert service.close()


def test_a_bad_record_is_reported_and_the_service_goes_on(tmp_path):
    notices: list[str] = []
    service = StatsService(tmp_path / "s.sqlite3", notice=notices.append)
    service.record(lambda s: s.record_suit_problem("  ", solved=True))
    got: list[object] = []
    service.summary(got.append)
    assert service.flush(5)
    assert "Statistics could not be saved: a suit problem record needs" in notices[0] and got == [EMPTY]
    service.close()


def test_an_error_that_is_not_damage_never_moves_the_database(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    with Statistics(path) as stats:
        stats.record_hint(Game.BRIDGE)
        with pytest.raises(sqlite3.OperationalError, match="syntax error"):
            stats._run(lambda db: db.execute("SELEKT 1"))
        assert stats.repaired is None and stats.summary().hints_used == 1
    assert not list(tmp_path.glob("statistics.sqlite3.bad-*"))


def _window(qtbot, tmp_path, stats_file):
    from app.main_window import MainWindow

    w = MainWindow(seed=1, warmup_hooks=(), dd_oracle=None, settings_file=tmp_path / "settings.json",
                   stats_file=stats_file)
    qtbot.addWidget(w)
    return w


def test_the_window_never_calls_sqlite_on_the_gui_thread(qtbot, tmp_path, monkeypatch):
    import app.stats as stats_module

    threads: list[str] = []
    real_connect = sqlite3.connect

    def recording_connect(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return real_connect(*args, **kwargs)

    monkeypatch.setattr(stats_module.sqlite3, "connect", recording_connect)
    w = _window(qtbot, tmp_path, tmp_path / "statistics.sqlite3")
    dialog = w.open_statistics()
    qtbot.waitUntil(lambda: dict(dialog.rows)["Hints used"] == "0", timeout=10_000)
    w.stats.record(lambda s: s.record_hint(Game.BRIDGE))
    assert w.stats.flush()
    assert threads and set(threads) == {"tenace-statistics"}


def test_a_locked_database_never_blocks_the_window(qtbot, tmp_path):
    path = tmp_path / "statistics.sqlite3"
    with Statistics(path):
        pass
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        w = _window(qtbot, tmp_path, path)
        started = time.perf_counter()
        dialog = w.open_statistics()
        assert time.perf_counter() - started < 0.5 and dict(dialog.rows)["Hints used"] == "…"
        qtbot.waitUntil(lambda: "could not be read" in dict(dialog.rows).get("Statistics", ""),
                        timeout=int(4000 * BUSY_TIMEOUT_S))
        assert "in use by another program" in dict(dialog.rows)["Statistics"]
    finally:
        holder.rollback()
        holder.close()


def test_a_damaged_database_is_reported_in_the_window_and_started_afresh(qtbot, tmp_path):
    path = tmp_path / "statistics.sqlite3"
    _damage(path, "garbage")
    w = _window(qtbot, tmp_path, path)
    dialog = w.open_statistics()
    qtbot.waitUntil(lambda: dict(dialog.rows)["Hints used"] == "0", timeout=10_000)
    qtbot.waitUntil(lambda: "statistics database was damaged" in w.statusBar().currentMessage(), timeout=10_000)
    assert "kept as statistics.sqlite3.bad-" in w.statusBar().currentMessage()
    assert list(tmp_path.glob("statistics.sqlite3.bad-*"))



def test_two_connections_upgrading_at_once_do_not_fail(tmp_path):
    """The statistics thread and another connection (a second Tenace, a test) may open a database at the same
    moment: both see a column missing, both add it; the second must not fail ("duplicate column name")."""
    import app.stats as stats_module

    db = sqlite3.connect(tmp_path / "statistics.sqlite3")
    db.executescript(stats_module._SCHEMA)  # a database of the older layout
    stale = {table: db.execute(f"PRAGMA table_info({table})").fetchall() for table in stats_module._ADDED_COLUMNS}
    stats_module._upgrade(db)  # the other connection adds the columns first

    class SawTheOldLayout:  # this connection read the table layout before they were added
        def execute(self, sql, *args):
            if sql.startswith("PRAGMA table_info("):
                return iter(stale[sql[len("PRAGMA table_info("):-1]])
            return db.execute(sql, *args)

    stats_module._upgrade(SawTheOldLayout())
    db.close()
