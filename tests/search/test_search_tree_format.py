"""The explicit-tree JSON format: round trips, validation messages, robustness."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.search.random_trees import LAST_PLAYER_P, random_binary_tree, random_general_tree
from engine.search.trees import NodeKind, TreeFormatError, parse_tree, parse_tree_json


def test_paths_and_kinds_in_preorder():
    t = parse_tree({"worlds": [1, 3], "root": {"max": [{"leaf": [1, 0]},
                                                        {"min": [{"leaf": [0, None]}, {"leaf": [None, 1]}]}]}})
    assert t.paths == ("", "0", "1", "1.0", "1.1")
    assert t.kinds == (NodeKind.MAX, NodeKind.LEAF, NodeKind.MIN, NodeKind.LEAF, NodeKind.LEAF)
    assert t.weights == (0.25, 0.75)
    assert t.supports[2] == (0, 1) and t.supports[3] == (0,) and t.height == 2


def test_world_names_mean_equal_weights():
    t = parse_tree({"worlds": ["w1", "w2", "w3", "w4"], "root": {"leaf": [1, 0, 0, 1]}})
    assert t.weights == (0.25,) * 4 and t.to_json_obj()["worlds"] == ["w1", "w2", "w3", "w4"]


@pytest.mark.parametrize("doc, message", [
    ([], "JSON object"),
    ({"root": {"leaf": [1]}}, 'missing field "worlds"'),
    ({"worlds": [1]}, 'missing field "root"'),
    ({"worlds": [], "root": {"leaf": []}}, "non-empty list"),
    ({"worlds": [1, -1], "root": {"leaf": [1, 1]}}, r'"worlds"\[1\]'),
    ({"worlds": [1, 1], "root": {"leaf": [1]}}, "one payoff .* per world \\(2\\)"),
    ({"worlds": [1], "root": {"max": [{"leaf": ["x"]}]}}, "node '0': payoff for world 0"),
    ({"worlds": [1], "root": {"max": []}}, "the root: \"max\" needs a non-empty list"),
    ({"worlds": [1], "root": {"max": [{"chance": []}]}}, "node '0': unknown node type \"chance\""),
    ({"worlds": [1], "root": {"max": [{"leaf": [1], "min": []}]}}, "node '0': a node is an object"),
    ({"worlds": [1, 1], "root": {"min": [{"max": [{"leaf": [1, None]}, {"leaf": [None, 1]}]}]}},
     "node '0': MAX moves must exist in the same worlds"),
])
def test_validation_names_the_node_and_field(doc, message):
    with pytest.raises(TreeFormatError, match=message):
        parse_tree(doc)


def test_invalid_json_text():
    with pytest.raises(TreeFormatError, match="invalid JSON"):
        parse_tree_json("{not json")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_round_trip_of_random_trees(seed):
    rng = np.random.default_rng(seed)
    t = random_general_tree(rng, int(rng.integers(1, 5)), int(rng.integers(1, 5)), 3, 3, 0.5, 0.2)
    again = parse_tree_json(json.dumps(t.to_json_obj()))
    assert again.kinds == t.kinds and again.children == t.children
    assert again.leaf_payoffs == t.leaf_payoffs and again.paths == t.paths
    assert again.weights == pytest.approx(t.weights)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=True) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["max", "min", "leaf", "x"]), inner, max_size=2),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(json_values, st.lists(st.integers(1, 3), min_size=1, max_size=3))
def test_arbitrary_documents_parse_or_raise_tree_format_error(root, worlds):
    try:
        parse_tree({"worlds": worlds, "root": root})
    except TreeFormatError:
        pass


def test_binary_trees_follow_the_last_player_theorem():
    rng = np.random.default_rng(0)
    t = random_binary_tree(rng, 3, 10)
    assert t.n_nodes == 15 and t.height == 3
    assert [k for k in t.kinds[:3]] == [NodeKind.MAX, NodeKind.MIN, NodeKind.MAX]
    ones = np.mean([x for _ in range(40) for p in random_binary_tree(rng, 4, 10).leaf_payoffs
                    if p is not None for x in p])
    assert abs(ones - (1 - LAST_PLAYER_P)) < 0.03  # even depth: P(1) = 1 - p
    with pytest.raises(ValueError, match="at least 1"):
        random_binary_tree(rng, 0)
