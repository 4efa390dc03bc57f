"""Declarer's communications (issue 26): the hold-up, the duck and entry management (unblocking from the
short hand, letting partner's card win) — on positions built for each, turned, with suits exchanged, and
look-alikes where the name must not be given.  Positions are in :mod:`tests.hints.technique_positions`."""

from __future__ import annotations

import pytest

from tests.hints.technique_positions import COMMUNICATION_POSITIONS, Pos, check_named


@pytest.mark.parametrize("position", COMMUNICATION_POSITIONS, ids=[p.name for p in COMMUNICATION_POSITIONS])
def test_communication_technique_named_only_where_its_rule_holds(position: Pos):
    check_named(position)


def test_with_equal_lengths_the_unblock_names_where_the_later_round_is_won():
    """A2 opposite K4: both hands are as long, so 'the short hand' would be false; the ♠A is right because
    North's ♠K then wins the next round, where the hearts are."""
    from tests.hints.technique_positions import TC_DRAW_ENDING_IN_DUMMY, hint_of
    from engine.hints.techniques import Technique

    found = next(t for t in hint_of(TC_DRAW_ENDING_IN_DUMMY).candidates[0].techniques
                 if t.technique is Technique.ENTRY_MANAGEMENT)
    assert found.phrase == "unblock: win with the ♠A in South now, so that North's ♠K wins a later round there"


def test_equal_lengths_without_the_top_card_opposite_is_no_unblock():
    """Equal lengths and the mover keeping the suit's top card (AK3 opposite Q42, South playing the ♠K):
    winning here unblocks nothing; with ♠K3 opposite ♠A42 it would be 'the short hand'."""
    from engine.core.cards import parse_card
    from engine.core.seats import Seat
    from engine.hints.techniques import entry_management

    class Holding:
        """The little of a decision entry_management reads: South to play, North's cards seen."""

        declaring = True
        mover, partner = Seat.SOUTH, Seat.NORTH

        def __init__(self, south: tuple[str, ...], north: tuple[str, ...]):
            self.cards = {Seat.SOUTH: sum(1 << parse_card(c) for c in south),
                          Seat.NORTH: sum(1 << parse_card(c) for c in north)}

        def seen(self, seat):
            return True

        def hand(self, seat):
            return self.cards[seat]

        def winning(self):
            return None

        def wins_now(self, card):
            return True

    king, three = parse_card("SK"), parse_card("S3")
    assert entry_management(Holding(("SA", "SK", "S3"), ("SQ", "S4", "S2")), king, 0.9, three, 0.5) is None  # type: ignore[arg-type]
    short = entry_management(Holding(("SK", "S3"), ("SA", "S4", "S2")), king, 0.9, three, 0.5)  # type: ignore[arg-type]
    assert short is not None and short.phrase == "unblock: play the ♠K from the short hand (South)"
