"""Saving a bridge session as a PBN game and reading one back (through ``engine.formats``).

What is written: board, dealer, vulnerability, the deal, declarer and contract,
the auction when the board was bid (conventional calls annotated, their meanings
in notes; the user's seat in a ``TenaceSeat`` tag), the cards played so far (PBN's Play section), the result once the play is over (a
claim shows only there: PBN has no claim record) and the user's role in a
``TenaceRole`` tag.  Reading accepts any PBN game with a full deal; a game without a
contract takes it from its auction, or else gets the automatic one, chosen by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bridge.contract import Contract
from ..core.cards import Card
from ..core.seats import Seat
from ..bridge.auction import Auction, Call
from ..formats import PbnGame, PbnTag, PlayRecord, Trick
from .bridge_session import BridgeBoard, BridgeSession, BridgeSessionError, UserRole
from .contract_choice import ContractChoice, ContractMethod

__all__ = ["ROLE_TAG", "SEAT_TAG", "LoadedBoard", "session_to_pbn_game", "loaded_board", "restore_play"]

ROLE_TAG = "TenaceRole"
SEAT_TAG = "TenaceSeat"
EVENT = "Tenace practice"


@dataclass(frozen=True, slots=True)
class LoadedBoard:
    """A PBN game as the app needs it: the board, the contract if given, the role and the play so far."""

    board: BridgeBoard
    choice: ContractChoice | None  # None: the file has no contract, choose one automatically
    role: UserRole
    cards: tuple[Card, ...]
    result: int | None  # declarer's tricks as recorded (may include a claim)
    auction: tuple[Call, ...] = ()  # the calls recorded (the contract comes from them when no tag gives it)
    user_seat: Seat | None = None  # the seat the user bid, when the file says (TenaceSeat)


def session_to_pbn_game(session: BridgeSession) -> PbnGame:
    play = session.play
    tricks = [Trick(t.leader, t.cards) for t in play.tricks]
    current = play.current_trick
    if current.cards:
        tricks.append(Trick(current.leader, current.cards))
    names = ["You" if seat in session.user_seats else f"Tenace ({session.player_spec})" for seat in Seat]
    result = play.result().declarer_tricks if play.is_complete else None
    board = session.board
    return PbnGame(
        event=EVENT,
        board=board.number,
        players=(names[0], names[1], names[2], names[3]),
        dealer=board.dealer,
        vulnerable=board.vulnerability,
        deal=board.deal,
        declarer=session.declarer,
        contract=session.contract,
        result=result,
        play=PlayRecord(play.opening_leader, tuple(tricks)),
        auction=_auction_of(session),
        other_tags=(PbnTag(ROLE_TAG, session.role.value),)
        + ((PbnTag(SEAT_TAG, session.user_seat.letter),) if session.auction else ()),
    )


def _auction_of(session: BridgeSession) -> Auction | None:
    """The session's auction with the conventional calls annotated (``=n=``) and explained in notes."""
    if not session.auction:
        return None
    annotations = []
    notes = []
    for index, record in enumerate(session.auction):
        if record.meaning.artificial and record.meaning.text:
            number = len(notes) + 1
            annotations.append((index, f"={number}="))
            notes.append(f"{number}:{record.meaning.text}")
    return Auction(session.board.dealer, tuple(r.call for r in session.auction), tuple(annotations), tuple(notes))


def loaded_board(game: PbnGame, *, default_number: int = 1) -> LoadedBoard:
    """The board, contract, role and cards of ``game``; :class:`BridgeSessionError` when it cannot be played."""
    if game.deal is None or not game.deal.is_full:
        raise BridgeSessionError("the PBN game has no full deal (all 52 cards) to play")
    number = game.board or default_number
    numbered = BridgeBoard.numbered(number, game.deal)
    board = BridgeBoard(
        number,
        game.deal,
        game.dealer if game.dealer is not None else numbered.dealer,
        game.vulnerable if game.vulnerable is not None else numbered.vulnerability,
    )
    choice = None
    if isinstance(game.contract, Contract):
        if game.declarer is None:
            raise BridgeSessionError(f"the PBN game has the contract {game.contract} but no declarer")
        choice = ContractChoice(game.contract, game.declarer, game.contract.tricks_needed, ContractMethod.BY_HAND)
    elif game.contract is not None:
        raise BridgeSessionError("the PBN game was passed out: there is no play to practise")
    calls: tuple[Call, ...] = ()
    if game.auction is not None and game.auction.first == board.dealer:
        calls = game.auction.calls
        outcome = game.auction.outcome()
        if choice is None and isinstance(outcome, tuple):
            contract, declarer = outcome
            choice = ContractChoice(contract, declarer, contract.tricks_needed, ContractMethod.AUCTION)
        elif choice is None and outcome is not None:
            raise BridgeSessionError("the PBN game was passed out: there is no play to practise")
    user_seat = None
    for tag in game.other_tags:
        if tag.name == SEAT_TAG:
            try:
                user_seat = Seat.parse(tag.value)
            except ValueError:
                raise BridgeSessionError(f"tag {SEAT_TAG} is {tag.value!r}: expected N, E, S or W") from None
    role = UserRole.DECLARER
    for tag in game.other_tags:
        if tag.name == ROLE_TAG:
            try:
                role = UserRole(tag.value.strip().lower())
            except ValueError:
                raise BridgeSessionError(
                    f"tag {ROLE_TAG} is {tag.value!r}: expected declarer or defender"
                ) from None
    cards = () if game.play is None or choice is None else game.play.cards
    return LoadedBoard(board, choice, role, tuple(cards), game.result, calls, user_seat)


def restore_play(session: BridgeSession, cards: tuple[Card, ...], result: int | None) -> None:
    """Replay the recorded cards; a recorded result short of the end of play becomes an unverified claim."""
    for card in cards:
        session.play.play(card)
    play = session.play
    if result is None or play.is_complete or play.current_trick.cards:
        return
    claimed = result - play.declarer_tricks
    if 0 <= claimed <= play.remaining_tricks:
        play.claim(claimed)
