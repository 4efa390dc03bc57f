"""Bridge mode through the UI: a whole deal by clicks, the defender's seat, undo, PBN, claims, statistics."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QPoint, Qt

from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.stats import Statistics
from engine.bridge.play import ClaimStatus
from engine.core.deal import Deal
from engine.players import bridge_rules
from engine.session.bridge_session import UserRole
from tests.solvers.reference import reference_tricks_per_card


class _EndingOracle:
    """Exact double-dummy answers for endings (plain minimax); enough to check late claims."""

    def declarer_tricks(self, deal: Deal, strain, declarer):
        raise NotImplementedError("not needed by these tests")

    def tricks_per_card(self, deal, strain, leader, played=()):
        assert max(deal.hand_sizes()) <= 4, "the test oracle is for endings only"
        return reference_tricks_per_card(deal.masks, strain, leader, played)


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(seed=11, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE, dd_oracle=None, bid_boards=False)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    return w


def _idle(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: not w.bridge.is_thinking, timeout=10_000)


def _click_card(qtbot, w: MainWindow, card: int) -> None:
    rect = w.table.card_rect(card)
    assert rect is not None
    point = QPoint(int(rect.left() + rect.width() * 0.1), int(rect.center().y()))
    assert w.table.card_at(point.toPointF()) == card
    qtbot.mouseClick(w.table, Qt.MouseButton.LeftButton, pos=point)


def _playable(w: MainWindow) -> list[int]:
    return [c.card for h in w.table.state.hands for c in h.cards if c.playable]


def _play_by_clicks_until(qtbot, w: MainWindow, ply: int) -> None:
    while True:
        _idle(qtbot, w)
        s = w.bridge.session
        if s.is_complete or s.play.ply >= ply:
            return
        assert s.is_user_turn
        _click_card(qtbot, w, _playable(w)[-1])


def test_a_whole_deal_played_by_clicks_ends_with_a_summary_and_statistics(qtbot, window, tmp_path, monkeypatch):
    threads: list[str] = []
    original = bridge_rules.RulesBridgePlayer.choose_card

    def recording(self, view):
        threads.append(threading.current_thread().name)
        return original(self, view)

    monkeypatch.setattr(bridge_rules.RulesBridgePlayer, "choose_card", recording)
    w = window
    s = w.bridge.session
    assert s.role is UserRole.DECLARER and w.table.state.bottom_seat == s.declarer
    _play_by_clicks_until(qtbot, w, 52)
    assert w.bridge.session.is_complete and w.bridge.last_summary is not None
    assert threads and set(threads) == {"tenace-engine"}  # every computer card was chosen off the GUI thread
    assert w.bridge_panel.summary.isVisible() and "Score:" in w.bridge_panel.summary.text()
    rows = dict((r.label, r.value) for r in w.info_panel.rows)
    assert rows["Score"].endswith("(N-S)")
    assert w.stats.flush()  # recorded on the statistics thread
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        summary = stats.summary()
    assert summary.hands_played == 1 and summary.contracts_made == int(w.bridge.last_summary.made)


def test_illegal_cards_cannot_be_clicked_and_say_why(qtbot, window):
    w = window
    _idle(qtbot, w)
    s = w.bridge.session
    hands = {h.seat: h for h in w.table.state.hands}
    user_hand = [c for h in (hands[s.declarer], hands[s.declarer.partner]) for c in h.cards]
    blocked = [c for c in user_hand if not c.playable]
    assert blocked and all(c.unplayable_reason for c in blocked)
    before = s.play.ply
    rect = w.table.card_rect(blocked[0].card)
    qtbot.mouseClick(w.table, Qt.MouseButton.LeftButton, pos=QPoint(int(rect.left() + 3), int(rect.center().y())))
    assert s.play.ply == before
    assert w.table.tooltip_for(blocked[0].card).endswith(blocked[0].unplayable_reason)


def test_undo_and_going_back_to_any_card(qtbot, window):
    w = window
    _play_by_clicks_until(qtbot, w, 12)
    s = w.bridge.session
    last_user = s.last_user_ply()
    assert w.undo_action.isEnabled()
    w.undo_action.trigger()
    assert s.play.ply == last_user and s.is_user_turn
    record = w.bridge_panel.record
    assert record.rowCount() == (s.play.ply + 3) // 4 and record.verticalHeaderItem(0).text() == "1"
    third = next(record.item(0, c) for c in range(4) if record.item(0, c).data(Qt.ItemDataRole.UserRole) == 2)
    record.itemActivated.emit(third)  # back to before the third card; the computer plays on
    _idle(qtbot, w)
    assert s.play.ply >= 2 and s.is_user_turn
    w.bridge_panel.replay.click()
    _idle(qtbot, w)
    assert s.play.ply <= 1


def test_save_and_reload_a_pbn(qtbot, window, tmp_path):
    w = window
    _play_by_clicks_until(qtbot, w, 9)
    s = w.bridge.session
    path = tmp_path / "deal.pbn"
    assert w.write_pbn(path)
    assert '[Contract "' in path.read_text(encoding="utf-8")
    w.new_deal_action.trigger()
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    assert w.load_pbn(path)
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.board.deal == s.board.deal, timeout=10_000)
    again = w.bridge.session
    assert again.contract == s.contract and again.declarer == s.declarer
    assert again.play.moves[: s.play.ply] == s.play.moves
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Deal "N:AK... - - -"]\n', encoding="utf-8")
    assert w.load_pbn(bad)  # read on the engine worker: the answer comes back as a message
    qtbot.waitUntil(lambda: "full deal" in w.statusBar().currentMessage(), timeout=10_000)
    assert w.bridge.session is again  # the board on the table stays


def test_the_user_can_defend(qtbot, window):
    w = window
    w.bridge_panel.role.setCurrentIndex(w.bridge_panel.role.findData(UserRole.DEFENDER))
    w.bridge_panel.new_board.click()
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    s = w.bridge.session
    assert s.role is UserRole.DEFENDER and s.user_seat == s.declarer.lho
    assert w.table.state.bottom_seat == s.user_seat and s.is_user_turn  # the opening lead is yours
    dummy = {h.seat: h for h in w.table.state.hands}[s.declarer.partner]
    assert not dummy.face_up or w.settings.hand_visibility.value == "all-hands"
    _play_by_clicks_until(qtbot, w, 52)
    assert w.bridge.last_summary.user_score == -w.bridge.last_summary.score


def test_claims_are_checked_by_the_solver_on_the_engine(qtbot, window):
    w = window
    w.bridge.oracle = _EndingOracle()
    _play_by_clicks_until(qtbot, w, 40)  # three tricks left
    s = w.bridge.session
    assert w.claim_action.isEnabled()
    remaining = s.play.remaining_tricks
    w.bridge.claim(remaining)
    _idle(qtbot, w)
    if not s.is_complete:  # the full claim was wrong: the message says what best defence gives
        assert "rejected" in w.statusBar().currentMessage()
        w.bridge.claim(0)
        _idle(qtbot, w)
    assert s.is_complete and s.play.claim_record.status is ClaimStatus.VERIFIED
    assert "claim (verified)" in w.bridge_panel.summary.text()


def test_claim_without_a_solver_is_offered_only_when_plainly_right(qtbot, window, tmp_path):
    w = window
    w.bridge.oracle = None
    path = tmp_path / "spades.pbn"
    path.write_text(
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:.AKQJT98765432.. ..AKQJT98765432. AKQJT98765432... ...AKQJT98765432"]\n'
        '[Declarer "S"]\n[Contract "7S"]\n',
        encoding="utf-8",
    )
    assert w.load_pbn(path)
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.contract.level == 7, timeout=10_000)
    _idle(qtbot, w)
    assert not w.claim_action.isEnabled()  # dummy to play to West's club lead: nothing to claim yet
    _play_by_clicks_until(qtbot, w, 4)  # a heart from dummy, then South ruffs East's diamond
    s = w.bridge.session
    assert s.is_user_turn and s.play.to_play == s.declarer and w.claim_action.isEnabled()
    w.claim_action.trigger()
    assert s.is_complete and s.summary().declarer_tricks == 13
    assert "claim (verified)" in w.bridge_panel.summary.text()


def test_how_to_play_documents_the_contract_method(window):
    dialog = window.open_how_to_play()
    text = dialog.findChildren(type(window.info_panel._title))[0].text()
    assert "level the side makes" in text and "point-count estimate" in text  # the window was given no solver


def test_a_filtered_new_board_is_searched_on_the_engine(qtbot, window):
    from engine.session.deal_filter import DealFilter

    w = window
    combo = w.bridge_panel.deal_filter
    assert combo.findData(DealFilter.NT3_UNDECIDED) == -1  # offered only with the solver
    combo.setCurrentIndex(combo.findData(DealFilter.GAME_NS))
    w.bridge_panel.new_board.click()
    assert w.info_panel.title == "Looking for a deal…"
    qtbot.waitUntil(lambda: w.info_panel.title == "Board 2", timeout=10_000)
    s = w.bridge.session
    assert s.board.number == 2 and DealFilter.GAME_NS.accepts(s.choice)


def test_the_computer_player_is_any_registry_player_with_checked_settings(qtbot, window):
    from engine.players.registry import REGISTRY, Game

    w = window
    picker = w.bridge_panel.player
    assert [picker.name.itemData(i) for i in range(picker.name.count())] == list(REGISTRY.entries(Game.BRIDGE))
    picker.name.setCurrentIndex(picker.name.findData("random"))
    picker.params.setText("colour=red")
    picker.params.editingFinished.emit()
    assert not picker.error.isHidden() and "unknown parameter 'colour'" in picker.error.text()
    assert picker.spec == "random"
    picker.params.setText("seed=4")
    picker.params.editingFinished.emit()
    assert picker.error.isHidden() and picker.spec == "random:seed=4"
    w.bridge_panel.new_board.click()
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.board.number == 2, timeout=10_000)
    assert w.bridge.session.player_spec == "random:seed=4"


def test_a_failing_solver_falls_back_to_the_estimate(qtbot, window):
    class Broken:
        def declarer_tricks(self, deal, strain, declarer):
            raise RuntimeError("table kernel crashed")

        def tricks_per_card(self, deal, strain, leader, played=()):
            raise RuntimeError("not used")

    w = window
    w.bridge.oracle = Broken()
    w.new_deal_action.trigger()
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    assert w.bridge.session.choice.method.value == "point-count estimate"
    assert w.bridge.session.board.number == 2


class _TableOracle(_EndingOracle):
    """North-South make nine tricks in notrump and seven elsewhere; exact on endings (for claims)."""

    def __init__(self):
        self.cells: list[tuple[int, int]] = []
        self.threads: set[str] = set()

    def declarer_tricks(self, deal, strain, declarer):
        self.cells.append((strain, declarer))
        self.threads.add(threading.current_thread().name)
        return 9 if strain == 4 else 7


def test_the_solver_chooses_the_contract_and_the_summary_gives_the_double_dummy_result(qtbot, tmp_path):
    oracle = _TableOracle()
    w = MainWindow(seed=11, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE, dd_oracle=oracle, bid_boards=False)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    s = w.bridge.session
    assert (str(s.contract), s.choice.method.value) == ("3NT", "double-dummy table")
    assert len(oracle.cells) == 10 and {d for _, d in oracle.cells} == {0, 2} and oracle.threads == {"tenace-engine"}
    assert dict((r.label, r.value) for r in w.info_panel.rows)["Contract by"] == "double-dummy table"
    _play_by_clicks_until(qtbot, w, 52)
    text = w.bridge_panel.summary.text()
    assert "Double-dummy: declarer takes 9;" in text
    diff = w.bridge.last_summary.declarer_tricks - 9
    assert ("the same as" in text) if diff == 0 else (f"{abs(diff)} {'more' if diff > 0 else 'fewer'} than" in text)


def test_strength_names_and_engine_presets_in_the_advanced_view(qtbot, window):
    from app.settings import Strength
    from app.viewmodels.strength import STRENGTH_SPECS
    from engine.players.registry import REGISTRY, Game

    picker = window.bridge_panel.player
    specs: list[str] = []
    picker.spec_changed.connect(specs.append)
    levels = [picker.level.itemText(i) for i in range(picker.level.count())]
    assert levels == ["Beginner", "Club player", "Expert", "Custom"] and picker.level.currentText() == "Beginner"
    assert picker.advanced.isHidden()  # engine names only in the advanced view
    picker.level.activated.emit(levels.index("Club player"))
    assert picker.spec == STRENGTH_SPECS[Game.BRIDGE][Strength.CLUB_PLAYER] == specs[-1]
    assert window.bridge.options.player_spec == picker.spec
    picker.set_details(True)
    assert picker.advanced.isVisible()
    picker.name.setCurrentIndex(picker.name.findData("rules"))
    assert not picker.preset.isEnabled() and picker.preset.count() == 0
    assert picker.level.currentText() == "Beginner"  # rules is the beginner's player
    picker.name.setCurrentIndex(picker.name.findData("pimc"))
    names = [picker.preset.itemText(i) for i in range(picker.preset.count())]
    assert names == ["Fast", "Normal", "Strong", "Custom"] and picker.preset.currentText() == "Normal"
    picker.preset.activated.emit(names.index("Strong"))
    assert picker.spec == "pimc:worlds=40" and specs[-1] == "pimc:worlds=40" and picker.level.currentText() == "Custom"
    picker.preset.activated.emit(names.index("Fast"))
    assert picker.spec == "pimc:worlds=10" and picker.preset.currentText() == "Fast"
    assert picker.level.currentText() == "Club player"
    picker.params.setText("worlds=33")
    picker.params.editingFinished.emit()
    assert picker.spec == "pimc:worlds=33" and picker.preset.currentText() == "Custom"
    for game in Game:  # every preset of every player, and every strength, is a spec the registry accepts
        for name, entry in REGISTRY.entries(game).items():
            for _, text in entry.presets:
                REGISTRY.create(game, f"{name}:{text}" if text else name)
        for spec in STRENGTH_SPECS[game].values():
            REGISTRY.create(game, spec)


def test_a_contract_outside_the_boards_cells_gets_its_double_dummy_cell_solved_on_the_engine(qtbot, tmp_path):
    from engine.bridge.contract import Contract
    from engine.core.seats import Seat
    from engine.session.contract_choice import ContractChoice, ContractMethod

    oracle = _TableOracle()
    w = MainWindow(seed=11, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE,
                   dd_oracle=oracle, bid_boards=False)
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    assert not w.bridge.session.dd_table.has(0, Seat.EAST)  # the board solved North-South's cells only
    w.bridge.set_contract(ContractChoice(Contract.parse("2S"), Seat.EAST, 8, ContractMethod.BY_HAND))
    qtbot.waitUntil(lambda: w.bridge.session.dd_table.has(0, Seat.EAST), timeout=10_000)
    assert w.bridge.session.dd_table.get(0, Seat.EAST) == 7 and oracle.cells[-1] == (0, int(Seat.EAST))
