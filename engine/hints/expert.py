"""The expert line for the decisive suit, when it is a classic combination of the library.

Two holdings are the same combination when, for each of declarer's two hands,
the multiset of *barriers* agrees: for every card, how many defenders' cards
outrank it.  That is exactly what the library's ``x`` convention means (an
``x`` is a low card with every other unnamed card above it), so ``AQ2``
opposite ``543`` is entry ``AQx``/``xxx``.  Only untouched suits match (all 13
cards still live): the library's chances are a-priori figures for the whole
suit.  The library's North/South may be either of our two hands; the
orientation is reported so the reader can map "North"/"South" and
"West"/"East" in the expert's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core.cards import SUIT_MASKS
from ..core.seats import Seat
from ..suits.library import LibraryEntry, load_library
from ..suits.model import parse_holdings

__all__ = ["ExpertLine", "expert_lines", "barrier_signature"]


@dataclass(frozen=True, slots=True)
class ExpertLine:
    """A library entry matching the decisive suit, and how its North/South map onto the table."""

    entry_id: int
    north: str
    south: str
    tricks: int
    tags: tuple[str, ...]
    line: str
    probability: float  # the exact best-defence chance (the figure the trainer shows)
    line_probability: float  # the exact worth of the expert's scripted line
    expert_chance: str  # the chance as the source states it
    library_north: Seat  # our seat playing the library's North
    library_south: Seat
    suit: int
    steps: tuple[str, ...] = ()  # the library's plan in short steps (library seats; :func:`table_words` turns them)

    @property
    def stated_probability(self) -> float:
        return float(self.expert_chance.rstrip("%")) / 100.0

    def to_json(self) -> dict[str, object]:
        return {"id": self.entry_id, "north": self.north, "south": self.south, "tricks": self.tricks,
                "tags": list(self.tags), "line": self.line, "probability": round(self.probability, 6),
                "line_probability": round(self.line_probability, 6), "expert_chance": self.expert_chance,
                "library_north": self.library_north.letter, "library_south": self.library_south.letter,
                "suit": "SHDC"[self.suit], "steps": [table_words(self, x) for x in self.steps]}


def table_words(e: ExpertLine, text: str) -> str:
    """Words about the library's seats turned to the table's: its North and South are the seats holding
    those cards here, its West and East the defenders sitting where the library puts them."""
    import re

    seats = {"North": e.library_north, "South": e.library_south,
             "West": e.library_south.lho, "East": e.library_north.lho}
    return re.sub(r"\b(North|South|West|East)\b", lambda m: seats[m.group(1)].name.title(), text)


@lru_cache(maxsize=512)
def _steps(entry_id: int) -> tuple[str, ...]:
    """The library plan of an entry in short steps (the suit mode's narration, library seats)."""
    from ..suits.narrate import plan_steps
    from ..suits.position import SuitTable

    entry = next(e for e in load_library() if e.id == entry_id)
    return tuple(("  " * x.depth) + x.text for x in plan_steps(SuitTable(entry.problem()), entry.plan))


def barrier_signature(north_field: int, south_field: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per hand, the sorted counts of defenders' cards above each card (13-bit rank fields)."""
    defenders = ((1 << 13) - 1) & ~(north_field | south_field)

    def sig(field: int) -> tuple[int, ...]:
        return tuple(sorted((defenders >> (r + 1)).bit_count() for r in range(13) if field >> r & 1))

    return sig(north_field), sig(south_field)


@lru_cache(maxsize=1)
def _library_index() -> dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[LibraryEntry, ...]]:
    index: dict[tuple[tuple[int, ...], tuple[int, ...]], list[LibraryEntry]] = {}
    for e in load_library():
        if e.probability <= 0.0 or "cut off" in e.line:  # impossible targets and truncated remarks teach nothing
            continue
        n, s = parse_holdings(e.north, e.south)
        index.setdefault(barrier_signature(n, s), []).append(e)
    return {k: tuple(v) for k, v in index.items()}


def expert_lines(suit: int, hands: dict[Seat, int], live: int, limit: int = 4) -> tuple[ExpertLine, ...]:
    """Library entries for the two declaring hands' holdings in ``suit`` (``hands``: seat -> card mask
    at the start of the current trick); empty unless all 13 cards of the suit are live."""
    if len(hands) != 2 or live & SUIT_MASKS[suit] != SUIT_MASKS[suit]:
        return ()
    (a, ha), (b, hb) = sorted(hands.items())
    fa, fb = (ha >> (13 * suit)) & 0x1FFF, (hb >> (13 * suit)) & 0x1FFF
    index = _library_index()
    found: list[ExpertLine] = []
    for north, south, fn, fs in ((a, b, fa, fb), (b, a, fb, fa)):
        for e in index.get(barrier_signature(fn, fs), ()):
            if any(x.entry_id == e.id for x in found):
                continue
            found.append(ExpertLine(e.id, e.north, e.south, e.tricks, tuple(t.value for t in e.tags), e.line,
                                    e.probability, e.line_probability, e.expert_chance, north, south, suit,
                                    _steps(e.id)))
    found.sort(key=lambda x: (-x.tricks, x.entry_id))
    return tuple(found[:limit])
