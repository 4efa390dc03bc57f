"""The numba cache: keyed by source version, self-repairing, never a reason for a run to fail.

Issue 23: a corrupt cached kernel raised ``UnpicklingError`` on every run; a stamp file with
non-ASCII bytes stopped every run; two checkouts sharing the cache deleted each other's kernels.
Checkouts here are copies of ``engine/`` in temporary folders, each with a tiny kernel module,
run in child processes (numba reads its cache folder once per process).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import engine.jit as jit

ROOT = Path(__file__).resolve().parents[2]

TINY = '''
from engine.jit import kernel


@kernel
def add(a, b):
    return a + b  # VARIANT
'''

PROBE = textwrap.dedent('''
    import json, os, sys
    import numba
    import engine.jit as jit
    # a fake cached double-dummy kernel of this checkout, as a real run would leave it
    dd = os.path.join(numba.config.CACHE_DIR, "dd_fake_" + jit.source_key())
    os.makedirs(dd, exist_ok=True)
    open(os.path.join(dd, "kernel_search.solve-1.py311.nbi"), "wb").write(b"kept")
    import engine.solvers.dd.api  # the old cache guard ran here and deleted every checkout's dd kernels
    from engine.tiny_kernel import add
    value = add(2, 3)
    print(json.dumps({"value": value, "cache_dir": numba.config.CACHE_DIR, "hits": sum(add.stats.cache_hits.values()),
                      "misses": sum(add.stats.cache_misses.values()),
                      "repairs": [r.message for r in jit.cache_repairs()]}))
''')


def make_checkout(base: Path, name: str, variant: str = "") -> Path:
    checkout = base / name
    shutil.copytree(ROOT / "engine", checkout / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    (checkout / "engine" / "tiny_kernel.py").write_text(TINY.replace("VARIANT", variant), encoding="utf-8")
    return checkout


def run(checkout: Path, cache_root: Path) -> dict:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_root), "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=checkout, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def checkouts(tmp_path_factory):
    base = tmp_path_factory.mktemp("checkouts")
    return make_checkout(base, "a"), make_checkout(base, "b", "another version"), base


def test_two_versions_sharing_a_cache_keep_each_others_kernels(checkouts, tmp_path):
    a, b, _ = checkouts
    cache = tmp_path / "shared-cache"
    first_a = run(a, cache)
    first_b = run(b, cache)
    assert first_a["value"] == first_b["value"] == 5 and first_a["misses"] == first_b["misses"] == 1
    assert first_a["cache_dir"] != first_b["cache_dir"]
    for result in (first_a, first_b):
        folder = Path(result["cache_dir"])
        assert folder.parent == cache and folder.name.startswith(jit.KEY_PREFIX)
    again_a = run(a, cache)
    assert again_a["hits"] == 1 and again_a["misses"] == 0  # b did not delete a's kernel
    assert run(b, cache)["hits"] == 1
    fakes = sorted(p.parent.name for p in cache.rglob("kernel_search.solve-1.py311.nbi"))
    assert len(fakes) == 2  # both checkouts' double-dummy kernels are still there
    assert first_a["repairs"] == first_b["repairs"] == []


def test_a_corrupt_cached_kernel_is_cleared_recompiled_and_reported(checkouts, tmp_path):
    a, _, _ = checkouts
    cache = tmp_path / "cache"
    first = run(a, cache)
    folder = Path(first["cache_dir"])
    index = next(folder.rglob("tiny_kernel.add-*.nbi"))
    data = next(folder.rglob("tiny_kernel.add-*.nbc"))
    data.write_bytes(data.read_bytes()[:40])  # a save cut short
    second = run(a, cache)
    assert second["value"] == 5 and second["misses"] == 1
    assert len(second["repairs"]) == 1 and "the compiled-kernel cache was damaged (add: " in second["repairs"][0]
    assert "cleared and its kernels are being recompiled" in second["repairs"][0]
    assert jit.verify_cache(str(index.parent)) == (1, [])  # rebuilt whole
    third = run(a, cache)
    assert third["hits"] == 1 and third["repairs"] == []  # and it stays repaired
    index.write_bytes(b"\x80\x05garbage")  # a garbled index
    assert run(a, cache)["value"] == 5


def test_a_garbled_stamp_or_marker_never_stops_a_run(checkouts, tmp_path):
    a, _, _ = checkouts
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "tenace_dd_sources.sha256").write_bytes("é\xff\x00 not ascii".encode("utf-8", "surrogateescape"))
    first = run(a, cache)
    (Path(first["cache_dir"]) / jit.MARKER_FILE).write_bytes(b"\xff\xfe\x00\x81")
    assert run(a, cache)["hits"] == 1


def fake_dispatcher(load, save):
    cache = SimpleNamespace(load_overload=load, save_overload=save, cache_path="/nonexistent/dd_x")
    return SimpleNamespace(_cache=cache, py_func=SimpleNamespace(__qualname__="solve"))


def test_the_guard_turns_failed_loads_into_repairs_and_failed_saves_into_notes(monkeypatch):
    monkeypatch.setattr(jit, "_repairs", [])
    monkeypatch.setattr(jit, "_cleared", set())
    monkeypatch.setattr(jit, "_unsaved", [])
    heard = []
    unsubscribe = jit.on_cache_repair(heard.append)

    def broken_load(sig, ctx):
        raise EOFError("Ran out of input")

    def broken_save(sig, data):
        raise OSError(28, "No space left on device")

    d = jit._guard(fake_dispatcher(broken_load, broken_save))
    assert d._cache.load_overload("sig", "ctx") is None
    d._cache.save_overload("sig", "data")
    unsubscribe()
    assert [r.kernel for r in heard] == ["solve"] and heard[0].reason == "EOFError: Ran out of input"
    assert jit.cache_repairs() == tuple(heard)
    assert jit.unsaved_kernels() == ("solve: OSError: [Errno 28] No space left on device",)


def test_source_versions_unused_for_a_month_are_pruned(tmp_path):
    current = tmp_path / (jit.KEY_PREFIX + "current")
    old = tmp_path / (jit.KEY_PREFIX + "old")
    recent = tmp_path / (jit.KEY_PREFIX + "recent")
    foreign = tmp_path / "someone_elses_numba_cache"
    for folder in (old, recent, foreign):
        folder.mkdir()
        (folder / jit.MARKER_FILE).write_text("x")
    month = time.time() - (jit.PRUNE_AFTER_DAYS + 1) * 86400
    for path in (old / jit.MARKER_FILE, foreign / jit.MARKER_FILE, foreign):
        os.utime(path, (month, month))
    jit._prepare(str(current))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([current.name, recent.name, foreign.name])
    assert (current / jit.MARKER_FILE).exists()


def test_the_key_follows_kernel_sources_and_only_them(tmp_path, monkeypatch):
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", engine, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(jit, "_ENGINE", engine)
    names = {p.relative_to(engine).as_posix() for p in jit.kernel_sources()}
    defining = {p.relative_to(engine).as_posix() for p in engine.rglob("*.py")
                if "jit import kernel" in p.read_text(encoding="utf-8")}
    assert defining <= names and {"jit.py", "solvers/dd/tables.py", "hearts/rules.py"} <= names
    assert "cli/main.py" not in names
    key = jit.source_key()
    (engine / "cli" / "main.py").write_text("# edited\n", encoding="utf-8")
    assert jit.source_key() == key
    tables = engine / "solvers" / "dd" / "tables.py"
    tables.write_text(tables.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert jit.source_key() != key


def test_verify_cache_finds_truncated_and_garbled_files(tmp_path):
    import pickle

    import numba

    folder = tmp_path / "dd_x"
    folder.mkdir()
    good_data = pickle.dumps(("library", b"\x00" * 1000))
    (folder / "k.a-1.py311.1.nbc").write_bytes(good_data)
    (folder / "k.a-1.py311.nbi").write_bytes(pickle.dumps(numba.__version__) + pickle.dumps((1, {"sig": "k.a-1.py311.1.nbc"})))
    assert jit.verify_cache(str(tmp_path)) == (1, [])
    (folder / "k.a-1.py311.1.nbc").write_bytes(good_data[:-10])
    kernels, problems = jit.verify_cache(str(tmp_path))
    assert kernels == 1 and problems and problems[0].startswith("dd_x/k.a-1.py311.1.nbc: ")
    (folder / "k.b-2.py311.nbi").write_bytes(b"junk")
    assert len(jit.verify_cache(str(tmp_path))[1]) == 2
    assert jit.clear_cache_folder(str(folder)) == 3 and list(folder.iterdir()) == []
