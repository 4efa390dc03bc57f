"""User settings: a frozen dataclass stored as JSON in the user config dir (appdirs).

Loading never fails: a missing file gives the defaults silently; an unreadable or
corrupt file, or a field with a bad value, falls back to the default for what is wrong
and says so in :attr:`SettingsLoad.problems` (the window shows those messages).
Saving is atomic (temp file in the same directory, fsync, ``os.replace``) so a crash
mid-write never leaves a half-written file behind.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path

import appdirs

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
]

APP_NAME = "tenace"
APP_AUTHOR = "Tenace"
SETTINGS_FILE = "settings.json"
ANIMATION_MS_RANGE = (50, 2000)
TRICK_PAUSE_CLICK = -1
"""``trick_pause_ms``: a finished trick stays until you click the table (or a card is played)."""
TRICK_PAUSE_RANGE = (0, 5000)


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


def settings_path() -> Path:
    return Path(appdirs.user_config_dir(APP_NAME, APP_AUTHOR)) / SETTINGS_FILE


def _encode(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def _decode_field(name: str, raw: object) -> object:
    """The typed value of one field, or ``ValueError`` saying why ``raw`` does not fit."""
    default = getattr(Settings(), name)
    if isinstance(default, Enum):
        choices = [m.value for m in type(default)]
        if raw not in choices:
            raise ValueError(f"{raw!r} is not one of {', '.join(choices)}")
        return type(default)(raw)
    if isinstance(default, bool):
        if not isinstance(raw, bool):
            raise ValueError(f"{raw!r} is not true or false")
        return raw
    if isinstance(default, int):
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ValueError(f"{raw!r} is not a whole number")
        dataclasses.replace(Settings(), **{name: raw})  # range checks live in __post_init__
        return raw
    raise TypeError(f"settings field {name} has an unsupported type")  # a programming error


def load_settings(path: Path | None = None) -> SettingsLoad:
    path = path or settings_path()
    if not path.exists():
        return SettingsLoad(Settings(), ())
    where = f"settings file {path}"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return SettingsLoad(Settings(), (f"{where} could not be read ({exc}); using the defaults",))
    except json.JSONDecodeError as exc:
        return SettingsLoad(
            Settings(), (f"{where} is not valid JSON (line {exc.lineno}: {exc.msg}); using the defaults",)
        )
    if not isinstance(data, dict):
        return SettingsLoad(Settings(), (f"{where} does not hold a JSON object; using the defaults",))
    values: dict[str, object] = {}
    problems: list[str] = []
    known = {f.name for f in fields(Settings)}
    for key in sorted(set(data) - known):
        problems.append(f"{where}: unknown setting {key!r} ignored")
    for name in sorted(known & set(data)):
        try:
            values[name] = _decode_field(name, data[name])
        except ValueError as exc:
            problems.append(f"{where}: {name}: {exc}; using the default {_encode(getattr(Settings(), name))!r}")
    return SettingsLoad(Settings(**values), tuple(problems))  # type: ignore[arg-type]


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically; returns the path written."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path
