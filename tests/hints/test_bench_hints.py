"""``tenace-cli bench hints``: the fixed positions are the classes they claim to be, and bad options are named."""

from __future__ import annotations

import itertools

import pytest

from engine.bench.hints import CLASSES, bench_positions
from engine.cli.main import main


def test_positions_are_of_their_class_and_repeatable():
    first = list(itertools.islice(bench_positions(1, 7), 2))
    again = list(itertools.islice(bench_positions(1, 7), 2))
    assert [(p.deal, p.view.to_play) for p in first] == [(p.deal, p.view.to_play) for p in again]
    lead, trick_two = first
    assert lead.kind == CLASSES[0].name and not lead.view.tricks and not lead.view.current_trick.cards
    assert not lead.view.to_play.same_side(lead.declarer) and len(lead.view.legal_cards) > 1
    assert trick_two.kind == CLASSES[1].name and len(trick_two.view.tricks) >= 1
    assert trick_two.view.to_play.same_side(trick_two.declarer)


def test_bad_per_class_is_refused_with_its_name(capsys):
    code = main(["bench", "hints", "--per-class", "0"])
    assert code != 0
    assert "--per-class" in capsys.readouterr().err
