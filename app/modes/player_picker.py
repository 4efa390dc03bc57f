"""Choosing the computer player: any player the registry lists, a strength preset, optional ``key=value`` settings.

The list comes from the player registry, so players added to the engine appear here
without UI changes; the settings field takes the player's own parameters (listed in
its tooltip) and is checked by the registry itself, so a misspelt one is reported at
once rather than when the next deal starts.  The strength list holds the player's
registered presets (Fast, Normal, Strong); picking one fills the settings field, and
editing the field by hand shows "Custom".
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from engine.players.registry import REGISTRY, Game, PlayerSpec, PlayerSpecError

__all__ = ["PlayerPicker"]


class PlayerPicker(QWidget):
    """A player name plus its parameters; :attr:`spec` is always a spec the registry accepts."""

    spec_changed = Signal(str)

    def __init__(self, game: Game, initial: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._game = game
        self._spec = initial
        self.name = QComboBox(self)
        for name, entry in REGISTRY.entries(game).items():
            self.name.addItem(name, name)
            params = ", ".join(entry.params) or "no settings"
            self.name.setItemData(self.name.count() - 1, f"{entry.summary} (settings: {params})", Qt.ItemDataRole.ToolTipRole)
        parsed = PlayerSpec.parse(initial)
        self.name.setCurrentIndex(max(0, self.name.findData(parsed.name)))
        self.strength = QComboBox(self)
        self.strength.setToolTip("How hard the computer thinks (more worlds or a deeper search take longer)")
        self.params = QLineEdit(self)
        self.params.setPlaceholderText("settings, e.g. seed=3")
        self.params.setText(",".join(f"{k}={v}" for k, v in parsed.params))
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.name, 1)
        row.addWidget(self.strength, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.params)
        layout.addWidget(self.error)
        self.name.currentIndexChanged.connect(self._name_changed)
        self.strength.activated.connect(self._preset_chosen)
        self.params.editingFinished.connect(self._edited)
        self._update_hint()

    @property
    def spec(self) -> str:
        return self._spec

    def _update_hint(self) -> None:
        entry = REGISTRY.entries(self._game).get(self.name.currentData())
        accepted = ", ".join(entry.params) if entry is not None and entry.params else "none"
        self.params.setToolTip(f"Settings this player accepts: {accepted}")
        self.params.setEnabled(entry is not None and bool(entry.params))
        presets = entry.presets if entry is not None else ()
        self.strength.blockSignals(True)
        self.strength.clear()
        for name, text in presets:
            self.strength.addItem(name, text)
            self.strength.setItemData(self.strength.count() - 1, text or "the player's defaults", Qt.ItemDataRole.ToolTipRole)
        if presets:
            self.strength.addItem("Custom", None)
        current = self.params.text().strip()
        index = next((i for i, (_, text) in enumerate(presets) if text == current), len(presets))
        self.strength.setCurrentIndex(index if presets else -1)
        self.strength.setEnabled(bool(presets))
        self.strength.setVisible(bool(presets))
        self.params.setVisible(entry is not None and bool(entry.params))
        self.strength.blockSignals(False)

    def _name_changed(self) -> None:
        self.params.clear()  # another player's settings would not apply
        self._edited()

    def _preset_chosen(self, index: int) -> None:
        text = self.strength.itemData(index)
        if text is None:  # "Custom": keep what is typed
            return
        self.params.setText(text)
        self._edited()

    def _edited(self) -> None:
        self._update_hint()
        name = self.name.currentData() or "rules"
        params = self.params.text().strip() if self.params.isEnabled() else ""
        text = f"{name}:{params}" if params else name
        try:
            REGISTRY.create(self._game, text)
        except PlayerSpecError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.error.hide()
        if text != self._spec:
            self._spec = text
            self.spec_changed.emit(text)
