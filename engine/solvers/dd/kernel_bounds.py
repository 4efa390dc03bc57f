"""Numba kernels for cheap trick bounds at a trick boundary.

* ``quick_tricks``: the tricks the side on lead can cash at once.  The leader
  runs, suit by suit, the cards ranking above all of the opponents' cards while
  partner follows with his lowest card; a suit stops counting when partner
  would have to overtake (the lead would change hands) or, in a side suit, when
  an opponent who still holds trumps runs out of it.  When partner is void he
  discards his spare cards (those above the ones he follows with); one suit whose
  cashing ends with partner overtaking may be played last for one more trick
  when partner needs no discards; or, when partner needs no discards, the
  leader crosses to partner in a suit partner tops and partner cashes his
  winners in the suits the leader has not cashed.
* ``sure_trump_tricks`` (the *later-trick* bound, for either side whoever is
  on lead): trumps ranking above all the other side's trumps each win a trick
  whenever played, so a side takes at least as many tricks as the longer of its
  two holdings of such trumps; applied to the defenders of a target it caps the
  side that needs the tricks.

* ``leader_cannot_take_all`` (the later-trick bound of DDS for a side on
  lead that needs every remaining trick, with no trumps in play): such a side
  must win every trick, so it can never lead a suit the other side tops; each
  suit it tops yields at most as many tricks as its longer holding there.  If
  those lengths add up to fewer than the tricks left, it cannot take them all.

All return which cards the bound depended on (every card down to the
lowest counted winner in each suit used), so a cut-off can be stored in the
transposition table under that rank pattern only.
"""

from __future__ import annotations

from engine.jit import kernel

from .tables import HIGH13, POP13, SUIT_FIELD

__all__ = ["quick_tricks", "sure_trump_tricks", "leader_cannot_take_all", "second_hand_tricks"]


@kernel
def _cash(lf, pf, top_opp, limit):
    """Tricks the leader cashes in one suit keeping the lead, and whether one more ends in partner's hand.

    The leader's winners are his cards above ``top_opp``.  Each round partner
    plays his lowest card and the leader the cheapest winner above it, so
    partner's small cards go under and the high winners are kept for partner's
    high cards; when no winner beats partner's lowest card, partner must
    overtake (the trick is still won, in partner's hand).
    """
    winners = (lf >> (top_opp + 1)) << (top_opp + 1)
    count = 0
    p = pf
    while winners and count < limit:
        if p:
            pc = p & -p
            p ^= pc
            above = winners & ~((pc << 1) - 1)
            if above == 0:
                return count, True
            winners ^= above & -above
        else:
            winners ^= winners & -winners
        count += 1
    return count, False


@kernel
def _run(xf, yf, top_opp, m, limit):
    """Tricks a side takes running a suit from hand X (cards ``xf``) with hand Y (``yf``) unblocking under
    it, ending with X on lead; and the lowest rank the count depends on (13 when there is no run).

    Each round X plays its highest card and Y its highest: X wins every round Y follows in when each of
    X's top cards beats the matching one of Y's, and every round while the opponents (at most ``m``
    cards each) still follow when X's top ``m`` cards beat their top card; after that X's other cards
    win too.  The lead reaches X at once when X leads the suit, or when Y does (Y needs a card of it).
    At most ``limit`` rounds are counted (an opponent with trumps may ruff after that).
    """
    a = POP13[xf]
    b = POP13[yf]
    if b > a or a < m:
        return 0, 13
    x = xf
    y = yf
    low = 13
    for i in range(max(b, m)):
        xi = HIGH13[x]
        x ^= 1 << xi
        low = min(low, xi)
        if i < m and xi <= top_opp:
            return 0, 13
        if i < b:
            yi = HIGH13[y]
            y ^= 1 << yi
            if yi > xi:
                return 0, 13
            low = min(low, yi)
    return min(a, limit), low


@kernel
def _winners_from(lf, top_opp, shift, alive):
    """Relevant cards of a suit cashed from the top: every live card down to the lowest winner in ``lf``."""
    lowest = (lf >> (top_opp + 1)) << (top_opp + 1)
    lowest &= -lowest
    return (((alive >> shift) & SUIT_FIELD) & ~(lowest - 1)) << shift


@kernel
def _ruff_limit(h, trump, s, o1, o2, t1, t2):
    """How many rounds of suit ``s`` can be cashed before an opponent who still holds trumps can ruff
    (``t1``, ``t2``: the opponents' trumps left once the leader has drawn what he cashed)."""
    limit = 13
    if trump < 4 and s != trump:
        if t1 > 0:
            limit = min(limit, POP13[(h[o1] >> (13 * s)) & SUIT_FIELD])
        if t2 > 0:
            limit = min(limit, POP13[(h[o2] >> (13 * s)) & SUIT_FIELD])
    return limit


@kernel
def _partner_run(h, trump, leader, cashed, t1, t2):
    """Tricks from crossing to partner and cashing his winners, with the cards that depends on.

    The leader leads low in a suit where partner holds the top card and the
    leader holds no winner; partner cashes his winners there and then in every
    suit the leader did not cash (the leader following low or discarding).  An
    opponent holding trumps follows suit to every counted trick (the ruff
    limit), so he never discards and the limits stay valid in any order.
    """
    partner = (leader + 2) & 3
    o1 = (leader + 1) & 3
    o2 = (leader + 3) & 3
    alive = h[0] | h[1] | h[2] | h[3]
    best = 0
    best_rel = 0
    for e in range(4):
        if (cashed >> e) & 1:
            continue
        shift = 13 * e
        lf = (h[leader] >> shift) & SUIT_FIELD
        pf = (h[partner] >> shift) & SUIT_FIELD
        if lf == 0 or pf == 0:
            continue
        top_opp = HIGH13[((h[o1] | h[o2]) >> shift) & SUIT_FIELD]
        if HIGH13[pf] <= top_opp or HIGH13[lf] > top_opp:
            continue
        limit = _ruff_limit(h, trump, e, o1, o2, t1, t2)
        tricks = min(POP13[pf >> (top_opp + 1)], limit)
        if tricks == 0:
            continue
        rel = _winners_from(pf, top_opp, shift, alive)
        for t in range(4):
            if t == e or (cashed >> t) & 1:
                continue
            tshift = 13 * t
            pt = (h[partner] >> tshift) & SUIT_FIELD
            if pt == 0:
                continue
            lt = (h[leader] >> tshift) & SUIT_FIELD
            top_t = HIGH13[((h[o1] | h[o2]) >> tshift) & SUIT_FIELD]
            count, _ = _cash(pt, lt, top_t, _ruff_limit(h, trump, t, o1, o2, t1, t2))
            if count > 0:
                tricks += count
                rel |= _winners_from(pt, top_t, tshift, alive)
        if tricks > best:
            best = tricks
            best_rel = rel
    return best, best_rel


@kernel
def quick_tricks(h, trump, leader):
    """Return ``(tricks, relevant_mask)`` the leader's side can cash from the top.

    In a suit contract the trumps go first: every round the leader cashes
    draws a trump from each opponent who still has one, and an opponent left
    without trumps can no longer ruff.  Once the opponents (and partner) are
    out of a suit, the leader's remaining cards of it are winners too, unless
    an opponent can still ruff.  At no trump a suit may also be run
    (:func:`_run`) from the leader's hand, or, as the last suit, from partner's
    (in suit contracts the run's wider rank pattern cost more trick starts
    than its cuts saved).
    """
    partner = (leader + 2) & 3
    o1 = (leader + 1) & 3
    o2 = (leader + 3) & 3
    total = 0
    bonus = 0
    bonus_rel = 0
    relevant = 0
    discards = False
    cashed = 0
    alive = h[0] | h[1] | h[2] | h[3]
    t1 = 0
    t2 = 0
    if trump < 4:
        t1 = POP13[(h[o1] >> (13 * trump)) & SUIT_FIELD]
        t2 = POP13[(h[o2] >> (13 * trump)) & SUIT_FIELD]
    for i in range(4):
        s = (trump + i) & 3 if trump < 4 else i
        shift = 13 * s
        lf = (h[leader] >> shift) & SUIT_FIELD
        if lf == 0:
            continue
        f1 = (h[o1] >> shift) & SUIT_FIELD
        f2 = (h[o2] >> shift) & SUIT_FIELD
        pf = (h[partner] >> shift) & SUIT_FIELD
        limit = _ruff_limit(h, trump, s, o1, o2, t1, t2)
        top_opp = HIGH13[f1 | f2]  # -1 when both opponents are void
        count, overtaken = _cash(lf, pf, top_opp, limit)
        rel = _winners_from(lf, top_opp, shift, alive)
        tricks = count
        m = max(POP13[f1], POP13[f2])
        if (not overtaken and count >= m and count >= POP13[pf]
                and (s == trump or (t1 == 0 and t2 == 0))):
            tricks = POP13[lf]  # the others are out of the suit: the leader's small cards win too
        af = (alive >> shift) & SUIT_FIELD
        if trump == 4:
            run, low = _run(lf, pf, top_opp, m, limit)
            if run > tricks:  # the leader runs the suit with partner unblocking
                tricks = run
                rel = (af & ~((1 << low) - 1)) << shift
                overtaken = False
        if trump == 4 and pf != 0:
            run, low = _run(pf, lf, top_opp, m, limit)
            if run - tricks > bonus:  # played last: the leader leads to partner, who runs the suit
                bonus = run - tricks
                bonus_rel = (af & ~((1 << low) - 1)) << shift
        if tricks > 0:
            total += tricks
            relevant |= rel
            cashed |= 1 << s
            if tricks > POP13[pf]:
                discards = True
        if s == trump:
            t1 = max(0, t1 - tricks)
            t2 = max(0, t2 - tricks)
        if overtaken and count < limit and bonus == 0:
            bonus = 1
            bonus_rel = rel
    extra = 0
    extra_rel = 0
    if not discards:  # partner's discards might have to come from the bonus suit or his winners
        extra, extra_rel = _partner_run(h, trump, leader, cashed, t1, t2)
        if bonus > extra:
            extra = bonus
            extra_rel = bonus_rel
    return total + extra, relevant | extra_rel


@kernel
def sure_trump_tricks(h, trump, side):
    """Return ``(tricks, relevant_mask)``: the trumps of ``side`` (0 = NS, 1 = EW) above all the other side's
    trumps each win a trick, as many as the side's longer trump holding keeps apart (two such trumps that
    are the only trumps of their hands fall on one trick)."""
    if trump >= 4:
        return 0, 0
    shift = 13 * trump
    a = (h[side] >> shift) & SUIT_FIELD
    b = (h[side + 2] >> shift) & SUIT_FIELD
    other = ((h[side ^ 1] | h[(side ^ 1) + 2]) >> shift) & SUIT_FIELD
    top = HIGH13[other]
    counted = ((a | b) >> (top + 1)) << (top + 1)
    if counted == 0:
        return 0, 0
    tricks = min(POP13[counted], max(POP13[a], POP13[b]))
    lowest = counted & -counted
    alive = ((h[0] | h[1] | h[2] | h[3]) >> shift) & SUIT_FIELD
    return tricks, (alive & ~(lowest - 1)) << shift


@kernel
def _defenders_trump_trick(h, trump, leader):
    """``(True, relevant_mask)`` when the side not on lead surely wins a trump trick if the side on lead
    is to win every trick: it holds the top trump, or a guarded second trump sitting over the top
    trump's hand (its holder always plays after it, for the side not on lead never leads again), or
    the second and third trumps with the second guarded (the top trump can take only one of them)."""
    shift = 13 * trump
    alive = ((h[0] | h[1] | h[2] | h[3]) >> shift) & SUIT_FIELD
    if alive == 0:
        return False, 0
    r1 = HIGH13[alive]
    t = 0
    for seat in range(4):
        if (h[seat] >> (shift + r1)) & 1:
            t = seat
    if (t & 1) != (leader & 1):
        return True, (1 << r1) << shift
    rest = alive ^ (1 << r1)
    if rest == 0:
        return False, 0
    r2 = HIGH13[rest]
    holder = -1
    for seat in range(4):
        if (h[seat] >> (shift + r2)) & 1:
            holder = seat
    if (holder & 1) == (leader & 1) or POP13[(h[holder] >> shift) & SUIT_FIELD] < 2:
        return False, 0
    if holder == ((t + 1) & 3):
        return True, ((1 << r1) | (1 << r2)) << shift
    rest ^= 1 << r2
    if rest == 0:
        return False, 0
    r3 = HIGH13[rest]
    if (((h[leader ^ 1] | h[(leader ^ 1) ^ 2]) >> (shift + r3)) & 1) == 0:
        return False, 0
    return True, (alive & ~((1 << r3) - 1)) << shift


@kernel
def leader_cannot_take_all(h, trump, leader, tleft):
    """Return ``(True, relevant_mask)`` when the side on lead surely loses a trick.

    With trumps out: :func:`_defenders_trump_trick`.  Without: the side on lead
    must win every trick, so it can never lead a suit the other side tops;
    each suit it tops yields at most as many tricks as its longer holding
    there.  If those lengths add up to fewer than the tricks left, it cannot
    take them all; nor when the leader holds no card of a suit its side tops
    (whatever it leads, the other side's top card wins the trick: DDS's
    quick-tricks cut "with 0").  The relevant cards are the other side's top cards in the
    suits it tops; the suits the leader's side tops need no ranks (if another
    position gives such a suit to the other side, the sum only shrinks).
    """
    alive = h[0] | h[1] | h[2] | h[3]
    if trump < 4 and (alive >> (13 * trump)) & SUIT_FIELD:
        return _defenders_trump_trick(h, trump, leader)
    partner = (leader + 2) & 3
    side = h[leader] | h[partner]
    total = 0
    rel = 0
    own_lead = False  # the leader holds a card of a suit its side tops
    led_rel = 0  # the other side's top cards in the suits the leader holds
    for s in range(4):
        shift = 13 * s
        af = (alive >> shift) & SUIT_FIELD
        if af == 0:
            continue
        top = HIGH13[af]
        mine = (h[leader] >> shift) & SUIT_FIELD
        if (side >> (shift + top)) & 1:
            total += max(POP13[mine], POP13[(h[partner] >> shift) & SUIT_FIELD])
            if mine:
                own_lead = True
        elif af != 1 << top:
            rel |= 1 << (shift + top)
            if mine:
                led_rel |= 1 << (shift + top)
    if not own_lead:  # every suit the leader can lead is topped by the other side: it wins this trick
        return True, led_rel
    if total < tleft:
        return True, rel
    return False, 0


@kernel
def second_hand_tricks(h, trump, leader, led):
    """Return ``(tricks, relevant_mask)`` the second hand's side surely takes, the current trick included.

    After the lead (``led``, already out of the leader's hand), the second
    hand's side wins the trick when its highest card of the suit led beats the
    card led and all of the third hand's cards, or when one of them can ruff,
    and in both cases the third hand cannot ruff.  At no trump the winner then
    cashes his next card of the suit when he held the suit's two top cards, and
    his top cards of the other suits (or the whole suit where nobody else holds
    it).  0 when the trick is not sure.
    """
    hand = (leader + 1) & 3
    third = (leader + 2) & 3
    part = (leader + 3) & 3
    ss = led // 13
    shift = 13 * ss
    own_h = (h[hand] >> shift) & SUIT_FIELD
    own_p = (h[part] >> shift) & SUIT_FIELD
    f3 = (h[third] >> shift) & SUIT_FIELD
    led_bit = 1 << (led % 13)
    third_ruffs = False
    ruff = False
    if trump < 4 and ss != trump:
        tshift = 13 * trump
        third_ruffs = f3 == 0 and ((h[third] >> tshift) & SUIT_FIELD) != 0
        ruff = (own_h == 0 and ((h[hand] >> tshift) & SUIT_FIELD) != 0) or (
            own_p == 0 and ((h[part] >> tshift) & SUIT_FIELD) != 0)
    if third_ruffs:
        return 0, 0
    rel = 0
    if not ruff:
        ranks = own_h | own_p
        if ranks == 0 or HIGH13[ranks] < HIGH13[led_bit | f3]:
            return 0, 0
        rel = 1 << (shift + HIGH13[ranks])
    tricks = 1
    if trump < 4:
        return tricks, rel
    hh = hand if own_h > own_p else part
    alive = h[0] | h[1] | h[2] | h[3]
    af = ((alive >> shift) & SUIT_FIELD) | led_bit
    hf = (h[hh] >> shift) & SUIT_FIELD
    top = HIGH13[af]
    if (hf >> top) & 1:
        rest = af ^ (1 << top)
        if rest:
            second = HIGH13[rest]
            if (hf >> second) & 1:
                tricks += 1
                rel |= 1 << (shift + second)
    for s in range(4):
        if s == ss:
            continue
        sh = 13 * s
        f = (h[hh] >> sh) & SUIT_FIELD
        if f == 0:
            continue
        others = ((alive ^ h[hh]) >> sh) & SUIT_FIELD
        if others == 0:
            tricks += POP13[f]
        else:
            t = HIGH13[f | others]
            if (f >> t) & 1:
                tricks += 1
                rel |= 1 << (sh + t)
    return tricks, rel
