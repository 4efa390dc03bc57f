"""The issue-21 headline in the app: a grand slam opened from a PBN file early in the play, where the hint
hands the decision to the exact suit solver.  The panel's star, top bar, words and "how found" line all
come from that one analysis: the ♠K for the drop at 52%, exact for the deciding suit."""

from __future__ import annotations

from app.controllers.hint_controller import HintConfig
from app.viewmodels.hints import HintRow, HintStatus
from app.widgets.hints_panel import chance_text
from engine.bridge.contract import Contract
from engine.core.cards import parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.formats import write_pbn_file
from engine.session.bridge_pbn import session_to_pbn_game
from engine.session.bridge_session import BridgeBoard, BridgeSession, UserRole
from engine.session.contract_choice import ContractChoice, ContractMethod
from tests.app.windows import open_window

HEADLINE = "S:AKJ32.QJT.JT9.J3 QT9.9876.876.T98 7654.AK.AKQ.AKQ2 8.5432.5432.7654"
PLAYS = ("D8", "DA", "D2", "D9", "S4", "S8", "SA", "S9")


def test_the_grand_slam_drop_in_the_panel(qtbot, tmp_path):
    choice = ContractChoice(Contract.parse("7S"), Seat.SOUTH, 13, ContractMethod.BY_HAND)
    session = BridgeSession(BridgeBoard.numbered(1, Deal.from_pbn(HEADLINE)), choice, role=UserRole.DECLARER)
    for card in PLAYS:
        session.play.play(parse_card(card))
    path = tmp_path / "grand.pbn"
    write_pbn_file(path, [session_to_pbn_game(session)])
    w = open_window(qtbot, tmp_path, seed=3)
    qtbot.waitUntil(lambda: not w.bridge.is_thinking, timeout=10_000)
    assert w.load_pbn(path)
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.play.ply == len(PLAYS)
                    and not w.bridge.is_thinking, timeout=20_000)
    w.hints.config = HintConfig(min_interval=0.0, explain=True)
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=240_000)
    panel, result = w.hints_panel, w.hints_panel.result
    assert result.method == "suit reduction" and result.best == parse_card("SK") == panel.highlighted_card
    top = max(result.rows, key=lambda r: r.value)
    assert top.value == result.row(result.best).value and abs(top.value - 0.524) <= 0.02
    text = panel.explanation.text()
    figure = chance_text(result.row(result.best))
    assert text.startswith("Play the ♠K") and f"in {figure} of the deals" in text and "spades split 2-2" in text
    assert "Exact for the deciding suit" in text
    assert "Exact for the deciding suit: all 4 of its layouts" in panel.worlds_label.text()
    assert panel.engine_label.text().startswith("Analysis: Exact for the deciding suit")


def test_an_upper_bound_reads_as_one():
    assert chance_text(HintRow(parse_card("SJ"), 0.31, 9.0, 0.0, at_most=True)) == "at most 31%"
    assert chance_text(HintRow(parse_card("SJ"), 0.31, 9.0, 0.04)) == "31% ± 4%"


def test_a_floor_reads_as_the_range_the_hint_prints():
    """An estimate with a concrete line's chance below it shows the range, as the hint's words do; a floor
    that rounds to the upper figure shows one figure."""
    assert chance_text(HintRow(parse_card("SK"), 0.84, 9.0, 0.0, floor=0.6)) == "60% to 84%"
    assert chance_text(HintRow(parse_card("SK"), 0.84, 9.0, 0.0, floor=0.8404)) == "84%"
    assert not HintRow(parse_card("SK"), 0.84, 9.0, 0.0).ranged
