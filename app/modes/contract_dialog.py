"""Set the contract by hand: level, strain, doubling and a North-South declarer."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget

from engine.bridge.contract import Contract, Doubling, Strain
from engine.core.seats import Seat
from engine.session.contract_choice import ContractChoice, ContractMethod

__all__ = ["ContractDialog"]

_DOUBLING_TEXT = {Doubling.UNDOUBLED: "Undoubled", Doubling.DOUBLED: "Doubled", Doubling.REDOUBLED: "Redoubled"}


class ContractDialog(QDialog):
    """Starts from the current contract; :meth:`choice` is the edited one."""

    def __init__(self, current: ContractChoice | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Set the contract")
        self.level = QSpinBox(self)
        self.level.setRange(1, 7)
        self.strain = QComboBox(self)
        for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS):
            self.strain.addItem(strain.symbol, strain)
        self.doubling = QComboBox(self)
        for doubling, text in _DOUBLING_TEXT.items():
            self.doubling.addItem(text, doubling)
        self.declarer = QComboBox(self)
        for seat in (Seat.SOUTH, Seat.NORTH):
            self.declarer.addItem(seat.name.title(), seat)
        if current is not None:
            self.level.setValue(current.contract.level)
            self.strain.setCurrentIndex(self.strain.findData(current.contract.strain))
            self.doubling.setCurrentIndex(self.doubling.findData(current.contract.doubling))
            if current.declarer in (Seat.SOUTH, Seat.NORTH):
                self.declarer.setCurrentIndex(self.declarer.findData(current.declarer))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Level:", self.level)
        form.addRow("Strain:", self.strain)
        form.addRow("Doubling:", self.doubling)
        form.addRow("Declarer:", self.declarer)
        form.addRow(buttons)

    def choice(self) -> ContractChoice:
        contract = Contract(self.level.value(), self.strain.currentData(), self.doubling.currentData())
        return ContractChoice(contract, self.declarer.currentData(), contract.tricks_needed, ContractMethod.BY_HAND)
