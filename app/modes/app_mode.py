"""The game modes the main window hosts."""

from __future__ import annotations

from enum import Enum

__all__ = ["AppMode"]


class AppMode(Enum):
    BRIDGE = "bridge"
    HEARTS = "hearts"

    @property
    def title(self) -> str:
        return self.name.title()
