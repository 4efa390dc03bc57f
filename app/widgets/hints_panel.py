"""The hints panel: every legal card with its value as a bar, the recommended card marked, the engine used.

Bridge bars are the chance of making the contract (of beating it, for a defender) with
the expected tricks of your side beside them.  Hearts shows the expected points for the
hand (lower is better) with the chance that another player shoots the moon; its bars are
the points still to come (the expected points less those already taken this hand), so
cards that differ by a point or two do not all look like full bars.  While
the engine refines, the panel shows the values over the worlds solved so far, how many
of how many, a progress bar and a Cancel button (Esc).

Where it lives: in a dock on the right of the window, opened by the first hint.  At
1180 × 760 the side column is already full in Bridge mode (options, contract, cards
played), and thirteen bar rows need ~300 px of height that it does not have; a dock
gives the panel the full window height, takes width from the felt only while hints
are in use, and can be collapsed (its Hide button, the dock's close button, or the
toolbar's Hint panel toggle), floated or moved to the left.  The window keeps it to
at most a third of its width, and everything in it scrolls, so it never makes the
window grow.

Words: the labels name the analysis by strength ("Club player", "Expert") and count
"possible deals"; the engine's own name (PIMC, αμ, MC-Max_n) shows only in the advanced
view (Settings ▸ Show engine details).

The panel is a view: it reads the hint controller's state (plain frozen data from
:mod:`app.viewmodels.hints`, built by the controller) and sends only intents
(cancel).  Under the bars, the hints engine's explanation of the recommended card
(:attr:`HintResult.explanation`, or :meth:`HintsPanel.show_explanation`) in a text area
that stays hidden while there is none; while it is being computed the final values are
already shown with "Explaining…", and when it fails a one-line note says so.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QRectF, QSize, Qt, SignalInstance
from PySide6.QtGui import QColor, QFont, QKeySequence, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from engine.core.cards import Card, card_suit, card_symbol_str
from engine.hints.render import pct

from ..settings import DeckColours
from ..viewmodels.hints import HintKind, HintResult, HintRow, HintStatus
from .card_painter import rank_label, suit_colour
from .progress_bar import ProgressBar
from .card_table import HINT_COLOUR

__all__ = ["HintsPanel", "HINT_COLOUR", "row_text", "chance_text", "card_label", "analysis_words", "worlds_text"]

_BAR = QColor("#5b7fa8")
_BAR_BACK = QColor("#e6e9ee")
_BEST_BACK = QColor("#f3e5f5")
_STALE = QColor("#9e9e9e")
_SUIT_SYMBOLS = "♠♥♦♣"
PANEL_WIDTH = 260  # the width it asks for; the window caps it at a third of its own
MIN_PANEL_WIDTH = 200


class HintSource(Protocol):
    """What the panel reads from the hint controller."""

    changed: SignalInstance
    status: HintStatus
    result: HintResult | None
    error: str

    def cancel(self) -> None: ...


def card_label(card: Card) -> str:
    return f"{_SUIT_SYMBOLS[card_suit(card)]}{rank_label(card)}"


def chance_text(row: HintRow) -> str:
    """A bridge row's chance exactly as the hint's words print it (``"52%"``, ``"4.5%"``; ``"60% ± 7%"``
    for an estimate; ``"—"`` for a forced card, played without a figure)."""
    if not row.known:
        return "—"
    text = pct(row.value)
    if row.at_most:
        return f"at most {text}"
    if row.ranged:
        return f"{pct(row.floor or 0.0)} to {text}"
    return text if row.error <= 0 else f"{text} ± {pct(row.error)}"


def row_text(kind: HintKind, row: HintRow) -> str:
    """A row as text (tooltips, tests, accessibility): ``"♠A 72% 9.4 tricks"`` / ``"♥Q 4.2 pts moon 3%"``."""
    if kind is HintKind.BRIDGE:
        if not row.known:
            return f"{card_label(row.card)} only card"
        tricks = "" if row.detail is None else f" {row.detail:.1f} tricks"
        return f"{card_label(row.card)} {chance_text(row)}{tricks}"
    return f"{card_label(row.card)} {row.value:.1f} pts moon {row.detail:.0%}"


UNSOLVED_TRICKS = "tricks not worked out (only for cards tied at the top, to break the tie)"
"""A bridge row's tooltip when the hint did not solve the card's expected tricks."""

IDLE_TEXT = "Press H (or Hint on the toolbar) when it is your turn to see every card's value."
NO_HINT_TEXT = ("Suit practice has no hint: play the problem out against the best defence, and the result "
                "compares your line with the best one and the expert's.")


def _percent(x: float) -> str:
    """A whole percentage, with tiny non-zero chances shown as such rather than as 0 %."""
    return "<1%" if 0 < x < 0.005 else f"{x:.0%}"


def worlds_text(result: HintResult, status: HintStatus) -> str:
    """How many of the possible deals (the engine's "worlds") the values stand on."""
    used, total = f"{result.worlds_used:,}", f"{result.worlds_total:,}"
    if result.kind is HintKind.BRIDGE and result.method == "forced":
        return "Your only choice"
    if result.kind is HintKind.BRIDGE and result.method == "suit reduction" and result.final:
        if result.sampled:
            return f"For the deciding suit: its {used} layouts, weighed by sampled deals (± is the 95% error)"
        return f"Exact for the deciding suit: all {used} of its layouts"
    if result.kind is HintKind.BRIDGE and result.exact and result.final:
        return f"Exact: all {used} possible layouts"
    if result.kind is HintKind.BRIDGE and result.final:
        return f"Estimated from {used} deals (± is the 95% error)"
    if status is HintStatus.CANCELLED:
        return f"Cancelled after {used} of {total} possible deals"
    if not result.final:
        return f"{used} of {total} possible deals so far…"
    if result.complete and result.worlds_used >= result.worlds_total:
        return f"{used} possible deals examined"
    return f"{used} of {total} possible deals (time limit)"


def analysis_words(engine: str) -> str:
    """The analysis named by what it is worth to the player: a bridge hint that searched every layout
    single dummy is exact; one that looks ahead at later guesses (αμ, a single-dummy search with a horizon) or
    a Hearts search over many deals is an expert's; solving each deal as if every card were seen (PIMC) a
    club player's."""
    if engine.startswith("exact suit solver"):
        return "Exact for the deciding suit"
    if engine.startswith("exact"):
        return "Exact"
    if engine == "no choice":
        return "Your only card"
    if "single-dummy" in engine or "αμ" in engine or "Max_n" in engine or "mcts" in engine.lower():
        return "Expert"
    if "PIMC" in engine:
        return "Club player"
    return "Engine"


class HintBars(QWidget):
    """The rows: card, bar, value and detail; the recommended card on a tinted row with a ★."""

    ROW = 24

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Hint values")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)
        self._kind = HintKind.BRIDGE
        self._rows: tuple[HintRow, ...] = ()
        self._best: Card | None = None
        self._stale = False
        self._baseline = 0.0
        self._deck = DeckColours.TWO_COLOUR

    def set_rows(self, kind: HintKind, rows: tuple[HintRow, ...], best: Card | None, stale: bool,
                 baseline: float = 0.0) -> None:
        changed = len(rows) != len(self._rows)
        self._kind, self._rows, self._best, self._stale = kind, rows, best, stale
        self._baseline = baseline
        self.setAccessibleDescription("; ".join(row_text(kind, r) for r in rows))
        if changed:
            self.updateGeometry()
        self.update()

    def set_deck_colours(self, deck: DeckColours) -> None:
        self._deck = deck
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(240, max(1, len(self._rows)) * self.ROW + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def _bar_value(self, row: HintRow) -> float:
        if not row.known:
            return 0.0
        return row.value if self._kind is HintKind.BRIDGE else max(0.0, row.value - self._baseline)

    def _scale(self) -> float:
        if self._kind is HintKind.BRIDGE:
            return 1.0
        return max([1.0] + [self._bar_value(r) for r in self._rows])

    def row_at(self, y: float) -> HintRow | None:
        index = int((y - 2) // self.ROW)
        return self._rows[index] if 0 <= index < len(self._rows) else None

    def event(self, event) -> bool:  # noqa: ANN001 - Qt event
        if event.type() == event.Type.ToolTip:
            row = self.row_at(event.pos().y())
            if row is not None:
                QToolTip.showText(event.globalPos(), self.tooltip_for(row), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def tooltip_for(self, row: HintRow) -> str:
        label = card_symbol_str(row.card)
        if self._kind is HintKind.BRIDGE and not row.known:
            text = f"{label}: your only choice"
        elif self._kind is HintKind.BRIDGE:
            tricks = UNSOLVED_TRICKS if row.detail is None else f"{row.detail:.2f} tricks for your side on average"
            text = f"{label}: {chance_text(row)} chance, {tricks}"
        else:
            text = (f"{label}: {row.value:.2f} points expected for you this hand "
                    f"({max(0.0, row.value - self._baseline):.2f} still to come), "
                    f"{row.detail:.1%} chance another player shoots the moon")
        return text + (" — recommended" if row.card == self._best else "")

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        width = self.width()
        label_w, value_w, detail_w, star_w = 40.0, 44.0, 52.0, 16.0
        if self._kind is HintKind.BRIDGE and any(r.ranged for r in self._rows):
            value_w = 72.0  # a range: "57%–84%"
        bar_x = label_w + 4
        bar_w = max(20.0, width - bar_x - value_w - detail_w - star_w)
        scale = self._scale()
        font = QFont(self.font())
        bold = QFont(font)
        bold.setBold(True)
        for i, row in enumerate(self._rows):
            top = 2 + i * self.ROW
            best = row.card == self._best
            if best:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(_BEST_BACK)
                p.drawRoundedRect(QRectF(0, top, width, self.ROW - 2), 4, 4)
            p.setFont(bold)
            colour = _STALE if self._stale else suit_colour(card_suit(row.card), self._deck)
            p.setPen(colour)
            p.drawText(QRectF(6, top, label_w, self.ROW - 2), Qt.AlignmentFlag.AlignVCenter, card_label(row.card))
            bar = QRectF(bar_x, top + 5, bar_w, self.ROW - 12)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(_BAR_BACK)
            p.drawRoundedRect(bar, 3, 3)
            share = min(1.0, max(0.0, self._bar_value(row) / scale))
            if share > 0:
                p.setBrush(_STALE if self._stale else (HINT_COLOUR if best else _BAR))
                p.drawRoundedRect(QRectF(bar.x(), bar.y(), max(3.0, bar.width() * share), bar.height()), 3, 3)
            p.setFont(bold if best else font)
            p.setPen(QColor("#222") if not self._stale else _STALE)
            if self._kind is HintKind.BRIDGE and not row.known:
                value, detail = "—", ""
            elif self._kind is HintKind.BRIDGE:
                value = f"{pct(row.floor or 0.0)}–{pct(row.value)}" if row.ranged else \
                    ("≤ " if row.at_most else "") + pct(row.value)
                detail = "" if row.detail is None else f"{row.detail:.1f} tr"
            else:
                value, detail = f"{row.value:.1f}", f"☾ {_percent(row.detail)}"
            right = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
            p.drawText(QRectF(bar_x + bar_w, top, value_w, self.ROW - 2), right, value)
            p.setFont(font)
            p.setPen(QColor("#555") if not self._stale else _STALE)
            p.drawText(QRectF(bar_x + bar_w + value_w, top, detail_w, self.ROW - 2), right, detail)
            if best:
                p.setPen(QPen(HINT_COLOUR))
                p.setFont(bold)
                p.drawText(QRectF(width - star_w, top, star_w, self.ROW - 2), Qt.AlignmentFlag.AlignCenter, "★")
        p.end()


class HintsPanel(QFrame):
    """Reads the hint controller after each change; the Cancel button goes back to it."""

    def __init__(self, controller: HintSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._details = False
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumWidth(MIN_PANEL_WIDTH)
        self.engine_label = QLabel(self)
        self.engine_label.setStyleSheet("font-weight: bold;")
        self.engine_label.setWordWrap(True)
        self.worlds_label = QLabel(self)
        self.worlds_label.setWordWrap(True)
        self.progress = ProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(8)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #555;")
        self.legend.setToolTip("Bridge: your side's chance of its goal and expected tricks.\nHearts: your expected "
                               "points for the hand; the bars leave out the points already taken; ☾ is the chance "
                               "that another player shoots the moon.")
        self.bars = HintBars(self)
        self.status_label = QLabel(self)  # idle text, errors, "cancelled"
        self.idle_text = IDLE_TEXT  # what an idle panel says (a mode without hints says so instead)
        self.status_label.setWordWrap(True)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setStyleSheet("background: #fff8dc; color: #222; border: 1px solid #d9c98c; padding: 6px;")
        self.explanation.hide()
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop the search (Esc); the values found so far stay")
        self.cancel_button.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_button.clicked.connect(controller.cancel)
        self.hide_button = QPushButton("Hide ▸", self)
        self.hide_button.setToolTip("Collapse the hint panel (H or the toolbar's Hint panel opens it again)")
        self.hide_button.setFlat(True)

        scroll = QWidget(self)  # the rows' box (the whole panel scrolls in its dock)
        box = QVBoxLayout(scroll)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.bars)
        self._scroll = scroll

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        top = QHBoxLayout()
        top.addWidget(self.engine_label, 1)
        top.addWidget(self.hide_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        layout.addWidget(self.worlds_label)
        layout.addWidget(self.progress)
        layout.addWidget(self.legend)
        layout.addWidget(scroll, 0)
        layout.addWidget(self.explanation)
        layout.addWidget(self.status_label)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self._explanation_text = ""
        controller.changed.connect(self.refresh)
        self.refresh()

    # --- for the window ----------------------------------------------------------------------
    def make_dock(self, window: QMainWindow, opened_by: SignalInstance | None = None) -> QDockWidget:
        """Put the panel in a (hidden) dock on the window's right; ``opened_by`` shows and raises it.
        The panel scrolls inside the dock, so a long explanation never makes the window taller."""
        dock = QDockWidget("Hint", window)
        dock.setObjectName("hints-dock")
        scroller = QScrollArea(dock)
        scroller.setWidget(self)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumHeight(120)
        dock.setWidget(scroller)
        self.hide_button.clicked.connect(dock.hide)
        dock.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.hide()
        if opened_by is not None:
            opened_by.connect(lambda *args: (dock.show(), dock.raise_()))
        return dock

    def set_deck_colours(self, deck: DeckColours) -> None:
        self.bars.set_deck_colours(deck)

    def set_details(self, shown: bool) -> None:
        """The advanced view: name the engine beside the strength."""
        self._details = shown
        self.refresh()

    def sizeHint(self) -> QSize:
        return QSize(PANEL_WIDTH, super().sizeHint().height())

    # --- what is shown ------------------------------------------------------------------------------
    @property
    def result(self) -> HintResult | None:
        return self._controller.result

    @property
    def highlighted_card(self) -> Card | None:
        """The card marked as recommended (None when no values are shown)."""
        result = self._controller.result
        return None if result is None else result.best

    def row_texts(self) -> list[str]:
        result = self._controller.result
        return [] if result is None else [row_text(result.kind, r) for r in result.rows]

    @property
    def status_text(self) -> str:
        return self.status_label.text() if not self.status_label.isHidden() else ""

    def show_explanation(self, text: str) -> None:
        """Show ``text`` under the bars for the hint now shown (until the next hint; empty hides the area)."""
        self._explanation_text = text
        self._show_explanation_text(text)

    def _show_explanation_text(self, text: str) -> None:
        self.explanation.setText(text)
        self.explanation.setVisible(bool(text))

    def set_idle_text(self, text: str) -> None:
        """What the panel says while no hint is asked for (a mode without hints says so)."""
        self.idle_text = text
        self.refresh()

    def refresh(self) -> None:
        c = self._controller
        status, result = c.status, c.result
        thinking = status is HintStatus.THINKING
        self.cancel_button.setVisible(thinking)
        self.cancel_button.setEnabled(thinking)
        self.progress.setVisible(thinking)
        if thinking:
            self.progress.setValue(round((result.fraction if result is not None else 0.0) * 1000))
        if result is None:
            self.engine_label.setText("Hint" if status is not HintStatus.THINKING else "Hint — thinking…")
            self.worlds_label.hide()
            self.legend.hide()
            self._scroll.hide()
            self.bars.set_rows(HintKind.BRIDGE, (), None, False)
        else:
            words = analysis_words(result.engine)
            self.engine_label.setText(f"Analysis: {words}" + (f" — {result.engine}" if self._details else ""))
            self.engine_label.setToolTip(f"Engine: {result.engine}")
            self.worlds_label.setText(worlds_text(result, status))
            self.worlds_label.show()
            if result.kind is HintKind.BRIDGE:
                tricks = " · tricks for your side" if any(r.detail is not None for r in result.rows) else ""
                self.legend.setText(f"Bars: chance to {result.goal}{tricks}")
            else:
                self.legend.setText("Expected points (lower is better) · bars: still to come · ☾ moon risk")
            self.legend.show()
            self.bars.set_rows(result.kind, result.rows, result.best, status is HintStatus.CANCELLED, result.baseline)
            self._scroll.show()
        if status is HintStatus.IDLE or result is None:
            self._explanation_text = ""  # a new hint (or none): the old explanation goes
        self._show_explanation_text((result.explanation if result is not None else "") or self._explanation_text)
        message = self._status_message(status, result, c.error)
        self.status_label.setText(self.idle_text if status is HintStatus.IDLE else message)
        self.status_label.setVisible(bool(self.status_label.text()))

    @staticmethod
    def _status_message(status: HintStatus, result: HintResult | None, error: str) -> str:
        if status is HintStatus.IDLE:
            return IDLE_TEXT
        if status is HintStatus.FAILED:
            return f"The hint failed: {error}"
        if status is HintStatus.CANCELLED:
            return "Cancelled." + (" The values above are partial." if result is not None else "")
        if status is HintStatus.THINKING and result is None:
            return "Waiting for the first deals…"
        if status is HintStatus.THINKING and result.final and not result.explanation:
            return "Explaining the recommended card…"
        if result is not None and result.explanation_error:
            return f"No explanation this time: {result.explanation_error}"
        return ""
