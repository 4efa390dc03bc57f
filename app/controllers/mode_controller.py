"""What the main window needs from a mode's controller (Bridge, Hearts, and any mode added later)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from ..settings import HandVisibility
from ..viewmodels.hints import HintTarget
from ..viewmodels.info import InfoRow
from ..viewmodels.table import TableState

__all__ = ["ModeController"]


class ModeController(Protocol):
    changed: SignalInstance  # the table or panels should be redrawn
    message: SignalInstance  # a short text for the status bar
    pace_ms: int  # the pause before each computer card

    @property
    def is_thinking(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_retry(self) -> bool:
        """Whether an engine failure left something to ask again (shown with a Retry button)."""
        ...

    def retry(self) -> None:
        """Ask the engine again for what failed (a computer's card, a board): the hand is never stuck."""
        ...

    def activate(self) -> None: ...

    def deactivate(self) -> None: ...

    def table_state(self, visibility: HandVisibility) -> TableState | None: ...

    def title(self) -> str: ...

    def info_rows(self) -> tuple[InfoRow, ...]: ...

    def card_chosen(self, card: int) -> None: ...

    def hint_target(self) -> HintTarget | None:
        """The position a hint would be about, when the user is to play a card; else None."""
        ...

    def undo(self) -> None: ...
