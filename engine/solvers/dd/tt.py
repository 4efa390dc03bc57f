"""The transposition table: bounds on trick-boundary positions, stored as rank *patterns*.

An entry says "from any position with these suit lengths in every hand, this
leader and strain, and these owners of the top ``k[s]`` remaining cards of each
suit, North-South take at least ``lb`` and at most ``ub`` of the remaining
tricks".  ``k[s]`` comes from the search: only the cards whose ranks decided a
trick in the proof (closed upwards within the suit) are fixed, lower cards are
plain spot cards.  This is partition search in the style of DDS and Chang's
bridge-solver; because ranks are *relative* (played cards squeezed out), one
entry serves many positions of many deals, so the table never needs clearing
between deals and is always exact.

Layout: one ``int64[5, n]`` array (column-major so a bucket's tags are
contiguous and a probe scans them in a few cache lines); buckets of
:data:`WAYS` consecutive entries, chosen by a hash of the suit lengths, the
leader and the strain.  A pattern can only be matched by scanning (its length
``k`` differs per entry), so the bucket must be wide: measured on random deals,
with 4 ways the search visited 10-100 times more
nodes than with an unbounded bucket; 256 ways come within 1.1-1.6 times of it
and scanning more costs more time than it saves.  Some groups still hold
thousands of patterns, so an entry that fixes the top card of every non-empty
suit (most do) goes to a second bucket whose hash also includes those cards'
owners; a probe scans both buckets (the group's and the position's fine one).
On a hard deal this cut the nodes of one search from 106 to 31 million.  The
levels are general (:data:`LEVELS`; level ``L`` hashes the owners of the top
``L`` cards of every suit), but a third and fourth level measured slower on 12
random deals' lead solves (25.5 s against 18.8 s, the same nodes).

* tag: the bucket's hash (group, or group and top-card owners; 0 = empty slot);
* word 0: the 16 suit lengths (4 bits each, hand-major);
* word 1, 2: owner codes of suits 0/1 and 2/3 (26 bits each, two bits per card
  from the top down, masked to the pattern's ``k`` cards);
* word 3: leader (2 bits) | strain (3) | lb (4) | ub (4) | k[0..3] (4 each) |
  hint card + 1 (7) | generation (20) | tricks left (4).
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .tables import HIGH13, POP13, SUIT_FIELD, TOP_MASK26

__all__ = ["WAYS", "ENTRY_BYTES", "new_table", "position_key", "probe", "store", "pattern_cards"]

WAYS = 256
LEVELS = 2
"""Bucket levels a probe scans: the group's, and the one that also hashes the owners of each suit's top card."""
ENTRY_BYTES = 40
_META_BITS = 5
_LB_SHIFT = 5
_UB_SHIFT = 9
_K_SHIFT = 13
_HINT_SHIFT = 29
_GEN_SHIFT = 36
_GEN_MASK = (1 << 20) - 1
_DEPTH_SHIFT = 56


def new_table(megabytes: float) -> np.ndarray:
    """An empty table using at most ``megabytes`` (rounded down to a power-of-two bucket count)."""
    entries = int(megabytes * (1 << 20)) // ENTRY_BYTES
    buckets = 1
    while buckets * 2 * WAYS <= entries:
        buckets *= 2
    return np.zeros((5, buckets * WAYS), dtype=np.int64)


@kernel
def position_key(h, codes):
    """Fill ``codes[0..3]`` with each suit's owner code; return the suit-length word.

    The owner code lists, from the highest remaining card of the suit down, two
    bits naming its holder; it is aligned to the top of 26 bits so the owners
    of the top ``k`` cards are the code's top ``2k`` bits.
    """
    lengths = 0
    for seat in range(4):
        for s in range(4):
            lengths |= POP13[(h[seat] >> (13 * s)) & SUIT_FIELD] << (4 * (4 * seat + s))
    alive = h[0] | h[1] | h[2] | h[3]
    for s in range(4):
        shift = 13 * s
        af = (alive >> shift) & SUIT_FIELD
        e = (h[1] >> shift) & SUIT_FIELD
        so = (h[2] >> shift) & SUIT_FIELD
        w = (h[3] >> shift) & SUIT_FIELD
        code = 0
        n = 0
        while af:
            r = HIGH13[af]
            af ^= 1 << r
            owner = ((e >> r) & 1) | (((so >> r) & 1) << 1) | (((w >> r) & 1) * 3)
            code = (code << 2) | owner
            n += 1
        codes[s] = code << (2 * (13 - n))
    return lengths


@kernel
def _tag(lengths, meta):
    """A never-zero 64-bit hash of a position's lengths and meta bits."""
    x = lengths ^ ((meta + 1) * 0x2545F4914F6CDD1D)
    x ^= (x >> 31) & 0x1FFFFFFFF
    x *= 0x5851F42D4C957F2D
    x ^= (x >> 29) & 0x7FFFFFFFF
    x *= 0x2545F4914F6CDD1D
    return x | 1


@kernel
def _level_tag(lengths, meta, codes, level):
    """The tag of bucket level ``level``: entries there fix the top ``level`` cards of every suit
    (all of a shorter suit), so the tag also hashes those cards' owners (level 0: none)."""
    if level == 0:
        return _tag(lengths, meta)
    shift = 26 - 2 * level
    tops = 0
    for s in range(4):
        tops = (tops << (2 * level)) | (codes[s] >> shift)
    return _tag(lengths ^ ((tops + 1) * 0x9E3779B97F4A7C15) ^ (level << 60), meta)


@kernel
def _entry_level(lengths, ks):
    """The deepest bucket level whose cards an entry fixes (see :func:`_level_tag`)."""
    level = LEVELS - 1
    for s in range(4):
        n = ((lengths >> (4 * s)) & 15) + ((lengths >> (16 + 4 * s)) & 15)
        n += ((lengths >> (32 + 4 * s)) & 15) + ((lengths >> (48 + 4 * s)) & 15)
        k = (ks >> (4 * s)) & 15
        if k < n:
            level = min(level, k)
    return level


@kernel
def _bucket(tt, tag):
    nb = tt.shape[1] // WAYS
    return ((tag >> 23) & (nb - 1)) * WAYS


@kernel
def _matches(tt, i, codes):
    w3 = tt[4, i]
    for s in range(4):
        k = (w3 >> (_K_SHIFT + 4 * s)) & 15
        stored = (tt[2 + (s >> 1), i] >> (32 * (s & 1))) & 0x3FFFFFF
        if (codes[s] ^ stored) & TOP_MASK26[k]:
            return False
    return True


@kernel
def _within(ka, kb):
    """True when every suit's pattern depth in ``ka`` is at most the one in ``kb`` (``ka`` is as general)."""
    for s in range(4):
        if ((ka >> (4 * s)) & 15) > ((kb >> (4 * s)) & 15):
            return False
    return True


@kernel
def pattern_cards(h, w3):
    """The cards an entry's pattern fixes in position ``h``: the top ``k[s]`` remaining cards of each suit."""
    alive = h[0] | h[1] | h[2] | h[3]
    cards = 0
    for s in range(4):
        k = (w3 >> (_K_SHIFT + 4 * s)) & 15
        af = (alive >> (13 * s)) & SUIT_FIELD
        for _ in range(k):
            r = HIGH13[af]
            af ^= 1 << r
            cards |= 1 << (13 * s + r)
    return cards


@kernel
def probe(tt, h, lengths, codes, meta, target, out):
    """Look a position up; ``out`` gets ``lb, ub, lb_cards, ub_cards, hint``.

    ``lb_cards``/``ub_cards`` are the cards the entry giving each bound fixes
    (what a cut-off on that bound depends on); ``hint`` is a suggested lead
    (``-1`` for none).  The scan stops at the first entry that decides
    ``target`` (``lb >= target`` or ``ub < target``): the search needs no more.
    """
    out[0] = 0
    out[1] = 13
    out[2] = 0
    out[3] = 0
    out[4] = -1
    for level in range(LEVELS - 1, -1, -1):
        if _probe_bucket(tt, h, lengths, codes, meta, target, out, _level_tag(lengths, meta, codes, level)):
            return


@kernel
def _probe_bucket(tt, h, lengths, codes, meta, target, out, tag):
    """Scan one bucket into ``out``; True when an entry decided ``target``."""
    base = _bucket(tt, tag)
    tags = tt[0]
    for i in range(base, base + WAYS):
        if tags[i] != tag:
            continue
        if tt[1, i] != lengths or (tt[4, i] & 31) != meta:
            continue
        if not _matches(tt, i, codes):
            continue
        w3 = tt[4, i]
        lb = (w3 >> _LB_SHIFT) & 15
        ub = (w3 >> _UB_SHIFT) & 15
        if lb > out[0]:
            out[0] = lb
            out[2] = pattern_cards(h, w3)
            if lb >= target:
                return True
        if ub < out[1]:
            out[1] = ub
            out[3] = pattern_cards(h, w3)
            if ub < target:
                return True
        hint = ((w3 >> _HINT_SHIFT) & 127) - 1
        if hint >= 0 and out[4] < 0:
            # the hint is stored as suit * 16 + (how many remaining cards of the suit rank above it)
            s = hint >> 4
            above = hint & 15
            alive = h[0] | h[1] | h[2] | h[3]
            af = (alive >> (13 * s)) & SUIT_FIELD
            for _ in range(above):
                if af:
                    af ^= 1 << HIGH13[af]
            if af:
                card = 13 * s + HIGH13[af]
                if h[meta & 3] >> card & 1:
                    out[4] = card
    return False


@kernel
def store(tt, h, lengths, codes, meta, relevant, lb, ub, hint, tricks_left, generation):
    """Record ``lb <= NS tricks <= ub`` for the pattern of the ``relevant`` cards (already closed upwards)."""
    ks = 0
    c01 = 0
    c23 = 0
    for s in range(4):
        k = POP13[(relevant >> (13 * s)) & SUIT_FIELD]
        ks |= k << (4 * s)
        code = codes[s] & TOP_MASK26[k]
        if s < 2:
            c01 |= code << (32 * s)
        else:
            c23 |= code << (32 * (s - 2))
    hint_code = 0
    if hint >= 0:
        s = hint // 13
        alive = h[0] | h[1] | h[2] | h[3]
        af = (alive >> (13 * s)) & SUIT_FIELD
        above = POP13[af >> (hint % 13 + 1)]
        hint_code = s * 16 + above + 1
    tag = _level_tag(lengths, meta, codes, _entry_level(lengths, ks))
    base = _bucket(tt, tag)
    victim = base
    victim_rank = 1 << 62
    for i in range(base, base + WAYS):
        t = tt[0, i]
        w3 = tt[4, i]
        if t == tag and tt[1, i] == lengths and (w3 & 31) == meta and _matches(tt, i, codes):
            # an entry that applies here: merge with it, or let the more general one stand
            eks = (w3 >> _K_SHIFT) & 0xFFFF
            elb = (w3 >> _LB_SHIFT) & 15
            eub = (w3 >> _UB_SHIFT) & 15
            if eks == ks:
                lb = max(lb, elb)
                ub = min(ub, eub)
                if hint_code == 0:
                    hint_code = (w3 >> _HINT_SHIFT) & 127
                victim = i
                break
            if _within(eks, ks) and elb >= lb and eub <= ub:
                return  # an entry at least as general already says as much
            if _within(ks, eks) and lb >= elb and ub <= eub:
                victim = i  # the new entry says as much about more positions
                break
        if t == 0:
            rank = -(1 << 40)
        else:
            age = (generation - ((w3 >> _GEN_SHIFT) & _GEN_MASK)) & _GEN_MASK
            rank = ((w3 >> _DEPTH_SHIFT) & 15) - (age << 8)  # older first, then shallower
        if rank < victim_rank:
            victim_rank = rank
            victim = i
    tt[0, victim] = tag
    tt[1, victim] = lengths
    tt[2, victim] = c01
    tt[3, victim] = c23
    tt[4, victim] = (
        meta
        | (lb << _LB_SHIFT)
        | (ub << _UB_SHIFT)
        | (ks << _K_SHIFT)
        | (hint_code << _HINT_SHIFT)
        | ((generation & _GEN_MASK) << _GEN_SHIFT)
        | (tricks_left << _DEPTH_SHIFT)
    )
