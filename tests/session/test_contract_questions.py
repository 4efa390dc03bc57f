"""The contract from make-or-fail questions is the contract (and its reason) the ten exact cells give, for fewer questions."""

from __future__ import annotations

import random

import pytest

from engine.bridge.contract import Strain, Vulnerability
from engine.core.deal import random_deal, random_deals
from engine.core.seats import Seat
from engine.session.contract_choice import NS_DECLARERS, ContractMethod, choose_contract
from engine.session.contract_questions import decide_contract
from engine.solvers.oracle import DDTable


def _table(rng: random.Random) -> DDTable:
    """North-South cells around a random strength, South and North often equal (as on real deals)."""
    base = rng.randint(3, 13)
    rows: list[list[int | None]] = []
    for _ in Strain:
        south = min(13, max(0, base + rng.randint(-4, 2)))
        north = south if rng.random() < 0.6 else min(13, max(0, south + rng.randint(-1, 1)))
        rows.append([north, None, south, None])
    return DDTable.from_rows(rows)


def _rounds(makes):
    """A one-question ``makes`` as the round-answering callable :func:`decide_contract` takes (serially)."""
    def answer(questions):
        assert len(questions) == 1  # at_once = 1: one question a round
        return [makes(*q) for q in questions]

    return answer


@pytest.mark.parametrize("seed", [1, 2])
def test_questions_choose_what_the_full_table_chooses_on_generated_tables(seed: int) -> None:
    rng = random.Random(seed)
    total_questions = 0
    for _ in range(400):
        table = _table(rng)
        vulnerability = rng.choice(list(Vulnerability))
        deal = random_deal(rng)
        asked: list[tuple[Strain, Seat, int]] = []

        def makes(strain: Strain, declarer: Seat, k: int) -> bool:
            asked.append((strain, declarer, k))
            return table.get(strain, declarer) >= k

        choice, known = decide_contract(_rounds(makes), deal, vulnerability)
        assert choice == choose_contract(table, vulnerability, ContractMethod.DOUBLE_DUMMY, deal=deal), (table, vulnerability)
        assert known.get(choice.contract.strain, choice.declarer) == choice.expected_tricks
        for strain in Strain:
            for seat in Seat:
                if known.has(strain, seat):
                    assert seat in NS_DECLARERS and known.get(strain, seat) == table.get(strain, seat)
        assert len(set(asked)) == len(asked)  # never the same question twice
        total_questions += len(asked)
    assert total_questions / 400 < 20  # fewer null-window searches than ten exact cells need


def test_questions_with_the_engine_solver_choose_what_dds_table_gives() -> None:
    dds_oracle = pytest.importorskip("engine.solvers.dds_oracle")
    pytest.importorskip("endplay")
    from engine.session.contract_questions import oracle_makes
    from engine.solvers.solver_oracle import SolverOracle

    oracle = SolverOracle()
    for deal in random_deals(3, 3):
        reference = dds_oracle.dds_table(deal)
        rows = [[reference[s][seat] if Seat(seat).is_ns else None for seat in range(4)] for s in range(5)]
        for vulnerability in (Vulnerability.NONE, Vulnerability.BOTH):
            choice, known = decide_contract(_rounds(oracle_makes(oracle, deal)), deal, vulnerability)
            assert choice == choose_contract(DDTable.from_rows(rows), vulnerability, ContractMethod.DOUBLE_DUMMY, deal=deal)
            for strain in Strain:
                for seat in NS_DECLARERS:
                    if known.has(strain, seat):
                        assert known.get(strain, seat) == reference[strain][seat]


@pytest.mark.parametrize("seed", [3, 4])
def test_rounds_of_questions_at_once_choose_the_same_contract(seed: int) -> None:
    """Both hands asked side by side (the solver threads' rounds): the same choice and exact cells as the
    serial order, in no more rounds than it asks questions."""
    rng = random.Random(seed)
    for _ in range(300):
        table = _table(rng)
        vulnerability = rng.choice(list(Vulnerability))
        deal = random_deal(rng)
        rounds: list[int] = []
        serial: list[tuple[Strain, Seat, int]] = []

        def makes_many(questions):
            assert 1 <= len(questions) <= 2 and len(set(questions)) == len(questions)
            rounds.append(len(questions))
            return [table.get(strain, declarer) >= k for strain, declarer, k in questions]

        def makes(strain: Strain, declarer: Seat, k: int) -> bool:
            serial.append((strain, declarer, k))
            return table.get(strain, declarer) >= k

        choice, known = decide_contract(makes_many, deal, vulnerability, at_once=2)
        alone, known_alone = decide_contract(_rounds(makes), deal, vulnerability)
        assert choice == alone == choose_contract(table, vulnerability, ContractMethod.DOUBLE_DUMMY, deal=deal)
        assert known.get(choice.contract.strain, choice.declarer) == choice.expected_tricks
        assert len(rounds) <= len(serial)


def test_the_solver_threads_answer_a_round_of_questions_as_one_thread_does() -> None:
    from engine.session.contract_questions import oracle_makes, oracle_questions
    from engine.solvers.solver_oracle import SolverOracle

    one, two = SolverOracle(threads=1), SolverOracle(threads=2)
    for deal in random_deals(5, 3):
        questions = [(Strain(s), seat, k) for s in (0, 4) for seat in NS_DECLARERS for k in (6, 9)]
        serial = [oracle_makes(one, deal)(*q) for q in questions]
        assert oracle_questions(two, deal)(questions) == serial
        assert oracle_questions(one, deal)(questions) == serial
        for vulnerability in (Vulnerability.NONE, Vulnerability.BOTH):
            assert decide_contract(oracle_questions(two, deal), deal, vulnerability, at_once=2)[0] == \
                decide_contract(_rounds(oracle_makes(one, deal)), deal, vulnerability)[0]
