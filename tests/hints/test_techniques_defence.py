"""The defence's techniques (issue 26): cash-out, second hand low, third hand high, hold-up of an entry, ruff,
unblock — each named only when the card of the contrasting kind does worse in the analysis, on positions built
for it (and turned, and with suits exchanged), with look-alikes where it must not be named.  The positions
are in :mod:`tests.hints.technique_positions`."""

from __future__ import annotations

import pytest

from tests.hints.technique_positions import DEFENCE_POSITIONS, Pos, check_named


@pytest.mark.parametrize("position", DEFENCE_POSITIONS, ids=[p.name for p in DEFENCE_POSITIONS])
def test_defence_technique_named_only_where_its_rule_holds(position: Pos):
    check_named(position)


def test_every_defence_technique_has_three_positions_and_a_look_alike():
    from collections import Counter

    named = Counter(p.named for p in DEFENCE_POSITIONS if p.named is not None)
    assert all(n >= 3 for n in named.values()) and len(named) == 6, named
    assert {p.not_named for p in DEFENCE_POSITIONS if p.not_named is not None} >= {
        t for t in named if t.name in ("CASH_OUT", "SECOND_HAND_LOW", "DEFENSIVE_UNBLOCK", "DEFENSIVE_HOLD_UP",
                                      "DEFENSIVE_RUFF")}
