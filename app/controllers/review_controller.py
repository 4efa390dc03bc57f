"""The post-mortem of a finished bridge deal ("Review my play"), run on the engine worker.

The finished session is copied on the GUI thread into a :class:`PlayedDeal` (plain data),
and :func:`engine.hints.review.review_play` replays it on the engine thread: for each of
the user's cards, the chance of making before and after it from what the user could see,
and for the costliest cards the better card with its explanation.  The review solves every
legal card in every world at every decision of the user, which takes a while on a full
deal, so the job reports its progress (counted from the solver calls it makes: two per
decision, then the explanations) and stops within one batch of solves when cancelled.

``ReviewConfig.first_trick`` > 1 reviews only the play from that trick on, as an ending
(the earlier tricks are out of play and credited to the side that won them).  The worlds
of such an ending know which cards are gone but not who showed out of a suit earlier.

The engine modules are imported inside the job: importing them compiles numba kernels,
which must not happen on the GUI thread.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QObject, Signal

from engine.bridge.contract import Contract, Vulnerability
from engine.bridge.play import BridgePlay
from engine.bridge.view import deciding_seat
from engine.core.cards import Card, card_symbol_str
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.session.bridge_session import BridgeSession, UserRole

from ..worker import EngineActivity, EngineWorker, JobCancelled, JobCancelledError, JobDone, JobFailed, RequestId

if TYPE_CHECKING:
    from engine.hints.review import PlayReview

__all__ = ["ReviewConfig", "PlayedDeal", "ReviewLine", "ReviewResult", "ReviewStatus", "ReviewController",
           "review_job", "review_result"]

MAX_FRACTION = 0.99


@dataclass(frozen=True, slots=True)
class ReviewConfig:
    """How hard the review searches: ``worlds`` sampled deals per decision (every consistent deal
    when there are at most ``exact_limit``), the ``top`` costliest cards explained among those that
    lost at least ``threshold`` of the chance, from trick ``first_trick`` on."""

    worlds: int = 12
    exact_limit: int = 300
    top: int = 3
    threshold: float = 0.05
    seed: int = 0
    first_trick: int = 1


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A played deal as the review needs it (copied from the session on the GUI thread)."""

    deal: Deal
    contract: Contract
    declarer: Seat
    vulnerability: Vulnerability
    seat: Seat  # the user's seat (declarer also plays dummy's cards)
    cards: tuple[Card, ...]

    @classmethod
    def from_session(cls, session: BridgeSession) -> "PlayedDeal":
        seat = session.declarer if session.role is UserRole.DECLARER else session.user_seat
        return cls(session.board.deal, session.contract, session.declarer, session.board.vulnerability, seat,
                   tuple(m.card for m in session.play.moves))

    def replay(self, ply: int) -> BridgePlay:
        """The play after its first ``ply`` cards."""
        play = BridgePlay(self.deal, self.contract, self.declarer, self.vulnerability)
        for card in self.cards[:ply]:
            play.play(card)
        return play


@dataclass(frozen=True, slots=True)
class ReviewLine:
    """One of the user's cards: ``ply`` counts from the first card of the deal, ``trick`` from 1."""

    ply: int
    trick: int
    seat: Seat
    card: Card
    forced: bool
    p_before: float
    p_after: float
    cost: float
    better: Card | None
    costly: bool
    explanation: str = ""

    def text(self) -> str:
        """``"Trick 3  S ♠Q  75% → 40%  (♠K was better)"``."""
        s = (f"Trick {self.trick}  {self.seat.letter} {card_symbol_str(self.card)}  "
             f"{self.p_before:.0%} → {self.p_after:.0%}")
        if self.forced:
            s += "  (forced)"
        elif self.better is not None and self.costly:
            s += f"  ({card_symbol_str(self.better)} was better)"
        return s


@dataclass(frozen=True, slots=True)
class ReviewResult:
    summary: str
    lines: tuple[ReviewLine, ...]
    first_trick: int

    @property
    def costly(self) -> tuple[ReviewLine, ...]:
        """The costliest cards first."""
        return tuple(sorted((ln for ln in self.lines if ln.costly), key=lambda ln: (-ln.cost, ln.ply)))

    @property
    def costly_cards(self) -> frozenset[Card]:
        return frozenset(ln.card for ln in self.lines if ln.costly)


class ReviewStatus(Enum):
    IDLE = "idle"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


# --- the job (engine thread) ------------------------------------------------------------------------


class _ProgressEvaluator:
    """The solver, counting its batches to report progress and checking the cancel before each."""

    def __init__(self, inner: Any, cancel: threading.Event, report: Callable[[float, str], None],
                 decisions: int) -> None:
        self._inner, self._cancel, self._report = inner, cancel, report
        self._decisions = max(1, decisions)
        self._calls = 0

    def batch_tricks_per_card(self, worlds, strain, leader, played):
        if self._cancel.is_set():
            raise JobCancelledError()
        done = self._calls // 2
        if done < self._decisions:
            self._report(0.9 * done / self._decisions, f"review: card {done + 1} of {self._decisions}")
        else:
            self._report(min(MAX_FRACTION, 0.9 + 0.01 * (self._calls - 2 * self._decisions)),
                         "review: explaining the costly cards")
        self._calls += 1
        return self._inner.batch_tricks_per_card(worlds, strain, leader, played)

    def batch_reach_per_card(self, worlds, strain, leader, played, need):
        if self._cancel.is_set():
            raise JobCancelledError()
        from engine.search.bridge_game import reach_per_card

        return reach_per_card(self._inner, worlds, strain, leader, played, need)

    def batch_tricks_for_cards(self, worlds, strain, leader, played, cards):
        if self._cancel.is_set():
            raise JobCancelledError()
        from engine.search.bridge_game import tricks_for_cards

        return tricks_for_cards(self._inner, worlds, strain, leader, played, cards)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def _ending(played: PlayedDeal, first_trick: int) -> tuple[Deal, tuple[Card, ...], Seat, tuple[int, int], int]:
    """(deal, cards, leader, prior tricks, ply offset) of the play reviewed from ``first_trick``."""
    offset = 4 * (max(1, first_trick) - 1)
    if offset >= len(played.cards):
        offset = 4 * ((max(0, len(played.cards) - 1)) // 4)  # the deal ended earlier: its last trick
    play = played.replay(offset)
    deal = Deal(tuple(play.hand(s) for s in Seat)) if offset else played.deal  # type: ignore[arg-type]
    return deal, played.cards[offset:], play.to_play, (play.declarer_tricks, play.defender_tricks), offset


def _user_decisions(played: PlayedDeal, offset: int) -> int:
    play = played.replay(offset)
    count = 0
    for card in played.cards[offset:]:
        count += deciding_seat(play) == played.seat
        play.play(card)
    return count


_TRICK = re.compile(r"\bTrick (\d+)")


def _absolute_tricks(text: str, earlier: int) -> str:
    """The engine numbers the tricks of the play it reviewed: count the ``earlier`` ones too."""
    return _TRICK.sub(lambda m: f"Trick {int(m.group(1)) + earlier}", text) if earlier else text


def review_result(review: "PlayReview", offset: int) -> ReviewResult:
    """The panel's lines from the engine's review (plies and tricks counted from the deal's start)."""
    costly = {r.ply for r in review.costly}
    earlier = offset // 4
    lines = tuple(
        ReviewLine(offset + r.ply, earlier + r.trick, r.seat, r.card, r.forced, r.p_before, r.p_after, r.cost,
                   r.best, r.ply in costly, _absolute_tricks(r.explanation or "", earlier))
        for r in review.cards)
    return ReviewResult(_absolute_tricks(review.summary, earlier), lines, earlier + 1)


def review_job(played: PlayedDeal, config: ReviewConfig):
    """The engine job: the review of ``played`` as a :class:`ReviewResult`."""

    def job(cancel: threading.Event, report) -> ReviewResult:
        from engine.analysis.bridge import AnalysisCancelled
        from engine.hints.review import review_play
        from engine.search.bridge_game import default_leaf_evaluator

        deal, cards, leader, prior, offset = _ending(played, config.first_trick)
        evaluator = _ProgressEvaluator(default_leaf_evaluator(), cancel, report, _user_decisions(played, offset))
        report(0.0, "review: starting")
        try:
            review = review_play(deal, played.contract, played.declarer, cards, seats=(played.seat,),
                                 vulnerability=played.vulnerability, leader=leader, prior=prior,
                                 worlds=config.worlds, exact_limit=config.exact_limit, seed=config.seed,
                                 max_moves=1, top=config.top, threshold=config.threshold, evaluator=evaluator,
                                 cancel=cancel)
        except AnalysisCancelled:
            raise JobCancelledError() from None
        return review_result(review, offset)

    return job


# --- the controller (GUI thread) ----------------------------------------------------------------------


class ReviewController(QObject):
    """The review model the dialog reads: status, progress, result, error; intents: request, cancel."""

    changed = Signal()
    message = Signal(str)

    def __init__(self, worker: EngineWorker, *, config: ReviewConfig = ReviewConfig(),
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self.config = config
        self.status = ReviewStatus.IDLE
        self.fraction = 0.0
        self.progress_text = ""
        self.result: ReviewResult | None = None
        self.error = ""
        self.played: PlayedDeal | None = None
        self.request_id: RequestId | None = None
        worker.progress.connect(self._on_progress)
        worker.finished.connect(self._on_done)
        worker.failed.connect(self._on_failed)
        worker.cancelled.connect(self._on_cancelled)

    @property
    def is_running(self) -> bool:
        return self.status is ReviewStatus.RUNNING

    def request(self, played: PlayedDeal) -> bool:
        """Review ``played`` (an outstanding review is cancelled first)."""
        self._drop_outstanding()
        try:
            self.request_id = self._worker.submit(review_job(played, self.config), activity=EngineActivity.THINKING,
                                                  label="reviewing your play")
        except RuntimeError as exc:  # the worker is shut down
            self._set(ReviewStatus.FAILED, None, str(exc))
            return False
        self.played = played
        self.fraction, self.progress_text = 0.0, "Starting…"
        self._set(ReviewStatus.RUNNING, None, "")
        return True

    def cancel(self) -> None:
        if self.request_id is None:
            return
        self._drop_outstanding()
        self._set(ReviewStatus.CANCELLED, None, "")
        self.message.emit("Review cancelled")

    def clear(self) -> None:
        self._drop_outstanding()
        self.played = None
        self._set(ReviewStatus.IDLE, None, "")

    def _drop_outstanding(self) -> None:
        if self.request_id is not None:
            self._worker.cancel(self.request_id)
            self.request_id = None

    def _set(self, status: ReviewStatus, result: ReviewResult | None, error: str) -> None:
        self.status, self.result, self.error = status, result, error
        self.changed.emit()

    def _on_progress(self, progress) -> None:  # noqa: ANN001 - JobProgress
        if progress.request_id == self.request_id and self.request_id is not None:
            self.fraction, self.progress_text = progress.fraction, progress.message
            self.changed.emit()

    def _on_done(self, done: JobDone) -> None:
        if done.request_id != self.request_id or self.request_id is None:
            return
        self.request_id = None
        self.fraction = 1.0
        result: ReviewResult = done.result
        self._set(ReviewStatus.DONE, result, "")
        n = len(result.costly)
        self.message.emit(f"Review ready: {n} costly card{'s' * (n != 1)}" if n else "Review ready: no costly card")

    def _on_failed(self, failed: JobFailed) -> None:
        if failed.request_id != self.request_id or self.request_id is None:
            return
        self.request_id = None
        self._set(ReviewStatus.FAILED, None, failed.message)
        self.message.emit(f"The review failed: {failed.message}")

    def _on_cancelled(self, cancelled: JobCancelled) -> None:
        if cancelled.request_id != self.request_id or self.request_id is None:
            return
        self.request_id = None
        self._set(ReviewStatus.CANCELLED, None, "")
