"""The one place numba is configured: cache directory, kernel decorator, and the cache's health.

Numba reads ``NUMBA_CACHE_DIR`` when it is first imported, so every kernel
module imports :func:`kernel` from here instead of importing numba directly.
Every kernel is compiled with ``nogil=True`` so the GUI's worker thread never
holds the GIL while searching, and with ``cache=True`` so only the first start
pays for compilation.

Where the cache lives.  The root is the user cache dir (``appdirs``), never next
to the sources (an installed or frozen package directory may be read-only), or
``$NUMBA_CACHE_DIR`` when set.  Inside it each version of the kernel sources has
its own folder, ``tenace-src-<key>``: the key is a digest of every kernel module
(each engine module that imports this one), of the engine modules they import,
and of the numba and Python versions.  Numba itself only checks the file of the
function it compiled, not the kernels it calls in other files; a folder per
source version means a cached kernel is never used with other sources, and two
versions or checkouts sharing a cache never delete each other's kernels (numba
already gives each checkout's directory its own sub-folder).  Folders of source
versions unused for :data:`PRUNE_AFTER_DAYS` days are removed at start.

Damage.  A cached kernel that cannot be loaded (a truncated or garbled file:
``UnpicklingError``, ``EOFError``...) used to fail on every run.  Each kernel's
cache is guarded: a failed load clears that cache folder, numba compiles the
kernel afresh (and the others of the folder as they are next used), and the
repair is recorded (:func:`cache_repairs`) and announced to the listeners
(:func:`on_cache_repair`) so the app and the CLI tell the user.  A failed save
(a full disk, a read-only folder) costs the cache, never the kernel.
:func:`verify_cache` checks a cache folder's files without loading them (the
self-test's cache check).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import pickletools
import shutil
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import appdirs

__all__ = [
    "kernel", "cache_dir", "cache_root", "source_key", "kernel_sources", "numba", "CacheRepair", "cache_repairs",
    "on_cache_repair", "unsaved_kernels", "verify_cache", "clear_cache_folder", "KEY_PREFIX", "PRUNE_AFTER_DAYS",
    "MARKER_FILE",
]

KEY_PREFIX = "tenace-src-"
MARKER_FILE = "tenace-cache.txt"
"""Written in each source version's folder; its modification time is the folder's last use."""
PRUNE_AFTER_DAYS = 30
_ENGINE = Path(__file__).resolve().parent
_KERNEL_MARKER = "jit import kernel"  # ``from engine.jit import kernel``: a module that defines kernels


def cache_root() -> str:
    """The folder holding one sub-folder per source version: ``$NUMBA_CACHE_DIR`` or the user cache dir.

    A ``$NUMBA_CACHE_DIR`` that already names a source version's folder (inherited from a
    parent process configured here) stands for its parent.
    """
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        path = Path(env)
        return str(path.parent) if path.name.startswith(KEY_PREFIX) else env
    return os.path.join(appdirs.user_cache_dir("tenace", "Tenace"), "numba")


def _module_file(dotted: str) -> Path | None:
    """``engine.solvers.dd.tables`` -> its file, when it is an engine module."""
    parts = dotted.split(".")
    if parts[0] != "engine":
        return None
    base = _ENGINE.joinpath(*parts[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported_modules(path: Path, text: str) -> list[Path]:
    """The engine modules ``path`` imports by ``from X import`` lines (relative or absolute)."""
    package = ["engine", *path.parent.relative_to(_ENGINE).parts]
    found = []
    for line in text.splitlines():
        words = line.split()
        if len(words) < 4 or words[0] != "from" or words[2] != "import":
            continue
        name = words[1]
        if name.startswith("."):
            dots = len(name) - len(name.lstrip("."))
            base = package[: len(package) - (dots - 1)] if dots > 1 else package
            dotted = ".".join(base + ([name[dots:]] if name[dots:] else []))
        else:
            dotted = name
        module = _module_file(dotted)
        if module is not None:
            found.append(module)
    return found


def kernel_sources() -> list[Path]:
    """Every file whose text compiled kernels depend on: the kernel modules, what they import, this file."""
    files = {_ENGINE / "jit.py"}
    for path in sorted(_ENGINE.rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if path.name != "jit.py" and _KERNEL_MARKER in text:
            files.add(path)
            files.update(_imported_modules(path, text))
    return sorted(files)


def _numba_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("numba")
    except PackageNotFoundError:  # a bundle without metadata: numba's own attribute (imports it)
        import numba as _numba

        return str(_numba.__version__)


def source_key() -> str:
    """16 hex digits naming this version of the kernel sources (and the numba and Python versions)."""
    digest = hashlib.sha256()
    for path in kernel_sources():
        digest.update(path.relative_to(_ENGINE).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    digest.update(f"numba {_numba_version()} python {sys.version_info[:3]}".encode())
    return digest.hexdigest()[:16]


_KEY = source_key()


def cache_dir() -> str:
    """Where this source version's compiled kernels are cached."""
    return os.path.join(cache_root(), KEY_PREFIX + _KEY)


def _prepare(folder: str, now: float | None = None) -> None:
    """Mark ``folder`` as used now and remove source versions unused for :data:`PRUNE_AFTER_DAYS` days.

    Best effort: a cache that cannot be prepared is only a slower start.
    """
    now = time.time() if now is None else now
    try:
        os.makedirs(folder, exist_ok=True)
        marker = os.path.join(folder, MARKER_FILE)
        with open(marker, "w", encoding="utf-8") as f:
            f.write(f"Tenace compiled kernels for source version {_KEY} (numba {_numba_version()}, "
                    f"Python {sys.version.split()[0]})\n")
    except OSError:
        return
    root = os.path.dirname(folder)
    try:
        entries = os.listdir(root)
    except OSError:
        return
    for name in entries:
        other = os.path.join(root, name)
        if not name.startswith(KEY_PREFIX) or other == folder:
            continue
        try:
            used = os.path.getmtime(os.path.join(other, MARKER_FILE))
        except OSError:
            try:
                used = os.path.getmtime(other)
            except OSError:
                continue
        if now - used > PRUNE_AFTER_DAYS * 86400:
            shutil.rmtree(other, ignore_errors=True)


os.environ["NUMBA_CACHE_DIR"] = cache_dir()
_prepare(cache_dir())

import numba  # noqa: E402  (must follow the environment set-up above)

numba.config.CACHE_DIR = cache_dir()  # in case numba was imported before this module


@dataclass(frozen=True, slots=True)
class CacheRepair:
    """A damaged cache folder that was cleared: its kernels are compiled afresh."""

    folder: str
    kernel: str
    reason: str

    @property
    def message(self) -> str:
        return (f"the compiled-kernel cache was damaged ({self.kernel}: {self.reason}); "
                f"{os.path.basename(self.folder)} was cleared and its kernels are being recompiled")


_repairs: list[CacheRepair] = []
_listeners: list[Callable[[CacheRepair], None]] = []
_cleared: set[str] = set()
_unsaved: list[str] = []
_lock = threading.Lock()


def cache_repairs() -> tuple[CacheRepair, ...]:
    """The repairs made by this process so far, oldest first."""
    with _lock:
        return tuple(_repairs)


def unsaved_kernels() -> tuple[str, ...]:
    """Kernels compiled but not cached (the save failed), with the reason."""
    with _lock:
        return tuple(_unsaved)


def on_cache_repair(listener: Callable[[CacheRepair], None]) -> Callable[[], None]:
    """Call ``listener(repair)`` (on the thread that found the damage) for each repair; returns an unsubscribe."""
    with _lock:
        _listeners.append(listener)

    def remove() -> None:
        with _lock:
            if listener in _listeners:
                _listeners.remove(listener)

    return remove


def clear_cache_folder(folder: str) -> int:
    """Delete numba's files in ``folder`` (index, data and their temporaries); returns how many went."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if name.endswith((".nbi", ".nbc")) or ".nbi." in name or ".nbc." in name:
            try:
                os.remove(os.path.join(folder, name))
                removed += 1
            except OSError:
                pass
    return removed


def _describe(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001
        text = ""
    text = text.splitlines()[0][:120] if text else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _repair(folder: str, kernel_name: str, exc: BaseException) -> None:
    with _lock:
        first = folder not in _cleared
        if first:
            _cleared.add(folder)
    if first:
        clear_cache_folder(folder)
    repair = CacheRepair(folder, kernel_name, _describe(exc))
    with _lock:
        _repairs.append(repair)
        listeners = list(_listeners)
    for listener in listeners:
        try:
            listener(repair)
        except Exception:  # noqa: BLE001 - telling the user must not break the kernel
            pass


def _guard(dispatcher: object) -> object:
    """Make ``dispatcher``'s cache survive damaged files (load) and unwritable folders (save)."""
    cache = getattr(dispatcher, "_cache", None)
    load = getattr(cache, "load_overload", None)
    save = getattr(cache, "save_overload", None)
    if cache is None or load is None or save is None:
        return dispatcher
    name = getattr(getattr(dispatcher, "py_func", None), "__qualname__", "a kernel")

    def guarded_load(sig, target_context):
        try:
            return load(sig, target_context)
        except Exception as exc:  # noqa: BLE001 - any failure to load is a cache miss after a repair
            _repair(cache.cache_path, name, exc)
            return None

    def guarded_save(sig, data):
        try:
            save(sig, data)
        except Exception as exc:  # noqa: BLE001 - the kernel works; only the next start compiles again
            with _lock:
                _unsaved.append(f"{name}: {_describe(exc)}")

    cache.load_overload = guarded_load
    cache.save_overload = guarded_save
    return dispatcher


def _one_signature_per_type(dispatcher: object) -> object:
    """Compile ``dispatcher`` once per argument *type* when a kernel calls it, not once per constant.

    Numba types a constant argument (``f(h, 0)``), and a variable whose first
    value is a constant while the caller's types are still being inferred
    (``n = 0`` before ``n += 1``), as a literal, and compiles the callee again
    for each: the double-dummy warm-up compiled the search three times and its
    move-ordering helpers up to six (119.5 s of compiling; 61.7 s without the
    copies).  Erasing the
    literal before the callee is chosen gives one compiled version per real
    signature; LLVM still propagates constants into the helpers it inlines.
    (No kernel of ours needs a literal argument; one that did would fail to
    compile, loudly, in the tests.)
    """
    resolve = getattr(dispatcher, "get_call_template", None)
    if resolve is None:
        return dispatcher
    unliteral = numba.core.types.unliteral

    def get_call_template(args, kws):
        return resolve(tuple(unliteral(a) for a in args), {k: unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def kernel(fn=None, /, **options):
    """``numba.njit`` with ``nogil=True`` and ``cache=True`` unless overridden, its cache guarded, compiled
    once per argument type (:func:`_one_signature_per_type`).

    Use bare (``@kernel``) or with options (``@kernel(inline="always")``).
    """
    options.setdefault("nogil", True)
    options.setdefault("cache", True)
    if fn is None:
        decorate = numba.njit(**options)
        return lambda f: _one_signature_per_type(_guard(decorate(f)))
    return _one_signature_per_type(_guard(numba.njit(**options)(fn)))


def verify_cache(folder: str | None = None) -> tuple[int, list[str]]:
    """Check every cached kernel file under ``folder`` (default: this version's) without loading it.

    Each index must unpickle to numba's (stamp, overloads) form and name data files that
    exist; each data file must be one complete pickle stream.  Returns the number of
    kernels (index files) and the problems found (``"dd_…/x.nbc: truncated"``).
    """
    root = Path(folder or cache_dir())
    kernels, problems = 0, []
    for index in sorted(root.rglob("*.nbi")):
        where = index.relative_to(root).as_posix()
        kernels += 1
        try:
            with open(index, "rb") as f:
                version = pickle.load(f)
                stamp, overloads = pickle.loads(f.read())
            if not isinstance(overloads, dict):
                raise ValueError("no overload table")
        except Exception as exc:  # noqa: BLE001 - any failure is damage
            problems.append(f"{where}: {_describe(exc)}")
            continue
        if version != numba.__version__:
            continue  # another numba's index: numba ignores it
        for data_name in overloads.values():
            data = index.parent / str(data_name)
            try:
                raw = data.read_bytes()
                for _ in pickletools.genops(raw):
                    pass
            except Exception as exc:  # noqa: BLE001
                problems.append(f"{data.relative_to(root).as_posix()}: {_describe(exc)}")
    return kernels, problems
