"""Contracts, strains and vulnerabilities: every text form round-trips over its whole domain."""

import itertools

import pytest

from engine.bridge.contract import Contract, ContractParseError, Doubling, Strain, Vulnerability

ALL_CONTRACTS = [
    Contract(level, strain, doubling)
    for level, strain, doubling in itertools.product(range(1, 8), Strain, Doubling)
]


def test_there_are_105_contracts():
    assert len(set(ALL_CONTRACTS)) == 7 * 5 * 3


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_contract_text_round_trip(contract):
    text = str(contract)
    assert Contract.parse(text) == contract
    assert Contract.parse(text.lower()) == contract
    assert Contract.parse(f" {text} ") == contract
    assert contract.tricks_needed == contract.level + 6


def test_contract_text_forms():
    assert str(Contract.parse("4SX")) == "4SX"
    assert Contract.parse("1NTXX") == Contract(1, Strain.NOTRUMP, Doubling.REDOUBLED)
    assert Contract.parse("3N") == Contract(3, Strain.NOTRUMP)
    assert Contract.parse("6♥") == Contract(6, Strain.HEARTS)


@pytest.mark.parametrize("text", ["8NT", "0S", "4SXXX", "4Z", "NT3", "", "4 S X Y"])
def test_bad_contracts_name_the_text(text):
    with pytest.raises(ContractParseError, match="bad contract"):
        Contract.parse(text)


def test_contract_level_out_of_range_is_rejected():
    with pytest.raises(ContractParseError, match="level 8"):
        Contract(8, Strain.SPADES)


@pytest.mark.parametrize("strain", list(Strain))
def test_strain_round_trip(strain):
    assert Strain.parse(strain.letter) is strain
    assert Strain.parse(strain.letter.lower()) is strain
    assert strain.trump == (None if strain is Strain.NOTRUMP else int(strain))


@pytest.mark.parametrize("vul", list(Vulnerability))
def test_vulnerability_round_trip(vul):
    assert Vulnerability.parse(vul.pbn) is vul
    assert Vulnerability.parse(str(vul)) is vul


def test_vulnerability_aliases_and_seats():
    assert Vulnerability.parse("Both") is Vulnerability.BOTH
    assert Vulnerability.parse("none") is Vulnerability.NONE
    assert Vulnerability.NS.is_vulnerable(0) and not Vulnerability.NS.is_vulnerable(1)
    assert Vulnerability.EW.is_vulnerable(3) and not Vulnerability.EW.is_vulnerable(2)
    with pytest.raises(ContractParseError, match="'sometimes'"):
        Vulnerability.parse("sometimes")
