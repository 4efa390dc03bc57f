"""The game modes the main window hosts."""

from __future__ import annotations

from enum import Enum

__all__ = ["AppMode"]


class AppMode(Enum):
    BRIDGE = "bridge"
    HEARTS = "hearts"
    SUIT = "suit"

    @property
    def title(self) -> str:
        return "Suit practice" if self is AppMode.SUIT else self.name.title()
