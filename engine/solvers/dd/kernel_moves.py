"""Numba kernels for one trick: who wins it, and which cards are worth trying in what order.

Cards are ints ``suit * 13 + rank_index`` and hands are the core's 52-bit masks
(held as ``int64`` inside kernels so numba never mixes signed and unsigned).
Move generation plays one card per *equivalence class*: cards of one hand that
touch once played cards are removed (cards already on the table in the current
trick still separate them) are interchangeable, so only the lowest card of each
such sequence is searched.  Each move gets an ordering score from cheap bridge
heuristics (cash winners, lead toward partner's winners, second hand low, third
hand high, win as cheaply as possible, do not overtake partner, ruff when it
wins, discard from weakness) plus a hint from the transposition table.
"""

from __future__ import annotations

from engine.jit import kernel

from .tables import HIGH13, POP13, SUIT_FIELD

__all__ = ["beats", "trick_winner_index", "generate_moves", "trick_relevance", "owner_of"]

MAX_MOVES = 16


@kernel
def beats(card, best, trump):
    """True when ``card`` beats the card ``best`` that currently wins the trick."""
    cs = card // 13
    bs = best // 13
    if cs == bs:
        return card > best
    return cs == trump


@kernel
def trick_winner_index(tc, start, count, trump):
    """Index (0 = leader) of the card winning the first ``count`` cards of the trick at ``tc[start:]``."""
    wi = 0
    best = tc[start]
    for i in range(1, count):
        c = tc[start + i]
        if beats(c, best, trump):
            best = c
            wi = i
    return wi


@kernel
def trick_relevance(tc, start, wi):
    """Cards whose *rank* decided a finished trick, as a mask: the winner, if it beat a card of its own suit.

    A win by being the only card of the led suit or the only trump needs no
    rank at all.  The searched card is always the lowest of its sequence, so
    (once closed upwards) this also covers the equivalent cards not searched.
    """
    wc = tc[start + wi]
    ws = wc // 13
    for i in range(4):
        if i != wi and tc[start + i] // 13 == ws:
            return 1 << wc
    return 0


@kernel
def owner_of(h, card):
    """The seat holding ``card`` (``-1`` when no hand holds it)."""
    bit = 1 << card
    for seat in range(4):
        if h[seat] & bit:
            return seat
    return -1


@kernel
def _suit(mask, s):
    return (mask >> (13 * s)) & SUIT_FIELD


@kernel
def _score(h, trump, m, pos, c, top, led, wcard, partner_winning, live, hint):
    """Ordering score of the move ``c`` (lowest of its sequence, whose highest card is ``top``)."""
    s = c // 13
    r = c % 13
    if hint >= 0 and hint // 13 == s and r <= hint % 13 <= top:
        return 10000
    partner = (m + 2) & 3
    lho = (m + 1) & 3
    rho = (m + 3) & 3
    lf = _suit(live, s)
    hi = HIGH13[lf]
    if pos == 0:
        owner = owner_of(h, 13 * s + hi)
        if owner == m:
            score = 300 + r if top == hi else 100 - r
        elif owner == partner:
            score = 200 - r
        else:
            score = 100 - r
        if trump < 4:
            if s != trump:
                if _suit(h[partner], s) == 0 and _suit(h[partner], trump) != 0:
                    score += 150
                if _suit(h[lho], s) == 0 and _suit(h[lho], trump) != 0:
                    score -= 150
                if _suit(h[rho], s) == 0 and _suit(h[rho], trump) != 0:
                    score -= 150
            elif owner == m or owner == partner:
                score += 50
        else:
            score += 4 * POP13[_suit(h[m], s)]
        return score
    if s == led:
        wins = beats(13 * s + top, wcard, trump)
        if pos == 1:
            if wins and top == hi:
                return 250
            return 150 - r
        f4 = _suit(h[lho], s)
        if pos == 2:
            if partner_winning:
                safe = wcard // 13 == s and (f4 >> (wcard % 13 + 1)) == 0
                if f4 == 0 and trump < 4 and s != trump and _suit(h[lho], trump) != 0:
                    safe = False
                if safe:
                    return 300 - r
            if wins:
                if top > HIGH13[f4]:
                    return 280 - r
                return 200 - r
            return 100 - r
        if partner_winning:
            return 300 - r
        if wins:
            return 300 - r
        return 100 - r
    if s == trump:
        if partner_winning:
            return 20 - r
        if beats(c, wcard, trump):
            return 250 - r
        return 10 - r
    score = 50 - r
    if top == hi:
        score -= 30
    return score


@kernel
def generate_moves(h, trump, leader, pos, tc, start, hint, moves, scores, ply):
    """Write the mover's representative cards, best first, to ``moves[ply]``; return how many.

    ``h`` holds the cards not yet played, ``tc[start:start+pos]`` the cards of
    the current trick, ``hint`` a card suggested by the transposition table
    (``-1`` for none).
    """
    m = (leader + pos) & 3
    hand = h[m]
    alive = h[0] | h[1] | h[2] | h[3]
    live = alive
    for i in range(pos):
        live |= 1 << tc[start + i]
    led = -1
    wcard = -1
    partner_winning = False
    lo_suit = 0
    hi_suit = 4
    if pos > 0:
        led = tc[start] // 13
        wi = trick_winner_index(tc, start, pos, trump)
        wcard = tc[start + wi]
        partner_winning = wi == pos - 2
        if _suit(hand, led) != 0:
            lo_suit = led
            hi_suit = led + 1
    n = 0
    for s in range(lo_suit, hi_suit):
        f = _suit(hand, s)
        if f == 0:
            continue
        lf = _suit(live, s)
        prev_mine = False
        for r in range(13):
            if (lf >> r) & 1:
                mine = ((f >> r) & 1) == 1
                if mine:
                    if not prev_mine:
                        moves[ply, n] = 13 * s + r
                        scores[ply, n] = r
                        n += 1
                    else:
                        scores[ply, n - 1] = r
                prev_mine = mine
    for i in range(n):
        c = moves[ply, i]
        top = scores[ply, i]
        scores[ply, i] = _score(h, trump, m, pos, c, top, led, wcard, partner_winning, live, hint)
    for i in range(1, n):  # insertion sort, best score first (stable, so deterministic)
        c = moves[ply, i]
        sc = scores[ply, i]
        j = i - 1
        while j >= 0 and scores[ply, j] < sc:
            moves[ply, j + 1] = moves[ply, j]
            scores[ply, j + 1] = scores[ply, j]
            j -= 1
        moves[ply, j + 1] = c
        scores[ply, j + 1] = sc
    return n
