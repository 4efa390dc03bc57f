"""Choosing the three cards to pass by simulation rather than by fixed rules.

Candidate passes are the triples drawn from the seat's most dangerous cards
(the rule-based pass is always among them).  Each candidate is scored over the
same sampled deals of the other 39 cards (common random numbers, so candidates
are compared on equal luck): the other seats pass by the rule-based player,
then either the first trick is searched with Max_n and the position after it
evaluated (``search``) — which sees ♠Q danger, voids created by the pass and
moon chances — or the whole hand is played out by four rule-based players
(``playout``), so the pass is judged by the points it actually leads to.  The
candidate with the fewest expected points for the passer wins.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import numpy as np

from ..core.cards import FULL_MASK, SUIT_MASKS, Card, CardSet
from ..core.deal import Deal
from ..hearts.passing import PassDirection
from ..hearts.rules import HeartsRules
from ..hearts.table import play_hand
from ..hearts.view import HeartsView, pass_view
from ..solvers.hearts import HeartsPosition, HeartsSolver, SearchDepth
from .hearts_rules import RulesHeartsPlayer

__all__ = ["PassOptions", "SimulatedPasser", "pass_candidates"]

QUEEN_OF_SPADES = 10


@dataclass(frozen=True, slots=True)
class PassOptions:
    deals: int = 12
    shortlist: int = 6
    """Candidate triples come from this many most dangerous cards (6 → 20 triples)."""
    playout: bool = False
    """Judge a pass by playing the hand out with rule-based players instead of a one-trick search."""


def _danger(card: Card, hand: int) -> float:
    """How much a card wants to leave: high rank, ♠Q/♠A/♠K, short suits (voids), hearts."""
    suit, rank = divmod(card, 13)
    length = (hand & SUIT_MASKS[suit]).bit_count()
    score = rank + 2.0
    if suit == 0 and rank >= 10:
        spade_guards = (hand & ((1 << QUEEN_OF_SPADES) - 1)).bit_count()
        score += 8.0 if spade_guards < 4 else -6.0
    if suit in (2, 3) and length <= 3:
        score += 3.0 - length
    if suit == 1:
        score += 1.0
    return score


def pass_candidates(hand: int, rule_pass: tuple[Card, ...], shortlist: int) -> list[tuple[Card, Card, Card]]:
    cards = [c for c in range(52) if hand >> c & 1]
    ranked = sorted(cards, key=lambda c: -_danger(c, hand))[:shortlist]
    triples = {tuple(sorted(t)) for t in itertools.combinations(ranked, 3)}
    triples.add(tuple(sorted(rule_pass)))
    return sorted(triples)  # type: ignore[arg-type]


class SimulatedPasser:
    def __init__(self, rules: HeartsRules, options: PassOptions, seed: int = 0) -> None:
        self.rules = rules
        self.options = options
        self.rng = random.Random(seed)
        self.solver = HeartsSolver(rules, SearchDepth(tricks=1, exact_tricks=0))
        self.opponent_model = RulesHeartsPlayer()

    def choose(self, view: HeartsView) -> tuple[Card, Card, Card]:
        me = int(view.seat)
        hand = view.hand.mask
        direction = view.direction
        if direction is PassDirection.HOLD:
            raise ValueError("no cards are passed on a hold hand")
        candidates = pass_candidates(hand, self.opponent_model.choose_pass(view), self.options.shortlist)
        deals = [self._deal(me, hand) for _ in range(self.options.deals)]
        other_passes = []
        for deal in deals:
            passes = {}
            for s in range(4):
                if s != me:
                    pv = pass_view(s, deal[s], direction, self.rules)
                    passes[s] = sum(1 << c for c in self.opponent_model.choose_pass(pv))
            other_passes.append(passes)
        scores = []
        for cand in candidates:
            mine = sum(1 << c for c in cand)
            total = 0.0
            for deal, passes in zip(deals, other_passes):
                passes = dict(passes)
                passes[me] = mine
                if self.options.playout:
                    total += self._playout(deal, passes, direction, me)
                    continue
                after = list(deal)
                for s in range(4):
                    after[s] &= ~passes[s]
                for s in range(4):
                    after[direction.receiver(s)] |= passes[s]
                total += self._value(after, me)
            scores.append(total / len(deals))
        best = int(np.argmin(scores))
        a, b, c = candidates[best]
        return a, b, c

    def _deal(self, me: int, hand: int) -> list[int]:
        rest = [c for c in range(52) if (FULL_MASK & ~hand) >> c & 1]
        self.rng.shuffle(rest)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        others = [s for s in range(4) if s != me]
        for i, s in enumerate(others):
            for c in rest[13 * i : 13 * i + 13]:
                hands[s] |= 1 << c
        return hands

    def _playout(self, deal: list[int], passes: dict[int, int], direction: PassDirection, me: int) -> float:
        """Points for ``me`` when four rule-based players play the hand after these passes."""
        def passer(s: int):
            return lambda view: tuple(c for c in range(52) if passes[s] >> c & 1)

        model = self.opponent_model
        played = play_hand(Deal(tuple(CardSet(m) for m in deal)), [passer(s) for s in range(4)],  # type: ignore[arg-type]
                           [model.choose_card] * 4, rules=self.rules, direction=direction)
        return float(played.result.points[me])

    def _value(self, hands: list[int], me: int) -> float:
        """Expected points for ``me``: Max_n through the first trick, then the evaluation."""
        opener = next(s for s in range(4) if hands[s] >> 39 & 1)
        position = HeartsPosition((0, 0, 0, 0), (0, 0, 0, 0), opener, 0, ())
        values = self.solver.world_values(position, np.array([hands], dtype=np.int64))
        return float(values[0, 39, me])
