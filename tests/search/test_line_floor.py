"""The floor of a line (:mod:`engine.search.line_floor`): one concrete single-dummy line against best defence.

* Against a plain reference written here: Monte-Carlo play (at each of the player's turns, the card whose
  double-dummy make set over the deals still consistent with the cards seen is heaviest; ties to more deals,
  then the lower card; cashing out when the leader's sure tricks suffice in every deal still open; a deal the
  defence could beat at a trick start is given up) played out deal by deal, the defenders trying every card (each seeing the deal), a
  defender's partner every card too (for the defence) — with its own trick rules and its own minimax for
  double dummy.  The deals the line wins must be the same set.
* A floor is a lower bound: never above the exact single-dummy chance, nor above a horizon search's figure
  (an upper bound), whatever plan it follows; with the exact search's own line it reaches that line's chance
  in most positions.
* The budget is kept.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from engine.search.line_floor import _FloorSearch, line_floor, line_floors
from engine.search.single_dummy import SingleDummyBudget, _Caches, solve_single_dummy
from tests.search.test_single_dummy_horizon import GAMES, TEACHING, _games

SMALL = _games(30, 11, sizes=(2, 3, 3, 4), deals=12)


def _suit(card: int) -> int:
    return card // 13


def _winner(trick: tuple[int, ...], trump: int | None) -> int:
    """The index of the winning card: the highest trump, else the highest card of the suit led."""
    def rank(card: int) -> tuple[int, int]:
        if trump is not None and _suit(card) == trump:
            return (2, card)
        return (1, card) if _suit(card) == _suit(trick[0]) else (0, card)
    return max(range(len(trick)), key=lambda i: rank(trick[i]))


def _legal(hand: int, trick: tuple[int, ...]) -> list[int]:
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        follow = [c for c in cards if _suit(c) == _suit(trick[0])]
        if follow:
            return follow
    return cards


class Reference:
    """Monte-Carlo play against best defence, deal by deal, with nothing of the engine's search."""

    def __init__(self, game) -> None:
        self.hands = [tuple(int(x) for x in row) for row in game.worlds]
        self.weights = game.weights
        self.trump = None if game.strain == 4 else game.strain
        self.max_seats = set(game.max_seats)
        self.side = game.max_side
        self.target = game.target
        self.root = game.root()
        self.size = self.hands[0][self.root.leader].bit_count()
        self.dd = lru_cache(maxsize=None)(self._dd)

    def _decided(self, played: int, trick: tuple[int, ...], won: int) -> bool | None:
        """True once MAX's side has its target, False once it cannot reach it, else None."""
        left = self.size - (played.bit_count() - len(trick)) // 4
        if won >= self.target:
            return True
        return False if won + left < self.target else None

    def _dd(self, d: int, played: int, leader: int, trick: tuple[int, ...], won: int) -> bool:
        """Whether MAX's side reaches its target in deal ``d`` with every card seen."""
        decided = self._decided(played, trick, won)
        if decided is not None:
            return decided
        seat = (leader + len(trick)) & 3
        results = (self.dd(d, *self._after(played, leader, trick, won, card))
                   for card in _legal(self.hands[d][seat] & ~played, trick))
        return any(results) if seat & 1 == self.side else all(results)

    def _after(self, played: int, leader: int, trick: tuple[int, ...], won: int, card: int):
        trick = trick + (card,)
        played |= 1 << card
        if len(trick) < 4:
            return played, leader, trick, won
        winner = (leader + _winner(trick, self.trump)) & 3
        return played, winner, (), won + (winner & 1 == self.side)

    def value(self, d: int, played: int, leader: int, trick: tuple[int, ...], won: int, alive: frozenset) -> bool:
        """Whether the line wins deal ``d`` from here against every defence; ``alive``: the deals the line still
        plays for — consistent with every card seen, and makeable double dummy at every trick start so far (a
        deal the defence could beat at some trick is given up, even if the defence later errs there)."""
        decided = self._decided(played, trick, won)
        if decided is not None:
            return decided
        seat = (leader + len(trick)) & 3
        if not trick:
            alive = frozenset(e for e in alive if self.dd(e, played, leader, trick, won))
            if d not in alive:
                return False
            if leader & 1 == self.side and all(self.sure_tricks(e, played, leader) >= self.target - won
                                               for e in alive):
                return True  # cash them
        hand = self.hands[d][seat] & ~played
        if seat in self.max_seats:
            card = self.policy(played, leader, trick, won, alive, _legal(hand, trick))
            return self.value(d, *self._after(played, leader, trick, won, card), alive)
        results = (self.value(d, *self._after(played, leader, trick, won, c), self._showing(alive, seat, played, trick, c))
                   for c in _legal(hand, trick))
        return any(results) if seat & 1 == self.side else all(results)

    def _showing(self, alive: frozenset, seat: int, played: int, trick: tuple[int, ...], card: int) -> frozenset:
        """The deals of ``alive`` where ``seat`` could have played ``card``."""
        return frozenset(e for e in alive if card in _legal(self.hands[e][seat] & ~played, trick))

    def sure_tricks(self, d: int, played: int, leader: int) -> int:
        """The leader's top cards in each suit (above every live card it does not hold), each counted for a
        round no opponent holding a trump could ruff."""
        hands = [h & ~played for h in self.hands[d]]
        total = 0
        for suit in range(4):
            top = 0
            for card in range(13 * suit + 12, 13 * suit - 1, -1):
                holder = next((seat for seat in range(4) if hands[seat] >> card & 1), None)
                if holder is None:
                    continue
                if holder != leader:
                    break
                top += 1
            if self.trump is not None and suit != self.trump:
                for seat in range(4):
                    if seat & 1 != self.side and any(_suit(c) == self.trump for c in range(52) if hands[seat] >> c & 1):
                        top = min(top, sum(1 for c in range(52) if hands[seat] >> c & 1 and _suit(c) == suit))
            total += top
        return total

    def policy(self, played, leader, trick, won, alive: frozenset, legal: list[int]) -> int:
        def score(card: int) -> tuple[float, int, int]:
            makes = [e for e in sorted(alive) if self.dd(e, *self._after(played, leader, trick, won, card))]
            return (round(sum(self.weights[e] for e in makes), 12), len(makes), -card)
        return max(legal, key=score)

    def won(self, card: int) -> set[int]:
        root = self.root
        played = sum(1 << c for c in root.trick)
        after = self._after(played, root.leader, root.trick, 0, card)
        everything = frozenset(range(len(self.hands)))
        return {d for d in range(len(self.hands)) if self.value(d, *after, everything)}


def _members(bits: int) -> set[int]:
    return {i for i in range(bits.bit_length()) if bits >> i & 1}


@pytest.mark.parametrize("index", range(len(SMALL)))
def test_monte_carlo_line_matches_the_plain_reference(index):
    game = SMALL[index]
    reference = Reference(game)
    for card in game.moves(game.root(), 0):
        found = line_floor(game, card, node_limit=None)
        assert _members(found.won) == reference.won(card), (index, card)


RANDOM = GAMES[:len(GAMES) - len(TEACHING)]


@pytest.mark.parametrize("index", range(len(RANDOM)))
def test_a_floor_never_exceeds_the_exact_chance_nor_a_horizon_figure(index):
    game = RANDOM[index]
    exact = solve_single_dummy(game, None, plan_tricks=20)
    shallow = solve_single_dummy(game, None, plan_tricks=20, horizon=1)
    for card, chance in exact.chance.items():
        for plan in ({}, shallow.plans[card]):
            floor = line_floor(game, card, plan, node_limit=None)
            assert floor.chance <= chance + 1e-9
            assert floor.chance <= shallow.chance[card] + 1e-9


def test_the_exact_line_mostly_reaches_its_own_chance():
    """Following the exact search's line (its choices per public state) the floor is that line's chance —
    except where one public state was planned for two different deal sets (the first plan kept)."""
    reached = total = 0
    for game in TEACHING[::4]:
        exact = solve_single_dummy(game, None, plan_tricks=20)
        for card, chance in exact.chance.items():
            total += 1
            reached += line_floor(game, card, exact.plans[card], node_limit=None).chance >= chance - 1e-9
    assert reached >= 0.9 * total, (reached, total)


def test_the_budget_is_kept():
    game = TEACHING[0]
    searched = [line_floor(game, card, node_limit=None) for card in game.moves(game.root(), 0)]
    biggest = max(searched, key=lambda f: f.nodes)
    assert biggest.nodes > 1
    with pytest.raises(SingleDummyBudget):
        line_floor(game, biggest.card, node_limit=biggest.nodes - 1)
    assert line_floor(game, biggest.card, node_limit=biggest.nodes).won == biggest.won
    with pytest.raises(ValueError, match="not one of the moves"):
        line_floor(game, 52, node_limit=None)


def test_sure_tricks_are_counted_as_written_and_are_real_tricks():
    """The cut's count against the plain one, at every trick start of random play-outs where the side of the
    line leads (in no trump and in trumps); and a count that suffices is a make double dummy (sure tricks are
    real tricks), which the plain count proves here in some positions."""
    rng = random.Random(3)
    checked = proven = 0
    for game in SMALL + RANDOM:
        reference = Reference(game)
        search = _FloorSearch(game, {}, None, None, _Caches(game))
        for d in range(len(game.weights)):
            state = game.root()
            while not game.is_terminal(state):
                if not state.trick and state.leader & 1 == game.max_side:
                    played = state.done
                    count = reference.sure_tricks(d, played, state.leader)
                    enough = count >= game.target - state.won
                    assert search.sure(state, 1 << d) == enough
                    if enough:
                        assert reference.dd(d, played, state.leader, (), state.won)
                        proven += 1
                    checked += 1
                hand = game.hand(state, d, state.to_move)
                state = game.play(state, rng.choice(_legal(hand, state.trick)))
    assert checked > 100 and proven > 10, (checked, proven)


def test_a_card_whose_floor_reaches_enough_is_not_tried_again():
    game = TEACHING[0]
    card = game.moves(game.root(), 0)[0]
    both = line_floors(game, [(card, {}), (card, {})], node_limit=None)
    assert len(both) == 2
    once = line_floors(game, [(card, {}), (card, {})], node_limit=None, enough={card: both[0].chance})
    assert [f.won for f in once] == [both[0].won]


def test_lines_stop_at_the_first_floor_short_of_what_is_required():
    game = TEACHING[0]
    cards = game.moves(game.root(), 0)
    every = line_floors(game, [(c, {}) for c in cards], node_limit=None)
    assert len(every) == len(cards) >= 2
    short = next(i for i, f in enumerate(every) if f.chance < 1.0 - 1e-9)
    required = {c: 1.0 for c in cards}
    stopped = line_floors(game, [(c, {}) for c in cards], node_limit=None, require=required)
    assert [f.won for f in stopped] == [f.won for f in every[:short + 1]]
    reachable = {f.card: f.chance for f in every}
    assert [f.won for f in line_floors(game, [(c, {}) for c in cards], node_limit=None, require=reachable)] \
        == [f.won for f in every]
