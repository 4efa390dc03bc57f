"""The transposition table: bounds on trick-boundary positions, stored as rank *patterns* in per-group lists.

An entry says "from any position with these suit lengths in every hand, this
leader and strain, and these owners of the top ``k[s]`` remaining cards of each
suit, North-South take at least ``lb`` and at most ``ub`` of the remaining
tricks".  ``k[s]`` comes from the search: only the cards whose ranks decided a
trick in the proof (closed upwards within the suit) are fixed, lower cards are
plain spot cards.  This is partition search in the style of DDS and Chang's
bridge-solver; because ranks are *relative* (played cards squeezed out), one
entry serves many positions of many deals, so the table never needs clearing
between deals and is always exact.

**Groups.**  Entries are filed by *group*: the suit lengths of all four hands,
the leader and the strain (as DDS files them by suit distribution), and, for an
entry that fixes the top card of every suit it does not fix entirely (most do),
also the owners of those top cards (so the largest groups split into many small
ones).  A probe looks the position's two groups up in an open-addressing
directory and scans only their own entries, newest first, never another
group's: a 256-way bucket shared by every group that hashes to it cost 40% of
the search's time before.

**Entries** are four words, DDS's layout of the owner codes: word ``L`` (``L``
= 0, 1, 2) holds, for each suit, the owners of its relative ranks ``4L ..
4L+3`` (2 bits each, 8 bits per suit) in its low 32 bits and the pattern's mask
of them in the high 32 bits, so most entries are rejected by one compare of the
top four ranks.  The 13th card of a suit needs no word: with every length
known, its owner follows from the other twelve.  Word 3 holds ``lb``, ``ub``,
the pattern depth ``k`` of each suit and the stored best card.

**Memory.**  A group's entries live in a chain of chunks of :data:`CHUNK`
entries, newest chunk first.  Chunks are handed out round-robin; once all are
used the oldest chunk is taken from whatever group holds it (the table keeps
the recent work).  A group longer than :data:`MAX_CHUNKS` chunks recycles its
own oldest chunk instead.  The directory drops groups left empty when it fills
up.  Everything lives in one ``int64`` array (:func:`new_table`), header first.

The position's owner codes come from a table built once per solver call
(:func:`build_codes`): cards never change hands during a search, so a suit's
code is a function of which of its cards are still out, looked up in one load
instead of walking the suit at every probe.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

from .tables import HIGH13, POP13, SUIT_FIELD, TOP_MASK26

__all__ = ["CHUNK", "MAX_CHUNKS", "new_table", "clear_table", "build_codes", "position_lengths", "key_words",
           "probe", "store", "pattern_cards", "table_entries"]

CHUNK = 8
"""Entries per chunk."""
MAX_CHUNKS = 32
"""Chunks one group may hold before it recycles its own oldest one."""
LEVELS = 2
"""Group levels: level ``L`` files the entries that fix the top ``L`` cards of every suit they do not fix
entirely, under the owners of those cards too (level 0: lengths, leader and strain only)."""
ENTRY_WORDS = 4
DIR_WORDS = 3
CHUNK_WORDS = 2
HEADER_WORDS = 8
_H_DIR_SLOTS, _H_CHUNKS, _H_RING, _H_DIR_USED, _H_DIR_OFF, _H_CHUNK_OFF, _H_ENTRY_OFF = range(7)
_LOW32 = 0xFFFFFFFF
_LB_SHIFT = 0
_UB_SHIFT = 4
_K_SHIFT = 8
_HINT_SHIFT = 24
_DIR_LOAD = 0.7


def new_table(megabytes: float) -> np.ndarray:
    """An empty table using at most ``megabytes``."""
    budget = int(megabytes * (1 << 20)) // 8 - HEADER_WORDS
    per_chunk = CHUNK_WORDS + CHUNK * ENTRY_WORDS + 2 * DIR_WORDS
    chunks = max(4, budget // per_chunk)
    slots = 8
    while slots < 2 * chunks:
        slots *= 2
    while slots * DIR_WORDS + chunks * (CHUNK_WORDS + CHUNK * ENTRY_WORDS) > budget and chunks > 4:
        chunks -= max(1, chunks // 64)
    tt = np.zeros(HEADER_WORDS + slots * DIR_WORDS + chunks * (CHUNK_WORDS + CHUNK * ENTRY_WORDS), dtype=np.int64)
    tt[_H_DIR_SLOTS] = slots
    tt[_H_CHUNKS] = chunks
    tt[_H_DIR_OFF] = HEADER_WORDS
    tt[_H_CHUNK_OFF] = HEADER_WORDS + slots * DIR_WORDS
    tt[_H_ENTRY_OFF] = tt[_H_CHUNK_OFF] + chunks * CHUNK_WORDS
    return tt


@kernel
def clear_table(tt):
    """Forget every entry (the directory and the chunk headers; entries are overwritten when reused)."""
    end = tt[_H_ENTRY_OFF]
    for i in range(tt[_H_DIR_OFF], end):
        tt[i] = 0
    tt[_H_RING] = 0
    tt[_H_DIR_USED] = 0


@kernel
def table_entries(tt):
    """How many entries the table holds (for statistics and tests)."""
    total = 0
    co = tt[_H_CHUNK_OFF]
    for x in range(tt[_H_CHUNKS]):
        if tt[co + CHUNK_WORDS * x + 1] & _LOW32:
            total += tt[co + CHUNK_WORDS * x + 1] >> 32
    return total


@kernel
def build_codes(h, codes):
    """``codes[s, f]``: the owner code of suit ``s`` when exactly the cards ``f`` of it are still out.

    Filled for every subset ``f`` of the cards now out (cards never change
    hands in a search).  The code lists, from the highest card down, two bits
    naming its holder, aligned to the top of 26 bits so the owners of the top
    ``k`` cards are the code's top ``2k`` bits.
    """
    for s in range(4):
        shift = 13 * s
        af = ((h[0] | h[1] | h[2] | h[3]) >> shift) & SUIT_FIELD
        e = (h[1] >> shift) & SUIT_FIELD
        so = (h[2] >> shift) & SUIT_FIELD
        w = (h[3] >> shift) & SUIT_FIELD
        codes[s, 0] = 0
        sub = (0 - af) & af  # submasks in increasing order: each one's parent (top card removed) comes first
        while sub:
            top = HIGH13[sub]
            owner = ((e >> top) & 1) | (((so >> top) & 1) << 1) | (((w >> top) & 1) * 3)
            codes[s, sub] = (owner << 24) | (codes[s, sub ^ (1 << top)] >> 2)
            sub = (sub - af) & af


@kernel
def position_lengths(h):
    """The suit-length word of a position: 4 bits per hand and suit, hand-major."""
    lengths = 0
    for seat in range(4):
        for s in range(4):
            lengths |= POP13[(h[seat] >> (13 * s)) & SUIT_FIELD] << (4 * (4 * seat + s))
    return lengths


@kernel
def key_words(h, codes, out):
    """The position's owner words for ranks 0-3, 4-7 and 8-11 of every suit, and the owners of each suit's
    top three cards (6 bits per suit)."""
    alive = h[0] | h[1] | h[2] | h[3]
    a = 0
    b = 0
    c = 0
    tops = 0
    for s in range(4):
        code = codes[s, (alive >> (13 * s)) & SUIT_FIELD]
        a |= ((code >> 18) & 0xFF) << (8 * s)
        b |= ((code >> 10) & 0xFF) << (8 * s)
        c |= ((code >> 2) & 0xFF) << (8 * s)
        tops |= ((code >> 20) & 0x3F) << (6 * s)
    out[0] = a
    out[1] = b
    out[2] = c
    out[3] = tops


@kernel
def _mask_words(ks):
    """The pattern masks (words for ranks 0-3, 4-7, 8-11) of pattern depths ``ks`` (4 bits per suit)."""
    a = 0
    b = 0
    c = 0
    for s in range(4):
        m = TOP_MASK26[(ks >> (4 * s)) & 15]
        a |= ((m >> 18) & 0xFF) << (8 * s)
        b |= ((m >> 10) & 0xFF) << (8 * s)
        c |= ((m >> 2) & 0xFF) << (8 * s)
    return a, b, c


@kernel
def _entry_level(lengths, ks):
    """The deepest level ``L < LEVELS`` whose top ``L`` cards of every suit the pattern fixes (suits it fixes
    entirely aside)."""
    level = LEVELS - 1
    for s in range(4):
        n = ((lengths >> (4 * s)) & 15) + ((lengths >> (16 + 4 * s)) & 15)
        n += ((lengths >> (32 + 4 * s)) & 15) + ((lengths >> (48 + 4 * s)) & 15)
        k = (ks >> (4 * s)) & 15
        if k < n and k < level:
            level = k
    return level


@kernel
def _group_meta(meta, level, tops):
    """The directory's second key word (never 0, which marks an empty slot): the leader and strain, the
    level and the owners of the top ``level`` cards of every suit."""
    key = meta | (level << 5)
    if level > 0:
        width = 2 * level
        shift = 6 - width
        for s in range(4):
            key |= ((tops >> (6 * s + shift)) & ((1 << width) - 1)) << (8 + width * s)
    return key + 1


@kernel
def _slot_hash(lengths, gmeta):
    x = lengths ^ (gmeta * 0x2545F4914F6CDD1D)
    x ^= (x >> 31) & 0x1FFFFFFFF
    x *= 0x5851F42D4C957F2D
    x ^= (x >> 29) & 0x7FFFFFFFF
    return x


@kernel
def _find(tt, lengths, gmeta):
    """Directory slot of a group (``-1 - slot`` of the empty slot where it would go when absent)."""
    slots = tt[_H_DIR_SLOTS]
    base = tt[_H_DIR_OFF]
    i = (_slot_hash(lengths, gmeta) >> 17) & (slots - 1)
    while True:
        o = base + DIR_WORDS * i
        km = tt[o + 1]
        if km == 0:
            return -1 - i
        if km == gmeta and tt[o] == lengths:
            return i
        i = (i + 1) & (slots - 1)


@kernel
def _entry_matches(tt, e, a, b, c):
    w = tt[e]
    if (a ^ w) & (w >> 32) & _LOW32:
        return False
    w = tt[e + 1]
    m = (w >> 32) & _LOW32
    if m:
        if (b ^ w) & m:
            return False
        w = tt[e + 2]
        m = (w >> 32) & _LOW32
        if m and (c ^ w) & m:
            return False
    return True


@kernel
def pattern_cards(h, ks):
    """The cards a pattern of depths ``ks`` fixes in position ``h``: the top ``k[s]`` remaining cards of each suit."""
    alive = h[0] | h[1] | h[2] | h[3]
    cards = 0
    for s in range(4):
        k = (ks >> (4 * s)) & 15
        if k == 0:
            continue
        af = (alive >> (13 * s)) & SUIT_FIELD
        for _ in range(k - 1):
            af ^= 1 << HIGH13[af]
        low = HIGH13[af]
        full = (alive >> (13 * s)) & SUIT_FIELD
        cards |= (full & ~((1 << low) - 1)) << (13 * s)
    return cards


@kernel
def probe(tt, h, lengths, meta, words, target, out):
    """Look a position up; ``out`` gets ``lb, ub, lb_depths, ub_depths, hint``.

    ``words`` are the position's :func:`key_words`.  ``lb_depths``/``ub_depths``
    are the pattern depths of the entry giving each bound (:func:`pattern_cards`
    turns them into the cards a cut-off on that bound depends on); ``hint`` is
    a suggested lead (``-1`` for none).  The
    scan stops at the first entry that decides ``target`` (``lb >= target`` or
    ``ub < target``): the search needs no more.
    """
    out[0] = 0
    out[1] = 13
    out[2] = 0
    out[3] = 0
    out[4] = -1
    for level in range(LEVELS - 1, -1, -1):
        slot = _find(tt, lengths, _group_meta(meta, level, words[3]))
        if slot >= 0 and _scan(tt, h, slot, meta, words, target, out):
            return


@kernel
def _scan(tt, h, slot, meta, words, target, out):
    """Scan one group's entries into ``out``, newest first; True when an entry decided ``target``."""
    a = words[0]
    b = words[1]
    c = words[2]
    co = tt[_H_CHUNK_OFF]
    eo = tt[_H_ENTRY_OFF]
    x = tt[tt[_H_DIR_OFF] + DIR_WORDS * slot + 2] & _LOW32
    while x != _LOW32:
        fill = tt[co + CHUNK_WORDS * x + 1] >> 32
        base = eo + ENTRY_WORDS * CHUNK * x
        for j in range(fill - 1, -1, -1):
            e = base + ENTRY_WORDS * j
            if not _entry_matches(tt, e, a, b, c):
                continue
            w3 = tt[e + 3]
            lb = (w3 >> _LB_SHIFT) & 15
            ub = (w3 >> _UB_SHIFT) & 15
            if lb > out[0]:
                out[0] = lb
                out[2] = (w3 >> _K_SHIFT) & 0xFFFF
                if lb >= target:
                    return True
            if ub < out[1]:
                out[1] = ub
                out[3] = (w3 >> _K_SHIFT) & 0xFFFF
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
        x = tt[co + CHUNK_WORDS * x] & _LOW32
    return False


@kernel
def _rebuild_directory(tt):
    """Drop the groups left without entries and re-file the others (the directory was filling up)."""
    slots = tt[_H_DIR_SLOTS]
    base = tt[_H_DIR_OFF]
    co = tt[_H_CHUNK_OFF]
    keep = np.empty((slots, DIR_WORDS), dtype=np.int64)
    n = 0
    for i in range(slots):
        o = base + DIR_WORDS * i
        if tt[o + 1] != 0 and (tt[o + 2] & _LOW32) != _LOW32:
            keep[n, 0] = tt[o]
            keep[n, 1] = tt[o + 1]
            keep[n, 2] = tt[o + 2]
            n += 1
        tt[o] = 0
        tt[o + 1] = 0
        tt[o + 2] = 0
    for j in range(n):
        slot = -1 - _find(tt, keep[j, 0], keep[j, 1])
        o = base + DIR_WORDS * slot
        tt[o] = keep[j, 0]
        tt[o + 1] = keep[j, 1]
        tt[o + 2] = keep[j, 2]
        x = keep[j, 2] & _LOW32
        while x != _LOW32:
            tt[co + CHUNK_WORDS * x + 1] = (tt[co + CHUNK_WORDS * x + 1] & ~_LOW32) | (slot + 1)
            x = tt[co + CHUNK_WORDS * x] & _LOW32
    tt[_H_DIR_USED] = n


@kernel
def _unlink(tt, slot, x):
    """Take chunk ``x`` out of the chain of the group in directory ``slot``."""
    co = tt[_H_CHUNK_OFF]
    d = tt[_H_DIR_OFF] + DIR_WORDS * slot
    head = tt[d + 2] & _LOW32
    count = tt[d + 2] >> 32
    nxt = tt[co + CHUNK_WORDS * x] & _LOW32
    if head == x:
        tt[d + 2] = ((count - 1) << 32) | nxt
        return
    prev = head
    while prev != _LOW32:
        after = tt[co + CHUNK_WORDS * prev] & _LOW32
        if after == x:
            tt[co + CHUNK_WORDS * prev] = nxt
            tt[d + 2] = ((count - 1) << 32) | head
            return
        prev = after


@kernel
def _new_chunk(tt, slot):
    """Link a fresh chunk at the head of the group in ``slot``'s chain; return it."""
    co = tt[_H_CHUNK_OFF]
    d = tt[_H_DIR_OFF] + DIR_WORDS * slot
    count = tt[d + 2] >> 32
    if count >= MAX_CHUNKS:  # recycle the group's own oldest chunk
        x = tt[d + 2] & _LOW32
        while (tt[co + CHUNK_WORDS * x] & _LOW32) != _LOW32:
            x = tt[co + CHUNK_WORDS * x] & _LOW32
    else:
        x = tt[_H_RING]
        tt[_H_RING] = (x + 1) % tt[_H_CHUNKS]
    owner = (tt[co + CHUNK_WORDS * x + 1] & _LOW32) - 1
    if owner >= 0:
        _unlink(tt, owner, x)
    count = tt[d + 2] >> 32
    tt[co + CHUNK_WORDS * x] = tt[d + 2] & _LOW32
    tt[co + CHUNK_WORDS * x + 1] = slot + 1
    tt[d + 2] = ((count + 1) << 32) | x
    return x


@kernel
def store(tt, h, lengths, meta, words, relevant, lb, ub, hint):
    """Record ``lb <= NS tricks <= ub`` for the pattern of the ``relevant`` cards (already closed upwards)."""
    ks = 0
    for s in range(4):
        ks |= POP13[(relevant >> (13 * s)) & SUIT_FIELD] << (4 * s)
    ma, mb, mc = _mask_words(ks)
    a = words[0] & ma
    b = words[1] & mb
    c = words[2] & mc
    hint_code = 0
    if hint >= 0:
        s = hint // 13
        alive = h[0] | h[1] | h[2] | h[3]
        af = (alive >> (13 * s)) & SUIT_FIELD
        above = POP13[af >> (hint % 13 + 1)]
        hint_code = s * 16 + above + 1
    gmeta = _group_meta(meta, _entry_level(lengths, ks), words[3])
    slot = _find(tt, lengths, gmeta)
    if slot < 0:
        if tt[_H_DIR_USED] + 1 > _DIR_LOAD * tt[_H_DIR_SLOTS]:
            _rebuild_directory(tt)
        slot = -1 - _find(tt, lengths, gmeta)
        o = tt[_H_DIR_OFF] + DIR_WORDS * slot
        tt[o] = lengths
        tt[o + 1] = gmeta
        tt[o + 2] = _LOW32  # no chunk yet
        tt[_H_DIR_USED] += 1
    co = tt[_H_CHUNK_OFF]
    eo = tt[_H_ENTRY_OFF]
    d = tt[_H_DIR_OFF] + DIR_WORDS * slot
    x = tt[d + 2] & _LOW32
    target_e = -1
    while x != _LOW32:
        fill = tt[co + CHUNK_WORDS * x + 1] >> 32
        base = eo + ENTRY_WORDS * CHUNK * x
        for j in range(fill):
            e = base + ENTRY_WORDS * j
            if not _entry_matches(tt, e, words[0], words[1], words[2]):
                continue
            w3 = tt[e + 3]
            eks = (w3 >> _K_SHIFT) & 0xFFFF
            elb = (w3 >> _LB_SHIFT) & 15
            eub = (w3 >> _UB_SHIFT) & 15
            if eks == ks:  # the same pattern: merge the bounds
                lb = max(lb, elb)
                ub = min(ub, eub)
                if hint_code == 0:
                    hint_code = (w3 >> _HINT_SHIFT) & 127
                target_e = e
                break
            if _within(eks, ks) and elb >= lb and eub <= ub:
                return  # an entry at least as general already says as much
            if _within(ks, eks) and lb >= elb and ub <= eub:
                target_e = e  # the new entry says as much about more positions
                break
        if target_e >= 0:
            break
        x = tt[co + CHUNK_WORDS * x] & _LOW32
    if target_e < 0:
        head = tt[d + 2] & _LOW32
        if head == _LOW32 or (tt[co + CHUNK_WORDS * head + 1] >> 32) >= CHUNK:
            head = _new_chunk(tt, slot)
        fill = tt[co + CHUNK_WORDS * head + 1] >> 32
        tt[co + CHUNK_WORDS * head + 1] = ((fill + 1) << 32) | (slot + 1)
        target_e = eo + ENTRY_WORDS * (CHUNK * head + fill)
    tt[target_e] = a | (ma << 32)
    tt[target_e + 1] = b | (mb << 32)
    tt[target_e + 2] = c | (mc << 32)
    tt[target_e + 3] = (lb << _LB_SHIFT) | (ub << _UB_SHIFT) | (ks << _K_SHIFT) | (hint_code << _HINT_SHIFT)


@kernel
def _within(ka, kb):
    """True when every suit's pattern depth in ``ka`` is at most the one in ``kb`` (``ka`` is as general)."""
    for s in range(4):
        if ((ka >> (4 * s)) & 15) > ((kb >> (4 * s)) & 15):
            return False
    return True
