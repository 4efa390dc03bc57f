"""Users' input files for the CLI: every failure becomes one line that says where and what.

Three layers, used by every command that reads a file:

* :func:`input_lines` yields the meaningful lines of a file (or stdin) with their
  location (``positions.jsonl, line 3``), refusing lines that are not UTF-8 or longer
  than :data:`MAX_LINE_CHARS`;
* :func:`load_json` and :class:`Record` turn one line into a JSON object whose fields
  are read by type and range (:class:`~engine.core.bounds.Bounds`), each error naming
  the field (``field 'target': must be an integer 0..13, got -1``);
* :func:`located` wraps the work on one record so that *any* exception (a
  ``RecursionError`` from a deeply nested value, a ``MemoryError``, a bug) becomes an
  :class:`InputError` naming the record; :func:`describe_error` is the one-line text
  of any exception, used by ``tenace-cli``'s net in :mod:`engine.cli.main`.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..core.bounds import Bounds, Choice
from ..core.quoting import quoted

__all__ = [
    "InputError", "MAX_LINE_CHARS", "MAX_INPUT_BYTES", "MAX_MESSAGE_CHARS", "Record", "describe_error",
    "input_lines", "load_json", "located", "read_input_text", "one_line",
]

MAX_LINE_CHARS = 8 * 1024 * 1024
"""The longest input line read (a JSON position with thousands of worlds is far shorter)."""
MAX_INPUT_BYTES = 8 * 1024 * 1024
"""The largest whole-file input (a tree, a hint file) read at once."""
MAX_MESSAGE_CHARS = 600
"""An error message is cut to this length so it stays one readable line."""


class InputError(ValueError):
    """Bad input; ``str()`` is the whole message, already naming the file, line or field."""


def one_line(text: str) -> str:
    """``text`` on one line (line breaks become spaces) and at most :data:`MAX_MESSAGE_CHARS` long."""
    flat = " ".join(text.split("\n")).replace("\r", " ")
    return flat if len(flat) <= MAX_MESSAGE_CHARS else flat[: MAX_MESSAGE_CHARS - 1] + "…"


def _text_of(exc: BaseException) -> str:
    try:
        text = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        return str(text)
    except Exception:  # noqa: BLE001 - an exception whose str() fails still gets a message
        return ""


def describe_error(exc: BaseException) -> str:
    """One line for any exception: input errors speak for themselves, the rest say what went wrong."""
    if isinstance(exc, RecursionError):
        return "the input is nested too deeply for Tenace to follow"
    if isinstance(exc, MemoryError):
        return "not enough memory for this input (ask for less: fewer worlds, threads or deals)"
    text = _text_of(exc)
    if isinstance(exc, (ValueError, KeyError, OSError)):
        return one_line(text or type(exc).__name__)
    name = type(exc).__name__
    return one_line(f"internal error ({name}{': ' + text if text else ''}); please report it")


@contextmanager
def located(where: str) -> Iterator[None]:
    """Any exception raised inside becomes an :class:`InputError` prefixed with ``where``.

    An :class:`InputError` is assumed to be located already and passes unchanged;
    ``KeyboardInterrupt`` and ``SystemExit`` are never caught.
    """
    try:
        yield
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - the point: no failure leaves without its location
        raise InputError(f"{where}: {describe_error(exc)}") from None


def _source_name(path: str) -> str:
    return "standard input" if path == "-" else path


def input_lines(path: str) -> Iterator[tuple[str, int, str]]:
    """Yield ``(where, line_number, text)`` for the non-blank, non-``#`` lines of ``path`` (``-`` = stdin)."""
    name = _source_name(path)
    stream = sys.stdin.buffer if path == "-" else open(path, "rb")
    try:
        number = 0
        while True:
            raw = stream.readline(MAX_LINE_CHARS + 1)
            if not raw:
                return
            number += 1
            where = f"{name}, line {number}"
            if len(raw) > MAX_LINE_CHARS:
                raise InputError(f"{where}: longer than {MAX_LINE_CHARS // (1024 * 1024)} MB")
            try:
                text = raw.decode("utf-8-sig" if number == 1 else "utf-8").strip()
            except UnicodeDecodeError as exc:
                raise InputError(f"{where}: not UTF-8 text (byte {exc.start + 1})") from None
            if text and not text.startswith("#"):
                yield where, number, text
    finally:
        if path != "-":
            stream.close()


def read_input_text(path: str) -> str:
    """A whole input file (``-`` = stdin) as text: UTF-8, else Latin-1; refused above :data:`MAX_INPUT_BYTES`."""
    name = _source_name(path)
    if path == "-":
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        with open(Path(path), "rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{name}: more than {MAX_INPUT_BYTES // (1024 * 1024)} MB; Tenace reads inputs of at most "
                         f"{MAX_INPUT_BYTES // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number Tenace accepts")


def load_json(text: str, where: str) -> Any:
    """Parse JSON text; errors (bad syntax, ``NaN``, a 5,000-digit number, deep nesting) name ``where``."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise InputError(f"{where}: the JSON is nested too deeply") from None
    except ValueError as exc:  # NaN/Infinity, integers beyond Python's digit limit
        raise InputError(f"{where}: not JSON Tenace accepts ({one_line(str(exc))})") from None


_REQUIRED: Any = object()


class Record:
    """The fields of one JSON object, each read by type and range; every error names ``where`` and the field.

    ``fields`` lists the names the object may hold: any other name is refused (a
    misspelt ``"taget"`` would otherwise be silently ignored).
    """

    def __init__(self, obj: Any, where: str, fields: Sequence[str] | None = None, what: str = "a JSON object") -> None:
        if not isinstance(obj, dict):
            raise InputError(f"{where}: expected {what}, got {_json_kind(obj)}")
        self.obj = obj
        self.where = where
        if fields is not None:
            unknown = [k for k in obj if k not in fields]
            if unknown:
                raise InputError(f"{where}: unknown field {quoted(unknown[0])} (fields: {', '.join(fields)})")

    def error(self, name: str, message: str) -> InputError:
        return InputError(f"{self.where}: field {name!r}: {message}")

    def has(self, name: str) -> bool:
        return name in self.obj

    def _get(self, name: str, default: Any) -> Any:
        if name in self.obj:
            return self.obj[name]
        if default is _REQUIRED:
            raise InputError(f"{self.where}: missing field {name!r}")
        return default

    def text(self, name: str, default: Any = _REQUIRED, *, max_chars: int = 200) -> Any:
        value = self._get(name, default)
        if value is default and name not in self.obj:
            return value
        if not isinstance(value, str):
            raise self.error(name, f"must be a string, got {_json_kind(value)}")
        if len(value) > max_chars:
            raise self.error(name, f"longer than {max_chars} characters")
        return value

    def number(self, name: str, bounds: Bounds, default: Any = _REQUIRED) -> Any:
        value = self._get(name, default)
        if value is default and name not in self.obj:
            return value
        try:
            return bounds.check(value)
        except ValueError as exc:
            raise self.error(name, str(exc)) from None

    def choice(self, name: str, choice: Choice, default: Any = _REQUIRED) -> Any:
        value = self._get(name, default)
        if value is default and name not in self.obj:
            return value
        try:
            return choice.check(value)
        except ValueError as exc:
            raise self.error(name, str(exc)) from None

    def flag(self, name: str, default: bool = False) -> bool:
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise self.error(name, f"must be true or false, got {_json_kind(value)}")
        return value

    def texts(self, name: str, *, low: int = 0, high: int, default: Any = _REQUIRED, max_chars: int = 200) -> Any:
        """A list of ``low..high`` strings."""
        value = self._get(name, default)
        if value is default and name not in self.obj:
            return value
        if not isinstance(value, list):
            raise self.error(name, f"must be a list of strings, got {_json_kind(value)}")
        if not low <= len(value) <= high:
            raise self.error(name, f"must hold {low}..{high} entries, got {len(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error(name, f"entry {i} must be a string, got {_json_kind(item)}")
            if len(item) > max_chars:
                raise self.error(name, f"entry {i} is longer than {max_chars} characters")
        return value

    def object(self, name: str, fields: Sequence[str] | None = None) -> "Record":
        value = self._get(name, _REQUIRED)
        return Record(value, f"{self.where}: field {name!r}", fields)


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}" if isinstance(value, float) or abs(value) < 10**15 else "a huge number"
    if isinstance(value, str):
        return f"the string {quoted(value, 20)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
