"""App tests never touch the real user config and data: both go to a temp dir.

The cache dir is left alone on purpose: numba reads it once per process, and pointing
it at a temp dir would make the rest of the suite recompile every kernel on every run.

Each test starts from a settings file that keeps windows quick and quiet: the rule-based
computer (instant cards), no pause after a trick, no sound.  Tests of those settings set
them themselves; :data:`TEST_SETTINGS` is what the file holds.
"""

import json

import pytest

TEST_SETTINGS = {"strength": "beginner", "trick_pause_ms": 0, "sound": False}


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(var, str(tmp_path / sub))
    from app.settings import settings_path

    for path in (settings_path(), tmp_path / "settings.json"):  # the user's file, and the one tests pass in
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(TEST_SETTINGS), encoding="utf-8")
    return tmp_path
