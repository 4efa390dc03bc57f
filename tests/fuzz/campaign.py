"""The bad-input campaign behind issue 23's closing note: counts of inputs tried and what happened.

    uv run python -m tests.fuzz.campaign                      # the full campaign (tens of minutes)
    uv run python -m tests.fuzz.campaign --pbn 500 --hostile 40 --json 50 --settings 200   # a quick one

Every input runs in a worker process (``--worker``) that calls the same code the user
reaches: ``parse_pbn`` (the app's Open PBN and every command's reader), ``parse_lin``, ``tenace-cli``'s
``main`` on files (every command that reads a file), and ``load_settings``.  The parent
gives each input ``--timeout`` seconds: a worker that does not answer is killed and the
input counted as a hang; a worker that dies is a crash.  Outcomes:

* ``read`` / ``result``: the input was accepted (status 0);
* ``refused``: a clear refusal: a ``PbnError`` for the reader, one error line naming the
  file and line (or game) with status 2 for a command, settings with a problem named;
* ``traceback``: any other exception, an error without a location, or more than one line;
* ``hang`` / ``crash``: as above.

The inputs come from :mod:`tests.fuzz.generators` (seeded, ``--seed``) and
:mod:`tests.fuzz.catalogue` (the hostile files).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# --- the worker: runs one request per line of stdin, answers one JSON line on stdout ------------------
def _worker() -> None:
    from app.settings import load_settings
    from engine.cli.main import main
    from engine.formats import LinError, PbnError, PbnSizeError, parse_lin, parse_pbn

    real_stdout = sys.stdout
    for request_line in sys.stdin:
        request = json.loads(request_line)
        kind = request["kind"]
        answer: dict[str, object]
        try:
            if kind == "pbn":
                text = Path(request["path"]).read_text(encoding="utf-8", errors="surrogatepass")
                try:
                    parse_pbn(text)
                    answer = {"outcome": "read"}
                except (PbnError, PbnSizeError) as exc:
                    ok = isinstance(exc, PbnSizeError) or (exc.line >= 1 and "\n" not in str(exc))
                    answer = {"outcome": "refused" if ok else "traceback", "detail": str(exc)[:200]}
            elif kind == "lin":
                text = Path(request["path"]).read_text(encoding="utf-8", errors="surrogatepass")
                try:
                    parse_lin(text)
                    answer = {"outcome": "read"}
                except LinError as exc:
                    located = str(exc).startswith("the LIN text is ") or "board" in str(exc).split(":")[0].lower()
                    ok = "\n" not in str(exc) and len(str(exc)) < 400 and located
                    answer = {"outcome": "refused" if ok else "traceback", "detail": str(exc)[:200]}
            elif kind == "cli":
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main(request["argv"])
                answer = _classify_cli(code, out.getvalue(), err.getvalue(), request["path"],
                                       request.get("errors_on_stdout", False))
            else:  # settings
                loaded = load_settings(Path(request["path"]))
                answer = {"outcome": "refused" if loaded.problems else "read",
                          "detail": " ".join(loaded.problems)[:200]}
        except BaseException as exc:  # noqa: BLE001 - what we are counting
            answer = {"outcome": "traceback", "detail": "".join(traceback.format_exception_only(exc))[:300]}
        real_stdout.write(json.dumps(answer) + "\n")
        real_stdout.flush()


def _classify_cli(code: int, out: str, err: str, path: str, errors_on_stdout: bool) -> dict[str, object]:
    lines = [ln for ln in err.splitlines() if not ln.startswith("tenace-cli: note: ")]
    if "Traceback" in err or "internal error" in err or "internal error" in out:
        return {"outcome": "traceback", "detail": err[-300:]}
    if code == 0 and not lines:
        return {"outcome": "result"}
    if code == 2 and errors_on_stdout and not lines:
        row = json.loads(out.splitlines()[-1])
        located = str(row.get("error", "")).startswith(f"{path}, line ")
        return {"outcome": "refused" if located else "traceback", "detail": str(row)[:200]}
    if code == 2 and len(lines) == 1 and ": error: " in lines[0] and path in lines[0]:
        return {"outcome": "refused", "detail": lines[0][:200]}
    return {"outcome": "traceback", "detail": f"status {code}: {err[-300:]}"}


# --- the parent ---------------------------------------------------------------------------------------
class Worker:
    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        return subprocess.Popen([sys.executable, "-m", "tests.fuzz.campaign", "--worker"], cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, bufsize=1)

    def ask(self, request: dict[str, object], timeout: float) -> dict[str, object]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.proc = None
            return {"outcome": "crash", "detail": "the worker had died"}
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.stop()
            return {"outcome": "hang", "detail": f"no answer in {timeout} s"}
        line = self.proc.stdout.readline()
        if not line:
            code = self.proc.wait()
            self.proc = None
            return {"outcome": "crash", "detail": f"the worker died (status {code})"}
        return json.loads(line)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


def _write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    return path


def run_campaign(args: argparse.Namespace) -> dict[str, object]:
    from tests.fuzz.catalogue import JSON_COMMANDS, PBN_COMMANDS, hostile_json_lines, hostile_pbn_texts
    from tests.fuzz.generators import json_line, lin_text, pbn_text, settings_content

    rng = random.Random(args.seed)
    worker = Worker()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    examples: dict[str, list[str]] = defaultdict(list)
    started = time.perf_counter()

    keep = Path(args.keep)

    def record(family: str, answer: dict[str, object], path: Path) -> None:
        outcome = str(answer["outcome"])
        counts[family][outcome] += 1
        if outcome in ("traceback", "hang", "crash"):
            keep.mkdir(parents=True, exist_ok=True)
            kept = keep / f"{len(os.listdir(keep)):05d}-{path.name}"
            shutil.copyfile(path, kept)
            if len(examples[family]) < 5:
                examples[family].append(f"{outcome} ({kept}): {str(answer.get('detail', ''))[:200]}")

    def progress(label: str, i: int, n: int) -> None:
        if not args.quiet and (i % max(1, n // 10) == 0 or i == n):
            print(f"  {label}: {i}/{n} ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="tenace-campaign-") as tmp:
        folder = Path(tmp)
        # 1. fuzzed PBN texts through the reader
        for i in range(args.pbn):
            path = _write(folder, "fuzz.pbn", pbn_text(rng))
            record("PBN reader: fuzzed texts", worker.ask({"kind": "pbn", "path": str(path)}, args.timeout), path)
            progress("PBN fuzzed", i + 1, args.pbn)
        # 2. hostile PBN files through the reader and every PBN-reading command
        hostile = hostile_pbn_texts()
        big = folder / "huge.pbn"
        with open(big, "wb") as f:
            f.truncate(9 * 1024 * 1024)  # above the limit (sparse: nothing written)
        files: list[Path] = [big]
        for i in range(args.hostile):
            text = hostile[i] if i < len(hostile) else pbn_text(rng)
            files.append(_write(folder, f"hostile-{i}.pbn", text))
        for i, path in enumerate(files):
            record("PBN reader: hostile files", worker.ask({"kind": "pbn", "path": str(path)}, args.timeout), path)
            for argv in PBN_COMMANDS:
                full = [str(path) if a == "{file}" else a for a in argv]
                record(f"PBN files: tenace-cli {argv[0]}",
                       worker.ask({"kind": "cli", "argv": full, "path": str(path)}, args.timeout), path)
            progress("PBN hostile", i + 1, len(files))
        # 2b. fuzzed LIN texts through the reader
        for i in range(args.lin):
            path = _write(folder, "fuzz.lin", lin_text(rng))
            record("LIN reader: fuzzed texts", worker.ask({"kind": "lin", "path": str(path)}, args.timeout), path)
            progress("LIN fuzzed", i + 1, args.lin)
        # 3. JSON lines: hostile ones, then fuzzed ones, through every command that reads JSON
        for command in JSON_COMMANDS:
            lines = hostile_json_lines(command) + [json_line(rng, command) for _ in range(args.json)]
            for i, line in enumerate(lines):
                path = _write(folder, "input.jsonl", line + "\n")
                record(f"JSON: tenace-cli {command.name}",
                       worker.ask({"kind": "cli", "argv": command.args(str(path)), "path": str(path),
                                   "errors_on_stdout": command.errors_on_stdout}, args.timeout), path)
                progress(f"JSON {command.name}", i + 1, len(lines))
        # 4. settings files
        for i in range(args.settings):
            path = _write(folder, "settings.json", settings_content(rng))
            record("settings.json: fuzzed contents", worker.ask({"kind": "settings", "path": str(path)}, args.timeout),
                   path)
            for leftover in folder.glob("settings.json.bad-*"):
                leftover.unlink()
            progress("settings", i + 1, args.settings)
    worker.stop()
    return {"seed": args.seed, "timeout_s": args.timeout, "seconds": round(time.perf_counter() - started, 1),
            "families": {family: dict(c) for family, c in counts.items()}, "examples": dict(examples)}


def _table(report: dict[str, object]) -> str:
    rows = [f"{'family':<40} {'tried':>7} {'accepted':>9} {'refused':>8} {'traceback':>9} {'hang':>5} {'crash':>6}"]
    for family, c in report["families"].items():  # type: ignore[union-attr]
        accepted = c.get("read", 0) + c.get("result", 0)
        rows.append(f"{family:<40} {sum(c.values()):>7} {accepted:>9} {c.get('refused', 0):>8} "
                    f"{c.get('traceback', 0):>9} {c.get('hang', 0):>5} {c.get('crash', 0):>6}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.campaign", description=__doc__.split("\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pbn", type=int, default=20_000, help="fuzzed PBN texts (default 20000)")
    parser.add_argument("--hostile", type=int, default=400, help="hostile PBN files (default 400)")
    parser.add_argument("--lin", type=int, default=20_000, help="fuzzed LIN texts (default 20000)")
    parser.add_argument("--json", type=int, default=2_000, help="fuzzed lines per JSON command (default 2000)")
    parser.add_argument("--settings", type=int, default=5_000, help="fuzzed settings files (default 5000)")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per input before it is a hang")
    parser.add_argument("--json-report", metavar="FILE", help="also write the report as JSON")
    parser.add_argument("--keep", default=os.path.join(tempfile.gettempdir(), "tenace-campaign-failures"),
                        help="folder where inputs that gave a traceback, hang or crash are copied")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.worker:
        _worker()
        return 0
    report = run_campaign(args)
    print(_table(report))
    print(f"seed {report['seed']}, {report['timeout_s']} s per input, {report['seconds']} s in all")
    for family, lines in report["examples"].items():  # type: ignore[union-attr]
        for line in lines:
            print(f"  {family}: {line}")
    if args.json_report:
        Path(args.json_report).write_text(json.dumps(report, indent=2), encoding="utf-8")
    bad = sum(c.get(k, 0) for c in report["families"].values() for k in ("traceback", "hang", "crash"))  # type: ignore
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
