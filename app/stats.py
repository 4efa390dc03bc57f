"""Training statistics in SQLite in the user data dir (appdirs), kept off the GUI thread.

One table per kind of event; :meth:`Statistics.summary` folds them into the totals the
app shows.  Each ``record_*`` commits at once, so a crash loses at most the event in
progress (SQLite's journal makes each commit atomic).

A damaged database never costs the user the app: when SQLite says the file is not a
database or is malformed (on opening, on the integrity check, or on any later call), the
file is moved aside as ``statistics.sqlite3.bad-<date>-<time>`` (its journal with it), a
new database is started and :attr:`Statistics.repaired` says where the old one went, so
the window can tell the user.  A database locked by another program raises
:class:`StatsBusyError` after :data:`BUSY_TIMEOUT_S`.

The GUI never calls SQLite itself: :class:`StatsService` runs every call on its own
thread (records are fire-and-forget, a summary comes back through a callback), so a
slow disk or a locked database can only delay the statistics, never the window.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Callable

import appdirs

from engine.bridge.contract import Contract
from engine.core.seats import Seat

from .saves import keep_aside

__all__ = [
    "Game", "BridgeHandRecord", "HeartsGameRecord", "StatsSummary", "Statistics", "StatsBusyError", "StatsService",
    "stats_path", "BUSY_TIMEOUT_S",
]

STATS_FILE = "statistics.sqlite3"
BUSY_TIMEOUT_S = 2.0
"""How long a call waits for a database another program has locked (on the statistics thread)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS bridge_hands (
    id INTEGER PRIMARY KEY, played_at REAL NOT NULL, contract TEXT NOT NULL, declarer TEXT NOT NULL,
    user_seat TEXT NOT NULL, declarer_tricks INTEGER NOT NULL, made INTEGER NOT NULL, score INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS hints (id INTEGER PRIMARY KEY, used_at REAL NOT NULL, game TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS suit_problems (
    id INTEGER PRIMARY KEY, tried_at REAL NOT NULL, problem TEXT NOT NULL, solved INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS hearts_games (
    id INTEGER PRIMARY KEY, finished_at REAL NOT NULL, user_points INTEGER NOT NULL,
    best_other_points INTEGER NOT NULL, hands INTEGER NOT NULL
);
"""


class Game(Enum):
    BRIDGE = "bridge"
    HEARTS = "hearts"
    SUIT_PRACTICE = "suit"


@dataclass(frozen=True, slots=True)
class BridgeHandRecord:
    contract: Contract
    declarer: Seat
    user_seat: Seat
    declarer_tricks: int
    score: int  # from the user's side

    def __post_init__(self) -> None:
        if not 0 <= self.declarer_tricks <= 13:
            raise ValueError(f"declarer_tricks {self.declarer_tricks} is out of range 0..13")

    @property
    def made(self) -> bool:
        return self.declarer_tricks >= self.contract.tricks_needed


@dataclass(frozen=True, slots=True)
class HeartsGameRecord:
    """A finished Hearts game: fewest points wins (a tie for first counts as a win)."""

    user_points: int
    best_other_points: int
    hands: int

    @property
    def won(self) -> bool:
        return self.user_points <= self.best_other_points


@dataclass(frozen=True, slots=True)
class StatsSummary:
    hands_played: int
    contracts_made: int
    hints_used: int
    suit_problems_tried: int
    suit_problems_solved: int
    hearts_games: int
    hearts_wins: int


def stats_path() -> Path:
    return Path(appdirs.user_data_dir("tenace", "Tenace")) / STATS_FILE


class StatsBusyError(RuntimeError):
    """The database stayed locked by another program for :data:`BUSY_TIMEOUT_S`."""


_DAMAGE_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB (primary result codes)


def _is_damage(exc: sqlite3.Error) -> bool:
    """SQLite's errors for a file that is not (or no longer) a sound database, as opposed to a busy one
    or a programming error (which must never cost the user a healthy database)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in _DAMAGE_CODES
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


class Statistics:
    """The statistics database; use as a context manager or call :meth:`close`.

    Opening checks the file (``PRAGMA quick_check``) and starts a new database when it is
    damaged; :attr:`repaired` is then where the damaged file was kept.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or stats_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.repaired: Path | None = None
        self._db: sqlite3.Connection | None = None
        try:
            self._open()
        except sqlite3.Error as exc:
            if not _is_damage(exc):
                raise self._busy(exc) from None
            self._start_afresh()

    def _open(self) -> None:
        self._db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
        check = self._db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"database disk image is malformed ({check and check[0]})")
        with self._db:
            self._db.executescript(_SCHEMA)

    def _start_afresh(self) -> None:
        """Move the damaged file (and its journal) aside and open a new, empty database."""
        if self._db is not None:
            self._db.close()
            self._db = None
        kept = keep_aside(self.path)
        for suffix in ("-journal", "-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                if kept is not None:
                    keep_aside(side)
                else:
                    side.unlink(missing_ok=True)
        if kept is None:  # cannot be moved (permissions?): start over in place
            self.path.unlink(missing_ok=True)
        self.repaired = kept if kept is not None else self.path
        self._open()

    def _busy(self, exc: sqlite3.Error) -> Exception:
        if "locked" in str(exc).lower() or "busy" in str(exc).lower():
            return StatsBusyError(f"the statistics database is in use by another program ({exc})")
        return exc

    def _run(self, call: Callable[[sqlite3.Connection], object]) -> object:
        """Run ``call`` on the database; on damage start afresh and run it once more there."""
        assert self._db is not None
        try:
            return call(self._db)
        except sqlite3.Error as exc:
            if not _is_damage(exc):
                raise self._busy(exc) from None
        self._start_afresh()
        assert self._db is not None
        return call(self._db)

    def __enter__(self) -> "Statistics":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _insert(self, sql: str, values: tuple[object, ...]) -> None:
        def call(db: sqlite3.Connection) -> None:
            with db:
                db.execute(sql, values)

        self._run(call)

    def record_bridge_hand(self, hand: BridgeHandRecord) -> None:
        self._insert(
            "INSERT INTO bridge_hands (played_at, contract, declarer, user_seat, declarer_tricks, made, score)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (time.time(), str(hand.contract), hand.declarer.letter, hand.user_seat.letter,
             hand.declarer_tricks, int(hand.made), hand.score),
        )

    def record_hint(self, game: Game) -> None:
        self._insert("INSERT INTO hints (used_at, game) VALUES (?, ?)", (time.time(), game.value))

    def record_suit_problem(self, problem: str, solved: bool) -> None:
        if not problem.strip():
            raise ValueError("a suit problem record needs the problem's name or holding")
        self._insert("INSERT INTO suit_problems (tried_at, problem, solved) VALUES (?, ?, ?)",
                     (time.time(), problem, int(solved)))

    def record_hearts_game(self, game: HeartsGameRecord) -> None:
        self._insert(
            "INSERT INTO hearts_games (finished_at, user_points, best_other_points, hands) VALUES (?, ?, ?, ?)",
            (time.time(), game.user_points, game.best_other_points, game.hands),
        )

    def summary(self) -> StatsSummary:
        def call(db: sqlite3.Connection) -> StatsSummary:
            def one(sql: str) -> int:
                return int(db.execute(sql).fetchone()[0] or 0)

            return StatsSummary(
                hands_played=one("SELECT COUNT(*) FROM bridge_hands"),
                contracts_made=one("SELECT SUM(made) FROM bridge_hands"),
                hints_used=one("SELECT COUNT(*) FROM hints"),
                suit_problems_tried=one("SELECT COUNT(*) FROM suit_problems"),
                suit_problems_solved=one("SELECT SUM(solved) FROM suit_problems"),
                hearts_games=one("SELECT COUNT(*) FROM hearts_games"),
                hearts_wins=one("SELECT COUNT(*) FROM hearts_games WHERE user_points <= best_other_points"),
            )

        return self._run(call)  # type: ignore[return-value]


StatsCall = Callable[[Statistics], object]
Notice = Callable[[str], None]


def _repair_notice(path: Path, kept: Path) -> str:
    if kept == path:
        return "The statistics database was damaged and could not be kept; new statistics were started"
    return f"The statistics database was damaged: it was kept as {kept.name} and new statistics were started"


class StatsService:
    """Runs statistics calls on one background thread, in order, so the GUI thread never waits for SQLite.

    ``notice(text)`` is told (on the service thread) when the database had to be started
    afresh or a call failed; the GUI forwards it to its own thread to show it.
    """

    def __init__(self, path: Path | None = None, notice: Notice | None = None) -> None:
        self.path = path or stats_path()
        self._notice = notice
        self._calls: queue.SimpleQueue[tuple[StatsCall, Callable[[object], None] | None] | None] = queue.SimpleQueue()
        self._idle = threading.Event()
        self._idle.set()
        self._pending = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, name="tenace-statistics", daemon=True)
        self._thread.start()

    def submit(self, call: StatsCall, done: Callable[[object], None] | None = None) -> None:
        """Run ``call(statistics)`` on the service thread; ``done(result)`` is called there afterwards."""
        with self._lock:
            self._pending += 1
            self._idle.clear()
        self._calls.put((call, done))

    def record(self, call: StatsCall) -> None:
        """Fire and forget: ``service.record(lambda s: s.record_hint(Game.BRIDGE))``."""
        self.submit(call)

    def summary(self, done: Callable[[StatsSummary | Exception], None]) -> None:
        """``done`` gets the summary (or the exception that prevented it), on the service thread."""
        self.submit(lambda s: s.summary(), done)  # type: ignore[arg-type]

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every call submitted so far has run; True unless ``timeout`` ran out."""
        return self._idle.wait(timeout)

    def close(self, timeout: float = 2.0) -> bool:
        """Let the queued calls finish (at most ``timeout``), then stop the thread."""
        self._calls.put(None)
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _tell(self, text: str) -> None:
        if self._notice is not None:
            try:
                self._notice(text)
            except Exception:  # noqa: BLE001 - a notice that cannot be shown must not stop the service
                pass

    def _serve(self) -> None:
        stats: Statistics | None = None
        while True:
            item = self._calls.get()
            if item is None:
                break
            call, done = item
            result: object
            try:
                if stats is None:
                    stats = Statistics(self.path)
                    if stats.repaired is not None:
                        self._tell(_repair_notice(self.path, stats.repaired))
                before = stats.repaired
                try:
                    result = call(stats)
                finally:
                    if stats.repaired is not None and stats.repaired != before:
                        self._tell(_repair_notice(self.path, stats.repaired))
            except Exception as exc:  # noqa: BLE001 - statistics must never stop the app
                result = exc
                if done is None:
                    self._tell(f"Statistics could not be saved: {exc}")
                if stats is not None and not isinstance(exc, ValueError):
                    stats.close()  # reopened (and checked) by the next call
                    stats = None
            if done is not None:
                try:
                    done(result)
                except Exception:  # noqa: BLE001 - a caller's callback must not stop the service
                    pass
            with self._lock:
                self._pending -= 1
                if self._pending == 0:
                    self._idle.set()
        if stats is not None:
            stats.close()
