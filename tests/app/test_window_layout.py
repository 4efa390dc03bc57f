"""The window a player expects: it never resizes itself, fits small and scaled screens, keeps the hint panel
to a third of its width (and collapsible), and its cards grow with it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize

from app.main_window import MainWindow, fitted_size
from app.modes.app_mode import AppMode
from app.settings import CardSize
from app.viewmodels.table import HandShape
from app.viewmodels.hints import HintKind, HintResult, HintRow, HintStatus
from tests.app.test_bridge_mode import _click_card, _idle, _playable
from tests.app.windows import open_window

# The screens the issue names, in logical pixels: 1024 × 700 at scale 1, and a 1920 × 1080 screen at
# scale 1.5 and 2.0 (a desktop's panels take some of it: 60 px here).
SCREENS = {"1024x700": QSize(1024, 700 - 40), "1600x1000@1.5": QSize(1066, 666 - 30), "1920x1080@1.5": QSize(1280, 720 - 40),
           "1920x1080@2": QSize(960, 540 - 30)}


def _window(qtbot, tmp_path, size=(1180, 760)) -> MainWindow:
    return open_window(qtbot, tmp_path, size=size)


def _full_hint(w: MainWindow) -> HintResult:
    """A hint with every card of a 13-card hand and a long explanation (the most the panel ever shows)."""
    cards = tuple(range(13))
    rows = tuple(HintRow(c, 0.5, 9.0) for c in cards)
    return HintResult(HintKind.BRIDGE, rows, cards[0], "PIMC (M = 1)", 48, 48, True, goal="make 4♠",
                      explanation="Play the ace, then finesse. " * 40)


def test_the_window_never_resizes_itself(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    size = w.size()
    s = w.bridge.session
    while not s.is_complete:  # a whole deal: the record fills, the summary and Review appear
        _idle(qtbot, w)
        if s.is_user_turn:
            _click_card(qtbot, w, _playable(w)[-1])
        assert w.size() == size
    _idle(qtbot, w)
    assert w.bridge_panel.summary.isVisible() and w.size() == size
    w.hints._set(HintStatus.DONE, _full_hint(w), "")  # the longest hint there is, shown in its panel
    w.hints_dock.show()
    qtbot.wait(50)
    assert w.size() == size
    for mode in (AppMode.HEARTS, AppMode.SUIT, AppMode.BRIDGE):
        w.set_mode(mode)
        qtbot.wait(50)
        assert w.size() == size
    w.new_deal_action.trigger()
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session is not s, timeout=10_000)
    assert w.size() == size


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_window_fits_small_and_scaled_screens_with_the_hint_panel_open(qtbot, tmp_path, screen):
    available = SCREENS[screen]
    start = fitted_size(available)
    assert start.width() <= available.width() and start.height() <= available.height()
    w = _window(qtbot, tmp_path, (start.width(), start.height()))
    w.hints._set(HintStatus.DONE, _full_hint(w), "")
    w.hints_dock.show()
    for mode in AppMode:
        w.set_mode(mode)
        qtbot.wait(20)
        minimum = w.minimumSizeHint().expandedTo(w.minimumSize())
        assert minimum.width() <= available.width() and minimum.height() <= available.height(), \
            f"{mode.name}: the window needs {minimum.width()}×{minimum.height()} on a {available.width()}×{available.height()} screen"
        assert w.size() == start  # opening the hint panel takes room from the table, not from the screen
        side = w.side_column
        assert side.widget().minimumSizeHint().width() <= side.viewport().width(), \
            f"{mode.name}: the side panels are cut at {side.width()} px"
    south = w.table.table_layout.hand_cards[w.table.state.bottom_seat] if w.mode is AppMode.BRIDGE else None
    assert south is None or all(w.table.rect().contains(r.toAlignedRect()) for r in south)


@pytest.mark.parametrize("width", [1024, 1600])
def test_the_hint_panel_takes_at_most_a_third_and_collapses(qtbot, tmp_path, width):
    w = _window(qtbot, tmp_path, (width, 700))
    w.hints._set(HintStatus.DONE, _full_hint(w), "")
    w.hints_dock.show()
    qtbot.waitUntil(lambda: w.hints_dock.isVisible(), timeout=2000)
    qtbot.wait(50)
    assert 0 < w.hints_dock.width() <= w.width() / 3
    w.hints_panel.hide_button.click()  # collapse
    assert not w.hints_dock.isVisible() and not w.hint_panel_action.isChecked()
    w.hint_panel_action.trigger()  # and open again from the toolbar
    assert w.hints_dock.isVisible()


def test_cards_grow_with_the_window_and_follow_the_card_size_setting(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, (1024, 700))
    small = w.table.table_layout.card_width
    assert small >= 58  # at 1024 × 700 a card's corner index is ~12 px, readable (it was ~9 px)
    w.resize(1600, 1000)
    qtbot.waitUntil(lambda: w.table.table_layout.card_width > small * 1.25, timeout=2000)
    large = w.table.table_layout.card_width
    w.table.set_card_size(CardSize.SMALL)
    assert w.table.table_layout.card_width < large * 0.85
    w.table.set_card_size(CardSize.LARGE)
    assert w.table.table_layout.card_width == pytest.approx(large)


def test_dummy_lies_in_suit_columns(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    s = w.bridge.session
    dummy = {h.seat: h for h in w.table.state.hands}[s.declarer.partner]
    assert dummy.shape is HandShape.SUITS and dummy.face_up
    rects = w.table.table_layout.hand_cards[dummy.seat]
    columns: dict[int, set[float]] = {}
    for card, rect in zip((c.card for c in dummy.cards), rects):
        columns.setdefault(card // 13, set()).add(round(rect.x(), 2))
    assert all(len(xs) == 1 for xs in columns.values())  # a suit is one column
    assert len({next(iter(xs)) for xs in columns.values()}) == len(columns)  # one column per suit



def test_the_bidding_box_shows_without_scrolling_on_a_small_screen(qtbot, tmp_path):
    """At 1024×700 the box sat below the fold (seen under Xvfb): the empty contract rows and a stretched
    explanation pushed it down.  Every call button must be inside the visible part of the side column."""
    from PySide6.QtCore import QPoint

    w = open_window(qtbot, tmp_path, seed=21, ready=False, bid_boards=True, size=(942, 644))
    qtbot.waitUntil(lambda: w.bridge.user_to_call, timeout=10_000)
    qtbot.wait(50)  # the layout settles
    box = w.bridge_panel.bidding_box
    assert box.isVisible()
    viewport = w.side_column.viewport()
    top = box.mapTo(viewport, QPoint(0, 0)).y()
    bottom = box.mapTo(viewport, QPoint(0, box.height())).y()
    assert 0 <= top and bottom <= viewport.height(), (top, bottom, viewport.height())
    assert box.visibleRegion().boundingRect() == box.rect()  # not clipped by the panel's own scroll area either
    rows = dict((r.label, r.value) for r in w.info_panel.rows)
    assert "Contract" not in rows and rows["Status"] == "bidding"


def test_the_hearts_score_sheet_shows_every_column_on_a_small_screen(qtbot, tmp_path):
    """The East column was cut ("Ea") at 1024×700 and at scale 1.5 (seen under Xvfb)."""
    from app.modes.app_mode import AppMode

    w = open_window(qtbot, tmp_path, mode=AppMode.HEARTS, ready=False, size=(942, 644))
    qtbot.waitUntil(lambda: w.hearts.session is not None, timeout=10_000)
    qtbot.wait(50)
    table = w.hearts_panel.scores
    header = table.horizontalHeader()
    assert header.length() <= table.viewport().width()
    metrics = header.fontMetrics()
    for col, label in enumerate(["You", "West", "North", "East"]):
        assert metrics.horizontalAdvance(label) <= header.sectionSize(col), label


def test_the_side_column_is_the_only_scroll_area_beside_the_table(qtbot, tmp_path):
    """A panel's own scroll area inside the scrolling side column stacked two scroll bars beside the
    trick record's (seen at the end of a hand at 1024×700)."""
    from PySide6.QtWidgets import QScrollArea

    w = open_window(qtbot, tmp_path, size=(942, 644))
    assert w.side_column.findChildren(QScrollArea) == []
    assert w.bridge_panel.record.isVisible()
