"""The PBN reader takes time linear in its input whatever the input holds, and refuses huge files.

The hostile inputs here hung the old reader: ``[Auction "N"]`` and a word of 40 ``!``
followed by ``x`` made its annotation regex backtrack exponentially (about ×1.6 per
``!``), and 'AP' rescanned every pass before it (quadratic).  They run in a child
process with a generous time limit, so a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import re
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.formats import MAX_PBN_BYTES, PbnError, PbnFileError, PbnSizeError, parse_pbn, read_pbn
from engine.formats.pbn_annotations import annotations_of, is_annotation_only, split_annotations
from engine.formats.pbn_lexer import iter_lines

ROOT = Path(__file__).resolve().parents[2]

# The old reader's patterns, as a reference for what annotations mean (only ever run on short words).
_ANNOTATION = r"(?:=\d+=|\$\d+|[!?]{1,2})"
REF_ONLY = re.compile(rf"^{_ANNOTATION}+$")
REF_WITH = re.compile(rf"^(.+?)({_ANNOTATION}*)$")
REF_SPLIT = re.compile(_ANNOTATION)

words = st.text(alphabet=st.sampled_from("=$!?0129xSP٣"), min_size=1, max_size=10)


@settings(max_examples=400, deadline=None)
@given(words)
def test_annotation_scanner_agrees_with_the_regular_expressions_it_replaces(word: str) -> None:
    assert is_annotation_only(word) == bool(REF_ONLY.match(word))
    if is_annotation_only(word):
        assert annotations_of(word) == REF_SPLIT.findall(word)
    m = REF_WITH.match(word)
    assert m is not None
    assert split_annotations(word) == (m.group(1), REF_SPLIT.findall(m.group(2)))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab \r\n\v\f\x1c\x85\u2028"), max_size=40), st.integers(1, 8))
def test_lines_are_split_exactly_like_splitlines(text: str, chunk: int) -> None:
    import engine.formats.pbn_lexer as lexer

    saved = lexer.LINES_PER_CHUNK_CHARS
    lexer.LINES_PER_CHUNK_CHARS = chunk
    try:
        assert list(iter_lines(text)) == text.splitlines()
    finally:
        lexer.LINES_PER_CHUNK_CHARS = saved


HOSTILE = {
    "bangs in an auction (the 34-byte file)": '[Auction "N"]\n' + "!" * 40 + "x\n",
    "mixed marks in an auction": '[Auction "N"]\n1C' + "?!" * 5000 + "x\n",
    "bangs in a play section": '[Contract "3NT"]\n[Play "W"]\n' + "!" * 20000 + "x\n",
    "note references": '[Auction "N"]\n1C' + "=1" * 20000 + "x\n",
    "nags": '[Auction "N"]\n1C' + "$1" * 20000 + "x\n",
    "all pass after passes": '[Auction "N"]\n' + "P " * 40000 + "AP " * 40000 + "\n",
    "one huge word": '[Event "x"]\n[Note "1"]\n' + "x" * 2_000_000 + "\n",
    "an unclosed comment": "{" + "x" * 100 + "\n" * 200_000,
}


def test_hostile_inputs_are_answered_quickly_in_a_child_process(tmp_path: Path) -> None:
    """Each text must be read (or refused with a PbnError) within a generous 30 s in all."""
    cases = tmp_path / "cases"
    cases.mkdir()
    for i, text in enumerate(HOSTILE.values()):
        (cases / f"{i}.pbn").write_text(text, encoding="utf-8")
    script = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from engine.formats import PbnError, read_pbn
        for i in range({len(HOSTILE)}):
            start = time.process_time()
            try:
                read_pbn(open({str(cases)!r} + f"/{{i}}.pbn").read())
                outcome = "read"
            except PbnError as exc:
                outcome = "refused"
            print(i, outcome, round(time.process_time() - start, 3), flush=True)
    """)
    try:
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired as exc:
        done = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        stuck = list(HOSTILE)[len(done.splitlines())]
        pytest.fail(f"the PBN reader did not answer within 30 s on: {stuck}")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == len(HOSTILE)
    for name, line in zip(HOSTILE, lines):
        _, outcome, cpu = line.split()
        assert float(cpu) < 10, f"{name}: {cpu} s"


def test_a_call_with_too_many_annotations_is_refused() -> None:
    with pytest.raises(PbnError, match="carries 40 annotations; a call has at most 16"):
        parse_pbn('[Auction "N"]\n1C' + "!?" * 40 + "\n")
    games = parse_pbn('[Auction "N"]\n1C!? Pass=1= Pass $2 Pass\n')  # a few are fine
    assert games[0].auction is not None and len(games[0].auction.annotations) == 3


def test_a_file_above_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "huge.pbn"
    with open(big, "wb") as f:
        f.truncate(MAX_PBN_BYTES + 1)  # sparse: nothing is written, the size is what counts
    with pytest.raises(PbnSizeError) as info:
        read_pbn(big)
    message = str(info.value)
    assert str(big) in message and "8.0 MB" in message and "at most 8.0 MB" in message
    with pytest.raises(PbnSizeError, match="the PBN text is"):
        parse_pbn('[Event "x"]\n' + " " * MAX_PBN_BYTES)


def test_a_file_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.pbn"
    game = '[Event "x"]\n[Board "1"]\n'
    path.write_text(game + ";" * (MAX_PBN_BYTES - len(game) - 1) + "\n", encoding="ascii")
    assert path.stat().st_size == MAX_PBN_BYTES
    assert [g.board for g in read_pbn(path)] == [1]


def _read_in_a_thread(path: Path, **kwargs) -> object:
    """What ``read_pbn(path)`` gives, from a thread given 10 s: a reading that blocks fails the test (its
    FIFO is then opened for writing so the thread ends) instead of hanging the suite."""
    answer: list[object] = []

    def read() -> None:
        try:
            answer.append(read_pbn(path, **kwargs))
        except Exception as exc:  # noqa: BLE001 -- the answer under test
            answer.append(exc)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(10)
    if thread.is_alive():
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(10)
        pytest.fail(f"reading {path} blocked")
    return answer[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_path_that_is_not_a_regular_file_is_refused_without_blocking(tmp_path: Path) -> None:
    """A FIFO (or a terminal) picked in the Open dialog would block the engine worker for ever."""
    fifo = tmp_path / "game.pbn"
    os.mkfifo(fifo)
    answer = _read_in_a_thread(fifo)
    assert isinstance(answer, PbnFileError) and "is not a regular file" in str(answer)
    answer = _read_in_a_thread(tmp_path)
    assert isinstance(answer, PbnFileError) and "is a folder" in str(answer)


def test_the_command_line_may_read_a_pipe(tmp_path: Path) -> None:
    """``tenace-cli review --pbn <(...)``: a pipe with its writer is read (still size-capped)."""
    read_end, write_end = os.pipe()
    os.write(write_end, b'[Event "piped"]\n[Board "3"]\n')
    os.close(write_end)
    try:
        games = read_pbn(f"/dev/fd/{read_end}", pipes=True)
    finally:
        os.close(read_end)
    assert [g.board for g in games] == [3]


def test_long_words_are_cut_in_error_messages() -> None:
    with pytest.raises(PbnError) as info:
        parse_pbn('[Auction "N"]\n' + "Q" * 100_000 + "\n")
    assert len(str(info.value)) < 200 and "(100000 characters)" in str(info.value)


def test_progress_is_reported_and_can_stop_the_reading() -> None:
    text = "".join(f'[Board "{i}"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
                   f'...AKQJT98765432"]\n\n' for i in range(1, 3000))
    seen: list[float] = []
    assert len(parse_pbn(text, progress=seen.append)) == 2999
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen) and len(seen) > 3

    class Stop(Exception):
        pass

    def stop_halfway(fraction: float) -> None:
        if fraction > 0.5:
            raise Stop

    with pytest.raises(Stop):
        parse_pbn(text, progress=stop_halfway)
