"""The expert library: size, coverage, validation, and every figure re-checked by the exact solver."""

import copy
import json

import pytest

from engine.suits.library import LibraryError, Tag, check_entry, library_path, load_library, parse_entry

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
    for entry in LIBRARY:
        check = check_entry(entry)
        assert check.matches(entry), (entry.id, entry.north, entry.south, check)


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
    ({"script": ["W:x"]}, "bad token"),
    ({"expert_chance": "70%"}, "corrected=False but the stated 70%"),
    ({"expert_chance": "70%", "corrected": True, "note": " "}, "must explain"),
    ({"line": ""}, "line in words is empty"),
])
def test_malformed_entries_are_rejected_with_the_field_named(changes, fragment):
    with pytest.raises(LibraryError, match=fragment):
        parse_entry(_entry(**changes), 1)


def test_a_corrected_entry_with_an_explanation_is_accepted():
    entry = parse_entry(_entry(expert_chance="70%", corrected=True, note="the stated figure ignores X"), 1)
    assert entry.corrected and entry.expert_probability == pytest.approx(0.70)
