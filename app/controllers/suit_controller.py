"""Suit practice: picks a problem, has it solved, runs the play against the engine's defence, reviews it.

Everything the engine computes — solving a new problem (up to a second or two for
long holdings), each defender's card, the exact review at the end — runs on the
engine worker; the GUI thread only applies answers, and only to the session and
position they were computed for.  The statistics record one attempt per problem
played to the end (or given up), solved when the review finds your line optimal.
"""

from __future__ import annotations

import random
from functools import lru_cache

from PySide6.QtCore import QObject, QTimer, Signal

from engine.core.cards import Card
from engine.core.seats import Seat
from engine.suits.model import holding_str
from engine.session.suit_catalogue import CatalogueEntry, Difficulty, catalogue, select
from engine.session.suit_review import SuitReview, review_play
from engine.session.suit_session import (
    DefenderTurn,
    PreparedSuitProblem,
    SuitResult,
    SuitSession,
    SuitSessionError,
    SuitSetup,
    SuitStage,
    library_setup,
    prepare_problem,
    typed_setup,
)

from ..settings import HandVisibility
from ..stats import StatsService, SuitRecord, SuitReplay
from ..viewmodels.hints import HintTarget
from ..viewmodels.info import InfoRow
from ..viewmodels.suit_table import card_rank, empty_suit_table, suit_table_state
from ..viewmodels.table import TableState
from ..worker import EngineWorker
from .engine_requests import EngineRequests

__all__ = ["SuitController", "library_catalogue"]


@lru_cache(maxsize=1)
def library_catalogue() -> tuple[CatalogueEntry, ...]:
    """The expert library as the picker lists it (read once per process)."""
    return catalogue()


class SuitController(QObject):
    """The model side of Suit practice; views listen to :attr:`changed` and :attr:`message`."""

    changed = Signal()
    message = Signal(str)
    problem_finished = Signal(object)  # SuitReview

    def __init__(
        self, worker: EngineWorker, *, seed: int | None = None, stats: StatsService | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._requests = EngineRequests(worker, self)
        self._reviews = EngineRequests(worker, self)  # never cancelled: each finished play is recorded once
        self._rng = random.Random(seed)
        self._stats = stats
        self.pace_ms = 0
        self._pace_timer = QTimer(self)  # the pause before a defender's card, stopped when the mode is left
        self._pace_timer.setSingleShot(True)
        self._pace_timer.timeout.connect(self._pace_elapsed)
        self._paced_ply = -1
        self.active = False
        self.setup: SuitSetup | None = None  # the problem on the table, or being solved
        self.session: SuitSession | None = None
        self.review: SuitReview | None = None
        self.error = ""  # the engine's last failure for this problem, shown in the result panel
        self.retry_text: str | None = None  # a defender's move that failed, offered again by retry()
        self._retry_ply: int | None = None
        self.input_error = ""  # what is wrong with the typed holdings (the problem on the table stays)
        self._preparing = False
        self._reviewing = False

    # --- the library ---------------------------------------------------------------------------
    @property
    def catalogue(self) -> tuple[CatalogueEntry, ...]:
        return library_catalogue()

    # --- state for the views ---------------------------------------------------------------------
    @property
    def is_thinking(self) -> bool:
        return self._requests.busy or self._reviews.busy

    @property
    def preparing(self) -> bool:
        return self._preparing

    @property
    def reviewing(self) -> bool:
        return self._reviewing

    @property
    def result(self) -> SuitResult | None:
        s = self.session
        return s.result() if s is not None and s.is_over else None

    def table_state(self, visibility: HandVisibility) -> TableState | None:
        return empty_suit_table() if self.session is None else suit_table_state(self.session)

    def title(self) -> str:
        if self._preparing:
            return "Suit practice — solving…"
        if self.setup is None:
            return "Suit practice"
        entry = self.setup.entry
        return f"Suit practice — #{entry.id}" if entry is not None else "Suit practice — your problem"

    def _status(self) -> str:
        s = self.session
        if s is None:
            return "solving the problem…" if self._preparing else "choose a problem"
        stage = s.stage
        if stage is SuitStage.OVER:
            r = s.result()
            if r.gave_up:
                return "you gave up"
            if r.made:
                return "made"
            return "best line, unlucky layout" if self.review is not None and self.review.optimal else "not made"
        if stage is SuitStage.LEAD:
            return "your lead (either hand)"
        seat = s.to_play
        assert seat is not None
        if stage is SuitStage.THIRD_HAND:
            return f"{seat.name.title()} to play"
        return f"{seat.name.title()} is thinking"

    def info_rows(self) -> tuple[InfoRow, ...]:
        setup = self.setup
        if setup is None:
            return (InfoRow("Status", self._status()),)
        rows = [InfoRow("Problem", setup.holdings), InfoRow("Target", f"{setup.target} trick{'s' * (setup.target > 1)}")]
        if setup.entry is not None:
            level = next((c.difficulty.label for c in self.catalogue if c.entry.id == setup.entry.id), "")
            rows.append(InfoRow("Theme", ", ".join(t.value for t in setup.entry.tags)))
            if level:
                rows.append(InfoRow("Difficulty", level))
        s = self.session
        if s is not None:
            rows.append(InfoRow("Tricks", f"{s.tricks_won} won, {s.tricks_lost} lost"))
        rows.append(InfoRow("Status", self._status()))
        return tuple(rows)

    # --- activation --------------------------------------------------------------------------------
    def activate(self) -> None:
        """The first visit starts a random medium problem, so there is something on the table at once."""
        self.active = True
        if self.setup is None:
            self.start_random()
        else:
            self._schedule_defender()
        self.changed.emit()

    def deactivate(self) -> None:
        """Stop the defenders' pace (solving and reviewing carry on: they are short and finite)."""
        self.active = False
        self._pace_timer.stop()

    # --- choosing a problem -------------------------------------------------------------------------
    def start(self, setup: SuitSetup, west: int | None = None) -> None:
        """Solve ``setup`` on the engine and put it on the table (``west``: a given layout, for tests)."""
        self._requests.cancel_all()
        self._pace_timer.stop()
        self.setup = setup
        self.session = None
        self.review = None
        self.error = ""
        self.input_error = ""
        self._preparing = True
        self._reviewing = False
        layout_seed, play_seed = self._rng.randrange(1 << 30), self._rng.randrange(1 << 30)
        self._requests.submit(
            lambda cancel: prepare_problem(setup, layout_seed, west, cancel),
            "solving the problem",
            lambda prepared: self._on_prepared(setup, prepared, play_seed),
            self._on_failed,
        )
        self.changed.emit()

    def start_entry(self, item: CatalogueEntry) -> None:
        self.start(library_setup(item.entry))

    def start_typed(self, north: str, south: str, tricks: str | int) -> bool:
        """Play typed holdings; a mistake is reported (panel and status bar) and nothing starts."""
        try:
            setup = typed_setup(north, south, tricks)
        except SuitSessionError as exc:
            self.input_error = str(exc)
            self.message.emit(self.input_error)
            self.changed.emit()
            return False
        self.start(setup)
        return True

    def start_random(self, difficulty: Difficulty | None = Difficulty.MEDIUM) -> None:
        pool = select(self.catalogue, difficulty=difficulty) or self.catalogue
        self.start_entry(self._rng.choice(pool))

    def restart(self) -> None:
        """The same problem again (a new layout is drawn)."""
        if self.setup is not None:
            self.start(self.setup)

    def replay_problem(self, replay: SuitReplay) -> None:
        """Play a problem of the history again, on the same layout."""
        entry = next((c for c in self.catalogue if c.entry.id == replay.entry), None) if replay.entry is not None else None
        setup = library_setup(entry.entry) if entry is not None else typed_setup(replay.north, replay.south, replay.target)
        self.start(setup, west=replay.west)
        self.message.emit(f"Replaying {setup.name} on the same layout")

    def _on_prepared(self, setup: SuitSetup, prepared: PreparedSuitProblem, seed: int) -> None:
        if setup is not self.setup:
            return
        self._preparing = False
        self.session = SuitSession(prepared, seed)
        self._after_change()

    # --- the user's actions ------------------------------------------------------------------------------
    def hint_target(self) -> HintTarget | None:
        """Suit practice has no hint: the review after the play compares the lines."""
        return None

    def card_chosen(self, card: Card) -> None:
        s = self.session
        rank = card_rank(card)
        if s is None or rank is None or not s.is_user_turn:
            return
        seat = Seat.NORTH if s.hand(Seat.NORTH) >> (rank - 2) & 1 else Seat.SOUTH
        try:
            s.play(seat, rank)
        except SuitSessionError as exc:
            self.message.emit(str(exc))
            return
        self._after_change()

    @property
    def can_undo(self) -> bool:
        s = self.session
        return s is not None and not s.is_over and s.can_undo

    def undo(self) -> None:
        if not self.can_undo:
            return
        assert self.session is not None
        self._requests.cancel_all()
        self._pace_timer.stop()
        self.session.undo()
        self._after_change()

    @property
    def can_give_up(self) -> bool:
        return self.session is not None and not self.session.is_over

    def give_up(self) -> None:
        if not self.can_give_up:
            return
        assert self.session is not None
        self._requests.cancel_all()
        self._pace_timer.stop()
        self.session.give_up()
        self._after_change()

    # --- the defenders ----------------------------------------------------------------------------------------
    @property
    def can_retry(self) -> bool:
        return self._retry_ply is not None

    def retry(self) -> None:
        """Ask again for the defender's move that failed."""
        ply = self._retry_ply
        self.retry_text, self._retry_ply, self.error = None, None, ""
        if ply is not None:
            self._ask_defender(ply)
        self.changed.emit()

    def _after_change(self) -> None:
        self.retry_text, self._retry_ply = None, None
        s = self.session
        if s is not None and s.is_over and self.review is None and not self._reviewing:
            self._start_review(s)
        self._schedule_defender()
        self.changed.emit()

    def _schedule_defender(self) -> None:
        s = self.session
        if s is None or not self.active or self._requests.busy or s.defender_turn() is None:
            return
        if self.pace_ms:
            self._paced_ply = s.ply
            self._pace_timer.start(self.pace_ms)
        else:
            self._ask_defender(s.ply)

    def _pace_elapsed(self) -> None:
        self._ask_defender(self._paced_ply)

    def _ask_defender(self, ply: int) -> None:
        s = self.session
        if s is None or not self.active or self._requests.busy or s.ply != ply:
            return
        turn: DefenderTurn | None = s.defender_turn()
        if turn is None:
            return
        self._requests.submit(
            turn.job,
            f"{turn.seat.name.title()} is thinking",
            lambda move: self._on_defender_move(s, turn, move),
            lambda text: self._on_defender_failed(s, turn, text),
        )
        self.changed.emit()

    def _on_defender_move(self, session: SuitSession, turn: DefenderTurn, move: int) -> None:
        if session is not self.session or not session.apply_defender_move(turn.ply, turn.position, move):
            return
        self._after_change()

    def _on_defender_failed(self, session: SuitSession, turn: DefenderTurn, text: str) -> None:
        self._on_failed(text)
        if session is self.session:
            self.retry_text = f"{turn.seat.name.title()}'s move failed: {text}. Retry asks again."
            self._retry_ply = turn.ply
            self.changed.emit()

    # --- the end -------------------------------------------------------------------------------------------------
    def _start_review(self, session: SuitSession) -> None:
        self._reviewing = True
        prepared, line = session.prepared, session.user_line
        self._reviews.submit(
            lambda cancel: review_play(prepared, line, cancel),
            "working out the exact chances",
            lambda review: self._on_reviewed(session, review),
            lambda text: self._on_review_failed(session, text),
        )

    def _on_reviewed(self, session: SuitSession, review: SuitReview) -> None:
        """Record the attempt (even if another problem is on the table by now), then show the review."""
        result = session.result()
        setup = session.setup
        record = SuitRecord(setup.name, result.made, review.optimal, result.gave_up, holding_str(setup.problem.north),
                            holding_str(setup.problem.south), setup.target,
                            None if setup.entry is None else setup.entry.id, session.layout.west)
        if self._stats is not None:  # on the statistics thread; a failure comes back as a notice
            self._stats.record(lambda stats: stats.record_suit(record))
        if session is not self.session:
            return
        self._reviewing = False
        self.review = review
        self.problem_finished.emit(review)
        self.changed.emit()

    def _on_review_failed(self, session: SuitSession, text: str) -> None:
        if session is self.session:
            self._on_failed(f"the review failed ({text})")

    def _on_failed(self, text: str) -> None:
        self._preparing = False
        self._reviewing = False
        self.error = f"Engine error: {text}"
        self.message.emit(self.error)
        self.changed.emit()
