"""The words a player reads: strength names, "loading the engine", the moon in words and scored alike
everywhere, the cards received in the pass, suit practice's verdicts and what the table shows of the
defenders, and the Help pages."""

from __future__ import annotations

import sys
import types


from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar

from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.stats import HeartsReplay, Statistics
from app.viewmodels.hearts_table import RECEIVED_BADGE
from app.worker.warmup import WarmupHook, step_text, warmup_job
from app.widgets.engine_status import status_text
from app.worker.messages import EngineActivity, EngineStatus
from engine.core.cancel import CancelToken
from engine.core.cards import card_symbol_str
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hearts.rules import HeartsRules
from engine.players import hearts_rules
from engine.session.hearts_session import HeartsStage
from engine.session.suit_session import SuitStage
from tests.app.windows import open_window


def _window(qtbot, tmp_path, mode: AppMode) -> MainWindow:
    return open_window(qtbot, tmp_path, seed=3, mode=mode, ready=False)


def test_the_computer_is_named_by_strength_and_engines_only_in_the_advanced_view(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, AppMode.BRIDGE)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    rows = dict((r.label, r.value) for r in w.info_panel.rows)
    assert rows["Computer"] == "Beginner"
    assert w.bridge_panel.player.level.currentText() == "Beginner" and w.bridge_panel.player.advanced.isHidden()
    texts = " ".join(w.bridge_panel.player.level.itemText(i) for i in range(w.bridge_panel.player.level.count()))
    assert not any(jargon in texts.lower() for jargon in ("pimc", "alphamu", "mcmaxn", "worlds", "m = "))
    from dataclasses import replace

    w.apply_new_settings(replace(w.settings, show_engine_details=True))
    rows = dict((r.label, r.value) for r in w.info_panel.rows)
    assert rows["Computer"] == "Beginner (rules)" and w.bridge_panel.player.advanced.isVisible()


def test_a_warm_start_says_loading_the_engine_and_only_a_cold_one_compiling(monkeypatch, tmp_path):
    cache = tmp_path / "numba"
    fake = types.SimpleNamespace(cache_dir=lambda: str(cache))
    monkeypatch.setitem(sys.modules, "engine.jit", fake)
    seen: list[str] = []
    token = CancelToken(progress=lambda fraction, text: seen.append(text))
    warmup_job([WarmupHook("engine.solvers.dd", lambda: None)])(token)
    assert seen[0] == "compiling the bridge solver (first start only: a minute or two)"  # nothing cached yet
    (cache / "dd").mkdir(parents=True)
    (cache / "dd" / "kernel.nbi").write_bytes(b"")
    seen.clear()
    warmup_job([WarmupHook("engine.solvers.dd", lambda: None)])(token)
    assert seen[0] == "loading the bridge solver"
    status = status_text(EngineStatus(EngineActivity.COMPILING, 1, 0.2, seen[0]))
    assert status == "Loading the engine — loading the bridge solver" and "ompiling" not in status
    assert step_text("numba", None) == "loading the compiler"


def _moon_deal() -> Deal:
    """South holds the top cards of every suit (♠AKQJ ♥AKQJ ♦AKQ ♣AK): playing them from the top it wins
    every trick, so it takes every heart and the ♠Q — the moon."""
    south = "AKQJ.AKQJ.AKQ.AK"
    rest = {"S": "T98765432", "H": "T98765432", "D": "JT98765432", "C": "QJT98765432"}
    hands = {"W": [], "N": [], "E": []}
    order = ["W", "N", "E"]
    i = 0
    for suit in "SHDC":
        for rank in rest[suit]:
            hands[order[i % 3]].append((suit, rank))
            i += 1

    def pbn(cards):
        return ".".join("".join(r for s, r in cards if s == suit) for suit in "SHDC")

    return Deal.from_pbn(f"N:{pbn(hands['N'])} {pbn(hands['E'])} {south} {pbn(hands['W'])}")


def test_a_moon_shot_is_said_in_words_and_scored_the_same_everywhere(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(hearts_rules.RulesHeartsPlayer, "choose_card",
                        lambda self, view: min(view.legal_cards, key=lambda c: c % 13))  # always the lowest card
    w = _window(qtbot, tmp_path, AppMode.HEARTS)
    w.hearts.replay_hand(HeartsReplay(_moon_deal(), 3, Seat.SOUTH, HeartsRules().to_dict()))  # hand 4: no pass
    s = w.hearts.session
    assert s.stage is HeartsStage.PLAYING
    while s.stage is HeartsStage.PLAYING:
        qtbot.waitUntil(lambda: s.is_user_turn or s.stage is not HeartsStage.PLAYING, timeout=10_000)
        if s.is_user_turn:
            w.hearts.card_chosen(max(s.state.legal_cards(), key=lambda c: c % 13))
    record = s.history[-1]
    assert record.moon == Seat.SOUTH and record.points == (26, 26, 0, 26)
    words = "You shot the moon! You took every heart and the ♠Q, so each of the others scored 26 and you scored nothing."
    assert w.table.state.centre_text == words  # on the table,
    assert words in w.hearts_panel.hand_result.text()  # beside it,
    labels = {h.seat: h.label for h in w.table.state.hands}
    assert labels[Seat.SOUTH].endswith("· 0 pts") and labels[Seat.WEST].endswith("· 26 pts")
    rows = dict((r.label, r.value) for r in w.info_panel.rows)  # in the info panel,
    assert rows["You"] == "0 (this hand 0 — shot the moon)" and rows["West"] == "26 (this hand 26)"
    sheet = w.hearts_panel.scores  # and on the score sheet: the same numbers
    assert [sheet.item(0, c).text() for c in range(4)] == ["0", "26", "26", "26"]
    assert sheet.verticalHeaderItem(0).text() == "4 ☾" and sheet.item(0, 0).toolTip() == words
    assert w.stats.flush()  # recorded on the statistics thread
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        summary = stats.summary()
    assert summary.hearts_hands == 1 and summary.hearts_moons == 1 and summary.hearts_points == 0


def test_after_the_pass_you_are_told_which_cards_you_received(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, AppMode.HEARTS)
    s = w.hearts.session
    assert s.stage is HeartsStage.PASSING
    for card in list(s.user_hand())[:3]:
        w.hearts.card_chosen(card)
    qtbot.waitUntil(lambda: s.can_confirm_pass, timeout=10_000)
    w.hearts_panel.pass_button.click()
    assert s.stage is HeartsStage.PLAYING
    received = list(s.received)
    assert len(received) == 3
    giver = s.direction.giver(s.user_seat).name.title()
    panel_text = w.hearts_panel.received.text()
    assert w.hearts_panel.received.isVisible() and panel_text.startswith("You received ") and panel_text.endswith(f"from {giver}.")
    assert all(card_symbol_str(c) in panel_text for c in received)
    assert w.statusBar().currentMessage() == panel_text
    badges = {c.card for h in w.table.state.hands for c in h.cards if c.badge == RECEIVED_BADGE}
    assert badges == set(received)


def _suit_window(qtbot, tmp_path) -> MainWindow:
    w = _window(qtbot, tmp_path, AppMode.SUIT)
    qtbot.waitUntil(lambda: w.suit.session is not None, timeout=20_000)
    return w


def _entry(w, entry_id):
    return next(c for c in w.suit.catalogue if c.entry.id == entry_id)


def _west(ranks: str) -> int:
    order = "23456789TJQKA"
    return sum(1 << order.index(r) for r in ranks)


def test_suit_practice_best_line_unlucky_layout_is_neither_failed_nor_solved(qtbot, tmp_path):
    from app.viewmodels.suit_table import rank_card
    from engine.session.suit_session import library_setup

    w = _suit_window(qtbot, tmp_path)
    w.suit.start(library_setup(_entry(w, 3).entry), west=_west("JT"))  # AQ5 opposite 432; the king is with East
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.session.layout.west == _west("JT"), timeout=20_000)
    s = w.suit.session
    leads = 0
    while not s.is_over:  # the best line: cash the ace (a singleton king drops), then lead towards the queen
        qtbot.waitUntil(lambda: s.is_user_turn or s.is_over, timeout=10_000)
        if s.is_over:
            break
        north = [r for r in range(2, 15) if s.hand(Seat.NORTH) >> (r - 2) & 1]
        south = [r for r in range(2, 15) if s.hand(Seat.SOUTH) >> (r - 2) & 1]
        if s.stage is SuitStage.LEAD:
            leads += 1
            w.suit.card_chosen(rank_card(14 if leads == 1 else (south or north)[0]))  # both hands' cards are spades
        elif s.to_play == Seat.NORTH:
            w.suit.card_chosen(rank_card(12 if 12 in north else north[0]))  # finesse the queen
        else:
            w.suit.card_chosen(rank_card(south[0]))
    qtbot.waitUntil(lambda: w.suit.review is not None, timeout=30_000)
    assert not s.result().made and w.suit.review.optimal  # the finesse is the best line; the king was offside
    text = " ".join(w.suit_panel.result_text.split())
    assert "Best line, unlucky layout:" in text and "Failed" not in text and "Solved" not in text
    assert "Right line: your line is as good as the best one" in text
    rows = dict((r.label, r.value) for r in w.info_panel.rows)
    assert rows["Status"] == "best line, unlucky layout"
    assert w.stats.flush()  # recorded on the statistics thread
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        summary = stats.summary()
    assert (summary.suit_problems_tried, summary.suit_made, summary.suit_best_line, summary.suit_problems_solved) == (1, 0, 1, 0)


def test_suit_practice_shows_what_declarer_knows_of_the_defenders_and_show_outs(qtbot, tmp_path):
    from app.viewmodels.suit_table import rank_card
    from engine.session.suit_session import library_setup

    w = _suit_window(qtbot, tmp_path)
    w.suit.start(library_setup(_entry(w, 3).entry), west=0)  # West holds none of the seven missing cards
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.session.layout.west == 0, timeout=20_000)
    s = w.suit.session
    hands = {h.seat: h for h in w.table.state.hands}
    assert hands[Seat.WEST].unknown and hands[Seat.EAST].unknown  # no backs that give the split away
    assert hands[Seat.WEST].label == "West · ? of 7 missing" and hands[Seat.WEST].hidden_count == 0
    w.suit.card_chosen(rank_card(2))  # South leads low: West shows out
    qtbot.waitUntil(lambda: s.stage is SuitStage.THIRD_HAND, timeout=10_000)
    state = w.table.state
    hands = {h.seat: h for h in state.hands}
    assert Seat.WEST in state.show_outs and Seat.WEST in w.table.shown_trick.show_outs  # marked on the table
    assert hands[Seat.WEST].label == "West · showed out" and hands[Seat.WEST].hidden_count == 0
    assert not hands[Seat.EAST].unknown and hands[Seat.EAST].hidden_count == 7  # East's length is now known
    assert hands[Seat.EAST].label == "East · 7 left"
    image = w.table.grab().toImage()  # and drawn: a dashed place where West's card would be
    place = w.table.table_layout.trick_cards[Seat.WEST].toAlignedRect()
    colours = {image.pixelColor(x, place.center().y()).name() for x in range(place.left(), place.right())}
    assert len(colours) > 2


def test_help_explains_suit_practice_and_the_hint_bars(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, AppMode.BRIDGE)
    assert w.suit_help_action in w.menuBar().actions()[-1].menu().actions()
    suit = w.open_suit_help()
    text = suit.findChildren(type(w.info_panel._title))[0].text()
    assert "shows out" in text and "Best line, unlucky layout" in text and "best line" in text
    bars = w.open_hint_help()
    text = bars.findChildren(type(w.info_panel._title))[0].text()
    assert "chance that your side reaches its goal" in text and "possible deals" in text and "★" in text
    assert "lower is better" in text and "☾" in text


def test_the_hint_action_during_the_pass_suggests_a_pass(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, AppMode.HEARTS)
    s = w.hearts.session
    assert s.stage is HeartsStage.PASSING and w.hint_action.isEnabled()  # a hint exists before any card is played
    toolbar = w.findChild(QToolBar, "main-toolbar")
    qtbot.mouseClick(toolbar.widgetForAction(w.hint_action), Qt.MouseButton.LeftButton)  # Hint (H), as for a card
    qtbot.waitUntil(lambda: w.hearts.pass_hint is not None, timeout=30_000)
    hint = w.hearts.pass_hint
    assert set(s.selection) == set(hint.cards) and len(hint.cards) == 3
    assert w.hearts_panel.pass_hint.isVisible() and w.hearts_panel.pass_hint.text() == hint.text
    assert {c.card for h in w.table.state.hands for c in h.cards if c.highlighted} == set(hint.cards)


def test_the_hint_panel_in_suit_practice_says_there_is_no_hint(qtbot, tmp_path):
    """It said "Press H … to see every card's value" with Hint greyed out (seen under Xvfb)."""
    from app.widgets.hints_panel import IDLE_TEXT, NO_HINT_TEXT

    w = _window(qtbot, tmp_path, AppMode.BRIDGE)
    w.hints_dock.show()
    w.set_mode(AppMode.SUIT)
    assert not w.hint_action.isEnabled()
    assert w.hints_panel.status_label.text() == NO_HINT_TEXT
    w.set_mode(AppMode.BRIDGE)
    assert w.hints_panel.status_label.text() == IDLE_TEXT
