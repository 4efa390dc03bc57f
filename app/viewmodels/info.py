"""What the info panel beside the table shows: label/value rows, and the bridge facts behind them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.bridge.contract import Contract, Vulnerability
from engine.core.seats import Seat

__all__ = ["InfoRow", "BridgeInfo", "bridge_info_rows"]


@dataclass(frozen=True, slots=True)
class InfoRow:
    label: str
    value: str


_VULNERABILITY_TEXT = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "North-South",
    Vulnerability.EW: "East-West",
    Vulnerability.BOTH: "Both",
}


@dataclass(frozen=True, slots=True)
class BridgeInfo:
    board: int
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks_ns: int = 0
    tricks_ew: int = 0
    score_ns: int | None = None

    def __post_init__(self) -> None:
        if self.board < 1:
            raise ValueError(f"board number {self.board} must be at least 1")
        if (self.contract is None) != (self.declarer is None):
            raise ValueError("a contract and its declarer come together")
        if not 0 <= self.tricks_ns + self.tricks_ew <= 13 or min(self.tricks_ns, self.tricks_ew) < 0:
            raise ValueError(f"trick counts {self.tricks_ns}+{self.tricks_ew} are not possible")


def bridge_info_rows(info: BridgeInfo) -> tuple[InfoRow, ...]:
    contract = "—" if info.contract is None else f"{info.contract.level}{info.contract.strain.symbol}{info.contract.doubling.suffix}"
    declarer = "—" if info.declarer is None else info.declarer.name.title()
    score = "—" if info.score_ns is None else f"{info.score_ns:+d} (N-S)"
    return (
        InfoRow("Dealer", info.dealer.name.title()),
        InfoRow("Vulnerable", _VULNERABILITY_TEXT[info.vulnerability]),
        InfoRow("Contract", contract),
        InfoRow("Declarer", declarer),
        InfoRow("Tricks N-S", str(info.tricks_ns)),
        InfoRow("Tricks E-W", str(info.tricks_ew)),
        InfoRow("Score", score),
    )
