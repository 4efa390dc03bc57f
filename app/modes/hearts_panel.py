"""The Hearts mode panel: the pass (direction and button), the score sheet, the end of a hand or game,
and the rules and computer player for the next game."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.seats import Seat
from engine.hearts.passing import PASS_SIZE
from engine.hearts.rules import HeartsRules, MoonScoring
from engine.players.registry import Game
from engine.session.hearts_session import HeartsGameSummary, HeartsStage

from ..controllers.hearts_controller import HeartsController, direction_text
from ..viewmodels.hearts_table import moon_sentence, received_sentence, seat_name
from ..widgets.retry_bar import RetryBar
from .player_picker import PlayerPicker

__all__ = ["HeartsPanel", "describe_game"]

_MOON_TEXT = {MoonScoring.ADD_26_TO_OTHERS: "+26 to the others", MoonScoring.SHOOTER_MINUS_26: "−26 to the shooter"}
_COLUMNS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)


def describe_game(summary: HeartsGameSummary) -> str:
    names = ", ".join("you" if s == summary.user_seat else s.name.title() for s in summary.winners)
    verdict = "You win!" if summary.user_won else f"Won by {names}."
    totals = ", ".join(
        f"{'you' if s == summary.user_seat else s.name.title()} {summary.totals[s]}" for s in _COLUMNS
    )
    shooters = [seat_name(h.moon, summary.user_seat) for h in summary.hands if h.moon is not None]
    extra = f" The moon was shot {len(shooters)} time{'s' * (len(shooters) > 1)} (by {', '.join(shooters)})." if shooters else ""
    return f"Game over after {len(summary.hands)} hands. {verdict}\nTotals: {totals}.{extra}"


class HeartsPanel(QWidget):
    def __init__(self, controller: HeartsController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self.direction = QLabel(self)
        self.direction.setWordWrap(True)
        self.pass_button = QPushButton(self)
        self.pass_button.clicked.connect(controller.confirm_pass)
        self.suggest_button = QPushButton("Suggest a pass", self)
        self.suggest_button.setToolTip("The computer player's choice for your hand: it selects those three cards")
        self.suggest_button.clicked.connect(controller.suggest_pass)
        self.pass_hint = QLabel(self)
        self.pass_hint.setWordWrap(True)
        pass_box = QGroupBox("Passing", self)
        pass_layout = QVBoxLayout(pass_box)
        pass_layout.addWidget(self.direction)
        pass_layout.addWidget(self.suggest_button)
        pass_layout.addWidget(self.pass_hint)
        pass_layout.addWidget(self.pass_button)

        self.received = QLabel(self)
        self.received.setWordWrap(True)
        self.received.setAccessibleName("Cards received")
        self.received.setStyleSheet("background: #e0f2f1; color: #004d40; border: 1px solid #80cbc4; padding: 4px;")
        self.hand_result = QLabel(self)
        self.hand_result.setWordWrap(True)
        self.next_hand = QPushButton("Next hand", self)
        self.next_hand.clicked.connect(controller.next_hand)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("background: #fff8dc; color: #222; border: 1px solid #d9c98c; padding: 6px;")

        self.scores = QTableWidget(0, 4, self)
        self.scores.setHorizontalHeaderLabels(["You", "West", "North", "East"])
        self.scores.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.scores.verticalHeader().setDefaultSectionSize(20)
        # the four columns share the panel's width (fixed 48-pixel columns ran off a 1024-pixel screen)
        self.scores.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.scores.horizontalHeader().setMinimumSectionSize(30)
        self.scores.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        score_box = QGroupBox("Score sheet", self)
        QVBoxLayout(score_box).addWidget(self.scores)

        self.moon = QComboBox(self)
        for moon, text in _MOON_TEXT.items():
            self.moon.addItem(text, moon)
        self.jack = QCheckBox("J♦ counts −10", self)
        self.target = QSpinBox(self)
        self.target.setRange(10, 500)
        self.target.setSingleStep(25)
        self.target.setValue(controller.rules.target_score)
        self.player = PlayerPicker(Game.HEARTS, controller.player_spec, self)
        self.new_game = QPushButton("New game with these rules", self)
        self.new_game.clicked.connect(self.start_new_game)
        rules_box = QGroupBox("Next game", self)
        form = QFormLayout(rules_box)
        form.addRow("Moon:", self.moon)
        form.addRow(self.jack)
        form.addRow("Game to:", self.target)
        form.addRow("Computer:", self.player)
        form.addRow(self.new_game)

        self.retry_bar = RetryBar(self)  # an engine failure, offered again
        self.retry_bar.retry_clicked.connect(controller.retry)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.retry_bar)
        layout.addWidget(pass_box)
        layout.addWidget(self.received)
        layout.addWidget(self.hand_result)
        layout.addWidget(self.next_hand)
        layout.addWidget(self.summary)
        layout.addWidget(score_box, 1)
        layout.addWidget(rules_box)
        self._pass_box = pass_box
        controller.changed.connect(self.refresh)
        self.refresh()

    def chosen_rules(self) -> HeartsRules:
        return HeartsRules(
            moon_scoring=self.moon.currentData(), jack_of_diamonds=self.jack.isChecked(), target_score=self.target.value()
        )

    def start_new_game(self) -> None:
        self._controller.rules = self.chosen_rules()
        self._controller.player_spec = self.player.spec
        self._controller.new_game()

    def refresh(self) -> None:
        c = self._controller
        s = c.session
        self.retry_bar.show_failure(c.retry_text)
        if s is None:
            return
        passing = s.stage is HeartsStage.PASSING
        self._pass_box.setVisible(passing)
        self.direction.setText(direction_text(s))
        chosen = len(s.selection)
        if s.can_confirm_pass:
            self.pass_button.setText("Pass these three cards")
        elif chosen == PASS_SIZE:
            self.pass_button.setText("Waiting for the other players…")
        else:
            self.pass_button.setText(f"Choose {PASS_SIZE - chosen} more card{'s' * (PASS_SIZE - chosen != 1)}")
        self.pass_button.setEnabled(s.can_confirm_pass)
        self.suggest_button.setEnabled(c.can_suggest_pass)
        self.suggest_button.setText("Suggesting…" if c.suggesting else "Suggest a pass")
        hint = c.pass_hint if passing else None
        self.pass_hint.setVisible(hint is not None)
        if hint is not None:
            self.pass_hint.setText(hint.text)
        over = s.stage in (HeartsStage.HAND_OVER, HeartsStage.GAME_OVER)
        received = received_sentence(s) if s.stage is HeartsStage.PLAYING else ""
        self.received.setText(received)
        self.received.setVisible(bool(received))
        self.hand_result.setVisible(over)
        if over and s.history:
            last = s.history[-1]
            pts = ", ".join(f"{seat_name(seat, s.user_seat)} {last.points[seat]}" for seat in _COLUMNS)
            moon = moon_sentence(last, s.user_seat, s.rules.moon_scoring)
            self.hand_result.setText(f"Hand {last.hand_number + 1}: {pts}." + (f"\n{moon}" if moon else ""))
        self.next_hand.setVisible(s.stage is HeartsStage.HAND_OVER)
        self.summary.setVisible(c.last_summary is not None)
        if c.last_summary is not None:
            self.summary.setText(describe_game(c.last_summary))
        self._fill_scores()

    def _fill_scores(self) -> None:
        s = self._controller.session
        assert s is not None
        rows = [h.points for h in s.history] + [s.score.totals]
        self.scores.setRowCount(len(rows))
        labels = [f"{h.hand_number + 1}{' ☾' if h.moon is not None else ''}" for h in s.history] + ["Total"]
        self.scores.setVerticalHeaderLabels(labels)
        for r, points in enumerate(rows):
            moon = moon_sentence(s.history[r], s.user_seat, s.rules.moon_scoring) if r < len(s.history) else ""
            for col, seat in enumerate(_COLUMNS):
                item = QTableWidgetItem(str(points[seat]))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if moon:
                    item.setToolTip(moon)
                if r == len(rows) - 1:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.scores.setItem(r, col, item)
