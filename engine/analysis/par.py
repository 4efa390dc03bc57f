"""Double-dummy par: the score both sides reach when each bids perfectly against the other.

Par is the value of a small game.  The sides take turns, the dealer's side
first; the side to act passes or names any contract above the current one (its
better declarer for the strain plays it).  A contract that goes down is always
doubled, one that makes never is (as in DDS's par).  The auction ends when a
side passes over the other's contract (or both pass at the start: zero).
Backward induction over the 35 contracts gives the score, from North-South's
side, that neither side can improve by bidding on: what :func:`par` returns,
with one contract that reaches it.

The dealer matters only when both sides can make a contract at the same level
(who bids first wins it), as in DDS's ``DealerPar``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ..bridge.contract import Contract, Doubling, Strain, Vulnerability
from ..bridge.scoring import duplicate_score
from ..core.seats import Seat

__all__ = ["ParResult", "par", "contract_score_ns"]

_ORDER = tuple((level, strain) for level in range(1, 8) for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP))
"""The 35 contracts in bidding order."""


@dataclass(frozen=True, slots=True)
class ParResult:
    """The par score for North-South and one contract that reaches it (``None`` when passed out)."""

    score_ns: int
    contract: Contract | None
    declarer: Seat | None


def contract_score_ns(contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> int:
    """The score of ``contract`` by ``declarer`` taking ``tricks``, from North-South's side."""
    score = duplicate_score(contract, vulnerability.is_vulnerable(declarer), tricks)
    return score if declarer.is_ns else -score


def par(tricks: Sequence[Sequence[int]], vulnerability: Vulnerability, dealer: Seat) -> ParResult:
    """Par from a double-dummy table ``tricks[strain][declarer]`` (strains S, H, D, C, NT; seats N, E, S, W)."""
    table = tuple(tuple(int(t) for t in row) for row in tricks)
    if len(table) != 5 or any(len(row) != 4 for row in table):
        raise ValueError("a double-dummy table has 5 strains × 4 declarers")
    # for each side (0 = NS, 1 = EW) and contract: (score for NS, declarer)
    outcome: list[list[tuple[int, Seat]]] = [[], []]
    for side in (0, 1):
        seats = (Seat.NORTH, Seat.SOUTH) if side == 0 else (Seat.EAST, Seat.WEST)
        for level, strain in _ORDER:
            declarer = max(seats, key=lambda s: (table[strain][s], -int(s)))
            t = table[strain][declarer]
            made = t >= level + 6
            contract = Contract(level, strain, Doubling.UNDOUBLED if made else Doubling.DOUBLED)
            outcome[side].append((contract_score_ns(contract, declarer, t, vulnerability), declarer))
    first = 0 if dealer.is_ns else 1

    @lru_cache(maxsize=None)
    def value(k: int, turn: int, passes: int) -> tuple[int, int, int]:
        """(NS score, contract index, side) with contract ``k`` held by the other side, ``turn`` to act."""
        holder = 1 - turn
        if k < 0:
            pass_value = (0, -1, -1) if passes >= 1 else value(-1, holder, passes + 1)
        else:
            pass_value = (outcome[holder][k][0], k, holder)
        best = pass_value
        for j in range(k + 1, 35):
            candidate = value(j, holder, 0)
            better = candidate[0] > best[0] if turn == 0 else candidate[0] < best[0]
            if better:
                best = candidate
        return best

    score, k, side = value(-1, first, 0)
    if k < 0:
        return ParResult(0, None, None)
    ns_score, declarer = outcome[side][k]
    level, strain = _ORDER[k]
    made = table[strain][declarer] >= level + 6
    return ParResult(score, Contract(level, strain, Doubling.UNDOUBLED if made else Doubling.DOUBLED), declarer)
