"""write_pbn → read_pbn gives back equal games, over generated deals, auctions and legal plays."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bridge.contract import Contract, Doubling, Strain, Vulnerability
from engine.core.cards import SUIT_MASKS, CardSet
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.formats import (
    PASS,
    PASSED_OUT,
    Auction,
    AuctionError,
    Call,
    PbnGame,
    PbnTag,
    PlayRecord,
    Trick,
    read_pbn,
    write_pbn,
)

TYPED_NAMES = {
    "event", "site", "date", "board", "west", "north", "east", "south", "dealer", "vulnerable",
    "deal", "scoring", "declarer", "contract", "result", "auction", "play",
}
ALL_CALLS = [Call.parse(t) for t in ("Pass", "X", "XX")] + [
    Call.bid(level, strain) for level in range(1, 8) for strain in Strain
]

seats = st.sampled_from(list(Seat))
one_line_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\x85"),
    max_size=20,
).filter(lambda t: t.strip() != "#")
maybe_text = st.none() | one_line_text


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A full deal, or an ending with equal hands where some hands may be unknown."""
    cards = draw(st.permutations(range(52)))
    size = draw(st.sampled_from([13, 13, 13, 1, 3, 5, 8]))
    hands = [CardSet(cards[size * i : size * i + size]) for i in range(4)]
    if size < 13 and draw(st.booleans()):
        unknown = draw(st.sets(st.sampled_from(range(4)), max_size=3))
        hands = [CardSet() if i in unknown else h for i, h in enumerate(hands)]
    return Deal(tuple(hands))  # type: ignore[arg-type]


def legal_next_calls(first: Seat, calls: list[Call]) -> list[Call]:
    """The legal calls found by brute force: every call the Auction model accepts next."""
    legal = []
    for call in ALL_CALLS:
        try:
            Auction(first, tuple(calls + [call]))
        except AuctionError:
            continue
        legal.append(call)
    return legal


@st.composite
def auctions(draw: st.DrawFn, first: Seat) -> Auction:
    calls: list[Call] = []
    finish = draw(st.booleans())
    for _ in range(draw(st.integers(0, 14))):
        legal = Auction(first, tuple(calls)).legal_calls()
        if not legal:
            break
        # passes are frequent so auctions both end and stay short
        calls.append(PASS if draw(st.integers(0, 2)) == 0 else draw(st.sampled_from(legal)))
    while finish and not Auction(first, tuple(calls)).is_complete:
        calls.append(PASS)
    marks = draw(st.lists(
        st.tuples(st.integers(0, max(len(calls) - 1, 0)), st.sampled_from(["!", "?", "!!", "?!", "=1=", "$12"])),
        max_size=3 if calls else 0,
    ))
    notes = draw(st.lists(one_line_text.map(lambda t: "1:" + t), max_size=2))
    return Auction(first, tuple(calls), tuple(sorted(marks, key=lambda m: m[0])), tuple(notes))


@st.composite
def plays(draw: st.DrawFn, deal: Deal, leader: Seat, trump: int | None) -> PlayRecord:
    """A legal play: follow suit when able, each trick led by the previous winner."""
    hands = [h.mask for h in deal.hands]
    known = [bool(h) for h in hands]
    if not all(known):  # unknown hands play cards nobody else holds
        spare = CardSet(~deal.cards.mask & ((1 << 52) - 1))
        size = max(len(h) for h in deal.hands)
        pool = list(spare.ascending())
        for seat in range(4):
            if not known[seat]:
                hands[seat] = CardSet(pool[:size]).mask
                pool = pool[size:]
    size = len(CardSet(hands[leader]))
    n_cards = draw(st.integers(0, 4 * size))
    tricks: list[Trick] = []
    cards: list[int] = []
    for _ in range(n_cards):
        seat = leader.offset(len(cards))
        hand = hands[seat]
        if cards and hand & SUIT_MASKS[cards[0] // 13]:
            hand &= SUIT_MASKS[cards[0] // 13]
        card = draw(st.sampled_from(sorted(CardSet(hand).ascending())))
        hands[seat] &= ~(1 << card)
        cards.append(card)
        if len(cards) == 4:
            trick = Trick(leader, tuple(cards))
            tricks.append(trick)
            leader, cards = trick.winner(trump), []
    if cards:
        tricks.append(Trick(leader, tuple(cards)))
    opening = tricks[0].leader if tricks else leader
    return PlayRecord(opening, tuple(tricks))


@st.composite
def other_tags(draw: st.DrawFn) -> tuple[PbnTag, ...]:
    names = st.from_regex(r"\A[A-Z][A-Za-z0-9_]{0,10}\Z").filter(lambda n: n.lower() not in TYPED_NAMES)
    words = st.from_regex(r"\A[A-Za-z0-9.:\-\\\"*]{1,6}\Z").filter(lambda w: not w.startswith("%"))
    section_lines = st.lists(st.lists(words, min_size=1, max_size=4).map(" ".join), max_size=3)
    tags = draw(st.lists(st.builds(PbnTag, names, one_line_text, section_lines.map(tuple)), max_size=4))
    return tuple(tags)


@st.composite
def games(draw: st.DrawFn) -> PbnGame:
    deal = draw(st.none() | deals())
    dealer = draw(st.none() | seats)
    auction = draw(st.none() | auctions(dealer or Seat.NORTH))
    outcome = auction.outcome() if auction is not None else None
    if outcome is PASSED_OUT:
        contract, declarer = PASSED_OUT, None
    elif outcome is not None:
        contract, declarer = outcome
    else:
        contract = draw(st.none() | st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)),
                                              st.sampled_from(list(Doubling))))
        declarer = draw(st.none() | seats) if contract is not None else None
    play = None
    if deal is not None and isinstance(contract, Contract) and draw(st.booleans()):
        leader = declarer.lho if declarer is not None else draw(seats)
        play = draw(plays(deal, leader, contract.strain.trump))
    return PbnGame(
        event=draw(maybe_text),
        site=draw(maybe_text),
        date=draw(st.none() | st.sampled_from(["2024.03.17", "????.??.??", "1999.09.??"])),
        board=draw(st.none() | st.integers(1, 999)),
        players=tuple(draw(st.lists(maybe_text, min_size=4, max_size=4))),  # type: ignore[arg-type]
        dealer=dealer,
        vulnerable=draw(st.none() | st.sampled_from(list(Vulnerability))),
        deal=deal,
        scoring=draw(st.none() | st.sampled_from(["IMP", "MP", "Rubber"])),
        declarer=declarer,
        contract=contract,
        result=draw(st.none() | st.integers(0, 13)) if contract is not None else None,
        auction=auction,
        play=play,
        other_tags=draw(other_tags()),
    )


def has_a_tag(game: PbnGame) -> bool:
    """Only the all-absent game writes no tag at all (and PBN cannot hold an empty game)."""
    return game != PbnGame()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(games().filter(has_a_tag), min_size=1, max_size=3))
def test_written_games_read_back_equal(game_list: list[PbnGame]) -> None:
    text = write_pbn(game_list)
    assert read_pbn(text) == game_list
    assert write_pbn(read_pbn(text)) == text  # the written form is canonical: a fixed point


@settings(max_examples=60, deadline=None)
@given(games().filter(has_a_tag))
def test_round_trip_survives_crlf_line_ends(game: PbnGame) -> None:
    text = write_pbn([game]).replace("\n", "\r\n")
    assert read_pbn(text) == [game]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_generated_auctions_are_legal_and_give_the_contract(data: st.DataObject) -> None:
    first = data.draw(seats)
    auction = data.draw(auctions(first))
    calls = list(auction.calls)
    for i in range(len(calls) + 1):
        assert set(Auction(first, tuple(calls[:i])).legal_calls()) == set(legal_next_calls(first, calls[:i]))
    outcome = auction.outcome()
    if outcome is None:
        assert not auction.is_complete
    elif outcome is not PASSED_OUT:
        contract, declarer = outcome
        last_bid = [c for c in calls if c.is_bid][-1]
        assert (contract.level, contract.strain) == (last_bid.level, last_bid.strain)
        assert Call.bid(contract.level, contract.strain) in calls
        assert auction.seat_of(calls.index(Call.bid(contract.level, contract.strain))).same_side(declarer)


def test_write_pbn_file_is_atomic_and_readable(tmp_path) -> None:
    from engine.formats import write_pbn_file

    game = PbnGame(event="Atomic", board=3, deal=Deal.from_pbn(
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    target = tmp_path / "out.pbn"
    target.write_text("old contents")
    write_pbn_file(target, [game])
    assert read_pbn(target) == [game]
    assert read_pbn(str(target)) == [game]
    assert [p.name for p in tmp_path.iterdir()] == ["out.pbn"]  # no temp file left behind
