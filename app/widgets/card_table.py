"""The card table: four hands around the current trick, painted at any size; reports intents only.

Mouse: clicking a playable card emits :attr:`CardTableView.card_chosen`; any other click on the
table emits :attr:`CardTableView.table_clicked` (it ends the pause after a finished trick).  Keyboard: Left /
Right (and Home / End) move a focus card among the playable cards, Enter or Space
chooses it.  Hovering an unplayable card shows why it cannot be played.  A card that
moves from a hand into the trick between two states glides there (optional animation).
The hint's recommended card (:meth:`CardTableView.set_hint_card`) gets a purple ring and
a ★ tag that stays visible even where the fan covers most of the card.  Marked cards
(:meth:`CardTableView.set_marked_cards`: the post-mortem's costly cards) get a ring in
their colour (red by default) with a "!" tag where the hint's ★ would go.

A finished trick on the table has its winning card ringed and "East wins" in the cross's
corner; :meth:`CardTableView.show_last_trick` puts the last finished trick on the table instead
(with its number and winner) until it is turned off or the play moves on.  A seat that
showed out is marked where its card would go, a hand of unknown length by a "?" place, and
the end-of-hand result is written in the middle.
"""

from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from engine.core.cards import Card, card_symbol_str
from engine.core.seats import Seat

from ..settings import DeckColours
from ..settings import CardSize
from .card_painter import CardLook, paint_card
from .table_layout import TAG_GAP, Side, TableLayout, compute_layout, side_of, tag_height
from ..viewmodels.table import SeatHand, TableCard, TableState, TrickView

__all__ = ["CardTableView", "HINT_COLOUR", "MARK_COLOUR", "fitting_font", "tag_rect"]

_FELT = QColor("#1d6b45")
_FELT_EDGE = QColor("#14523a")
_LABEL = QColor("#f3f1e7")
_ACTIVE_LABEL = QColor("#ffd866")
HINT_COLOUR = QColor("#8e24aa")  # the hint's recommended card (the hints panel uses it too)
MARK_COLOUR = QColor("#d32f2f")  # marked cards: the review's costly cards
WINNER_COLOUR = QColor("#ffd866")  # the card that won the finished trick on the table
_BADGE = QColor("#00897b")  # a card's badge ("new": received in the pass)


def fitting_font(font: QFont, words: str, width: float) -> QFont:
    """``font``, made smaller (down to 6 px) until every word of ``words`` fits ``width`` on its line
    ("length unknown" ran over a small card's outline at 1024×700)."""
    fitted = QFont(font)
    size = fitted.pixelSize()
    while size > 6 and max(QFontMetricsF(fitted).horizontalAdvance(w) for w in words.split()) > width:
        size -= 1
        fitted.setPixelSize(size)
    return fitted


def tag_rect(card: QRectF, below: bool, symbol: str) -> QRectF:
    """Where a card's tag (★ hint, "new", "!") goes: wholly outside the card, above it (below it for the
    top hand), on the left where a fanned card always shows, so the card's index stays readable."""
    w = card.width()
    tag_w, tag_h = max(16.0, w * (0.3 if len(symbol) == 1 else 0.5)), tag_height(w)
    y = card.bottom() + TAG_GAP if below else card.top() - tag_h - TAG_GAP
    return QRectF(card.left() + w * 0.02, y, tag_w, tag_h)
_PLATE = QColor(0, 0, 0, 110)  # captions on the felt


class CardTableView(QWidget):
    """Draws a :class:`TableState`; never changes game state itself."""

    card_chosen = Signal(int)  # a playable card the user clicked or chose from the keyboard
    table_clicked = Signal()  # a click that chose no card (ends the pause after a trick)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Card table")
        self._state: TableState | None = None
        self._layout: TableLayout | None = None
        self._deck = DeckColours.TWO_COLOUR
        self._focus: Card | None = None
        self._active_seat: Seat | None = None
        self._hint: Card | None = None
        self._marked: dict[Card, QColor] = {}
        self._animate = True
        self._animation_ms = 250
        self._card_size = CardSize.LARGE
        self._last_trick_shown = False
        self._flights: dict[Seat, QRectF] = {}  # trick cards gliding in: seat -> start rect
        self._progress = 1.0
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.valueChanged.connect(self._on_animation_step)
        self._animation.finished.connect(self._on_animation_finished)

    # --- configuration ----------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(900, 640)

    def minimumSizeHint(self) -> QSize:
        return QSize(320, 240)

    def set_deck_colours(self, deck: DeckColours) -> None:
        self._deck = deck
        self.update()

    def set_card_size(self, size: CardSize) -> None:
        """The user's card-size preference (a share of the largest size that fits)."""
        if size is not self._card_size:
            self._card_size = size
            self._relayout()
            self.update()

    # --- the last trick -------------------------------------------------------------------
    @property
    def last_trick_shown(self) -> bool:
        """Whether the last finished trick is on the table instead of the current one."""
        return self._last_trick_shown and self._state is not None and self._state.last_trick is not None

    def show_last_trick(self, shown: bool) -> bool:
        """Put the last finished trick on the table (``True``) or the current one back; False when
        there is no finished trick to show."""
        available = self._state is not None and self._state.last_trick is not None
        self._last_trick_shown = shown and available
        self.update()
        return available or not shown

    @property
    def shown_trick(self) -> TrickView:
        """The trick the table shows now: the last finished one in the last-trick view, else the trick on the table."""
        state = self._state
        if state is None:
            return TrickView()
        if self.last_trick_shown:
            assert state.last_trick is not None
            return state.last_trick
        return TrickView(state.trick, state.trick_winner, 0, state.show_outs)

    def set_animation(self, enabled: bool, duration_ms: int) -> None:
        self._animate = enabled
        self._animation_ms = duration_ms
        if not enabled and self.is_animating:
            self._animation.stop()
            self._on_animation_finished()

    # --- state ----------------------------------------------------------------------------
    @property
    def state(self) -> TableState | None:
        return self._state

    @property
    def focus_card(self) -> Card | None:
        return self._focus

    @property
    def hint_card(self) -> Card | None:
        """The card marked as the hint's recommendation, if any."""
        return self._hint

    def set_hint_card(self, card: Card | None) -> None:
        """Mark ``card`` (a face-up hand card) as the hint's recommendation; ``None`` clears the mark.

        Only the two cards' areas are repainted: a whole table costs tens of milliseconds of
        Python painting, too much to spend on each refinement of a running hint."""
        if card == self._hint:
            return
        old, self._hint = self._hint, card
        for c in (old, card):
            area = None if c is None else self._hint_area(c)
            if area is not None:
                self.update(area.toAlignedRect().adjusted(-2, -2, 2, 2))

    @property
    def marked_cards(self) -> frozenset[Card]:
        """The cards ringed by :meth:`set_marked_cards`."""
        return frozenset(self._marked)

    def marked_colour(self, card: Card) -> QColor | None:
        return self._marked.get(card)

    def set_marked_cards(self, cards: Iterable[Card], colour: QColor = MARK_COLOUR) -> None:
        """Ring ``cards`` (face-up hand cards) in ``colour``, replacing any earlier marks; an empty
        iterable clears them.  Marks on cards that leave the hands go with them (:meth:`set_state`)."""
        new = {c: QColor(colour) for c in cards}
        old, self._marked = self._marked, new
        for c in set(old) | set(new):
            area = self._hint_area(c)
            if area is not None:
                self.update(area.toAlignedRect().adjusted(-2, -2, 2, 2))

    def _hint_area(self, card: Card) -> QRectF | None:
        """The card's rect with room for the hint's tag above and below it."""
        rect = self.card_rect(card)
        if rect is None:
            return None
        tag_h = tag_height(rect.width()) + TAG_GAP
        return rect.adjusted(0, -tag_h, 0, tag_h)

    @property
    def is_animating(self) -> bool:
        return self._animation.state() == QVariantAnimation.State.Running

    @property
    def table_layout(self) -> TableLayout | None:
        return self._layout

    def set_state(self, state: TableState) -> None:
        previous, old_layout = self._state, self._layout
        if previous is not None and (previous.trick != state.trick or previous.last_trick != state.last_trick):
            self._last_trick_shown = False  # the play moved on: back to the trick on the table
        self._state = state
        self._relayout()
        playable = self._ordered_playable()
        self._active_seat = self._seat_of_first_playable()
        if self._focus not in playable:
            self._focus = None
        if self._hint is not None and self._hint not in state.hand_cards:
            self._hint = None  # played (or the hand changed): nothing to mark any more
        self._marked = {c: q for c, q in self._marked.items() if c in state.hand_cards}
        self._start_flights(previous, old_layout)
        self.update()

    def _start_flights(self, previous: TableState | None, old_layout: TableLayout | None) -> None:
        if previous is None or old_layout is None or self._state is None or not self._animate:
            return
        before = set(previous.trick)
        flights: dict[Seat, QRectF] = {}
        for seat, card in self._state.trick:
            if (seat, card) in before:
                continue
            found = previous.find(card)
            rects = old_layout.hand_cards.get(seat, ())
            if found is not None and found[0] == seat:
                flights[seat] = QRectF(rects[found[1]])
            elif rects:  # a face-down card: it leaves from the middle of the hand
                flights[seat] = QRectF(rects[len(rects) // 2])
        if flights:
            self._animation.stop()
            self._flights = flights
            self._animation.setDuration(self._animation_ms)
            self._progress = 0.0
            self._animation.start()

    def _on_animation_step(self, value: object) -> None:
        self._progress = float(value)  # type: ignore[arg-type]
        self.update()

    def _on_animation_finished(self) -> None:
        self._flights = {}
        self._progress = 1.0
        self.update()

    # --- geometry and hit tests ---------------------------------------------------------
    def _relayout(self) -> None:
        self._layout = compute_layout(self.width(), self.height(), self._state, self._card_size) if self._state else None

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._relayout()
        super().resizeEvent(event)

    def _seat_of_first_playable(self) -> Seat | None:
        if self._state is None:
            return None
        for hand in self._state.hands:
            if any(c.playable for c in hand.cards):
                return hand.seat
        return None

    def card_rect(self, card: Card) -> QRectF | None:
        """Where a face-up hand card is drawn now (lifted when it has the focus)."""
        if self._state is None or self._layout is None:
            return None
        found = self._state.find(card)
        if found is None:
            return None
        seat, index = found
        rect = QRectF(self._layout.hand_cards[seat][index])
        if card == self._focus and side_of(seat, self._state.bottom_seat) is Side.BOTTOM:
            rect.translate(0, -self._layout.lift)
        return rect

    def card_at(self, pos: QPointF) -> Card | None:
        """The topmost face-up hand card under ``pos``."""
        if self._state is None:
            return None
        for hand in self._state.hands:
            for tc in reversed(hand.cards):
                rect = self.card_rect(tc.card)
                if rect is not None and rect.contains(pos):
                    return tc.card
        return None

    def _table_card(self, card: Card) -> TableCard | None:
        assert self._state is not None
        found = self._state.find(card)
        return None if found is None else self._state.hands[found[0]].cards[found[1]]

    # --- input ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        card = self.card_at(event.position())
        tc = None if card is None else self._table_card(card)
        if tc is not None and tc.playable:
            self._focus = card
            self.update()
            self.card_chosen.emit(card)
        else:
            self.table_clicked.emit()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        card = self.card_at(event.position())
        tc = None if card is None else self._table_card(card)
        if tc is not None and tc.playable and card != self._focus:
            self._focus = card
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        playable = self._ordered_playable()
        key = event.key()
        if not playable or key not in _KEYS:
            return super().keyPressEvent(event)
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self._focus in playable:
                self.card_chosen.emit(self._focus)
            else:
                self._focus = playable[0]
                self.update()
            return
        if self._focus not in playable:
            index = 0 if key in (Qt.Key.Key_Right, Qt.Key.Key_Home) else len(playable) - 1
        elif key == Qt.Key.Key_Home:
            index = 0
        elif key == Qt.Key.Key_End:
            index = len(playable) - 1
        else:
            step = 1 if key == Qt.Key.Key_Right else -1
            index = (playable.index(self._focus) + step) % len(playable)
        self._focus = playable[index]
        self.update()

    def _ordered_playable(self) -> list[Card]:
        """Playable cards left to right as drawn (the order keyboard focus moves in)."""
        if self._state is None:
            return []
        return [c.card for h in self._state.hands for c in h.cards if c.playable]

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            card = self.card_at(QPointF(event.pos()))
            tc = None if card is None else self._table_card(card)
            if tc is not None and tc.unplayable_reason:
                QToolTip.showText(event.globalPos(), f"{card_symbol_str(tc.card)}: {tc.unplayable_reason}", self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def tooltip_for(self, card: Card) -> str:
        """The hover text of a face-up card (empty when it is playable)."""
        tc = self._table_card(card)
        return "" if tc is None or not tc.unplayable_reason else f"{card_symbol_str(tc.card)}: {tc.unplayable_reason}"

    # --- painting ---------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), _FELT_EDGE)
        inset = 4.0
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_FELT)
        p.drawRoundedRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset), 18, 18)
        if self._state is None or self._layout is None:
            p.end()
            return
        dirty = QRectF(event.rect())  # only what intersects it is painted (a hint mark updates a small area)
        for hand in self._state.hands:
            if self._layout.labels[hand.seat].intersects(dirty):
                self._paint_label(p, hand)
            self._paint_hand(p, hand, dirty)
        if self._layout.centre.intersects(dirty):
            self._paint_trick(p)
            if self._state.centre_text and not self.last_trick_shown:
                self._paint_centre_text(p, self._state.centre_text)
        p.end()

    def _paint_label(self, p: QPainter, hand: SeatHand) -> None:
        assert self._layout is not None
        rect = self._layout.labels[hand.seat]
        font = QFont()
        font.setPixelSize(max(10, round(self._layout.card_height * 0.15)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(_ACTIVE_LABEL if hand.seat == self._active_seat else _LABEL)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, hand.label)

    def _paint_hand(self, p: QPainter, hand: SeatHand, dirty: QRectF) -> None:
        assert self._layout is not None
        rects = self._layout.hand_cards[hand.seat]
        place = (self._layout.places or {}).get(hand.seat)
        if hand.unknown and place is not None and place.intersects(dirty):
            self._paint_place(p, place, "?", "length unknown")
            return
        if not hand.face_up:
            for rect in rects:
                if rect.intersects(dirty):
                    paint_card(p, rect, None, CardLook(face_up=False), self._deck)
            return
        for tc in hand.cards:
            rect = self.card_rect(tc.card)
            assert rect is not None
            tagged = tc.card == self._hint or tc.card in self._marked
            area = self._hint_area(tc.card) if tagged else rect
            if area is None or not area.intersects(dirty):
                continue
            look = CardLook(
                selected=tc.card == self._focus,
                highlighted=tc.highlighted,
                unplayable=bool(tc.unplayable_reason),
            )
            paint_card(p, rect, tc.card, look, self._deck)
            top = side_of(hand.seat, self._state.bottom_seat) is Side.TOP
            if tc.badge:
                self._paint_tagged_ring(p, rect, top, _BADGE, tc.badge, 0.0, ring=False)
            if tc.card in self._marked:
                self._paint_tagged_ring(p, rect, top, self._marked[tc.card], "!", 0.03)
            if tc.card == self._hint:
                self._paint_hint_mark(p, rect, top)

    def _paint_hint_mark(self, p: QPainter, rect: QRectF, below: bool) -> None:
        """A ring inside the card and a ★ tag over its edge (under it for the top hand, above otherwise),
        on the left where a fanned card always shows."""
        self._paint_tagged_ring(p, rect, below, HINT_COLOUR, "★", 0.03)

    @staticmethod
    def _paint_tagged_ring(p: QPainter, rect: QRectF, below: bool, colour: QColor, symbol: str, inset: float,
                           ring: bool = True) -> None:
        w = rect.width()
        p.save()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(colour, max(2.0, w * 0.05)))
        inset = w * inset
        if ring:
            p.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), w * 0.07, w * 0.07)
        tag = tag_rect(rect, below, symbol)
        tag_h = tag.height()
        p.setPen(QPen(QColor("#ffffff"), 1.0))
        p.setBrush(colour)
        p.drawRoundedRect(tag, tag_h * 0.3, tag_h * 0.3)
        font = QFont()
        font.setPixelSize(max(9, round(tag_h * 0.75)))
        font.setBold(True)
        p.setFont(font)
        p.drawText(tag, Qt.AlignmentFlag.AlignCenter, symbol)
        p.restore()

    def _paint_trick(self, p: QPainter) -> None:
        assert self._state is not None and self._layout is not None
        t = self._progress
        trick = self.shown_trick
        last = self.last_trick_shown
        for seat, card in trick.cards:
            end = self._layout.trick_cards[seat]
            start = None if last else self._flights.get(seat)
            rect = end
            if start is not None and t < 1.0:
                rect = QRectF(
                    start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t, end.width(), end.height()
                )
            paint_card(p, rect, card, CardLook(), self._deck)
            if seat == trick.winner and (last or not self._flights or t >= 1.0):
                p.save()
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.setPen(QPen(WINNER_COLOUR, max(2.5, rect.width() * 0.06)))
                p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), rect.width() * 0.08, rect.width() * 0.08)
                p.restore()
        for seat in trick.show_outs:
            self._paint_place(p, self._layout.trick_cards[seat], "–", "shows out")
        left, right = self._layout.captions
        if last:
            self._paint_caption(p, left, f"Last trick\n(trick {trick.number})" if trick.number else "Last trick")
        if trick.winner is not None and (last or not self._flights or t >= 1.0):
            self._paint_caption(p, right, f"{self._seat_name(trick.winner)}\n{'win' if self._is_you(trick.winner) else 'wins'}")

    def _is_you(self, seat: Seat) -> bool:
        return self._state is not None and seat == self._state.bottom_seat

    def _seat_name(self, seat: Seat) -> str:
        return "You" if self._is_you(seat) else seat.name.title()

    def _font_px(self, share: float) -> QFont:
        assert self._layout is not None
        font = QFont()
        font.setPixelSize(max(10, round(self._layout.card_height * share)))
        font.setBold(True)
        return font

    def _paint_caption(self, p: QPainter, rect: QRectF, text: str) -> None:
        """A short caption on a dark plate in one of the trick's empty corners."""
        p.save()
        p.setFont(self._font_px(0.13))
        box = p.boundingRect(rect, Qt.AlignmentFlag.AlignCenter, text).adjusted(-5, -3, 5, 3)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_PLATE)
        p.drawRoundedRect(box, 6, 6)
        p.setPen(WINNER_COLOUR)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()

    def _paint_place(self, p: QPainter, rect: QRectF, mark: str, words: str) -> None:
        """A dashed card outline: a hand whose length is unknown ("?"), or a seat that showed out ("–")."""
        w = rect.width()
        p.save()
        p.setBrush(QColor(255, 255, 255, 28))
        pen = QPen(_LABEL, max(1.5, w * 0.03))
        pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), w * 0.08, w * 0.08)
        p.setPen(_LABEL)
        p.setFont(self._font_px(0.3))
        p.drawText(rect.adjusted(0, 0, 0, -rect.height() * 0.25), Qt.AlignmentFlag.AlignCenter, mark)
        p.setFont(fitting_font(self._font_px(0.1), words, rect.width() - 4))
        p.drawText(rect.adjusted(2, rect.height() * 0.5, -2, 0), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                   words)
        p.restore()

    def _paint_centre_text(self, p: QPainter, text: str) -> None:
        """The end-of-hand result, on a plate in the middle of the table."""
        assert self._layout is not None
        area = self._layout.centre
        p.save()
        p.setFont(self._font_px(0.14))
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        box = p.boundingRect(area.adjusted(8, 0, -8, 0), flags, text).adjusted(-10, -8, 10, 8)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 140))
        p.drawRoundedRect(box, 8, 8)
        p.setPen(_LABEL)
        p.drawText(area.adjusted(8, 0, -8, 0), flags, text)
        p.restore()


_KEYS = {
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_Return,
    Qt.Key.Key_Enter,
    Qt.Key.Key_Space,
}
