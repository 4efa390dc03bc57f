"""Declarer's communications (issue 26): the hold-up, the duck and entry management (unblocking from the
short hand, letting partner's card win) — on positions built for each, turned, with suits exchanged, and
look-alikes where the name must not be given.  Positions are in :mod:`tests.hints.technique_positions`."""

from __future__ import annotations

import pytest

from tests.hints.technique_positions import COMMUNICATION_POSITIONS, Pos, check_named


@pytest.mark.parametrize("position", COMMUNICATION_POSITIONS, ids=[p.name for p in COMMUNICATION_POSITIONS])
def test_communication_technique_named_only_where_its_rule_holds(position: Pos):
    check_named(position)
