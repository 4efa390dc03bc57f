"""An independent reference for single-suit play against best defence, card by card.

Nothing here comes from ``engine.suits``: no groups of equal cards, no world classes,
no position tables, no shortcuts at the end of the play.  Cards are ranks 2..14 (a
hand is a set of ranks), and the rules and the best-defence model are written out
plainly:

* North and South (declarer) hold some cards of a suit; West and East hold the rest,
  split in every possible way (a *layout*), each layout with its a-priori chance:
  with ``vw`` and ``ve`` free places, a k-card West holding of the n missing cards has
  chance C(vw + ve - n, vw - k) / C(vw + ve, vw);
* declarer leads every trick, from either hand that still has a card; the others play
  in turn clockwise (North, East, South, West); a player with no card of the suit
  discards (shows out); the highest card wins the trick;
* the play ends when North and South have no cards left;
* declarer sees his own cards, every card played, who has shown out, and the tricks
  he has won; his strategy (one card for everything he can have seen) may depend on
  all of it;
* the defenders see everything, and know declarer's strategy: in each layout they
  play to hold him to the fewest tricks.

A strategy's result is its trick count in each layout; the optimum for a target is
the best chance of making it over all strategies.  The recursion below returns, for
everything declarer can have seen, every trick vector some strategy can achieve from
there (dropping a vector when another is at least as good in every layout, which
cannot change any optimum): at declarer's turn, the vectors of all his cards; at a
defender's turn, every way of picking one vector per card the defender may play, the
defender choosing per layout the card that gives declarer fewest tricks.
"""

from __future__ import annotations

import itertools
from math import comb

__all__ = ["CardProblem", "all_vectors", "optimum"]

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


class CardProblem:
    """North and South's cards (sets of ranks), the free places of each defender, the cards no longer in
    play (``gone``: they are nobody's), and the layouts."""

    def __init__(self, north: set[int], south: set[int], vacant_west: int = 13, vacant_east: int = 13,
                 gone: set[int] = frozenset()) -> None:
        self.north = frozenset(north)
        self.south = frozenset(south)
        self.missing = frozenset(range(2, 15)) - self.north - self.south - frozenset(gone)  # cards in play
        n = len(self.missing)
        self.layouts: list[frozenset[int]] = []  # West's cards
        self.chances: list[float] = []
        total = vacant_west + vacant_east
        for k in range(n + 1):
            if k > vacant_west or n - k > vacant_east:
                continue
            chance = comb(total - n, vacant_west - k) / comb(total, vacant_west)
            for west in itertools.combinations(sorted(self.missing), k):
                self.layouts.append(frozenset(west))
                self.chances.append(chance)
        norm = sum(self.chances)
        self.chances = [c / norm for c in self.chances]


def _dominated(v: tuple, w: tuple) -> bool:
    """``w`` is at least as good as ``v`` in every layout that can reach here."""
    return all(a is None or a <= b for a, b in zip(v, w))


def _keep_best(vectors: set[tuple]) -> list[tuple]:
    kept: list[tuple] = []
    for v in sorted(vectors, key=lambda v: -sum(x for x in v if x is not None)):
        if not any(_dominated(v, k) for k in kept):
            kept.append(v)
    return kept


def all_vectors(problem: CardProblem, first: tuple[int, int] | None = None) -> list[tuple]:
    """Every trick vector (tricks in each layout, in ``problem.layouts`` order) some strategy achieves
    against best defence, the dominated ones dropped.  ``first``: (seat, card) of the opening lead when
    the strategies must start with it."""
    layouts = problem.layouts
    memo: dict = {}

    def walk(north: frozenset, south: frozenset, west_played: frozenset, east_played: frozenset,
             west_out: bool, east_out: bool, trick: tuple, won: int, possible: tuple[int, ...]) -> list[tuple]:
        # ``possible``: the layouts that agree with everything seen so far
        key = (north, south, west_played, east_played, west_out, east_out, trick, won)
        if key in memo:
            return memo[key]
        if not trick and not north and not south:
            out = [tuple(won if i in possible else None for i in range(len(layouts)))]
            memo[key] = out
            return out
        if not trick:  # declarer leads from either hand
            vectors: set[tuple] = set()
            opening = first is not None and north == problem.north and south == problem.south
            for seat, hand in ((NORTH, north), (SOUTH, south)):
                for card in hand:
                    if opening and (seat, card) != first:
                        continue
                    rest_n = north - {card} if seat == NORTH else north
                    rest_s = south - {card} if seat == SOUTH else south
                    vectors.update(walk(rest_n, rest_s, west_played, east_played, west_out, east_out,
                                        ((seat, card),), won, possible))
            out = _keep_best(vectors)
            memo[key] = out
            return out
        leader = trick[0][0]
        seat = (leader + len(trick)) % 4
        if len(trick) == 4:  # the trick is complete
            best_seat, _ = max(trick, key=lambda sc: sc[1] if sc[1] is not None else 0)
            gain = 1 if best_seat in (NORTH, SOUTH) else 0
            out = walk(north, south, west_played, east_played, west_out, east_out, (), won + gain, possible)
            memo[key] = out
            return out
        if seat in (NORTH, SOUTH):  # declarer's third hand (or second, never: declarer leads)
            hand = north if seat == NORTH else south
            if not hand:
                out = walk(north, south, west_played, east_played, west_out, east_out,
                           trick + ((seat, None),), won, possible)
                memo[key] = out
                return out
            vectors = set()
            for card in hand:
                rest_n = north - {card} if seat == NORTH else north
                rest_s = south - {card} if seat == SOUTH else south
                vectors.update(walk(rest_n, rest_s, west_played, east_played, west_out, east_out,
                                    trick + ((seat, card),), won, possible))
            out = _keep_best(vectors)
            memo[key] = out
            return out
        # a defender: in each layout, the cards he still holds (or none: he shows out)
        options: dict[object, list[int]] = {}
        for i in possible:
            west = layouts[i]
            mine = (west - west_played) if seat == WEST else (problem.missing - west - east_played)
            if not mine:
                options.setdefault(None, []).append(i)
            for card in mine:
                options.setdefault(card, []).append(i)
        children = []
        for card, where in options.items():
            if seat == WEST:
                child = walk(north, south, west_played | ({card} if card is not None else set()), east_played,
                             west_out or card is None, east_out, trick + ((seat, card),), won, tuple(where))
            else:
                child = walk(north, south, west_played, east_played | ({card} if card is not None else set()),
                             west_out, east_out or card is None, trick + ((seat, card),), won, tuple(where))
            children.append(child)
        vectors = set()
        for pick in itertools.product(*children):
            v = []
            for i in range(len(layouts)):
                values = [p[i] for p in pick if p[i] is not None]
                v.append(min(values) if values else None)
            vectors.add(tuple(v))
        out = _keep_best(vectors)
        memo[key] = out
        return out

    return walk(problem.north, problem.south, frozenset(), frozenset(), False, False, (), 0,
                tuple(range(len(layouts))))


def optimum(problem: CardProblem, vectors: list[tuple], target: int | None) -> float:
    """The best chance of ``target`` tricks (or the most expected tricks) over the strategies."""
    def worth(v: tuple) -> float:
        return sum(c * (t if target is None else float(t >= target)) for c, t in zip(problem.chances, v))

    return max(worth(v) for v in vectors)
