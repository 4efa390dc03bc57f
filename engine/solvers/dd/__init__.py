"""Double-dummy solver for bridge: exact trick counts for any position, searched in numba.

Import :class:`DoubleDummySolver` from here; see :mod:`.api` for what the
numbers mean and :mod:`.kernel_search` for how the search works.
"""

from .api import DDTable, DoubleDummyError, DoubleDummyGaveUp, DoubleDummySolver, describe_per_card

__all__ = ["DoubleDummySolver", "DoubleDummyError", "DoubleDummyGaveUp", "DDTable", "describe_per_card"]
