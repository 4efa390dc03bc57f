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
           "COMMUNICATION_POSITIONS", "deal_key", "distinct_deals", "build", "hint_of", "check_named"]

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
                ("CA",), T.SQUEEZE, pins=(("W", ("SK", "HK", "H3")),),
                note="West is known (bidding and play) to hold the ♠K and ♥K3: North's ♠Q and ♥A2 over them, "
                     "the ♣A squeezes him.")
SQUEEZE_E = Pos("squeeze_automatic_east", "N:.A2.3. K.K3.. Q.4..A ..JT9.", "3N", "S", (6, 4), "S", (),
                ("CA",), T.SQUEEZE, pins=(("E", ("SK", "HK", "H3")),),
                note="East is known to hold the ♠K and ♥K3; North's ♦3 is idle: the squeeze works against East too.")
SQUEEZE_LATER = Pos("squeeze_after_a_cash", "N:Q.A2.3. ..JT8.2 .4.A2.A K.K3.9.", "3N", "S", (5, 4), "S", (),
                    ("DA", "CA"), T.SQUEEZE, pins=(("W", ("SK", "HK", "H3")),),
                    note="One winner first; the other squeezes West (known to hold the ♠K and ♥K3).")
SQUEEZE_SPLIT = Pos("squeeze_split_threats", "N:3..A2. .JT9.. J..4.A Q..K3.", "3N", "S", (6, 4), "S", (),
                    ("CA",), T.SQUEEZE, pins=(("W", ("SQ", "DK", "D3")),),
                    note="The threats are split: South's ♠J with the squeeze card, North's ♦A2 with its entry; "
                         "West, known to hold the ♠Q and ♦K3, cannot keep both.")
SQUEEZE_RARE = replace(SQUEEZE_W, name="squeeze_in_one_deal_of_twenty", pins=(), named=None,
                       not_named=T.SQUEEZE,
                       note="Nothing known about West: the ♣A squeezes only when he holds all three guards (1 "
                            "layout of 20; the line makes 65%), so the squeeze is not why it is played.")
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
    Pos("loser_on_loser_club", "N:A7.T..7 2.2..A9 .Q.T.K4 KQ.6..3", "4H", "S", (6, 3), "S", ("DT", "SQ"),
        ("C7",), T.LOSER_ON_LOSER, note="North throws the ♣7 on the ♠Q instead of ruffing."),
)
LOSER_ON_LOSER_RARE = Pos(
    "loser_on_loser_in_one_deal_of_ten", "N:..5.QJ .54.3. .8..T9 83...K", "5D", "E", (8, 2), "N", ("CJ",),
    ("H4", "H5"), None, T.LOSER_ON_LOSER,
    note="Discarding lets dummy's ♣K win in every deal; a loser goes on a loser later in 1 deal of 10 only: "
         "not why the card is played.")
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

# --- declarer's communications and the count: more deals, each built for its lesson ---------------------
RECTIFY_TRUMP = Pos(
    "rectify_duck_then_trump_squeeze", "N:.43.3.A3 .KQJT9.. 2.A5.J.2 .87.Q.K4", "4S", "S", (6, 2), "N",
    ("H3", "HT"), ("H5",), T.RECTIFY_COUNT, pins=(("E", ("HK", "HQ", "HJ", "HT")), ("W", ("DQ", "CK", "C4"))),
    note="East's long hearts (overcall) and West's ♦Q and ♣K4 (shown by the play) are known: duck the heart, "
         "keeping the ♥A to regain the lead, then the last trump squeezes West between the ♦J and the ♣A3 "
         "(split threats); winning the ♥A now leaves the count wrong (29%).")

HOLD_UP_THE_KING = Pos(
    "hold_up_the_king_on_the_return", "N:.5.A4.QJ .J2.32.A .KT4..K2 .Q9876..", "3N", "S", (6, 2), "E", ("HJ",),
    ("H4", "HT"), T.HOLD_UP, pins=(("W", ("HQ", "H9", "H8", "H7", "H6")),),
    note="West led from five hearts (East won the ♥A and returns the ♥J from ♥J2): hold up the ♥K so that East, "
         "who holds the ♣A, has no heart left when the club is knocked out; winning now loses three hearts.")

DUCK_AT_THE_LEAD = Pos(
    "duck_both_hands_ace_kept", "N:4...A432 KQJ...KQ A32...65 T987...J", "3N", "S", (5, 3), "S", (),
    ("C5", "C6"), T.DUCK,
    note="Dummy's ♣A432 has no side entry: lead a club and duck in both hands, so the ♣6 can later reach the ♣A "
         "and the long clubs (83%); cashing the ♣A first strands them.")
NO_RECTIFY_JUST_ESTABLISH = replace(
    DUCK_AT_THE_LEAD, name="give_up_to_establish_no_squeeze", named=T.DUCK, not_named=T.RECTIFY_COUNT,
    note="The club is given up to establish dummy's suit, and no squeeze follows: not rectifying the count.")

KEEP_THE_ENTRY = Pos(
    "let_the_king_win_keep_the_ace", "N:A2...QJT9 4..QJT8.A K5..AK2.K QJ3..976.", "3N", "S", (4, 3), "S",
    ("SK", "S3"), ("S2",), T.ENTRY_MANAGEMENT, pins=(("E", ("CA", "DQ", "DJ", "DT")),),
    note="East (diamond overcall) holds the ♣A: let South's ♠K win, keeping the ♠A as the entry to the clubs "
         "once the ♣K has knocked out the ace; overtaking leaves the clubs without an entry (0%).")
UNBLOCK_ON_THE_LEAD = Pos(
    "unblock_dummy_king_on_the_lead", "N:432..K5. AK..8.AK ..AQ43.2 .AK.JT9.", "3N", "S", (5, 3), "W", ("DJ",),
    ("DK",), T.ENTRY_MANAGEMENT, pins=(("W", ("DT",)),),
    note="West leads the ♦J (from ♦JT): win dummy's ♦K from the short hand, so the ♦5 leads to South's ♦AQ43 "
         "(89%); the ♦5 leaves the ♦K blocking the suit (36%).")

CROSS_IN_CLUBS = Pos(
    "cross_in_clubs_to_finesse_the_queen", "N:..32.A Q..K4. ..AQ.2 K..T.K", "6N", "S", (9, 1), "S", (),
    ("C2",), T.CROSS_TO_FINESSE,
    note="The ♦AQ tenace must be led up to: cross to the ♣A and lead a diamond to the ♦Q (50%); the ♦A for a "
         "singleton king (30%) is worse.")

# --- more deals: loser on loser, the count, crossing, a defender's double hold-up ---------------------
LOSER_ON_LOSER_OVERRUFF = Pos(
    "loser_on_loser_against_the_overruff", "N:.43.2.3 ..QJT.K A8.2.A. 9.A.K5.", "4S", "S", (7, 2), "E", ("CK",),
    ("H2",), T.LOSER_ON_LOSER, pins=(("W", ("S9",)),),
    note="West holds the last trump, the ♠9 (East showed out of trumps): on East's ♣K South throws his heart "
         "loser instead of ruffing — the ♠8 is overruffed and the ♠A promotes the ♠9, while after the discard "
         "the ♠A draws the nine and the ♠8 and ♦A take the rest (50% against 0%, the heart ace's position).")

RECTIFY_DUCK_THE_SQUEEZE_SUIT = Pos(
    "rectify_duck_in_the_squeeze_suit", "N:Q.A3.3.3 ..KQJ.QJ .2.A2.A2 K.K4.98.", "3N", "S", (5, 3), "N", (),
    ("C3",), T.RECTIFY_COUNT, pins=(("W", ("SK", "HK", "H4")), ("E", ("DK", "DQ"))),
    note="West (bidding) holds the ♠K and ♥K4, East (his diamond lead) the ♦KQ: lead the ♣3 and duck it to "
         "East, keeping the ♣A; whatever East returns goes into the ♦A or the ♣A, and the last of them squeezes "
         "West between the ♠Q and the ♥A3 (100%); cashing first leaves two idle cards with West (80%, only "
         "when diamonds break badly).")

CROSS_TOWARD_KJ = Pos(
    "cross_to_lead_toward_the_kj", "N:.KJ4.3.2 .T9..KQJ .532.A.3 .Q8.KQ.A", "3N", "S", (6, 2), "N", (),
    ("D3",), T.CROSS_TO_FINESSE, pins=(("W", ("DK", "DQ")), ("E", ("CK", "CQ", "H8"))),
    note="North's ♥KJ4 must be led up to: cross to the ♦A and lead a heart toward the ♥KJ, finessing the ♥J "
         "when West plays low (60%, West holds the ♥Q); the ♥K for a doubleton queen makes 40%. West's ♦KQ "
         "(his lead) and East's ♣KQ and ♥8 are known, which keeps the analysis exact.")

EAST_HOLDS_UP_TWICE = Pos(
    "defender_holds_up_until_declarer_is_out", "N:2...KQJT9 .KQ..A765 A.A2..432 KQJT.3..8", "3N", "S", (4, 3),
    "S", ("C2", "C8", "CK"), ("C5", "C6", "C7"), T.DEFENSIVE_HOLD_UP,
    pins=(("S", ("SA", "HA", "C4", "C3")), ("W", ("SK", "SQ", "SJ", "ST"))),
    note="West led the ♠K from ♠KQJT; South has the red aces and three clubs (the bidding and West's count), and dummy's ♣KQJT9 has no side entry: East "
         "with ♣A765 must hold up twice and win only the third round, when South has no club left; winning "
         "now lets South cross back with a club twice (100% against 0%).")

# --- the defence: more deals, each built for its lesson ------------------------------------------------
# defender's hold-up
HOLD_UP_KING = Pos(
    "defender_ducks_the_finessed_king", "N:2...AQJ43 .KQJ..K86 3.A.32.75 KQ..QJ.T9", "3N", "S", (5, 2), "S",
    ("C5", "C9", "CQ"), ("C6", "C8"), T.DEFENSIVE_HOLD_UP,
    pins=(("S", ("HA",)), ("W", ("SK", "SQ", "DQ", "DJ", "CT"))),
    note="West's ♠K lead and ♦ signal show ♠KQ ♦QJ, his ♣9 (high from an even number) the ♣T9, South's bidding "
         "the ♥A: East ducks dummy's winning finesse with ♣K86, so South's last club cannot reach ♣AJ43 later; "
         "winning the ♣K lets South cross with the ♣7 and run dummy's clubs.")

# cash-out
CASH_BEFORE_DISCARDS = Pos(
    "cash_hearts_before_diamond_discards", "N:.4.AK.A .QJ.32. KQ.32.. .AK..76", "4S", "S", (7, 2), "W", (),
    ("HA", "HK"), T.CASH_OUT, pins=(("S", ("SK", "SQ", "H3")),),
    note="South (trumps known from the bidding, a heart shown) will throw his heart losers on dummy's ♦AK: "
         "West must cash the ♥AK now; a club lets declarer in to discard them.")
CASH_LONG_SUIT = Pos(
    "cash_established_spades", "N:..2.AKQ .KQJ.K. .A.A.32 65.4.4.", "3N", "S", (6, 3), "W", (),
    ("S6", "S5"), T.CASH_OUT,
    note="West's ♠65 are established winners and dummy's clubs are ready to run: cash them before declarer "
         "gets in; a red switch (hoping for partner's entry) lets South run the clubs.")

# third hand high
THIRD_HIGH_QUEEN = Pos(
    "third_hand_high_queen_forces_ace", "N:.98.KQJ. .Q53..32 .AT2.32. .KJ74.A.", "3N", "S", (6, 2), "W",
    ("H4", "H8"), ("HQ",), T.THIRD_HAND_HIGH, pins=(("W", ("HK", "HJ")),),
    note="West led fourth best from ♥KJ: East's ♥Q forces South's ♥A, leaving West's ♥KJ over the ♥T for when "
         "West gets in with the ♦A; a low heart lets South win cheaply with the ♥T and keep the ace.")
THIRD_HIGH_KING = Pos(
    "third_hand_high_king_doubleton", "N:53..AKQ. K8.32..2 QT9.A.2. AJ74.4..", "3N", "S", (5, 3), "W",
    ("S4", "S5"), ("SK",), T.THIRD_HAND_HIGH, pins=(("W", ("SA", "SJ", "S7")),),
    note="East's ♠K wins or drives out the ace and East returns the ♠8 through South's ♠QT; the ♠8 lets South "
         "win cheaply with the ♠9 and reach dummy's diamonds. West's ♠4 (fourth best) shows ♠AJ7 above it.")

# defender's ruff
RUFF_PARTNERS_RETURN = Pos(
    "ruff_partners_diamond_return", "N:98.KQ.A. .A.Q753. KQJT..2. 43...876", "4S", "S", (6, 2), "E",
    ("D3", "D2"), ("S3", "S4"), T.DEFENSIVE_RUFF,
    note="East returns a diamond for West's void: West ruffs (a small trump, no trick of its own) instead of "
         "discarding, which leaves the ♦A to win the trick.")
UPPERCUT = Pos(
    "uppercut_with_the_ten", "N:.54.54.A T2.2.32. AKQ9.A.. J87...53", "4S", "S", (5, 3), "W", ("C3", "CA"),
    ("ST",), T.DEFENSIVE_RUFF, pins=(("S", ("SA", "SK", "SQ")),),
    note="South's solid trumps (bidding) would draw West's ♠J87 in three rounds: East ruffs dummy's ♣A with the "
         "♠T (an uppercut), South must overruff with an honour and West's ♠J is promoted; the ♠2 is overruffed "
         "cheaply with the ♠9.")

# look-alikes
NO_RUFF_PARTNER_WINNING = Pos(
    "no_ruff_when_partners_ace_wins", "N:.AK.K5.2 .QJ.A87. AKJ..2.A Q43.76..", "4S", "S", (6, 2), "N",
    ("DK", "DA", "D2"), ("H7", "H6"), None, T.DEFENSIVE_RUFF,
    note="East's ♦A is already winning: West, void, discards a heart; ruffing wastes a trump and shortens ♠Q43 "
         "so that South's ♠AK drop the queen.")
THIRD_HAND_FINESSE = Pos(
    "third_hand_finesses_against_dummys_king", "N:.K3..AKQ .AQ4.32. .T95.A.J .J872.4.", "3N", "S", (6, 2), "W",
    ("H2", "H3"), ("HQ",), None, T.THIRD_HAND_HIGH, pins=(("W", ("HJ", "H8", "H7")),),
    note="Dummy played low from ♥K3: East's ♥Q wins the trick (nothing he cannot see beats it) and the ♥A then "
         "drops the king; this is the third-hand finesse, the exception to third hand high, not forcing a card out. "
         "West's lead of the ♥2 (fourth best) shows four hearts to an honour: the ♥J87.")

NO_CASH_OUT = (
    Pos("lead_low_not_the_king", "N:AQ.T..8 4.8.85. 3.K..K4 J.92.9.", "4S", "E", (8, 1), "N",
        ("C8", "H8", "C4", "SJ", "H9", "HT", "D8", "HK"), ("S3",), None, T.CASH_OUT,
        note="South's ♣K is a winner, but a spade (22%) beats cashing it (11%)."),
    Pos("trump_lead_not_the_queen", "N:2.6.J.J .K.96.Q T74..5. 85..87.", "5D", "S", (7, 2), "W",
        ("S5", "S2", "HK", "ST", "S4", "S8", "CJ", "D6"), ("D9",), None, T.CASH_OUT,
        note="East leads a trump (67%) rather than cash the ♣Q (56%)."),
)

# --- more deals: combining chances, safety, restricted choice, trump control ---------------------------
# combining chances
COMBINE_SPADE_DROP_THEN_DIAMOND_FINESSE = Pos(
    "combine_spade_drop_then_diamond_finesse", "N:43..AQ. Q.KQ.J. AJ2..2. 9.J.K8.", "3N", "S", (6, 3), "S", (),
    ("SA",), T.COMBINING_CHANCES,
    note="Three tricks needed, the defenders' hearts waiting: cash the ♠A first — if the ♠Q falls (1-1) the ♠J2 "
         "are good and no finesse is needed; if not, the ♦Q finesse is still there (79%); finessing at once "
         "(71%) loses when it fails and the hearts are cashed, the spade drop untried.")

# safety play (whole hands)
SAFETY_INSERT_THE_TEN = Pos(
    "safety_insert_the_ten_against_four_nil", "N:AKT32... QJ..KQJ. 7654..A. 98..T98.", "3N", "S", (5, 3), "S",
    ("S4", "S8"), ("ST",), T.SAFETY_PLAY,
    note="AKT32 opposite 7654, four tricks needed: when West plays low, insert the ♠T — it loses at most one trick "
         "even against ♠QJ98 with West (100%); the ♠K takes all five when the suit splits 2-2 (an overtrick in "
         "51% of the deals) but loses two tricks to West's ♠QJ98: overtricks traded for the contract.")

# restricted choice
RC_FINESSE_AGAIN_AFTER_THE_KING = Pos(
    "restricted_choice_finesse_again_after_the_king", "N:AJT4.A3.. K5.QJ.QJ. 762.K.AK. Q98.T.T9.", "3N", "S",
    (4, 3), "S", ("S2", "S8", "ST", "SK", "DQ", "DA", "D9", "H3", "S6", "S9"), ("SJ",), T.RESTRICTED_CHOICE,
    note="The first finesse of the ♠T lost to East's ♠K: with ♠KQ he could have won with either, so the ♠Q is "
         "more likely with West — finesse the ♠J again (40%) rather than play the ♠A for a doubleton KQ (20%).")
RC_TRUMP_CONTRACT_JACK_DROPPED = Pos(
    "restricted_choice_jack_dropped_ruff_to_finesse", "N:2.32..654 J..T9.Q87 .A.2.AKT3 KQ..KQJ.J", "4H", "S",
    (4, 3), "S", ("CA", "CJ", "C4", "C7", "D2", "DK", "H2", "D9", "C5", "C8"), ("CT",), T.RESTRICTED_CHOICE,
    note="West dropped the ♣J under the ♣A; declarer ruffed a diamond in dummy to lead a club toward the ♣KT: "
         "West with ♣QJ could have dropped either, so finesse the ♣T against the ♣Q with East (59%), not the "
         "♣K for the drop (41%).")

# trump control
TC_TWO_ROUNDS_BEFORE_DIAMONDS = Pos(
    "trump_control_two_rounds_before_diamonds", "N:.65.32.2 .Q.J.AKQ .AK.AKQ. .J.T9.JT", "4H", "S", (5, 3), "S",
    (), ("HA", "HK"), T.TRUMP_CONTROL, first=False,
    note="Two trumps out: draw them with the ♥AK before the ♦AKQ (100%); cashing diamonds first (84%) lets a "
         "defender short in diamonds ruff a winner.")
TC_DRAW_ENDING_IN_DUMMY = Pos(
    "trump_control_draw_ending_in_dummy", "N:K4.AKQ.. QJ.JT..K A2..2.32 .987..AQ", "4S", "S", (5, 3), "S", (),
    ("SA",), T.TRUMP_CONTROL, first=False,
    note="Cash the ♠A, then cross to dummy's ♠K: both trumps are drawn and the second round wins in dummy, where "
         "the ♥AKQ are (100%); crossing with the ♠2 at once (94%) leaves a 2-0 trump out to ruff a heart.")

# look-alike: a trump contract where drawing trumps first is wrong
NO_TC_RUFF_FIRST = Pos(
    "ruff_the_loser_before_drawing_trumps", "N:J..32.32 T9.AK.K. AKQ.2.A. 8.QJ.Q.Q", "4S", "S", (5, 3), "S", (),
    ("H2",), None, T.TRUMP_CONTROL,
    note="Dummy's only trump must ruff the ♥2 before trumps are drawn (the ♠J cannot be overruffed); drawing "
         "trumps first takes dummy's ♠J with them and the heart is lost: no trump control here.")

# more deals for the duck, the safety play and combining chances
DUCK_IN_THE_LONG_HAND = Pos(
    "duck_in_the_long_hand_ace_opposite", "N:A2.A..A76 T.KQJ..T8 3...K5432 KQJ...QJ9", "3N", "S", (4, 3), "N",
    ("C6", "C8"), ("C2",), T.DUCK,
    note="South's long clubs have no side entry and dummy holds the ♣A: duck the first round in South, keeping "
         "the ♣K, so that the ♣A and ♣K later clear the suit with South's last two clubs good (81%, clubs 3-2); "
         "the ♣K now leaves the long clubs stranded (0%).")
SAFETY_INTO_THE_SAFE_HAND = Pos(
    "safety_give_the_club_to_the_safe_hand", "N:...AK987 KQJ...QJ A.32..65 T.KQ..T4", "3N", "S", (5, 3), "S",
    ("C5", "C4"), ("C7", "C8", "C9"), T.SAFETY_PLAY, pins=(("W", ("HK", "HQ")),),
    note="West holds the established ♥KQ (East showed out of hearts): on West's ♣4 dummy plays the ♣7, so the "
         "trick goes to East (harmless) or is won if East shows out, and the ♣AK then bring in the suit (100%); "
         "the ♣K takes all five tricks when clubs are 2-2 (57%) but loses the contract when the third club goes "
         "to West (hearts cashed) or to East with dummy's clubs stranded: the overtrick is traded for the "
         "contract.")
COMBINE_TWO_ROUNDS = Pos(
    "combine_two_rounds_then_spade_finesse", "N:AQ..32.3 T.K.98.A 2..AKJ4. KJ.A.QT.", "3N", "S", (5, 3), "S", (),
    ("DA", "DK"), T.COMBINING_CHANCES, pins=(("W", ("DT",)), ("E", ("D9",))),
    note="West and East each showed a diamond spot (♦T, ♦9): cash the ♦A-K — if the ♦Q falls the ♦J4 are good; "
         "if not, lead toward the ♠AQ (79%); the spade finesse first (71%) gives the defenders the lead to cash "
         "their hearts before the diamond drop is tried.")

POSITIONS: tuple[Pos, ...] = (
    SQUEEZE_W, SQUEEZE_E, SQUEEZE_LATER, SQUEEZE_SPLIT, turned(SQUEEZE_W, 2), NO_SQUEEZE, SQUEEZE_RARE,
    RECTIFY, turned(RECTIFY, 1), swapped(RECTIFY, "D", "C"),
    replace(SQUEEZE_W, name="squeeze_needs_no_duck", named=T.SQUEEZE, not_named=T.RECTIFY_COUNT),
    THROW_IN_HEART, THROW_IN_SPADE, turned(THROW_IN_SPADE, 2), swapped(THROW_IN_HEART, "S", "D"), NO_THROW_IN,
    STRIP_AND_THROW, turned(STRIP_AND_THROW, 1), swapped(STRIP_AND_THROW, "H", "S"),
    from_case("hold_up_in_3nt", T.HOLD_UP, T.THROW_IN), from_case("hold_up_in_3nt", T.HOLD_UP, k=1),
    from_case("hold_up_in_3nt", T.HOLD_UP, k=2), from_teaching("hold_up_declarer", T.HOLD_UP),
    from_case("duck_keeping_an_entry", T.DUCK, k=1), from_case("duck_keeping_an_entry", T.DUCK, k=3),
    RECTIFY_TRUMP, HOLD_UP_THE_KING, DUCK_AT_THE_LEAD, NO_RECTIFY_JUST_ESTABLISH, KEEP_THE_ENTRY,
    UNBLOCK_ON_THE_LEAD, CROSS_IN_CLUBS,
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
    THIRD_HIGH, turned(THIRD_HIGH, 1), swapped(THIRD_HIGH, "S", "H"), THIRD_HIGH_QUEEN, THIRD_HIGH_KING,
    THIRD_HAND_FINESSE,
    DEF_RUFF, turned(DEF_RUFF, 3), swapped(DEF_RUFF, "D", "C"), RUFF_PARTNERS_RETURN, UPPERCUT,
    NO_RUFF_PARTNER_WINNING, HOLD_UP_KING, CASH_BEFORE_DISCARDS, CASH_LONG_SUIT,
    *LOSER_ON_LOSER, from_case("ruff_in_dummy", T.RUFF_IN_DUMMY, T.LOSER_ON_LOSER), LOSER_ON_LOSER_RARE,
    *SECOND_LOW, replace(THIRD_HIGH, name="third_hand_is_not_second", not_named=T.SECOND_HAND_LOW),
    *UNBLOCKS, replace(THIRD_HIGH, name="third_hand_high_is_no_unblock", not_named=T.DEFENSIVE_UNBLOCK),
    *AVOIDING, from_case("nine_cards_drop", T.DROP, T.AVOIDANCE),
    from_case("finesse_third_hand", T.FINESSE, T.HOLD_UP),
    replace(from_teaching("eight_ever_third_hand", T.FINESSE, T.DUCK), name="finesse_is_no_duck"),
    from_case("cash_winners_first", T.CASH_WINNERS, T.ENTRY_MANAGEMENT, k=2),
    *NO_CASH_OUT, replace(THIRD_HIGH, name="third_hand_high_is_no_hold_up", not_named=T.DEFENSIVE_HOLD_UP),
    LOSER_ON_LOSER_OVERRUFF, RECTIFY_DUCK_THE_SQUEEZE_SUIT, CROSS_TOWARD_KJ, EAST_HOLDS_UP_TWICE,
    COMBINE_SPADE_DROP_THEN_DIAMOND_FINESSE, SAFETY_INSERT_THE_TEN, RC_FINESSE_AGAIN_AFTER_THE_KING,
    RC_TRUMP_CONTRACT_JACK_DROPPED, TC_TWO_ROUNDS_BEFORE_DIAMONDS, TC_DRAW_ENDING_IN_DUMMY, NO_TC_RUFF_FIRST,
    DUCK_IN_THE_LONG_HAND, SAFETY_INTO_THE_SAFE_HAND, COMBINE_TWO_ROUNDS,
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


def deal_key(p: Pos) -> tuple[int, ...]:
    """The position's deal up to turning the table and renaming the suits (the same lesson in another chair
    or suit has the same key): the smallest of the hands' masks over the 4 turns and 24 suit orders."""
    from itertools import permutations

    hands = Deal.from_pbn(p.deal, partial=True).hands
    best: tuple[int, ...] | None = None
    for order in permutations(range(4)):
        renamed = []
        for h in hands:
            m = 0
            for c in h:
                m |= 1 << (order[c // 13] * 13 + c % 13)
            renamed.append(m)
        for k in range(4):
            key = tuple(renamed[(i + k) % 4] for i in range(4))
            if best is None or key < best:
                best = key
    assert best is not None
    return best


def distinct_deals(technique: Technique, positions: tuple[Pos, ...] = ()) -> int:
    """How many different deals (:func:`deal_key`) the positions naming ``technique`` are built on."""
    return len({deal_key(p) for p in positions or POSITIONS if p.named is technique})


def build(p: Pos):
    """(deal, play, view, constraints) at the position's decision."""
    deal = Deal.from_pbn(p.deal, partial=True)
    play = BridgePlay(deal, Contract.parse(p.contract), Seat.parse(p.declarer), leader=Seat.parse(p.leader),
                      prior_declarer_tricks=p.prior[0], prior_defender_tricks=p.prior[1])
    for text in p.plays:
        play.play(parse_card(text))
    pins = {Seat.parse(s): Holds(sum(1 << parse_card(c) for c in cards)) for s, cards in p.pins}
    return deal, play, view_for_turn(play), pins or None


_HINTS: dict[tuple, object] = {}


def hint_of(p: Pos):
    """The position's hint (computed once per session: a look-alike made of another position with only its
    names changed shares its hint)."""
    key = (p.deal, p.contract, p.declarer, p.prior, p.leader, p.plays, p.pins)
    if key not in _HINTS:
        deal, play, view, pins = build(p)
        _HINTS[key] = bridge_hint_for_view(view, out_of_play=FULL_MASK & ~deal.cards.mask, constraints=pins,
                                           rng=random.Random(0))
    return _HINTS[key]


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
