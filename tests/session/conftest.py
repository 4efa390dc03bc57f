"""Session tests: small double-dummy oracles (a fixed table; the plain-Python reference solver on endings)."""

from __future__ import annotations

import pytest

from tests.solvers.reference import reference_tricks_per_card


class EndingOracle:
    """Exact on endings of a few cards (the reference minimax); a fixed table for whole deals."""

    def __init__(self, table_rows=None):
        self.rows = table_rows
        self.calls = 0

    def declarer_tricks(self, deal, strain, declarer):
        if self.rows is None:
            raise NotImplementedError("this test oracle has no table")
        self.calls += 1
        return self.rows[strain][declarer]

    def tricks_per_card(self, deal, strain, leader, played=()):
        self.calls += 1
        if max(deal.hand_sizes()) > 4:
            raise NotImplementedError("the reference solver is for endings of at most four cards")
        return reference_tricks_per_card(deal.masks, strain, leader, played)


@pytest.fixture
def ending_oracle():
    return EndingOracle()


@pytest.fixture
def table_oracle():
    """A factory: an oracle whose table is the rows given."""
    return EndingOracle
