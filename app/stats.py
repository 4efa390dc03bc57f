"""Training statistics in SQLite in the user data dir (appdirs), kept off the GUI thread.

One table per kind of event; :meth:`Statistics.summary` folds them into the totals the
app shows, per game and per role: bridge hands as declarer (contracts made) apart from
hands in defence (contracts beaten), Hearts games and hands (moons included), suit
problems made apart from those played with the best line.  :meth:`Statistics.trend`
groups the same events by day for the trend chart, and :meth:`Statistics.history` lists
every hand with what is needed to play it again (:meth:`Statistics.replay`).  Each
``record_*`` commits at once, so a crash loses at most the event in progress (SQLite's
journal makes each commit atomic).

Databases written before the history existed are upgraded in place: the new columns are
added (``ALTER TABLE ... ADD COLUMN``, old rows keep ``NULL`` there and count by what they
recorded) and the new table is created; nothing is ever dropped.

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

import json
import queue
import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Callable

import appdirs

from engine.bridge.contract import Contract, Vulnerability
from engine.core.cards import Card, card_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat

from .saves import keep_aside

__all__ = [
    "Game", "BridgeHandRecord", "HeartsGameRecord", "HeartsHandRecord", "SuitRecord", "StatsSummary", "Statistics",
    "stats_path", "TrendKind", "TrendPoint", "HistoryEntry", "BridgeReplay", "SuitReplay", "HeartsReplay",
    "StatsBusyError", "StatsService", "BUSY_TIMEOUT_S",
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
CREATE TABLE IF NOT EXISTS hearts_hands (
    id INTEGER PRIMARY KEY, played_at REAL NOT NULL, hand_number INTEGER NOT NULL, user_seat TEXT NOT NULL,
    user_points INTEGER NOT NULL, points TEXT NOT NULL, moon TEXT, deal TEXT NOT NULL, rules TEXT NOT NULL
);
"""

_ADDED_COLUMNS = {  # columns added after the first release: (table, column, type); old rows hold NULL
    "bridge_hands": (("deal", "TEXT"), ("board", "INTEGER"), ("vulnerability", "TEXT"), ("cards", "TEXT"),
                     ("claimed", "INTEGER"), ("dd_tricks", "INTEGER"), ("role", "TEXT")),
    "suit_problems": (("made", "INTEGER"), ("best_line", "INTEGER"), ("replay", "TEXT")),
}


def _upgrade(db: sqlite3.Connection) -> None:
    """Add the columns a database written by an older Tenace lacks (never drops or rewrites anything)."""
    for table, columns in _ADDED_COLUMNS.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        for name, kind in columns:
            if name not in have:
                try:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
                except sqlite3.OperationalError as exc:  # another connection (thread, Tenace) added it meanwhile
                    if "duplicate column" not in str(exc).lower():
                        raise


class Game(Enum):
    BRIDGE = "bridge"
    HEARTS = "hearts"
    SUIT_PRACTICE = "suit"


@dataclass(frozen=True, slots=True)
class BridgeHandRecord:
    """A finished bridge hand: the result, and (for the history) the deal and its play to replay it."""

    contract: Contract
    declarer: Seat
    user_seat: Seat
    declarer_tricks: int
    score: int  # from the user's side
    deal: Deal | None = None
    board: int = 0
    vulnerability: Vulnerability = Vulnerability.NONE
    cards: tuple[Card, ...] = ()
    claimed: int | None = None
    dd_tricks: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.declarer_tricks <= 13:
            raise ValueError(f"declarer_tricks {self.declarer_tricks} is out of range 0..13")

    @property
    def made(self) -> bool:
        return self.declarer_tricks >= self.contract.tricks_needed

    @property
    def user_declaring(self) -> bool:
        return self.user_seat.same_side(self.declarer)


@dataclass(frozen=True, slots=True)
class HeartsHandRecord:
    """A finished Hearts hand: every seat's points as scored (moon applied), who shot the moon, the deal
    as dealt (before the pass) and the hand's number in its game (which sets the pass direction)."""

    hand_number: int
    user_seat: Seat
    points: tuple[int, int, int, int]
    moon: Seat | None
    deal: Deal
    rules: dict[str, object]


@dataclass(frozen=True, slots=True)
class SuitRecord:
    """A suit problem played to the end: made on its layout, played with the best line, and what is
    needed to set it up again (``north``/``south`` holdings, ``target``, library ``entry`` id, West's cards)."""

    name: str
    made: bool
    best_line: bool
    gave_up: bool
    north: str
    south: str
    target: int
    entry: int | None
    west: int

    @property
    def solved(self) -> bool:
        """Made, with the best line (an unlucky layout with the best line is not "solved", nor a lucky one)."""
        return self.made and self.best_line and not self.gave_up


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
    """The totals.  ``contracts_made`` counts your contracts made as declarer only; in defence a
    contract beaten is a success (``defence_beaten``).  ``suit_problems_solved``: made with the best
    line; ``suit_best_line`` counts the best line whatever the layout did."""

    hands_played: int
    contracts_made: int
    hints_used: int
    suit_problems_tried: int
    suit_problems_solved: int
    hearts_games: int
    hearts_wins: int
    declarer_hands: int = 0
    defence_hands: int = 0
    defence_beaten: int = 0
    suit_made: int = 0
    suit_best_line: int = 0
    hearts_hands: int = 0
    hearts_points: int = 0  # your points over those hands
    hearts_moons: int = 0  # moons you shot
    hearts_moons_against: int = 0  # moons shot against you


class TrendKind(Enum):
    """The series the trend chart can draw (each a share per day, or Hearts' points per hand)."""

    DECLARER = "Contracts made as declarer"
    DEFENCE = "Contracts beaten in defence"
    HEARTS = "Hearts: your points per hand"
    SUIT = "Suit problems made"
    SUIT_BEST = "Suit problems played with the best line"

    @property
    def is_share(self) -> bool:
        return self is not TrendKind.HEARTS


@dataclass(frozen=True, slots=True)
class TrendPoint:
    """One day of a series: ``value`` is the share of successes (0..1) or the mean points per hand."""

    day: str  # ISO date, local time
    count: int
    value: float


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One line of the hand history: what was played, when, and how it went; ``key`` finds its replay."""

    key: tuple[str, int]  # (table, row id)
    played_at: float
    game: Game
    what: str
    result: str

    @property
    def when(self) -> str:
        return datetime.fromtimestamp(self.played_at).strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True, slots=True)
class BridgeReplay:
    deal: Deal
    board: int
    vulnerability: Vulnerability
    contract: Contract
    declarer: Seat
    user_seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SuitReplay:
    north: str
    south: str
    target: int
    entry: int | None
    west: int


@dataclass(frozen=True, slots=True)
class HeartsReplay:
    deal: Deal
    hand_number: int
    user_seat: Seat
    rules: dict[str, object]


_DECLARING = ("(role = 'declarer' OR (role IS NULL AND ((user_seat IN ('N', 'S')) = (declarer IN ('N', 'S')))))")
"""SQL: the user was on the declaring side (old rows without a role: from the seats)."""


def _contract_symbols(text: str) -> str:
    contract = Contract.parse(text)
    return f"{contract.level}{contract.strain.symbol}{contract.doubling.suffix}"


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
            _upgrade(self._db)

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

    def record_bridge_hand(self, hand: BridgeHandRecord, played_at: float | None = None) -> None:
        self._insert(
            "INSERT INTO bridge_hands (played_at, contract, declarer, user_seat, declarer_tricks, made, score,"
            " deal, board, vulnerability, cards, claimed, dd_tricks, role) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (time.time() if played_at is None else played_at, str(hand.contract), hand.declarer.letter,
             hand.user_seat.letter, hand.declarer_tricks, int(hand.made), hand.score,
             None if hand.deal is None else hand.deal.to_pbn(), hand.board or None, hand.vulnerability.pbn,
             " ".join(card_str(c) for c in hand.cards), hand.claimed, hand.dd_tricks,
             "declarer" if hand.user_declaring else "defender"),
        )

    def record_hearts_hand(self, hand: HeartsHandRecord, played_at: float | None = None) -> None:
        self._insert(
            "INSERT INTO hearts_hands (played_at, hand_number, user_seat, user_points, points, moon, deal, rules)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (time.time() if played_at is None else played_at, hand.hand_number, hand.user_seat.letter,
             hand.points[hand.user_seat], " ".join(map(str, hand.points)),
             None if hand.moon is None else hand.moon.letter, hand.deal.to_pbn(), json.dumps(hand.rules)),
        )

    def record_suit(self, record: SuitRecord, played_at: float | None = None) -> None:
        """A suit problem played to the end (see :class:`SuitRecord`)."""
        if not record.name.strip():
            raise ValueError("a suit problem record needs the problem's name or holding")
        replay = json.dumps({"north": record.north, "south": record.south, "target": record.target,
                             "entry": record.entry, "west": record.west})
        self._insert(
            "INSERT INTO suit_problems (tried_at, problem, solved, made, best_line, replay) VALUES (?, ?, ?, ?, ?, ?)",
            (time.time() if played_at is None else played_at, record.name, int(record.solved),
             int(record.made and not record.gave_up), int(record.best_line and not record.gave_up), replay),
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
                contracts_made=one(f"SELECT SUM(made) FROM bridge_hands WHERE {_DECLARING}"),
                hints_used=one("SELECT COUNT(*) FROM hints"),
                suit_problems_tried=one("SELECT COUNT(*) FROM suit_problems"),
                suit_problems_solved=one("SELECT SUM(solved) FROM suit_problems"),
                hearts_games=one("SELECT COUNT(*) FROM hearts_games"),
                hearts_wins=one("SELECT COUNT(*) FROM hearts_games WHERE user_points <= best_other_points"),
                declarer_hands=one(f"SELECT COUNT(*) FROM bridge_hands WHERE {_DECLARING}"),
                defence_hands=one(f"SELECT COUNT(*) FROM bridge_hands WHERE NOT ({_DECLARING})"),
                defence_beaten=one(f"SELECT COUNT(*) FROM bridge_hands WHERE NOT ({_DECLARING}) AND made = 0"),
                suit_made=one("SELECT SUM(COALESCE(made, solved)) FROM suit_problems"),
                suit_best_line=one("SELECT SUM(COALESCE(best_line, solved)) FROM suit_problems"),
                hearts_hands=one("SELECT COUNT(*) FROM hearts_hands"),
                hearts_points=one("SELECT SUM(user_points) FROM hearts_hands"),
                hearts_moons=one("SELECT COUNT(*) FROM hearts_hands WHERE moon = user_seat"),
                hearts_moons_against=one("SELECT COUNT(*) FROM hearts_hands WHERE moon IS NOT NULL AND moon != user_seat"),
            )

        return self._run(call)  # type: ignore[return-value]

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        """Every row of a read, through the same damage handling as the records."""
        return self._run(lambda db: db.execute(sql, params).fetchall())  # type: ignore[return-value]

    def _one_row(self, sql: str, params: tuple[object, ...] = ()) -> tuple | None:
        rows = self._query(sql, params)
        return rows[0] if rows else None

    # --- trends and history ----------------------------------------------------------------------
    def trend(self, kind: TrendKind, days: int = 60) -> tuple[TrendPoint, ...]:
        """``kind`` per day over the last ``days`` days with any play, oldest first."""
        if kind is TrendKind.HEARTS:
            sql = "SELECT played_at, user_points FROM hearts_hands"
        elif kind in (TrendKind.DECLARER, TrendKind.DEFENCE):
            role = _DECLARING if kind is TrendKind.DECLARER else f"NOT ({_DECLARING})"
            success = "made" if kind is TrendKind.DECLARER else "1 - made"
            sql = f"SELECT played_at, {success} FROM bridge_hands WHERE {role}"
        else:
            column = "COALESCE(made, solved)" if kind is TrendKind.SUIT else "COALESCE(best_line, solved)"
            sql = f"SELECT tried_at, {column} FROM suit_problems"
        by_day: dict[str, list[float]] = {}
        for at, value in self._query(sql + " ORDER BY 1"):
            by_day.setdefault(datetime.fromtimestamp(at).date().isoformat(), []).append(float(value))
        points = [TrendPoint(day, len(v), sum(v) / len(v)) for day, v in sorted(by_day.items())]
        return tuple(points[-days:])

    def history(self, limit: int = 500) -> tuple[HistoryEntry, ...]:
        """The latest ``limit`` hands of every game, newest first."""
        entries: list[HistoryEntry] = []
        for row_id, at, contract, declarer, user, tricks, made, score, deal in self._query(
                "SELECT id, played_at, contract, declarer, user_seat, declarer_tricks, made, score, deal"
                " FROM bridge_hands ORDER BY played_at DESC LIMIT ?", (limit,)):
            declaring = Seat.parse(user).same_side(Seat.parse(declarer))
            needed = Contract.parse(contract).tricks_needed
            diff = tricks - needed
            result = ("made" if diff == 0 else f"made +{diff}" if diff > 0 else f"down {-diff}") + f", {score:+d}"
            role = "declarer" if declaring else "defence"
            what = f"{_contract_symbols(contract)} by {Seat.parse(declarer).name.title()} (you: {role})"
            entries.append(HistoryEntry(("bridge_hands", row_id) if deal else ("", row_id), at, Game.BRIDGE, what, result))
        for row_id, at, problem, solved, made, best, replay in self._query(
                "SELECT id, tried_at, problem, solved, made, best_line, replay FROM suit_problems"
                " ORDER BY tried_at DESC LIMIT ?", (limit,)):
            made = solved if made is None else made
            best = solved if best is None else best
            result = ("made" if made else "not made") + (", best line" if best else "")
            entries.append(HistoryEntry(("suit_problems", row_id) if replay else ("", row_id), at, Game.SUIT_PRACTICE,
                                        problem, result))
        for row_id, at, number, user, points, moon in self._query(
                "SELECT id, played_at, hand_number, user_seat, user_points, moon FROM hearts_hands"
                " ORDER BY played_at DESC LIMIT ?", (limit,)):
            shot = "" if moon is None else (", you shot the moon" if moon == user else f", {Seat.parse(moon).name.title()} shot the moon")
            entries.append(HistoryEntry(("hearts_hands", row_id), at, Game.HEARTS, f"Hearts hand {number + 1}",
                                        f"{points} point{'s' * (points != 1)}{shot}"))
        entries.sort(key=lambda e: -e.played_at)
        return tuple(entries[:limit])

    def replay(self, key: tuple[str, int]) -> BridgeReplay | SuitReplay | HeartsReplay:
        """What is needed to play the history's hand ``key`` again; ``ValueError`` when it cannot be."""
        table, row_id = key
        if table == "bridge_hands":
            row = self._one_row("SELECT deal, board, vulnerability, contract, declarer, user_seat, cards"
                                " FROM bridge_hands WHERE id = ?", (row_id,))
            if row is None or row[0] is None:
                raise ValueError("this hand was recorded before Tenace kept deals: it cannot be replayed")
            deal, board, vul, contract, declarer, user, cards = row
            return BridgeReplay(Deal.from_pbn(deal), board or 1, Vulnerability.parse(vul or "None"),
                                Contract.parse(contract), Seat.parse(declarer), Seat.parse(user),
                                tuple(parse_card(c) for c in (cards or "").split()))
        if table == "suit_problems":
            row = self._one_row("SELECT replay FROM suit_problems WHERE id = ?", (row_id,))
            if row is None or row[0] is None:
                raise ValueError("this problem was recorded before Tenace kept layouts: it cannot be replayed")
            data = json.loads(row[0])
            return SuitReplay(data["north"], data["south"], int(data["target"]), data.get("entry"), int(data["west"]))
        if table == "hearts_hands":
            row = self._one_row("SELECT deal, hand_number, user_seat, rules FROM hearts_hands WHERE id = ?",
                                (row_id,))
            if row is None:
                raise ValueError(f"no Hearts hand {row_id} in the statistics")
            return HeartsReplay(Deal.from_pbn(row[0]), int(row[1]), Seat.parse(row[2]), json.loads(row[3]))
        raise ValueError("this entry was recorded before Tenace kept deals: it cannot be replayed")


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
