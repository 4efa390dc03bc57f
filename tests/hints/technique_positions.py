"""Positions built for the techniques of issue 26, in the style of :mod:`tests.hints.teaching_set`.

Each is a small ending (partial PBN of the cards left, tricks won before as ``prior``), a contract and
declarer, the leader and the cards played since, the card(s) a teacher recommends, and ``pins``: cards a
hidden hand is known to hold (as the auction or earlier play would have shown; the analysis's layouts are
narrowed to them, :class:`Holds`).  ``named``: the technique that must be the recommended card's first
name; ``not_named``: one that must not be given (a look-alike).

:func:`turned` turns the table by ``k`` seats (pins with it) and :func:`swapped` exchanges two suits, so
one lesson is checked from other chairs and in other suits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK, CardSet, card_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints import bridge_hint_for_view
from engine.hints.techniques import Technique
from tests.hints.teaching_set import by_name

__all__ = ["Holds", "Pos", "turned", "swapped", "from_teaching", "from_case", "POSITIONS", "DEFENCE_POSITIONS",
           "DECLARER_POSITIONS", "ENDPLAY_POSITIONS", "PLAY_POSITIONS",
           "COMMUNICATION_POSITIONS", "build", "hint_of", "check_named"]

T = Technique


@dataclass(frozen=True)
class Holds:
    """A hidden hand known to hold these cards (an original-hand constraint the analysis accepts)."""

    mask: int

    @property
    def is_trivial(self) -> bool:
        return False

    def accepts(self, original_hand: int) -> bool:
        return original_hand & self.mask == self.mask


@dataclass(frozen=True)
class Pos:
    name: str
    deal: str
    contract: str
    declarer: str
    prior: tuple[int, int]
    leader: str
    plays: tuple[str, ...]
    lesson: tuple[str, ...]
    named: Technique | None
    not_named: Technique | None = None
    pins: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())
    note: str = ""
    first: bool = True  # ``named`` must be the first name (else: among the names)


def turned(p: Pos, k: int) -> Pos:
    deal = Deal.from_pbn(p.deal, partial=True)
    hands = [deal.hands[(s - k) % 4] for s in range(4)]
    turn = lambda text: Seat.parse(text).offset(k).letter  # noqa: E731
    return replace(p, name=f"{p.name}_rot{k}", deal=Deal(tuple(hands)).to_pbn(),  # type: ignore[arg-type]
                   declarer=turn(p.declarer), leader=turn(p.leader),
                   pins=tuple((turn(s), cards) for s, cards in p.pins))


def swapped(p: Pos, a: str, b: str) -> Pos:
    order = "SHDC"
    ia, ib = order.index(a), order.index(b)

    def card(text: str) -> str:
        c = parse_card(text)
        s = c // 13
        s = ib if s == ia else ia if s == ib else s
        return card_str(s * 13 + c % 13)

    deal = Deal.from_pbn(p.deal, partial=True)
    hands = [CardSet(sum(1 << parse_card(card(card_str(c))) for c in h)) for h in deal.hands]
    level, strain = p.contract[:-1], p.contract[-1]
    if strain in (a, b):
        strain = b if strain == a else a
    return replace(p, name=f"{p.name}_{a}{b}".lower(), deal=Deal(tuple(hands)).to_pbn(),  # type: ignore[arg-type]
                   contract=level + strain, plays=tuple(card(x) for x in p.plays),
                   lesson=tuple(card(x) for x in p.lesson),
                   pins=tuple((s, tuple(card(x) for x in cards)) for s, cards in p.pins))


def from_case(name: str, named: Technique | None, not_named: Technique | None = None, k: int = 0,
              first: bool = True) -> Pos:
    """A position of :data:`tests.hints.conftest.CASES` (the technique-naming cases)."""
    from tests.hints.conftest import CASES

    c = next(x for x in CASES if x.name == name)
    p = Pos(c.name, c.deal, c.contract, c.declarer, c.prior, c.leader, c.plays, c.best, named, not_named,
            first=first)
    return turned(p, k) if k else p


def from_teaching(name: str, named: Technique | None, not_named: Technique | None = None, k: int = 0) -> Pos:
    t = by_name(name)
    p = Pos(t.name, t.deal, t.contract, t.declarer, t.prior, t.leader, t.plays, t.lesson, named, not_named,
            note=t.note)
    return turned(p, k) if k else p


# --- squeezes and the count -------------------------------------------------------------------------------
SQUEEZE_W = Pos("squeeze_positional_west", "N:Q.A2.. ..JT9. .4.2.A K.K3..", "3N", "S", (6, 4), "S", (),
                ("CA",), T.SQUEEZE, note="North's ♠Q and ♥A2 over West's ♠K and ♥K3: the ♣A squeezes him.")
SQUEEZE_E = Pos("squeeze_automatic_east", "N:.A2.3. K.K3.. Q.4..A ..JT9.", "3N", "S", (6, 4), "S", (),
                ("CA",), T.SQUEEZE, note="North's ♦3 is idle: the squeeze works against East too.")
SQUEEZE_LATER = Pos("squeeze_after_a_cash", "N:Q.A2.3. ..JT8.2 .4.A2.A K.K3.9.", "3N", "S", (5, 4), "S", (),
                    ("DA", "CA"), T.SQUEEZE, note="One winner first; the other squeezes West.")
NO_SQUEEZE = Pos("no_squeeze_enough_winners", "N:A.A2.. ..JT9. 3.4..A K.K3..", "3N", "S", (6, 4), "S", (),
                 ("CA",), None, T.SQUEEZE, note="The ♠A is a winner: three top tricks, nothing to squeeze.")
RECTIFY = Pos("rectify_the_count", "N:Q.A2.3. ..K.QJT .4.2.A2 K.K3.9.", "3N", "S", (6, 3), "S", (),
              ("D2",), T.RECTIFY_COUNT, pins=(("W", ("SK", "HK", "H3")), ("E", ("CQ", "CJ", "CT"))),
              note="Two winners, three tricks needed of four: duck a diamond first, then the ♣A squeezes West.")

# --- throw-ins ------------------------------------------------------------------------------------------
THROW_IN_HEART = Pos("throw_in_with_a_heart", "N:AQ.3.. KT.K.. 2.2.2. 94.4..", "3N", "S", (7, 3), "N", (),
                     ("H3",), T.THROW_IN, note="North's ♠AQ cannot be finessed from North: throw the ♥K in.")
THROW_IN_SPADE = Pos("throw_in_with_a_spade", "N:2...KJ ..JT9. 3..2.3 A...Q4", "3N", "S", (7, 3), "N", (),
                     ("S2",), T.THROW_IN, pins=(("W", ("SA", "CQ", "C4")),),
                     note="West has the ♠A and ♣Q4: in with the spade, he must lead a club into the ♣KJ.")
STRIP_AND_THROW = Pos("strip_then_throw_in", "N:2.AQ.3. ..KJ.KQ 3..A.32 .K4.4.A", "3N", "S", (6, 3), "S", (),
                      ("DA",), T.THROW_IN, pins=(("W", ("HK", "H4", "D4", "CA")),),
                      note="Cash the ♦A first (West's exit), then the ♣2 puts him in with the ♣A: a heart into ♥AQ.")
NO_THROW_IN = Pos("no_throw_in_top_spades", "N:AK.3.. QT.K.. 2.2.2. 94.4..", "3N", "S", (7, 3), "N", (),
                  ("SA", "SK"), None, T.THROW_IN, note="With the ♠AK North cashes: no need to throw anyone in.")

# --- safety plays (whole hands) ------------------------------------------------------------------------
SAFETY = Pos("safety_cash_the_ace", "N:AQ..2.2 4...KQJ 32.A.A. K5.2.3.", "3N", "S", (6, 3), "S", ("S2", "S5"),
             ("SA",), T.SAFETY_PLAY, pins=(("E", ("CK", "CQ", "CJ")),),
             note="Three tricks are enough: the ♠A, not the finesse that would let East in to cash his clubs.")
NO_SAFETY = Pos("safety_look_alike_k_dominates", "N:AKJ..2. Q5...AK 32..A.3 T4...QJ", "3N", "S", (6, 3), "S",
                ("S2", "S4"), ("SA", "SK"), None, T.SAFETY_PLAY,
                note="The ♠K makes more often and takes more overtricks (a later finesse stays open): no trade.")

# --- the defence -----------------------------------------------------------------------------------------
THIRD_HIGH = Pos("third_hand_high", "N:5.32.. K4..2. AJ...2 Q32...", "3N", "S", (7, 3), "W", ("S3", "S5"),
                 ("SK",), T.THIRD_HAND_HIGH, note="East's ♠K forces the ♠A: West's ♠Q then beats the ♠J.")
DEF_RUFF = Pos("defender_ruffs_at_once", "N:.AK.2. .54.3. A.2..2 3..A.K", "4S", "S", (8, 2), "S", ("H2",),
               ("S3",), T.DEFENSIVE_RUFF, note="West ruffs the first heart: later South could overruff.")

# --- found by a sweep of random endings (tests.hints.test_hint_agreement.random_ending, seeds 1, 5, 11, 23), kept
# because a teacher would name them so; each was read through by hand ------------------------------------------
LOSER_ON_LOSER = (
    Pos("loser_on_loser_west_ruffs", "N:AJ...A ..85.T .2.T.8 ..A.KJ", "2C", "N", (5, 5), "N", ("SJ", "D8"),
        ("DT",), T.LOSER_ON_LOSER, note="West ruffs the ♠J: South throws a diamond loser rather than be overruffed."),
    Pos("loser_on_loser_later", "N:..5.QJ .54.3. .8..T9 83...K", "5D", "E", (8, 2), "N", ("CJ",),
        ("H4", "H5"), T.LOSER_ON_LOSER, note="Discard now and later a heart loser on a losing spade."),
    Pos("loser_on_loser_club", "N:A7.T..7 2.2..A9 .Q.T.K4 KQ.6..3", "4H", "S", (6, 3), "S", ("DT", "SQ"),
        ("C7",), T.LOSER_ON_LOSER, note="North throws the ♣7 on the ♠Q instead of ruffing."),
)
SECOND_LOW = (
    Pos("second_hand_low_club", "N:6.J..T .K..Q3 KT.A.. ..2.AJ", "1N", "N", (5, 5), "N", ("CT",), ("C3",),
        T.SECOND_HAND_LOW, note="East keeps the ♣Q over dummy's ♣AJ."),
    Pos("second_hand_low_heart", "N:J.KQ.5. 72.74.. .J3.3.2 AK.5..8", "2C", "W", (8, 1), "E", ("H4",), ("H3",),
        T.SECOND_HAND_LOW, note="South keeps the ♥J behind dummy's ♥KQ."),
    Pos("second_hand_low_trumps", "N:2.53.. .J4.9. 5.6..K .K2.6.", "4S", "S", (10, 0), "S", ("H6",), ("H2",),
        T.SECOND_HAND_LOW, note="West keeps the ♥K."),
)
UNBLOCKS = (
    Pos("defender_unblocks_spade", "N:Q9.9..3 .J.A74. J83.K.. .53.3.A", "5D", "E", (6, 3), "S",
        ("HK", "H3", "H9", "HJ", "S3", "CA"), ("SQ",), T.DEFENSIVE_UNBLOCK),
    Pos("defender_unblocks_club", "N:.87.AT. 7...KJ4 2.5.J.9 J.J.6.T", "3N", "S", (8, 1), "N",
        ("H7", "CK", "H5", "HJ", "SJ", "DA", "S7", "S2", "CT", "H8"), ("CJ",), T.DEFENSIVE_UNBLOCK),
    Pos("defender_unblocks_diamond", "N:2.92.. .3.AJ. 4...K2 .K.K9.", "1N", "N", (3, 7), "E", ("DJ", "C2"),
        ("DK",), T.DEFENSIVE_UNBLOCK),
)
AVOIDING = (
    Pos("avoidance_north_off_lead", "N:.K5.6.8 T2...T4 J5.4..J 8.AT.9.", "6N", "W", (9, 0), "W",
        ("S8", "H5", "ST", "S5"), ("S2",), T.AVOIDANCE, first=False,
        note="The ♠2 also throws South in: the throw-in is the first name, avoidance the second."),
    Pos("avoidance_ruff_high", "N:.8.7.53 ..9862. 83..Q.K .A2.5.8", "5D", "W", (7, 2), "N", ("H8",),
        ("D8", "D9"), T.AVOIDANCE),
    Pos("avoidance_in_hearts", "N:.4.A42. K3..K5. .T2..76 7.A5.6.", "4H", "N", (9, 0), "N", ("D2", "D5"),
        (), T.AVOIDANCE),
)

NO_CASH_OUT = (
    Pos("lead_low_not_the_king", "N:AQ.T..8 4.8.85. 3.K..K4 J.92.9.", "4S", "E", (8, 1), "N",
        ("C8", "H8", "C4", "SJ", "H9", "HT", "D8", "HK"), ("S3",), None, T.CASH_OUT,
        note="South's ♣K is a winner, but a spade (22%) beats cashing it (11%)."),
    Pos("trump_lead_not_the_queen", "N:2.6.J.J .K.96.Q T74..5. 85..87.", "5D", "S", (7, 2), "W",
        ("S5", "S2", "HK", "ST", "S4", "S8", "CJ", "D6"), ("D9",), None, T.CASH_OUT,
        note="East leads a trump (67%) rather than cash the ♣Q (56%)."),
)

POSITIONS: tuple[Pos, ...] = (
    SQUEEZE_W, SQUEEZE_E, SQUEEZE_LATER, turned(SQUEEZE_W, 2), NO_SQUEEZE,
    RECTIFY, turned(RECTIFY, 1), swapped(RECTIFY, "D", "C"),
    replace(SQUEEZE_W, name="squeeze_needs_no_duck", named=T.SQUEEZE, not_named=T.RECTIFY_COUNT),
    THROW_IN_HEART, THROW_IN_SPADE, turned(THROW_IN_SPADE, 2), swapped(THROW_IN_HEART, "S", "D"), NO_THROW_IN,
    STRIP_AND_THROW, turned(STRIP_AND_THROW, 1), swapped(STRIP_AND_THROW, "H", "S"),
    from_case("hold_up_in_3nt", T.HOLD_UP, T.THROW_IN), from_case("hold_up_in_3nt", T.HOLD_UP, k=1),
    from_case("hold_up_in_3nt", T.HOLD_UP, k=2), from_teaching("hold_up_declarer", T.HOLD_UP),
    from_case("duck_keeping_an_entry", T.DUCK, k=1), from_case("duck_keeping_an_entry", T.DUCK, k=3),
    from_case("unblock_short_hand", T.ENTRY_MANAGEMENT), from_case("unblock_short_hand", T.ENTRY_MANAGEMENT, k=2),
    swapped(from_case("unblock_short_hand", T.ENTRY_MANAGEMENT), "D", "H"),
    from_teaching("duck_to_keep_entry", T.DUCK, T.THROW_IN),
    from_teaching("eight_ever_cash", T.COMBINING_CHANCES, T.DROP),
    from_teaching("eight_ever_cash", T.COMBINING_CHANCES, T.DROP, k=2),
    from_teaching("eight_ever_cash", T.COMBINING_CHANCES, T.DROP, k=1),
    from_teaching("nine_never_cash", None, T.COMBINING_CHANCES),
    from_teaching("eight_ever_cross", T.CROSS_TO_FINESSE),
    from_teaching("eight_ever_cross_notrump", T.CROSS_TO_FINESSE),
    from_teaching("eight_ever_cross", T.CROSS_TO_FINESSE, k=3),
    from_teaching("eight_ever_third_hand", T.FINESSE, T.CROSS_TO_FINESSE),
    from_teaching("hold_up_defence", T.DEFENSIVE_HOLD_UP),
    from_teaching("hold_up_defence", T.DEFENSIVE_HOLD_UP, k=1),
    from_teaching("hold_up_defence", T.DEFENSIVE_HOLD_UP, k=2),
    from_teaching("cash_out", T.CASH_OUT),
    from_teaching("cash_out", T.CASH_OUT, k=3),
    from_teaching("cash_out", T.CASH_OUT, k=1),
    SAFETY, turned(SAFETY, 1), swapped(SAFETY, "S", "H"), NO_SAFETY,
    from_teaching("restricted_choice", T.RESTRICTED_CHOICE),
    from_teaching("restricted_choice", T.RESTRICTED_CHOICE, k=2),
    swapped(from_teaching("restricted_choice", T.RESTRICTED_CHOICE), "S", "C"),
    from_teaching("eight_ever_third_hand", T.FINESSE, T.RESTRICTED_CHOICE),
    from_case("draw_trumps_first", T.TRUMP_CONTROL, first=False),
    from_case("draw_trumps_first", T.TRUMP_CONTROL, k=2, first=False),
    swapped(from_case("draw_trumps_first", T.TRUMP_CONTROL, first=False), "H", "D"),
    from_case("cash_winners_first", T.CASH_WINNERS, T.TRUMP_CONTROL),
    THIRD_HIGH, turned(THIRD_HIGH, 1), swapped(THIRD_HIGH, "S", "H"),
    DEF_RUFF, turned(DEF_RUFF, 3), swapped(DEF_RUFF, "D", "C"),
    *LOSER_ON_LOSER, from_case("ruff_in_dummy", T.RUFF_IN_DUMMY, T.LOSER_ON_LOSER),
    *SECOND_LOW, replace(THIRD_HIGH, name="third_hand_is_not_second", not_named=T.SECOND_HAND_LOW),
    *UNBLOCKS, replace(THIRD_HIGH, name="third_hand_high_is_no_unblock", not_named=T.DEFENSIVE_UNBLOCK),
    *AVOIDING, from_case("nine_cards_drop", T.DROP, T.AVOIDANCE),
    from_case("finesse_third_hand", T.FINESSE, T.HOLD_UP),
    replace(from_teaching("eight_ever_third_hand", T.FINESSE, T.DUCK), name="finesse_is_no_duck"),
    from_case("cash_winners_first", T.CASH_WINNERS, T.ENTRY_MANAGEMENT, k=2),
    *NO_CASH_OUT, replace(THIRD_HIGH, name="third_hand_high_is_no_hold_up", not_named=T.DEFENSIVE_HOLD_UP),
    replace(from_teaching("hold_up_defence", T.DEFENSIVE_HOLD_UP), name="defender_hold_up_is_no_ruff",
            not_named=T.DEFENSIVE_RUFF),
)


DEFENCE = frozenset({T.CASH_OUT, T.SECOND_HAND_LOW, T.THIRD_HAND_HIGH, T.DEFENSIVE_HOLD_UP, T.DEFENSIVE_RUFF,
                     T.DEFENSIVE_UNBLOCK})
ENDPLAYS = frozenset({T.SQUEEZE, T.RECTIFY_COUNT, T.THROW_IN})
DEFENCE_POSITIONS = tuple(p for p in POSITIONS if (p.named or p.not_named) in DEFENCE)
ENDPLAY_POSITIONS = tuple(p for p in POSITIONS if p not in DEFENCE_POSITIONS and (p.named in ENDPLAYS or p.not_named in ENDPLAYS))
DECLARER_POSITIONS = tuple(p for p in POSITIONS if p not in DEFENCE_POSITIONS)  # endplays included
COMMUNICATION = frozenset({T.HOLD_UP, T.DUCK, T.ENTRY_MANAGEMENT})
COMMUNICATION_POSITIONS = tuple(p for p in DECLARER_POSITIONS if p not in ENDPLAY_POSITIONS
                                and (p.named in COMMUNICATION or p.not_named in COMMUNICATION))
PLAY_POSITIONS = tuple(p for p in DECLARER_POSITIONS if p not in ENDPLAY_POSITIONS and p not in COMMUNICATION_POSITIONS)


def build(p: Pos):
    """(deal, play, view, constraints) at the position's decision."""
    deal = Deal.from_pbn(p.deal, partial=True)
    play = BridgePlay(deal, Contract.parse(p.contract), Seat.parse(p.declarer), leader=Seat.parse(p.leader),
                      prior_declarer_tricks=p.prior[0], prior_defender_tricks=p.prior[1])
    for text in p.plays:
        play.play(parse_card(text))
    pins = {Seat.parse(s): Holds(sum(1 << parse_card(c) for c in cards)) for s, cards in p.pins}
    return deal, play, view_for_turn(play), pins or None


_HINTS: dict[str, object] = {}


def hint_of(p: Pos):
    """The position's hint (computed once per session)."""
    if p.name not in _HINTS:
        deal, play, view, pins = build(p)
        _HINTS[p.name] = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask, constraints=pins,
                                              rng=random.Random(0))
    return _HINTS[p.name]


def check_named(position: Pos) -> None:
    """The recommended card is the lesson's, its first name (or one of its names) is ``named`` and that
    name's phrase is in the text; ``not_named`` is not among its names."""
    hint = hint_of(position)
    best = hint.candidates[0]
    lesson = [parse_card(t) for t in position.lesson]
    assert not lesson or any(best.card == c or c in best.equivalents for c in lesson), hint.text
    names = [t.technique for t in best.techniques]
    if position.named is not None:
        if position.first:
            assert names and names[0] is position.named, hint.text
        else:
            assert position.named in names, hint.text
        found = next(t for t in best.techniques if t.technique is position.named)
        assert found.phrase in hint.text
    if position.not_named is not None:
        assert position.not_named not in names, hint.text
