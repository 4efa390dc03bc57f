"""The expert library of classic suit combinations: loading, validation and checking.

``assets/suit_combinations.json`` holds, per combination: the holdings, the
trick target, category tags, the expert line in words and as a script
(:mod:`.script`), the expert's stated chance (as written, e.g. ``"76%"``, whose
number of digits is its precision), and the figures of the exact solver: the
best-defence optimum and the exact worth of the scripted line.  An entry whose
stated chance disagrees with the exact optimum beyond its precision is marked
``corrected`` and its ``note`` explains the difference; the exact figure is the
one the trainer shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from .model import SuitProblem, SuitProblemError
from .script import LineScript, parse_script

__all__ = ["Tag", "LibraryEntry", "LibraryError", "EntryCheck", "library_path", "load_library",
           "parse_entry", "stated_tolerance", "check_entry", "LIBRARY_FORMAT"]

LIBRARY_FORMAT = "tenace-suit-combinations/1"


class LibraryError(ValueError):
    """The library file is malformed; the message names the entry and the field."""


class Tag(Enum):
    FINESSE = "finesse"
    DOUBLE_FINESSE = "double finesse"
    DEEP_FINESSE = "deep finesse"
    SAFETY_PLAY = "safety play"
    EIGHT_EVER_NINE_NEVER = "eight ever, nine never"
    RESTRICTED_CHOICE = "restricted choice"
    INTRA_FINESSE = "intra-finesse"
    DUCKING = "ducking"
    DROP = "drop"
    LEAD_TOWARD = "lead toward honours"
    COMBINING_CHANCES = "combining chances"
    OBLIGATORY_FINESSE = "obligatory finesse"
    UNBLOCKING = "unblocking"
    SURE_TRICKS = "sure tricks"
    SPLIT = "split"
    SAMPLE_FACT = "sample fact"


@dataclass(frozen=True)
class LibraryEntry:
    id: int
    north: str
    south: str
    tricks: int
    tags: tuple[Tag, ...]
    line: str
    script: LineScript
    script_text: tuple[str, ...]
    expert_chance: str
    source: str
    probability: float  # exact best-defence optimum
    line_probability: float  # exact worth of the scripted line (completed optimally)
    corrected: bool
    note: str

    @property
    def expert_probability(self) -> float:
        return float(self.expert_chance.rstrip("%")) / 100.0

    def problem(self) -> SuitProblem:
        return SuitProblem.parse(self.north, self.south)


def stated_tolerance(chance: str) -> float:
    """Half a unit of the last digit written: "76%" -> 0.005, "33.9%" -> 0.0005 (plus float slack)."""
    digits = len(chance.rstrip("%").split(".")[1]) if "." in chance else 0
    return 0.5 * 10 ** -(digits + 2) + 1e-9


def library_path() -> Path:
    """The packaged asset (``engine/_assets``) or the repository's ``assets`` directory."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_assets" / "suit_combinations.json",
                      here.parent / "assets" / "suit_combinations.json"):
        if candidate.exists():
            return candidate
    raise LibraryError("suit_combinations.json not found in engine/_assets or assets/")


def _field(raw: dict[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in raw:
        raise LibraryError(f"{where}: missing field {name!r}")
    value = raw[name]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise LibraryError(f"{where}: field {name!r} must be {kind.__name__}, got {value!r}")
    return value


def parse_entry(raw: Any, index: int) -> LibraryEntry:
    """Validate one JSON entry; errors say which entry and field."""
    where = f"entry {index}"
    if not isinstance(raw, dict):
        raise LibraryError(f"{where}: expected an object")
    ident = _field(raw, "id", int, where)
    where = f"entry {index} (id {ident})"
    north, south = _field(raw, "north", str, where), _field(raw, "south", str, where)
    tricks = _field(raw, "tricks", int, where)
    try:
        problem = SuitProblem.parse(north, south)
        script_text = tuple(_field(raw, "script", list, where))
        script = parse_script(list(script_text))
    except SuitProblemError as exc:
        raise LibraryError(f"{where}: {exc}") from None
    if not 1 <= tricks <= problem.tricks_available:
        raise LibraryError(f"{where}: tricks={tricks} but at most {problem.tricks_available} can be taken")
    tags = []
    for t in _field(raw, "tags", list, where):
        try:
            tags.append(Tag(t))
        except ValueError:
            raise LibraryError(f"{where}: unknown tag {t!r}") from None
    if not tags:
        raise LibraryError(f"{where}: at least one tag is needed")
    chance = _field(raw, "expert_chance", str, where)
    try:
        stated = float(chance.rstrip("%"))
    except ValueError:
        raise LibraryError(f"{where}: expert_chance {chance!r} is not a percentage like '76%'") from None
    if not chance.endswith("%") or not 0.0 <= stated <= 100.0:
        raise LibraryError(f"{where}: expert_chance {chance!r} is not a percentage like '76%'")
    probability = _field(raw, "probability", float, where)
    line_probability = _field(raw, "line_probability", float, where)
    for name, p in (("probability", probability), ("line_probability", line_probability)):
        if not 0.0 <= p <= 1.0:
            raise LibraryError(f"{where}: {name}={p} is not a probability")
    if line_probability > probability + 1e-9:
        raise LibraryError(f"{where}: the scripted line ({line_probability}) beats the optimum ({probability})")
    corrected = _field(raw, "corrected", bool, where)
    note = _field(raw, "note", str, where)
    disagrees = abs(stated / 100.0 - probability) > stated_tolerance(chance)
    if corrected != disagrees:
        raise LibraryError(f"{where}: corrected={corrected} but the stated {chance} and the exact "
                           f"{probability:.4f} {'disagree' if disagrees else 'agree'}")
    if corrected and not note.strip():
        raise LibraryError(f"{where}: a corrected entry must explain the difference in 'note'")
    line = _field(raw, "line", str, where)
    if not line.strip():
        raise LibraryError(f"{where}: the expert line in words is empty")
    return LibraryEntry(ident, north, south, tricks, tuple(tags), line, script, script_text, chance,
                        _field(raw, "source", str, where), probability, line_probability, corrected, note)


def load_library(path: str | Path | None = None) -> tuple[LibraryEntry, ...]:
    """All entries, validated (unique ids, known tags, consistent flags)."""
    p = Path(path) if path is not None else library_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise LibraryError(f"{p}: line {exc.lineno}: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("format") != LIBRARY_FORMAT:
        raise LibraryError(f"{p}: expected an object with format {LIBRARY_FORMAT!r}")
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise LibraryError(f"{p}: 'entries' must be a list")
    out = [parse_entry(raw, i) for i, raw in enumerate(entries, start=1)]
    seen: set[int] = set()
    for e in out:
        if e.id in seen:
            raise LibraryError(f"{p}: id {e.id} is used twice")
        seen.add(e.id)
    return tuple(out)


@dataclass(frozen=True)
class EntryCheck:
    """What the exact solver says about an entry now."""

    probability: float
    line_probability: float

    def matches(self, entry: LibraryEntry, tol: float = 1e-6) -> bool:
        return abs(self.probability - entry.probability) <= tol and \
            abs(self.line_probability - entry.line_probability) <= tol


def check_entry(entry: LibraryEntry) -> EntryCheck:
    """Re-solve an entry: the exact optimum and the exact worth of its scripted line."""
    from .exact import solve_exact
    from .position import SuitTable

    table = SuitTable(entry.problem())
    best = solve_exact(table, entry.tricks).value
    scripted = solve_exact(table, entry.tricks, lambda pos, moves: entry.script.allowed(table, pos, moves)).value
    return EntryCheck(best, scripted)
