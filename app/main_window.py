"""The main window frame: menu, toolbar, card table with info panel, engine status; owns the engine worker.

It hosts the game modes (Bridge, Hearts): each has a controller (the model side, which
asks the worker for computer moves) and a panel beside the table; the window routes the
table's card intents and the menu actions to the active mode.  Warm-up of the engine's
numba kernels starts with the window and runs on the worker while the window is
already usable.  At the end of a bridge deal "Review my play" runs the post-mortem on the
worker; while its dialog is open the table shows the positions it talks about.
"""

from __future__ import annotations

from dataclasses import replace

from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Callable, Sequence

from PySide6.QtCore import QObject, QSize, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox, QFileDialog, QFrame, QHBoxLayout, QInputDialog, QMainWindow, QMessageBox, QScrollArea, QStackedWidget, QVBoxLayout,
    QWidget,
)

from engine.core.deal import Deal
from engine.session.double_dummy import DoubleDummyOracle
from engine.session.kernel_cache import cache_repair_messages

from .controllers.bridge_controller import AUTO_ORACLE, BridgeController
from .controllers.hearts_controller import HeartsController
from .controllers.hint_controller import HintConfig, HintController
from .controllers.mode_controller import ModeController
from .controllers.review_controller import ReviewController
from .controllers.suit_controller import SuitController
from .dialogs.info_dialogs import ReadOnlyDialog, about_text, shortcut_rows
from .dialogs.statistics_dialog import StatisticsDialog
from .dialogs.settings_dialog import SettingsDialog
from .modes.app_mode import AppMode
from .modes.bridge_panel import BridgePanel
from .modes.hearts_panel import HeartsPanel
from .modes.help_text import hint_bars_html, how_to_play_html, suit_practice_html
from .modes.suit_panel import SuitPanel
from .saves import SaveJournal, clean_interrupted_saves
from .settings import LEGACY_TEMP_PREFIX, Settings, load_settings, save_settings, settings_path
from .stats import BridgeReplay, HeartsReplay, StatsService, TrendKind
from .viewmodels.bridge_table import review_table_state
from .viewmodels.claim import RejectedClaim
from .widgets.card_table import MARK_COLOUR, CardTableView
from .widgets.engine_status import EngineStatusWidget
from .widgets.hints_panel import IDLE_TEXT, MIN_PANEL_WIDTH, NO_HINT_TEXT, PANEL_WIDTH, HintsPanel
from .widgets.keyboard_play import KeyboardPlay, click_keeps_focus
from .widgets.sound_player import SoundPlayer
from .viewmodels.table import sounds_between
from .widgets.info_panel import InfoPanel
from .widgets.review_panel import ReviewDialog
from .worker import EngineActivity, EngineStatus, EngineWorker, JobDone, JobFailed
from .worker.warmup import WarmupHook, WarmupReport, discover_warmup_hooks, merge_reports, split_first, warmup_job

FIRST_BOARD_KERNELS: dict[AppMode, tuple[str, ...]] = {
    AppMode.BRIDGE: ("engine.session",),  # the kernels a new board asks (engine.session.warmup)
    AppMode.HEARTS: ("engine.search.hearts", "engine.solvers.hearts"),
}
"""Warm-up packages the first deal of a mode needs: compiled before it, the others after it."""

__all__ = ["MainWindow"]


class _GuiThread(QObject):
    """Brings calls and messages from other threads (the statistics thread) to the GUI thread, in order.

    Other threads hold only this small object, never the window: no reference cycle through a
    thread keeps a closed window alive, to be collected later on the wrong thread.
    """

    _call = Signal(object)
    message = Signal(str)  # connected to the status bar

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._call.connect(self._run_now, Qt.ConnectionType.QueuedConnection)

    def run(self, fn: Callable[[], object]) -> None:
        try:
            self._call.emit(fn)
        except RuntimeError:  # the window is gone (quitting): nobody to tell
            pass

    def post_message(self, text: str) -> None:
        try:
            self.message.emit(text)
        except RuntimeError:
            pass

    @staticmethod
    def _run_now(fn: Callable[[], object]) -> None:
        fn()

STATUS_MESSAGE_MS = 8000
DEFAULT_SIZE = QSize(1180, 760)
SIDE_WIDTH = 282  # the side column (its panels are 270 wide, plus room for a scroll bar)
SIDE_MIN_WIDTH = 246  # what it narrows to in a small window, so the table keeps its room
COMBO_MIN_WIDTH = 96
SCREEN_SHARE = 0.92  # a new window takes at most this share of the screen's free area
PACE_EXTRA_MS = 200  # pause between computer cards beyond the card animation, so each can be seen
PBN_FILTER = "PBN files (*.pbn);;All files (*)"


@dataclass(frozen=True, slots=True)
class _HostedMode:
    """A mode as the window hosts it: its controller, its panel, and what New does in it."""

    controller: ModeController
    panel: QWidget
    start_new: Callable[[], None]
    new_text: str


def fitted_size(available: QSize) -> QSize:
    """The window's first size: the default, shrunk to fit the screen's free area (any scale, any screen)."""
    return QSize(min(DEFAULT_SIZE.width(), int(available.width() * SCREEN_SHARE)),
                 min(DEFAULT_SIZE.height(), int(available.height() * SCREEN_SHARE)))


def _version() -> str:
    try:
        return metadata.version("tenace")
    except metadata.PackageNotFoundError:
        return "development"


class MainWindow(QMainWindow):
    """The application window; ``warmup_hooks=()`` skips the warm-up (screenshots, tests).

    ``dd_oracle`` defaults to the engine's double-dummy solver when it is installed;
    tests pass ``None`` (or a small stand-in) to keep boards quick and deterministic.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        warmup_hooks: Sequence[WarmupHook] | None = None,
        settings_file: Path | None = None,
        stats_file: Path | None = None,
        mode: AppMode = AppMode.BRIDGE,
        dd_oracle: DoubleDummyOracle | None | object = AUTO_ORACLE,
        bid_boards: bool = True,
    ) -> None:
        """``bid_boards``: bridge boards start with an auction (False: the double-dummy contract choice)."""
        super().__init__()
        self.setWindowTitle("Tenace")
        self.resize(fitted_size(self.screen().availableGeometry().size()))
        self._settings_file = settings_file
        self._gui = _GuiThread(self)  # runs callables from other threads on this one
        config = settings_file or settings_path()
        self.cleaned_up = clean_interrupted_saves(config.parent, (config.name,), legacy_prefixes=(LEGACY_TEMP_PREFIX,))
        self._journal = SaveJournal(config.parent)
        self._gui.message.connect(self._show_message, Qt.ConnectionType.QueuedConnection)
        self.stats = StatsService(stats_file, notice=self._gui.post_message)
        self._repairs_told = 0
        loaded = load_settings(settings_file)
        self.settings: Settings = loaded.settings
        self.settings_problems = loaded.problems
        self.warmup_report: WarmupReport | None = None
        self.last_engine_error: JobFailed | None = None

        self.table = CardTableView(self)
        self.info_panel = InfoPanel(self)
        self.mode_panels = QStackedWidget(self)
        side = QWidget(self)
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.info_panel, 0)
        column.addWidget(self.mode_panels, 1)
        # The side column scrolls rather than grows: whatever a panel shows (a summary, a long
        # record), the window keeps the size the user gave it, and fits small screens.
        self.side_column = QScrollArea(self)
        self.side_column.setWidget(side)
        self.side_column.setWidgetResizable(True)
        self.side_column.setFrameShape(QFrame.Shape.NoFrame)
        self.side_column.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.side_column.setFixedWidth(SIDE_WIDTH)
        central = QWidget(self)
        row = QHBoxLayout(central)
        row.setContentsMargins(6, 6, 6, 6)
        row.addWidget(self.table, 1)
        row.addWidget(self.side_column, 0)
        self.setCentralWidget(central)

        self.engine_status = EngineStatusWidget(self)
        self.statusBar().addPermanentWidget(self.engine_status)
        # The status bar keeps its busy height (progress bar shown) when idle: otherwise each engine job
        # resizes the table, whose full repaint costs tens of ms on the GUI thread (see test_gui_latency).
        self.engine_status.show_status(EngineStatus(EngineActivity.THINKING))
        self.statusBar().setMinimumHeight(self.statusBar().sizeHint().height())
        self.engine_status.show_status(EngineStatus(EngineActivity.IDLE))
        self.worker = EngineWorker(self)
        self.worker.status_changed.connect(self.engine_status.show_status)
        self.engine_status.stop_requested.connect(self.worker.cancel)
        self.worker.finished.connect(self._on_job_done)
        self.worker.failed.connect(self._on_job_failed)
        self._warmup_ids: list[int] = []
        self._warmup_parts: list[WarmupReport] = []

        self.bridge = BridgeController(self.worker, seed=seed, stats=self.stats, oracle=dd_oracle, parent=self)
        self.bridge.options = replace(self.bridge.options, bidding=bid_boards)
        self.hearts = HeartsController(self.worker, seed=seed, stats=self.stats, parent=self)
        self.bridge_panel = BridgePanel(self.bridge, self)
        self.hearts_panel = HeartsPanel(self.hearts, self)
        self.suit = SuitController(self.worker, seed=seed, stats=self.stats, parent=self)
        self.suit_panel = SuitPanel(self.suit, self)
        self.suit_panel.play_started.connect(self.table.setFocus)  # back to the cards for keyboard play
        self.bridge_panel.play_started.connect(self.table.setFocus)  # the auction is over: the keys play cards
        self._hosted: dict[AppMode, _HostedMode] = {
            AppMode.BRIDGE: _HostedMode(self.bridge, self.bridge_panel, self.bridge.new_deal, "&New deal"),
            AppMode.HEARTS: _HostedMode(self.hearts, self.hearts_panel, self.hearts_panel.start_new_game, "&New game"),
            AppMode.SUIT: _HostedMode(self.suit, self.suit_panel, self.suit_panel.next_problem, "&Next problem"),
        }
        for button in (self.hearts_panel.pass_button, self.hearts_panel.next_hand, self.bridge_panel.new_board):
            button.clicked.connect(self.table.setFocus)  # back to the cards for keyboard play
        for hosted in self._hosted.values():
            self.mode_panels.addWidget(hosted.panel)
            hosted.controller.changed.connect(self._refresh)
            hosted.controller.message.connect(self._show_message)
        self.table.card_chosen.connect(self._card_chosen)
        self.table.table_clicked.connect(self._table_clicked)
        self.sounds = SoundPlayer(self.settings.sound)
        self._shown_state = None  # the last table state set (what the sounds compare with)
        self.hints = HintController(self.worker, stats=self.stats, config=HintConfig(explain=True), parent=self)
        self.hints.message.connect(self._show_message)
        self.hints.hint_card_changed.connect(self.table.set_hint_card)
        self.hints_panel = HintsPanel(self.hints, self)
        self.hints_dock = self.hints_panel.make_dock(self, self.hints.requested)  # opens with the first hint
        self.hints_dock.visibilityChanged.connect(lambda _shown: self._fit_hint_panel())
        self.review = ReviewController(self.worker, parent=self)
        self.review.message.connect(self._show_message)
        self.review_dialog: ReviewDialog | None = None
        self._reviewed_session: object | None = None  # the session whose review is on show
        self.bridge_panel.review_requested.connect(self.review_play)
        self.claim_dialog: QMessageBox | None = None
        self.bridge.claim_rejected.connect(self.explain_rejected_claim)
        self.mode: AppMode | None = None

        self._build_actions()
        self._strength_applied = None
        self._apply_settings()
        self.keyboard = KeyboardPlay(self, self.table)  # arrows and Enter reach the cards after any click or dialog
        for root in (self.side_column.widget(), self.hints_panel):
            click_keeps_focus(root)  # a click on a button or chooser leaves the keyboard with the cards
        for combo in self.side_column.widget().findChildren(QComboBox):  # choosers may narrow with the column
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumWidth(COMBO_MIN_WIDTH)  # a set minimum wins over the longest item's width
        # The warm-up goes to the worker first: the first board's double-dummy solve then finds the
        # kernels loaded, and a cold start shows compile progress rather than a long "choosing the contract".
        # Only the kernels the first deal needs go before it; the others compile after it.
        hooks = discover_warmup_hooks() if warmup_hooks is None else tuple(warmup_hooks)
        first, rest = split_first(hooks, FIRST_BOARD_KERNELS.get(mode, ()))
        if first:
            self._warmup_ids.append(self.worker.submit(
                warmup_job(first), activity=EngineActivity.COMPILING, label="starting"))
        elif rest:
            self._warmup_ids.append(self.worker.submit(
                warmup_job(rest), activity=EngineActivity.COMPILING, label="starting"))
            rest = ()
        self.set_mode(mode)
        if rest:
            self._warmup_ids.append(self.worker.submit(
                warmup_job(rest), activity=EngineActivity.COMPILING, label="compiling the other kernels"))
        start_notes = list(self.settings_problems)
        if self.cleaned_up:
            start_notes.append(f"Removed {len(self.cleaned_up)} temporary file(s) left by an interrupted save.")
        if start_notes:
            self.statusBar().showMessage(" ".join(start_notes), STATUS_MESSAGE_MS)
        self.table.setFocus()

    # --- actions ----------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut: QKeySequence | QKeySequence.StandardKey | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.new_deal_action = self._action("&New deal", self.next_deal, QKeySequence.StandardKey.New, "Deal a new board / start a new game")
        self.open_action = self._action("&Open PBN…", self.open_pbn, QKeySequence.StandardKey.Open, "Play a deal from a PBN file")
        self.save_action = self._action("&Save PBN…", self.save_pbn, QKeySequence.StandardKey.Save, "Save this deal and its play as PBN")
        self.undo_action = self._action("&Undo", self.undo, QKeySequence.StandardKey.Undo, "Take back your last card")
        self.claim_action = self._action("&Claim…", self.claim, QKeySequence("Ctrl+L"), "Claim the remaining tricks")
        self.hint_action = self._action("&Hint", self.hint, QKeySequence("H"),
                                        "Every legal card's value, the best one marked (in the Hearts pass: a pass to make)")
        self.last_trick_action = self._action("&Last trick", self.toggle_last_trick, QKeySequence("L"),
                                              "Show the last finished trick on the table (L again: back)")
        self.last_trick_action.setCheckable(True)
        self.hint_panel_action = self.hints_dock.toggleViewAction()
        self.hint_panel_action.setText("Hint &panel")
        self.hint_panel_action.setStatusTip("Show or collapse the hint panel")
        self.retry_action = self._action("&Retry the engine", self.retry, QKeySequence("Ctrl+R"),
                                         "Ask the engine again for what failed (a computer's card, a board)")
        self.mode_actions: dict[AppMode, QAction] = {}
        group = QActionGroup(self)
        for number, mode in enumerate(AppMode, start=1):
            action = self._action(mode.title, lambda checked=False, m=mode: self.set_mode(m), QKeySequence(f"Ctrl+{number}"), f"Play {mode.title}")
            action.setCheckable(True)
            group.addAction(action)
            self.mode_actions[mode] = action
        self.settings_action = self._action("&Settings…", self.open_settings, QKeySequence("Ctrl+,"), "Cards, animation, hands shown")
        self.statistics_action = self._action("S&tatistics…", self.open_statistics, None,
                                              "Your results by game, their trend, and every hand to replay")
        self.quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.how_to_play_action = self._action("&How to play", self.open_how_to_play, None, "The modes, the automatic contract, claims")
        self.suit_help_action = self._action("&Suit practice", self.open_suit_help, None, "How suit practice works and what its figures mean")
        self.hint_help_action = self._action("Reading the &hint bars", self.open_hint_help, None, "What the hint panel's bars and numbers mean")
        self.shortcuts_action = self._action("&Keyboard shortcuts", self.open_shortcuts, QKeySequence(QKeySequence.StandardKey.HelpContents))
        self.about_action = self._action("&About Tenace", self.open_about)
        game = self.menuBar().addMenu("&Game")
        game.addAction(self.new_deal_action)
        game.addAction(self.open_action)
        game.addAction(self.save_action)
        game.addSeparator()
        game.addAction(self.hint_action)
        game.addAction(self.hint_panel_action)
        game.addAction(self.last_trick_action)
        game.addAction(self.claim_action)
        game.addAction(self.retry_action)
        game.addAction(self.statistics_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.settings_action)
        mode_menu = self.menuBar().addMenu("&Mode")
        for action in self.mode_actions.values():
            mode_menu.addAction(action)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.how_to_play_action)
        help_menu.addAction(self.suit_help_action)
        help_menu.addAction(self.hint_help_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        toolbar.setMovable(False)
        for action in self.mode_actions.values():
            toolbar.addAction(action)
        toolbar.addSeparator()
        for action in (self.new_deal_action, self.open_action, self.save_action, self.undo_action, self.hint_action,
                       self.hint_panel_action, self.last_trick_action, self.claim_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.settings_action)
        toolbar.addAction(self.how_to_play_action)

    # --- modes ----------------------------------------------------------------------------------
    @property
    def controller(self) -> ModeController:
        assert self.mode is not None
        return self._hosted[self.mode].controller

    @property
    def deal(self) -> Deal | None:
        """The bridge board on the table (or being prepared)."""
        return self.bridge.deal

    def set_mode(self, mode: AppMode) -> None:
        if mode is self.mode:
            return
        if self.mode is not None:
            self.controller.deactivate()
        self.mode = mode
        self.mode_actions[mode].setChecked(True)
        hosted = self._hosted[mode]
        self.mode_panels.setCurrentWidget(hosted.panel)
        self.new_deal_action.setText(hosted.new_text)
        self.hints_panel.set_idle_text(NO_HINT_TEXT if mode is AppMode.SUIT else IDLE_TEXT)
        self.controller.activate()
        self._refresh()

    def next_deal(self) -> None:
        """New deal (Bridge) or new game (Hearts)."""
        assert self.mode is not None
        self._hosted[self.mode].start_new()

    def _card_chosen(self, card: int) -> None:
        self.controller.card_chosen(card)

    def _table_clicked(self) -> None:
        """A click on the felt ends the pause after a finished trick (and the last-trick view)."""
        if self.table.last_trick_shown:
            self.last_trick_action.setChecked(False)
            self.table.show_last_trick(False)
        skip = getattr(self.controller, "skip_pause", None)
        if skip is not None:
            skip()

    def toggle_last_trick(self, checked: bool | None = None) -> None:
        """Show the last finished trick on the table, or the current one again."""
        shown = self.last_trick_action.isChecked() if checked is None else checked
        if shown and not self.table.show_last_trick(True):
            self.last_trick_action.setChecked(False)
            self._show_message("No trick has been finished yet")
            return
        if not shown:
            self.table.show_last_trick(False)
        self.last_trick_action.setChecked(self.table.last_trick_shown)

    def resizeEvent(self, event) -> None:  # noqa: ANN001 - Qt event
        super().resizeEvent(event)
        if hasattr(self, "side_column"):  # a quarter of the window, within bounds: the table keeps the rest
            self.side_column.setFixedWidth(max(SIDE_MIN_WIDTH, min(SIDE_WIDTH, self.width() // 4)))
        self._fit_hint_panel()

    def _fit_hint_panel(self) -> None:
        """The hint panel takes at most a third of the window's width."""
        if not hasattr(self, "hints_dock"):
            return  # a resize while the window is being built
        third = max(MIN_PANEL_WIDTH, self.width() // 3)
        self.hints_dock.setMaximumWidth(third)
        if self.hints_dock.isVisible() and not self.hints_dock.isFloating():
            self.resizeDocks([self.hints_dock], [min(third, PANEL_WIDTH)], Qt.Orientation.Horizontal)

    def _refresh(self) -> None:
        controller = self.controller
        if self._reviewed_session is not None and (
                self.mode is not AppMode.BRIDGE or self.bridge.session is not self._reviewed_session):
            self._close_review()  # another deal (or mode): the review goes
        state = controller.table_state(self.settings.hand_visibility)
        if state is not None and self._reviewed_session is None:  # else the review's position stays shown
            for sound in sounds_between(self._shown_state, state):
                self.sounds.play(sound)
            self._shown_state = state
            self.table.set_state(state)
        if not self.table.last_trick_shown and self.last_trick_action.isChecked():
            self.last_trick_action.setChecked(False)  # the play moved on: the table shows the trick in play
        title = controller.title()
        self.info_panel.set_info(title, controller.info_rows())
        self.setWindowTitle(f"Tenace — {title}")
        bridge = self.mode is AppMode.BRIDGE
        self.open_action.setEnabled(bridge)
        self.save_action.setEnabled(bridge and self.bridge.session is not None)
        self.undo_action.setEnabled(controller.can_undo)
        self.claim_action.setEnabled(bridge and self.bridge.can_claim)
        self.retry_action.setEnabled(controller.can_retry)
        self.hints.follow(controller)  # a hint for another position is cancelled
        self.hint_action.setEnabled(self.hints.can_hint(controller) or self._pass_hint_available())

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MESSAGE_MS)

    # --- game actions ------------------------------------------------------------------------------
    def undo(self) -> None:
        self.controller.undo()

    def retry(self) -> None:
        """Ask the engine again for what failed in the current mode."""
        self.controller.retry()

    def hint(self) -> None:
        """Every legal card's value for the user's turn (Bridge or Hearts), in the hints panel; while
        three cards are to be passed in Hearts, the pass hint (the computer player's pass, selected)."""
        if self._pass_hint_available():
            self.hearts.suggest_pass()
            return
        self.hints.request(self.controller)

    def _pass_hint_available(self) -> bool:
        return self.mode is AppMode.HEARTS and self.hearts.can_suggest_pass

    def review_play(self) -> ReviewDialog | None:
        """The post-mortem of the finished bridge deal, in a dialog; the table follows its selection."""
        session = self.bridge.session
        if self.mode is not AppMode.BRIDGE or session is None or not session.is_complete:
            self._show_message("The review is available at the end of a deal")
            return None
        if not self.review.request(session.played_deal(), session.constraints):
            self._show_message(f"The review could not start: {self.review.error}")
            return None
        self._reviewed_session = session
        if self.review_dialog is None:
            dialog = ReviewDialog(self.review, self)
            dialog.position_selected.connect(self._show_review_position)
            dialog.finished.connect(lambda _result: self._close_review())
            self.review_dialog = dialog
        self.review_dialog.show()
        self.review_dialog.raise_()
        return self.review_dialog

    def _show_review_position(self, ply: int | None) -> None:
        """The reviewed deal on the table: as dealt with every costly card ringed (``None``), or the
        position before the card at ``ply`` with that card ringed and the better card marked."""
        played, result = self.review.played, self.review.result
        if played is None or result is None or self._reviewed_session is None:
            return
        self.table.set_state(review_table_state(played.replay(ply or 0), played.seat))
        line = None if ply is None else next((ln for ln in result.lines if ln.ply == ply), None)
        if line is None:
            self.table.set_marked_cards(result.costly_cards, MARK_COLOUR)
            self.table.set_hint_card(None)
        else:
            self.table.set_marked_cards((line.card,) if line.costly else (), MARK_COLOUR)
            self.table.set_hint_card(line.better if line.costly else None)

    def _close_review(self) -> None:
        """The review dialog closed (or its deal went): stop the review, give the table back."""
        if self._reviewed_session is None:
            return
        self._reviewed_session = None
        self.review.clear()
        if self.review_dialog is not None and self.review_dialog.isVisible():
            self.review_dialog.close()
        self.table.set_marked_cards(())
        self.table.set_hint_card(None)
        self._refresh()

    def claim(self) -> QInputDialog | None:
        """Claim: how many of the remaining tricks (checked by the solver), or all of them when plainly right."""
        if self.mode is not AppMode.BRIDGE or not self.bridge.can_claim:
            return None
        session = self.bridge.session
        assert session is not None
        if not self.bridge.claim_needs_count:
            self.bridge.claim()
            return None
        remaining = session.play.remaining_tricks
        dialog = QInputDialog(self)
        dialog.setWindowTitle("Claim")
        dialog.setLabelText(f"How many of the remaining {remaining} tricks does your side take?")
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(0, remaining)
        dialog.setIntValue(remaining)
        dialog.intValueSelected.connect(self.bridge.claim)
        return self._open(dialog)

    def explain_rejected_claim(self, rejected: RejectedClaim) -> QMessageBox:
        """A rejected claim in a dialog: what best defence gives, and the line that beats the claim."""
        box = QMessageBox(QMessageBox.Icon.Information, "Claim rejected", rejected.text(), QMessageBox.StandardButton.Ok, self)
        box.setInformativeText("Play on, or claim fewer tricks.")
        box.finished.connect(lambda _result: self.table.setFocus())
        self.claim_dialog = box
        box.open()
        return box

    def open_pbn(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a PBN deal", "", PBN_FILTER)
        if path:
            self.load_pbn(Path(path))

    def load_pbn(self, path: Path) -> bool:
        """Read ``path`` on the engine worker (progress and Stop in the status bar); the board follows.
        False when the reading could not even start."""
        try:
            self.bridge.load_pbn(path)
        except (ValueError, RuntimeError) as exc:
            self._show_message(str(exc))
            return False
        return True

    def save_pbn(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the deal as PBN", "deal.pbn", PBN_FILTER)
        if path:
            self.write_pbn(Path(path))

    def write_pbn(self, path: Path) -> bool:
        """Save atomically; the save is noted while it runs, so a crash's leftovers go at the next start."""
        try:
            with self._journal.saving(path):
                self.bridge.save_pbn(path)
        except (OSError, ValueError) as exc:
            self._show_message(f"Could not save {path.name}: {exc}")
            return False
        return True

    # --- settings and dialogs ----------------------------------------------------------------
    def _apply_settings(self) -> None:
        settings = self.settings
        self.table.set_deck_colours(settings.deck_colours)
        self.table.set_card_size(settings.card_size)
        self.hints_panel.set_deck_colours(settings.deck_colours)
        self.hints_panel.set_details(settings.show_engine_details)
        self.table.set_animation(settings.animate_cards, settings.animation_ms)
        self.sounds.enabled = settings.sound
        pace = PACE_EXTRA_MS + (settings.animation_ms if settings.animate_cards else 0)
        for hosted in self._hosted.values():
            hosted.controller.pace_ms = pace
        for controller in (self.bridge, self.hearts):
            controller.trick_pause_ms = settings.trick_pause_ms
            controller.engine_details = settings.show_engine_details
        for picker in (self.bridge_panel.player, self.hearts_panel.player):
            picker.set_details(settings.show_engine_details)
        if settings.strength is not self._strength_applied:  # the default strength, for the next deal or game
            self._strength_applied = settings.strength
            self.bridge_panel.player.set_strength(settings.strength)
            self.hearts_panel.player.set_strength(settings.strength)
            self.hearts.player_spec = self.hearts_panel.player.spec

    def apply_new_settings(self, settings: Settings) -> None:
        """Use and save ``settings`` (what the Settings dialog's OK does)."""
        self.settings = settings
        try:
            save_settings(settings, self._settings_file)
        except OSError as exc:
            self.statusBar().showMessage(f"Settings could not be saved: {exc}", STATUS_MESSAGE_MS)
        self._apply_settings()
        self._refresh()

    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, self)
        dialog.accepted.connect(lambda: self.apply_new_settings(dialog.settings()))
        return self._open(dialog)

    def _open(self, dialog):  # noqa: ANN001, ANN202 - any dialog, returned as given
        """Open ``dialog`` (window-modal); when it closes the cards get the keyboard back."""
        dialog.finished.connect(lambda _result: self.table.setFocus())
        dialog.open()
        return dialog

    def open_statistics(self) -> StatisticsDialog:
        """Totals by game and role, the trend chart, and the history with Replay.  The dialog opens at once
        and fills in when the statistics thread has read them: SQLite never runs on the GUI thread, so a
        slow disk or a locked database cannot freeze the window."""
        dialog = StatisticsDialog(parent=self)
        dialog.replay_requested.connect(self.replay_from_history)

        def read(stats):  # noqa: ANN001, ANN202 - on the statistics thread
            return stats.summary(), {kind: stats.trend(kind) for kind in TrendKind}, stats.history()

        def show(result: object) -> None:
            if isinstance(result, Exception):
                dialog.set_error(str(result))
            else:
                dialog.set_data(*result)  # type: ignore[misc]

        gui = self._gui
        self.stats.submit(read, lambda result: gui.run(lambda: show(result)))
        return self._open(dialog)

    def replay_from_history(self, key: tuple[str, int]) -> None:
        """Play a hand of the history again, in its mode (its record is read on the statistics thread)."""

        def play(replay: object) -> None:
            if isinstance(replay, Exception):
                self._show_message(f"This hand cannot be replayed: {replay}")
                return
            if isinstance(replay, BridgeReplay):
                self.set_mode(AppMode.BRIDGE)
                self.bridge.replay_hand(replay)
            elif isinstance(replay, HeartsReplay):
                self.set_mode(AppMode.HEARTS)
                self.hearts.replay_hand(replay)
            else:
                self.set_mode(AppMode.SUIT)
                self.suit.replay_problem(replay)  # type: ignore[arg-type]
            self.table.setFocus()

        gui = self._gui
        self.stats.submit(lambda stats: stats.replay(key), lambda result: gui.run(lambda: play(result)))

    def open_shortcuts(self) -> ReadOnlyDialog:
        actions = [
            self.new_deal_action, self.open_action, self.save_action, self.undo_action, self.hint_action, self.claim_action,
            self.retry_action,
            *self.mode_actions.values(), self.settings_action, self.quit_action, self.shortcuts_action,
        ]
        dialog = ReadOnlyDialog("Keyboard shortcuts", self, rows=shortcut_rows(actions))
        return self._open(dialog)

    def open_how_to_play(self) -> ReadOnlyDialog:
        dialog = ReadOnlyDialog("How to play", self, html=how_to_play_html(self.bridge.oracle is not None))
        dialog.resize(600, 560)
        return self._open(dialog)

    def open_suit_help(self) -> ReadOnlyDialog:
        dialog = ReadOnlyDialog("Suit practice", self, html=suit_practice_html())
        dialog.resize(600, 560)
        return self._open(dialog)

    def open_hint_help(self) -> ReadOnlyDialog:
        dialog = ReadOnlyDialog("Reading the hint bars", self, html=hint_bars_html())
        dialog.resize(600, 560)
        return self._open(dialog)

    def open_about(self) -> ReadOnlyDialog:
        dialog = ReadOnlyDialog("About Tenace", self, html=about_text(_version()))
        return self._open(dialog)

    # --- engine messages ---------------------------------------------------------------------
    def _tell_cache_repairs(self) -> None:
        """A damaged kernel cache was cleared and recompiled while a job ran: say so once."""
        repairs = cache_repair_messages()
        if len(repairs) > self._repairs_told:
            self._repairs_told = len(repairs)
            self.statusBar().showMessage(repairs[-1], STATUS_MESSAGE_MS)

    def _on_job_done(self, done: JobDone) -> None:
        self._tell_cache_repairs()
        if done.request_id in self._warmup_ids and isinstance(done.result, WarmupReport):
            self._warmup_parts.append(done.result)
            if len(self._warmup_parts) < len(self._warmup_ids):
                return
            self.warmup_report = report = merge_reports(self._warmup_parts)
            if report.failures:
                names = ", ".join(name for name, _ in report.failures)
                self.statusBar().showMessage(f"Engine ready, but warm-up failed for {names}", STATUS_MESSAGE_MS)
            elif self._repairs_told == 0:
                self.statusBar().showMessage(f"Engine ready ({report.seconds:.1f} s)", STATUS_MESSAGE_MS)

    def _on_job_failed(self, failed: JobFailed) -> None:
        self.last_engine_error = failed
        self.statusBar().showMessage(f"Engine error: {failed.message}", STATUS_MESSAGE_MS)
        self._tell_cache_repairs()

    def closeEvent(self, event: QCloseEvent) -> None:
        for hosted in self._hosted.values():
            hosted.controller.deactivate()
        self.worker.shutdown(timeout_s=2.0)
        self.stats.close(timeout=2.0)  # the last records are written
        super().closeEvent(event)
