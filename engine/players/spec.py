"""Player specs: ``random``, ``random:seed=3``, ``pimc:worlds=50,seed=1`` parsed and typed.

The players read their own parameters through :class:`SpecArgs`, so this module sits below
both the players and the registry that names them (a player never imports the registry).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from ..core.quoting import quoted

__all__ = ["Game", "PlayerSpec", "PlayerSpecError", "SpecArgs", "parse_spec_list"]


class PlayerSpecError(ValueError):
    """A player spec that names no known player or parameter, or has a malformed value."""


class Game(Enum):
    BRIDGE = "bridge"
    HEARTS = "hearts"


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A parsed spec: the player name and its ``key=value`` parameters in the order given."""

    name: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> "PlayerSpec":
        t = text.strip()
        name, _, rest = t.partition(":")
        name = name.strip().lower()
        if not name or not name.replace("_", "").replace("-", "").isalnum():
            raise PlayerSpecError(f"bad player spec {text!r}: expected a name such as 'rules' or 'random:seed=3'")
        params: list[tuple[str, str]] = []
        seen: set[str] = set()
        for token in rest.split(",") if rest.strip() else ():
            key, eq, value = token.partition("=")
            key, value = key.strip().lower(), value.strip()
            if not eq or not key or not value:
                raise PlayerSpecError(f"bad parameter {token.strip()!r} in player spec {text!r}: expected key=value")
            if key in seen:
                raise PlayerSpecError(f"parameter {key!r} given twice in player spec {text!r}")
            seen.add(key)
            params.append((key, value))
        return cls(name, tuple(params))

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params)


def parse_spec_list(text: str) -> list[PlayerSpec]:
    """Split ``rules,random:seed=2`` or ``alphamu:m=2,worlds=20,rules`` into specs."""
    groups: list[str] = []
    for token in text.split(","):
        if "=" in token and ":" not in token and groups:
            groups[-1] += "," + token
        else:
            groups.append(token)
    return [PlayerSpec.parse(g) for g in groups]


class SpecArgs:
    """Typed access to a spec's parameters for a factory; ``seed`` falls back to the caller's seed."""

    def __init__(self, spec: PlayerSpec, default_seed: int) -> None:
        self._spec = spec
        self._values = dict(spec.params)
        self._default_seed = default_seed

    def _convert(self, key: str, kind: Callable[[str], Any], kind_name: str, default: Any) -> Any:
        if key not in self._values:
            return default
        raw = self._values[key]
        try:
            value = kind(raw)
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(raw)
            return value
        except ValueError:
            raise PlayerSpecError(
                f"parameter {key}={quoted(raw, 20)} of player spec {quoted(str(self._spec), 60)} is not {kind_name}"
            ) from None

    def get_int(self, key: str, default: int) -> int:
        return self._convert(key, int, "an integer", default)

    def get_float(self, key: str, default: float) -> float:
        return self._convert(key, float, "a number", default)

    def get_text(self, key: str, default: str) -> str:
        return self._values.get(key, default)

    def seed(self) -> int:
        return self.get_int("seed", self._default_seed)
