"""Synthesise the app's short sounds into ``assets/sounds/`` (run: ``uv run python packaging/make_sounds.py``).

The sounds are made here from sine tones and seeded noise rather than recorded or
downloaded, so they carry no licence question and can be rebuilt byte for byte
(``tests/app/test_sounds.py`` checks that the shipped files are what this script makes).
16-bit mono WAV at 22,050 Hz, each well under half a second.
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22_050
SOUNDS_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def _card(rng: random.Random) -> list[float]:
    """A card put on the table: a 45 ms burst of soft, low-passed noise."""
    n = int(0.045 * RATE)
    out, low = [], 0.0
    for i in range(n):
        low += 0.25 * (rng.uniform(-1.0, 1.0) - low)
        out.append(0.8 * low * math.exp(-i / (0.012 * RATE)))
    return out


def _trick(rng: random.Random) -> list[float]:
    """A trick gathered: a 160 ms swish, noise whose brightness and loudness fall away."""
    n = int(0.16 * RATE)
    out, low = [], 0.0
    for i in range(n):
        t = i / n
        low += (0.5 - 0.4 * t) * (rng.uniform(-1.0, 1.0) - low)
        out.append(0.55 * low * math.sin(math.pi * t) ** 0.7)
    return out


def _chime(rng: random.Random) -> list[float]:
    """The end of a hand: two soft bell tones (A5 then E6), 380 ms."""
    del rng
    out = []
    for start, freq in ((0.0, 880.0), (0.12, 1318.5)):
        first = int(start * RATE)
        for i in range(int(0.38 * RATE)):
            while len(out) <= i:
                out.append(0.0)
            if i < first:
                continue
            t = (i - first) / RATE
            out[i] += 0.28 * math.sin(2 * math.pi * freq * t) * math.exp(-t / 0.09) * min(1.0, t / 0.004)
    return out


SOUNDS = {"card": _card, "trick": _trick, "chime": _chime}


def wav_bytes(name: str) -> bytes:
    """The WAV file ``name`` as this script makes it (same bytes every time)."""
    samples = SOUNDS[name](random.Random(name))
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def main() -> int:
    SOUNDS_DIR.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        path = SOUNDS_DIR / f"{name}.wav"
        path.write_bytes(wav_bytes(name))
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
