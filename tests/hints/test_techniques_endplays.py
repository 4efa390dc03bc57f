"""Endplays read from the analysis's strategy (issue 26): the simple squeeze (positional and automatic),
rectifying the count, the throw-in with its elimination — on positions built for each (turned, suits
exchanged, some with cards pinned as the auction or the play would have shown), and look-alikes where the
name must not be given (enough top winners, no need to duck, North able to cash).  Positions are in
:mod:`tests.hints.technique_positions`."""

from __future__ import annotations

import pytest

from tests.hints.technique_positions import ENDPLAY_POSITIONS, Pos, check_named


@pytest.mark.parametrize("position", ENDPLAY_POSITIONS, ids=[p.name for p in ENDPLAY_POSITIONS])
def test_endplay_named_only_where_its_rule_holds(position: Pos):
    check_named(position)
