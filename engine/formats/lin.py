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
legality and the play against the rules, and an error names the board, the line
and the token (``board 3, line 3: mb|8C|: ...``), the token cut to a short excerpt
when it is long.  Alerts and explanations become PBN annotations and notes, so a
LIN board written out as PBN keeps them.

Like PBN, a LIN file above :data:`MAX_LIN_BYTES` is refused before it is read,
and a path that is not a regular file (a FIFO, a terminal, a folder: opening or
reading it could wait for ever) is refused unless the caller lets pipes through.
Reading is linear in the text: one split on ``|``, no backtracking patterns.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from ..bridge.auction import Auction, AuctionError, Call
from ..bridge.contract import Contract, Vulnerability
from ..bridge.tricks import trick_winner
from ..core.cards import FULL_MASK, CardSet, parse_card
from ..core.deal import Deal, DealError
from ..core.quoting import quoted
from ..core.seats import Seat
from .pbn_game import PbnGame, PbnGameError
from .pbn_io import MAX_PBN_BYTES
from .play_record import PlayError, PlayRecord, Trick
from .user_file import NotARegularFile, open_user_file

__all__ = ["LinError", "MAX_LIN_BYTES", "read_lin", "parse_lin"]

MAX_LIN_BYTES = MAX_PBN_BYTES
"""The largest LIN file (or text, in characters) read: 8 MiB, as for PBN (a BBO session is a few KB)."""

_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_DEALERS = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_VULNERABLE = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE, "n": Vulnerability.NS,
               "e": Vulnerability.EW, "b": Vulnerability.BOTH}
_HAND_RE = re.compile(r"^(?:[SHDC](?:10|[2-9TJQKA])*)*$", re.IGNORECASE)  # unambiguous: linear
_TITLE_NUMBER_RE = re.compile(r"(?<!\d)(\d{1,9})(?!\d)")


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
    call_positions: list[str] = field(default_factory=list)  # where each mb| is, to name a bad call
    annotations: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    claim: int | None = None
    start: str = "line 1, column 1"  # where the board starts, for messages about the whole board

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


def _pairs(text: str) -> Iterator[tuple[str, str, str]]:
    """``(where, key, value)`` for every ``key|value|`` pair, in one pass; ``where`` is the key's
    ``line L, column C``.  Line breaks between (or inside) pairs are ignored, as BBO writes them anywhere."""
    pos, line, line_start = 0, 1, 0
    while True:
        bar = text.find("|", pos)
        end = text.find("|", bar + 1) if bar >= 0 else -1
        if end < 0:
            return
        raw_key = text[pos:bar]
        key_pos = pos + len(raw_key) - len(raw_key.lstrip())
        breaks = text.count("\n", pos, key_pos)
        if breaks:
            line += breaks
            line_start = text.rfind("\n", pos, key_pos) + 1
        where = f"line {line}, column {key_pos - line_start + 1}"
        breaks = text.count("\n", key_pos, end)
        if breaks:
            line += breaks
            line_start = text.rfind("\n", key_pos, end) + 1
        key = raw_key.replace("\r", "").replace("\n", "").strip().lower()
        if key:
            yield where, key, text[bar + 1:end].replace("\r", "").replace("\n", "")
        pos = end + 1


def _token(key: str, value: str) -> str:
    """``key|value|`` for a message, the value cut to a short excerpt when long."""
    if len(value) <= 40:
        return f"{key}|{value}|"
    return f"{key}|{value[:40]}…| ({len(value)} characters)"


def _hand(text: str, where: str) -> CardSet:
    compact = text.strip().upper().replace(" ", "")
    if not _HAND_RE.match(compact):
        raise LinError(f"{where}: {quoted(text)} is not a hand (expected S..H..D..C.., e.g. SAK3HQJ2DT98C765)")
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
        try:
            card = parse_card(f"{suit}{rank}")
        except ValueError as e:
            raise LinError(f"{where}: {quoted(text)} is not a hand: {e}") from None
        if mask >> card & 1:
            raise LinError(f"{where}: {suit}{rank} appears twice in the hand {quoted(text)}")
        mask |= 1 << card
    return CardSet(mask)


def _deal(value: str, where: str) -> tuple[Seat | None, Deal]:
    digit = value[:1].isdigit()
    if digit and value[:1] not in _DEALERS:
        raise LinError(f"{where}: md dealer {value[:1]!r} is not 1..4 (1 = South, 2 = West, 3 = North, 4 = East)")
    dealer = _DEALERS[value[:1]] if digit else None
    body = value[1:] if digit else value
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
    where = f"{_where(board.title, number)} ({board.start})"
    if board.deal is None:
        raise LinError(f"{where}: no deal (md)")
    dealer = board.dealer if board.dealer is not None else Seat((number - 1) % 4)
    try:
        auction = Auction(dealer, tuple(board.calls), tuple(board.annotations), tuple(board.notes))
    except AuctionError as e:
        index = e.index if isinstance(e.index, int) and 0 <= e.index < len(board.calls) else None
        if index is not None:
            where = f"{_where(board.title, number)}, {board.call_positions[index]}: call {index + 1}"
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
    if title and len(title) > 40:
        title = f"{title[:40]}…"
    if title and title.lower().startswith("board"):
        return title
    return f"board {title}" if title else f"board {number}"


def _board_number(title: str | None) -> int | None:
    """The number in a title (``Board 12``, ``o12``); none when it has no number of at most nine digits."""
    if not title:
        return None
    m = _TITLE_NUMBER_RE.search(title)
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None


def parse_lin(text: str) -> list[PbnGame]:
    """Every board of a LIN text, in order; text longer than :data:`MAX_LIN_BYTES` characters is refused."""
    _check_size(len(text), "the LIN text")
    games: list[PbnGame] = []
    current = _Board()
    names: tuple[str | None, ...] = (None, None, None, None)
    for position, key, value in _pairs(text):
        if current.empty():
            current.start = position
        if key == "qx" or (key == "md" and current.deal is not None):
            if not current.empty():  # each board is checked as it ends: an error stops the reading there
                games.append(_game(current, len(games) + 1))
            current = _Board(names=names, start=position)
            if key == "qx":
                current.title = value.strip() or None
                continue
        where = f"{_where(current.title, len(games) + 1)}, {position}"
        token = _token(key, value)
        if key == "pn":
            people = [p.strip() or None for p in value.split(",")]
            names = tuple((people + [None] * 4)[:4])
            current.names = names
        elif key == "md":
            current.dealer, current.deal = _deal(value.strip(), f"{where}: {token}")
            current.names = names
        elif key == "sv":
            v = value.strip().lower()[:1]
            if v not in _VULNERABLE:
                raise LinError(f"{where}: {token} is not a vulnerability (o, n, e or b)")
            current.vulnerable = _VULNERABLE[v]
        elif key == "ah":
            current.title = value.strip() or current.title
        elif key == "mb":
            try:
                call, alerted = lin_call(value)
            except ValueError as e:
                raise LinError(f"{where}: {token}: {e}") from None
            current.calls.append(call)
            current.call_positions.append(position)
            if alerted:
                current.annotations.append((len(current.calls) - 1, "!"))
        elif key == "an":
            if not current.calls:
                raise LinError(f"{where}: {token} explains no call")
            number = len(current.notes) + 1
            text_ = value.strip().replace('"', "'")
            if text_:
                current.annotations.append((len(current.calls) - 1, f"={number}="))
                current.notes.append(f"{number}:{text_}")
        elif key == "pc":
            try:
                current.cards.append(parse_card(value.strip()))
            except ValueError:
                raise LinError(f"{where}: {token} is not a card") from None
        elif key == "mc":
            try:
                tricks = int(value.strip()) if len(value.strip()) <= 3 else -1
            except ValueError:
                raise LinError(f"{where}: {token} is not a number of tricks") from None
            if not 0 <= tricks <= 13:
                raise LinError(f"{where}: {token} is not a number of tricks 0..13")
            current.claim = tricks
    if not current.empty():
        games.append(_game(current, len(games) + 1))
    return games


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _check_size(size: int, what: str) -> None:
    if size > MAX_LIN_BYTES:
        raise LinError(f"{what} is {_megabytes(size)}; Tenace reads LIN files of at most {_megabytes(MAX_LIN_BYTES)}")


def read_lin_bytes(path: str | os.PathLike[str], *, pipes: bool = False) -> bytes:
    """The bytes of a LIN file, refused before reading when too large or not a regular file (a FIFO or a
    terminal would block the reading for ever); ``pipes`` lets a pipe through (still size-capped)."""
    try:
        f = open_user_file(path, pipes=pipes)
    except NotARegularFile as exc:
        raise LinError(f"{os.fspath(path)} is {exc.kind}: Tenace reads LIN files") from None
    with f:
        _check_size(os.fstat(f.fileno()).st_size, os.fspath(path))
        data = f.read(MAX_LIN_BYTES + 1)  # a file that grows while it is read is still cut off
    _check_size(len(data), os.fspath(path))
    return data


def read_lin(source: str | os.PathLike[str], *, pipes: bool = False) -> list[PbnGame]:
    """Read a LIN file (a path) or LIN text; a :class:`LinError` names the file, the board, the line and the
    token.  A path that is not a regular file is refused unless ``pipes`` (see :func:`read_lin_bytes`)."""
    text = str(source)
    path = None
    if isinstance(source, os.PathLike) or ("|" not in text and Path(text).suffix.lower() == ".lin"):
        path = Path(source)
        data = read_lin_bytes(path, pipes=pipes)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    try:
        games = parse_lin(text)
        if not games:
            raise LinError("no board in the LIN text (no md| deal)")
    except LinError as e:
        if path is None:
            raise
        raise LinError(f"{path}: {e}") from None
    return games
