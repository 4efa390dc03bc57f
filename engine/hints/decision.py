"""The facts about one decision that the technique detectors read: who plays, what is on the table,
what the declaring side holds and which cards are still unseen.

Everything here is derived from a :class:`~engine.analysis.bridge.BridgePosition` alone (the
worlds are trick-start deals, so the seen hands are those of world 0 and the unseen cards are
the ones whose holder varies).  No probabilities: those come from the worlds in
:mod:`.techniques` and :mod:`.conditions`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..analysis.bridge import BridgePosition
from ..bridge.tricks import trick_winner_index
from ..core.cards import SUIT_MASKS, Card
from ..core.seats import Seat

__all__ = ["Decision"]


def _cards_desc(mask: int) -> list[Card]:
    return [c for c in range(51, -1, -1) if mask >> c & 1]


def card_beats(card: Card, other: Card, led: int, trump: int | None) -> bool:
    """Whether ``card``, played after ``other`` to a trick led in suit ``led``, beats it (``trump``: the trump
    suit, None at notrump)."""
    cs, os_ = card // 13, other // 13
    if cs == os_:
        return card > other
    if trump is not None and cs == trump:
        return True
    if trump is not None and os_ == trump:
        return False
    return cs == led and os_ != led


@dataclass(frozen=True, eq=False)
class Decision:
    """One decision of the seat to move (declarer chooses for dummy)."""

    position: BridgePosition
    hidden: tuple[Seat, ...]
    start: tuple[int, int, int, int]  # world 0's trick-start hands (seen hands are the same in every world)
    unseen: int  # cards held now by the hidden seats (varying between worlds), trick cards excluded

    @classmethod
    def of(cls, position: BridgePosition, hidden: tuple[Seat, ...] | None = None) -> "Decision":
        """``hidden``: the seats the mover cannot see (default: the seats whose hands differ between the
        worlds — pass them when a single layout remains, where nothing differs but the cards are unseen)."""
        worlds = np.asarray(position.worlds, dtype=np.uint64).reshape(-1, 4)
        if hidden is None:
            hidden = tuple(s for s in Seat if np.any(worlds[:, int(s)] != worlds[0, int(s)]))
        on_table = sum(1 << c for c in position.trick)
        unseen = 0
        for s in hidden:
            unseen |= int(np.bitwise_or.reduce(worlds[:, int(s)]))
        return cls(position, hidden, tuple(int(x) for x in worlds[0]), unseen & ~on_table)  # type: ignore[arg-type]

    # --- roles ---------------------------------------------------------------------------------------
    @property
    def mover(self) -> Seat:
        return self.position.to_move

    @property
    def partner(self) -> Seat:
        return self.mover.partner

    @property
    def declarer(self) -> Seat:
        return self.position.declarer

    @property
    def dummy(self) -> Seat:
        return self.position.declarer.partner

    @property
    def declaring(self) -> bool:
        return self.mover.same_side(self.position.declarer)

    @property
    def trump(self) -> int | None:
        return None if self.position.strain == 4 else self.position.strain

    @property
    def trick(self) -> tuple[Card, ...]:
        return self.position.trick

    @property
    def leader(self) -> Seat:
        return self.position.leader

    @property
    def led_suit(self) -> int | None:
        return self.trick[0] // 13 if self.trick else None

    def seat_at(self, index: int) -> Seat:
        """The seat that plays the ``index``-th card of the current trick."""
        return self.leader.offset(index)

    def played_by(self, seat: Seat) -> Card | None:
        for k, c in enumerate(self.trick):
            if self.seat_at(k) == seat:
                return c
        return None

    def has_played(self, seat: Seat) -> bool:
        return self.played_by(seat) is not None

    # --- hands -----------------------------------------------------------------------------------------
    def seen(self, seat: Seat) -> bool:
        return seat not in self.hidden

    def hand(self, seat: Seat) -> int:
        """A seen seat's cards now (its card on the table, if any, removed)."""
        mask = self.start[int(seat)]
        c = self.played_by(seat)
        return mask & ~(1 << c) if c is not None else mask

    def suit_of(self, mask: int, suit: int) -> int:
        return mask & SUIT_MASKS[suit]

    def unseen_in(self, suit: int) -> int:
        return self.unseen & SUIT_MASKS[suit]

    def side_in(self, suit: int) -> int:
        """The mover's and (if seen) partner's remaining cards of ``suit``."""
        mask = self.hand(self.mover)
        if self.seen(self.partner):
            mask |= self.hand(self.partner)
        return mask & SUIT_MASKS[suit]

    def live_in(self, suit: int) -> int:
        """Every card of ``suit`` not yet gone in a completed trick (held or on the table)."""
        h = self.start
        return (h[0] | h[1] | h[2] | h[3]) & SUIT_MASKS[suit]

    # --- the trick ------------------------------------------------------------------------------------
    def winning(self) -> tuple[Seat, Card] | None:
        """The seat and card winning the current trick so far."""
        if not self.trick:
            return None
        i = trick_winner_index(self.trick, self.trump)
        return self.seat_at(i), self.trick[i]

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` (played later) beats ``other`` in the current trick's terms."""
        return card_beats(card, other, self.led_suit if self.led_suit is not None else card // 13, self.trump)

    def wins_now(self, card: Card) -> bool:
        """``card`` would be the winning card of the trick as it stands."""
        w = self.winning()
        return w is None or self.beats(card, w[1])

    def unseen_above(self, card: Card) -> list[Card]:
        """Unseen cards of ``card``'s suit ranking above it, high first."""
        s = card // 13
        return [c for c in _cards_desc(self.unseen_in(s)) if c > card]

    def is_top(self, card: Card) -> bool:
        """No unseen card of its suit ranks above it (for trumps and at notrump: a sure winner of its suit)."""
        return not self.unseen_above(card)

    def can_be_ruffed(self, suit: int) -> bool:
        """A hidden seat might trump this suit: trumps are unseen and the suit is not trumps."""
        t = self.trump
        return t is not None and suit != t and bool(self.unseen_in(t))

    def sure_winner(self, card: Card) -> bool:
        """``card`` wins the trick whatever the unseen hands hold (it beats the table and every unseen card
        of its suit, and no hidden seat can trump it)."""
        if not self.wins_now(card):
            return False
        led = self.led_suit if self.led_suit is not None else card // 13
        if card // 13 != led:  # a ruff: only a higher trump by a later hidden seat could beat it
            return not any(c > card for c in _cards_desc(self.unseen_in(card // 13))) or self._last_to_play()
        return self.is_top(card) and not (self.can_be_ruffed(card // 13) and not self._last_to_play())

    def _last_to_play(self) -> bool:
        return len(self.trick) == 3

    def later_seats(self) -> list[Seat]:
        """Seats still to play to this trick after the mover."""
        return [self.leader.offset(k) for k in range(len(self.trick) + 1, 4)]

    def run_of(self, card: Card, holder: int) -> list[Card]:
        """The run of ``holder``'s cards equivalent to ``card`` (both directions), ``card`` included."""
        s = card // 13
        live = self.live_in(s) & ~holder
        out = [card] + self.run_below(card, holder)
        c = card + 1
        while c < 13 * s + 13 and (holder >> c & 1 or not live >> c & 1):
            if holder >> c & 1:
                out.append(c)
            c += 1
        return sorted(out)

    def run_below(self, card: Card, holder: int) -> list[Card]:
        """Cards of ``holder`` equal to ``card`` in play: adjacent below it with no unseen/other card between."""
        s = card // 13
        live = self.live_in(s) & ~(1 << card)
        out = []
        c = card - 1
        while c >= 13 * s and (holder >> c & 1 or not live >> c & 1):
            if holder >> c & 1:
                out.append(c)
            c -= 1
        return out
