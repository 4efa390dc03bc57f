"""Explicit multi-world game trees and their JSON format.

``{"worlds": [w1..wn], "root": NODE}`` with ``NODE = {"max": [NODE...]} |
{"min": [NODE...]} | {"leaf": [payoff or null per world]}``.  World entries are
weights (positive numbers, normalised to sum to one) or names (strings: equal
weights).  A node is addressed by its PATH: the child indices from the root
joined by ``"."`` (``""`` is the root).

Trees are stored flat, in pre-order, so searches index nodes by integers and
numba kernels can read the same arrays.  A MAX node's children must be
reachable in the same worlds (MAX's moves cannot depend on a world he cannot
see); only MIN moves may exist in some worlds and not in others.
"""

from __future__ import annotations

import enum
import json
import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from .payoff_vectors import Vector

__all__ = [
    "NodeKind",
    "ExplicitTree",
    "TreeFormatError",
    "parse_tree",
    "parse_tree_json",
]

class TreeFormatError(ValueError):
    """A tree document is malformed; the message names the node PATH and the field."""


class NodeKind(enum.IntEnum):
    MAX = 0
    MIN = 1
    LEAF = 2


@dataclass(frozen=True)
class ExplicitTree:
    """A flattened game tree; node 0 is the root, children follow their parent in pre-order."""

    weights: tuple[float, ...]
    kinds: tuple[NodeKind, ...]
    children: tuple[tuple[int, ...], ...]
    leaf_payoffs: tuple[Vector | None, ...]
    paths: tuple[str, ...]
    world_names: tuple[str, ...] | None = None

    @property
    def n_worlds(self) -> int:
        return len(self.weights)

    @property
    def n_nodes(self) -> int:
        return len(self.kinds)

    @cached_property
    def supports(self) -> tuple[tuple[int, ...], ...]:
        """Worlds in which each node can be reached (some leaf below is defined there)."""
        sup: list[tuple[int, ...]] = [()] * self.n_nodes
        for node in range(self.n_nodes - 1, -1, -1):
            if self.kinds[node] is NodeKind.LEAF:
                pay = self.leaf_payoffs[node]
                sup[node] = tuple(j for j, x in enumerate(pay) if x is not None)
            else:
                acc: set[int] = set()
                for c in self.children[node]:
                    acc.update(sup[c])
                sup[node] = tuple(sorted(acc))
        return tuple(sup)

    @cached_property
    def height(self) -> int:
        """Number of moves on the longest root-to-leaf path."""
        return max(p.count(".") + 1 if p else 0 for p in self.paths)

    @cached_property
    def node_of_path(self) -> dict[str, int]:
        return {p: i for i, p in enumerate(self.paths)}

    @cached_property
    def arrays(self) -> "TreeArrays":
        """The same tree as numpy arrays (for kernels)."""
        n = self.n_nodes
        kinds = np.array([int(k) for k in self.kinds], dtype=np.int8)
        child_start = np.zeros(n + 1, dtype=np.int64)
        flat: list[int] = []
        for i, ch in enumerate(self.children):
            child_start[i] = len(flat)
            flat.extend(ch)
        child_start[n] = len(flat)
        pay = np.full((n, self.n_worlds), np.nan)
        for i, p in enumerate(self.leaf_payoffs):
            if p is not None:
                pay[i] = [np.nan if x is None else x for x in p]
        return TreeArrays(kinds, child_start, np.array(flat, dtype=np.int64), pay,
                          np.array(self.weights, dtype=np.float64))

    def to_json_obj(self) -> dict[str, Any]:
        """The JSON document of this tree (weights as given, normalised)."""

        def node(i: int) -> dict[str, Any]:
            kind = self.kinds[i]
            if kind is NodeKind.LEAF:
                return {"leaf": list(self.leaf_payoffs[i])}
            return {kind.name.lower(): [node(c) for c in self.children[i]]}

        worlds: list[Any] = list(self.world_names) if self.world_names else list(self.weights)
        return {"worlds": worlds, "root": node(0)}


@dataclass(frozen=True)
class TreeArrays:
    kinds: np.ndarray  # int8 NodeKind per node
    child_start: np.ndarray  # children of i are child_list[child_start[i]:child_start[i+1]]
    child_list: np.ndarray
    payoffs: np.ndarray  # (nodes, worlds) float64, NaN = ⊥ (and non-leaves)
    weights: np.ndarray


def _parse_weights(worlds: Any) -> tuple[tuple[float, ...], tuple[str, ...] | None]:
    if not isinstance(worlds, list) or not worlds:
        raise TreeFormatError('"worlds" must be a non-empty list of weights or names')
    if all(isinstance(w, str) for w in worlds):
        return tuple(1.0 / len(worlds) for _ in worlds), tuple(worlds)
    raw = []
    for j, w in enumerate(worlds):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w <= 0:
            raise TreeFormatError(f'"worlds"[{j}] must be a positive weight or a name, got {w!r}')
        raw.append(float(w))
    total = sum(raw)
    return tuple(w / total for w in raw), None


def parse_tree(doc: Any) -> ExplicitTree:
    """Build an :class:`ExplicitTree` from a decoded JSON document, validating every node."""
    if not isinstance(doc, dict):
        raise TreeFormatError("a tree must be a JSON object with \"worlds\" and \"root\"")
    for key in ("worlds", "root"):
        if key not in doc:
            raise TreeFormatError(f'missing field "{key}"')
    weights, names = _parse_weights(doc["worlds"])
    n = len(weights)
    kinds: list[NodeKind] = []
    children: list[list[int]] = []
    payoffs: list[Vector | None] = []
    paths: list[str] = []

    stack: list[tuple[Any, str, int]] = [(doc["root"], "", -1)]
    while stack:
        obj, path, parent = stack.pop()
        where = f"node {path!r}" if path else "the root"
        if not isinstance(obj, dict) or len(obj) != 1:
            raise TreeFormatError(f'{where}: a node is an object with exactly one of "max", "min", "leaf"')
        (key, val), = obj.items()
        me = len(kinds)
        if parent >= 0:
            children[parent].append(me)
        paths.append(path)
        if key == "leaf":
            if not isinstance(val, list) or len(val) != n:
                raise TreeFormatError(f"{where}: a leaf needs one payoff (or null) per world ({n})")
            for j, x in enumerate(val):
                if x is not None and (isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x)):
                    raise TreeFormatError(f"{where}: payoff for world {j} must be a number or null, got {x!r}")
            kinds.append(NodeKind.LEAF)
            children.append([])
            payoffs.append(tuple(None if x is None else (int(x) if float(x).is_integer() else float(x)) for x in val))
        elif key in ("max", "min"):
            if not isinstance(val, list) or not val:
                raise TreeFormatError(f'{where}: "{key}" needs a non-empty list of children')
            kinds.append(NodeKind.MAX if key == "max" else NodeKind.MIN)
            children.append([])
            payoffs.append(None)
            prefix = f"{path}." if path else ""
            for i in range(len(val) - 1, -1, -1):  # reversed so children are numbered in order
                stack.append((val[i], f"{prefix}{i}", me))
        else:
            raise TreeFormatError(f'{where}: unknown node type "{key}" (expected "max", "min" or "leaf")')
    tree = ExplicitTree(
        weights=weights,
        kinds=tuple(kinds),
        children=tuple(tuple(c) for c in children),
        leaf_payoffs=tuple(payoffs),
        paths=tuple(paths),
        world_names=names,
    )
    _check_max_supports(tree)
    return tree


def _check_max_supports(tree: ExplicitTree) -> None:
    sup = tree.supports
    for i, kind in enumerate(tree.kinds):
        if kind is NodeKind.MAX:
            first = sup[tree.children[i][0]]
            for c in tree.children[i][1:]:
                if sup[c] != first:
                    where = f"node {tree.paths[i]!r}" if tree.paths[i] else "the root"
                    raise TreeFormatError(
                        f"{where}: MAX moves must exist in the same worlds, but child "
                        f"{tree.paths[c]!r} is reachable in worlds {list(sup[c])} and "
                        f"{tree.paths[tree.children[i][0]]!r} in {list(first)}"
                    )


def parse_tree_json(text: str) -> ExplicitTree:
    """Parse one tree from JSON text."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TreeFormatError(f"invalid JSON: {exc}") from None
    except RecursionError:
        raise TreeFormatError("invalid JSON: nested too deeply") from None
    except ValueError as exc:  # a number beyond Python's digit limit
        raise TreeFormatError(f"invalid JSON: {exc}") from None
    return parse_tree(doc)
