"""The Bridge mode panel: options for the next board, the auction (bidding box, explanations, bid
hint), the contract, the play record (undo to any card), replay, and the end-of-deal summary with
"Review my play" (the post-mortem, run by the window)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.cards import card_symbol_str

from engine.players.registry import Game
from engine.session.bridge_session import UserRole
from engine.session.deal_filter import DealFilter

from ..controllers.bridge_controller import BridgeController, BridgeOptions, describe_summary
from ..viewmodels.trick_record import RECORD_SEATS
from ..widgets.retry_bar import RetryBar
from ..widgets.auction_view import AuctionView
from ..widgets.bidding_box import BiddingBox
from .contract_dialog import ContractDialog
from .player_picker import PlayerPicker

__all__ = ["BridgePanel"]

_PLY = Qt.ItemDataRole.UserRole  # a record cell's ply: where "go back" returns to
_KEY = Qt.ItemDataRole.UserRole + 1  # what the cell shows, to update only cells that changed

_ROLE_TEXT = {UserRole.DECLARER: "Declarer (and dummy)", UserRole.DEFENDER: "Defender (opening lead)"}
_CONTRACT_TEXT = {True: "Bid it (you are South)", False: "Double-dummy choice"}
EXPLAIN_PROMPT = "Click a call above for its meaning; hover the box for what a call would mean."
CALL_PROMPT = "Your call: click a bid, or type it (1-7 then C D H S N; P pass, X double)."


class BridgePanel(QWidget):
    """Reads the controller after each change; user edits go back to it as intents."""

    review_requested = Signal()  # "Review my play" at the end of a deal
    play_started = Signal()  # the auction ended while the bidding box had the keys: the cards should have them

    def __init__(self, controller: BridgeController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self.deal_filter = QComboBox(self)
        for f in DealFilter:
            if not f.needs_solver or controller.oracle is not None:  # no menu entry that cannot work
                self.deal_filter.addItem(f.value, f)
        self.contract_source = QComboBox(self)
        for bidding, text in _CONTRACT_TEXT.items():
            self.contract_source.addItem(text, bidding)
        self.contract_source.setCurrentIndex(0 if controller.options.bidding else 1)
        self.role = QComboBox(self)
        for role, text in _ROLE_TEXT.items():
            self.role.addItem(text, role)
        self.player = PlayerPicker(Game.BRIDGE, controller.options.player_spec, self)
        self.player.spec_changed.connect(self._options_changed)
        for combo in (self.deal_filter, self.role, self.contract_source):
            combo.currentIndexChanged.connect(self._options_changed)
        self.new_board = QPushButton("Deal next board", self)
        self.new_board.clicked.connect(controller.new_deal)
        options = QGroupBox("Next board", self)
        form = QFormLayout(options)
        form.addRow("Deal:", self.deal_filter)
        form.addRow("Contract:", self.contract_source)
        form.addRow("You play:", self.role)
        form.addRow("Computer:", self.player)
        form.addRow(self.new_board)

        self.auction_view = AuctionView(self)
        self.auction_view.setMinimumHeight(80)
        self.auction_view.setMaximumHeight(110)
        self.auction_view.explain.connect(self._show_explanation)
        self.explanation = QLabel(EXPLAIN_PROMPT, self)
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bidding_box = BiddingBox(self)
        self.bidding_box.call_chosen.connect(controller.make_call)
        self.bid_hint_button = QPushButton("Hint", self)
        self.bid_hint_button.setToolTip("The system's call with its meaning, and what the main contracts make "
                                        "double-dummy over deals that fit the auction")
        self.bid_hint_button.clicked.connect(controller.request_bid_hint)
        self.bid_hint_text = QLabel(self)
        self.bid_hint_text.setWordWrap(True)
        self.bid_hint_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bid_hint_text.setStyleSheet("background: #eef5ff; color: #222; border: 1px solid #9db7dd; padding: 6px;")
        self.auction_box = QGroupBox("Auction", self)
        auction_layout = QVBoxLayout(self.auction_box)
        self.bidding_box.add_corner(self.bid_hint_button)
        auction_layout.addWidget(self.auction_view)
        auction_layout.addWidget(self.explanation)
        auction_layout.addWidget(self.bid_hint_text)
        auction_layout.addWidget(self.bidding_box)

        self.contract_label = QLabel(self)
        self.contract_label.setWordWrap(True)
        self.set_contract = QPushButton("Set contract…", self)
        self.set_contract.setToolTip("Play this board in another contract (the play starts again)")
        self.set_contract.clicked.connect(self.open_contract_dialog)
        self.replay = QPushButton("Replay deal", self)
        self.replay.setToolTip("Play this board again from the opening lead")
        self.replay.clicked.connect(controller.replay)
        contract_box = QGroupBox("Contract", self)
        contract_layout = QVBoxLayout(contract_box)
        contract_layout.addWidget(self.contract_label)
        row = QHBoxLayout()
        row.addWidget(self.set_contract)
        row.addWidget(self.replay)
        contract_layout.addLayout(row)

        self.record = QTableWidget(0, len(RECORD_SEATS), self)
        self.record.setAccessibleName("Tricks played")
        self.record.setHorizontalHeaderLabels([s.letter for s in RECORD_SEATS])
        self.record.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.record.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.record.verticalHeader().setDefaultSectionSize(20)
        self.record.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.record.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.record.setToolTip("One row per trick: the lead in bold, the winning card shaded. Double-click a card "
                               "(or press Enter) to take it back and play on from there")
        self.record.itemActivated.connect(self._go_back_to)
        self.record.setMinimumHeight(self.record.horizontalHeader().sizeHint().height() + 5 * 20 + 4)  # five tricks
        # the view lays new rows out later: follow the play again once its scroll range has grown
        self.record.verticalScrollBar().rangeChanged.connect(lambda _lo, _hi: self._scroll_to_latest())
        record_box = QGroupBox("Tricks", self)
        QVBoxLayout(record_box).addWidget(self.record)

        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setStyleSheet("background: #fff8dc; color: #222; border: 1px solid #d9c98c; padding: 6px;")
        self.review = QPushButton("Review my play", self)
        self.review.setToolTip("For each of your cards, the chance of making before and after it; "
                               "the costly ones with the better card and why")
        self.review.clicked.connect(self.review_requested)

        self.retry_bar = RetryBar(self)  # an engine failure, offered again (at the top of the panel)
        self.retry_bar.retry_clicked.connect(controller.retry)

        self.options_box, self.contract_box, self.record_box = options, contract_box, record_box
        content = QWidget(self)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(options)
        layout.addWidget(self.auction_box)
        layout.addWidget(contract_box)
        layout.addWidget(self.summary)
        layout.addWidget(self.review)
        layout.addWidget(record_box, 1)
        layout.addStretch(0)  # while the record is hidden (bidding) the spare height goes below, not inside the boxes
        # no scroll area of its own: the window's side column scrolls (two nested ones stacked their bars)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.retry_bar)
        outer.addWidget(content)
        controller.changed.connect(self.refresh)
        self.refresh()

    def _options_changed(self) -> None:
        self._controller.options = BridgeOptions(
            self.deal_filter.currentData(), self.role.currentData(), self.player.spec,
            bool(self.contract_source.currentData()),
        )
        self.role.setEnabled(not self.contract_source.currentData())

    def _show_explanation(self, text: str) -> None:
        self.explanation.setText(text)

    def _refresh_auction(self) -> None:
        c = self._controller
        self.auction_box.setVisible(c.auction is not None)
        bidding = c.bidding_now
        # Hiding a widget that holds the focus passes it on to the next one in the chain (the trick
        # record, which keeps the arrows): note it before, and hand the keys to the cards after.
        focus = QApplication.focusWidget()
        box_had_keys = not bidding and focus is not None and (focus is self.bidding_box or self.bidding_box.isAncestorOf(focus))
        for box in (self.options_box, self.contract_box, self.record_box):  # room for the box while bidding
            box.setVisible(not bidding)
        if c.auction is None:
            return
        self.auction_view.set_grid(c.auction_grid())
        self.bidding_box.setVisible(bidding)
        if box_had_keys:
            self.play_started.emit()
        self.bid_hint_button.setVisible(bidding)
        prompt = CALL_PROMPT if c.user_to_call else ""
        self.bidding_box.set_calls(c.bidding_box(), prompt)
        if c.user_to_call and self.explanation.text() in ("", EXPLAIN_PROMPT):
            self.explanation.setText(CALL_PROMPT)
        elif not c.user_to_call and self.explanation.text() == CALL_PROMPT:
            self.explanation.setText(EXPLAIN_PROMPT)
        self.bid_hint_button.setEnabled(c.user_to_call and not c.is_thinking)
        hint = c.bid_hint
        self.bid_hint_text.setVisible(hint is not None and bidding)
        if hint is not None:
            self.bid_hint_text.setText(hint.text)
        if c.user_to_call and self.isVisible():
            self.bidding_box.setFocus()

    def open_contract_dialog(self) -> ContractDialog:
        current = self._controller.session.choice if self._controller.session is not None else None
        dialog = ContractDialog(current, self)
        dialog.accepted.connect(lambda: self._controller.set_contract(dialog.choice()))
        dialog.open()
        return dialog

    def _go_back_to(self, item: QTableWidgetItem) -> None:
        ply = item.data(_PLY)
        if ply is not None:
            self._controller.undo_to(int(ply))

    def record_texts(self) -> list[list[str]]:
        """The record as text, row by row (tests, accessibility)."""
        return [[self.record.item(r, c).text() if self.record.item(r, c) else "" for c in range(self.record.columnCount())]
                for r in range(self.record.rowCount())]

    def _fill_record(self) -> None:
        """Update the record in place (rows are kept, never rebuilt) and keep the latest trick in view."""
        rows = self._controller.trick_record()
        table = self.record
        grew = len(rows) != table.rowCount()
        table.setRowCount(len(rows))
        changed = grew
        for r, row in enumerate(rows):
            header = table.verticalHeaderItem(r)
            if header is None or header.text() != str(row.number):
                table.setVerticalHeaderItem(r, QTableWidgetItem(str(row.number)))
            for c, seat in enumerate(RECORD_SEATS):
                cell = row.cells.get(seat)
                text = "" if cell is None else card_symbol_str(cell.card)
                item = table.item(r, c)
                key = None if cell is None else (cell.ply, cell.led, cell.won)
                if item is not None and item.text() == text and item.data(_KEY) == key:
                    continue
                changed = True
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setData(_PLY, None if cell is None else cell.ply)
                item.setData(_KEY, key)
                if cell is not None and cell.led:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                if cell is not None and cell.won:
                    item.setBackground(QBrush(QColor("#ffe9a8")))
                    item.setToolTip(f"{seat.name.title()} won trick {row.number}")
                table.setItem(r, c, item)
        if changed and rows:
            self._scroll_to_latest()

    def _scroll_to_latest(self) -> None:
        """Keep the latest trick in view (rows are never rebuilt, so the list never jumps to the top)."""
        table = self.record
        row = table.rowCount() - 1
        if row < 0:
            return
        filled = [c for c in range(table.columnCount()) if table.item(row, c) is not None and table.item(row, c).text()]
        item = table.item(row, filled[-1] if filled else 0)
        if item is not None:
            table.scrollToItem(item, QTableWidget.ScrollHint.EnsureVisible)

    def refresh(self) -> None:
        c = self._controller
        s = c.session
        self.retry_bar.show_failure(c.retry_text)
        self._refresh_auction()
        if s is None and c.auction is not None:
            self.contract_label.setText("Passed out" if c.passed_out else "Bidding…")
        elif s is None:
            self.contract_label.setText(c.title() if c.pending_board is None else "Choosing the contract…")
        else:
            con = s.contract
            text = f"{con.level}{con.strain.symbol}{con.doubling.suffix} by {s.declarer.name.title()}"
            reason = s.choice.reason or f"Chosen by {s.choice.method.value}."
            self.contract_label.setText(f"<b>{text}</b><br><small>{escape(reason)}</small>")
            self.contract_label.setToolTip(reason)
        self.set_contract.setEnabled(c.prepared is not None and s is not None)
        self.replay.setEnabled(s is not None and s.play.ply > 0)
        if c.last_summary is not None:  # first, so that the list below is scrolled at its final size
            self.summary.setText(describe_summary(c.last_summary))
            self.summary.show()
            width = self.contract_label.width()  # laid out already; the summary spans the same column
            if width > 100:  # a word-wrapped label's own hint can be a line short in this narrow panel
                self.summary.setMinimumHeight(self.summary.heightForWidth(width))
        else:
            self.summary.hide()
        self.review.setVisible(c.last_summary is not None)
        self._fill_record()
