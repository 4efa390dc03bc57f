"""App tests never touch the real user config and data: both go to a temp dir.

The cache dir is left alone on purpose: numba reads it once per process, and pointing
it at a temp dir would make the rest of the suite recompile every kernel on every run.
"""

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(var, str(tmp_path / sub))
    return tmp_path
