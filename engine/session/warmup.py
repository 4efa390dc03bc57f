"""Warm-up hook: the double-dummy kernels a new bridge board needs, and no others.

A new board asks make-or-fail questions (:mod:`.contract_questions`) and, for a
"3NT undecided" deal, one exact cell.  The app compiles these before its first
bridge board and the rest of the solver's kernels (per-card values, batches,
tables: ``engine.solvers.dd``'s hook) after it, so a cold start's first board
waits for two kernels instead of all of them.
"""

from __future__ import annotations

__all__ = ["warm_up"]


def warm_up() -> None:
    from ..core.deal import Deal
    from ..core.seats import Seat
    from ..solvers.solver_oracle import SolverOracle
    from .contract_questions import oracle_makes

    ending = Deal.from_pbn("N:A... K... Q... J...", partial=True)
    oracle = SolverOracle()
    oracle_makes(oracle, ending)(4, Seat.SOUTH, 1)
    oracle.declarer_tricks(ending, 4, int(Seat.SOUTH))
