"""Edits a :class:`~app.settings.Settings` value; the caller saves what :meth:`SettingsDialog.settings` returns."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget

from ..settings import ANIMATION_MS_RANGE, DeckColours, HandVisibility, Settings

__all__ = ["SettingsDialog"]

_DECK_TEXT = {DeckColours.TWO_COLOUR: "Two colours (red / black)", DeckColours.FOUR_COLOUR: "Four colours"}
_VISIBILITY_TEXT = {
    HandVisibility.ALL_HANDS: "All four hands face up",
    HandVisibility.OWN_SIDE: "Only my side's hands",
}


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.deck = QComboBox(self)
        for deck, text in _DECK_TEXT.items():
            self.deck.addItem(text, deck)
        self.deck.setCurrentIndex(list(_DECK_TEXT).index(settings.deck_colours))
        self.visibility = QComboBox(self)
        for vis, text in _VISIBILITY_TEXT.items():
            self.visibility.addItem(text, vis)
        self.visibility.setCurrentIndex(list(_VISIBILITY_TEXT).index(settings.hand_visibility))
        self.animate = QCheckBox("Animate played cards", self)
        self.animate.setChecked(settings.animate_cards)
        self.animation_ms = QSpinBox(self)
        self.animation_ms.setRange(*ANIMATION_MS_RANGE)
        self.animation_ms.setSuffix(" ms")
        self.animation_ms.setValue(settings.animation_ms)
        self.animate.toggled.connect(self.animation_ms.setEnabled)
        self.animation_ms.setEnabled(settings.animate_cards)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Card colours:", self.deck)
        form.addRow("Bridge table shows:", self.visibility)
        form.addRow(self.animate)
        form.addRow("Animation length:", self.animation_ms)
        form.addRow(buttons)

    def settings(self) -> Settings:
        return Settings(
            deck_colours=self.deck.currentData(),
            hand_visibility=self.visibility.currentData(),
            animate_cards=self.animate.isChecked(),
            animation_ms=self.animation_ms.value(),
        )
