"""II-Max_n (Perkins' Bluto): one search tree over every card the other seats might hold.

From the seat to move to the end of the trick in progress (Perkins searched
four plies, one trick), each other seat's node branches on the cards it *may*
hold, forward-pruned as in the paper: following suit, at most the lowest and
highest possible cards of the suit led and those just above and just below
the card winning the trick; when the seat may be void in the suit led (chance
above ``void_threshold``), also the ♠Q, the ♦J (with that rule) and the highest
possible card of each other suit.  A node's value combines its children
sorted best-first for the seat to move: ``V = Σ P_i V_i`` with ``P_i`` the
chance that move ``i`` is available and no better one is, from Perkins'
iterative card probabilities (recomputed at every node from the table updated
by the plays on the path; availability of different cards taken as
independent, and the ``P_i`` renormalised over the searched moves).  Leaves
(the end of the trick) are valued with the solver's evaluation averaged over a
few worlds sampled at the root and repaired to agree with the plays on the path.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from ...core.cards import FULL_MASK, SUIT_MASKS, Card
from ...hearts.play import trick_winner_index
from ...hearts.rules import HeartsRules
from ...hearts.scoring import HEARTS_MASK, JACK_OF_DIAMONDS, PENALTY_MASK, QUEEN_OF_SPADES, cards_points
from ...hearts.view import HeartsView
from ...solvers.hearts import CardValue, HeartsPosition
from ...solvers.hearts.kernel_eval import evaluate_worlds
from ...solvers.hearts.kernel_rules import rules_array
from ...worlds.hearts_knowledge import HeartsKnowledge
from ...worlds.hearts_sampler import HeartsWorldSampler, iterative_probabilities
from ...worlds.knowledge import KnowledgeError
from .mcmaxn import MCMaxnResult

__all__ = ["IIMaxnOptions", "IIMaxnSearch", "follow_candidates"]


@dataclass(frozen=True, slots=True)
class IIMaxnOptions:
    samples: int = 10
    """Worlds sampled at the root for the leaf evaluations (Perkins used 10)."""
    void_threshold: float = 0.1
    iterations: int = 10

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")
        if not 0.0 <= self.void_threshold <= 1.0:
            raise ValueError(f"threshold must be a probability 0..1, got {self.void_threshold}")


def _cards(mask: int) -> list[Card]:
    return [c for c in range(52) if mask >> c & 1]


def follow_candidates(possible: int, trick: tuple[Card, ...]) -> list[Card]:
    """Perkins' in-suit pruning: lowest, highest, and the cards just above / below the winning card."""
    led = trick[0] // 13
    in_suit = _cards(possible & SUIT_MASKS[led])
    if not in_suit:
        return []
    winning = max(c for c in trick if c // 13 == led)
    chosen = {in_suit[0], in_suit[-1]}
    below = [c for c in in_suit if c < winning]
    above = [c for c in in_suit if c > winning]
    if below:
        chosen.add(below[-1])
    if above:
        chosen.add(above[0])
    return sorted(chosen)


def _discard_candidates(possible: int, led: int, rules: HeartsRules, first_trick: bool) -> list[Card]:
    chosen = set()
    specials = [QUEEN_OF_SPADES] + ([JACK_OF_DIAMONDS] if rules.jack_of_diamonds else [])
    for c in specials:
        if possible >> c & 1 and c // 13 != led:
            chosen.add(c)
    for suit in range(4):
        if suit != led and possible & SUIT_MASKS[suit]:
            chosen.add(_cards(possible & SUIT_MASKS[suit])[-1])
    if first_trick:
        banned = (0 if rules.hearts_on_first_trick else HEARTS_MASK) | (0 if rules.queen_on_first_trick else 1 << QUEEN_OF_SPADES)
        chosen = {c for c in chosen if not banned >> c & 1}
    return sorted(chosen)


def _prefers(a: np.ndarray, b: np.ndarray, seat: int) -> bool:
    if abs(a[seat] - b[seat]) > 1e-9:
        return a[seat] < b[seat]
    return a[:4].sum() > b[:4].sum() + 1e-9


class IIMaxnSearch:
    """Searches one decision; see the module doc."""

    def __init__(self, rules: HeartsRules, options: IIMaxnOptions, seed: int = 0) -> None:
        self.rules = rules
        self.options = options
        self.rng = random.Random(seed)
        self._rl = rules_array(rules)
        self.nodes = 0

    def search(self, view: HeartsView) -> MCMaxnResult:
        if not view.legal_cards:
            raise ValueError(f"seat {int(view.seat)} is not to move: no legal cards in its view")
        start = time.perf_counter()
        legal = sorted(view.legal_cards.ascending())
        me = int(view.seat)
        if len(legal) == 1:
            only = CardValue(legal[0], (0.0,) * 4, (0.0,) * 4)  # type: ignore[arg-type]
            return MCMaxnResult(me, (only,), 0, time.perf_counter() - start, 0)
        self.nodes = 0
        position = HeartsPosition.of_view(view)
        knowledge = HeartsKnowledge.from_view(view)
        self._root_knowledge = knowledge
        self._worlds = [list(w) for w in (HeartsWorldSampler(knowledge).sample(self.rng) for _ in range(self.options.samples))]
        self._first_trick = position.played < 4
        cards = []
        for card in legal:
            value = self._after(knowledge, position.trick + (card,), position, [(me, card)])
            cards.append(CardValue(card, tuple(float(x) for x in value[:4]), tuple(float(x) for x in value[4:])))  # type: ignore[arg-type]
        return MCMaxnResult(me, tuple(cards), self.options.samples, time.perf_counter() - start, self.nodes)

    # --- the tree -----------------------------------------------------------------------------
    def _after(self, knowledge: HeartsKnowledge, trick: tuple[Card, ...], root: HeartsPosition, path: list) -> np.ndarray:
        """Value once ``path`` (seat, card) has been played; ``trick`` is the trick so far."""
        self.nodes += 1
        if len(trick) == 4:
            return self._leaf(trick, root, path)
        seat = (root.leader + len(trick)) % 4
        played_now = 0
        for _, c in path:
            played_now |= 1 << c
        led = trick[0] // 13
        possible = (knowledge.yes[seat] | knowledge.maybe[seat]) & ~played_now
        probs = iterative_probabilities(knowledge, self.options.iterations)
        moves: list[tuple[Card, float]] = []
        for c in follow_candidates(possible, trick):
            moves.append((c, float(probs[seat, c])))
        suit_cards = _cards(possible & SUIT_MASKS[led])
        p_void = 0.0 if knowledge.yes[seat] & SUIT_MASKS[led] else float(np.prod([1.0 - probs[seat, c] for c in suit_cards]))
        if p_void > self.options.void_threshold or not suit_cards:
            for c in _discard_candidates(possible, led, self.rules, self._first_trick):
                moves.append((c, p_void * float(probs[seat, c])))
        children: list[tuple[np.ndarray, float]] = []
        for c, availability in moves:
            if availability <= 0.0:
                continue
            try:
                child_knowledge = _after_play(knowledge, seat, c, led)
            except KnowledgeError:
                continue
            children.append((self._after(child_knowledge, trick + (c,), root, path + [(seat, c)]), availability))
        if not children:
            return self._leaf_unknown(trick, root, path)
        order = sorted(range(len(children)), key=lambda i: (children[i][0][seat], -children[i][0][:4].sum()))
        value = np.zeros(8)
        unavailable = 1.0
        total = 0.0
        for i in order:
            v, a = children[i]
            weight = unavailable * min(a, 1.0)
            value += weight * v
            total += weight
            unavailable *= 1.0 - min(a, 1.0)
        return value / total if total > 0 else children[order[0]][0]

    def _leaf_unknown(self, trick: tuple[Card, ...], root: HeartsPosition, path: list) -> np.ndarray:
        """No candidate survived (pruned away): value the trick as if stopped here."""
        return self._leaf(trick, root, path)

    def _leaf(self, trick: tuple[Card, ...], root: HeartsPosition, path: list) -> np.ndarray:
        pts = np.array(root.points, dtype=np.int64)
        pen = np.array(root.penalty_cards, dtype=np.int64)
        if len(trick) == 4:
            winner = (root.leader + trick_winner_index(trick)) % 4
            mask = sum(1 << c for c in trick)
            pts[winner] += cards_points(mask, self.rules)
            pen[winner] += (mask & PENALTY_MASK).bit_count()
        worlds = np.array([self._repaired(w, path) for w in self._worlds], dtype=np.int64)
        out = np.zeros(8)
        evaluate_worlds(worlds, pts, pen, self._rl, out)
        return out

    def _repaired(self, world: list[int], path: list) -> list[int]:
        """A root world made to agree with the path: each card played leaves its player's hand,
        and a card the world gave to someone else is swapped for one of the player's cards."""
        hands = list(world)
        maybe = self._root_knowledge.maybe
        for seat, card in path:
            bit = 1 << card
            if hands[seat] & bit:
                hands[seat] &= ~bit
                continue
            holder = next(s for s in range(4) if hands[s] & bit)
            hands[holder] &= ~bit
            giveable = hands[seat] & maybe[holder]
            pool = giveable & SUIT_MASKS[card // 13] or giveable or hands[seat]
            if pool:
                swap = pool & -pool
                hands[seat] &= ~swap
                hands[holder] |= swap
        return [h & FULL_MASK for h in hands]


def _after_play(knowledge: HeartsKnowledge, seat: int, card: Card, led: int) -> HeartsKnowledge:
    """The table after ``seat`` plays ``card`` to a trick led in suit ``led`` (raises if impossible)."""
    if not (knowledge.yes[seat] | knowledge.maybe[seat]) >> card & 1:
        raise KnowledgeError("the seat cannot hold that card")
    yes = list(knowledge.yes)
    no = [FULL_MASK & ~(knowledge.yes[s] | knowledge.maybe[s]) for s in range(4)]
    yes[seat] &= ~(1 << card)
    if card // 13 != led:
        no[seat] |= SUIT_MASKS[led]
    sizes = list(knowledge.sizes)
    sizes[seat] -= 1
    in_play = knowledge.in_play & ~(1 << card)
    return HeartsKnowledge.from_masks(knowledge.viewer, tuple(sizes), yes, no, in_play)
