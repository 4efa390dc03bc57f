"""Choosing the computer player: a strength in a player's words, or in the advanced view any registered engine.

The strength list (Beginner, Club player, Expert; :mod:`app.viewmodels.strength` says which
engine plays each) is all most users see.  The advanced view (Settings ▸ Show engine
details) adds the engine list from the player registry — so players added to the engine
appear here without UI changes — with the engine's own presets (Fast, Normal, Strong) and a
``key=value`` settings field, checked by the registry itself so that a misspelt setting is
reported at once rather than when the next deal starts.  A player set there that is none of
the strengths shows as "Custom".
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from engine.players.registry import REGISTRY, Game, PlayerSpec, PlayerSpecError

from ..settings import Strength
from ..viewmodels.strength import STRENGTH_NAMES, strength_of, strength_spec

__all__ = ["PlayerPicker"]

_CUSTOM = "custom"


class PlayerPicker(QWidget):
    """A strength (or, in the advanced view, an engine and its parameters); :attr:`spec` is always a spec
    the registry accepts."""

    spec_changed = Signal(str)

    def __init__(self, game: Game, initial: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._game = game
        self._spec = initial
        self.level = QComboBox(self)
        self.level.setAccessibleName("Computer strength")
        self.level.setToolTip("How well the computer plays (stronger players take a little longer per card)")
        for strength, name in STRENGTH_NAMES.items():
            self.level.addItem(name, strength)
        self.level.addItem("Custom", _CUSTOM)
        self.level.activated.connect(self._level_chosen)

        self.name = QComboBox(self)
        for name, entry in REGISTRY.entries(game).items():
            self.name.addItem(name, name)
            params = ", ".join(entry.params) or "no settings"
            self.name.setItemData(self.name.count() - 1, f"{entry.summary} (settings: {params})", Qt.ItemDataRole.ToolTipRole)
        self.preset = QComboBox(self)
        self.preset.setToolTip("The engine's own presets (more worlds or a deeper search take longer)")
        self.params = QLineEdit(self)
        self.params.setPlaceholderText("settings, e.g. seed=3")
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.name, 1)
        row.addWidget(self.preset, 1)
        self.advanced = QWidget(self)
        advanced = QVBoxLayout(self.advanced)
        advanced.setContentsMargins(0, 0, 0, 0)
        advanced.addLayout(row)
        advanced.addWidget(self.params)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.level)
        layout.addWidget(self.advanced)
        layout.addWidget(self.error)
        self.advanced.hide()
        self.name.currentIndexChanged.connect(self._name_changed)
        self.preset.activated.connect(self._preset_chosen)
        self.params.editingFinished.connect(self._edited)
        self._show_spec(initial)

    @property
    def spec(self) -> str:
        return self._spec

    @property
    def strength(self) -> Strength | None:
        """The strength chosen, or ``None`` for a custom player."""
        return strength_of(self._game, self._spec)

    def set_details(self, shown: bool) -> None:
        """Show or hide the advanced view (the engines' names and parameters)."""
        self.advanced.setVisible(shown)

    def set_spec(self, spec: str) -> None:
        """Show ``spec`` (e.g. the default strength from Settings) as the choice, telling listeners."""
        self._show_spec(spec)
        self._set(spec)

    def set_strength(self, strength: Strength) -> None:
        self.set_spec(strength_spec(self._game, strength))

    # --- internals --------------------------------------------------------------------------
    def _show_spec(self, spec: str) -> None:
        parsed = PlayerSpec.parse(spec)
        self.name.blockSignals(True)
        self.name.setCurrentIndex(max(0, self.name.findData(parsed.name)))
        self.name.blockSignals(False)
        self.params.setText(",".join(f"{k}={v}" for k, v in parsed.params))
        self._update_presets()
        self._update_level(spec)

    def _update_level(self, spec: str) -> None:
        strength = strength_of(self._game, spec)
        index = self.level.findData(strength if strength is not None else _CUSTOM)
        self.level.setCurrentIndex(index)
        self.level.setItemData(self.level.findData(_CUSTOM), spec, Qt.ItemDataRole.ToolTipRole)

    def _update_presets(self) -> None:
        entry = REGISTRY.entries(self._game).get(self.name.currentData())
        accepted = ", ".join(entry.params) if entry is not None and entry.params else "none"
        self.params.setToolTip(f"Settings this player accepts: {accepted}")
        self.params.setEnabled(entry is not None and bool(entry.params))
        presets = entry.presets if entry is not None else ()
        self.preset.blockSignals(True)
        self.preset.clear()
        for name, text in presets:
            self.preset.addItem(name, text)
            self.preset.setItemData(self.preset.count() - 1, text or "the player's defaults", Qt.ItemDataRole.ToolTipRole)
        if presets:
            self.preset.addItem("Custom", None)
        current = self.params.text().strip()
        index = next((i for i, (_, text) in enumerate(presets) if text == current), len(presets))
        self.preset.setCurrentIndex(index if presets else -1)
        self.preset.setEnabled(bool(presets))
        self.preset.setVisible(bool(presets))
        self.params.setVisible(entry is not None and bool(entry.params))
        self.preset.blockSignals(False)

    def _level_chosen(self, index: int) -> None:
        strength = self.level.itemData(index)
        if strength == _CUSTOM:  # keep the custom player; its settings are in the advanced view
            self._update_level(self._spec)
            return
        self.set_strength(strength)

    def _name_changed(self) -> None:
        self.params.clear()  # another player's settings would not apply
        self._edited()

    def _preset_chosen(self, index: int) -> None:
        text = self.preset.itemData(index)
        if text is None:  # "Custom": keep what is typed
            return
        self.params.setText(text)
        self._edited()

    def _edited(self) -> None:
        self._update_presets()
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
        self._update_level(text)
        self._set(text)

    def _set(self, text: str) -> None:
        if text != self._spec:
            self._spec = text
            self.spec_changed.emit(text)
