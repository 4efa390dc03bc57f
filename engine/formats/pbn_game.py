"""The typed model of one PBN game (a played or to-be-played deal).

The tags a played deal needs are typed fields; every other tag is kept verbatim
(name, value and section lines) in file order so a file can be read and written
back without losing anything.  Building a game checks that its parts agree: the
play record must be a legal play of the deal under the contract's trumps, led
by the declarer's left-hand opponent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..bridge.contract import Contract, Vulnerability
from ..core.cards import CardSet
from ..core.deal import Deal
from ..core.quoting import quoted
from ..core.seats import Seat
from ..bridge.auction import PASSED_OUT, Auction, PassedOut
from .play_record import PlayRecord, check_play

__all__ = ["PbnTag", "PbnGame", "PbnGameError", "STANDARD_TAGS", "SECTION_TAGS"]

STANDARD_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)
"""PBN's mandatory tags in export order."""

SECTION_TAGS = ("Auction", "Play")

_TAG_NAME = re.compile(r"^[A-Za-z0-9_]+$")
_TYPED = {name.lower() for name in STANDARD_TAGS + SECTION_TAGS}


def _is_one_line(text: str) -> bool:
    """True unless ``text`` holds a character that would split it across lines in a file."""
    return text == "".join(text.splitlines())


class PbnGameError(ValueError):
    """The parts of a game contradict each other (e.g. a play record that breaks the rules)."""


@dataclass(frozen=True, slots=True)
class PbnTag:
    """A tag we do not interpret, kept as written: value plus the lines of its section."""

    name: str
    value: str
    section: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not _TAG_NAME.match(self.name):
            raise PbnGameError(f"tag name {quoted(self.name)} must be letters, digits or '_'")
        if not _is_one_line(self.value):
            raise PbnGameError(f"tag {self.name}: a value cannot contain a line break")
        if self.value.strip() == "#":
            raise PbnGameError(f"tag {self.name}: '#' is PBN's copy-previous marker, not a value")
        object.__setattr__(self, "section", tuple(self.section))
        for line in self.section:
            if not line.strip() or not _is_one_line(line) or line.lstrip().startswith("%") or any(
                ch in line for ch in "[{;"
            ):
                raise PbnGameError(f"tag {self.name}: section line {quoted(line)} is blank or holds PBN syntax")


@dataclass(frozen=True, slots=True)
class PbnGame:
    """One game; ``None`` means the tag is absent (or empty) in the file.

    ``players`` are the names by seat (N, E, S, W).  ``deal`` may be partial:
    a hand with no cards in a partial deal stands for an unknown hand (``-``).
    ``contract`` is a :class:`Contract`, ``PASSED_OUT`` or ``None``;
    ``result`` is the number of tricks declarer took.
    """

    event: str | None = None
    site: str | None = None
    date: str | None = None
    board: int | None = None
    players: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    deal: Deal | None = None
    scoring: str | None = None
    declarer: Seat | None = None
    contract: Contract | PassedOut | None = None
    result: int | None = None
    auction: Auction | None = None
    play: PlayRecord | None = None
    other_tags: tuple[PbnTag, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "other_tags", tuple(self.other_tags))
        if len(self.players) != 4:
            raise PbnGameError(f"players has one name per seat, got {len(self.players)}")
        for text_field in (self.event, self.site, self.date, self.scoring, *self.players):
            if text_field is not None and not _is_one_line(text_field):
                raise PbnGameError(f"tag value {quoted(text_field)} contains a line break")
            if text_field is not None and text_field.strip() == "#":
                raise PbnGameError("'#' is PBN's copy-previous marker, not a tag value")
        if self.board is not None and self.board < 1:
            raise PbnGameError(f"board number {self.board} must be positive")
        if self.result is not None and not 0 <= self.result <= 13:
            raise PbnGameError(f"result {self.result} is not a number of tricks 0..13")
        if self.contract is PASSED_OUT and self.declarer is not None:
            raise PbnGameError("a passed-out deal has no declarer")
        for tag in self.other_tags:
            if tag.name.lower() in _TYPED:
                raise PbnGameError(f"tag {tag.name} is a typed field, not an other tag")
        if self.play is not None:
            self._check_play(self.play)

    def _check_play(self, play: PlayRecord) -> None:
        if play.tricks and not isinstance(self.contract, Contract):
            raise PbnGameError("a play record needs a contract: it decides the trump suit")
        if self.declarer is not None and play.opening_leader != self.declarer.lho:
            raise PbnGameError(
                f"{play.opening_leader.name.title()} leads, but the opening leader is declarer "
                f"{self.declarer.name.title()}'s left-hand opponent {self.declarer.lho.name.title()}"
            )
        check_play(play, self.trump, self.known_hands())

    @property
    def trump(self) -> int | None:
        """The trump suit of the contract (``None`` at notrump or without a contract)."""
        return self.contract.strain.trump if isinstance(self.contract, Contract) else None

    def known_hands(self) -> tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None] | None:
        """The hands by seat, ``None`` for a hand the deal leaves unknown; ``None`` without a deal."""
        if self.deal is None:
            return None
        full = self.deal.is_full
        h = tuple(hand if (full or len(hand)) else None for hand in self.deal.hands)
        return (h[0], h[1], h[2], h[3])
