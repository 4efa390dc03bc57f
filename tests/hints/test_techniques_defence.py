"""The defence's techniques (issue 26): cash-out, second hand low, third hand high, hold-up of an entry, ruff,
unblock — each named only when the card of the contrasting kind does worse in the analysis, on positions built
for it (and turned, and with suits exchanged), with look-alikes where it must not be named.  The positions
are in :mod:`tests.hints.technique_positions`."""

from __future__ import annotations

import pytest

from tests.hints.technique_positions import DEFENCE_POSITIONS, Pos, check_named, distinct_deals


@pytest.mark.parametrize("position", DEFENCE_POSITIONS, ids=[p.name for p in DEFENCE_POSITIONS])
def test_defence_technique_named_only_where_its_rule_holds(position: Pos):
    check_named(position)


def test_every_defence_technique_has_three_positions_and_a_look_alike():
    from collections import Counter

    named = Counter(p.named for p in DEFENCE_POSITIONS if p.named is not None)
    assert all(n >= 3 for n in named.values()) and len(named) == 6, named
    # three different deals each, not one deal turned round the table or with its suits renamed
    assert all(distinct_deals(t, DEFENCE_POSITIONS) >= 3 for t in named), \
        {t: distinct_deals(t, DEFENCE_POSITIONS) for t in named}
    assert {p.not_named for p in DEFENCE_POSITIONS if p.not_named is not None} >= set(named)


def test_each_defence_look_alike_is_where_its_rule_could_fire():
    """A look-alike must be a position where the rule's shape is there (else it tests nothing): a defender's
    ruff look-alike in a trump contract with the defender void in the suit led and holding trumps; a third
    hand high look-alike at third hand, partner having led, with a card that beats the table."""
    from engine.core.cards import SUIT_MASKS
    from tests.hints.technique_positions import T, build

    checked = 0
    for p in DEFENCE_POSITIONS:
        if p.not_named not in (T.DEFENSIVE_RUFF, T.THIRD_HAND_HIGH):
            continue
        _, play, _, _ = build(p)
        trick = play.current_trick
        led = trick.cards[0] // 13
        hand = play.hand(play.to_play).mask
        if p.not_named is T.DEFENSIVE_RUFF:
            trump = play.trump
            assert trump is not None and not hand & SUIT_MASKS[led] and hand & SUIT_MASKS[trump], p.name
        else:
            top = max(c for c in trick.cards if c // 13 == led)
            assert len(trick.cards) == 2 and trick.leader == play.to_play.partner, p.name
            assert any(hand >> c & 1 for c in range(top + 1, 13 * led + 13)), p.name
        checked += 1
    assert checked >= 2
