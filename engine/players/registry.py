"""Player specs for the CLIs and match harnesses: ``random``, ``random:seed=3``, ``rules``, ``pimc:worlds=50,seed=1``.

A spec is a player name, optionally followed by ``:`` and ``key=value``
parameters separated by commas.  Names are per game (the bridge ``rules``
player is not the Hearts one).  Each entry declares the parameters it accepts,
so a misspelt name or parameter is a :class:`PlayerSpecError` that lists what
would have been accepted.  Factories import their player module lazily: looking
up ``random`` never loads a search engine.

The name ``default`` stands for the app's default player of the game
(:data:`DEFAULT_PLAYERS`), with any parameters given added to or replacing
its own: ``default:seed=3``.  The CLI, the match harnesses, the benchmarks
and the app all resolve it here, so "the default player" is one spec.

Lists of specs (``--players rules,random`` or ``alphamu:m=2,worlds=20,rules``)
are split by :func:`parse_spec_list`: a comma-separated token that contains
``=`` but no ``:`` is a further parameter of the spec before it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .base import Player
from .spec import Game, PlayerSpec, PlayerSpecError, SpecArgs, parse_spec_list

__all__ = [
    "Game",
    "PlayerSpec",
    "PlayerSpecError",
    "SpecArgs",
    "PlayerEntry",
    "PlayerRegistry",
    "REGISTRY",
    "parse_spec_list",
    "create_player",
    "DEFAULT_NAME",
    "DEFAULT_PLAYERS",
    "default_spec",
]

DEFAULT_NAME = "default"


PlayerFactory = Callable[[SpecArgs], Player[Any]]
"""Builds a player from its spec's arguments."""


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    game: Game
    name: str
    factory: PlayerFactory
    params: tuple[str, ...]
    summary: str
    presets: tuple[tuple[str, str], ...] = ()
    """Named strengths, weakest first: (name, parameters as in a spec, ``""`` for the defaults)."""


class PlayerRegistry:
    """Player names per game, each with its factory and accepted parameters."""

    def __init__(self) -> None:
        self._entries: dict[tuple[Game, str], PlayerEntry] = {}

    def register(
        self, game: Game, name: str, factory: PlayerFactory, *, params: tuple[str, ...] = (), summary: str = "",
        presets: tuple[tuple[str, str], ...] = (),
    ) -> None:
        key = (game, name.lower())
        if key in self._entries:
            raise ValueError(f"{game.value} player {name!r} is already registered")
        for preset, text in presets:
            unknown = [k for k, _ in PlayerSpec.parse(f"{name}:{text}").params if k not in params]
            if unknown:
                raise ValueError(f"preset {preset!r} of {name!r} sets {unknown}, not among {params}")
        self._entries[key] = PlayerEntry(game, name.lower(), factory, tuple(params), summary, tuple(presets))

    def names(self, game: Game) -> tuple[str, ...]:
        return tuple(sorted(name for g, name in self._entries if g == game))

    def entries(self, game: Game) -> Mapping[str, PlayerEntry]:
        return {e.name: e for (g, _), e in sorted(self._entries.items(), key=lambda kv: kv[0][1]) if g == game}

    def resolve(self, game: Game, spec: "PlayerSpec | str") -> PlayerSpec:
        """``spec`` with ``default`` replaced by the game's default player (its parameters, then the spec's)."""
        parsed = PlayerSpec.parse(spec) if isinstance(spec, str) else spec
        if parsed.name != DEFAULT_NAME:
            return parsed
        base = PlayerSpec.parse(default_spec(game))
        given = dict(parsed.params)
        params = tuple((k, given.pop(k, v)) for k, v in base.params) + tuple(given.items())
        return PlayerSpec(base.name, params)

    def create(self, game: Game, spec: "PlayerSpec | str", *, seed: int = 0) -> Player[Any]:
        """A new player for ``spec``; ``seed`` is used unless the spec sets ``seed=``."""
        parsed = self.resolve(game, spec)
        entry = self._entries.get((game, parsed.name))
        if entry is None:
            names = self.names(game)
            if PlayerSpec.parse(default_spec(game)).name in names:
                names = (DEFAULT_NAME,) + names
            known = ", ".join(names) or "none"
            raise PlayerSpecError(f"unknown {game.value} player {parsed.name!r} (known: {known})")
        for key, _ in parsed.params:
            if key not in entry.params:
                accepted = ", ".join(entry.params) or "no parameters"
                raise PlayerSpecError(
                    f"unknown parameter {key!r} for {game.value} player {entry.name!r} (accepted: {accepted})"
                )
        return entry.factory(SpecArgs(parsed, seed))


def _lazy(module: str, attribute: str) -> Callable[[], Any]:
    return lambda: getattr(importlib.import_module(module, __package__), attribute)


def _register_defaults(registry: PlayerRegistry) -> None:
    random_bridge = _lazy(".bridge_random", "RandomBridgePlayer")
    rules_bridge = _lazy(".bridge_rules", "RulesBridgePlayer")
    random_hearts = _lazy(".hearts_random", "RandomHeartsPlayer")
    rules_hearts = _lazy(".hearts_rules", "RulesHeartsPlayer")
    registry.register(
        Game.BRIDGE, "random", lambda a: random_bridge()(a.seed()), params=("seed",), summary="uniformly random legal card"
    )
    registry.register(
        Game.BRIDGE, "rules", lambda a: rules_bridge()(), summary="textbook heuristics (second hand low, ...)"
    )
    pimc_bridge = _lazy(".bridge_pimc", "BridgePimcPlayer")
    alphamu_bridge = _lazy(".bridge_alphamu", "BridgeAlphaMuPlayer")
    registry.register(
        Game.BRIDGE, "pimc", lambda a: pimc_bridge()(a.get_int("worlds", 20), a.seed()),
        params=("worlds", "seed"), summary="Monte Carlo over sampled worlds, double-dummy means (PIMC)",
        presets=(("Fast", "worlds=10"), ("Normal", ""), ("Strong", "worlds=40")),
    )
    registry.register(
        Game.BRIDGE, "alphamu", lambda a: alphamu_bridge()(a.get_int("m", 2), a.get_int("worlds", 20), a.seed()),
        params=("m", "worlds", "seed"), summary="αμ: declarer searches M of its moves ahead (PIMC in defence)",
        presets=(("Fast", "m=1,worlds=10"), ("Normal", ""), ("Strong", "m=3")),
    )
    registry.register(
        Game.HEARTS, "random", lambda a: random_hearts()(a.seed()), params=("seed",), summary="uniformly random legal card and pass"
    )
    registry.register(
        Game.HEARTS, "rules", lambda a: rules_hearts()(), summary="classic heuristics (duck, dump the queen, lead low)"
    )
    mcmaxn_hearts = _lazy(".hearts_mcmaxn", "from_spec")
    registry.register(
        Game.HEARTS, "mcmaxn", lambda a: mcmaxn_hearts()(a), params=("worlds", "time", "depth", "exact", "lead", "pass", "passeval", "search", "seed"),
        summary="MC-Max_n: Max_n averaged over sampled worlds (Perkins' Sweetpea)",
        presets=(("Fast", "worlds=40,time=0.25"), ("Normal", ""), ("Strong", "worlds=300,time=2")),
    )
    iimaxn_hearts = _lazy(".hearts_iimaxn", "from_spec")
    registry.register(
        Game.HEARTS, "iimaxn", lambda a: iimaxn_hearts()(a), params=("samples", "threshold", "seed"),
        summary="II-Max_n: one tree over possibly held cards (Perkins' Bluto)",
        presets=(("Fast", "samples=5"), ("Normal", ""), ("Strong", "samples=20")),
    )

    mcts_params = ("worlds", "sims", "c", "eps", "owneps", "opp", "paranoia", "infer", "pass", "passby", "seed")
    uct_hearts = _lazy(".hearts_mcts", "uct_from_spec")
    registry.register(
        Game.HEARTS, "uct", lambda a: uct_hearts()(a), params=mcts_params,
        summary="PIMC + UCT with rule-based playouts (Sturtevant's xinxin)",
        presets=(("Fast", "sims=1000"), ("Normal", ""), ("Strong", "sims=10000")),
    )
    ismcts_hearts = _lazy(".hearts_mcts", "ismcts_from_spec")
    registry.register(
        Game.HEARTS, "ismcts", lambda a: ismcts_hearts()(a), params=mcts_params,
        summary="information-set MCTS over worlds weighed by the others' play (the app's default)",
        presets=(("Fast", "sims=1000"), ("Normal", ""), ("Strong", "sims=10000")),
    )

DEFAULT_PLAYERS: Mapping[Game, str] = {
    Game.BRIDGE: "rules",
    Game.HEARTS: "ismcts",
}
"""The app's default computer player per game, as a spec (what ``default`` names)."""


def default_spec(game: Game) -> str:
    """The spec of the game's default player (what ``default`` stands for)."""
    return DEFAULT_PLAYERS[game]


REGISTRY = PlayerRegistry()
_register_defaults(REGISTRY)


def create_player(game: Game, spec: "PlayerSpec | str", *, seed: int = 0) -> Player[Any]:
    """A player from the default registry (see :class:`PlayerRegistry.create`)."""
    return REGISTRY.create(game, spec, seed=seed)
