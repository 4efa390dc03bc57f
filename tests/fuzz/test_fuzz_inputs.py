"""Fuzzing what users open or have saved: the PBN reader, every CLI's JSON input, the settings loader.

Each property runs twice (see :mod:`tests.fuzz.budgets`): a modest number of examples in
every run, thousands with ``pytest -m fuzz``.  The properties:

* PBN: reading any text gives games or a :class:`PbnError` (a line number at least 1),
  never another exception;
* LIN: reading any text gives games or one :class:`LinError` line naming the board, never
  another exception;
* JSON inputs: ``tenace-cli`` on any line gives a result (status 0) or one error line
  naming the file and the line (status 2; ``suit --batch`` reports it as a JSON row);
* settings: loading any bytes gives settings, with problems named when the content was
  not valid settings, and the bad file kept beside, byte for byte.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from app.settings import Settings, load_settings
from engine.cli.main import main
from engine.formats import LinError, PbnError, PbnSizeError, parse_lin, parse_pbn
from tests.fuzz.budgets import ci_and_long
from tests.fuzz.catalogue import JSON_COMMANDS, JsonCommand
from tests.fuzz.generators import json_line, lin_text, pbn_text, settings_content

pbn_inputs = st.one_of(st.builds(pbn_text, st.randoms(use_true_random=False)), st.text(max_size=300))


def pbn_reader_answers_or_names_a_line(text: str) -> None:
    """Any text: games, or a PbnError with a line (or a PbnSizeError), never anything else."""
    try:
        games = parse_pbn(text)
    except PbnError as exc:
        assert exc.line >= 1 and str(exc).startswith(f"line {exc.line}: ") and "\n" not in str(exc)
    except PbnSizeError:
        pass
    else:
        assert isinstance(games, list)


test_pbn_reader, test_pbn_reader_long = ci_and_long(pbn_reader_answers_or_names_a_line, pbn_inputs,
                                                     ci=300, long=20_000)


def lin_reader_answers_or_names_the_board(text: str) -> None:
    """Any text: games, or a LinError of one short line naming the board (or the text), never anything else."""
    try:
        games = parse_lin(text)
    except LinError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 400, message
        assert message.startswith("the LIN text") or "board" in message.split(":")[0].lower(), message
    else:
        assert isinstance(games, list)


lin_inputs = st.one_of(st.builds(lin_text, st.randoms(use_true_random=False)), st.text(max_size=300))
test_lin_reader, test_lin_reader_long = ci_and_long(lin_reader_answers_or_names_the_board, lin_inputs,
                                                     ci=300, long=20_000)


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def cli_answers_or_names_the_line(command: JsonCommand, line: str) -> None:
    """Any input line: a result (0), or one line naming the file and line 1 (2)."""
    with tempfile.TemporaryDirectory(prefix="tenace-fuzz-") as folder:
        path = Path(folder) / "input.jsonl"
        path.write_text(line + "\n", encoding="utf-8", errors="surrogatepass")
        code, out, err = run_cli(command.args(str(path)))
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err and "internal error" not in err and "internal error" not in out, err
    if code == 0:
        return
    if command.errors_on_stdout and not err:
        row = json.loads(out.splitlines()[-1])
        assert row["line"] == 1 and row["error"].startswith(f"{path}, line 1: ")
        return
    lines = [ln for ln in err.splitlines() if not ln.startswith("tenace-cli: note: ")]
    assert len(lines) == 1, err
    assert lines[0].startswith("tenace-cli ") and ": error: " in lines[0]
    assert f"{path}, line 1" in lines[0], lines[0]


def _json_case(command: JsonCommand):
    def prop(rng: random.Random) -> None:
        cli_answers_or_names_the_line(command, json_line(rng, command))

    prop.__doc__ = f"tenace-cli {command.name}: any damaged input line is a result or one located error line."
    return prop


for _command in JSON_COMMANDS:
    _name = _command.name.replace(" --", "_").replace(" ", "_").replace("-", "_")
    globals()[f"test_json_{_name}"], globals()[f"test_json_{_name}_long"] = ci_and_long(
        _json_case(_command), st.randoms(use_true_random=False), ci=40, long=2_000)


def settings_always_load(content: bytes) -> None:
    """Any bytes in settings.json: settings come back; bad content is named and kept beside, byte for byte."""
    with tempfile.TemporaryDirectory(prefix="tenace-fuzz-") as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(content)
        loaded = load_settings(path)
        assert isinstance(loaded.settings, Settings)
        if loaded.problems:
            assert loaded.kept is not None and loaded.kept.read_bytes() == content
            assert all("\n" not in p and len(p) < 400 for p in loaded.problems)
            assert load_settings(path).problems == ()  # written back repaired
        else:
            assert loaded.kept is None


settings_inputs = st.one_of(st.builds(settings_content, st.randoms(use_true_random=False)), st.binary(max_size=300))
test_settings_loader, test_settings_loader_long = ci_and_long(settings_always_load, settings_inputs, ci=200,
                                                              long=5_000)
