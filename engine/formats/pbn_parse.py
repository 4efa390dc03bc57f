"""Turning one game's raw tags into a :class:`PbnGame`, with line-precise errors.

Every check that can fail on real input happens here with the line of the
offending token at hand, so each problem is reported as a :class:`PbnError`
(“line 12: Deal: ...”) rather than surfacing later from the model.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from ..bridge.contract import Contract, Vulnerability
from ..core.cards import Card, CardParseError, CardSet, parse_card
from ..core.deal import Deal, DealError
from ..core.quoting import quoted
from ..core.seats import Seat
from ..bridge.auction import PASS, PASSED_OUT, Auction, AuctionError, Call, PassedOut
from .pbn_annotations import annotations_of, is_annotation_only, split_annotations
from .pbn_blocks import RawTag
from .pbn_error import PbnError
from .pbn_lexer import Token
from .pbn_game import STANDARD_TAGS, PbnGame, PbnGameError, PbnTag
from .play_record import PlayError, PlayRecord, play_from_columns

__all__ = ["game_from_tags", "parse_deal"]

T = TypeVar("T")

_CANONICAL = {name.lower(): name for name in STANDARD_TAGS + ("Auction", "Play")}
MAX_ANNOTATIONS = 16
"""Annotations (``!``, ``=1=``, ``$12`` ...) one call may carry; real files use one or two."""
_PASSED_OUT_WORDS = {"PASS", "P", "PASSED", "PASSED OUT", "AP", "ALL PASS"}


def _typed(tag: RawTag, parse: Callable[[str], T], what: str) -> T | None:
    """Parse a tag value; empty means absent; failures name the tag and its line."""
    text = tag.value.strip()
    if not text:
        return None
    try:
        return parse(text)
    except ValueError as e:
        raise PbnError(tag.line, f"{what}: {e}") from None


def _board(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{quoted(text)} is not a board number (a positive integer)")
    return int(text)


def _result(text: str) -> int:
    if not text.isdigit() or int(text) > 13:
        raise ValueError(f"{quoted(text)} is not a number of tricks 0..13")
    return int(text)


def _contract(text: str) -> Contract | PassedOut:
    if text.upper() in _PASSED_OUT_WORDS:
        return PASSED_OUT
    return Contract.parse(text)


def _declarer(text: str) -> Seat:
    return Seat.parse(text.lstrip("^"))  # '^' marks an irregular declarer; the seat is what matters


def parse_deal(text: str) -> Deal:
    """Parse a Deal tag value: full, or partial with ``-`` (or empty) for unknown hands.

    Known hands of a partial deal must have equal sizes (an ending); ``10`` is
    accepted for ``T`` and ranks may be lower case.
    """
    t = text.strip()
    if len(t) < 2 or t[1] != ":":
        raise DealError(f"{quoted(text)} is not a deal: expected '<first seat>:<hand> <hand> <hand> <hand>'")
    hands = [h.replace("10", "T") for h in t[2:].split()]
    deal = Deal.from_pbn(t[:2] + " ".join(hands), partial=True, equal_sizes=False)
    if deal.is_full:
        return deal
    sizes = {seat: len(hand) for seat, hand in zip(Seat, deal.hands) if len(hand)}
    if not sizes:
        raise DealError("the deal has no cards at all")
    if len(set(sizes.values())) > 1:
        most = max(set(sizes.values()), key=list(sizes.values()).count)
        odd = next(seat for seat, n in sizes.items() if n != most)
        raise DealError(
            f"{odd.name.title()} has {sizes[odd]} cards but the other hands have {most}: "
            f"every hand must hold the same number of cards"
        )
    return deal


def _parse_auction(tag: RawTag, notes: Sequence[str]) -> Auction | None:
    first = _typed(tag, Seat.parse, "Auction tag (the first caller)")
    if first is None:
        if tag.section:
            raise PbnError(tag.line, "Auction section has calls but the Auction tag names no first caller")
        return None
    calls: list[Call] = []
    lines: list[int] = []
    annotations: list[tuple[int, str]] = []
    ended_at = 0
    trailing_passes = 0  # passes at the end of ``calls`` (kept as we go: 'AP' must not rescan them)
    for token in tag.section:
        text = token.text
        if ended_at:
            raise PbnError(token.line, f"Auction: {quoted(text)} after the '*' that ends the section (line {ended_at})")
        if text == "*":
            ended_at = token.line
            continue
        if is_annotation_only(text):
            if not calls:
                raise PbnError(token.line, f"Auction: annotation {quoted(text)} comes before any call")
            annotations += [(len(calls) - 1, a) for a in _few(annotations_of(text), token)]
            continue
        word, suffixes = split_annotations(text)
        _few(suffixes, token)
        if word.upper() == "AP":
            new_calls = [PASS] * _passes_to_end(len(calls), trailing_passes)
        else:
            try:
                new_calls = [Call.parse(word)]
            except ValueError as e:
                raise PbnError(token.line, f"Auction: {e}") from None
        trailing_passes = trailing_passes + len(new_calls) if all(c == PASS for c in new_calls) else 0
        calls += new_calls
        lines += [token.line] * len(new_calls)
        annotations += [(len(calls) - 1, a) for a in suffixes]
    try:
        return Auction(first, tuple(calls), tuple(annotations), tuple(notes))
    except AuctionError as e:
        raise PbnError(lines[e.index] if e.index < len(lines) else tag.line, f"Auction: {e}") from None


def _few(annotations: list[str], token: Token) -> list[str]:
    """The annotations of one word, refused beyond :data:`MAX_ANNOTATIONS` (they are all kept)."""
    if len(annotations) > MAX_ANNOTATIONS:
        raise PbnError(token.line, f"{quoted(token.text)} carries {len(annotations)} annotations; "
                       f"a call has at most {MAX_ANNOTATIONS}")
    return annotations


def _passes_to_end(calls: int, trailing: int) -> int:
    """How many passes 'AP' (all pass) stands for after ``calls`` calls ending in ``trailing`` passes."""
    needed = 4 if trailing == calls else 3
    return max(needed - trailing, 0)


def _parse_play(
    tag: RawTag, contract: Contract | PassedOut | None, declarer: Seat | None, deal: Deal | None
) -> PlayRecord | None:
    leader = _typed(tag, Seat.parse, "Play tag (the opening leader)")
    if leader is None:
        if tag.section:
            raise PbnError(tag.line, "Play section has cards but the Play tag names no opening leader")
        return None
    if declarer is not None and leader != declarer.lho:
        raise PbnError(tag.line, f"Play tag: {leader.name.title()} leads, but the opening leader is declarer "
                       f"{declarer.name.title()}'s left-hand opponent {declarer.lho.name.title()}")
    entries: list[tuple[Card | None, int]] = []
    ended_at = 0
    for token in tag.section:
        text = token.text
        if ended_at:
            raise PbnError(token.line, f"Play: {quoted(text)} after the '*' that ends the section (line {ended_at})")
        if text == "*":
            ended_at = token.line
        elif text == "-":
            entries.append((None, token.line))
        elif not is_annotation_only(text):  # annotations on cards are tolerated and dropped
            word, _ = split_annotations(text)
            try:
                entries.append((parse_card(word), token.line))
            except CardParseError as e:
                raise PbnError(token.line, f"Play: {e}") from None
    while len(entries) % 4:
        entries.append((None, entries[-1][1]))
    rows = [[card for card, _ in entries[i : i + 4]] for i in range(0, len(entries), 4)]
    if any(c is not None for row in rows for c in row) and not isinstance(contract, Contract):
        raise PbnError(tag.line, "Play section needs a Contract tag with a contract: it decides the trump suit")
    trump = contract.strain.trump if isinstance(contract, Contract) else None
    hands: list[CardSet | None] | None = None
    if deal is not None:
        hands = [h if (deal.is_full or len(h)) else None for h in deal.hands]
    try:
        return play_from_columns(leader, rows, trump, hands)
    except PlayError as e:
        index = 4 * e.trick + e.position
        raise PbnError(entries[index][1] if index < len(entries) else tag.line, f"Play: {e}") from None


def game_from_tags(tags: Sequence[RawTag]) -> PbnGame:
    """Build a game from its raw tags (inheritance already resolved)."""
    known: dict[str, RawTag] = {}
    other: list[PbnTag] = []
    auction_notes: list[str] = []
    last_section = ""
    for tag in tags:
        canonical = _CANONICAL.get(tag.name.lower())
        if canonical is None:
            if tag.name.lower() == "note" and last_section == "Auction" and not tag.section:
                auction_notes.append(tag.value)
                continue
            other.append(_other_tag(tag))
            last_section = ""
            continue
        last_section = canonical
        if canonical in known:
            continue  # PBN import rule: a repeated tag is ignored
        if tag.section and canonical not in ("Auction", "Play"):
            word = tag.section[0]
            raise PbnError(word.line, f"{quoted(word.text)} follows the [{canonical}] tag, which has no section data")
        known[canonical] = tag

    def get(name: str, parse: Callable[[str], T], what: str | None = None) -> T | None:
        tag = known.get(name)
        return None if tag is None else _typed(tag, parse, what or f"{name} tag")

    def text(name: str) -> str | None:
        tag = known.get(name)
        return None if tag is None else tag.value

    deal = get("Deal", parse_deal)
    contract = get("Contract", _contract)
    auction = _parse_auction(known["Auction"], auction_notes) if "Auction" in known else None
    if auction is None and auction_notes:
        other = [PbnTag("Note", n) for n in auction_notes] + other
    declarer = get("Declarer", _declarer)
    play = _parse_play(known["Play"], contract, declarer, deal) if "Play" in known else None
    try:
        return PbnGame(
            event=text("Event"),
            site=text("Site"),
            date=text("Date"),
            board=get("Board", _board),
            players=(text("North"), text("East"), text("South"), text("West")),
            dealer=get("Dealer", Seat.parse),
            vulnerable=get("Vulnerable", Vulnerability.parse),
            deal=deal,
            scoring=text("Scoring"),
            declarer=declarer,
            contract=contract,
            result=get("Result", _result),
            auction=auction,
            play=play,
            other_tags=tuple(other),
        )
    except PbnGameError as e:
        anchor = known.get("Play") or known.get("Contract") or known.get("Declarer") or tags[0]
        raise PbnError(anchor.line, str(e)) from None


def _other_tag(tag: RawTag) -> PbnTag:
    lines: dict[int, list[str]] = {}
    for word in tag.section:
        lines.setdefault(word.line, []).append(word.text)
    try:
        return PbnTag(tag.name, tag.value, tuple(" ".join(words) for words in lines.values()))
    except PbnGameError as e:
        raise PbnError(tag.line, str(e)) from None
