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

Every parameter is a :class:`Param` with stated bounds (``alphamu:m`` 1..4,
``mcmaxn:time`` > 0 and ≤ 60 seconds, ...): :meth:`PlayerRegistry.create` checks each
value against them before the player is built, so ``m=99``, ``time=nan`` or
``worlds=-3`` are refused with the range, and :func:`players_help` lists them for
the commands' ``--help``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..core.bounds import SEED, Bounds, Choice
from ..core.quoting import quoted
from .base import Player
from .spec import Game, PlayerSpec, PlayerSpecError, SpecArgs, parse_spec_list

__all__ = [
    "Game",
    "PlayerSpec",
    "PlayerSpecError",
    "Param",
    "SpecArgs",
    "PlayerEntry",
    "PlayerRegistry",
    "REGISTRY",
    "parse_spec_list",
    "create_player",
    "DEFAULT_NAME",
    "DEFAULT_PLAYERS",
    "default_spec",
    "players_help",
]

DEFAULT_NAME = "default"


PlayerFactory = Callable[[SpecArgs], Player[Any]]
"""Builds a player from its spec's arguments."""


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter a player accepts, with its bounds (a numeric range or a few words)."""

    name: str
    bounds: Bounds | Choice
    help: str = ""

    def __str__(self) -> str:
        return f"{self.name} {self.bounds}"

    def parse(self, text: str) -> object:
        return self.bounds.parse(text)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    game: Game
    name: str
    factory: PlayerFactory
    params: tuple[str, ...]
    summary: str
    presets: tuple[tuple[str, str], ...] = ()
    """Named strengths, weakest first: (name, parameters as in a spec, ``""`` for the defaults)."""
    param_specs: tuple[Param, ...] = ()
    """The parameters with their bounds, in the order of ``params``."""

    def param(self, name: str) -> Param:
        return next(p for p in self.param_specs if p.name == name)

    def describe_params(self) -> str:
        return ", ".join(str(p) for p in self.param_specs) or "no parameters"


class PlayerRegistry:
    """Player names per game, each with its factory and accepted parameters."""

    def __init__(self) -> None:
        self._entries: dict[tuple[Game, str], PlayerEntry] = {}

    def register(
        self, game: Game, name: str, factory: PlayerFactory, *, params: tuple[Param, ...] = (), summary: str = "",
        presets: tuple[tuple[str, str], ...] = (),
    ) -> None:
        key = (game, name.lower())
        if key in self._entries:
            raise ValueError(f"{game.value} player {name!r} is already registered")
        if not all(isinstance(p, Param) for p in params):
            raise TypeError(f"the parameters of {name!r} must be Params with bounds, got {params!r}")
        names = tuple(p.name for p in params)
        entry = PlayerEntry(game, name.lower(), factory, names, summary, tuple(presets), tuple(params))
        for preset, text in presets:
            parsed = PlayerSpec.parse(f"{name}:{text}")
            unknown = [k for k, _ in parsed.params if k not in names]
            if unknown:
                raise ValueError(f"preset {preset!r} of {name!r} sets {unknown}, not among {names}")
            self._check(entry, parsed)
        self._entries[key] = entry

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
        self._check(entry, parsed)
        return entry.factory(SpecArgs(parsed, seed))

    @staticmethod
    def _check(entry: PlayerEntry, spec: PlayerSpec) -> None:
        """Every parameter known to the player and inside its bounds."""
        for key, value in spec.params:
            if key not in entry.params:
                raise PlayerSpecError(
                    f"unknown parameter {quoted(key)} for {entry.game.value} player {entry.name!r} "
                    f"(accepted: {entry.describe_params()})"
                )
            try:
                entry.param(key).parse(value)
            except ValueError as exc:
                raise PlayerSpecError(f"player spec {quoted(str(spec), 60)}: parameter {key} {exc}") from None


def _lazy(module: str, attribute: str) -> Callable[[], Any]:
    return lambda: getattr(importlib.import_module(module, __package__), attribute)


_SEED = Param("seed", SEED, "random stream")
BRIDGE_WORLDS = Bounds.integers(1, 1000)
ALPHAMU_M = Bounds.integers(1, 4)
"""αμ's M, the declarer moves searched: M=3 takes seconds per decision and each step multiplies it."""


def _register_defaults(registry: PlayerRegistry) -> None:
    random_bridge = _lazy(".bridge_random", "RandomBridgePlayer")
    rules_bridge = _lazy(".bridge_rules", "RulesBridgePlayer")
    random_hearts = _lazy(".hearts_random", "RandomHeartsPlayer")
    rules_hearts = _lazy(".hearts_rules", "RulesHeartsPlayer")
    registry.register(
        Game.BRIDGE, "random", lambda a: random_bridge()(a.seed()), params=(_SEED,), summary="uniformly random legal card"
    )
    registry.register(
        Game.BRIDGE, "rules", lambda a: rules_bridge()(), summary="textbook heuristics (second hand low, ...)"
    )
    pimc_bridge = _lazy(".bridge_pimc", "BridgePimcPlayer")
    alphamu_bridge = _lazy(".bridge_alphamu", "BridgeAlphaMuPlayer")
    worlds = Param("worlds", BRIDGE_WORLDS, "sampled deals per decision")
    registry.register(
        Game.BRIDGE, "pimc", lambda a: pimc_bridge()(a.get_int("worlds", 20), a.seed()),
        params=(worlds, _SEED), summary="Monte Carlo over sampled worlds, double-dummy means (PIMC)",
        presets=(("Fast", "worlds=10"), ("Normal", ""), ("Strong", "worlds=40")),
    )
    registry.register(
        Game.BRIDGE, "alphamu", lambda a: alphamu_bridge()(a.get_int("m", 2), a.get_int("worlds", 20), a.seed()),
        params=(Param("m", ALPHAMU_M, "declarer moves searched"), worlds, _SEED),
        summary="αμ: declarer searches M of its moves ahead (PIMC in defence)",
        presets=(("Fast", "m=1,worlds=10"), ("Normal", ""), ("Strong", "m=3")),
    )
    registry.register(
        Game.HEARTS, "random", lambda a: random_hearts()(a.seed()), params=(_SEED,),
        summary="uniformly random legal card and pass"
    )
    registry.register(
        Game.HEARTS, "rules", lambda a: rules_hearts()(), summary="classic heuristics (duck, dump the queen, lead low)"
    )
    mcmaxn_hearts = _lazy(".hearts_mcmaxn", "from_spec")
    tricks = Bounds.integers(1, 13)
    registry.register(
        Game.HEARTS, "mcmaxn", lambda a: mcmaxn_hearts()(a),
        params=(Param("worlds", Bounds.integers(1, 5000), "sampled deals per card"),
                Param("time", Bounds.reals(0, 60, low_open=True, unit="seconds"), "time per card"),
                Param("depth", tricks, "tricks searched"), Param("exact", Bounds.integers(0, 13), "solve exactly from"),
                Param("lead", tricks, "tricks searched when leading"),
                Param("pass", Bounds.integers(1, 1000), "deals simulated per pass"),
                Param("passeval", Choice(("search", "playout")), "how a pass is judged"),
                Param("search", Choice(("maxn", "paranoid")), "how each world is searched"), _SEED),
        summary="MC-Max_n: Max_n averaged over sampled worlds (Perkins' Sweetpea)",
        presets=(("Fast", "worlds=40,time=0.25"), ("Normal", ""), ("Strong", "worlds=300,time=2")),
    )
    iimaxn_hearts = _lazy(".hearts_iimaxn", "from_spec")
    registry.register(
        Game.HEARTS, "iimaxn", lambda a: iimaxn_hearts()(a),
        params=(Param("samples", Bounds.integers(1, 200), "worlds sampled at the root"),
                Param("threshold", Bounds.reals(0, 1), "void probability ignored"), _SEED),
        summary="II-Max_n: one tree over possibly held cards (Perkins' Bluto)",
        presets=(("Fast", "samples=5"), ("Normal", ""), ("Strong", "samples=20")),
    )

    probability = Bounds.reals(0, 1)
    mcts_params = (
        Param("worlds", Bounds.integers(1, 1000), "sampled deals per decision"),
        Param("sims", Bounds.integers(1, 100_000), "simulations per decision (at least the worlds)"),
        Param("c", Bounds.reals(0, 10), "UCT exploration constant"),
        Param("eps", probability, "random moves in the playouts"),
        Param("owneps", probability, "random moves of the searching seat in the playouts"),
        Param("opp", Choice(("policy", "tree")), "how the others are modelled"),
        Param("paranoia", probability, "weight of the worst case"),
        Param("infer", probability, "noise of the play model weighing worlds (0: off)"),
        Param("pass", Bounds.integers(1, 1000), "deals simulated per pass"),
        Param("passby", Choice(("search", "rules")), "how passes are chosen"),
        _SEED,
    )
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


def players_help(game: Game, registry: PlayerRegistry | None = None) -> str:
    """The players of ``game`` with their parameters' bounds, one line each (for ``--help``)."""
    entries = (registry or REGISTRY).entries(game)
    width = max((len(name) for name in entries), default=0)
    lines = [f"{game.value} players (NAME or NAME:key=value,...; parameter bounds shown):"]
    for name, entry in entries.items():
        lines.append(f"  {name:<{width}}  {entry.describe_params()}")
    lines.append(f"  ({DEFAULT_NAME} is {default_spec(game)})")
    return "\n".join(lines)
