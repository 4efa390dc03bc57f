"""The house has no loops: every import of ``engine/`` and ``app/`` against the layer order written once in
:mod:`engine.layers` and :mod:`app.layers`.

The imports are read from the source (every ``import`` statement, at module level or inside a function,
``TYPE_CHECKING`` blocks included: a dependency is a dependency whenever it is resolved), so nothing has to
be imported to be checked.  A module belongs to the longest layer entry that prefixes its name.  The rules:

* every module of ``engine/`` and ``app/`` belongs to a layer (a new package must be given its place);
* no import goes from a lower layer to a higher one, and the engine never imports the app or Qt;
* no chain of imports between modules, or between packages, comes back to where it started;
* the app reaches the engine only through the packages :data:`app.layers.ENGINE_ALLOWED` lists, and its
  view models, settings and statistics never import Qt.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app import layers as app_layers
from engine import layers as engine_layers

ROOT = Path(__file__).resolve().parent.parent
LAYERS = engine_layers.LAYERS + app_layers.LAYERS
RANK = {entry: rank for rank, entries in enumerate(LAYERS) for entry in entries}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules(top: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / top).rglob("*.py"))}


MODULES = {**source_modules("engine"), **source_modules("app")}


def imports_of(name: str, path: Path) -> set[str]:
    """Every module this module imports, relative imports resolved: ``from pkg import x`` imports the
    module ``pkg.x`` when there is one, else (an attribute of ``pkg``) the module ``pkg`` itself."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    return found


def project_imports(name: str) -> set[str]:
    """The project modules ``name`` imports."""
    return {t for t in imports_of(name, MODULES[name]) if t in MODULES and t != name}


GRAPH = {name: project_imports(name) for name in MODULES}


def layer_of(name: str) -> str | None:
    best = None
    for entry in RANK:
        if (name == entry or name.startswith(entry + ".")) and (best is None or len(entry) > len(best)):
            best = entry
    return best


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    problems = []
    for name, targets in sorted(graph.items()):
        here = layer_of(name)
        for target in sorted(targets):
            there = layer_of(target)
            if here is not None and there is not None and RANK[there] > RANK[here]:
                problems.append(f"{name} ({here}) imports {target} ({there}), a higher layer")
    return problems


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a loop of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_layer():
    unplaced = [name for name in MODULES if name not in ("engine", "app") and layer_of(name) is None]
    assert not unplaced, f"modules in no layer (add their package to engine/layers.py or app/layers.py): {unplaced}"


def test_layer_entries_name_real_packages():
    missing = [entry for entry in RANK if entry not in MODULES]
    assert not missing, f"layer entries that name no module: {missing}"


def test_no_import_goes_up_a_layer():
    problems = upward_imports(GRAPH)
    assert not problems, "\n".join(problems)


def test_no_import_loops():
    loops = cycles(GRAPH)
    assert not loops, "import loops: " + "; ".join(" ↔ ".join(c) for c in loops)


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The imports between layer entries (packages): ``match`` importing ``bench`` while ``bench`` imports
    ``match`` is a loop even when no single module closes it."""
    out: dict[str, set[str]] = {}
    for name, targets in graph.items():
        here = layer_of(name)
        if here is None:
            continue
        out.setdefault(here, set()).update(t for t in map(layer_of, targets) if t is not None and t != here)
    return out


def test_no_loops_between_packages():
    loops = cycles(package_graph(GRAPH))
    assert not loops, "package loops: " + "; ".join(" ↔ ".join(c) for c in loops)


def test_the_engine_never_imports_the_app_or_qt():
    bad = [f"{name} imports {t}" for name in MODULES if name.startswith("engine")
           for t in imports_of(name, MODULES[name]) if t.split(".")[0] in ("app", "PySide6")]
    assert not bad, bad


def test_the_app_reaches_the_engine_through_its_public_packages():
    bad = []
    for name in MODULES:
        if not name.startswith("app") or any(name == d or name.startswith(d + ".") for d in app_layers.DIAGNOSTICS):
            continue
        for target in imports_of(name, MODULES[name]):
            if target.startswith("engine.") and not any(
                    target == p or target.startswith(p + ".") for p in app_layers.ENGINE_ALLOWED):
                bad.append(f"{name} imports {target}")
    assert not bad, bad


def test_view_models_settings_and_statistics_never_import_qt():
    bad = [f"{name} imports {t}" for name in MODULES
           if any(name == p or name.startswith(p + ".") for p in app_layers.QT_FREE)
           for t in imports_of(name, MODULES[name]) if t.split(".")[0] == "PySide6"]
    assert not bad, bad


# --- the checker itself catches what it should --------------------------------------------------------------


def test_a_planted_upward_import_is_caught():
    planted = {name: set(targets) for name, targets in GRAPH.items()}
    planted["engine.core.cards"].add("engine.hints.render")  # core reaching up into the hints
    problems = upward_imports(planted)
    assert problems == ["engine.core.cards (engine.core) imports engine.hints.render (engine.hints), a higher layer"]


def test_a_planted_loop_is_caught():
    planted = {name: set(targets) for name, targets in GRAPH.items()}
    planted["engine.hints.model"].add("engine.hints.bridge_hint")  # the model importing its computation back
    assert any({"engine.hints.model", "engine.hints.bridge_hint"} <= set(c) for c in cycles(planted))


def test_a_planted_package_loop_is_caught():
    planted = {name: set(targets) for name, targets in GRAPH.items()}
    planted["engine.match.bridge"].add("engine.bench.dd")  # match and bench leaning on each other
    planted["engine.bench.play"].add("engine.match.bridge")
    assert ["engine.bench", "engine.match"] in cycles(package_graph(planted))


@pytest.mark.parametrize("name, expected", [
    ("engine.cli.main", "engine.cli.main"), ("engine.cli.cmd_deal", "engine.cli"), ("engine.jit", "engine.jit"),
    ("app.viewmodels.table", "app.viewmodels"), ("engine.solvers.dd.kernel_search", "engine.solvers"),
])
def test_a_module_belongs_to_the_longest_entry_that_prefixes_it(name, expected):
    assert layer_of(name) == expected


def test_the_readme_lists_every_engine_package_in_layer_order():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = []
    for line in readme.splitlines():
        if line.startswith("| `engine/"):
            path = line.split("`")[1].rstrip("/").removesuffix(".py")
            listed.append(path.replace("/", "."))
    expected = [e for entries in engine_layers.LAYERS for e in entries if e != "engine.cli.main"]
    packages = {n.split(".")[1] for n in MODULES if n.startswith("engine.") and "." in n}
    assert {e.split(".")[1] for e in listed} == packages, "README's table and engine/ disagree"
    assert sorted(listed, key=lambda e: RANK[layer_of(e)]) == listed, "README's table is not in layer order"
    assert set(listed) == set(expected)
