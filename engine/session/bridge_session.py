"""A bridge deal in play between the user and computer players (no Qt, no threads).

The user sits at the declarer's seat and also plays dummy (the default), or at the
opening leader's seat as a defender.  Computer seats get players built from a
registry spec (``rules``, ``pimc:worlds=50`` ...).  The session never runs a
computer player itself: :meth:`BridgeSession.computer_turn` hands out a job for the
app's engine worker, and :meth:`BridgeSession.apply_computer_card` takes the answer
back, refusing it when the position has changed since (undo, new deal).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Sequence

from ..bridge.contract import Contract, Vulnerability
from ..bridge.played import PlayedDeal
from ..bridge.play import BridgePlay, Claim, ClaimError, ClaimStatus, IllegalPlayError
from ..bridge.view import BridgeView, deciding_seat, view_for_turn
from ..core.cancel import CancelToken
from ..core.cards import SUIT_NAMES, Card, card_str
from ..core.deal import Deal
from ..core.seats import Seat
from ..bidding import CallRecord
from ..players.registry import REGISTRY, Game, PlayerRegistry
from .contract_choice import ContractChoice
from ..solvers.oracle import DDTable
from ..worlds import KnowledgeError
from ..worlds.auction import auction_constraints
from .trivial_claim import leader_holds_only_top_winners

__all__ = [
    "UserRole",
    "BridgeBoard",
    "BridgeSessionError",
    "CardStatus",
    "ComputerTurn",
    "DealSummary",
    "BridgeSession",
    "FALLBACK_PLAYER",
]

FALLBACK_PLAYER = "rules"
"""The player that chooses a computer card when the session's own player failed on it (never fails)."""


class BridgeSessionError(ValueError):
    """An action the session cannot take now; the message says which and why."""


class UserRole(Enum):
    DECLARER = "declarer"
    DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class BridgeBoard:
    """A board: its number, the deal, and the dealer and vulnerability that go with the number."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    @classmethod
    def numbered(cls, number: int, deal: Deal) -> "BridgeBoard":
        """Dealer and vulnerability by the standard duplicate rotation."""
        if number < 1:
            raise BridgeSessionError(f"board number {number} must be at least 1")
        return cls(number, deal, Seat((number - 1) % 4), Vulnerability.for_board(number))


@dataclass(frozen=True, slots=True)
class CardStatus:
    """Whether the user may play ``card`` now, and if not, why (shown on hover)."""

    card: Card
    playable: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ComputerTurn:
    """A computer decision to compute on the engine worker: call ``job(cancel)``."""

    ply: int
    seat: Seat  # the seat deciding (declarer when dummy's card is chosen)
    player_name: str
    job: Callable[[CancelToken], Card]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """The end of a deal: tricks, score, and the double-dummy par of the contract when known."""

    contract: Contract
    declarer: Seat
    declarer_tricks: int
    score: int  # for the declaring side (negative when defeated)
    claim: Claim | None
    dd_tricks: int | None  # double-dummy tricks of this contract from the opening lead
    user_on_declaring_side: bool

    @property
    def made(self) -> bool:
        return self.declarer_tricks >= self.contract.tricks_needed

    @property
    def user_score(self) -> int:
        return self.score if self.user_on_declaring_side else -self.score

    @property
    def result_text(self) -> str:
        diff = self.declarer_tricks - self.contract.tricks_needed
        if diff == 0:
            return "made exactly"
        return f"made with {diff} overtrick{'s' * (diff > 1)}" if diff > 0 else f"down {-diff}"


class BridgeSession:
    """One deal being played: the user's seats, computer players, undo, claim, summary."""

    def __init__(
        self,
        board: BridgeBoard,
        choice: ContractChoice,
        *,
        role: UserRole = UserRole.DECLARER,
        player_spec: str = "rules",
        seed: int = 0,
        dd_table: DDTable | None = None,
        registry: PlayerRegistry = REGISTRY,
        user_seat: Seat | None = None,
        auction: Sequence[CallRecord] = (),
    ) -> None:
        """``user_seat`` (after an auction): the user's own seat; the role follows from the contract
        (declarer's side: the user plays declarer and dummy; else the user defends from that seat).
        Without it the user sits at declarer (``role`` DECLARER) or at the opening lead.  ``auction``:
        the calls that led to the contract, whose meanings shape every computer player's deals."""
        if not board.deal.is_full:
            raise BridgeSessionError("a bridge session plays a full 52-card deal")
        self.board = board
        self.choice = choice
        self.dd_table = dd_table
        self.player_spec = player_spec
        self.auction: tuple[CallRecord, ...] = tuple(auction)
        self.play = BridgePlay(board.deal, choice.contract, choice.declarer, board.vulnerability)
        declarer = choice.declarer
        if user_seat is not None:
            role = UserRole.DECLARER if user_seat.same_side(declarer) else UserRole.DEFENDER
            self.user_seat: Seat = declarer if role is UserRole.DECLARER else user_seat
        else:
            self.user_seat = declarer if role is UserRole.DECLARER else declarer.lho
        self.role = role
        self.user_seats: frozenset[Seat] = (
            frozenset({declarer, declarer.partner}) if role is UserRole.DECLARER else frozenset({self.user_seat})
        )
        deciders = [s for s in Seat if s != declarer.partner and s not in self.user_seats]
        self._players: dict[Seat, Any] = {
            seat: registry.create(Game.BRIDGE, player_spec, seed=seed * 4 + int(seat)) for seat in deciders
        }
        self._registry = registry
        self.constraints = auction_constraints(self.auction)
        for seat, player in self._players.items():
            if hasattr(player, "constraints"):
                player.constraints = {s: c for s, c in self.constraints.items() if s != seat} or None

    # --- whose turn -----------------------------------------------------------------
    @property
    def contract(self) -> Contract:
        return self.play.contract

    @property
    def declarer(self) -> Seat:
        return self.play.declarer

    @property
    def is_complete(self) -> bool:
        return self.play.is_complete

    @property
    def is_user_turn(self) -> bool:
        return not self.play.is_complete and self.play.to_play in self.user_seats

    def _decider_of(self, seat: Seat) -> Seat:
        return self.declarer if seat == self.declarer.partner else seat

    def user_decides(self, seat: Seat) -> bool:
        return self._decider_of(seat) in self.user_seats

    # --- the user's cards ---------------------------------------------------------------
    def card_statuses(self, seat: Seat) -> tuple[CardStatus, ...]:
        """Every card ``seat`` holds with whether the user may play it now (reasons for the others)."""
        hand = self.play.hand(seat)
        if self.play.is_complete:
            return tuple(CardStatus(c, False, "the play is over") for c in hand)
        to_play = self.play.to_play
        if seat not in self.user_seats:
            return tuple(CardStatus(c, False, "") for c in hand)
        if to_play != seat:
            who = "your" if to_play == self.user_seat else f"{to_play.name.title()}'s"
            if to_play not in self.user_seats:
                reason = f"{to_play.name.title()} is to play"
            else:
                reason = f"the card comes from {who} hand" if to_play != self.user_seat else "the card comes from your own hand"
            return tuple(CardStatus(c, False, reason) for c in hand)
        legal = self.play.legal_cards()
        led = self.play.current_trick.suit_led
        statuses = []
        for c in hand:
            if c in legal:
                statuses.append(CardStatus(c, True))
            else:
                word = SUIT_NAMES[int(led)] if led is not None else ""
                statuses.append(CardStatus(c, False, f"you must follow suit in {word}"))
        return tuple(statuses)

    def play_card(self, card: Card) -> None:
        """The user plays ``card`` from the hand to play; raises when it is not the user's turn or illegal."""
        if not self.is_user_turn:
            who = "nobody" if self.play.is_complete else self.play.to_play.name.title()
            raise BridgeSessionError(f"cannot play {card_str(card)}: it is {who}'s turn, not yours")
        self.play.play(card)

    # --- computer turns ---------------------------------------------------------------
    def computer_turn(self, *, fallback: bool = False) -> ComputerTurn | None:
        """The job for the next computer card, or ``None`` when the user is to play or the play is over.

        ``fallback``: the card is chosen by the simple ``rules`` player instead (after the session's own
        player failed on this card), so that a hand can always be played on.
        """
        if self.play.is_complete or self.is_user_turn:
            return None
        view: BridgeView = view_for_turn(self.play)
        player = self._players[deciding_seat(self.play)]
        if fallback:
            player = self._registry.create(Game.BRIDGE, FALLBACK_PLAYER)

        def job(cancel: CancelToken) -> Card:
            try:
                card = int(player.choose_card(view))
            except KnowledgeError:
                # the cards seen contradict what the auction said (a misbid): play on what the play shows
                kept = getattr(player, "constraints", None)
                player.constraints = None
                try:
                    card = int(player.choose_card(view))
                finally:
                    player.constraints = kept
            if card not in view.legal_cards:
                raise IllegalPlayError(
                    f"player {player.name!r} chose {card_str(card)}, legal: {view.legal_cards.cards_str()}"
                )
            return card

        return ComputerTurn(self.play.ply, view.seat, str(getattr(player, "name", self.player_spec)), job)

    def apply_computer_card(self, ply: int, card: Card) -> bool:
        """Play a computer's answer computed at ``ply``; False (nothing done) when it is stale."""
        if ply != self.play.ply or self.play.is_complete or self.is_user_turn:
            return False
        self.play.play(card)
        return True

    # --- undo and replay ----------------------------------------------------------------
    def last_user_ply(self) -> int | None:
        """The ply of the user's most recent card (cards before it stay played), or ``None``."""
        moves = self.play.moves
        for index in range(len(moves) - 1, -1, -1):
            if self.user_decides(moves[index].seat):
                return index
        return None

    @property
    def can_undo(self) -> bool:
        return self.play.claim_record is not None or self.last_user_ply() is not None

    def undo(self) -> None:
        """Take back the claim, or else the user's last card and every card after it."""
        if self.play.claim_record is not None:
            self.play.undo()
            return
        ply = self.last_user_ply()
        if ply is None:
            raise BridgeSessionError("nothing to undo: you have not played a card yet")
        self.play.undo_to(ply)

    def undo_to(self, ply: int) -> None:
        """Go back to the position after ``ply`` cards (any card of the play)."""
        self.play.undo_to(ply)

    def replay(self) -> None:
        """Start the play of this deal again from the opening lead."""
        self.play.undo_to(0)

    # --- claims ---------------------------------------------------------------------------------
    @property
    def user_on_declaring_side(self) -> bool:
        return self.user_seat.same_side(self.declarer)

    def user_side_tricks_to_declarer_side(self, user_tricks: int) -> int:
        remaining = self.play.remaining_tricks
        if not 0 <= user_tricks <= remaining:
            raise BridgeSessionError(f"a claim is between 0 and {remaining} of the remaining tricks, got {user_tricks}")
        return user_tricks if self.user_on_declaring_side else remaining - user_tricks

    def trivial_claim_available(self) -> bool:
        """The user's side is on lead with nothing but top winners (see :mod:`.trivial_claim`)."""
        return self.is_user_turn and leader_holds_only_top_winners(self.play)

    def claim_trivially(self) -> Claim:
        """Claim every remaining trick for the user's side without a solver (only when plainly right)."""
        if not self.trivial_claim_available():
            raise BridgeSessionError(
                "a claim without the solver needs your side on lead holding only top winners"
            )
        tricks = self.user_side_tricks_to_declarer_side(self.play.remaining_tricks)
        return self.play.claim(tricks, verifier=lambda play, k: leader_holds_only_top_winners(play))

    def claim_verified(self, user_tricks: int, declarer_side_dd: int, at_ply: int) -> Claim:
        """Claim ``user_tricks`` of the remaining tricks for the user's side, checked against the solver's
        ``declarer_side_dd`` (declaring side's tricks left with best play, computed at ``at_ply``)."""
        if at_ply != self.play.ply:
            raise BridgeSessionError("the position changed while the claim was being checked")
        declarer_tricks = self.user_side_tricks_to_declarer_side(user_tricks)
        remaining = self.play.remaining_tricks

        def verifier(play: BridgePlay, k: int) -> bool:
            if self.user_on_declaring_side:
                return declarer_side_dd >= k
            return remaining - declarer_side_dd >= remaining - k

        try:
            return self.play.claim(declarer_tricks, verifier=verifier)
        except ClaimError:
            best = declarer_side_dd if self.user_on_declaring_side else remaining - declarer_side_dd
            raise BridgeSessionError(
                f"claim of {user_tricks} of the remaining {remaining} tricks rejected: "
                f"with best defence your side takes {best}"
            ) from None

    # --- the end --------------------------------------------------------------------------------
    def summary(self) -> DealSummary:
        result = self.play.result()
        if result.score is None:  # pragma: no cover - sessions always play whole deals
            raise BridgeSessionError("the deal did not account for all 13 tricks")
        known = self.dd_table is not None and self.dd_table.has(self.contract.strain, self.declarer)
        dd = self.dd_table.get(self.contract.strain, self.declarer) if known else None  # type: ignore[union-attr]
        return DealSummary(
            self.contract, self.declarer, result.declarer_tricks, result.score, result.claim, dd,
            self.user_on_declaring_side,
        )

    def played_deal(self) -> PlayedDeal:
        """The deal as played so far, for a review or a replay: the user's seat is declarer's when the
        user declares (declarer plays dummy's cards too)."""
        seat = self.declarer if self.role is UserRole.DECLARER else self.user_seat
        claim = self.play.claim_record
        return PlayedDeal(self.board.deal, self.contract, self.declarer, self.board.vulnerability, seat,
                          tuple(m.card for m in self.play.moves),
                          None if claim is None else claim.declarer_side_tricks)

    @property
    def claim_was_verified(self) -> bool:
        claim = self.play.claim_record
        return claim is not None and claim.status is ClaimStatus.VERIFIED
