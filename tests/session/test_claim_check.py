"""Claims checked double dummy: the verdict against the plain reference, and the line that beats a wrong claim."""

from __future__ import annotations

import random

from engine.bridge.contract import Contract, Strain
from engine.bridge.play import BridgePlay
from engine.core.deal import random_deal
from engine.core.seats import Seat
from engine.session.claim_check import check_claim
from tests.solvers.reference import reference_tricks_per_card


def _ending(seed: int, strain: Strain) -> BridgePlay:
    """A random deal played at random to three or four tricks from the end (mid-trick half the time)."""
    rng = random.Random(seed)
    play = BridgePlay(random_deal(rng), Contract(3, strain), Seat(rng.randrange(4)))
    stop = 52 - rng.choice((10, 11, 12, 13))
    while play.ply < stop:
        play.play(rng.choice(list(play.legal_cards())))
    return play


def _values(play: BridgePlay) -> dict[int, int]:
    trick = play.current_trick
    hands = list(play.remaining_deal().masks)
    for p in trick.plays():
        hands[p.seat] |= 1 << p.card
    return reference_tricks_per_card(hands, int(play.strain), int(trick.leader), trick.cards)


def _side_tricks(play: BridgePlay, declaring: bool) -> int:
    """Plainly: what the claiming side takes of the remaining tricks with best play (the reference minimax)."""
    values = _values(play)
    mover_declaring = play.to_play.same_side(play.declarer)
    best = max(values.values())
    declarer_side = best if mover_declaring else play.remaining_tricks - best
    return declarer_side if declaring else play.remaining_tricks - declarer_side


def test_claims_are_judged_like_the_reference_and_a_wrong_one_comes_with_a_line_that_beats_it(ending_oracle):
    checked = wrong = 0
    for seed in range(24):
        play = _ending(seed, Strain(seed % 5))
        declaring = play.to_play.same_side(play.declarer)
        best = _side_tricks(play, declaring)
        remaining = play.remaining_tricks
        for claimed in {best, min(remaining, best + 1)}:
            check = check_claim(ending_oracle, play, declaring, claimed)
            checked += 1
            assert check.claimer_best == best and check.accepted == (claimed <= best)
            if check.accepted:
                continue
            wrong += 1
            replay = play.copy()
            for p in check.line:  # the line is legal from the claim's position, best play at every card
                assert p.seat == replay.to_play
                values = _values(replay)
                assert values[p.card] == max(values.values())
                replay.play(p.card)
            won = (replay.declarer_tricks - play.declarer_tricks) if declaring else \
                (replay.defender_tricks - play.defender_tricks)
            done = len(replay.tricks) - len(play.tricks)
            assert won + (remaining - done) < claimed  # after the line the claim cannot be reached any more
            assert len(check.winners) == done
            assert play.copy().ply + len(check.line) == replay.ply
    assert checked >= 36 and wrong >= 12
