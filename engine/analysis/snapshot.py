"""Partial answers of an analysis while it refines: what a hints panel shows before the search is done.

An analysis given an ``on_update`` callback reports :class:`Snapshot` objects: a
complete analysis of the worlds searched so far, at most every ``min_interval``
seconds, and a last one marked ``final`` that is exactly the analysis returned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Generic, TypeVar

__all__ = ["Snapshot", "UpdateFn", "DEFAULT_MIN_INTERVAL", "SnapshotClock"]

DEFAULT_MIN_INTERVAL = 0.25
"""Seconds between two snapshots (a snapshot is cheap, but not free)."""

AnalysisT = TypeVar("AnalysisT")


@dataclass(frozen=True, slots=True)
class Snapshot(Generic[AnalysisT]):
    """A partial (or the final) analysis: the values over the first ``worlds_used`` of ``worlds_total`` worlds.

    ``fraction`` (0..1) is how far the whole search has got — worlds for PIMC and Hearts,
    then root cards for αμ; ``stage`` says what is being refined (``"pimc"``, ``"alphamu"``,
    ``"mcmaxn"``); ``final`` marks the last snapshot, whose analysis is the returned one.
    """

    analysis: AnalysisT
    worlds_used: int
    worlds_total: int
    fraction: float
    stage: str
    elapsed: float
    final: bool = False


UpdateFn = Callable[[Snapshot], None]


class SnapshotClock:
    """When the next snapshot is due, and the last one sent (what a cancellation hands back)."""

    def __init__(self, on_update: UpdateFn | None, min_interval: float) -> None:
        self.on_update = on_update
        self.min_interval = min_interval
        self.start = time.perf_counter()
        self.next_at = self.start + min_interval
        self.last: Snapshot | None = None

    @property
    def wanted(self) -> bool:
        return self.on_update is not None

    def due(self) -> bool:
        return self.on_update is not None and time.perf_counter() >= self.next_at

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def emit(self, snapshot: Snapshot, *, rearm: bool = False) -> None:
        self.last = snapshot
        if self.on_update is not None:
            self.on_update(snapshot)
        if rearm:  # the snapshot's own cost is not counted
            self.next_at = time.perf_counter() + self.min_interval

    def fraction(self, done: float, time_limit: float | None) -> float:
        """Progress: the share of the work done, or of the time budget when that runs out sooner."""
        if time_limit is not None and time_limit > 0:
            done = max(done, self.elapsed() / time_limit)
        return min(1.0, done)
