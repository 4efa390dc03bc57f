"""Training statistics in SQLite in the user data dir (appdirs).

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
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path

import appdirs

from engine.bridge.contract import Contract, Vulnerability
from engine.core.cards import Card, card_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat

__all__ = [
    "Game", "BridgeHandRecord", "HeartsGameRecord", "HeartsHandRecord", "SuitRecord", "StatsSummary", "Statistics",
    "stats_path", "TrendKind", "TrendPoint", "HistoryEntry", "BridgeReplay", "SuitReplay", "HeartsReplay",
]

STATS_FILE = "statistics.sqlite3"

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
                db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")


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


class Statistics:
    """The statistics database; use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or stats_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        with self._db:
            self._db.executescript(_SCHEMA)
            _upgrade(self._db)

    def __enter__(self) -> "Statistics":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def record_bridge_hand(self, hand: BridgeHandRecord, played_at: float | None = None) -> None:
        with self._db:
            self._db.execute(
                "INSERT INTO bridge_hands (played_at, contract, declarer, user_seat, declarer_tricks, made, score,"
                " deal, board, vulnerability, cards, claimed, dd_tricks, role) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (time.time() if played_at is None else played_at, str(hand.contract), hand.declarer.letter,
                 hand.user_seat.letter, hand.declarer_tricks, int(hand.made), hand.score,
                 None if hand.deal is None else hand.deal.to_pbn(), hand.board or None, hand.vulnerability.pbn,
                 " ".join(card_str(c) for c in hand.cards), hand.claimed, hand.dd_tricks,
                 "declarer" if hand.user_declaring else "defender"),
            )

    def record_hearts_hand(self, hand: HeartsHandRecord, played_at: float | None = None) -> None:
        with self._db:
            self._db.execute(
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
        with self._db:
            self._db.execute(
                "INSERT INTO suit_problems (tried_at, problem, solved, made, best_line, replay) VALUES (?, ?, ?, ?, ?, ?)",
                (time.time() if played_at is None else played_at, record.name, int(record.solved),
                 int(record.made and not record.gave_up), int(record.best_line and not record.gave_up), replay),
            )

    def record_hint(self, game: Game) -> None:
        with self._db:
            self._db.execute("INSERT INTO hints (used_at, game) VALUES (?, ?)", (time.time(), game.value))

    def record_suit_problem(self, problem: str, solved: bool) -> None:
        if not problem.strip():
            raise ValueError("a suit problem record needs the problem's name or holding")
        with self._db:
            self._db.execute(
                "INSERT INTO suit_problems (tried_at, problem, solved) VALUES (?, ?, ?)",
                (time.time(), problem, int(solved)),
            )

    def record_hearts_game(self, game: HeartsGameRecord) -> None:
        with self._db:
            self._db.execute(
                "INSERT INTO hearts_games (finished_at, user_points, best_other_points, hands) VALUES (?, ?, ?, ?)",
                (time.time(), game.user_points, game.best_other_points, game.hands),
            )

    def summary(self) -> StatsSummary:
        def one(sql: str) -> int:
            return int(self._db.execute(sql).fetchone()[0] or 0)

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
        for at, value in self._db.execute(sql + " ORDER BY 1"):
            by_day.setdefault(datetime.fromtimestamp(at).date().isoformat(), []).append(float(value))
        points = [TrendPoint(day, len(v), sum(v) / len(v)) for day, v in sorted(by_day.items())]
        return tuple(points[-days:])

    def history(self, limit: int = 500) -> tuple[HistoryEntry, ...]:
        """The latest ``limit`` hands of every game, newest first."""
        entries: list[HistoryEntry] = []
        for row_id, at, contract, declarer, user, tricks, made, score, deal in self._db.execute(
                "SELECT id, played_at, contract, declarer, user_seat, declarer_tricks, made, score, deal"
                " FROM bridge_hands ORDER BY played_at DESC LIMIT ?", (limit,)):
            declaring = Seat.parse(user).same_side(Seat.parse(declarer))
            needed = Contract.parse(contract).tricks_needed
            diff = tricks - needed
            result = ("made" if diff == 0 else f"made +{diff}" if diff > 0 else f"down {-diff}") + f", {score:+d}"
            role = "declarer" if declaring else "defence"
            what = f"{_contract_symbols(contract)} by {Seat.parse(declarer).name.title()} (you: {role})"
            entries.append(HistoryEntry(("bridge_hands", row_id) if deal else ("", row_id), at, Game.BRIDGE, what, result))
        for row_id, at, problem, solved, made, best, replay in self._db.execute(
                "SELECT id, tried_at, problem, solved, made, best_line, replay FROM suit_problems"
                " ORDER BY tried_at DESC LIMIT ?", (limit,)):
            made = solved if made is None else made
            best = solved if best is None else best
            result = ("made" if made else "not made") + (", best line" if best else "")
            entries.append(HistoryEntry(("suit_problems", row_id) if replay else ("", row_id), at, Game.SUIT_PRACTICE,
                                        problem, result))
        for row_id, at, number, user, points, moon in self._db.execute(
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
            row = self._db.execute("SELECT deal, board, vulnerability, contract, declarer, user_seat, cards"
                                   " FROM bridge_hands WHERE id = ?", (row_id,)).fetchone()
            if row is None or row[0] is None:
                raise ValueError("this hand was recorded before Tenace kept deals: it cannot be replayed")
            deal, board, vul, contract, declarer, user, cards = row
            return BridgeReplay(Deal.from_pbn(deal), board or 1, Vulnerability.parse(vul or "None"),
                                Contract.parse(contract), Seat.parse(declarer), Seat.parse(user),
                                tuple(parse_card(c) for c in (cards or "").split()))
        if table == "suit_problems":
            row = self._db.execute("SELECT replay FROM suit_problems WHERE id = ?", (row_id,)).fetchone()
            if row is None or row[0] is None:
                raise ValueError("this problem was recorded before Tenace kept layouts: it cannot be replayed")
            data = json.loads(row[0])
            return SuitReplay(data["north"], data["south"], int(data["target"]), data.get("entry"), int(data["west"]))
        if table == "hearts_hands":
            row = self._db.execute("SELECT deal, hand_number, user_seat, rules FROM hearts_hands WHERE id = ?",
                                   (row_id,)).fetchone()
            if row is None:
                raise ValueError(f"no Hearts hand {row_id} in the statistics")
            return HeartsReplay(Deal.from_pbn(row[0]), int(row[1]), Seat.parse(row[2]), json.loads(row[3]))
        raise ValueError("this entry was recorded before Tenace kept deals: it cannot be replayed")
