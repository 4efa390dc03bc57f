"""The true chance of every card in a small ending, by plain enumeration, written apart from the engine.

What is computed is the definition a hint's chance must meet: the chance of the best *line* starting
with the card, for a player who does not see the hidden cards later (a later choice is the same in every
deal the player cannot tell apart), against opponents who see every card and answer the player's line
as badly for it as they can (Frank & Basin's best defence).  When the player is a defender, the partner
sees every card too and plays the card that keeps the line alive.  Deals are weighted as bridge players
weigh them: every layout consistent with what the player saw is equally likely before the cards played
are taken into account (vacant places), and each card a hidden hand played from touching cards when
following to a trick counts once over the number of cards it could equally have played (restricted
choice); a lead tells nothing (its card follows conventions, not chance).

Nothing here imports the engine's searches, samplers or solvers: layouts are enumerated with
itertools, tricks are scored with a three-line rule, and the best line is found by plain recursion over
the public history, keeping for each history the maximal sets of layouts some line wins (a line fixes one
card per history; the opponents choose per layout).  It is exponential and meant for endings of a few
cards only.  Two shortcuts save time without changing any result: where the line chooses, touching
cards of the hand to play (no card left between them but ones already played) are tried once, since
they take and lose the same tricks; and an opponent's turn stops looking at further cards once no set
of layouts is left to win (a partner's turn never stops early: another card may still save the line).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

SUIT = 13


def suit_of(card: int) -> int:
    return card // SUIT


def winner(cards: tuple[int, ...], leader: int, trump: int | None) -> int:
    """The seat winning a complete trick led by ``leader``."""
    best = 0
    for i in range(1, 4):
        c, b = cards[i], cards[best]
        if suit_of(c) == suit_of(b):
            if c > b:
                best = i
        elif trump is not None and suit_of(c) == trump:
            best = i
    return (leader + best) % 4


SUIT_BITS = tuple(((1 << SUIT) - 1) << (SUIT * s) for s in range(4))


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal(hand: int, trick: tuple[int, ...]) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick``: the suit led when the hand has it."""
    if trick:
        follow = hand & SUIT_BITS[suit_of(trick[0])]
        if follow:
            return bits(follow)
    return bits(hand)


@dataclass(frozen=True)
class Situation:
    """A decision to value: the hands now (``hands[s]``, cards of the current trick already out), the
    current trick and its leader, the strain (0..3 suits, 4 notrump), the viewer (the seat deciding;
    declarer when dummy plays), declarer, the tricks declarer's side still needs (from this trick on,
    counting it), who played what so far (``history``: (seat, card) in order, from the start of the
    play reviewed), and the cards gone before that history (an ending's earlier tricks)."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    strain: int
    viewer: int
    declarer: int
    need: int
    history: tuple[tuple[int, int], ...]
    gone: int = 0

    @property
    def dummy(self) -> int:
        return (self.declarer + 2) % 4

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4


def layouts(sit: Situation) -> list[tuple[int, int, int, int]]:
    """Every holding of the hidden hands consistent with what the viewer saw: the sizes, the cards
    nobody has shown, and every show-out (a hand that did not follow suit holds none of it)."""
    seen = {sit.viewer, sit.dummy}
    hidden = [s for s in range(4) if s not in seen]
    pool = 0
    for s in hidden:
        pool |= sit.hands[s]
    voids = {s: 0 for s in range(4)}
    tricks = [sit.history[i:i + 4] for i in range(0, len(sit.history), 4)]
    for trick in tricks:
        led = suit_of(trick[0][1])
        for seat, card in trick[1:]:
            if suit_of(card) != led:
                voids[seat] |= ((1 << SUIT) - 1) << (SUIT * led)
    cards = [c for c in range(52) if pool >> c & 1]
    out = []
    if len(hidden) == 1:
        return [sit.hands]
    a, b = hidden
    for chosen in itertools.combinations(cards, bin(sit.hands[a]).count("1")):
        ha = sum(1 << c for c in chosen)
        hb = pool & ~ha
        if ha & voids[a] or hb & voids[b]:
            continue
        hands = list(sit.hands)
        hands[a], hands[b] = ha, hb
        out.append(tuple(hands))
    return out


def equal_count(hand: int, card: int, live: int) -> int:
    """Cards of ``hand`` touching ``card`` (no live card of the suit between them), itself included."""
    n = 1
    for step in (1, -1):
        c = card + step
        while 0 <= c < 52 and suit_of(c) == suit_of(card):
            if hand >> c & 1:
                n += 1
            elif live >> c & 1:
                break
            c += step
    return n


def likelihood(sit: Situation, hands: tuple[int, int, int, int]) -> float:
    """How likely the cards seen are in this layout, restricted choice: the product over the cards played
    of one over the number of touching cards the player held then."""
    start = list(hands)
    for seat, card in sit.history:
        start[seat] |= 1 << card  # back to the start of the history (trick cards included)
    live = start[0] | start[1] | start[2] | start[3]
    held = list(start)
    out = 1.0
    for k, (seat, card) in enumerate(sit.history):
        if k % 4:  # following, not leading
            out /= equal_count(held[seat], card, live)
        held[seat] &= ~(1 << card)
        if k % 4 == 3:
            for _, c in sit.history[k - 3:k + 1]:
                live &= ~(1 << c)
    return out


def true_chances(sit: Situation) -> dict[int, float]:
    """For every legal card of the seat to move: the chance of the best line starting with it (see the
    module docstring), for the viewer's side (making the contract as declarer, beating it as defender)."""
    worlds = layouts(sit)
    weights = [likelihood(sit, w) for w in worlds]
    total = sum(weights)
    weights = [x / total for x in weights]
    trump = None if sit.strain == 4 else sit.strain
    declaring = sit.viewer % 2 == sit.declarer % 2
    side = sit.declarer % 2 if declaring else (sit.declarer + 1) % 2
    tricks_left = bin(sit.hands[sit.leader] | sum(1 << c for c in sit.trick[:1])).count("1")
    goal = sit.need if declaring else tricks_left - sit.need + 1  # tricks the viewer's side must take
    mine = {s for s in range(4) if s % 2 == side}
    deciders = {sit.declarer, sit.dummy} if declaring else {sit.viewer}
    everyone = (1 << len(worlds)) - 1

    @lru_cache(maxsize=None)
    def fronts(played: int, trick: tuple[int, ...], leader: int, won: int, alive: int) -> frozenset[int]:
        """The maximal sets of layouts (among ``alive``) some line wins from this public state."""
        left = tricks_left - bin(played).count("1") // 4
        if won >= goal:
            return frozenset({alive})
        if won + left < goal or alive == 0:
            return frozenset({0})
        mover = (leader + len(trick)) % 4
        members = bits(alive)
        options: dict[int, int] = {}  # card -> layouts where it is legal
        gone = played | sum(1 << c for c in trick)
        for i in members:
            for c in legal(worlds[i][mover] & ~gone, trick):
                options[c] = options.get(c, 0) | (1 << i)
        children = {c: next_state(played, trick, leader, won, c, valid) for c, valid in options.items()}
        if mover in deciders:  # the line chooses one card for every layout still possible
            pooled = set()
            for c in one_of_each_run(options, played):
                pooled |= fronts(*children[c])
                if alive in pooled:  # this card wins every layout left: no line does better
                    break
            return maximal(pooled)
        partner_of_viewer = mover in mine
        combos = {0} if partner_of_viewer else {alive}
        for c, valid in options.items():
            grown = set()
            for s in combos:
                for t in fronts(*children[c]):
                    grown.add((s | (t & valid)) if partner_of_viewer else (s & (t | (alive & ~valid))))
            combos = maximal(grown)
            if not partner_of_viewer and combos == {0}:
                break  # the opponents beat every line here already, whatever their other cards do
        return frozenset(combos)

    def next_state(played, trick, leader, won, card, valid):
        trick = trick + (card,)
        if len(trick) < 4:
            return played, trick, leader, won, valid
        w = winner(trick, leader, trump)
        return played | sum(1 << c for c in trick), (), w, won + (w % 2 == side), valid

    def weight(subset: int) -> float:
        return sum(weights[i] for i in bits(subset))

    played0 = 0
    out = {}
    mover = sit.to_move
    hand = sit.hands[mover]
    for c in legal(hand, sit.trick):
        # The trick's cards are out of the hands already: a state's ``played`` holds completed tricks only.
        state = next_state(played0, sit.trick, sit.leader, 0, c, everyone)
        out[c] = max(weight(s) for s in fronts(*state))
    return out


def one_of_each_run(cards, played: int) -> list[int]:
    """One card of each run of touching ``cards`` (the cards between two of them all played in completed
    tricks): such cards take and lose the same tricks, so the lines starting with them win the same
    layouts.  Cards of the trick in progress still separate (they are not in ``played``)."""
    keep: list[int] = []
    for c in sorted(cards):
        if keep and suit_of(keep[-1]) == suit_of(c) and all(
                played >> x & 1 or x in cards for x in range(keep[-1] + 1, c)):
            continue
        keep.append(c)
    return keep


def maximal(sets) -> frozenset[int]:
    keep = []
    for s in sorted(set(sets), key=lambda b: -bin(b).count("1")):
        if not any(s & k == s for k in keep):
            keep.append(s)
    return frozenset(keep)
