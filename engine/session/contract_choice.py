"""Choosing the contract of a deal automatically, so the user can go straight to the play.

Until the app bids, the contract stands in for a sound auction (the rule is shown in the
app's help, and each board says why its contract was chosen, :attr:`ContractChoice.reason`):

* North-South declare.  In each strain the side is taken to make what its better hand makes
  (the double-dummy table, or the point-count estimate without a solver).
* The contract is bid to the level the side makes in its strain — never lower: nine tricks
  in spades is 3♠, ten in notrump 4NT, twelve 6♥ — so the play is never a formality and a
  game or slam the side makes is always bid.  Of the strains, the one whose contract scores
  best (duplicate scoring at the board's vulnerability) is played; equal scores go to the
  lower level, then notrump, the majors and the minors, in that order.
* Declarer is the partner who makes the most tricks in that strain; when both make as many,
  the one with more trumps (at notrump more high-card points), then South.
* When North-South make no contract, the one-level contract that costs least is played
  (the strain where the side takes most tricks on equal cost).

Without a double-dummy solver the table is replaced by a point-count estimate
(:func:`estimated_table`): combined high-card points give the notrump tricks, an
eight-card or longer fit adds one trick per card beyond seven.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.scoring import declarer_score, score_breakdown
from ..core.cards import SUIT_NAMES
from ..core.deal import Deal
from ..core.seats import Seat
from ..solvers.oracle import DDTable

__all__ = ["ContractMethod", "ContractChoice", "choose_contract", "estimated_table", "NS_DECLARERS"]

NS_DECLARERS = (Seat.SOUTH, Seat.NORTH)  # South first: on equal scores the user's usual seat declares


class ContractMethod(Enum):
    DOUBLE_DUMMY = "double-dummy table"
    POINT_COUNT = "point-count estimate"
    BY_HAND = "set by hand"
    AUCTION = "bidding"


@dataclass(frozen=True, slots=True)
class ContractChoice:
    """The contract, its declarer, the tricks the method expects and how it was chosen."""

    contract: Contract
    declarer: Seat
    expected_tricks: int
    method: ContractMethod
    reason: str = ""
    """Why this contract and this declarer, in words (empty for a contract set by hand or read from a file)."""

    @property
    def expected_to_make(self) -> bool:
        return self.expected_tricks >= self.contract.tricks_needed


def estimated_table(deal: Deal) -> DDTable:
    """A point-count stand-in for the double-dummy table (same shape; both N-S seats alike)."""
    ns_hcp = deal[Seat.NORTH].hcp() + deal[Seat.SOUTH].hcp()
    ew_hcp = 40 - ns_hcp
    rows = []
    for strain in Strain:
        row = []
        for seat in Seat:
            hcp = ns_hcp if seat.is_ns else ew_hcp
            nt = 7 + (hcp - 20) * 5 / 13  # 20 points: seven tricks; 33: twelve
            if strain.trump is None:
                tricks = nt
            else:
                fit = deal[seat].suit_length(strain.trump) + deal[seat.partner].suit_length(strain.trump)
                tricks = nt + (fit - 7) if fit >= 8 else nt - 1
            row.append(min(13, max(0, round(tricks))))
        rows.append(row)
    return DDTable.from_rows(rows)


_STRAIN_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""How equal scores are settled (after the lower level): notrump, the majors, the minors."""


def _strain_words(strain: Strain) -> str:
    return "notrump" if strain is Strain.NOTRUMP else SUIT_NAMES[int(strain)]


def _contract_text(contract: Contract) -> str:
    return f"{contract.level}{contract.strain.symbol}"


def _declarer(table: DDTable, strain: Strain, deal: Deal | None, side: Sequence[Seat] = NS_DECLARERS) -> Seat:
    """The partner of ``side`` who makes most tricks in ``strain``; ties: more trumps (notrump: more
    points), then the first listed (South for North-South)."""

    def key(seat: Seat) -> tuple[int, int, int]:
        holding = 0
        if deal is not None:
            hand = deal[seat]
            holding = hand.hcp() if strain.trump is None else hand.suit_length(strain.trump)
        return (table.get(strain, seat), holding, -side.index(seat))

    return max(side, key=key)


def _who_makes(table: DDTable, strain: Strain, declarer: Seat, deal: Deal | None, method: ContractMethod) -> str:
    """Why ``declarer`` rather than partner: more tricks, more trumps, more points, or the usual seat."""
    partner = declarer.partner
    mine, theirs = table.get(strain, declarer), table.get(strain, partner)
    name, other = declarer.name.title(), partner.name.title()
    if mine > theirs:
        return f"{name} declares: {name} makes {mine} tricks in {_strain_words(strain)}, {other} {theirs}"
    if method is ContractMethod.POINT_COUNT and deal is None:
        return f"{name} declares"
    same = "either partner makes as many" if method is ContractMethod.DOUBLE_DUMMY else "the estimate is the same for both"
    if deal is not None:
        if strain.trump is None:
            a, b = deal[declarer].hcp(), deal[partner].hcp()
            if a != b:
                return f"{name} declares: {same}, and {name} holds more points ({a} against {b})"
        else:
            a, b = deal[declarer].suit_length(strain.trump), deal[partner].suit_length(strain.trump)
            if a != b:
                return f"{name} declares: {same}, and {name} holds more trumps ({a} against {b})"
    return f"{name} declares: {same}"


def _kind(contract: Contract, declarer: Seat, vulnerability: Vulnerability, tricks: int) -> str:
    if contract.level == 7:
        return "a grand slam"
    if contract.level == 6:
        return "a small slam"
    made = score_breakdown(contract, vulnerability.is_vulnerable(declarer), tricks)
    return "game" if made.contract_points >= 100 else "a part score"


def choose_contract(
    table: DDTable,
    vulnerability: Vulnerability,
    method: ContractMethod,
    *,
    deal: Deal | None = None,
    declarers: Sequence[Seat] = NS_DECLARERS,
) -> ContractChoice:
    """North-South's contract according to ``table`` (see the module docstring for the rule); ``deal``
    settles which partner declares when both make as many tricks (trump length, points).  ``declarers``:
    the side that declares instead (the bidding bench's baseline for the stronger side), ties going to
    the first listed."""
    if len(declarers) != 2 or declarers[0].partner != declarers[1]:
        raise ValueError(f"declarers must be two partners, got {[s.name for s in declarers]}")
    side = f"{declarers[0].name.title()}-{declarers[1].name.title()}"
    if set(declarers) == set(NS_DECLARERS):
        side = "North-South"
    elif set(declarers) == {Seat.EAST, Seat.WEST}:
        side = "East-West"
    source = "double dummy" if method is ContractMethod.DOUBLE_DUMMY else "by the point count"
    best: tuple[tuple[int, int, int], ContractChoice] | None = None
    for order, strain in enumerate(_STRAIN_ORDER):
        declarer = _declarer(table, strain, deal, declarers)
        tricks = table.get(strain, declarer)
        if tricks < 7:
            continue
        contract = Contract(tricks - 6, strain)
        score = declarer_score(contract, declarer, vulnerability, tricks)
        key = (score, -contract.level, -order)
        if best is None or key > best[0]:
            kind = _kind(contract, declarer, vulnerability, tricks)
            reason = (f"{side} make {tricks} tricks in {_strain_words(strain)} {source}, so they bid "
                      f"{_contract_text(contract)} ({kind}, {score:+d}): the best score of any strain at the level "
                      f"it makes. {_who_makes(table, strain, declarer, deal, method)}.")
            best = (key, ContractChoice(contract, declarer, tricks, method, reason))
    if best is not None:
        return best[1]
    fallback: tuple[tuple[int, int, int], ContractChoice] | None = None
    for order, strain in enumerate(_STRAIN_ORDER):
        declarer = _declarer(table, strain, deal, declarers)
        tricks = table.get(strain, declarer)
        contract = Contract(1, strain)
        score = declarer_score(contract, declarer, vulnerability, tricks)
        key = (score, tricks, -order)
        if fallback is None or key > fallback[0]:
            reason = (f"{side} make no contract {source}: {_contract_text(contract)} costs least "
                      f"({tricks} tricks, {score:+d}). {_who_makes(table, strain, declarer, deal, method)}.")
            fallback = (key, ContractChoice(contract, declarer, tricks, method, reason))
    assert fallback is not None
    return fallback[1]
