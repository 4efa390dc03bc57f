"""The main window frame: menu, toolbar, card table with info panel, engine status; owns the engine worker.

Today it shows the deal viewer (random deals); the Bridge, Hearts and Suit-practice modes
plug into the same table, info panel and worker.  Warm-up of the engine's numba kernels
starts with the window and runs on the worker while the window is already usable.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import Sequence

from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QMainWindow, QWidget

from engine.core.deal import Deal

from .deal_viewer import DealViewer, deal_table_state
from .dialogs.info_dialogs import ReadOnlyDialog, about_text, shortcut_rows, statistics_rows
from .dialogs.settings_dialog import SettingsDialog
from .settings import Settings, load_settings, save_settings
from .stats import Statistics
from .widgets.bridge_info import bridge_info_rows
from .widgets.card_table import CardTableView
from .widgets.engine_status import EngineStatusWidget
from .widgets.info_panel import InfoPanel
from .worker import EngineActivity, EngineWorker, JobDone, JobFailed
from .worker.warmup import WarmupHook, WarmupReport, discover_warmup_hooks, warmup_job

__all__ = ["MainWindow"]

STATUS_MESSAGE_MS = 8000


def _version() -> str:
    try:
        return metadata.version("tenace")
    except metadata.PackageNotFoundError:
        return "development"


class MainWindow(QMainWindow):
    """The application window; ``warmup_hooks=()`` skips the warm-up (screenshots, tests)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        warmup_hooks: Sequence[WarmupHook] | None = None,
        settings_file: Path | None = None,
        stats_file: Path | None = None,
    ) -> None:
        super().__init__()
        self.setWindowTitle("Tenace")
        self.resize(1180, 760)
        self._settings_file = settings_file
        self._stats_file = stats_file
        loaded = load_settings(settings_file)
        self.settings: Settings = loaded.settings
        self.settings_problems = loaded.problems
        self.warmup_report: WarmupReport | None = None
        self.last_engine_error: JobFailed | None = None

        self.table = CardTableView(self)
        self.info_panel = InfoPanel(self)
        central = QWidget(self)
        row = QHBoxLayout(central)
        row.setContentsMargins(6, 6, 6, 6)
        row.addWidget(self.table, 1)
        row.addWidget(self.info_panel, 0)
        self.setCentralWidget(central)

        self.engine_status = EngineStatusWidget(self)
        self.statusBar().addPermanentWidget(self.engine_status)
        self.worker = EngineWorker(self)
        self.worker.status_changed.connect(self.engine_status.show_status)
        self.worker.finished.connect(self._on_job_done)
        self.worker.failed.connect(self._on_job_failed)
        self._warmup_id: int | None = None

        self._build_actions()
        self._viewer = DealViewer(seed)
        self._apply_settings()
        self._show_current_deal()
        if self.settings_problems:
            self.statusBar().showMessage(" ".join(self.settings_problems), STATUS_MESSAGE_MS)
        hooks = discover_warmup_hooks() if warmup_hooks is None else tuple(warmup_hooks)
        if hooks:
            self._warmup_id = self.worker.submit(
                warmup_job(hooks), activity=EngineActivity.COMPILING, label="starting"
            )
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
        self.new_deal_action = self._action("&New deal", self.next_deal, QKeySequence.StandardKey.New, "Deal a new random board")
        self.settings_action = self._action("&Settings…", self.open_settings, QKeySequence("Ctrl+,"), "Cards, animation, hands shown")
        self.statistics_action = self._action("S&tatistics…", self.open_statistics, None, "Your training statistics")
        self.quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.shortcuts_action = self._action("&Keyboard shortcuts", self.open_shortcuts, QKeySequence(QKeySequence.StandardKey.HelpContents))
        self.about_action = self._action("&About Tenace", self.open_about)
        game = self.menuBar().addMenu("&Game")
        game.addAction(self.new_deal_action)
        game.addAction(self.statistics_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.settings_action)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        toolbar.setMovable(False)
        toolbar.addAction(self.new_deal_action)
        toolbar.addAction(self.settings_action)

    # --- the deal viewer --------------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        return self._viewer.current.deal

    def next_deal(self) -> None:
        self._viewer.next_deal()
        self._show_current_deal()

    def _show_current_deal(self) -> None:
        viewed = self._viewer.current
        self.table.set_state(deal_table_state(viewed.deal, self.settings.hand_visibility))
        self.info_panel.set_info(f"Board {viewed.board}", bridge_info_rows(viewed.info))
        self.setWindowTitle(f"Tenace — Board {viewed.board}")

    # --- settings and dialogs ----------------------------------------------------------------
    def _apply_settings(self) -> None:
        self.table.set_deck_colours(self.settings.deck_colours)
        self.table.set_animation(self.settings.animate_cards, self.settings.animation_ms)

    def apply_new_settings(self, settings: Settings) -> None:
        """Use and save ``settings`` (what the Settings dialog's OK does)."""
        self.settings = settings
        try:
            save_settings(settings, self._settings_file)
        except OSError as exc:
            self.statusBar().showMessage(f"Settings could not be saved: {exc}", STATUS_MESSAGE_MS)
        self._apply_settings()
        self._show_current_deal()

    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, self)
        dialog.accepted.connect(lambda: self.apply_new_settings(dialog.settings()))
        dialog.open()
        return dialog

    def open_statistics(self) -> ReadOnlyDialog:
        with Statistics(self._stats_file) as stats:
            rows = statistics_rows(stats.summary())
        dialog = ReadOnlyDialog("Statistics", self, rows=rows)
        dialog.open()
        return dialog

    def open_shortcuts(self) -> ReadOnlyDialog:
        actions = [self.new_deal_action, self.settings_action, self.quit_action, self.shortcuts_action]
        dialog = ReadOnlyDialog("Keyboard shortcuts", self, rows=shortcut_rows(actions))
        dialog.open()
        return dialog

    def open_about(self) -> ReadOnlyDialog:
        dialog = ReadOnlyDialog("About Tenace", self, html=about_text(_version()))
        dialog.open()
        return dialog

    # --- engine messages ---------------------------------------------------------------------
    def _on_job_done(self, done: JobDone) -> None:
        if done.request_id == self._warmup_id and isinstance(done.result, WarmupReport):
            self.warmup_report = report = done.result
            if report.failures:
                names = ", ".join(name for name, _ in report.failures)
                self.statusBar().showMessage(f"Engine ready, but warm-up failed for {names}", STATUS_MESSAGE_MS)
            else:
                self.statusBar().showMessage(f"Engine ready ({report.seconds:.1f} s)", STATUS_MESSAGE_MS)

    def _on_job_failed(self, failed: JobFailed) -> None:
        self.last_engine_error = failed
        self.statusBar().showMessage(f"Engine error: {failed.message}", STATUS_MESSAGE_MS)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.worker.shutdown(timeout_s=2.0)
        super().closeEvent(event)
