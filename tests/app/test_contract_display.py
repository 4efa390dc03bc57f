"""The automatic contract on the table: bid to the level the side makes, by the partner who makes most, and why."""

from __future__ import annotations

from tests.app.windows import open_window
from engine.core.seats import Seat


def test_the_bridge_panel_shows_why_this_contract_and_this_declarer(qtbot, tmp_path):
    w = open_window(qtbot, tmp_path, seed=5, ready=False)
    for _ in range(4):  # a few boards: each says why, and none is bid below what the side makes
        qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
        s = w.bridge.session
        choice = s.choice
        strain = choice.contract.strain
        table = w.bridge.prepared.choice  # the estimate the contract came from
        assert choice.reason and choice.reason in w.bridge_panel.contract_label.text().replace("&#x27;", "'")
        if choice.expected_tricks >= 7:
            assert choice.contract.level == choice.expected_tricks - 6
        assert f"{choice.contract.level}{strain.symbol}" in choice.reason
        assert table.declarer == s.declarer and s.declarer in (Seat.NORTH, Seat.SOUTH)
        assert s.user_seat == s.declarer and w.table.state.bottom_seat == s.declarer  # you sit where declarer is
        w.bridge.new_deal()
