"""Numba kernels for cheap trick bounds at a trick boundary.

* ``quick_tricks``: the tricks the side on lead can cash at once.  The leader
  runs, suit by suit, the cards ranking above all of the opponents' cards while
  partner follows with his lowest card; a suit stops counting when partner
  would have to overtake (the lead would change hands) or, in a side suit, when
  an opponent who still holds trumps runs out of it.  When partner is void he
  discards his spare cards (those above the ones he follows with); one suit whose
  cashing ends with partner overtaking may be played last for one more trick
  when partner needs no discards.
* ``sure_trump_tricks`` (the *later-trick* bound, for either side whoever is
  on lead): trumps ranking above all the other side's trumps each win a trick
  whenever played, so a side takes at least as many tricks as the longer of its
  two holdings of such trumps; applied to the defenders of a target it caps the
  side that needs the tricks.

Both return which cards the bound depended on (every card down to the
lowest counted winner in each suit used), so a cut-off can be stored in the
transposition table under that rank pattern only.
"""

from __future__ import annotations

from engine.jit import kernel

from .tables import HIGH13, POP13

__all__ = ["quick_tricks", "sure_trump_tricks"]


@kernel
def _cash(lf, pf, top_opp, limit):
    """Tricks the leader cashes in one suit keeping the lead, and whether one more ends in partner's hand."""
    winners = (lf >> (top_opp + 1)) << (top_opp + 1)
    count = 0
    p = pf
    while winners and count < limit:
        c = winners & -winners  # leader plays his lowest winner ...
        winners ^= c
        if p:
            pc = p & -p  # ... partner his lowest card
            p ^= pc
            if pc > c:
                return count, True
        count += 1
    return count, False


@kernel
def quick_tricks(h, trump, leader):
    """Return ``(tricks, relevant_mask)`` the leader's side can cash from the top."""
    partner = (leader + 2) & 3
    o1 = (leader + 1) & 3
    o2 = (leader + 3) & 3
    total = 0
    bonus = 0
    bonus_rel = 0
    relevant = 0
    discards = False
    alive = h[0] | h[1] | h[2] | h[3]
    for s in range(4):
        shift = 13 * s
        lf = (h[leader] >> shift) & 0x1FFF
        if lf == 0:
            continue
        of = ((h[o1] | h[o2]) >> shift) & 0x1FFF
        pf = (h[partner] >> shift) & 0x1FFF
        limit = 13
        if trump < 4 and s != trump:
            tshift = 13 * trump
            if (h[o1] >> tshift) & 0x1FFF:
                limit = min(limit, POP13[(h[o1] >> shift) & 0x1FFF])
            if (h[o2] >> tshift) & 0x1FFF:
                limit = min(limit, POP13[(h[o2] >> shift) & 0x1FFF])
        top_opp = HIGH13[of]  # -1 when both opponents are void
        count, overtaken = _cash(lf, pf, top_opp, limit)
        af = (alive >> shift) & 0x1FFF
        lowest_winner = lf >> (top_opp + 1) << (top_opp + 1)
        lowest_winner &= -lowest_winner
        rel = (af & ~(lowest_winner - 1)) << shift
        if count > 0:
            total += count
            relevant |= rel
            if count > POP13[pf]:
                discards = True
        if overtaken and count < limit and bonus == 0:
            bonus = 1
            bonus_rel = rel
    if bonus and not discards:  # partner's discards might have to come from the bonus suit
        total += 1
        relevant |= bonus_rel
    return total, relevant


@kernel
def sure_trump_tricks(h, trump, side):
    """Return ``(tricks, relevant_mask)``: trumps of ``side`` (0 = NS, 1 = EW) above all the other side's trumps."""
    if trump >= 4:
        return 0, 0
    shift = 13 * trump
    a = (h[side] >> shift) & 0x1FFF
    b = (h[side + 2] >> shift) & 0x1FFF
    other = ((h[side ^ 1] | h[(side ^ 1) + 2]) >> shift) & 0x1FFF
    top = HIGH13[other]
    na = POP13[a >> (top + 1)]
    nb = POP13[b >> (top + 1)]
    tricks = max(na, nb)
    if tricks == 0:
        return 0, 0
    counted = a if na >= nb else b
    lowest = (counted >> (top + 1)) << (top + 1)
    lowest &= -lowest
    alive = ((h[0] | h[1] | h[2] | h[3]) >> shift) & 0x1FFF
    return tricks, (alive & ~(lowest - 1)) << shift
