"""Training statistics in SQLite in the user data dir (appdirs).

One table per kind of event; :meth:`Statistics.summary` folds them into the totals the
app shows.  Each ``record_*`` commits at once, so a crash loses at most the event in
progress (SQLite's journal makes each commit atomic).
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import appdirs

from engine.bridge.contract import Contract
from engine.core.seats import Seat

__all__ = ["Game", "BridgeHandRecord", "HeartsGameRecord", "StatsSummary", "Statistics", "stats_path"]

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


class Statistics:
    """The statistics database; use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or stats_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        with self._db:
            self._db.executescript(_SCHEMA)

    def __enter__(self) -> "Statistics":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def record_bridge_hand(self, hand: BridgeHandRecord) -> None:
        with self._db:
            self._db.execute(
                "INSERT INTO bridge_hands (played_at, contract, declarer, user_seat, declarer_tricks, made, score)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (time.time(), str(hand.contract), hand.declarer.letter, hand.user_seat.letter,
                 hand.declarer_tricks, int(hand.made), hand.score),
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
            contracts_made=one("SELECT SUM(made) FROM bridge_hands"),
            hints_used=one("SELECT COUNT(*) FROM hints"),
            suit_problems_tried=one("SELECT COUNT(*) FROM suit_problems"),
            suit_problems_solved=one("SELECT SUM(solved) FROM suit_problems"),
            hearts_games=one("SELECT COUNT(*) FROM hearts_games"),
            hearts_wins=one("SELECT COUNT(*) FROM hearts_games WHERE user_points <= best_other_points"),
        )
