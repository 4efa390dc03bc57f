"""Writing a :class:`PbnGame` as canonical (export-style) PBN text.

Tags come in the standard order (Event .. Result), then every other tag as it
was read (before the sections, so a stray Note is never mistaken for an
auction note), then the Auction section with four calls per line and its
notes, and the Play section with one trick per line in seat columns from the
opening leader.  Absent fields are not written, so reading the text back gives
an equal game.
"""

from __future__ import annotations

from ..core.cards import card_str
from ..core.deal import Deal
from ..core.seats import Seat
from ..bridge.auction import Auction
from .pbn_game import PbnGame
from .play_record import PlayRecord

__all__ = ["game_to_pbn", "tag_line", "deal_to_pbn"]

CALLS_PER_LINE = 4


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_line(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def deal_to_pbn(deal: Deal, first: Seat = Seat.NORTH) -> str:
    """The Deal tag value; unknown hands of a partial deal are written ``-``."""
    full = deal.is_full
    hands = [deal.hands[first.offset(i)] for i in range(4)]
    return f"{first.letter}:" + " ".join(h.to_pbn() if (full or len(h)) else "-" for h in hands)


def _auction_lines(auction: Auction) -> list[str]:
    words = []
    for index, call in enumerate(auction.calls):
        marks = [text for i, text in auction.annotations if i == index]
        words.append(" ".join([str(call), *marks]))
    lines = [" ".join(words[i : i + CALLS_PER_LINE]) for i in range(0, len(words), CALLS_PER_LINE)]
    if not auction.is_complete:
        lines.append("*")
    return [tag_line("Auction", auction.first.letter), *lines, *(tag_line("Note", n) for n in auction.notes)]


def _play_lines(play: PlayRecord, cards_per_hand: int | None) -> list[str]:
    lines = [tag_line("Play", play.opening_leader.letter)]
    for row in play.columns():
        lines.append(" ".join("-" if c is None else card_str(c) for c in row))
    finished = play.is_between_tricks and cards_per_hand is not None and len(play.tricks) == cards_per_hand
    if not finished:
        lines.append("*")
    return lines


def game_to_pbn(game: PbnGame) -> str:
    """The game as PBN lines (no trailing blank line)."""
    values: dict[str, str | None] = {
        "Event": game.event,
        "Site": game.site,
        "Date": game.date,
        "Board": None if game.board is None else str(game.board),
        "West": game.players[Seat.WEST],
        "North": game.players[Seat.NORTH],
        "East": game.players[Seat.EAST],
        "South": game.players[Seat.SOUTH],
        "Dealer": None if game.dealer is None else game.dealer.letter,
        "Vulnerable": None if game.vulnerable is None else game.vulnerable.pbn,
        "Deal": None if game.deal is None else deal_to_pbn(game.deal, game.dealer or Seat.NORTH),
        "Scoring": game.scoring,
        "Declarer": None if game.declarer is None else game.declarer.letter,
        "Contract": None if game.contract is None else str(game.contract),
        "Result": None if game.result is None else str(game.result),
    }
    lines = [tag_line(name, value) for name, value in values.items() if value is not None]
    for tag in game.other_tags:
        lines.append(tag_line(tag.name, tag.value))
        lines += tag.section
    if game.auction is not None:
        lines += _auction_lines(game.auction)
    if game.play is not None:
        per_hand = None
        if game.deal is not None:
            known = [len(h) for h in game.deal.hands if len(h)]
            per_hand = known[0] if known else None
        lines += _play_lines(game.play, per_hand)
    return "\n".join(lines)

