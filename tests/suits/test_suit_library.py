"""The expert library: size, coverage, validation, and every figure re-checked by the exact solver."""

import copy
import json

import pytest

from engine.suits.library import (LibraryError, Tag, check_entry, find_entry, library_path, load_library,
                                  parse_entry, signature, stated_tolerance)

LIBRARY = load_library()
RAW = json.loads(library_path().read_text(encoding="utf-8"))["entries"]


def test_library_size_and_categories():
    assert len(LIBRARY) >= 150
    tags = {t for e in LIBRARY for t in e.tags}
    for needed in (Tag.FINESSE, Tag.DOUBLE_FINESSE, Tag.SAFETY_PLAY, Tag.EIGHT_EVER_NINE_NEVER,
                   Tag.RESTRICTED_CHOICE, Tag.INTRA_FINESSE, Tag.DUCKING):
        assert needed in tags, needed
    assert len({(e.north, e.south, e.tricks) for e in LIBRARY}) == len(LIBRARY)


def test_every_entry_is_confirmed_by_the_exact_solver():
    """The optimum and the expert plan's worth are re-solved; every plan states each decision that matters
    (following it where it speaks and playing best elsewhere gains nothing)."""
    for entry in LIBRARY:
        check = check_entry(entry)
        assert check.matches(entry), (entry.id, entry.north, entry.south, check)
        assert check.complete, (entry.id, "the plan leaves a decision open", check)


def test_published_figures_are_the_expert_plans_exact_worth():
    published = [e for e in LIBRARY if e.published]
    assert len(published) >= 15
    for entry in published:
        assert not entry.corrected and entry.source.strip()
        assert abs(entry.line_probability - entry.expert_probability) <= stated_tolerance(entry.expert_chance)


@pytest.mark.parametrize("ident, chance", [(20, 0.24), (24, 0.377267081), (25, 0.793913043)])
def test_double_finesse_plans_reach_the_stated_chance(ident, chance):
    """Entries 20, 24, 25: as card scripts they were worth 0.73%, 14% and 51.7%; as plans they are worth
    the expert's figure, which is also the optimum."""
    entry = next(e for e in LIBRARY if e.id == ident)
    assert entry.line_probability == pytest.approx(chance, abs=1e-9)
    assert entry.probability == pytest.approx(chance, abs=1e-9)


def test_a_typed_holding_finds_its_entry_in_either_orientation():
    from engine.suits.model import SuitProblem

    same = find_entry(SuitProblem.parse("AQ10", "432"), 3, LIBRARY)
    turned = find_entry(SuitProblem.parse("432", "AQ10"), 3, LIBRARY)
    assert same is not None and same.entry.id == 20 and not same.mirrored
    assert turned is not None and turned.entry.id == 20 and turned.mirrored
    assert "East must hold king and jack" in turned.words and "West" not in turned.words.split(":")[0]
    assert find_entry(SuitProblem.parse("AJxx", "Kxxx"), 4, LIBRARY).entry.id == 61  # not #59, its equal
    assert find_entry(SuitProblem.parse("AQ10", "432"), 1, LIBRARY) is None
    assert find_entry(SuitProblem.parse("AQ10", "432", west_length=3), 3, LIBRARY) is None  # auction knowledge


def test_every_entry_turned_round_or_with_other_spot_cards_plays_alike():
    """Equal cards make equal problems: the entry's plan, turned round (North and South swapped) or with
    its spot cards renamed (Q32 opposite T4 is Qxx opposite Tx), is worth exactly the same."""
    from engine.suits.evaluate import evaluate_line
    from engine.suits.model import SuitProblem
    from engine.suits.plan import PlanLine
    from engine.suits.position import SuitTable

    for entry in LIBRARY:
        p = entry.problem()
        turned = SuitProblem(p.south, p.north)
        match = find_entry(turned, entry.tricks, LIBRARY)
        assert match is not None, entry.id
        # turned round, it is the same entry mirrored, or another entry of the same problem as written
        assert match.mirrored or signature(match.entry.problem().north, match.entry.problem().south) == \
            signature(turned.north, turned.south), entry.id
        worth = evaluate_line(SuitTable(turned), PlanLine(match.plan)).probability(entry.tricks)
        assert worth == pytest.approx(entry.line_probability, abs=1e-9), entry.id
    renamed = SuitProblem.parse("Q32", "T4")
    match = find_entry(renamed, 1, LIBRARY)
    assert match is not None and match.entry.id == 54 and not match.mirrored
    assert evaluate_line(SuitTable(renamed), PlanLine(match.plan)).probability(1) == pytest.approx(0.24)


def _entry(**changes):
    raw = copy.deepcopy(RAW[0])
    raw.update(changes)
    return raw


@pytest.mark.parametrize("changes, fragment", [
    ({"tags": ["hope"]}, "unknown tag 'hope'"),
    ({"north": "AQZ"}, "'Z' is not a rank"),
    ({"tricks": 9}, "at most"),
    ({"expert_chance": "about half"}, "not a percentage"),
    ({"probability": 1.5}, "not a probability"),
    ({"plan": ["W:x"]}, "bad card 'W:x'"),
    ({"plan": [{"trick": "S:x N:Q", "then": {"W:Z": []}}]}, "'Z' is not a card"),
    ({"published": "yes"}, "'published' must be bool"),
    ({"expert_chance": "70%"}, "corrected=False but the stated 70% and the plan's exact"),
    ({"expert_chance": "70%", "corrected": True, "note": " "}, "must explain"),
    ({"line": ""}, "line in words is empty"),
])
def test_malformed_entries_are_rejected_with_the_field_named(changes, fragment):
    with pytest.raises(LibraryError, match=fragment):
        parse_entry(_entry(**changes), 1)


def test_a_corrected_entry_with_an_explanation_is_accepted():
    entry = parse_entry(_entry(expert_chance="70%", corrected=True, note="the stated figure ignores X"), 1)
    assert entry.corrected and entry.expert_probability == pytest.approx(0.70)
