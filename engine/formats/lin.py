"""BBO hand records (LIN files): boards with their auction and play, read into :class:`PbnGame`.

A LIN file is a run of ``key|value|`` pairs.  The ones that make a board:

======  =====================================================================
``qx``  board id (``o12`` open room, ``c12`` closed room): starts a board
``pn``  player names, South, West, North, East (vugraph: eight, both rooms)
``md``  dealer digit (1 = South, 2 = West, 3 = North, 4 = East) then the hands
        South, West, North, East separated by commas, each ``S..H..D..C..``;
        a missing last hand is the remaining cards
``sv``  vulnerability: ``o`` / ``0`` / ``-`` none, ``n`` NS, ``e`` EW, ``b`` both
``ah``  board title (``Board 12``)
``mb``  a call: ``p``, ``d``, ``r``, ``1c`` .. ``7n``; a trailing ``!`` is an alert
``an``  the explanation of the call just made
``pc``  a card played (``SA``, ``h7``)
``mc``  a claim: declarer's total tricks
======  =====================================================================

Everything else (``st``, ``rh``, ``pg``, ``nt``, ``vg``, ``rs``, ``sk`` ...) is
skipped.  Every board must have a full deal; the auction is checked for
legality and the play against the rules, and an error names the board and the
token.  Alerts and explanations become PBN annotations and notes, so a LIN
board written out as PBN keeps them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..bridge.auction import Auction, AuctionError, Call
from ..bridge.contract import Contract, Vulnerability
from ..bridge.tricks import trick_winner
from ..core.cards import FULL_MASK, CardSet, parse_card
from ..core.deal import Deal, DealError
from ..core.seats import Seat
from .pbn_game import PbnGame, PbnGameError
from .play_record import PlayError, PlayRecord, Trick

__all__ = ["LinError", "read_lin", "parse_lin"]

_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_DEALERS = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_VULNERABLE = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE, "n": Vulnerability.NS,
               "e": Vulnerability.EW, "b": Vulnerability.BOTH}
_HAND_RE = re.compile(r"^(?:[SHDC][2-9TJQKA10]*)*$", re.IGNORECASE)


class LinError(ValueError):
    """A LIN file that cannot be read; the message names the board and what is wrong."""


@dataclass
class _Board:
    title: str | None = None
    names: tuple[str | None, ...] = (None, None, None, None)
    dealer: Seat | None = None
    deal: Deal | None = None
    vulnerable: Vulnerability | None = None
    calls: list[Call] = field(default_factory=list)
    annotations: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    claim: int | None = None

    def empty(self) -> bool:
        return self.deal is None and not self.calls and not self.cards


def lin_call(text: str) -> tuple[Call, bool]:
    """A LIN call (``p``, ``d``, ``r``, ``1c`` .. ``7n``, ``!`` for an alert) and whether it was alerted."""
    t = text.strip()
    alerted = t.endswith("!")
    t = t.rstrip("!").strip().upper()
    words = {"P": "Pass", "D": "X", "R": "XX", "DBL": "X", "RDBL": "XX"}
    if t in words:
        return Call.parse(words[t]), alerted
    if len(t) == 2 and t[1] == "N":
        t = t + "T"
    return Call.parse(t), alerted


def _pairs(text: str) -> list[tuple[str, str]]:
    parts = text.replace("\r", "").replace("\n", "").split("|")
    out = []
    for i in range(0, len(parts) - 1, 2):
        key = parts[i].strip().lower()
        if key:
            out.append((key, parts[i + 1]))
    return out


def _hand(text: str, where: str) -> CardSet:
    compact = text.strip().upper().replace(" ", "")
    if not _HAND_RE.match(compact):
        raise LinError(f"{where}: {text!r} is not a hand (expected S..H..D..C.., e.g. SAK3HQJ2DT98C765)")
    mask = 0
    suit = None
    i = 0
    while i < len(compact):
        ch = compact[i]
        if ch in "SHDC":
            suit = ch
            i += 1
            continue
        rank = "T" if compact.startswith("10", i) else ch
        i += 2 if compact.startswith("10", i) else 1
        card = parse_card(f"{suit}{rank}")
        if mask >> card & 1:
            raise LinError(f"{where}: {suit}{rank} appears twice in the hand {text!r}")
        mask |= 1 << card
    return CardSet(mask)


def _deal(value: str, where: str) -> tuple[Seat | None, Deal]:
    dealer = _DEALERS.get(value[:1]) if value[:1].isdigit() else None
    body = value[1:] if value[:1].isdigit() else value
    texts = body.split(",")
    if len(texts) < 3:
        raise LinError(f"{where}: md needs at least three hands (South, West, North), got {len(texts)}")
    hands: dict[Seat, CardSet] = {}
    for seat, text in zip(_LIN_SEATS, texts[:4]):
        if text.strip():
            hands[seat] = _hand(text, f"{where}, {seat.name.title()}'s hand")
    missing = [s for s in _LIN_SEATS if s not in hands]
    if len(missing) == 1:
        taken = 0
        for h in hands.values():
            taken |= h.mask
        hands[missing[0]] = CardSet(FULL_MASK & ~taken)
    elif missing:
        raise LinError(f"{where}: the hands of {', '.join(s.name.title() for s in missing)} are missing")
    try:
        deal = Deal(tuple(hands[s] for s in Seat))  # type: ignore[arg-type]
        deal.validate()
    except DealError as e:
        raise LinError(f"{where}: {e}") from None
    return dealer, deal


def _play_record(deal: Deal, contract: Contract, declarer: Seat, cards: list[int], where: str) -> PlayRecord:
    """Cards in play order grouped into tricks, each led by the previous trick's winner."""
    trump = contract.strain.trump
    leader = declarer.lho
    tricks = []
    for start in range(0, len(cards), 4):
        chunk = tuple(cards[start : start + 4])
        for position, card in enumerate(chunk):
            seat = leader.offset(position)
            if card not in deal[seat]:
                raise LinError(f"{where}: {seat.name.title()} plays {CardSet([card]).cards_str()}, which is not in that hand")
        tricks.append(Trick(leader, chunk))
        if len(chunk) == 4:
            leader = trick_winner(chunk, leader, trump)
    return PlayRecord(declarer.lho, tuple(tricks))


def _game(board: _Board, number: int) -> PbnGame:
    where = _where(board.title, number)
    if board.deal is None:
        raise LinError(f"{where}: no deal (md)")
    dealer = board.dealer if board.dealer is not None else Seat((number - 1) % 4)
    try:
        auction = Auction(dealer, tuple(board.calls), tuple(board.annotations), tuple(board.notes))
    except AuctionError as e:
        raise LinError(f"{where}: auction: {e}") from None
    outcome = auction.outcome()
    contract = declarer = None
    if isinstance(outcome, tuple):
        contract, declarer = outcome
    elif outcome is not None:
        contract = outcome  # passed out
    play = None
    result = None
    if board.cards:
        if not isinstance(contract, Contract) or declarer is None:
            raise LinError(f"{where}: cards are played but the auction has no contract")
        play = _play_record(board.deal, contract, declarer, board.cards, where)
    if board.claim is not None:
        result = board.claim
    elif play is not None and len(board.cards) == 52 and isinstance(contract, Contract) and declarer is not None:
        won = 0
        trump = contract.strain.trump
        for trick in play.tricks:
            if trick_winner(trick.cards, trick.leader, trump).same_side(declarer):
                won += 1
        result = won
    number_from_title = _board_number(board.title)
    names = board.names
    try:
        return PbnGame(
            event="BBO hand record",
            board=number_from_title or number,
            players=(names[2], names[3], names[0], names[1]),  # N, E, S, W from South, West, North, East
            dealer=dealer,
            vulnerable=board.vulnerable,
            deal=board.deal,
            declarer=declarer,
            contract=contract,
            result=result,
            auction=auction if board.calls else None,
            play=play,
        )
    except (PbnGameError, PlayError) as e:
        raise LinError(f"{where}: {e}") from None


def _where(title: str | None, number: int) -> str:
    if title and title.lower().startswith("board"):
        return title
    return f"board {title}" if title else f"board {number}"


def _board_number(title: str | None) -> int | None:
    if not title:
        return None
    m = re.search(r"(\d+)", title)
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None


def parse_lin(text: str) -> list[PbnGame]:
    """Every board of a LIN text, in order."""
    boards: list[_Board] = []
    current = _Board()
    names: tuple[str | None, ...] = (None, None, None, None)
    for key, value in _pairs(text):
        where = _where(current.title, len(boards) + 1)
        if key == "qx" or (key == "md" and current.deal is not None):
            if not current.empty():
                boards.append(current)
            current = _Board(names=names)
            if key == "qx":
                current.title = value.strip() or None
                continue
        if key == "pn":
            people = [p.strip() or None for p in value.split(",")]
            names = tuple((people + [None] * 4)[:4])
            current.names = names
        elif key == "md":
            current.dealer, current.deal = _deal(value.strip(), where)
            current.names = names
        elif key == "sv":
            v = value.strip().lower()[:1]
            if v not in _VULNERABLE:
                raise LinError(f"{where}: sv|{value}| is not a vulnerability (o, n, e or b)")
            current.vulnerable = _VULNERABLE[v]
        elif key == "ah":
            current.title = value.strip() or current.title
        elif key == "mb":
            try:
                call, alerted = lin_call(value)
            except ValueError as e:
                raise LinError(f"{where}: mb|{value}|: {e}") from None
            current.calls.append(call)
            if alerted:
                current.annotations.append((len(current.calls) - 1, "!"))
        elif key == "an":
            if not current.calls:
                raise LinError(f"{where}: an|{value}| explains no call")
            number = len(current.notes) + 1
            text_ = value.strip().replace('"', "'")
            if text_:
                current.annotations.append((len(current.calls) - 1, f"={number}="))
                current.notes.append(f"{number}:{text_}")
        elif key == "pc":
            try:
                current.cards.append(parse_card(value.strip()))
            except ValueError:
                raise LinError(f"{where}: pc|{value}| is not a card") from None
        elif key == "mc":
            try:
                tricks = int(value.strip())
            except ValueError:
                raise LinError(f"{where}: mc|{value}| is not a number of tricks") from None
            if not 0 <= tricks <= 13:
                raise LinError(f"{where}: mc|{value}| is not a number of tricks 0..13")
            current.claim = tricks
    if not current.empty():
        boards.append(current)
    return [_game(b, i + 1) for i, b in enumerate(boards)]


def read_lin(source: str | os.PathLike[str]) -> list[PbnGame]:
    """Read a LIN file (a path) or LIN text; a :class:`LinError` names the board and the token."""
    text = str(source)
    if isinstance(source, os.PathLike) or ("|" not in text and Path(text).suffix.lower() == ".lin"):
        data = Path(source).read_bytes()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    games = parse_lin(text)
    if not games:
        raise LinError("no board in the LIN text (no md| deal)")
    return games
