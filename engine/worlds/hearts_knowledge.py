"""What one Hearts seat knows about where every card is: Perkins' Yes/Maybe/No table.

For each seat and each card still in play the table says the seat surely
holds it (Yes), may hold it (Maybe) or surely does not (No).  The facts used,
all sound:

* the viewer's own hand (Yes for the viewer, No for everyone else);
* the cards the viewer passed, held by the receiver until played;
* voids shown: a seat that did not follow suit holds no card of the suit led;
* the ♠Q / hearts on the first trick: when the rules forbid them there, a seat
  that still discarded one held nothing but such penalty cards;
* hearts not yet broken: a seat that led a heart before any heart was played
  held nothing but hearts;
* counting: a card Maybe for one seat only is Yes there; a seat whose Yes
  cards fill its hand has no Maybes left; a seat whose Yes and Maybe cards
  exactly fill its hand holds them all (repeated to a fixed point).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.cards import FULL_MASK, SUIT_MASKS, CardSet, card_str
from ..hearts.rules import HeartsRules
from ..hearts.scoring import HEARTS_MASK, QUEEN_OF_SPADES
from ..hearts.view import HeartsView
from .knowledge import KnowledgeError

__all__ = ["Holding", "HeartsKnowledge"]


class Holding(Enum):
    YES = "yes"
    MAYBE = "maybe"
    NO = "no"


def _first_trick_banned(rules: HeartsRules) -> int:
    banned = 0
    if not rules.hearts_on_first_trick:
        banned |= HEARTS_MASK
    if not rules.queen_on_first_trick:
        banned |= 1 << QUEEN_OF_SPADES
    return banned


@dataclass(frozen=True, slots=True)
class HeartsKnowledge:
    """The Y/M/N table as masks: ``yes[s]`` and ``maybe[s]`` per seat; every other card in play is No.

    ``sizes[s]`` is how many cards seat ``s`` holds now.  Cards already played
    are in nobody's hand and appear in neither mask.
    """

    viewer: int
    sizes: tuple[int, int, int, int]
    yes: tuple[int, int, int, int]
    maybe: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        seen = 0
        for s in range(4):
            if seen & self.yes[s]:
                raise KnowledgeError(f"{card_str(CardSet(seen & self.yes[s]).highest())} is a Yes for two seats")
            seen |= self.yes[s]
            if self.yes[s] & self.maybe[s]:
                raise KnowledgeError(f"seat {s} has a card both Yes and Maybe")
            if self.yes[s].bit_count() > self.sizes[s]:
                raise KnowledgeError(f"seat {s} has {self.yes[s].bit_count()} Yes cards but holds {self.sizes[s]}")
            if (self.yes[s] | self.maybe[s]).bit_count() < self.sizes[s]:
                raise KnowledgeError(f"seat {s} holds {self.sizes[s]} cards but only {(self.yes[s] | self.maybe[s]).bit_count()} are possible")
        for card in CardSet(self.unknown):
            if not any(self.maybe[s] >> card & 1 for s in range(4)):
                raise KnowledgeError(f"{card_str(card)} is unplayed but no seat may hold it")

    # --- queries -------------------------------------------------------------------------
    @property
    def in_play(self) -> int:
        m = 0
        for s in range(4):
            m |= self.yes[s] | self.maybe[s]
        return m

    @property
    def unknown(self) -> int:
        """Cards in play whose holder is not known (a Maybe somewhere, a Yes nowhere)."""
        known = self.yes[0] | self.yes[1] | self.yes[2] | self.yes[3]
        return (self.maybe[0] | self.maybe[1] | self.maybe[2] | self.maybe[3]) & ~known

    @property
    def free_places(self) -> tuple[int, int, int, int]:
        return tuple(self.sizes[s] - self.yes[s].bit_count() for s in range(4))  # type: ignore[return-value]

    def holding(self, seat: int, card: int) -> Holding:
        if self.yes[seat] >> card & 1:
            return Holding.YES
        if self.maybe[seat] >> card & 1:
            return Holding.MAYBE
        return Holding.NO

    def is_consistent(self, hands: tuple[int, int, int, int]) -> bool:
        """Whether four hands (masks) agree with the table: every Yes held, nothing held that is a No."""
        for s in range(4):
            if hands[s] & self.yes[s] != self.yes[s] or hands[s] & ~(self.yes[s] | self.maybe[s]):
                return False
            if hands[s].bit_count() != self.sizes[s]:
                return False
        return True

    # --- construction --------------------------------------------------------------------
    @classmethod
    def from_masks(
        cls, viewer: int, sizes: tuple[int, ...], yes: list[int], no: list[int], in_play: int
    ) -> "HeartsKnowledge":
        """Build the table from Yes facts and No facts, then draw the counting conclusions."""
        yes = [y & in_play for y in yes]
        known = yes[0] | yes[1] | yes[2] | yes[3]
        maybe = [in_play & ~known & ~no[s] for s in range(4)]
        return cls._propagate(viewer, tuple(sizes), yes, maybe)  # type: ignore[arg-type]

    @classmethod
    def _propagate(cls, viewer: int, sizes: tuple[int, int, int, int], yes: list[int], maybe: list[int]) -> "HeartsKnowledge":
        changed = True
        while changed:
            changed = False
            unknown = (maybe[0] | maybe[1] | maybe[2] | maybe[3]) & ~(yes[0] | yes[1] | yes[2] | yes[3])
            for s in range(4):
                maybe[s] &= unknown
            for card in CardSet(unknown):
                holders = [s for s in range(4) if maybe[s] >> card & 1]
                if len(holders) == 1:
                    yes[holders[0]] |= 1 << card
                    maybe[holders[0]] &= ~(1 << card)
                    changed = True
            for s in range(4):
                free = sizes[s] - yes[s].bit_count()
                if free < 0:
                    raise KnowledgeError(f"seat {s} would hold more than its {sizes[s]} cards")
                if maybe[s] and free == 0:
                    maybe[s] = 0
                    changed = True
                elif maybe[s] and maybe[s].bit_count() == free:
                    yes[s] |= maybe[s]
                    for o in range(4):
                        if o != s:
                            maybe[o] &= ~maybe[s]
                    maybe[s] = 0
                    changed = True
        return cls(viewer, sizes, tuple(yes), tuple(maybe))  # type: ignore[arg-type]

    @classmethod
    def from_view(cls, view: HeartsView) -> "HeartsKnowledge":
        """Everything ``view.seat`` can deduce at this point of the hand."""
        me = int(view.seat)
        rules = view.rules
        played = view.played.mask
        in_play = FULL_MASK & ~played
        sizes = [13, 13, 13, 13]
        no = [0, 0, 0, 0]
        hearts_seen = 0
        banned_first = _first_trick_banned(rules)
        tricks = list(view.tricks) + ([view.current] if view.current is not None and view.current.cards else [])
        for index, trick in enumerate(tricks):
            led = trick.cards[0] // 13
            for pos, (seat, card) in enumerate(trick.plays):
                s = int(seat)
                sizes[s] -= 1
                if pos == 0:
                    if rules.breaking_hearts and index > 0 and not hearts_seen and card // 13 == 1:
                        no[s] |= ~HEARTS_MASK
                elif card // 13 != led:
                    no[s] |= SUIT_MASKS[led]
                    if index == 0 and banned_first >> card & 1:
                        no[s] |= ~banned_first
            hearts_seen |= trick.mask & HEARTS_MASK
        yes = [0, 0, 0, 0]
        yes[me] = view.hand.mask
        for s in range(4):
            if s != me:
                no[s] |= view.hand.mask
        no[me] = FULL_MASK & ~view.hand.mask
        receiver = view.passed_to
        if receiver is not None and receiver != me:
            yes[int(receiver)] |= view.passed.mask & in_play
        return cls.from_masks(me, tuple(sizes), yes, [n & FULL_MASK for n in no], in_play)

    def table(self) -> list[list[Holding]]:
        """The full table: ``table()[seat][card]`` (played cards read as No)."""
        return [[self.holding(s, c) for c in range(52)] for s in range(4)]
