"""Duplicate bridge scoring: what a contract and a trick count are worth.

Scores are from the declaring side's point of view: positive when the contract
makes, negative when it goes down.  :func:`score_breakdown` keeps the separate
components (trick score, bonuses, overtricks, undertricks) so a trainer can
explain a score; :func:`duplicate_score` is its total.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.seats import Seat
from .contract import Contract, Doubling, Strain, Vulnerability

__all__ = ["ScoreBreakdown", "ScoringError", "score_breakdown", "duplicate_score", "declarer_score", "imps", "IMP_STEPS"]


class ScoringError(ValueError):
    """A trick count outside 0..13 (the message gives the bad value)."""


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of a duplicate score; all zero except those that apply."""

    contract_points: int = 0  # tricks bid and made, at their (doubled) value
    overtrick_points: int = 0
    game_or_partscore_bonus: int = 0  # 300/500 for game, 50 for a part score
    slam_bonus: int = 0
    insult_bonus: int = 0  # 50 doubled / 100 redoubled contract made
    undertrick_penalty: int = 0  # positive number, subtracted from the total

    @property
    def total(self) -> int:
        return (
            self.contract_points
            + self.overtrick_points
            + self.game_or_partscore_bonus
            + self.slam_bonus
            + self.insult_bonus
            - self.undertrick_penalty
        )


def _trick_value(strain: Strain, nth_trick: int) -> int:
    """Undoubled value of the ``nth_trick`` trick over book (1-based)."""
    if strain.is_minor:
        return 20
    if strain.is_major:
        return 30
    return 40 if nth_trick == 1 else 30


def _contract_points(contract: Contract) -> int:
    base = sum(_trick_value(contract.strain, i) for i in range(1, contract.level + 1))
    return base * int(contract.doubling)


def _overtrick_points(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    if contract.doubling == Doubling.UNDOUBLED:
        return overtricks * (20 if contract.strain.is_minor else 30)
    per_trick = 200 if vulnerable else 100
    return overtricks * per_trick * (int(contract.doubling) // 2)


def _undertrick_penalty(doubling: Doubling, undertricks: int, vulnerable: bool) -> int:
    if doubling == Doubling.UNDOUBLED:
        return undertricks * (100 if vulnerable else 50)
    penalty = 0
    for n in range(1, undertricks + 1):
        if vulnerable:
            penalty += 200 if n == 1 else 300
        else:
            penalty += 100 if n == 1 else 200 if n <= 3 else 300
    return penalty * (int(doubling) // 2)


def score_breakdown(contract: Contract, vulnerable: bool, tricks: int) -> ScoreBreakdown:
    """The components of the duplicate score of ``contract`` taking ``tricks`` (0..13) tricks."""
    if not 0 <= tricks <= 13:
        raise ScoringError(f"tricks must be between 0 and 13, got {tricks}")
    if tricks < contract.tricks_needed:
        shortfall = contract.tricks_needed - tricks
        return ScoreBreakdown(undertrick_penalty=_undertrick_penalty(contract.doubling, shortfall, vulnerable))
    points = _contract_points(contract)
    if points >= 100:
        bonus = 500 if vulnerable else 300
    else:
        bonus = 50
    slam = 0
    if contract.level == 6:
        slam = 750 if vulnerable else 500
    elif contract.level == 7:
        slam = 1500 if vulnerable else 1000
    insult = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}[contract.doubling]
    return ScoreBreakdown(
        contract_points=points,
        overtrick_points=_overtrick_points(contract, tricks - contract.tricks_needed, vulnerable),
        game_or_partscore_bonus=bonus,
        slam_bonus=slam,
        insult_bonus=insult,
    )


def duplicate_score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """Duplicate score for the declaring side (negative when defeated)."""
    return score_breakdown(contract, vulnerable, tricks).total


def declarer_score(contract: Contract, declarer: Seat, vulnerability: Vulnerability, tricks: int) -> int:
    """:func:`duplicate_score` with the side's vulnerability taken from the board's ``vulnerability``."""
    return duplicate_score(contract, vulnerability.is_vulnerable(declarer), tricks)


IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
             2250, 2500, 3000, 3500, 4000)
"""The WBF IMP scale: a difference of at least ``IMP_STEPS[n-1]`` points is worth ``n`` IMPs (24 at most)."""


def imps(difference: int) -> int:
    """International match points for a score difference (sign kept: ``imps(-620) == -12``)."""
    size = abs(difference)
    n = sum(1 for step in IMP_STEPS if size >= step)
    return n if difference >= 0 else -n
