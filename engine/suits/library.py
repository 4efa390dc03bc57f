"""The expert library of classic suit combinations: loading, validation and checking.

``assets/suit_combinations.json`` holds, per combination: the holdings, the
trick target, category tags, the expert line in words and as a branching plan
(:mod:`.plan`: what to do when a defender shows out or plays an honour), the
expert's stated chance as written (e.g. ``"76%"``, whose number of digits is its
precision), where it comes from (``source``; ``published`` when that is a
published table rather than the editors' own analysis), and the exact figures:
the best-defence optimum and the exact worth of the plan itself.

The plan is valued as written, the obvious continuation (:mod:`.continuation`)
playing where it stops, so the expert chance shown is the chance of the plan,
exactly.  An entry whose stated chance disagrees with the plan's worth beyond its
precision is marked ``corrected``, and its ``note`` says why.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from .model import SuitProblem, SuitProblemError
from .plan import Plan, PlanError, mirror_plan, parse_plan, plan_to_json, rename_cards
from .position import NORTH, SOUTH

__all__ = ["Tag", "LibraryEntry", "LibraryError", "EntryCheck", "library_path", "load_library",
           "parse_entry", "stated_tolerance", "check_entry", "find_entry", "signature", "LibraryMatch", "mirror_words",
           "LIBRARY_FORMAT"]

LIBRARY_FORMAT = "tenace-suit-combinations/2"


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
    plan: Plan
    expert_chance: str
    source: str
    published: bool  # the stated chance is a published figure (``source`` names the table), not the editors'
    probability: float  # exact best-defence optimum
    line_probability: float  # exact worth of the plan as written
    corrected: bool
    note: str

    @property
    def expert_probability(self) -> float:
        return float(self.expert_chance.rstrip("%")) / 100.0

    def problem(self) -> SuitProblem:
        return SuitProblem.parse(self.north, self.south)

    @property
    def plan_json(self) -> list:
        return plan_to_json(self.plan)


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
        plan = parse_plan(_field(raw, "plan", list, where))
    except (SuitProblemError, PlanError) as exc:
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
        raise LibraryError(f"{where}: the expert plan ({line_probability}) beats the optimum ({probability})")
    corrected = _field(raw, "corrected", bool, where)
    note = _field(raw, "note", str, where)
    disagrees = abs(stated / 100.0 - line_probability) > stated_tolerance(chance)
    if corrected != disagrees:
        raise LibraryError(f"{where}: corrected={corrected} but the stated {chance} and the plan's exact "
                           f"{line_probability:.4f} {'disagree' if disagrees else 'agree'}")
    if corrected and not note.strip():
        raise LibraryError(f"{where}: a corrected entry must explain the difference in 'note'")
    line = _field(raw, "line", str, where)
    if not line.strip():
        raise LibraryError(f"{where}: the expert line in words is empty")
    source = _field(raw, "source", str, where)
    if not source.strip():
        raise LibraryError(f"{where}: the source is empty")
    return LibraryEntry(ident, north, south, tricks, tuple(tags), line, plan, chance, source,
                        _field(raw, "published", bool, where), probability, line_probability, corrected, note)


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
    """What the exact solver says about an entry now: the optimum, the plan's own worth, and the best
    any line following the plan where it speaks can do (equal to the plan's worth when the plan states
    every decision that matters)."""

    probability: float
    line_probability: float
    completed_probability: float

    def matches(self, entry: LibraryEntry, tol: float = 1e-6) -> bool:
        return abs(self.probability - entry.probability) <= tol and \
            abs(self.line_probability - entry.line_probability) <= tol

    @property
    def complete(self) -> bool:
        return self.completed_probability <= self.line_probability + 1e-9


def check_entry(entry: LibraryEntry) -> EntryCheck:
    """Re-solve an entry: the exact optimum, the plan's exact worth, and its best completion."""
    from .evaluate import evaluate_line
    from .exact import best_completion, solve_exact
    from .plan import PlanLine
    from .position import SuitTable

    table = SuitTable(entry.problem())
    best = solve_exact(table, entry.tricks).value
    plan_value = evaluate_line(table, PlanLine(entry.plan)).probability(entry.tricks)
    return EntryCheck(best, plan_value, best_completion(table, entry.plan, entry.tricks))


_SWAP = {"North": "South", "South": "North", "West": "East", "East": "West"}


def mirror_words(text: str) -> str:
    """Words about the hands with North and South (and so West and East) swapped."""
    return re.sub(r"\b(North|South|West|East)\b", lambda m: _SWAP[m.group(1)], text)


@dataclass(frozen=True)
class LibraryMatch:
    """A library entry for a problem as the user wrote it: ``mirrored`` when the user's North holds the
    entry's South cards; ``plan`` and ``words`` are then already turned to the user's holdings, so that
    nothing the user reads speaks of the library's North and South."""

    entry: LibraryEntry
    mirrored: bool
    plan: Plan

    @property
    def words(self) -> str:
        return mirror_words(self.entry.line) if self.mirrored else self.entry.line

    @property
    def note(self) -> str:
        return mirror_words(self.entry.note) if self.mirrored else self.entry.note


def _slots(north: int, south: int) -> list[list[tuple[int, int]]]:
    """The ranks of a holding in the order :func:`signature` reads them: per gap North's then South's
    cards, per run the missing cards, each high to low (as (seat, rank); seat -1 for missing cards)."""
    slots: list[list[tuple[int, int]]] = []
    ns: list[tuple[int, int]] = []
    ss: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for rank in range(14, 1, -1):
        bit = 1 << (rank - 2)
        if north & bit or south & bit:
            if run:
                slots.append(run)
                run = []
            (ns if north & bit else ss).append((NORTH, rank) if north & bit else (SOUTH, rank))
        else:
            if ns or ss or not slots:
                slots.append(ns + ss)
                ns, ss = [], []
            run.append((-1, rank))
    if run:
        slots.append(run)
    slots.append(ns + ss)
    return slots


def _renamed(entry: LibraryEntry, problem: SuitProblem, mirrored: bool) -> Plan:
    """The entry's plan for ``problem`` (same signature, maybe turned round): cards renamed, seats turned."""
    p = entry.problem()
    plan = entry.plan
    ours = _slots(problem.south, problem.north) if mirrored else _slots(problem.north, problem.south)
    declarer: dict[tuple[int, int], int] = {}
    defence: dict[int, int] = {}
    for theirs_slot, ours_slot in zip(_slots(p.north, p.south), ours):
        for (seat, rank), (_s, mine) in zip(theirs_slot, ours_slot):
            if seat < 0:
                defence[rank] = mine
            else:
                declarer[(seat, rank)] = mine
    plan = rename_cards(plan, declarer, defence)
    return mirror_plan(plan) if mirrored else plan


def signature(north: int, south: int, gone: int = 0) -> tuple:
    """What the play of a holding depends on: from the top, each run of missing cards (its length) and,
    between runs, how many cards North and South hold there.  Holdings with one signature play alike
    (cards with no missing card between them are equal), so ``AQ2 opposite 543`` is the library's
    ``AQx opposite xxx``."""
    out: list = []
    n = s = 0
    run = 0
    for rank in range(14, 1, -1):
        bit = 1 << (rank - 2)
        if gone & bit:
            continue
        if north & bit or south & bit:
            if run:
                out.append(run)
                run = 0
            n += bool(north & bit)
            s += bool(south & bit)
        else:
            if n or s or not out:
                out.append((n, s))
                n = s = 0
            run += 1
    if run:
        out.append(run)
    out.append((n, s))
    return tuple(out)


def find_entry(problem: SuitProblem, tricks: int, entries: tuple[LibraryEntry, ...] | None = None
               ) -> LibraryMatch | None:
    """The library entry for these cards (up to equal cards: :func:`signature`) and target, in either
    orientation; a problem with auction knowledge or cards gone has none."""
    if problem.west_length is not None or problem.east_length is not None or problem.west_cards \
            or problem.east_cards or problem.gone or (problem.vacant_west, problem.vacant_east) != (13, 13):
        return None
    mine = signature(problem.north, problem.south)
    turned = signature(problem.south, problem.north)
    candidates = [e for e in (entries if entries is not None else load_library()) if e.tricks == tricks]
    # The library holds a few problems twice (KJxx opposite Axxx is AJxx opposite Kxxx: the ace and king
    # are equal), so the entry written with exactly the user's cards, in the user's orientation, comes first.
    for entry in candidates:
        p = entry.problem()
        if (p.north, p.south) == (problem.north, problem.south):
            return LibraryMatch(entry, False, entry.plan)
    for entry in candidates:
        p = entry.problem()
        theirs = signature(p.north, p.south)
        if theirs == mine:
            return LibraryMatch(entry, False, _renamed(entry, problem, False))
        if theirs == turned:
            return LibraryMatch(entry, True, _renamed(entry, problem, True))
    return None
