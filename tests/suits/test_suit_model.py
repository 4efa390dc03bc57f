"""Holdings, the x convention, layout probabilities and world classes."""

from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from engine.suits.equivalence import outstanding_groups, world_classes
from engine.suits.model import (SuitProblem, SuitProblemError, holding_str, layout_probability, layouts,
                                parse_holdings)


def test_x_takes_the_lowest_unnamed_spots():
    north, south = parse_holdings("Kxxx", "AJxx")
    assert holding_str(south) == "AJ32"
    assert holding_str(north) == "K654"


def test_ten_may_be_written_10():
    assert parse_holdings("KJ10x", "-") == parse_holdings("KJTx", "-")


@pytest.mark.parametrize("north, south, fragment", [
    ("AQZ", "xx", "'Z' is not a rank"),
    ("AQQ", "xx", "Q appears twice"),
    ("AQ", "Qx", "given to both"),
    ("x" * 8, "x" * 6, "more than 13 cards"),
    ("-", "-", "both void"),
])
def test_bad_holdings_name_the_card(north, south, fragment):
    with pytest.raises(SuitProblemError, match=fragment):
        parse_holdings(north, south)


def test_layout_probability_is_the_vacant_places_formula():
    n = 7
    for k in range(n + 1):
        assert layout_probability(k, n) == pytest.approx(comb(26 - n, 13 - k) / comb(26, 13))


def test_known_length_and_card_constraints():
    p = SuitProblem.parse("AQ2", "543", west_length=3, west_cards="K")
    lays = layouts(p)
    assert lays and all(l.west.bit_count() == 3 and l.west >> 11 & 1 for l in lays)
    assert sum(l.probability for l in lays) == pytest.approx(1.0)
    with pytest.raises(SuitProblemError, match="west_length=9"):
        SuitProblem.parse("AQ2", "543", west_length=9)
    with pytest.raises(SuitProblemError, match="not outstanding"):
        SuitProblem.parse("AQ2", "543", west_cards="A")


holding = st.integers(min_value=1, max_value=(1 << 13) - 1)


@settings(max_examples=60, deadline=None)
@given(holding, holding, st.integers(min_value=8, max_value=13), st.integers(min_value=8, max_value=13))
def test_layout_probabilities_sum_to_one(a, b, vw, ve):
    north, south = a, b & ~a
    if not south or (north | south).bit_count() > 12:
        return
    p = SuitProblem(north, south, vacant_west=vw, vacant_east=ve)
    lays = layouts(p)
    assert sum(l.probability for l in lays) == pytest.approx(1.0)
    groups = outstanding_groups(p)
    worlds = world_classes(p, groups)
    assert sum(w.weight for w in worlds) == pytest.approx(1.0)
    n = p.outstanding.bit_count()
    assert sum(w.layouts for w in worlds) == len(lays)
    if vw >= n and ve >= n:
        assert len(lays) == 2 ** n


def test_groups_split_at_declarer_cards():
    p = SuitProblem.parse("AQ2", "543")
    assert [g.ranks for g in outstanding_groups(p)] == [(13,), (11, 10, 9, 8, 7, 6)]
