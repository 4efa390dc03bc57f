"""A progress bar whose new value is painted with the next frame, never on the spot.

``QProgressBar.setValue`` repaints synchronously whenever the bar's fill moves by a pixel, and a
synchronous repaint flushes every pending update of the whole window first: a partial hint that
moves the bar also repainted the card table there and then, inside the slot.  While the engine
thread runs Python (the GIL changes hands every few milliseconds), that turned a few milliseconds
of painting into a 50-170 ms stall of the GUI thread (measured by the latency test on a 2-core CI
machine).  This bar only schedules its repaint, so painting happens once per frame, coalesced.
"""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

__all__ = ["ProgressBar"]


class ProgressBar(QProgressBar):
    """:class:`QProgressBar` with a deferred repaint on :meth:`setValue`."""

    def setValue(self, value: int) -> None:  # noqa: N802 (Qt's name)
        if value == self.value():
            return
        self.setUpdatesEnabled(False)  # QProgressBar's own repaint() is a no-op while updates are off
        try:
            super().setValue(value)
        finally:
            self.setUpdatesEnabled(True)  # schedules an ordinary update()
