"""The double-dummy solver against DDS (through endplay) on random positions."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("endplay")

from engine.bench.dd import play_random_tricks  # noqa: E402
from engine.solvers.dds_oracle import dds_table, dds_tricks_per_card, use_one_thread  # noqa: E402
from engine.core.deal import random_deals  # noqa: E402
from engine.solvers.dd import DoubleDummySolver  # noqa: E402

use_one_thread()
SOLVER = DoubleDummySolver(32)


def _mid_play_positions(seed: int, count: int, min_tricks: int, max_tricks: int):
    rng = random.Random(seed)
    for deal in random_deals(seed, count):
        strain, leader = rng.randrange(5), rng.randrange(4)
        rest, next_leader = play_random_tricks(deal, strain, leader, rng.randint(min_tricks, max_tricks), rng)
        played: list[int] = []
        for i in range(rng.randrange(4)):  # some positions in the middle of a trick
            own = [c for c in rest[(next_leader + i) % 4]]
            if played:
                own = [c for c in own if c // 13 == played[0] // 13] or own
            played.append(rng.choice(own))
        yield rest, strain, next_leader, played


def test_every_card_matches_dds_at_120_mid_play_positions() -> None:
    checked = 0
    for rest, strain, leader, played in _mid_play_positions(11, 120, 6, 9):
        mine = SOLVER.tricks_per_card(rest, strain, leader, played)
        assert mine == dds_tricks_per_card(rest, strain, leader, played), (rest.to_pbn(), strain, leader, played)
        checked += 1
    assert checked == 120


def test_tables_match_dds_on_50_deals_after_seven_random_tricks() -> None:
    rng = random.Random(5)
    for deal in random_deals(21, 50):
        rest, _ = play_random_tricks(deal, rng.randrange(5), rng.randrange(4), 7, rng)
        assert [list(row) for row in SOLVER.table(rest).tricks] == dds_table(rest), rest.to_pbn()
