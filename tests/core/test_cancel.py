"""The cancel token: one flag shared by every part of a computation, progress mapped onto the whole."""

from __future__ import annotations

import pytest

from engine.core.cancel import NEVER, Cancelled, CancelToken


def test_a_cancelled_token_raises_at_its_next_check_with_the_last_partial_result():
    token = CancelToken()
    token.check()  # not cancelled: nothing happens
    token.cancel()
    assert token.cancelled
    with pytest.raises(Cancelled, match="stopped here") as info:
        token.check("stopped here")
    assert info.value.last is None
    assert Cancelled("x", last=3).last == 3


def test_parts_share_the_flag_and_map_their_progress_onto_the_whole():
    reports = []
    token = CancelToken(progress=lambda f, m: reports.append((round(f, 6), m)))
    first, second = token.part(0.0, 0.5), token.part(0.5, 1.0, "looking for a deal")
    inner = second.part(0.5, 1.0)
    first.report(0.5, "half of the first half")
    second.report(0.0, "cell 1")
    inner.report(1.0)
    token.report(2.0, "clamped")
    assert reports == [(0.25, "half of the first half"), (0.5, "looking for a deal (cell 1)"), (1.0, ""),
                       (1.0, "clamped")]
    inner.cancel()
    assert token.cancelled and first.cancelled  # one flag for the whole computation


def test_never_is_never_cancelled_and_cannot_be():
    assert not NEVER.cancelled and not NEVER.cancellable and CancelToken().cancellable
    NEVER.check()
    NEVER.report(0.5, "nowhere")
    assert NEVER.part(0.2, 0.4) is NEVER
    with pytest.raises(RuntimeError, match="nobody stops"):
        NEVER.cancel()


@pytest.mark.parametrize("start, end", [(-0.1, 0.5), (0.6, 0.5), (0.0, 1.5)])
def test_a_part_must_lie_within_the_whole(start, end):
    with pytest.raises(ValueError, match="0 <= start <= end <= 1"):
        CancelToken().part(start, end)


def test_a_token_with_a_deadline_stops_at_it_and_still_hears_the_user():
    import time

    from engine.core.cancel import NEVER, CancelToken

    token = CancelToken()
    late = token.until(time.perf_counter() + 60)
    assert not late.cancelled and late.cancellable
    token.cancel()
    assert late.cancelled  # the user's stop reaches the bounded part
    gone = CancelToken().until(time.perf_counter() - 1)
    assert gone.cancelled
    assert NEVER.until(time.perf_counter() - 1).cancelled and not NEVER.cancelled
