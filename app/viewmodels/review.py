"""What the review dialog shows: where the review of a played deal stands.

The review itself (every card of the user with its chance before and after, the
costly ones explained, trick numbers counted from the start of the deal) is the
engine's :class:`~engine.hints.review.PlayReview`, shown as it comes.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["ReviewStatus"]


class ReviewStatus(Enum):
    IDLE = "idle"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"
