"""The post-mortem of a finished bridge deal ("Review my play"), run on the engine worker.

The finished session hands out a :class:`~engine.bridge.played.PlayedDeal` (plain data) and
:func:`engine.hints.review.review_played` reviews it on the engine thread: for each of
the user's cards, the chance of making before and after it from what the user could see,
and for the costliest cards the better card with its explanation, every trick numbered
from the start of the deal.  The review solves every legal card in every world at every
decision of the user, which takes a while on a full deal, so the job reports its progress
(one step per decision, then the explanations) and stops within one solve when cancelled.

``ReviewConfig.first_trick`` > 1 reviews only the play from that trick on, as an ending
(the earlier tricks are out of play and credited to the side that won them).

The engine modules are imported inside the job: importing them compiles numba kernels,
which must not happen on the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from engine.core.cancel import CancelToken

from ..viewmodels.review import ReviewStatus
from ..worker import EngineWorker
from .engine_requests import EngineRequests

from engine.bridge.played import PlayedDeal

if TYPE_CHECKING:  # importing the review loads the engine's kernels: the job does it, on the engine thread
    from engine.hints.review import PlayReview

__all__ = ["ReviewConfig", "ReviewController", "review_job"]


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


def review_job(played: PlayedDeal, config: ReviewConfig, constraints: Mapping | None = None):
    """The engine job: the engine's review of ``played`` (``constraints``: what the auction showed)."""

    def job(cancel: CancelToken) -> "PlayReview":
        from engine.hints.review import review_played

        cancel.report(0.0, "review: starting")
        return review_played(played, first_trick=config.first_trick, worlds=config.worlds,
                             exact_limit=config.exact_limit, seed=config.seed, max_moves=1, top=config.top,
                             threshold=config.threshold, cancel=cancel, constraints=constraints)

    return job


# --- the controller (GUI thread) ----------------------------------------------------------------------


class ReviewController(QObject):
    """The review model the dialog reads: status, progress, result, error; intents: request, cancel."""

    changed = Signal()
    message = Signal(str)

    def __init__(self, worker: EngineWorker, *, config: ReviewConfig = ReviewConfig(),
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._requests = EngineRequests(worker, self)
        self.config = config
        self.status = ReviewStatus.IDLE
        self.fraction = 0.0
        self.progress_text = ""
        self.result: PlayReview | None = None
        self.error = ""
        self.played: PlayedDeal | None = None

    @property
    def is_running(self) -> bool:
        return self.status is ReviewStatus.RUNNING

    def request(self, played: PlayedDeal, constraints: Mapping | None = None) -> bool:
        """Review ``played`` (an outstanding review is cancelled first); ``constraints``: what the auction
        showed of each hand, for a bid board."""
        self._requests.cancel_all()
        try:
            self._requests.submit(review_job(played, self.config, constraints), "reviewing your play", self._on_done,
                                  self._on_failed, on_progress=self._on_progress, on_cancelled=self._on_cancelled)
        except RuntimeError as exc:  # the worker is shut down
            self._set(ReviewStatus.FAILED, None, str(exc))
            return False
        self.played = played
        self.fraction, self.progress_text = 0.0, "Starting…"
        self._set(ReviewStatus.RUNNING, None, "")
        return True

    def cancel(self) -> None:
        if not self._requests.busy:
            return
        self._requests.cancel_all()
        self._set(ReviewStatus.CANCELLED, None, "")
        self.message.emit("Review cancelled")

    def clear(self) -> None:
        self._requests.cancel_all()
        self.played = None
        self._set(ReviewStatus.IDLE, None, "")

    def _set(self, status: ReviewStatus, result: "PlayReview | None", error: str) -> None:
        self.status, self.result, self.error = status, result, error
        self.changed.emit()

    def _on_progress(self, fraction: float, text: str) -> None:
        self.fraction, self.progress_text = fraction, text
        self.changed.emit()

    def _on_done(self, result: "PlayReview") -> None:
        self.fraction = 1.0
        self._set(ReviewStatus.DONE, result, "")
        n = len(result.costly)
        self.message.emit(f"Review ready: {n} costly card{'s' * (n != 1)}" if n else "Review ready: no costly card")

    def _on_failed(self, message: str) -> None:
        self._set(ReviewStatus.FAILED, None, message)
        self.message.emit(f"The review failed: {message}")

    def _on_cancelled(self) -> None:  # cancelled by someone else (the worker shutting down)
        self._set(ReviewStatus.CANCELLED, None, "")
