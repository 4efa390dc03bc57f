"""PyInstaller runtime hook: numba's cache goes to the user cache directory, one folder per build.

Runs before the app's own code (so before numba is imported, which reads
``NUMBA_CACHE_DIR`` once).  ``engine.jit`` would default to the same user cache
directory; the hook adds a per-build sub-folder because a frozen numba keys its
cache on the executable, which stays the same when only engine sources change.
An explicit ``NUMBA_CACHE_DIR`` always wins.
"""

import json
import os
import sys


def _set_numba_cache_dir() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    import appdirs

    build = "unknown"
    try:
        with open(os.path.join(sys._MEIPASS, "tenace_build.json"), encoding="utf-8") as f:
            build = str(json.load(f)["engine_sources"])[:16]
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    root = os.path.join(appdirs.user_cache_dir("tenace", "Tenace"), "numba")
    os.environ["NUMBA_CACHE_DIR"] = os.path.join(root, f"bundle-{build}")


_set_numba_cache_dir()
