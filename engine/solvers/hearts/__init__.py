"""The Hearts perfect-information solver: Max_n with a transposition table, in numba kernels.

``kernel_rules`` (play rule, scoring), ``kernel_eval`` (horizon evaluation with
moon and ♠Q danger), ``kernel_maxn`` (the search) and ``solver`` (the Python
API: :class:`HeartsSolver`, :class:`HeartsPosition`, :class:`SearchDepth`).
"""

from .solver import CardValue, HeartsPosition, HeartsSolver, SearchDepth, SolverError

__all__ = ["CardValue", "HeartsPosition", "HeartsSolver", "SearchDepth", "SolverError"]
