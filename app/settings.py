"""User settings: a frozen dataclass stored as JSON in the user config dir (appdirs).

Loading never fails and never stops the app, whatever the file holds (broken or
deeply nested JSON, a 5,000-digit number, binary junk, a huge file): a missing file
gives the defaults silently; anything else that is wrong falls back to the defaults
for what is wrong (the whole file, or one field) and says so in
:attr:`SettingsLoad.problems`, which the window shows.  The damaged file is kept
beside as ``settings.json.bad-<date>-<time>`` (:attr:`SettingsLoad.kept`) and the
settings that could be read are written back, so the next start is clean and
nothing the user had is lost.  Saving is atomic (:func:`app.saves.atomic_write_text`).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path

import appdirs

from engine.formats.user_file import open_user_file

from .saves import atomic_write_text, keep_aside

__all__ = [
    "DeckColours",
    "HandVisibility",
    "CardSize",
    "Strength",
    "TRICK_PAUSE_CLICK",
    "TRICK_PAUSE_RANGE",
    "Settings",
    "SettingsLoad",
    "settings_path",
    "load_settings",
    "save_settings",
    "ANIMATION_MS_RANGE",
    "MAX_SETTINGS_BYTES",
]

APP_NAME = "tenace"
APP_AUTHOR = "Tenace"
SETTINGS_FILE = "settings.json"
LEGACY_TEMP_PREFIX = ".settings-"
"""Temporary files of saves by earlier versions (``.settings-XXXXXXXX.tmp``)."""
ANIMATION_MS_RANGE = (50, 2000)
TRICK_PAUSE_CLICK = -1
"""``trick_pause_ms``: a finished trick stays until you click the table (or a card is played)."""
TRICK_PAUSE_RANGE = (0, 5000)
MAX_SETTINGS_BYTES = 64 * 1024
"""A settings file is a few hundred bytes; anything far larger is not one (and is not read whole)."""


class DeckColours(Enum):
    """Two-colour (red/black) or four-colour (♠ black, ♥ red, ♦ blue, ♣ green) suits."""

    TWO_COLOUR = "two-colour"
    FOUR_COLOUR = "four-colour"


class HandVisibility(Enum):
    """Which bridge hands the table shows face up (the user's side is the honest way to play)."""

    ALL_HANDS = "all-hands"
    OWN_SIDE = "own-side"


class CardSize(Enum):
    """How big the cards are drawn: a share of the largest size the window has room for."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class Strength(Enum):
    """How well the computer plays, in a player's words (the engine behind each is in
    :mod:`app.viewmodels.strength`)."""

    BEGINNER = "beginner"
    CLUB_PLAYER = "club-player"
    EXPERT = "expert"


@dataclass(frozen=True, slots=True)
class Settings:
    """What the user chose in Settings.  ``trick_pause_ms``: how long a finished trick stays on the table
    before the computer leads to the next one (:data:`TRICK_PAUSE_CLICK`: until you click);
    ``show_engine_details``: the advanced view, with the engines' own names and parameters."""

    deck_colours: DeckColours = DeckColours.TWO_COLOUR
    hand_visibility: HandVisibility = HandVisibility.OWN_SIDE
    animate_cards: bool = True
    animation_ms: int = 250
    card_size: CardSize = CardSize.LARGE
    trick_pause_ms: int = 1200
    sound: bool = True
    strength: Strength = Strength.CLUB_PLAYER
    show_engine_details: bool = False

    def __post_init__(self) -> None:
        lo, hi = ANIMATION_MS_RANGE
        if not lo <= self.animation_ms <= hi:
            raise ValueError(f"animation_ms {self.animation_ms} is out of range {lo}..{hi}")
        lo, hi = TRICK_PAUSE_RANGE
        if self.trick_pause_ms != TRICK_PAUSE_CLICK and not lo <= self.trick_pause_ms <= hi:
            raise ValueError(f"trick_pause_ms {self.trick_pause_ms} is out of range {lo}..{hi} "
                             f"(or {TRICK_PAUSE_CLICK}: until a click)")

    def to_json(self) -> dict[str, object]:
        return {f.name: _encode(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class SettingsLoad:
    settings: Settings
    problems: tuple[str, ...]
    kept: Path | None = None
    """Where the damaged file was kept (``None`` when nothing was wrong, or it could not be moved)."""


def settings_path() -> Path:
    return Path(appdirs.user_config_dir(APP_NAME, APP_AUTHOR)) / SETTINGS_FILE


def _encode(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def _short(raw: object) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:40] + "…"


def _decode_field(name: str, raw: object) -> object:
    """The typed value of one field, or ``ValueError`` saying why ``raw`` does not fit."""
    default = getattr(Settings(), name)
    if isinstance(default, Enum):
        choices = [m.value for m in type(default)]
        if raw not in choices:
            raise ValueError(f"{_short(raw)} is not one of {', '.join(choices)}")
        return type(default)(raw)
    if isinstance(default, bool):
        if not isinstance(raw, bool):
            raise ValueError(f"{_short(raw)} is not true or false")
        return raw
    if isinstance(default, int):
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ValueError(f"{_short(raw)} is not a whole number")
        dataclasses.replace(Settings(), **{name: raw})  # range checks live in __post_init__
        return raw
    raise TypeError(f"settings field {name} has an unsupported type")  # a programming error


class _Unreadable(Exception):
    """The file as a whole cannot be used; the message says why."""


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a value a setting can have")


def _read_object(path: Path) -> dict[str, object]:
    """The JSON object in ``path``, or :class:`_Unreadable` saying why not (never anything else)."""
    try:
        with open_user_file(path) as f:  # a FIFO there would block the start for ever
            data = f.read(MAX_SETTINGS_BYTES + 1)
    except OSError as exc:
        raise _Unreadable(f"could not be read ({exc.strerror or exc})") from None
    if len(data) > MAX_SETTINGS_BYTES:
        raise _Unreadable(f"is larger than {MAX_SETTINGS_BYTES // 1024} KB, too large to be settings")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _Unreadable("is not UTF-8 text") from None
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise _Unreadable("is not valid settings (nested too deeply)") from None
    except (ValueError, MemoryError) as exc:  # NaN, numbers beyond Python's digit limit
        raise _Unreadable(f"is not valid settings ({str(exc)[:80]})") from None
    if not isinstance(obj, dict):
        raise _Unreadable("does not hold a JSON object")
    return obj


def _decode_all(data: dict[str, object], where: str) -> tuple[dict[str, object], list[str]]:
    values: dict[str, object] = {}
    problems: list[str] = []
    known = {f.name for f in fields(Settings)}
    for key in sorted(k for k in data if k not in known):
        shown = key if len(key) <= 40 else key[:40] + "…"
        problems.append(f"{where}: unknown setting {shown!r} ignored")
    for name in sorted(known & set(data)):
        try:
            values[name] = _decode_field(name, data[name])
        except ValueError as exc:
            problems.append(f"{where}: {name}: {str(exc)[:120]}; using the default {_encode(getattr(Settings(), name))!r}")
    return values, problems


def load_settings(path: Path | None = None) -> SettingsLoad:
    """The saved settings; whatever is wrong falls back to the defaults and is reported (see the module doc)."""
    path = path or settings_path()
    if not path.exists():
        return SettingsLoad(Settings(), ())
    where = f"settings file {path}"
    try:
        values, problems = _decode_all(_read_object(path), where)
        settings = Settings(**values)  # type: ignore[arg-type]
    except _Unreadable as exc:
        settings, problems = Settings(), [f"{where} {exc}; using the defaults"]
    except Exception as exc:  # noqa: BLE001 - settings must never stop the app
        settings, problems = Settings(), [f"{where} could not be used ({type(exc).__name__}); using the defaults"]
    if not problems:
        return SettingsLoad(settings, ())
    kept = keep_aside(path)
    if kept is not None:
        problems.append(f"the old file was kept as {kept.name}")
        try:
            save_settings(settings, path)
        except OSError:
            pass
    return SettingsLoad(settings, tuple(problems), kept)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically; returns the path written."""
    path = path or settings_path()
    return atomic_write_text(path, json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n")
