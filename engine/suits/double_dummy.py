"""Double-dummy tricks of one suit with every card seen: the suit model's rules, solved by plain minimax.

The suit reduction of a whole-deal hint (:mod:`engine.hints.suit_reduction`) checks, on
hundreds of sampled deals, that a deal's double-dummy tricks are the other suits' plus the
suit's own; the suit's own on one known layout is this.  The exact single-dummy solver
(:mod:`engine.suits.exact`) gives the same number on a one-layout problem but carries its
vector machinery for it, a hundred times slower.

The rules are the suit model's (:mod:`engine.suits.position`): declarer leads every trick
from either hand that still holds a card (entries are assumed), the others play in turn
clockwise (North, East, South, West), a hand without a card of the suit discards, the
highest card wins, and the play ends when North and South are both out of the suit.
Holdings are 13-bit rank fields (bit ``r - 2`` for rank ``r``).
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["suit_tricks"]

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def _cards(field: int) -> list[int]:
    return [r for r in range(13) if field >> r & 1]


def suit_tricks(north: int, south: int, west: int, east: int, lead: tuple[int, int] | None = None) -> int:
    """Declarer's tricks (North-South) in the suit when both sides play their best with every card seen.
    ``lead``: ``(seat, rank)`` of a card the first trick must start with (``seat`` NORTH or SOUTH; ranks
    2..14); None: the better of every lead."""
    if lead is None:
        return _best(north, south, west, east)
    seat, rank = lead
    bit = 1 << (rank - 2)
    hand = north if seat == NORTH else south
    if seat not in (NORTH, SOUTH) or not hand & bit:
        raise ValueError(f"the lead {rank} is not in the {'North' if seat == NORTH else 'South'} hand")
    return _after_lead(north, south, west, east, seat, rank - 2)


@lru_cache(maxsize=1 << 18)
def _best(north: int, south: int, west: int, east: int) -> int:
    if not north and not south:
        return 0
    top = max(north.bit_count(), south.bit_count())
    hands = (north, east, south, west)
    best = 0
    for seat, hand in ((NORTH, north), (SOUTH, south)):
        for r in _distinct(_cards(hand), hands, ()):  # touching leads take the same tricks
            best = max(best, _after_lead(north, south, west, east, seat, r, best, top))
            if best == top:
                return best  # every remaining trick: nothing does better
    return best


@lru_cache(maxsize=1 << 16)  # a hint asks it for every sampled deal: a few layouts of the suit, many times
def _after_lead(north: int, south: int, west: int, east: int, seat: int, rank: int, alpha: int = -1,
                beta: int = 14) -> int:
    """Tricks when ``seat`` leads the card of bit ``rank`` (0..12) and everyone plays on perfectly: exact when
    strictly between ``alpha`` and ``beta``, else ``alpha`` when it is at most that, a value of at least
    ``beta`` when it is at least that (a fail-hard alpha-beta window)."""
    hands = [north, east, south, west]
    hands[seat] &= ~(1 << rank)
    return _trick(tuple(hands), seat, ((seat, rank),), alpha, beta)


def _trick(hands: tuple[int, ...], leader: int, played: tuple[tuple[int, int], ...], alpha: int, beta: int) -> int:
    """Complete the trick in progress (``played``: (seat, bit) so far; -1 a discard), then go on; the
    window as :func:`_after_lead`'s (the tricks after this one are found exactly, and stored)."""
    if len(played) == 4:
        winner = max(played, key=lambda p: p[1])[0]
        north, east, south, west = hands
        return (winner in (NORTH, SOUTH)) + _best(north, south, west, east)
    seat = (leader + len(played)) % 4
    hand = hands[seat]
    options = _cards(hand) or [-1]
    if seat in (NORTH, SOUTH):
        value = alpha
        for r in _distinct(options, hands, played):
            nxt = list(hands)
            if r >= 0:
                nxt[seat] &= ~(1 << r)
            value = max(value, _trick(tuple(nxt), leader, played + ((seat, r),), value, beta))
            if value >= beta:
                break
        return value
    value = beta
    for r in _distinct(options, hands, played):
        nxt = list(hands)
        if r >= 0:
            nxt[seat] &= ~(1 << r)
        value = min(value, _trick(tuple(nxt), leader, played + ((seat, r),), alpha, value))
        if value <= alpha:
            break
    return value


def _distinct(options: list[int], hands: tuple[int, ...], played: tuple[tuple[int, int], ...]) -> list[int]:
    """One card of each run of touching cards among ``options`` (no card still held by another hand or
    on the trick lies between them): such cards win and lose the same tricks."""
    if options == [-1]:
        return options
    others = 0
    for h in hands:
        others |= h
    mine = 0
    for r in options:
        mine |= 1 << r
    others &= ~mine
    for _, r in played:
        if r >= 0:
            others |= 1 << r
    out, previous = [], None
    for r in options:
        if previous is not None and not (others >> (previous + 1)) & ((1 << (r - previous - 1)) - 1):
            previous = r
            continue  # touches the card before it
        out.append(r)
        previous = r
    return out
