"""Tricks as a player expects them: a finished trick stays and names its winner, a last-trick view,
every index visible, a compact record that follows the play, all four hands face up at the end."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from app.main_window import MainWindow
from app.settings import TRICK_PAUSE_CLICK, HandVisibility
from app.viewmodels.table import HandShape, TableState
from app.widgets.card_table import WINNER_COLOUR, CardTableView, tag_rect
from app.widgets.table_layout import COLUMN_ROWS, index_rect
from app.deal_viewer import deal_table_state
from engine.core.deal import random_deals
from engine.core.seats import Seat
from tests.app.test_bridge_mode import _click_card, _idle, _playable
from tests.app.windows import open_window


@pytest.fixture
def window(qtbot, tmp_path):
    return open_window(qtbot, tmp_path)


def _felt_point(w: MainWindow) -> QPoint:
    """A point of the felt with no card on it (the table's top-left corner area)."""
    return QPoint(8, 8)


def _to_computer_lead(qtbot, w: MainWindow) -> None:
    """Play (by clicks) until a trick has just been finished and the computer is to lead the next one."""
    s = w.bridge.session
    for _ in range(60):
        _idle(qtbot, w)
        play = s.play
        if play.tricks and not play.current_trick.cards and not s.is_user_turn and not s.is_complete:
            return
        if s.is_user_turn:
            _click_card(qtbot, w, _playable(w)[-1])
        else:
            qtbot.wait(20)
    pytest.fail("the computer never led after a finished trick")


def test_a_finished_trick_stays_with_its_winner_named_until_the_pause_or_a_click(qtbot, window):
    w = window
    w.bridge.trick_pause_ms = TRICK_PAUSE_CLICK  # "until I click the table"
    _to_computer_lead(qtbot, w)
    s = w.bridge.session
    qtbot.wait(300)  # nothing happens while the trick waits
    state = w.table.state
    assert len(state.trick) == 4 and state.trick_winner == s.play.tricks[-1].winner
    assert w.bridge.waiting_for_click and not s.play.current_trick.cards and not w.bridge.is_thinking
    image = w.table.grab().toImage()
    caption = w.table.table_layout.captions[1]
    yellow = [image.pixelColor(int(x), int(y)) for x in range(int(caption.left()), int(caption.right()), 2)
              for y in range(int(caption.top()), int(caption.bottom()), 2)]
    assert any(abs(c.red() - WINNER_COLOUR.red()) < 40 and abs(c.green() - WINNER_COLOUR.green()) < 40
               and c.blue() < 160 for c in yellow), "the winner's name is written beside the trick"
    qtbot.mouseClick(w.table, Qt.MouseButton.LeftButton, pos=_felt_point(w))  # a click goes on at once
    qtbot.waitUntil(lambda: len(s.play.current_trick.cards) >= 1 or s.is_complete, timeout=10_000)
    # a timed pause: the trick stays for the pause, then the computer leads
    w.bridge.trick_pause_ms = 400
    _to_computer_lead(qtbot, w)
    assert w.table.state.trick_winner is not None and w.bridge._pace_timer.isActive()
    qtbot.waitUntil(lambda: bool(s.play.current_trick.cards) or s.is_user_turn, timeout=10_000)


def test_the_last_trick_view_shows_the_trick_before_and_who_won_it(qtbot, window):
    w = window
    s = w.bridge.session
    assert not w.table.show_last_trick(True) and not w.table.last_trick_shown  # nothing finished yet
    while True:  # on to your turn in the middle of the third trick or later
        assert not s.is_complete
        _idle(qtbot, w)
        if len(s.play.tricks) >= 2 and s.play.current_trick.cards and s.is_user_turn:
            break
        if s.is_user_turn:
            _click_card(qtbot, w, _playable(w)[-1])
        else:
            qtbot.wait(10)
    previous = s.play.tricks[-1]
    w.last_trick_action.trigger()
    assert w.table.last_trick_shown and w.last_trick_action.isChecked()
    shown = w.table.shown_trick
    assert shown.cards == tuple((p.seat, p.card) for p in previous.plays()) and shown.winner == previous.winner
    assert shown.number == len(s.play.tricks)
    w.last_trick_action.trigger()  # L again: back to the trick in play
    assert not w.table.last_trick_shown and w.table.shown_trick.cards == w.table.state.trick
    w.last_trick_action.trigger()
    _click_card(qtbot, w, _playable(w)[-1])  # playing on puts the trick in play back on the table
    assert not w.table.last_trick_shown and not w.last_trick_action.isChecked()


def _painted_after(rects: list) -> list:
    return [rects[i + 1:] for i in range(len(rects))]


@pytest.mark.parametrize("size", [(640, 460), (1000, 620), (1400, 900)])
def test_every_index_on_the_table_shows(qtbot, size):
    """No card covers another's corner index: not in the trick, not in a fan, not in dummy's columns."""
    view = CardTableView()
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    for seed in range(6):
        deal = random_deals(seed, 1)[0]
        base = deal_table_state(deal, HandVisibility.ALL_HANDS)
        trick = tuple((seat, deal[seat].highest()) for seat in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH))
        hands = []
        for h in base.hands:
            cards = tuple(c for c in h.cards if c.card != dict(trick)[h.seat])
            shape = HandShape.SUITS if h.seat == Seat.NORTH else HandShape.FAN
            hands.append(type(h)(h.seat, h.label, cards, shape=shape))
        view.set_state(TableState(tuple(hands), trick))
        layout = view.table_layout
        trick_rects = list(layout.trick_cards.values())
        for i, r in enumerate(trick_rects):
            for j, other in enumerate(trick_rects):
                assert i == j or not index_rect(r).intersects(other), f"trick card {i} hides {j}'s index"
        for hand in hands:
            rects = list(layout.hand_cards[hand.seat])
            suit_sizes = [sum(1 for c in hand.cards if c.card // 13 == tc.card // 13) for tc in hand.cards]
            for k, later in enumerate(_painted_after(rects)):
                # a suit column longer than the room for five cards closes up: its ranks still show
                long_column = hand.shape is HandShape.SUITS and suit_sizes[k] > COLUMN_ROWS
                corner = index_rect(rects[k], rank_only=long_column)
                assert not any(corner.intersects(r.adjusted(0.5, 0.5, -0.5, -0.5)) for r in later), \
                    f"{hand.seat.name} card {k}'s index is covered at {size}"
        north = layout.hand_cards[Seat.NORTH]  # dummy in suit columns: one column per suit
        suits = [tc.card // 13 for tc in hands[Seat.NORTH].cards]
        xs = {}
        for suit, rect in zip(suits, north):
            xs.setdefault(suit, set()).add(round(rect.x(), 3))
        assert all(len(v) == 1 for v in xs.values()) and len({next(iter(v)) for v in xs.values()}) == len(xs)
        assert not any(r.intersects(h) for r in trick_rects for rs in layout.hand_cards.values() for h in rs)


def test_the_trick_record_follows_the_play_one_row_per_trick(qtbot, window):
    w = window
    s = w.bridge.session
    record = w.bridge_panel.record
    kept = None
    while len(s.play.tricks) < 9:
        _idle(qtbot, w)
        if s.is_user_turn:
            _click_card(qtbot, w, _playable(w)[-1])
        qtbot.wait(10)
        rows = record.rowCount()
        assert rows == len(s.play.tricks) + (1 if s.play.current_trick.cards else 0)
        if rows:
            last = record.item(rows - 1, 0) or next(record.item(rows - 1, c) for c in range(4) if record.item(rows - 1, c))
            viewport = record.viewport().rect()
            assert viewport.intersects(record.visualItemRect(last)), "the latest trick is in view"
        if rows >= 2 and kept is None:
            kept = record.item(0, 0)
    assert record.item(0, 0) is kept  # earlier rows are kept, not rebuilt (the list never jumps back)
    first = s.play.tricks[0]
    row0 = dict(zip((Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST), w.bridge_panel.record_texts()[0]))
    assert all(row0[p.seat] for p in first.plays())
    lead = record.item(0, (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST).index(first.leader))
    assert lead.font().bold()


def test_at_the_end_all_four_hands_are_face_up_as_dealt_with_the_result(qtbot, window):
    w = window
    s = w.bridge.session
    while not s.is_complete:
        _idle(qtbot, w)
        if s.is_user_turn:
            _click_card(qtbot, w, _playable(w)[-1])
    _idle(qtbot, w)
    state = w.table.state
    assert all(h.face_up and len(h.cards) == 13 for h in state.hands)
    assert {h.seat: {c.card for c in h.cards} for h in state.hands} == {seat: set(s.board.deal[seat]) for seat in Seat}
    assert not any(c.playable for h in state.hands for c in h.cards)
    n = s.summary().declarer_tricks
    assert (f"{n} tricks" if n != 1 else "1 trick,") in state.centre_text and state.last_trick is not None


@pytest.mark.parametrize("size", [(640, 460), (1000, 620), (1400, 900)])
def test_a_cards_tag_never_covers_an_index(qtbot, size):
    """The hint's ★, Hearts' "new" and the review's "!" sit outside the cards (the ★ hid the 4 of a ♥4 and
    "new" the ranks of the received cards at 1024×700, seen under Xvfb), inside the table."""
    from app.widgets.table_layout import Side, side_of

    view = CardTableView()
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    deal = random_deals(3, 1)[0]
    view.set_state(deal_table_state(deal, HandVisibility.ALL_HANDS))
    layout = view.table_layout
    bounds = view.rect().toRectF()
    for seat, rects in layout.hand_cards.items():
        below = side_of(seat, view.state.bottom_seat) is Side.TOP
        corners = [index_rect(r) for r in rects]
        for rect in rects:
            for symbol in ("★", "new", "!"):
                tag = tag_rect(rect, below, symbol)
                assert not any(tag.intersects(c) for c in corners), f"{seat.name}'s {symbol} tag covers an index"
                if side_of(seat, view.state.bottom_seat) is Side.BOTTOM:  # your hand: its label sits right above
                    assert not tag.intersects(layout.labels[seat]), f"the {symbol} tag covers your seat's label"
                assert bounds.contains(tag), f"{seat.name}'s {symbol} tag leaves the table at {size}"


def test_words_on_a_small_card_fit_its_width(qtbot):
    """ "length unknown" ran over the dashed outline of a small card (suit practice at 1024×700)."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from app.widgets.card_table import fitting_font

    big = QFont()
    big.setPixelSize(14)
    big.setBold(True)
    for width in (30.0, 38.0, 60.0):
        font = fitting_font(big, "length unknown", width)
        widest = max(QFontMetricsF(font).horizontalAdvance(w) for w in ("length", "unknown"))
        assert widest <= width or font.pixelSize() == 6
    assert fitting_font(big, "shows out", 500.0).pixelSize() == 14  # room enough: unchanged
