"""The expert library as a problem picker: themes, a derived difficulty, and filtering.

The library (:mod:`engine.suits.library`) tags each combination with its themes
but carries no difficulty, so one is derived here, from the themes alone, so that
it says what kind of idea the problem needs rather than how lucky the layout must
be (an exact chance of 24% can be the easiest line there is):

* **Easy** — sure tricks, split, drop: cash the top cards and count the suit;
* **Medium** — finesse, lead toward honours, ducking, obligatory finesse, unblocking;
* **Hard** — double finesse, safety play, "eight ever, nine never", combining chances,
  and the "sample fact" problems (exact figures with no stated method: the line must
  be found from scratch);
* **Expert** — deep finesse, intra-finesse, restricted choice.

A problem takes the level of its hardest theme.  Entries where no line makes the
target at all (exact optimum 0) are left out: there is nothing to find in them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Iterable

from ..suits.library import LibraryEntry, Tag, load_library

__all__ = ["Difficulty", "THEME_DIFFICULTY", "CatalogueEntry", "catalogue", "themes_of", "select"]


class Difficulty(IntEnum):
    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4

    @property
    def label(self) -> str:
        return self.name.title()


THEME_DIFFICULTY: dict[Tag, Difficulty] = {
    Tag.SURE_TRICKS: Difficulty.EASY,
    Tag.SPLIT: Difficulty.EASY,
    Tag.DROP: Difficulty.EASY,
    Tag.FINESSE: Difficulty.MEDIUM,
    Tag.LEAD_TOWARD: Difficulty.MEDIUM,
    Tag.DUCKING: Difficulty.MEDIUM,
    Tag.OBLIGATORY_FINESSE: Difficulty.MEDIUM,
    Tag.UNBLOCKING: Difficulty.MEDIUM,
    Tag.DOUBLE_FINESSE: Difficulty.HARD,
    Tag.SAFETY_PLAY: Difficulty.HARD,
    Tag.EIGHT_EVER_NINE_NEVER: Difficulty.HARD,
    Tag.COMBINING_CHANCES: Difficulty.HARD,
    Tag.SAMPLE_FACT: Difficulty.HARD,
    Tag.DEEP_FINESSE: Difficulty.EXPERT,
    Tag.INTRA_FINESSE: Difficulty.EXPERT,
    Tag.RESTRICTED_CHOICE: Difficulty.EXPERT,
}


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """A library problem as the picker lists it."""

    entry: LibraryEntry
    difficulty: Difficulty

    @property
    def themes(self) -> tuple[Tag, ...]:
        return self.entry.tags

    @property
    def label(self) -> str:
        """``#17  AJT opposite xxx: 2 tricks`` (holdings as the library writes them)."""
        e = self.entry
        return f"#{e.id}  {e.north} opposite {e.south}: {e.tricks} trick{'s' * (e.tricks > 1)}"

    @property
    def theme_text(self) -> str:
        return ", ".join(t.value for t in self.themes)


def _difficulty(entry: LibraryEntry) -> Difficulty:
    return max(THEME_DIFFICULTY.get(t, Difficulty.MEDIUM) for t in entry.tags)


def catalogue(entries: Iterable[LibraryEntry] | None = None) -> tuple[CatalogueEntry, ...]:
    """Every library problem worth practising (optimum above 0), in library order."""
    source = load_library() if entries is None else entries
    return tuple(CatalogueEntry(e, _difficulty(e)) for e in source if e.probability > 0.0)


def themes_of(entries: Iterable[CatalogueEntry]) -> tuple[Tag, ...]:
    """The themes that occur, in the library's tag order."""
    present = {t for c in entries for t in c.themes}
    return tuple(t for t in Tag if t in present)


def select(entries: Iterable[CatalogueEntry], theme: Tag | None = None,
           difficulty: Difficulty | None = None) -> tuple[CatalogueEntry, ...]:
    """The entries with ``theme`` among their tags and of ``difficulty`` (``None``: any)."""
    return tuple(c for c in entries
                 if (theme is None or theme in c.themes) and (difficulty is None or c.difficulty is difficulty))
