"""Two budgets for every fuzz property: a modest one that runs in CI, a long one behind ``-m fuzz``.

``ci_and_long(prop, strategy, ci=..., long=...)`` returns two test functions with the
same body: the first runs ``ci`` examples in every ``pytest`` run; the second is marked
``fuzz`` and runs ``long`` examples, only when selected with ``pytest -m fuzz`` (see
``tests/conftest.py``, which leaves ``fuzz`` tests out otherwise).
"""

from __future__ import annotations

from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.strategies import SearchStrategy

__all__ = ["ci_and_long"]


def ci_and_long(prop: Callable[..., None], *strategies: SearchStrategy[Any], ci: int,
                long: int) -> tuple[Callable[..., None], Callable[..., None]]:
    def build(examples: int) -> Callable[..., None]:
        test = settings(max_examples=examples, deadline=None, database=None,
                        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                               HealthCheck.large_base_example])(given(*strategies)(prop))
        test.__doc__ = prop.__doc__
        return test

    return build(ci), pytest.mark.fuzz(build(long))
