"""Teaching positions for the hint tests (small endings whose every consistent deal is enumerated),
their builders, and a cache so each position is analysed once per test session.

Each case is an ending (the cards of earlier tricks are out of play and credited
by ``prior``), a contract and declarer, who leads the ending, the cards played so
far, and what a teacher expects: the recommended card (any card of ``best``) and
the named technique.  ``rotated(case, k)`` turns the table by ``k`` seats so the
same lesson is checked from other chairs (the defender "through" whom a finesse
is taken turns with it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints.bridge_hint import hint_from_values, view_position
from engine.hints.lines import HintBudget, line_values
from engine.hints.techniques import Technique
from engine.solvers.solver_oracle import default_oracle

__all__ = ["Case", "CASES", "rotated", "build", "all_cases", "solved", "EVALUATOR"]


@dataclass(frozen=True)
class Case:
    name: str
    deal: str
    contract: str
    declarer: str
    prior: tuple[int, int]
    leader: str
    plays: tuple[str, ...]
    best: tuple[str, ...]
    technique: Technique
    through: str | None = None  # the defender a finesse is taken through
    max_moves: int = 2
    candidates: int = 3


T = Technique
CASES: tuple[Case, ...] = (
    # Finesses
    Case("finesse_third_hand", "N:AQ.A.A. T9.Q.J. 32.K.K. K4.J.Q.", "3NT", "S", (5, 4), "S", ("S2", "S4"),
         ("SQ",), T.FINESSE, "W"),
    Case("finesse_lead_toward_tenace", "N:AQ.A.A. T9.K.K. 32.32.. K4.Q.Q.", "3NT", "S", (5, 4), "S", (),
         ("S2", "S3"), T.FINESSE, "W"),
    Case("finesse_for_overtrick", "N:AQ.A.A. T9.Q.J. 32.K.K. K4.J.Q.", "3NT", "S", (6, 3), "S", ("S2", "S4"),
         ("SQ",), T.FINESSE, "W"),
    Case("finesse_in_trump_contract", "N:AQ.A.A. T9..J.Q 32.K.K. K4..Q.J", "4H", "S", (6, 3), "S", ("S2", "S4"),
         ("SQ",), T.FINESSE, "W"),
    Case("lead_toward_king", "N:K3.A.A. QJ.Q.Q. 54.2.2. AT.K.K.", "3NT", "S", (6, 3), "S", ("S4", "ST"),
         ("SK",), T.LEAD_TOWARD_HONOUR, "W"),
    # Finesse or drop
    Case("eight_cards_finesse", "N:AKJ2...2 Q8.KQJ.. 6543...A T97.T..K", "3NT", "S", (5, 3), "S",
         ("S3", "S7", "SA", "S8", "C2", "HJ", "CA", "CK", "S4", "S9"), ("SJ",), T.FINESSE, "W"),
    Case("nine_cards_drop", "N:AKJ32...2 Q9.KQJ.K. 7654..A.A T8.T9.Q.K", "3NT", "S", (3, 4), "S",
         ("S4", "S8", "SA", "S9", "C2", "HJ", "CA", "CK", "S5", "ST"), ("SK",), T.DROP),
    # Double and two-way finesses
    Case("double_finesse_AQT", "N:AQT.3.. KJ85... 432.A.. 976.K..", "3NT", "S", (5, 4), "S", ("S2", "S6"),
         ("ST",), T.DOUBLE_FINESSE, "W"),
    Case("two_way_finesse", "N:AJ3...AK Q54.K.K. KT2...32 97...QJT", "3NT", "S", (4, 4), "N",
         ("CA", "HK", "C2", "CT", "S3", "S4"), ("ST",), T.TWO_WAY_FINESSE, "E"),
    Case("ruffing_finesse", "N:A..KQJ. ..A9.KQ K2...32 ..T8.AJ", "4S", "S", (6, 3), "N", (),
         ("DJ", "DQ", "DK"), T.RUFFING_FINESSE, "E"),
    # Notrump technique: hold-up, duck, establishing a suit, safety
    Case("hold_up_in_3nt", "N:.54.KQJ. .T7.A98. .A32.32. .KQJ98..", "3NT", "S", (6, 2), "W", ("HK", "H4", "H7"),
         ("H2", "H3"), T.HOLD_UP),
    Case("duck_keeping_an_entry", "N:..AK432. 32.3.QJ. A.A.765. 5.4.T98.", "3NT", "S", (5, 3), "S",
         ("D5", "D8"), ("D2", "D3", "D4"), T.DUCK, candidates=2),
    Case("safety_no_overtrick_finesse", "N:AQ...A3 T9..KQ. 32...K2 K4.AK..", "3NT", "S", (6, 3), "S",
         ("S2", "S4"), ("SA",), T.SAFETY_PLAY),
    # Communication and trumps
    Case("unblock_short_hand", "N:..A4.432 .AK.8.KQ ..KQJ32. AK..T9.A", "3NT", "S", (4, 4), "N", (),
         ("DA",), T.ENTRY_MANAGEMENT),
    Case("ruff_in_dummy", "N:3.2.32. .KQ..QJ A.A.A.2 ..KQ.AK", "4S", "S", (6, 3), "S", ("C2", "CK"),
         ("S3",), T.RUFF_IN_DUMMY),
    Case("lead_to_ruff_in_dummy", "N:3.2.32. .KQ..QJ A.A.A.2 ..KQ.AK", "4S", "S", (6, 3), "S", (),
         ("C2",), T.RUFF_IN_DUMMY),
    Case("draw_trumps_first", "N:...5432 ..QJ.AK A.AKQ.. 2.J.AK.", "4S", "S", (6, 3), "S", (),
         ("SA",), T.DRAW_TRUMPS),
    Case("cash_winners_first", "N:.32.3. KQ.Q.. .AK.2. A..AK.", "3NT", "S", (7, 3), "S", (),
         ("HK", "HA"), T.CASH_WINNERS),
)

_ROTATE = {
    2: ("finesse_third_hand", "finesse_lead_toward_tenace", "finesse_for_overtrick", "lead_toward_king",
        "eight_cards_finesse", "nine_cards_drop", "two_way_finesse", "ruffing_finesse", "hold_up_in_3nt",
        "unblock_short_hand", "ruff_in_dummy", "draw_trumps_first", "cash_winners_first",
        "safety_no_overtrick_finesse"),
    1: ("finesse_third_hand", "nine_cards_drop", "hold_up_in_3nt"),
}


def rotated(case: Case, k: int) -> Case:
    """The same case with every seat turned ``k`` places clockwise (North -> East for k = 1)."""
    deal = Deal.from_pbn(case.deal, partial=True)
    hands = [deal.hands[(s - k) % 4] for s in range(4)]
    turn = lambda text: Seat.parse(text).offset(k).letter  # noqa: E731
    return replace(case, name=f"{case.name}_rot{k}", deal=Deal(tuple(hands)).to_pbn(),  # type: ignore[arg-type]
                   declarer=turn(case.declarer), leader=turn(case.leader),
                   through=None if case.through is None else turn(case.through))


def all_cases() -> list[Case]:
    out = list(CASES)
    by_name = {c.name: c for c in CASES}
    for k, names in _ROTATE.items():
        out += [rotated(by_name[n], k) for n in names]
    return out


def build(case: Case):
    """(play, view, position, exact, out_of_play) for a case."""
    deal = Deal.from_pbn(case.deal, partial=True)
    play = BridgePlay(deal, Contract.parse(case.contract), Seat.parse(case.declarer), leader=Seat.parse(case.leader),
                      prior_declarer_tricks=case.prior[0], prior_defender_tricks=case.prior[1])
    for c in case.plays:
        play.play(parse_card(c))
    view = view_for_turn(play)
    out_of_play = FULL_MASK & ~deal.cards.mask
    position, exact, _ = view_position(view, 40, 20000, random.Random(0), out_of_play=out_of_play)
    return play, view, position, exact, out_of_play


EVALUATOR = default_oracle()
"""One shared double-dummy evaluator, as in the app: its table carries over between worlds and cases."""

_HINTS: dict[str, tuple] = {}


def solved(case: Case) -> tuple:
    """(play, view, values, out_of_play, hint) of a case, computed once per session: the hint and the one
    analysis it comes from (every consistent layout, searched exactly)."""
    if case.name not in _HINTS:
        play, view, position, exact, out_of_play = build(case)
        budget = HintBudget(candidates=case.candidates, exact_time=None)
        values = line_values(view, budget, out_of_play=out_of_play, oracle=EVALUATOR)
        hint = hint_from_values(values, max_candidates=case.candidates)
        _HINTS[case.name] = (play, view, values, out_of_play, hint)
    return _HINTS[case.name]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        cases = all_cases()
        metafunc.parametrize("case", cases, ids=[c.name for c in cases])


@pytest.fixture
def solve():
    return solved


@pytest.fixture
def build_case():
    return build


@pytest.fixture
def dd_evaluator():
    return EVALUATOR


@pytest.fixture
def teaching_cases() -> list[Case]:
    return all_cases()
