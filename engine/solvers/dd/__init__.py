"""Double-dummy solver for bridge: exact trick counts for any position, searched in numba.

Import :class:`DoubleDummySolver` from here; see :mod:`.api` for what the
numbers mean and :mod:`.kernel_search` for how the search works.
"""

from .api import DDTable, DoubleDummyError, DoubleDummySolver, describe_per_card

__all__ = ["DoubleDummySolver", "DoubleDummyError", "DDTable", "describe_per_card"]
