"""The play of the cards: a bridge play state with legal cards, tricks, undo and claims.

:class:`BridgePlay` follows python-chess's ``Board``: one mutable object whose
state changes only through :meth:`BridgePlay.play`, :meth:`BridgePlay.undo` and
:meth:`BridgePlay.claim`, and whose queries return immutable values (``CardSet``,
frozen dataclasses, tuples).  Searches copy it (:meth:`BridgePlay.copy`) or
play and undo in place.

A play starts from a full deal at the opening lead, or from a partial deal with
equal hand sizes (an ending) where earlier tricks may be credited to each side.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

from ..core.cards import SUIT_MASKS, SUIT_NAMES, SUIT_NAMES_SINGULAR, Card, CardSet, Suit, card_str
from ..core.deal import Deal
from ..core.seats import Seat
from .contract import Contract, Strain, Vulnerability
from .scoring import declarer_score
from .tricks import trick_winner_index

__all__ = [
    "BridgePlay",
    "BridgePlayError",
    "IllegalPlayError",
    "ClaimError",
    "ClaimStatus",
    "Claim",
    "ClaimVerifier",
    "PlayedCard",
    "Trick",
    "TrickInProgress",
    "PlayResult",
]



class BridgePlayError(ValueError):
    """A play state cannot be built or changed as asked; the message says why."""


class IllegalPlayError(BridgePlayError):
    """A card that may not be played now (not in the hand, revoke, play already over)."""


class ClaimError(BridgePlayError):
    """A claim that is out of range, made when the play is over, or rejected by the verifier."""


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of the play record and the seat that played it."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter}:{card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: its leader, the four cards in play order, and the seat that won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    def plays(self) -> tuple[PlayedCard, ...]:
        return tuple(PlayedCard(self.leader.offset(i), c) for i, c in enumerate(self.cards))

    @property
    def suit_led(self) -> Suit:
        return Suit(self.cards[0] // 13)


@dataclass(frozen=True, slots=True)
class TrickInProgress:
    """The trick being played: its leader and the 0..3 cards played to it so far."""

    leader: Seat
    cards: tuple[Card, ...]

    def plays(self) -> tuple[PlayedCard, ...]:
        return tuple(PlayedCard(self.leader.offset(i), c) for i, c in enumerate(self.cards))

    @property
    def next_seat(self) -> Seat:
        return self.leader.offset(len(self.cards))

    @property
    def suit_led(self) -> Suit | None:
        return Suit(self.cards[0] // 13) if self.cards else None

    def winning_seat(self, trump: int | None) -> Seat | None:
        """The seat currently winning the trick, or ``None`` before the lead."""
        if not self.cards:
            return None
        return self.leader.offset(trick_winner_index(self.cards, trump))


class ClaimStatus(Enum):
    UNVERIFIED = "unverified"  # no verifier was given (recorded as stated)
    VERIFIED = "verified"  # the verifier (e.g. the double-dummy solver) confirmed it


@dataclass(frozen=True, slots=True)
class Claim:
    """The remaining tricks were conceded/claimed: how many of them go to the declaring side."""

    declarer_side_tricks: int
    remaining_tricks: int
    at_ply: int  # cards played when the claim was made
    status: ClaimStatus

    @property
    def defender_tricks(self) -> int:
        return self.remaining_tricks - self.declarer_side_tricks


@dataclass(frozen=True, slots=True)
class PlayResult:
    """Final trick counts per side (earlier tricks and a claim included) and the duplicate score.

    ``score`` is ``None`` when the tricks do not add up to a whole deal of 13
    (an ending started without crediting the earlier tricks).
    """

    declarer_tricks: int
    defender_tricks: int
    score: int | None
    claim: Claim | None


ClaimVerifier = Callable[["BridgePlay", int], bool]
"""``verifier(play, declarer_side_tricks) -> bool``: is the claim right with best play?"""


class BridgePlay:
    """The state of the play of one deal: hands left, tricks, the trick in progress, the claim."""

    __slots__ = (
        "_deal",
        "_contract",
        "_declarer",
        "_vulnerability",
        "_leader",
        "_trump",
        "_prior",
        "_total_tricks",
        "_hands",
        "_moves",
        "_tricks",
        "_current_leader",
        "_current",
        "_won_ns",
        "_won_ew",
        "_claim",
    )

    def __init__(
        self,
        deal: Deal,
        contract: Contract,
        declarer: Seat,
        vulnerability: Vulnerability = Vulnerability.NONE,
        *,
        leader: Seat | None = None,
        prior_declarer_tricks: int = 0,
        prior_defender_tricks: int = 0,
    ) -> None:
        sizes = deal.hand_sizes()
        if len(set(sizes)) != 1:
            detail = ", ".join(f"{s.letter}={n}" for s, n in zip(Seat, sizes))
            raise BridgePlayError(f"a play starts with equal hand sizes at a trick boundary, got {detail}")
        total = sizes[0]
        if prior_declarer_tricks < 0 or prior_defender_tricks < 0:
            raise BridgePlayError("earlier trick counts cannot be negative")
        if total + prior_declarer_tricks + prior_defender_tricks > 13:
            raise BridgePlayError(
                f"{total} tricks to play plus {prior_declarer_tricks}+{prior_defender_tricks} earlier tricks exceed 13"
            )
        self._deal = deal
        self._contract = contract
        self._declarer = Seat(declarer)
        self._vulnerability = Vulnerability(vulnerability)
        self._leader = self._declarer.lho if leader is None else Seat(leader)
        self._trump = contract.strain.trump
        self._prior = (prior_declarer_tricks, prior_defender_tricks)
        self._total_tricks = total
        self._hands = list(deal.masks)
        self._moves: list[Card] = []
        self._tricks: list[Trick] = []
        self._current_leader = self._leader
        self._current: list[Card] = []
        self._won_ns = 0
        self._won_ew = 0
        self._claim: Claim | None = None

    # --- the fixed setting ------------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The hands as they were when this play started."""
        return self._deal

    @property
    def contract(self) -> Contract:
        return self._contract

    @property
    def strain(self) -> Strain:
        return self._contract.strain

    @property
    def trump(self) -> int | None:
        return self._trump

    @property
    def declarer(self) -> Seat:
        return self._declarer

    @property
    def dummy(self) -> Seat:
        return self._declarer.partner

    @property
    def vulnerability(self) -> Vulnerability:
        return self._vulnerability

    @property
    def opening_leader(self) -> Seat:
        """The seat that led the first trick of this play."""
        return self._leader

    @property
    def total_tricks(self) -> int:
        """Tricks in this play (13 for a full deal, fewer for an ending)."""
        return self._total_tricks

    @property
    def prior_tricks(self) -> tuple[int, int]:
        """Tricks credited before this play started: (declaring side, defenders)."""
        return self._prior

    # --- the changing state ------------------------------------------------------
    @property
    def ply(self) -> int:
        """Number of cards played so far."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[PlayedCard, ...]:
        """Every card played so far, in order, with its seat."""
        out: list[PlayedCard] = []
        for t in self._tricks:
            out.extend(t.plays())
        out.extend(self.current_trick.plays())
        return tuple(out)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> TrickInProgress:
        return TrickInProgress(self._current_leader, tuple(self._current))

    @property
    def to_play(self) -> Seat:
        """The seat whose card is next (dummy's cards are chosen by declarer, but dummy is the seat)."""
        return self._current_leader.offset(len(self._current))

    @property
    def claim_record(self) -> Claim | None:
        return self._claim

    @property
    def is_complete(self) -> bool:
        return self._claim is not None or len(self._tricks) == self._total_tricks

    @property
    def dummy_exposed(self) -> bool:
        """Dummy is face up once the opening lead is made (an ending starts with it exposed)."""
        return bool(self._moves) or self._total_tricks < 13 or sum(self._prior) > 0

    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet completed (the trick in progress counts as remaining)."""
        return self._total_tricks - len(self._tricks)

    def hand(self, seat: Seat) -> CardSet:
        """The cards ``seat`` still holds."""
        return CardSet(self._hands[seat])

    def remaining_deal(self) -> Deal:
        """The cards still held, as a (possibly partial, mid-trick unequal) deal."""
        return Deal.from_masks(self._hands)

    @property
    def played_cards(self) -> CardSet:
        return CardSet(sum(1 << c for c in self._moves))

    @property
    def tricks_ns(self) -> int:
        """Tricks won by North-South in this play (earlier tricks not included)."""
        return self._won_ns

    @property
    def tricks_ew(self) -> int:
        return self._won_ew

    @property
    def declarer_tricks(self) -> int:
        """Tricks of the declaring side so far, earlier tricks included, claim not included."""
        won = self._won_ns if self._declarer.is_ns else self._won_ew
        return self._prior[0] + won

    @property
    def defender_tricks(self) -> int:
        won = self._won_ew if self._declarer.is_ns else self._won_ns
        return self._prior[1] + won

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play now (follow suit if possible)."""
        if self.is_complete:
            return CardSet()
        hand = self._hands[self.to_play]
        if self._current:
            same = hand & SUIT_MASKS[self._current[0] // 13]
            if same:
                return CardSet(same)
        return CardSet(hand)

    # --- changing the state ------------------------------------------------------
    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play; raises :class:`IllegalPlayError` if it may not."""
        if not isinstance(card, int) or not 0 <= card < 52:
            raise IllegalPlayError(f"{card!r} is not a card (expected an int 0..51)")
        if self._claim is not None:
            raise IllegalPlayError(f"cannot play {card_str(card)}: the play ended with a claim")
        if len(self._tricks) == self._total_tricks:
            raise IllegalPlayError(f"cannot play {card_str(card)}: all {self._total_tricks} tricks have been played")
        seat = self.to_play
        hand = self._hands[seat]
        bit = 1 << card
        if not hand & bit:
            raise IllegalPlayError(self._not_in_hand_message(card, seat))
        if self._current:
            led = self._current[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                holding = CardSet(hand & SUIT_MASKS[led]).cards_str()
                raise IllegalPlayError(
                    f"{seat.name.title()} must follow suit in {SUIT_NAMES[led]} "
                    f"(holds {holding}); {card_str(card)} is not a {SUIT_NAMES_SINGULAR[led]}"
                )
        self._hands[seat] = hand & ~bit
        self._moves.append(card)
        self._current.append(card)
        if len(self._current) == 4:
            cards = (self._current[0], self._current[1], self._current[2], self._current[3])
            winner = self._current_leader.offset(trick_winner_index(cards, self._trump))
            self._tricks.append(Trick(self._current_leader, cards, winner))
            if winner.is_ns:
                self._won_ns += 1
            else:
                self._won_ew += 1
            self._current_leader = winner
            self._current = []

    def _not_in_hand_message(self, card: Card, seat: Seat) -> str:
        name = card_str(card)
        if card in self._moves:
            return f"{name} is not in {seat.name.title()}'s hand: it has already been played"
        for other in Seat:
            if self._hands[other] >> card & 1:
                return f"{name} is not in {seat.name.title()}'s hand (it is {other.name.title()}'s)"
        return f"{name} is not in {seat.name.title()}'s hand (it is not in this deal)"

    def undo(self) -> None:
        """Take back the claim if there is one, else the last card played."""
        if self._claim is not None:
            self._claim = None
            return
        if not self._moves:
            raise IllegalPlayError("nothing to undo: no card has been played")
        if not self._current:
            trick = self._tricks.pop()
            if trick.winner.is_ns:
                self._won_ns -= 1
            else:
                self._won_ew -= 1
            self._current_leader = trick.leader
            self._current = list(trick.cards)
        card = self._current.pop()
        self._moves.pop()
        self._hands[self._current_leader.offset(len(self._current))] |= 1 << card

    def undo_to(self, ply: int) -> None:
        """Take back cards (and any claim) until ``ply`` cards remain played."""
        if not 0 <= ply <= len(self._moves):
            raise IllegalPlayError(f"cannot undo to ply {ply}: {len(self._moves)} cards have been played")
        self._claim = None
        while len(self._moves) > ply:
            self.undo()

    def claim(self, declarer_side_tricks: int, verifier: ClaimVerifier | None = None) -> Claim:
        """End the play: the declaring side takes ``declarer_side_tricks`` of the remaining tricks.

        With a ``verifier`` the claim is checked first and a rejected claim
        raises :class:`ClaimError` leaving the play unchanged; without one it is
        recorded as unverified.
        """
        if self.is_complete:
            raise ClaimError("cannot claim: the play is already over")
        remaining = self.remaining_tricks
        if not 0 <= declarer_side_tricks <= remaining:
            raise ClaimError(f"a claim must be between 0 and {remaining} of the remaining tricks, got {declarer_side_tricks}")
        status = ClaimStatus.UNVERIFIED
        if verifier is not None:
            if not verifier(self, declarer_side_tricks):
                raise ClaimError(
                    f"claim of {declarer_side_tricks} of the remaining {remaining} tricks was rejected by the verifier"
                )
            status = ClaimStatus.VERIFIED
        self._claim = Claim(declarer_side_tricks, remaining, len(self._moves), status)
        return self._claim

    def copy(self) -> "BridgePlay":
        """An independent copy (same start, same cards played, same claim)."""
        other = BridgePlay.__new__(BridgePlay)
        for name in BridgePlay.__slots__:
            setattr(other, name, getattr(self, name))
        other._hands = list(self._hands)
        other._moves = list(self._moves)
        other._tricks = list(self._tricks)
        other._current = list(self._current)
        return other

    # --- outcome ------------------------------------------------------------------
    def result(self) -> PlayResult:
        """Final tricks per side and the duplicate score; only when the play is complete."""
        if not self.is_complete:
            raise BridgePlayError(
                f"the play is not over: {self.remaining_tricks} of {self._total_tricks} tricks remain"
            )
        decl = self.declarer_tricks
        defe = self.defender_tricks
        if self._claim is not None:
            decl += self._claim.declarer_side_tricks
            defe += self._claim.defender_tricks
        score = (
            declarer_score(self._contract, self._declarer, self._vulnerability, decl) if decl + defe == 13 else None
        )
        return PlayResult(decl, defe, score, self._claim)

    def __repr__(self) -> str:
        return (
            f"BridgePlay({self._contract} by {self._declarer.letter}, ply {len(self._moves)}, "
            f"tricks {self.declarer_tricks}-{self.defender_tricks})"
        )
