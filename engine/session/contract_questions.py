"""The automatic contract from make-or-fail questions instead of ten exact table cells.

:func:`~engine.session.contract_choice.choose_contract` takes, in each strain,
what North-South's better hand makes and bids it; the strain whose contract ranks
best is played.  That needs the exact tricks of the winning strain (both hands,
to name declarer) and, for every other strain, only a proof that it cannot rank
higher.  :func:`decide_contract` gets the same choice from null-window questions
("does South make ``k`` tricks in spades?", one
:meth:`~engine.solvers.oracle.DoubleDummyOracle.batch_reach` each), each cheaper
than an exact cell:

* every hand's cell keeps an interval of its possible tricks, and a strain's
  tricks (its better hand's) lie between the larger of the two lower and the
  larger of the two upper ends; a strain's rank (:func:`strain_rank`) only grows
  with its tricks, so its upper end bounds it;
* the strain with the highest possible rank is asked about next: at the
  point-count estimate the first time, then at the fewest tricks that would
  outrank the best rank another strain surely reaches (a "no" rules it out), or
  halfway through its interval when that is higher;
* once that strain is exact, no other can outrank it; its two hands are then made
  exact too (declarer, and the words that say why), and ``choose_contract`` runs
  on those cells with every other strain at its proven upper end, so the choice
  and its reason come from the one rule.

Tests compare the choice with ``choose_contract`` on generated tables and on real
deals; the returned table holds the cells that became exact.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import numpy as np

from ..bridge.contract import Contract, Strain, Vulnerability
from ..bridge.scoring import declarer_score
from ..core.cancel import NEVER, CancelToken
from ..core.deal import Deal
from ..core.seats import Seat
from ..solvers.oracle import DDTable
from .contract_choice import _STRAIN_ORDER, NS_DECLARERS, ContractChoice, ContractMethod, choose_contract, estimated_table

__all__ = ["decide_contract", "strain_rank", "oracle_makes", "oracle_questions", "MakesQuestion", "MakesQuestions"]

MakesQuestion = Callable[[Strain, Seat, int], bool]
"""``makes(strain, declarer, k)``: whether declarer's side takes at least ``k`` tricks (LHO leading)."""
MakesQuestions = Callable[[Sequence[tuple[Strain, Seat, int]]], list[bool]]
"""The same for several ``(strain, declarer, k)`` at once (answered side by side on the solver threads)."""


@lru_cache(maxsize=1024)
def strain_rank(strain: Strain, tricks: int, vulnerability: Vulnerability) -> tuple[int, int, int, int]:
    """How :func:`choose_contract` ranks a strain whose better hand makes ``tricks``: a made contract (bid
    to that level) by (score, lower level, strain order); else the one-level contract by (score, tricks,
    strain order).  Grows with ``tricks``."""
    order = -_STRAIN_ORDER.index(strain)
    if tricks >= 7:
        level = tricks - 6
        return 1, declarer_score(Contract(level, strain), Seat.SOUTH, vulnerability, tricks), -level, order
    return 0, declarer_score(Contract(1, strain), Seat.SOUTH, vulnerability, tricks), tricks, order


def decide_contract(
    makes: MakesQuestions, deal: Deal, vulnerability: Vulnerability, cancel: CancelToken = NEVER,
    *, at_once: int = 1,
) -> tuple[ContractChoice, DDTable]:
    """The automatic contract of ``deal`` (:func:`choose_contract` on North-South's exact cells) from
    make-or-fail questions (``makes`` answers a round of them), and the table of the cells that became exact.

    ``at_once`` = 1: one question a round.  More (one per solver thread): each round asks both hands of
    the strain in question at once — the second hand's question, which the serial
    order asks only when the first hand fails, costs no wall time on a free thread, and the last phase
    (both hands exact) runs the two hands side by side.  Every answer only narrows the cells, so the choice
    is the same either way."""
    estimate = estimated_table(deal)
    lo = {(s, seat): 0 for s in Strain for seat in NS_DECLARERS}
    hi = {(s, seat): 13 for s in Strain for seat in NS_DECLARERS}
    asked: set[Strain] = set()

    def ask_round(questions: list[tuple[Strain, Seat, int]]) -> None:
        open_ = [(s, seat, k) for s, seat, k in questions if hi[(s, seat)] >= k > lo[(s, seat)]]
        if not open_:
            return
        cancel.check("choosing the contract was cancelled")
        for (s, seat, k), yes in zip(open_, makes(open_)):
            if yes:
                lo[(s, seat)] = max(lo[(s, seat)], k)
            else:
                hi[(s, seat)] = min(hi[(s, seat)], k - 1)

    def ask(strain: Strain, seat: Seat, k: int) -> bool:
        cell = (strain, seat)
        ask_round([(strain, seat, k)])
        return lo[cell] >= k

    def side_lo(s: Strain) -> int:
        return max(lo[(s, seat)] for seat in NS_DECLARERS)

    def side_hi(s: Strain) -> int:
        return max(hi[(s, seat)] for seat in NS_DECLARERS)

    def rank(s: Strain, tricks: int):
        return strain_rank(s, tricks, vulnerability)

    while True:
        leader = max(Strain, key=lambda s: rank(s, side_hi(s)))
        low, high = side_lo(leader), side_hi(leader)
        if low == high:
            break
        ruled_out = sum(1 for s in Strain if rank(s, side_hi(s)) < rank(leader, low))
        cancel.report(min(0.9, ruled_out / len(Strain)), f"double-dummy: {leader.symbol}?")
        if leader not in asked:
            asked.add(leader)
            k = max(estimate.get(leader, seat) for seat in NS_DECLARERS)
        else:
            k = (low + high + 1) // 2
            best_other = max(rank(s, side_lo(s)) for s in Strain if s is not leader)
            beat = next((t for t in range(low + 1, high + 1) if rank(leader, t) > best_other), high)
            k = max(k, beat)
        k = min(max(k, low + 1), high)
        first, second = sorted(NS_DECLARERS, key=lambda seat: (-lo[(leader, seat)], -hi[(leader, seat)]))
        if at_once > 1:
            ask_round([(leader, first, k), (leader, second, k)])
        elif not ask(leader, first, k):
            ask(leader, second, k)
    tricks = side_lo(leader)

    def next_k(seat: Seat) -> int:
        cell = (leader, seat)
        return hi[cell] if hi[cell] == tricks else (lo[cell] + hi[cell] + 1) // 2

    # both hands of the strain played: declarer and the reason need them
    while any(lo[(leader, seat)] < hi[(leader, seat)] for seat in NS_DECLARERS):
        pending = [seat for seat in NS_DECLARERS if lo[(leader, seat)] < hi[(leader, seat)]]
        if at_once > 1:
            ask_round([(leader, seat, next_k(seat)) for seat in pending])
        else:
            ask(leader, pending[0], next_k(pending[0]))
    rows: list[list[int | None]] = [[None] * 4 for _ in Strain]
    bounds: list[list[int | None]] = [[None] * 4 for _ in Strain]
    for (s, seat), low in lo.items():
        if low == hi[(s, seat)]:
            rows[s][seat] = low
        bounds[s][seat] = hi[(s, seat)] if s is not leader else lo[(s, seat)]
    choice = choose_contract(DDTable.from_rows(bounds), vulnerability, ContractMethod.DOUBLE_DUMMY, deal=deal)
    assert choice.contract.strain is leader and choice.expected_tricks == tricks
    return choice, DDTable.from_rows(rows)


def oracle_makes(oracle, deal: Deal) -> MakesQuestion:
    """``makes`` from a double-dummy oracle's ``batch_reach`` (one null-window search per question)."""
    world = np.array([[int(m) for m in deal.masks]], dtype=np.uint64)
    total = len(deal[Seat.NORTH])

    def makes(strain: Strain, declarer: Seat, k: int) -> bool:
        if k <= 0:
            return True
        if k > total:
            return False
        leader = declarer.lho
        # declarer's side takes >= k exactly when the defenders (on lead) do not take >= total - k + 1
        return not bool(oracle.batch_reach(world, int(strain), int(leader), (), total - k + 1)[0])

    return makes


def oracle_questions(oracle, deal: Deal) -> MakesQuestions:
    """``makes`` for :func:`decide_contract`, from the oracle's :meth:`reach_questions` (a round's questions
    side by side on its solver threads)."""
    total = len(deal[Seat.NORTH])

    def makes(questions: Sequence[tuple[Strain, Seat, int]]) -> list[bool]:
        out: list[bool | None] = [True if k <= 0 else False if k > total else None for _, _, k in questions]
        asked = [i for i, known in enumerate(out) if known is None]
        # declarer's side takes >= k exactly when the defenders (on lead) do not take >= total - k + 1
        answers = oracle.reach_questions(deal, [(int(questions[i][0]), int(questions[i][1].lho),
                                                 total - questions[i][2] + 1) for i in asked])
        for i, defenders_reach in zip(asked, answers):
            out[i] = not defenders_reach
        return [bool(x) for x in out]

    return makes
