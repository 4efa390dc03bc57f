"""The desktop-bundle configuration stays in sync with the package (no PyInstaller needed).

``packaging/tenace.spec`` is executed with stand-ins for the names PyInstaller
gives a spec (``Analysis``, ``EXE``, ...), and what it would build is compared
with ``pyproject.toml`` (entry points, the wheel's asset layout), the source
tree (assets, CLI commands, warm-up hooks) and the Linux desktop files.
"""

from __future__ import annotations

import configparser
import importlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "tenace.spec"


def _load(path: Path, name: str) -> dict:
    namespace = {"__name__": name, "__file__": str(path)}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def entry() -> dict:
    return _load(PACKAGING / "tenace_entry.py", "tenace_entry")


class _Recorder:
    """Stand-ins for PyInstaller's spec classes: each call is recorded with its arguments."""

    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[tuple, dict]]] = {}

    def cls(self, kind: str):
        recorder = self

        class Target:
            def __init__(self, *args, **kwargs) -> None:
                recorder.calls.setdefault(kind, []).append((args, kwargs))
                self.args, self.kwargs = args, kwargs
                self.pure, self.scripts, self.binaries, self.datas = f"{kind}.pure", f"{kind}.scripts", [], []

        Target.__name__ = kind
        return Target


def _exec_spec(workpath: Path, platform: str = sys.platform) -> tuple[dict, _Recorder]:
    """Run the spec as PyInstaller would on ``platform``, with recording stand-ins."""
    import engine.jit  # noqa: F401  (numba configured and imported for real before sys.platform is faked)

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.copy_metadata = lambda name: [(f"/site-packages/{name}-0.1.0.dist-info", f"{name}-0.1.0.dist-info")]
    versioninfo = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    versioninfo.__getattr__ = lambda name: (lambda *args, **kwargs: (name, args, kwargs))
    win32 = types.ModuleType("PyInstaller.utils.win32")
    win32.versioninfo = versioninfo
    fakes = {"PyInstaller": types.ModuleType("PyInstaller"), "PyInstaller.utils": types.ModuleType("PyInstaller.utils"),
             "PyInstaller.utils.hooks": hooks, "PyInstaller.utils.win32": win32,
             "PyInstaller.utils.win32.versioninfo": versioninfo}
    saved = {name: sys.modules.get(name) for name in fakes}
    real_platform = sys.platform
    recorder = _Recorder()
    namespace = {"__name__": "tenace_spec", "SPECPATH": str(PACKAGING), "workpath": str(workpath)}
    namespace.update({kind: recorder.cls(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")})
    sys.modules.update(fakes)
    sys.platform = platform
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        sys.platform = real_platform
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return namespace, recorder


@pytest.fixture(scope="module")
def spec(tmp_path_factory) -> tuple[dict, _Recorder]:
    return _exec_spec(tmp_path_factory.mktemp("work"))


def _analysis(spec) -> dict:
    (args, kwargs), = spec[1].calls["Analysis"]
    return {"scripts": args[0], **kwargs}


def _bundle_files(datas: list[tuple[str, str]]) -> dict[str, Path]:
    """Bundle path -> source file, directories expanded as PyInstaller does."""
    out = {}
    for src, dest in datas:
        src_path = Path(src)
        if src_path.is_dir():
            for f in src_path.rglob("*"):
                if f.is_file():
                    out[Path(dest, f.relative_to(src_path)).as_posix()] = f
        else:
            out[Path(dest, src_path.name).as_posix()] = src_path
    return out


# --- entry points ---------------------------------------------------------------------------
def test_entry_points_are_the_ones_of_pyproject(pyproject, entry):
    scripts = pyproject["project"]["scripts"]
    gui = pyproject["project"]["gui-scripts"]
    assert entry["ENTRY_POINTS"] == {**scripts, **gui}
    assert entry["GUI_SCRIPTS"] == set(gui)
    assert entry["DEFAULT_ENTRY"] in gui
    for target in entry["ENTRY_POINTS"].values():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function)), target


def test_the_executable_name_picks_the_entry_point(entry):
    name = entry["entry_name"]
    assert name("/opt/tenace/tenace-cli") == "tenace-cli"
    assert name("tenace-cli.EXE") == "tenace-cli"
    assert name("/Applications/Tenace.app/Contents/MacOS/tenace") == "tenace"
    assert name("/tmp/renamed-binary") == "tenace"  # unknown names start the app


def test_spec_freezes_the_entry_script_into_one_executable_per_entry_point(spec, entry):
    namespace, recorder = spec
    assert [Path(s) for s in _analysis(spec)["scripts"]] == [PACKAGING / "tenace_entry.py"]
    exes = [kwargs for _, kwargs in recorder.calls["EXE"]]
    assert [e["name"] for e in exes][0] == "tenace"  # first: the macOS .app runs the first executable
    assert {e["name"]: e["console"] for e in exes} == {"tenace": False, "tenace-cli": True}
    for e in exes:
        assert e["exclude_binaries"] is True  # one folder: binaries go to COLLECT
    (collect_args, collect_kwargs), = recorder.calls["COLLECT"]
    assert collect_kwargs["name"] == "tenace"
    assert len([a for a in collect_args if type(a).__name__ == "EXE"]) == len(entry["ENTRY_POINTS"])
    hidden = set(_analysis(spec)["hiddenimports"])
    assert {"app.main", "engine.cli.main"} <= hidden


def test_modules_imported_by_name_at_run_time_are_collected(spec):
    from app.worker.warmup import find_warmup_modules
    from engine.cli.main import COMMAND_MODULES

    hidden = set(_analysis(spec)["hiddenimports"])
    assert set(COMMAND_MODULES) <= hidden
    assert set(find_warmup_modules()) <= hidden
    assert {"app.self_test", "app.main_window", "engine.jit", "engine.solvers.dd.api"} <= hidden


def test_engine_ships_as_sources_with_bytecode_and_the_numba_hook(spec):
    analysis = _analysis(spec)
    assert analysis["module_collection_mode"] == {"engine": "py"}
    hooks = [Path(h) for h in analysis["runtime_hooks"]]
    assert hooks == [PACKAGING / "rthook_numba_cache.py"] and hooks[0].is_file()
    files = _bundle_files(analysis["datas"])
    engine_modules = [m for m in analysis["hiddenimports"] if m.split(".")[0] == "engine"]
    assert len(engine_modules) > 50
    for module in engine_modules:
        parts = module.split(".")
        is_package = (ROOT / Path(*parts)).is_dir()
        folder, name = (parts, "__init__") if is_package else (parts[:-1], parts[-1])
        pyc = f"{'/'.join(folder)}/__pycache__/{name}.{sys.implementation.cache_tag}.pyc"
        assert pyc in files, module
    for excluded in ("endplay", "pytest", "hypothesis", "tkinter"):
        assert excluded in analysis["excludes"]


def test_every_asset_is_in_the_bundle_where_the_wheel_puts_it(spec, pyproject):
    wheel_dest = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]["assets"]
    assert spec[0]["ASSETS_DEST"] == wheel_dest == "engine/_assets"
    files = _bundle_files(_analysis(spec)["datas"])
    assets = [f for f in (ROOT / "assets").rglob("*") if f.is_file()]
    assert assets, "assets/ is empty"
    for f in assets:
        assert files.get(f"{wheel_dest}/{f.relative_to(ROOT / 'assets').as_posix()}") == f
    # engine.suits.library finds the asset in that layout: <package>/_assets next to engine/suits/
    from engine.suits import library

    assert Path(library.__file__).resolve().parent.parent.name == wheel_dest.split("/")[0]
    assert '"_assets"' in Path(library.__file__).read_text(encoding="utf-8")


def test_build_fingerprint_and_metadata_are_included(spec):
    files = _bundle_files(_analysis(spec)["datas"])
    build = json.loads(files["tenace_build.json"].read_text(encoding="utf-8"))
    assert build["name"] == "Tenace" and len(build["engine_sources"]) == 64
    assert build["version"] == spec[0]["VERSION"] != ""
    assert any(dest == "tenace-0.1.0.dist-info" for _, dest in _analysis(spec)["datas"])


# --- desktop integration --------------------------------------------------------------------
def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(PACKAGING / "linux" / "tenace.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_file_starts_the_gui_script_with_our_icon(pyproject):
    entry = _desktop_entry()
    gui = list(pyproject["project"]["gui-scripts"])
    assert entry["Type"] == "Application" and entry["Name"] == "Tenace"
    assert entry["Exec"] == gui[0] == "tenace"  # install.sh rewrites exactly "Exec=tenace"
    assert entry["StartupWMClass"] == "tenace" and entry["Terminal"] == "false"
    assert entry["Icon"] == "tenace"
    assert "Game" in entry["Categories"].split(";") and entry["Categories"].endswith(";")


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="a bash script for Linux")
def test_install_script_installs_and_removes_a_bundle_for_one_user(spec, tmp_path):
    bundle = tmp_path / "dist" / "tenace"
    for dest, src in _bundle_files(_analysis(spec)["datas"]).items():
        if dest.startswith("share/"):
            (bundle / "_internal" / dest).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, bundle / "_internal" / dest)
    for name in ("tenace", "tenace-cli"):
        (bundle / name).write_text("#!/bin/sh\necho " + name + "\n")
        (bundle / name).chmod(0o755)
    shutil.copy(PACKAGING / "linux" / "install.sh", bundle / "install.sh")
    prefix = tmp_path / "prefix"
    env = {**os.environ, "PREFIX": str(prefix), "HOME": str(tmp_path)}
    env.pop("XDG_DATA_HOME", None)
    subprocess.run(["bash", str(bundle / "install.sh")], env=env, check=True, capture_output=True)
    lib = prefix / "lib" / "tenace"
    assert (prefix / "bin" / "tenace").resolve() == (lib / "tenace").resolve()
    assert subprocess.run([prefix / "bin" / "tenace-cli"], capture_output=True, text=True).stdout == "tenace-cli\n"
    desktop = (prefix / "share" / "applications" / "tenace.desktop").read_text(encoding="utf-8")
    assert f"\nExec={lib}/tenace\n" in desktop and "\nIcon=tenace\n" in desktop
    for size in spec[0]["HICOLOR_SIZES"]:
        assert _png_size(prefix / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "tenace.png") == (size, size)
    subprocess.run(["bash", str(bundle / "install.sh"), "--uninstall"], env=env, check=True, capture_output=True)
    assert not lib.exists() and not (prefix / "bin" / "tenace").exists()
    assert not (prefix / "share" / "applications" / "tenace.desktop").exists()


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_icons_exist_in_every_size_the_bundle_and_the_theme_use(spec):
    namespace = spec[0]
    files = _bundle_files(_analysis(spec)["datas"])
    assert files["share/applications/tenace.desktop"] == PACKAGING / "linux" / "tenace.desktop"
    for size in namespace["HICOLOR_SIZES"]:
        png = files[f"share/icons/hicolor/{size}x{size}/apps/tenace.png"]
        assert png.read_bytes() == (PACKAGING / "icons" / f"tenace-{size}.png").read_bytes()
        assert _png_size(png) == (size, size)
    for size in (16, 32, 48, 256):
        assert size in namespace["HICOLOR_SIZES"]


def test_windows_ico_and_macos_icns_hold_png_images():
    ico = (PACKAGING / "icons" / "tenace.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = set()
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes
    icns = (PACKAGING / "icons" / "tenace.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, pos = set(), 8
    while pos < len(icns):
        kind, length = icns[pos:pos + 4], struct.unpack(">I", icns[pos + 4:pos + 8])[0]
        assert icns[pos + 8:pos + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.add(kind)
        pos += length
    assert pos == len(icns) and {b"icp4", b"icp5", b"ic07", b"ic08", b"ic09"} <= kinds


def test_macos_build_wraps_the_folder_as_an_app_that_runs_the_gui(tmp_path):
    namespace, recorder = _exec_spec(tmp_path, "darwin")
    exes = [kwargs for _, kwargs in recorder.calls["EXE"]]
    assert {e["icon"] for e in exes} == {str(PACKAGING / "icons" / "tenace.icns")}
    (args, kwargs), = recorder.calls["BUNDLE"]
    assert kwargs["name"] == "Tenace.app" and kwargs["bundle_identifier"] == "org.tenace.Tenace"
    assert kwargs["icon"] == str(PACKAGING / "icons" / "tenace.icns") and kwargs["version"] == namespace["VERSION"]
    assert kwargs["info_plist"]["LSBackgroundOnly"] is False  # else no Dock icon (COLLECT's last EXE is a console)
    assert kwargs["info_plist"]["NSHighResolutionCapable"] is True
    assert type(args[0]).__name__ == "COLLECT"


def test_windows_build_has_icons_and_version_resources(tmp_path):
    namespace, recorder = _exec_spec(tmp_path, "win32")
    exes = {kwargs["name"]: kwargs for _, kwargs in recorder.calls["EXE"]}
    assert {e["icon"] for e in exes.values()} == {str(PACKAGING / "icons" / "tenace.ico")}
    assert exes["tenace"]["console"] is False and exes["tenace-cli"]["console"] is True
    kind, _, fields = exes["tenace"]["version"]
    assert kind == "VSVersionInfo" and fields["ffi"][2]["filevers"][:3] == tuple(
        int(p) for p in namespace["VERSION"].split(".")[:3])
    assert "BUNDLE" not in recorder.calls


def test_linux_build_has_no_platform_icon_option(spec):
    assert {kwargs["icon"] for _, kwargs in spec[1].calls["EXE"]} == {None}  # the .desktop file carries it
    assert "BUNDLE" not in spec[1].calls


# --- the frozen app's numba cache ----------------------------------------------------------
def test_runtime_hook_puts_numba_cache_in_the_user_cache_dir_per_build(tmp_path, monkeypatch):
    import appdirs

    (tmp_path / "tenace_build.json").write_text(json.dumps({"engine_sources": "ab" * 32}), encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setenv("NUMBA_CACHE_DIR", "")  # recorded, so the value the hook sets is undone too
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _load(PACKAGING / "rthook_numba_cache.py", "rthook")
    expected = Path(appdirs.user_cache_dir("tenace", "Tenace"), "numba", "bundle-" + "ab" * 8)
    assert Path(os.environ["NUMBA_CACHE_DIR"]) == expected
    assert str(expected).startswith(str(tmp_path / "cache")) or sys.platform != "linux"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))  # an explicit choice wins
    _load(PACKAGING / "rthook_numba_cache.py", "rthook")
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


# --- build set-up ------------------------------------------------------------------------------
def test_pyinstaller_is_only_in_the_packaging_group(pyproject):
    groups = pyproject["dependency-groups"]
    assert any(str(d).startswith("pyinstaller>=6") for d in groups["packaging"])
    for name, deps in groups.items():
        if name != "packaging":
            assert not any("pyinstaller" in str(d).lower() for d in deps), name
    assert "packaging" not in pyproject["tool"]["uv"].get("default-groups", [])
    assert not any("pyinstaller" in d.lower() for d in pyproject["project"]["dependencies"])


def test_build_script_runs_the_spec_and_outputs_stay_out_of_git():
    build = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    assert "uv run --group packaging pyinstaller packaging/tenace.spec" in build
    assert "--self-test" in build and os.access(PACKAGING / "build.sh", os.X_OK)
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "dist/" in ignored and "build/" in ignored


def test_the_bidding_system_cards_are_in_the_bundle_beside_their_package(spec):
    files = _bundle_files(_analysis(spec)["datas"])
    cards = sorted((ROOT / "engine" / "bidding" / "systems").glob("*.txt"))
    assert cards, "no system card in engine/bidding/systems"
    for card in cards:
        assert files.get(f"engine/bidding/systems/{card.name}") == card
