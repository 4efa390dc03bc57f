"""Numeric parameters with stated bounds: one definition parses text, checks values and describes itself.

Every number a user can give the engine (a command-line option, a player-spec
parameter such as ``alphamu:m=2``, a field of a JSON input) has a type and a
range written down once as a :class:`Bounds`.  Parsing refuses what the type
cannot hold (``nan``, ``inf``, ``1e999``, a 5,000-digit integer, ``True`` for a
number) and what the range excludes, with a message that states the range, so
``--help`` and the error say the same thing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .quoting import quoted

__all__ = ["Bounds", "SEED", "Choice"]


def _number_text(x: float) -> str:
    if x == 2**63 - 1:
        return "2^63-1"
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else f"{x:g}"


def _shown(value: object) -> str:
    """A value of the wrong type, briefly: ``True``, ``None``, ``'text'``, ``a list``."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, str):
        return quoted(value, 20)
    return f"a {type(value).__name__}"


@dataclass(frozen=True, slots=True)
class Bounds:
    """An integer or real range; ``low_open`` makes the lower end exclusive (``time > 0``).

    ``unit`` is only for the description (``"seconds"``).
    """

    kind: type
    low: float
    high: float
    low_open: bool = False
    unit: str = ""

    def __post_init__(self) -> None:
        if self.kind not in (int, float):
            raise TypeError(f"bounds are for int or float, not {self.kind!r}")
        if not self.low <= self.high:
            raise ValueError(f"empty range {self.low}..{self.high}")

    @classmethod
    def integers(cls, low: int, high: int) -> "Bounds":
        return cls(int, low, high)

    @classmethod
    def reals(cls, low: float, high: float, *, low_open: bool = False, unit: str = "") -> "Bounds":
        return cls(float, low, high, low_open, unit)

    def __str__(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.kind is int:
            return f"{_number_text(self.low)}..{_number_text(self.high)}"
        if self.low_open:
            return f"> {_number_text(self.low)} and ≤ {_number_text(self.high)}{unit}"
        return f"{_number_text(self.low)}..{_number_text(self.high)}{unit}"

    @property
    def what(self) -> str:
        """``an integer 1..4`` / ``a number > 0 and ≤ 60 seconds``: for messages."""
        return f"{'an integer' if self.kind is int else 'a number'} {self}"

    def check(self, value: object) -> int | float:
        """``value`` itself when it is of the right type and inside the range, else ``ValueError``."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"must be {self.what}, got {_shown(value)}")
        if self.kind is int and not isinstance(value, int):
            raise ValueError(f"must be {self.what}, got {_number_text(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"must be {self.what}, got {value}")
        too_low = value <= self.low if self.low_open else value < self.low
        if too_low or value > self.high:
            shown = value if isinstance(value, int) and abs(value) < 10**15 else _number_text(float(value))
            raise ValueError(f"must be {self.what}, got {shown}")
        return value

    def parse(self, text: str) -> int | float:
        """The value written in ``text`` (``ValueError`` naming the range when it is not one)."""
        t = text.strip()
        try:
            value: int | float = int(t) if self.kind is int else float(t)
        except (ValueError, OverflowError):
            raise ValueError(f"must be {self.what}, got {quoted(text, 20)}") from None
        return self.check(value)


SEED = Bounds.integers(0, 2**63 - 1)
"""Seeds of the random streams: any non-negative 63-bit integer."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A text parameter taking one of a few words."""

    options: tuple[str, ...]

    def __str__(self) -> str:
        return "|".join(self.options)

    @property
    def what(self) -> str:
        return f"one of {', '.join(self.options)}"

    def parse(self, text: str) -> str:
        t = text.strip().lower()
        if t not in self.options:
            raise ValueError(f"must be {self.what}, got {quoted(text, 20)}")
        return t

    def check(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be {self.what}, got {_shown(value)}")
        return self.parse(value)
