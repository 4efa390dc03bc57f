"""Numba kernels for one trick: who wins it, and which cards are worth trying in what order.

Cards are ints ``suit * 13 + rank_index`` and hands are the core's 52-bit masks
(held as ``int64`` inside kernels so numba never mixes signed and unsigned).
Move generation plays one card per *equivalence class*: cards of one hand that
touch once played cards are removed (cards already on the table in the current
trick still separate them) are interchangeable, so only the lowest card of each
such sequence is searched.

Each move gets an ordering weight from the bridge heuristics DDS's move
ordering is built on (Haglund and Hein, *Search Algorithms for a Bridge Double
Dummy Solver*): a lead is judged by what it gives the opponents to choose from
(their lengths in the suit: few cards, few replies), by who holds the suit's top
three cards (cash winners, lead towards partner's tenace, never into the right-
hand opponent's), by ruffs for either side and by whether the card can win the
trick; a follow wins as cheaply as possible, lets partner's winner stand, forces
out the fourth hand's top card, ruffs only when it wins and discards from
length, keeping guarded kings and singleton aces.  Two hints come on top: the
best card stored for the position in the transposition table (tried first) and
the last lead that cut off at this ply (a bonus).  The weights only order the
moves; the search stays exact whatever they say.
"""

from __future__ import annotations

from engine.jit import kernel

from .tables import HIGH13, LOW13, POP13, SUIT_FIELD

__all__ = ["beats", "trick_winner_index", "generate_moves", "trick_relevance", "owner_of"]

MAX_MOVES = 16
HINT_WEIGHT = 10000
"""The transposition table's best card for this very position is tried first."""


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
def _nth_owner(h, af, s, n):
    """Holder of the ``n``-th highest card (0 = the top) among the cards ``af`` of suit ``s`` (-1: none)."""
    f = af
    for _ in range(n):
        if f == 0:
            return -1
        f ^= 1 << HIGH13[f]
    if f == 0:
        return -1
    return owner_of(h, 13 * s + HIGH13[f])


@kernel
def _matches(card, s, low, top):
    """True when ``card`` lies in the sequence ``low..top`` of suit ``s``."""
    return card >= 0 and card // 13 == s and low <= card % 13 <= top


@kernel
def _discard_add(length, mine_second, mine_top, num, den, second_penalty, top_penalty):
    """Weight for discarding from a suit of ``length`` cards: long suits first, not from a guarded
    second-best card or a singleton top card."""
    add = (length * num) // den
    if length == 2 and mine_second:
        add -= second_penalty
    elif length == 1 and mine_top:
        add -= top_penalty
    return add


@kernel
def _lead_weights(h, trump, m, s, tleft, alive, moves, scores, ply, a, b, hint, killer):
    """Weights of the leads ``a..b-1`` (all of suit ``s``; ``scores`` holds each one's top card on entry)."""
    partner = (m + 2) & 3
    lho = (m + 1) & 3
    rho = (m + 3) & 3
    af = _suit(alive, s)
    cl = POP13[_suit(h[lho], s)]
    cr = POP13[_suit(h[rho], s)]
    cp = POP13[_suit(h[partner], s)]
    own = POP13[_suit(h[m], s)]
    w1 = _nth_owner(h, af, s, 0)
    w2 = _nth_owner(h, af, s, 1)
    w3 = _nth_owner(h, af, s, 2)
    top = HIGH13[af]
    second = HIGH13[af ^ (1 << top)]
    count = 4 * (cl if cl else tleft) + 4 * (cr if cr else tleft)
    pf = _suit(h[partner], s)
    of = _suit(h[lho] | h[rho], s)
    suit_game = trump < 4 and _suit(alive, trump) != 0
    if not suit_game:
        base = -((count * 32) // 19)
        if cp == 0:
            base -= 9
        partner_wins = pf > of
        for k in range(a, b):
            c = moves[ply, k]
            t = scores[ply, k]
            rr = 1 + POP13[af >> (t + 1)]
            d = base
            if t == top or partner_wins:
                if w2 == rho:
                    if cr != 1:
                        d -= 1
                elif w2 == lho:
                    d += 22 if cl != 1 else 16
                if (w2 != lho or cl == 1) and (w2 != rho or cr == 1):
                    wgt = d + 45 + rr
                else:
                    wgt = d + 18 + rr
                if _matches(killer, s, c % 13, t):
                    wgt += 126
            else:
                if w1 == rho or w2 == rho:
                    if cr != 1:
                        d -= 10
                elif w1 == lho and w2 == partner:
                    if cp != 1:
                        d += 31
                if w2 == partner and w3 == partner:
                    d += 35
                elif cp > 1 and ((w2 == m and w3 == partner) or (w2 == partner and w3 == m)):
                    d += 25
                if (cl == 1 and w1 == lho) or (cr == 1 and w1 == rho):
                    wgt = d + 28 + rr
                elif w1 == m:
                    wgt = d - 17 + rr
                elif t == c % 13:
                    wgt = d + 12 + rr
                elif t == second:
                    wgt = d + 48
                else:
                    wgt = d + 29 - rr
                if _matches(killer, s, c % 13, t):
                    wgt += 47
            if _matches(hint, s, c % 13, t):
                wgt = HINT_WEIGHT
            scores[ply, k] = wgt
        return
    tr = trump
    m_tr = _suit(h[m], tr)
    p_tr = _suit(h[partner], tr)
    l_tr = _suit(h[lho], tr)
    r_tr = _suit(h[rho], tr)
    side = s != tr
    bonus = 0
    if side and ((cl == 0 and l_tr != 0) or (cr == 0 and r_tr != 0)):
        bonus = -12
    if side and cp == 0 and p_tr != 0 and cr > 0:
        bonus += 17
    if w1 == rho or w2 == rho:
        if cr != 1:
            bonus -= 12
    elif w1 == lho and w2 == partner:
        if cp != 1:
            bonus += 27
    if side and own == 1 and m_tr != 0 and cp > 1 and w1 == partner:
        bonus += 19
    d0 = bonus - ((count * 32) // 13)
    lf = _suit(h[lho], s)
    rf = _suit(h[rho], s)
    for k in range(a, b):
        c = moves[ply, k]
        t = scores[ply, k]
        rr = 1 + POP13[af >> (t + 1)]
        seq = t > c % 13
        win = False
        if t == top:
            if not side:
                win = True
            elif cp != 0 or p_tr == 0:
                win = (cl != 0 or l_tr == 0) and (cr != 0 or r_tr == 0)
            else:
                win = (cl != 0 or p_tr > l_tr) and (cr != 0 or p_tr > r_tr)
        elif pf > (lf | rf):
            win = (not side) or ((cl != 0 or l_tr == 0) and (cr != 0 or r_tr == 0))
        elif side and cp == 0 and p_tr != 0:
            lho_ruffs = cl == 0 and l_tr != 0
            rho_ruffs = cr == 0 and r_tr != 0
            if lho_ruffs and rho_ruffs:
                win = p_tr > (l_tr | r_tr)
            elif lho_ruffs:
                win = p_tr > l_tr
            elif rho_ruffs:
                win = p_tr > r_tr
            else:
                win = True
        d = d0
        if win:
            if (cl == 1 and w1 == lho) or (cr == 1 and w1 == rho):
                wgt = d + 35 + rr
            elif w1 == m:
                if w2 == partner:
                    wgt = d + 48 + rr
                elif t == top:
                    wgt = d + 31
                else:
                    wgt = d - 3 + rr
            elif w1 == partner:
                wgt = d + 42 + rr if w2 == m else d + 28 + rr
            elif seq and t == second:
                wgt = d + 40
            elif seq:
                wgt = d + 22 + rr
            else:
                wgt = d + 11 + rr
            if _matches(killer, s, c % 13, t):
                wgt += 55
        else:
            if w2 == partner and w3 == partner:
                d += 20
            elif cp > 1 and ((w2 == m and w3 == partner) or (w2 == partner and w3 == m)):
                d += 13
            if (cl == 1 and w1 == lho) or (cr == 1 and w1 == rho):
                wgt = d + rr + 2
            elif w1 == m:
                if w2 == partner:
                    wgt = d + 33 + rr
                elif t == top:
                    wgt = d + 38
                else:
                    wgt = d - 14 + rr
            elif w1 == partner:
                wgt = d + 34 + rr
            elif seq and t == second:
                wgt = d + 35
            else:
                wgt = d + 17 - (t + 2)
            if _matches(killer, s, c % 13, t):
                wgt += 18
        if _matches(hint, s, c % 13, t):
            wgt = HINT_WEIGHT
        scores[ply, k] = wgt


@kernel
def _second_hand(h, trump, leader, led, alive, moves, scores, ply, n, suit_game):
    """Weights of the second hand's moves (following suit or not)."""
    me = (leader + 1) & 3
    third = (leader + 2) & 3
    fourth = (leader + 3) & 3
    ls = led // 13
    lead_r = led % 13
    f3 = _suit(h[third], ls)
    f4 = _suit(h[fourth], ls)
    max3 = HIGH13[f3]
    max4 = HIGH13[f4]
    min3 = LOW13[f3]
    min4 = LOW13[f4]
    lf = _suit(alive, ls)
    if _suit(h[me], ls) != 0:
        if not suit_game:
            if max4 > lead_r and max4 > max3:
                for k in range(n):
                    scores[ply, k] = -(scores[ply, k] + 2)
                return
            for k in range(n):
                c = moves[ply, k]
                t = scores[ply, k]
                rr = 1 + POP13[lf >> (t + 1)]
                if t > lead_r and t > max3:
                    w = 81 - (t + 2)
                elif min3 > t or min4 > t:
                    w = -3 + rr
                elif t < lead_r:
                    w = -11 + rr
                elif t > c % 13:
                    w = 10 + rr
                else:
                    w = 13 - (t + 2)
                scores[ply, k] = w
            return
        tr = trump
        t3 = _suit(h[third], tr)
        t4 = _suit(h[fourth], tr)
        leader_rest = _suit(h[leader], ls)
        for k in range(n):
            c = moves[ply, k]
            t = scores[ply, k]
            rr = 1 + POP13[lf >> (t + 1)]
            win = False
            if ls == tr:
                win = (max4 > lead_r and max4 > max3) or (t > lead_r and t > max3)
            elif t > lead_r and t > max3:
                win = max3 >= 0 or t3 == 0 or (max4 < 0 and t4 != 0 and t4 > t3)
            elif max4 > lead_r and max4 > max3:
                win = max3 >= 0 or t3 == 0
            elif lead_r > max4 and lead_r > max3 and lead_r > t:
                if max4 < 0 and t4 != 0:
                    win = max3 >= 0 or t3 == 0 or t4 > t3
            elif max4 < 0 and t4 != 0:
                win = True
            if win:
                if min3 > t:
                    w = 40 + rr
                elif max4 > lead_r and leader_rest > f4:
                    w = 41 + rr
                elif t > lead_r:
                    if t < max4:
                        w = 78 - (t + 2)
                    elif t > max3:
                        w = 73 - (t + 2)
                    elif t > c % 13:
                        w = 62 - (t + 2)
                    else:
                        w = 49 - (t + 2)
                elif max4 >= 0:
                    w = 47 - (t + 2)
                else:
                    w = 40 - (t + 2)
            elif t < min3 or t < min4:
                w = -9 + rr
            elif t < lead_r:
                w = -16 + rr
            elif t > c % 13:
                w = 22 - (t + 2)
            else:
                w = 10 - (t + 2)
            scores[ply, k] = w
        return
    lead_bit = 1 << lead_r
    partner_wins = f4 > (f3 | lead_bit)
    if not suit_game:
        for k in range(n):
            c = moves[ply, k]
            s = c // 13
            t = scores[ply, k]
            af = _suit(alive, s)
            length = POP13[_suit(h[me], s)]
            mine_top = _nth_owner(h, af, s, 0) == me
            mine_second = _nth_owner(h, af, s, 1) == me
            if partner_wins:
                add = _discard_add(length, mine_second, mine_top, 64, 23, 2, 3)
            else:
                add = _discard_add(length, mine_second, mine_top, 64, 33, 6, 8)
            scores[ply, k] = add - (t + 2)
        return
    tr = trump
    t3 = _suit(h[third], tr)
    t4 = _suit(h[fourth], tr)
    for k in range(n):
        c = moves[ply, k]
        s = c // 13
        t = scores[ply, k]
        af = _suit(alive, s)
        length = POP13[_suit(h[me], s)]
        mine_second = _nth_owner(h, af, s, 1) == me
        if ls == tr:
            if f4 > (f3 | lead_bit):
                add = (length * 64) // 44
            else:
                add = _discard_add(length, mine_second, False, 64, 36, 4, 0)
            w = add - (t + 2)
        elif s != tr:
            if f3 != 0:
                if f4 > (f3 | lead_bit) or (f4 == 0 and t4 != 0):
                    add = 60 + (length * 64) // 44
                else:
                    add = _discard_add(length, mine_second, False, 64, 36, 4, 0) - 2
            elif f4 == 0 and t4 > t3:
                add = 60 + (length * 64) // 44
            elif t3 == 0 and f4 > lead_bit:
                add = 60 + (length * 64) // 44
            else:
                add = _discard_add(length, mine_second, False, 64, 36, 4, 0) - 2
            w = add - (t + 2)
        elif f3 != 0 or (f4 == 0 and t4 != 0 and t4 > t3):
            w = 24 - (t + 2) + (length * 64) // 44
        elif (1 << t) > t3:
            w = 24 - (t + 2) + (length * 64) // 44
        else:
            w = 15 - (t + 2) + _discard_add(length, mine_second, False, 64, 36, 4, 0)
        scores[ply, k] = w


@kernel
def _second_of_holding(f, live_f):
    """The highest card of holding ``f`` below its top sequence (cards of ``live_f`` separate sequences), -1 if none."""
    top = HIGH13[f]
    r = top - 1
    while r >= 0:
        if (live_f >> r) & 1:
            if not (f >> r) & 1:
                break
        r -= 1
    below = f & ((1 << (r + 1)) - 1) if r >= 0 else 0
    return HIGH13[below] if below else -1


@kernel
def _force_out(moves, scores, ply, n, threshold):
    """Index of the lowest move whose top card beats ``threshold`` (-1 if none)."""
    best = -1
    best_t = 99
    for k in range(n):
        t = scores[ply, k]
        if t > threshold and t < best_t:
            best_t = t
            best = k
    return best


@kernel
def _third_hand(h, trump, leader, tc, start, alive, live, moves, scores, ply, n, suit_game):
    """Weights of the third hand's moves."""
    me = (leader + 2) & 3
    fourth = (leader + 3) & 3
    led = tc[start]
    ls = led // 13
    lead_r = led % 13
    wi = trick_winner_index(tc, start, 2, trump)
    wcard = tc[start + wi]
    win_r = wcard % 13
    ruffed = wcard // 13 != ls
    f4 = _suit(h[fourth], ls)
    max4 = HIGH13[f4]
    min4 = LOW13[f4]
    mine = _suit(h[me], ls)
    if mine != 0:
        max3 = HIGH13[mine]
        lowest = not suit_game
        bonus_at = -1
        win_w = 60
        if not suit_game:
            if wi == 0 and lead_r > max4:
                lowest = True
            elif max3 < min4 or max3 < win_r:
                lowest = True
            else:
                lowest = False
                if max4 > max3 and max4 > win_r:
                    bonus_at = _third_force(moves, scores, ply, n, f4, _suit(live, ls), win_r, wi)
        elif ls == trump:
            if (wi == 0 and lead_r > max4) or max3 < min4 or max3 < win_r:
                lowest = True
            elif max3 > max4:
                lowest = False
                win_w = 58
            else:
                lowest = True
                bonus_at = _third_force(moves, scores, ply, n, f4, _suit(live, ls), win_r, wi)
        elif ruffed:
            lowest = True
        elif wi == 0:
            if max4 < 0 or lead_r > max4 or max3 < min4 or max3 < win_r:
                lowest = True
            elif max3 > max4:
                lowest = False
                win_w = 58
            else:
                lowest = False
                bonus_at = _third_force(moves, scores, ply, n, f4, _suit(live, ls), win_r, wi)
        else:
            if max4 < 0:
                for k in range(n):
                    t = scores[ply, k]
                    scores[ply, k] = 20 - (t + 2) if t > win_r else -(t + 2)
                return
            if max3 < min4 or max3 < win_r:
                lowest = True
            elif max3 > max4:
                lowest = False
                win_w = 58
            else:
                lowest = False
                bonus_at = _third_force(moves, scores, ply, n, f4, _suit(live, ls), win_r, wi)
        if lowest:
            for k in range(n):
                scores[ply, k] = -(scores[ply, k] + 2)
        else:
            for k in range(n):
                t = scores[ply, k]
                scores[ply, k] = win_w - (t + 2) if (t > win_r and t > max4) else -(t + 2)
        if bonus_at >= 0:
            scores[ply, bonus_at] += 20
        return
    if not suit_game:
        for k in range(n):
            c = moves[ply, k]
            s = c // 13
            t = scores[ply, k]
            af = _suit(alive, s)
            length = POP13[_suit(h[me], s)]
            add = (length * 64) // 24
            if (length == 2 and _nth_owner(h, af, s, 1) == me) or (length == 1 and _nth_owner(h, af, s, 0) == me):
                add -= 4
            scores[ply, k] = add - (t + 2)
        return
    tr = trump
    t4 = _suit(h[fourth], tr)
    partner_sure = wi == 0 and lead_r > max4 and (max4 >= 0 or t4 == 0)
    for k in range(n):
        c = moves[ply, k]
        s = c // 13
        t = scores[ply, k]
        af = _suit(alive, s)
        length = POP13[_suit(h[me], s)]
        if ls == tr or s != tr:
            w = (length * 64) // 40 - (t + 2)
        elif partner_sure:
            w = -(t + 2) - 50
        elif ruffed and t < win_r:
            w = -32 + 1 + POP13[af >> (t + 1)] + (length * 64) // 40
        elif wi == 0:
            if max4 >= 0:
                if _nth_owner(h, _suit(alive, ls), ls, 1) == leader:
                    w = 36 - (t + 2) + (length * 64) // 50
                else:
                    w = 48 - (t + 2) + (length * 64) // 50
            elif (1 << t) > t4:
                w = 48 - (t + 2) + (length * 64) // 50
            else:
                w = -12 - (t + 2) + (length * 64) // 50
        elif max4 >= 0:
            w = 72 - (t + 2) + (length * 64) // 50
        elif (1 << t) > t4:
            w = 48 - (t + 2) + (length * 64) // 50
        else:
            w = 36 - (t + 2) + (length * 64) // 50
        scores[ply, k] = w


@kernel
def _third_force(moves, scores, ply, n, f4, live_f, win_r, wi):
    """The move that forces out the fourth hand's top card as cheaply as possible (-1: none)."""
    second4 = _second_of_holding(f4, live_f)
    if second4 < 0:
        return -1
    if second4 > win_r:
        return _force_out(moves, scores, ply, n, second4)
    if wi == 1:
        return _force_out(moves, scores, ply, n, win_r)
    return -1


@kernel
def _fourth_hand(h, trump, leader, tc, start, alive, moves, scores, ply, n, suit_game):
    """Weights of the fourth hand's moves."""
    me = (leader + 3) & 3
    led = tc[start]
    ls = led // 13
    wi = trick_winner_index(tc, start, 3, trump)
    wcard = tc[start + wi]
    win_r = wcard % 13
    ruffed = wcard // 13 != ls
    if _suit(h[me], ls) != 0:
        low = wi == 1 or (suit_game and ruffed)
        for k in range(n):
            t = scores[ply, k]
            scores[ply, k] = 30 - (t + 2) if (not low and t > win_r) else -(t + 2)
        return
    for k in range(n):
        c = moves[ply, k]
        s = c // 13
        t = scores[ply, k]
        af = _suit(alive, s)
        length = POP13[_suit(h[me], s)]
        mine_second = _nth_owner(h, af, s, 1) == me
        if not suit_game:
            add = _discard_add(length, mine_second, _nth_owner(h, af, s, 0) == me, 64, 27, 6, 8)
            scores[ply, k] = add - (t + 2)
            continue
        val = _discard_add(length, mine_second, False, 64, 24, 2, 0)
        rr = 1 + POP13[af >> (t + 1)]
        if ls == trump:
            w = val - (t + 2)
        elif wi == 1:
            w = (2 if s == trump else 25) - (t + 2) + val
        elif ruffed:
            if s == trump:
                w = 33 + rr if t > win_r else -13 + rr
            else:
                w = 14 - (t + 2) + val
        elif s == trump:
            w = 33 + rr
        else:
            w = 14 - (t + 2) + val
        scores[ply, k] = w


@kernel
def generate_moves(h, trump, leader, pos, tc, start, hint, killer, tleft, moves, scores, ply):
    """Write the mover's representative cards, best first, to ``moves[ply]``; return how many.

    ``h`` holds the cards not yet played, ``tc[start:start+pos]`` the cards of
    the current trick, ``hint`` a card suggested by the transposition table
    and ``killer`` the last lead that cut off at this ply (``-1`` for none),
    ``tleft`` the tricks left from the current trick's start.
    """
    m = (leader + pos) & 3
    hand = h[m]
    alive = h[0] | h[1] | h[2] | h[3]
    live = alive
    for i in range(pos):
        live |= 1 << tc[start + i]
    lo_suit = 0
    hi_suit = 4
    if pos > 0:
        led = tc[start] // 13
        if _suit(hand, led) != 0:
            lo_suit = led
            hi_suit = led + 1
    n = 0
    for s in range(lo_suit, hi_suit):
        f = _suit(hand, s)
        if f == 0:
            continue
        lf = _suit(live, s)
        first = n
        rest = f
        while rest:  # own cards upwards; one starts a new sequence unless the next lower live card is own too
            low = rest & -rest
            rest ^= low
            r = HIGH13[low]
            below = HIGH13[lf & (low - 1)]
            if below >= 0 and (f >> below) & 1:
                scores[ply, n - 1] = r
            else:
                moves[ply, n] = 13 * s + r
                scores[ply, n] = r
                n += 1
        if pos == 0:
            _lead_weights(h, trump, m, s, tleft, alive, moves, scores, ply, first, n, hint, killer)
    suit_game = trump < 4 and _suit(live, trump) != 0
    if pos == 1:
        _second_hand(h, trump, leader, tc[start], alive, moves, scores, ply, n, suit_game)
    elif pos == 2:
        _third_hand(h, trump, leader, tc, start, alive, live, moves, scores, ply, n, suit_game)
    elif pos == 3:
        _fourth_hand(h, trump, leader, tc, start, alive, moves, scores, ply, n, suit_game)
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
