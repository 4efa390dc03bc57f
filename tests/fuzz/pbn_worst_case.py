"""The PBN reader's worst cases at the size limit: CPU time and peak memory per kind of content.

    uv run python -m tests.fuzz.pbn_worst_case            # every kind, each in a fresh process
    uv run python -m tests.fuzz.pbn_worst_case tinygames  # one kind

Each kind fills :data:`~engine.formats.MAX_PBN_BYTES` with one pattern (many tiny games,
a huge section, thousands of notes, full games, annotations, a long comment...) and
reports the CPU time of ``parse_pbn`` and the process's peak resident memory.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FULL_GAME = (ROOT / "tests" / "formats" / "data" / "dealer_export.pbn").read_text(encoding="utf-8").split("\n\n", 1)[1]
UNITS = {
    "tinygames": '[a "b"]\n\n',
    "words": '[a "b"]\n' + "x " * 50 + "\n",
    "notes": '[Note "1"]\n',
    "auctions": '[Auction "N"]\nP P P P\n\n',
    "deals": '[Deal "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"]\n\n',
    "fullgames": FULL_GAME + "\n\n",
    "bangs": '[Auction "N"]\n1C' + "!" * 1000 + "\n\n",
    "comment": "{" + "x" * 1000 + "\n",
}


def measure(kind: str) -> str:
    from engine.formats import MAX_PBN_BYTES, PbnError, parse_pbn

    unit = UNITS[kind]
    text = unit * ((MAX_PBN_BYTES - 100) // len(unit))
    start = time.process_time()
    try:
        outcome = f"{len(parse_pbn(text))} games"
    except PbnError as exc:
        outcome = f"refused: {str(exc)[:70]}"
    cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return f"{kind:<10} {len(text) / 2**20:5.2f} MB  {cpu:6.1f} s CPU  {peak:6.0f} MB peak  {outcome}"


def main(argv: list[str]) -> int:
    if argv:
        print(measure(argv[0]), flush=True)
        return 0
    for kind in UNITS:
        subprocess.run([sys.executable, "-m", "tests.fuzz.pbn_worst_case", kind], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
