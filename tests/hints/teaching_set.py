"""The teaching set: small endings where a bridge teacher's lesson decides the card, as plain data.

Each position is an ending of a real hand: the deal is a partial PBN of the cards still held at its
start (every other card was played earlier, its tricks credited in ``prior`` as (declarer's side,
defenders)), then the contract and declarer, the seat that leads the ending's first trick, and the cards
played since (enough history to set the decision up and, where it helps, show-outs that pin a suit on
one defender and keep the layouts few).  The seat to move after ``plays`` is the one deciding: declarer
(also for dummy's card) or a defender.

``lesson`` names the card(s) the theme recommends; the tests check that the lesson is true (the
reference's best chance, :mod:`tests.hints.single_dummy_reference`) and that the hint agrees with the
truth.  Every figure quoted in a ``note`` is that reference's exact single-dummy chance.

The table is turned (:func:`rotated`) and its suits exchanged (:func:`suits_swapped`) for some positions,
so the same lesson is checked from other chairs and in other suits.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.cards import CardSet, card_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat

__all__ = ["THEMES", "TeachingPosition", "BASE", "TEACHING_SET", "rotated", "suits_swapped", "by_name"]

EIGHT_CASH = "eight ever: cash"
EIGHT_CROSS = "eight ever: cross"
EIGHT_THIRD = "eight ever: third hand"
NINE_CASH = "nine never: cash"
NINE_CROSS = "nine never: cross"
NINE_THIRD = "nine never: third hand"
COMBINING = "combining chances"
DEEP = "deep finesse"
RESTRICTED = "restricted choice"
SAFETY = "safety play"
DUCK_ENTRY = "duck to keep an entry"
HOLD_UP = "hold-up by declarer"
HOLD_UP_DEFENCE = "hold-up by a defender"
RUFFING = "ruffing finesse"
CASH_OUT = "defender's cash-out"

THEMES = (EIGHT_CASH, EIGHT_CROSS, EIGHT_THIRD, NINE_CASH, NINE_CROSS, NINE_THIRD, COMBINING, DEEP,
          RESTRICTED, SAFETY, DUCK_ENTRY, HOLD_UP, HOLD_UP_DEFENCE, RUFFING, CASH_OUT)
"""What the set must teach (issue 21), each by at least one position."""


@dataclass(frozen=True)
class TeachingPosition:
    name: str
    theme: str
    deal: str  # partial PBN of the ending's start
    contract: str
    declarer: str
    prior: tuple[int, int]  # tricks won before the ending: (declarer's side, defenders)
    leader: str  # who leads the ending's first trick
    plays: tuple[str, ...]  # the cards played since, in order
    lesson: tuple[str, ...]  # the card(s) the theme recommends (any one is right)
    note: str = ""


P = TeachingPosition

BASE: tuple[TeachingPosition, ...] = (
    # --- eight ever, nine never: at each of the three decisions -------------------------------------
    P("eight_ever_third_hand", EIGHT_THIRD, "N:6543... QT7.2.. AKJ2... 98.4.2.", "7S", "S", (9, 0), "N",
      ("S3", "S7"), ("SJ",),
      "AKJ2 opposite 6543, East plays low: finesse (39.5%) beats the king for the drop (32.0%)."),
    P("nine_never_third_hand", NINE_THIRD, "N:7654.A.. T8.32.2. AKJ32... Q9.54.3.", "7N", "S", (8, 0), "N",
      ("S4", "S8"), ("SA", "SK"),
      "AKJ32 opposite 7654, East plays low: the ace for the drop (58.2%) beats the finesse (45.0%)."),
    P("eight_ever_cross", EIGHT_CROSS, "N:6543.A.. QT7.34.. AKJ2.2.. 98.56.2.", "7S", "S", (8, 0), "S",
      ("SA", "S8", "S3", "S7"), ("H2",),
      "After the ace: cross to the heart ace and finesse (36.7%), not the king for the drop (26.7%)."),
    P("eight_ever_cross_notrump", EIGHT_CROSS, "N:6543.A.. QT7.34.. AKJ2.2.. 98.56.2.", "7N", "S", (8, 0), "S",
      ("SA", "S8", "S3", "S7"), ("H2",), "The same in notrump: cross (36.7%) rather than drop (26.7%)."),
    P("nine_never_cross", NINE_CROSS, "N:76.A.2. QT..54. KJ3.2.. .KQ.3.2", "7S", "S", (9, 0), "S",
      (), ("SK",),
      "Nine trumps, the ace gone, Q-T out: the king for the drop (57.1%); crossing to the heart ace to "
      "finesse (35.7%) also risks a ruff."),
    P("nine_never_cross_notrump", NINE_CROSS, "N:76.A.2. QT.43.. KJ3.2.. .KQ.3.2", "7N", "S", (9, 0), "S",
      (), ("H2",),
      "In notrump the cross costs nothing: from dummy the king can still drop the queen, and East's "
      "show-out in hearts may tell more (58.6% against the king at once, 57.1%)."),
    P("eight_ever_cash", EIGHT_CASH, "N:6543.A.2.2 QT7.43..KQ AKJ2.2.A.A 98.65.KQJ.", "6N", "S", (6, 0), "S",
      ("CA", "H5", "C2", "CQ", "DA", "DJ", "D2", "H3"), ("SA", "SK"),
      "West showed out of clubs, East of diamonds.  Cash a top spade first (60.0%: a singleton queen "
      "with West drops), then cross and finesse; crossing at once (57.3%) loses to it."),
    P("nine_never_cash", NINE_CASH, "N:7654.A.32.2 QT9...KQJT9 AKJ32.2.A.A 8.43.KQJT9.", "7S", "S", (5, 0), "S",
      ("CA", "D9", "C2", "C9", "DA", "DT", "D2", "CT"), ("SA", "SK"),
      "West showed out of clubs, East of diamonds.  Cash a top spade first and then the other for the "
      "drop (70.0%); crossing to the heart ace at once (60.0%) gives up the singleton queen with West "
      "and risks a ruff."),
    # --- combining chances, deep finesse, restricted choice ----------------------------------------
    P("combining_chances", COMBINING, "N:AQ...32 K9..T8. 2..AKJ. T5..Q9.", "3N", "S", (5, 4), "S",
      (), ("DA", "DK"),
      "Cash the diamonds first: the queen may drop, and if not the count tells how to play spades "
      "(100%); the spade finesse first strands the diamonds (50.0%)."),
    P("deep_finesse", DEEP, "N:AQ9.2.. 876.4.. 432.A.. KJT5...", "3N", "S", (6, 3), "S",
      ("S2", "S5"), ("S9",),
      "AQ9 opposite 432 for two tricks: finesse the nine first (85.3%), not the queen (46.4%)."),
    P("restricted_choice", RESTRICTED, "N:A6543... J87.43.. KT92.2.. Q.KQJ.A.", "6N", "S", (8, 0), "N",
      ("SA", "S7", "S2", "SQ", "S3", "S8"), ("ST", "S9"),
      "West dropped the queen under the ace: finesse East for the jack (60.0%), not the drop (40.0%)."),
    # --- safety, entries, hold-ups, ruffing finesse -----------------------------------------------
    P("safety_play", SAFETY, "N:AKJ..2. Q5...AK 32..A.3 T4...QJ", "3N", "S", (6, 3), "S",
      ("S2", "S4"), ("SA", "SK"),
      "Three tricks are enough: cash the top spades (100%); the finesse for an overtrick loses the "
      "contract when East wins and cashes clubs (46.3%)."),
    P("duck_to_keep_entry", DUCK_ENTRY, "N:..AK432. 32.3.QJ. A.A.765. 5.4.T98.", "3N", "S", (5, 3), "S",
      ("D5", "D8"), ("D2", "D3", "D4"),
      "Dummy's AK432 with no side entry: duck the first round (94.5%), keeping the top cards as "
      "entries (winning at once: 83.4%)."),
    P("hold_up_declarer", HOLD_UP, "N:.54.KQJ. 2.98.A3. A.A32.2. .KQJT7..", "3N", "S", (6, 2), "W",
      ("HK", "H5", "H9"), ("H2", "H3"),
      "Hold up the heart ace (11.3%) so East has none left when in with the diamond ace (winning at "
      "once: 3.4%)."),
    P("hold_up_defence", HOLD_UP_DEFENCE, "N:..KQJT9. 2.2.A54. A.A.32.A 5.4.876.", "3N", "S", (5, 3), "S",
      ("D2", "D6", "DK"), ("D4", "D5"),
      "East holds up the diamond ace (82.0% to beat it) to cut dummy's suit off; winning at once: 54.0%."),
    P("ruffing_finesse", RUFFING, "N:A..KQJ. ..A4.KQ K2...32 ..98.AJ", "4S", "S", (6, 3), "N",
      (), ("DK", "DQ", "DJ"),
      "Lead a diamond honour for a ruffing finesse against East's ace (50.0%); the spade ace first "
      "cuts the way back (0%)."),
    P("ruffing_finesse_third_hand", RUFFING, "N:A..KQJ. ..A4.KQ K2...32 ..98.AJ", "4S", "S", (6, 3), "N",
      ("DK", "D4"), ("C2", "C3"),
      "East played low on the diamond king: discard a club (46.3%), not ruff (5.0%)."),
    # --- defence --------------------------------------------------------------------------------------
    P("cash_out", CASH_OUT, "N:..2.KQJT 32.A4.A. .K.763.2 AK.QJ..9", "3N", "S", (6, 2), "S",
      ("D3", "C9", "D2", "DA"), ("HA",),
      "In with the diamond ace, East cashes the heart ace before dummy's clubs run (90.0%)."),
)


def by_name(name: str) -> TeachingPosition:
    for p in BASE:
        if p.name == name:
            return p
    raise KeyError(name)


def rotated(p: TeachingPosition, k: int) -> TeachingPosition:
    """The same position with every seat turned ``k`` places clockwise (North becomes East for k = 1)."""
    deal = Deal.from_pbn(p.deal, partial=True)
    hands = [deal.hands[(s - k) % 4] for s in range(4)]
    turn = lambda text: Seat.parse(text).offset(k).letter  # noqa: E731
    return replace(p, name=f"{p.name}_rot{k}", deal=Deal(tuple(hands)).to_pbn(),  # type: ignore[arg-type]
                   declarer=turn(p.declarer), leader=turn(p.leader))


def suits_swapped(p: TeachingPosition, a: str, b: str) -> TeachingPosition:
    """The same position with suits ``a`` and ``b`` (letters S, H, D, C) exchanged everywhere: the deal,
    the plays, the lesson and a suit contract's strain."""
    order = "SHDC"
    ia, ib = order.index(a), order.index(b)

    def card(text: str) -> str:
        c = parse_card(text)
        s = c // 13
        s = ib if s == ia else ia if s == ib else s
        return card_str(s * 13 + c % 13)

    deal = Deal.from_pbn(p.deal, partial=True)
    hands = []
    for h in deal.hands:
        mask = 0
        for c in h:
            mask |= 1 << parse_card(card(card_str(c)))
        hands.append(CardSet(mask))
    level, strain = p.contract[:-1], p.contract[-1]
    if strain in (a, b):
        strain = b if strain == a else a
    return replace(p, name=f"{p.name}_{a}{b}".lower(), deal=Deal(tuple(hands)).to_pbn(),  # type: ignore[arg-type]
                   contract=level + strain, plays=tuple(card(x) for x in p.plays),
                   lesson=tuple(card(x) for x in p.lesson))


_TURNS: tuple[tuple[str, int], ...] = (
    ("eight_ever_third_hand", 1), ("nine_never_third_hand", 2), ("eight_ever_cross", 3),
    ("nine_never_cross", 1), ("eight_ever_cash", 2), ("combining_chances", 1), ("deep_finesse", 3),
    ("restricted_choice", 2), ("safety_play", 1), ("nine_never_cross_notrump", 2), ("hold_up_declarer", 3),
    ("hold_up_defence", 1), ("ruffing_finesse_third_hand", 2), ("cash_out", 3), ("cash_out", 1),
)
_SWAPS: tuple[tuple[str, str, str], ...] = (
    ("eight_ever_third_hand", "S", "H"), ("nine_never_cross", "S", "D"), ("restricted_choice", "S", "C"),
)

TEACHING_SET: tuple[TeachingPosition, ...] = (
    BASE
    + tuple(rotated(by_name(n), k) for n, k in _TURNS)
    + tuple(suits_swapped(by_name(n), a, b) for n, a, b in _SWAPS)
)
