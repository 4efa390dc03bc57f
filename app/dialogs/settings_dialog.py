"""Edits a :class:`~app.settings.Settings` value; the caller saves what :meth:`SettingsDialog.settings` returns."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget

from ..settings import (
    ANIMATION_MS_RANGE,
    TRICK_PAUSE_CLICK,
    CardSize,
    DeckColours,
    HandVisibility,
    Settings,
    Strength,
)
from ..viewmodels.strength import STRENGTH_NAMES

__all__ = ["SettingsDialog", "TRICK_PAUSES"]

_DECK_TEXT = {DeckColours.TWO_COLOUR: "Two colours (red / black)", DeckColours.FOUR_COLOUR: "Four colours"}
_VISIBILITY_TEXT = {
    HandVisibility.ALL_HANDS: "All four hands face up",
    HandVisibility.OWN_SIDE: "Only my side's hands",
}
_CARD_SIZE_TEXT = {CardSize.SMALL: "Small", CardSize.MEDIUM: "Medium", CardSize.LARGE: "Large (as big as fits)"}
TRICK_PAUSES: tuple[tuple[int, str], ...] = (
    (0, "No pause"),
    (600, "Short (0.6 s)"),
    (1200, "Normal (1.2 s)"),
    (2500, "Long (2.5 s)"),
    (TRICK_PAUSE_CLICK, "Until I click the table"),
)
"""How long a finished trick stays on the table before the computer leads to the next one."""


def _combo(parent: QWidget, items, current) -> QComboBox:  # noqa: ANN001 - (data, text) pairs
    combo = QComboBox(parent)
    for data, text in items:
        combo.addItem(text, data)
    index = combo.findData(current)
    combo.setCurrentIndex(max(0, index))
    return combo


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self._original = settings
        self.deck = _combo(self, _DECK_TEXT.items(), settings.deck_colours)
        self.visibility = _combo(self, _VISIBILITY_TEXT.items(), settings.hand_visibility)
        self.card_size = _combo(self, _CARD_SIZE_TEXT.items(), settings.card_size)
        self.card_size.setToolTip("Cards grow and shrink with the window; this is how much of the room they take")
        pauses = list(TRICK_PAUSES)
        if all(ms != settings.trick_pause_ms for ms, _ in pauses):  # a value set by hand in the file
            pauses.append((settings.trick_pause_ms, f"{settings.trick_pause_ms / 1000:.1f} s"))
        self.trick_pause = _combo(self, pauses, settings.trick_pause_ms)
        self.trick_pause.setToolTip("How long a finished trick stays on the table before the computer leads again "
                                    "(a click on the table always goes on at once)")
        self.animate = QCheckBox("Animate played cards", self)
        self.animate.setChecked(settings.animate_cards)
        self.animation_ms = QSpinBox(self)
        self.animation_ms.setRange(*ANIMATION_MS_RANGE)
        self.animation_ms.setSuffix(" ms")
        self.animation_ms.setValue(settings.animation_ms)
        self.animate.toggled.connect(self.animation_ms.setEnabled)
        self.animation_ms.setEnabled(settings.animate_cards)
        self.sound = QCheckBox("Play sounds (a card, a trick, the end of a hand)", self)
        self.sound.setChecked(settings.sound)
        self.strength = _combo(self, STRENGTH_NAMES.items(), settings.strength)
        self.strength.setToolTip("How well the computer plays in new deals and games (each mode's panel can "
                                 "change it for the next one)")
        self.details = QCheckBox("Show engine details (engine names and settings)", self)
        self.details.setChecked(settings.show_engine_details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Card colours:", self.deck)
        form.addRow("Card size:", self.card_size)
        form.addRow("Bridge table shows:", self.visibility)
        form.addRow("After each trick:", self.trick_pause)
        form.addRow(self.animate)
        form.addRow("Animation length:", self.animation_ms)
        form.addRow(self.sound)
        form.addRow("Computer strength:", self.strength)
        form.addRow(self.details)
        form.addRow(buttons)

    def settings(self) -> Settings:
        strength: Strength = self.strength.currentData()
        return Settings(
            deck_colours=self.deck.currentData(),
            hand_visibility=self.visibility.currentData(),
            animate_cards=self.animate.isChecked(),
            animation_ms=self.animation_ms.value(),
            card_size=self.card_size.currentData(),
            trick_pause_ms=self.trick_pause.currentData(),
            sound=self.sound.isChecked(),
            strength=strength,
            show_engine_details=self.details.isChecked(),
        )
