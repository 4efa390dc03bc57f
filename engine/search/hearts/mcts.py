"""Monte Carlo tree search for a Hearts decision: xinxin's PIMC + UCT, and information-set MCTS.

Both draw worlds uniformly from the seat's Y/M/N table (never from the real
deal) and play every simulation to the end of the hand, with the rule-based
policy of :mod:`engine.solvers.hearts.kernel_policy` in the playouts — its
players do not see the other hands and play for or against the moon — so the
values are final points, moon included, with no horizon evaluation to tune.

* ``uct`` (Sturtevant's xinxin): perfect-information Monte Carlo over
  ``worlds`` worlds, a separate multi-player UCT search of
  ``iterations / worlds`` simulations in each; a card's value is its mean
  over the worlds, and the card with the fewest expected points is played.
* ``ismcts`` (Cowling, Powley & Whitehouse 2012, single observer): one tree
  for all ``iterations`` simulations, each in the next of ``worlds`` sampled
  worlds, so no seat's choice in the tree can depend on cards it cannot see;
  the most visited card is played.

With ``inference`` above zero the worlds are not drawn uniformly: ``oversample``
times as many are drawn and ``worlds`` of them kept with chances proportional
to how likely the other seats' cards so far are under the playout policy with
that much noise (:mod:`.kernel_inference`) — what the others played tells
where their cards are.

With ``opponents="policy"`` the other seats play the policy's card inside the
tree as well and only the searching seat's own choices branch (see
:mod:`.kernel_mcts`).  The budget is a number of simulations, not a time, so a
seeded search replays exactly on any machine and under any load.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from enum import Enum

import numpy as np

from ...core.cards import Card
from ...hearts.rules import HeartsRules
from ...hearts.view import HeartsView
from ...solvers.hearts import CardValue, HeartsPosition
from ...solvers.hearts.kernel_rng import new_state
from ...solvers.hearts.kernel_rules import rules_array
from ...worlds.hearts_knowledge import HeartsKnowledge
from ...worlds.hearts_sampler import HeartsWorldSampler
from .kernel_inference import play_log_likelihood
from .kernel_mcts import STAT_SIZE, new_tree, pimc_uct, root_stats, run_tree

__all__ = ["MctsKind", "MctsOptions", "MctsResult", "MctsSearch"]


class MctsKind(Enum):
    UCT = "uct"
    ISMCTS = "ismcts"


@dataclass(frozen=True, slots=True)
class MctsOptions:
    """The search's budget and knobs (see the module doc)."""

    kind: MctsKind = MctsKind.UCT
    worlds: int = 30
    iterations: int = 3000
    """Simulations per decision, over all worlds."""
    exploration: float = 0.4
    """UCB1's constant, on points divided by 26 (xinxin: 0.4 on its own scale)."""
    epsilon: float = 0.1
    """Chance of a random card at each move of a playout (xinxin: 0.1)."""
    own_epsilon: float | None = None
    """The same for the searching seat's own playout moves (``None``: ``epsilon``)."""
    opponents_policy: bool = False
    paranoia: float = 0.0
    inference: float = 0.0
    """Noise of the play model that weighs worlds by the others' cards so far (0: uniform worlds)."""
    oversample: int = 4

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MctsKind):
            raise ValueError(f"kind must be an MctsKind, got {self.kind!r}")
        if self.worlds < 1:
            raise ValueError(f"worlds must be at least 1, got {self.worlds}")
        if self.iterations < self.worlds:
            raise ValueError(f"iterations ({self.iterations}) must be at least the number of worlds ({self.worlds})")
        if self.exploration < 0:
            raise ValueError(f"exploration must be ≥ 0, got {self.exploration}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"epsilon must be a probability 0..1, got {self.epsilon}")
        if self.own_epsilon is not None and not 0.0 <= self.own_epsilon <= 1.0:
            raise ValueError(f"own epsilon must be a probability 0..1, got {self.own_epsilon}")
        if not 0.0 <= self.paranoia <= 1.0:
            raise ValueError(f"paranoia must be 0..1, got {self.paranoia}")
        if not 0.0 <= self.inference <= 1.0:
            raise ValueError(f"inference noise must be 0..1 (0: off), got {self.inference}")
        if self.oversample < 1:
            raise ValueError(f"oversample must be at least 1, got {self.oversample}")


@dataclass(frozen=True, slots=True)
class MctsResult:
    """Every legal card with its values (final points and moon chances per seat) and its visits."""

    seat: int
    cards: tuple[CardValue, ...]
    visits: tuple[int, ...]
    """Simulations through each card, in the order of ``cards``."""
    kind: MctsKind
    worlds: int
    elapsed: float
    nodes: int

    def best(self) -> Card:
        """``ismcts``: the most visited card; ``uct``: the fewest expected points (then the higher card)."""
        if len(self.cards) == 1:
            return self.cards[0].card
        if self.kind is MctsKind.ISMCTS:
            i = max(range(len(self.cards)), key=lambda k: (self.visits[k], -self.cards[k].points[self.seat],
                                                           self.cards[k].card))
            return self.cards[i].card
        return min(self.cards, key=lambda v: (round(v.points[self.seat], 9), -v.card)).card


def _equivalent_above(card: Card, legal: int, live: int) -> Card | None:
    """The card a non-searched ``card`` shares its value with: the next live card above it (held by the same seat)."""
    top = (card // 13) * 13 + 12
    for c in range(card + 1, top + 1):
        if live >> c & 1:
            return c if legal >> c & 1 else None
    return None


class MctsSearch:
    """Searches one decision at a time; keeps its node arrays between decisions (not thread-safe)."""

    def __init__(self, rules: HeartsRules, options: MctsOptions, seed: int = 0) -> None:
        self.rules = rules
        self.options = options
        self.rng = random.Random(seed)
        self._rl = rules_array(rules)
        self._rs = new_state(seed)
        self._own_epsilon = options.epsilon if options.own_epsilon is None else options.own_epsilon
        per_tree = options.iterations if options.kind is MctsKind.ISMCTS else -(-options.iterations // options.worlds)
        self._tree = new_tree(per_tree + 1)

    def search(self, view: HeartsView) -> MctsResult:
        """Values of every legal card of ``view.seat``; a forced card is returned at once, unvalued."""
        legal = sorted(view.legal_cards.ascending())
        if not legal:
            raise ValueError(f"seat {int(view.seat)} is not to move: no legal cards in its view")
        if len(legal) == 1:
            only = CardValue(legal[0], (0.0,) * 4, (0.0,) * 4)  # type: ignore[arg-type]
            return MctsResult(int(view.seat), (only,), (0,), self.options.kind, 0, 0.0, 0)
        return self.search_all(view)

    def search_all(self, view: HeartsView) -> MctsResult:
        """Like :meth:`search`, but values even a single legal card (for hints)."""
        start = time.perf_counter()
        opts = self.options
        position = HeartsPosition.of_view(view)
        legal = sorted(view.legal_cards.ascending())
        legal_mask = view.legal_cards.mask
        worlds = self._worlds(view)
        base = position.state_array()
        self._rs[0] = self.rng.getrandbits(63) | 1
        if opts.kind is MctsKind.UCT:
            visits, stats, nodes = self._pimc(base, worlds, legal, legal_mask, position)
        else:
            visits, stats, nodes = self._ismcts(base, worlds)
        cards = []
        counts = []
        for c in legal:
            n = max(int(visits[c]), 1)
            mean = stats[c] / n
            cards.append(CardValue(c, tuple(float(x) for x in mean[:4]), tuple(float(x) for x in mean[4:])))  # type: ignore[arg-type]
            counts.append(int(visits[c]))
        return MctsResult(int(view.seat), tuple(cards), tuple(counts), opts.kind, opts.worlds,
                          time.perf_counter() - start, nodes)

    def _worlds(self, view: HeartsView) -> np.ndarray:
        """``worlds`` worlds: uniform, or resampled by the likelihood of the others' play (see the module doc)."""
        opts = self.options
        sampler = HeartsWorldSampler(HeartsKnowledge.from_view(view))
        plays = view.plays
        me = int(view.seat)
        if opts.inference <= 0.0 or opts.oversample == 1 or not any(int(s) != me for s, _ in plays):
            return sampler.sample_array(opts.worlds, self.rng)
        pool = sampler.sample_array(opts.worlds * opts.oversample, self.rng)
        starts = pool.copy()
        for seat, card in plays:
            starts[:, int(seat)] |= 1 << card
        leader = int(view.tricks[0].leader) if view.tricks else int(view.current.leader)  # type: ignore[union-attr]
        ll = np.zeros(pool.shape[0])
        play_log_likelihood(starts, np.array([c for _, c in plays], dtype=np.int64), leader, me, self._rl,
                            opts.inference, ll)
        weights = np.exp(ll - ll.max())
        cumulative = np.cumsum(weights / weights.sum())
        u = self.rng.random() / opts.worlds
        picks = np.searchsorted(cumulative, u + np.arange(opts.worlds) / opts.worlds)  # systematic resampling
        return pool[np.minimum(picks, pool.shape[0] - 1)]

    def _pimc(self, base, worlds, legal, legal_mask, position):
        opts = self.options
        w = worlds.shape[0]
        per_world = -(-opts.iterations // w)
        out_visits = np.zeros((w, 52), np.int64)
        out_stats = np.zeros((w, 52, STAT_SIZE))
        pimc_uct(base, worlds, self._rl, self._rs, per_world, opts.exploration, opts.epsilon, self._own_epsilon,
                 opts.opponents_policy, opts.paranoia, *self._tree, out_visits, out_stats)
        trick_cards = 0
        for c in position.trick:
            trick_cards |= 1 << c
        visits = np.zeros(52, np.int64)
        stats = np.zeros((52, STAT_SIZE))
        for k in range(w):
            live = int(worlds[k].sum()) | trick_cards  # the hands are disjoint: their sum is their union
            for c in sorted(legal, reverse=True):  # from the top, so an equivalent card above is filled first
                if out_visits[k, c] == 0:
                    above = _equivalent_above(c, legal_mask, live)
                    if above is not None:
                        out_visits[k, c] = out_visits[k, above]
                        out_stats[k, c] = out_stats[k, above]
            # each world counts once: the card's mean in that world
            for c in legal:
                n = out_visits[k, c]
                if n:
                    stats[c] += out_stats[k, c] / n
                    visits[c] += 1
        return visits, stats, w * (per_world + 1)

    def _ismcts(self, base, worlds):
        opts = self.options
        card, first, nxt, visits, avail, stats = self._tree
        # the root's children are the seat's own legal cards, the same in every world: no equivalence classes
        # are needed across worlds, so cards are never merged here
        nodes = run_tree(base, worlds, self._rl, self._rs, opts.iterations, opts.exploration, opts.epsilon,
                         self._own_epsilon, opts.opponents_policy, opts.paranoia, False, card, first, nxt, visits, avail, stats)
        out_visits = np.zeros(52, np.int64)
        out_stats = np.zeros((52, STAT_SIZE))
        root_stats(card, first, nxt, visits, stats, out_visits, out_stats)
        return out_visits, out_stats, nodes
