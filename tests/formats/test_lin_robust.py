"""Issue 23 for the LIN reader of issue 27: any text or file gives boards or one short message naming the
board, the line and column, and the token; nothing is read past 8 MiB; nothing that blocks is opened.

Each case failed before its fix (a ``ValueError``/``CardParseError`` traceback, a message holding the whole
value, a silently ignored dealer, a FIFO that blocked the reading for ever, an unbounded read).
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from engine.formats import LinError, parse_lin, read_lin
from engine.formats.lin import MAX_LIN_BYTES

HANDS = "S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,"
DEAL = f"md|3{HANDS}|"


def _refused(text: str) -> str:
    with pytest.raises(LinError) as err:
        parse_lin(text)
    message = str(err.value)
    assert "\n" not in message and len(message) < 400, message
    return message


def test_a_title_with_a_huge_number_is_not_a_traceback():
    """``int()`` of a 5,000-digit title raised Python's ValueError ("Exceeds the limit...")."""
    games = parse_lin(f"{DEAL}ah|Board {'9' * 5000}|mb|p|mb|p|mb|p|mb|p|")
    assert games[0].board == 1  # no usable number in the title: the board's place in the file


@pytest.mark.parametrize("hand", ["S1H2", "SAKH0", "S2369JH34JQD35KCQ1"])
def test_a_hand_with_a_stray_1_or_0_names_the_hand(hand):
    message = _refused(f"md|3{hand},SQKH27D2689C3578K,S78TAH59TAD4C269T,|")
    assert message.startswith("board 1, line 1, column 1: md|") and "is not a hand" in message


def test_a_long_value_is_cut_in_the_message():
    message = _refused(f"{DEAL}mc|{'9' * 100_000}|")
    assert "mc|9999" in message and "(100000 characters)" in message and "0..13" in message


def test_a_dealer_digit_outside_1_to_4_is_refused():
    assert "md dealer '5' is not 1..4" in _refused(f"md|5{HANDS}|")


def test_errors_name_the_line_and_column_of_the_token():
    text = f"qx|o1|{DEAL}\nsv|b|mb|1c|\nmb|1c|"
    assert _refused(text).startswith("board o1, line 3, column 1: call 2: auction: 1C by E is not higher than 1C")
    assert _refused(f"{DEAL}\n  pc|ZZ|").startswith("board 1, line 2, column 3: pc|ZZ| is not a card")


def test_text_above_the_cap_is_refused_before_it_is_parsed():
    started = time.process_time()
    message = _refused("mb|p|" * (MAX_LIN_BYTES // 5 + 1))
    assert message.startswith("the LIN text is 8.0 MB; Tenace reads LIN files of at most 8.0 MB")
    assert time.process_time() - started < 1.0


def test_a_file_above_the_cap_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.lin"
    with open(big, "wb") as f:
        f.truncate(MAX_LIN_BYTES + 1)  # sparse: nothing written, nothing read
    with pytest.raises(LinError, match=r"big\.lin is 8\.0 MB; Tenace reads LIN files of at most 8\.0 MB"):
        read_lin(big)


def test_errors_from_a_file_name_it(tmp_path):
    path = tmp_path / "hand.lin"
    path.write_text(f"{DEAL}mb|9C|", encoding="utf-8")
    with pytest.raises(LinError, match=r"hand\.lin: board 1, line 1, column \d+: mb\|9C\|"):
        read_lin(path)


def test_a_fifo_or_a_folder_is_refused_at_once(tmp_path):
    """Opening a FIFO with no writer waits for ever: a picked ``deal.lin`` FIFO would block its reader."""
    fifo = tmp_path / "deal.lin"
    os.mkfifo(fifo)
    done: list[BaseException] = []
    reader = threading.Thread(target=lambda: _catch(done, fifo), daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the reader before failing
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert isinstance(done[0], LinError) and "deal.lin is not a regular file: Tenace reads LIN files" in str(done[0])
    with pytest.raises(LinError, match="is a folder"):
        read_lin(tmp_path)


def _catch(done: list[BaseException], path) -> None:
    try:
        read_lin(path)
    except BaseException as exc:  # noqa: BLE001 - the test looks at it
        done.append(exc)
