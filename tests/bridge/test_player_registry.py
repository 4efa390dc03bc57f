"""Player specs: parsing, lists of specs, typed errors, game-aware lookup, seeding."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.bounds import Bounds
from engine.players.bridge_random import RandomBridgePlayer
from engine.players.bridge_rules import RulesBridgePlayer
from engine.players.registry import (
    Param,
    REGISTRY,
    Game,
    PlayerRegistry,
    PlayerSpec,
    PlayerSpecError,
    create_player,
    parse_spec_list,
)


def test_spec_parsing_and_text():
    assert PlayerSpec.parse("rules") == PlayerSpec("rules")
    spec = PlayerSpec.parse(" PIMC:worlds=50, seed=3 ")
    assert spec == PlayerSpec("pimc", (("worlds", "50"), ("seed", "3")))
    assert str(spec) == "pimc:worlds=50,seed=3"


names = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
values = st.from_regex(r"[A-Za-z0-9.]{1,6}", fullmatch=True)


@given(names, st.dictionaries(names, values, max_size=3))
def test_spec_text_round_trips(name, params):
    spec = PlayerSpec(name, tuple(params.items()))
    assert PlayerSpec.parse(str(spec)) == spec
    assert parse_spec_list(f"{spec},{spec}") == [spec, spec]


@pytest.mark.parametrize(
    "text, fragment",
    [("", "bad player spec"), ("ru les", "bad player spec"), ("random:seed", "expected key=value"),
     ("random:seed=1,seed=2", "given twice")],
)
def test_bad_specs(text, fragment):
    with pytest.raises(PlayerSpecError, match=fragment):
        PlayerSpec.parse(text)


def test_spec_lists_keep_parameters_with_their_player():
    specs = parse_spec_list("alphamu:m=2,worlds=20,rules,random:seed=4")
    assert [str(s) for s in specs] == ["alphamu:m=2,worlds=20", "rules", "random:seed=4"]


def test_bridge_players_from_specs():
    assert isinstance(create_player(Game.BRIDGE, "rules"), RulesBridgePlayer)
    player = create_player(Game.BRIDGE, "random:seed=9", seed=1)
    assert isinstance(player, RandomBridgePlayer) and player.name == "random:seed=9"
    assert create_player(Game.BRIDGE, "random", seed=4).name == "random:seed=4"


def test_unknown_names_and_parameters_are_typed_errors():
    with pytest.raises(PlayerSpecError, match="unknown bridge player 'nosuch' \\(known: .*random.*rules"):
        create_player(Game.BRIDGE, "nosuch:m=2")
    with pytest.raises(PlayerSpecError, match="unknown parameter 'depth' for bridge player 'rules' \\(accepted: no parameters\\)"):
        create_player(Game.BRIDGE, "rules:depth=3")
    with pytest.raises(PlayerSpecError, match="parameter seed must be an integer 0..2\\^63-1, got 'x'"):
        create_player(Game.BRIDGE, "random:seed=x")


def test_registry_is_game_aware_and_extensible():
    assert {"random", "rules"} <= set(REGISTRY.names(Game.BRIDGE))
    assert {"random", "rules"} <= set(REGISTRY.names(Game.HEARTS))
    assert REGISTRY.names(Game.BRIDGE) == tuple(sorted(REGISTRY.names(Game.BRIDGE)))
    registry = PlayerRegistry()
    registry.register(Game.HEARTS, "always-first", lambda a: ("first", a.get_int("n", 1)),
                      params=(Param("n", Bounds.integers(1, 5)),))
    assert registry.create(Game.HEARTS, "always-first:n=3") == ("first", 3)
    with pytest.raises(PlayerSpecError, match="unknown bridge player 'always-first' \\(known: none\\)"):
        registry.create(Game.BRIDGE, "always-first")
    with pytest.raises(ValueError, match="already registered"):
        registry.register(Game.HEARTS, "always-first", lambda a: None)


def test_a_preset_may_only_set_the_players_own_parameters():
    registry = PlayerRegistry()
    worlds = Param("worlds", Bounds.integers(1, 50))
    registry.register(Game.BRIDGE, "p", lambda a: None, params=(worlds,), presets=(("Fast", "worlds=5"), ("Normal", "")))
    assert registry.entries(Game.BRIDGE)["p"].presets == (("Fast", "worlds=5"), ("Normal", ""))
    with pytest.raises(ValueError, match=r"preset 'Strong' of 'q' sets \['depth'\]"):
        registry.register(Game.BRIDGE, "q", lambda a: None, params=(worlds,), presets=(("Strong", "worlds=9,depth=3"),))
    with pytest.raises(PlayerSpecError, match="parameter worlds must be an integer 1..50, got 99"):
        registry.register(Game.BRIDGE, "r", lambda a: None, params=(worlds,), presets=(("Strong", "worlds=99"),))
    with pytest.raises(TypeError, match="must be Params with bounds"):
        registry.register(Game.BRIDGE, "s", lambda a: None, params=("worlds",))
