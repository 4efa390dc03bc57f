"""Seeded generators of bad input: PBN texts, JSON lines for every CLI, settings files.

Each takes a ``random.Random`` so the hypothesis suite (``st.randoms()``) and the
campaign script (a seeded stream) draw from the same families:

* PBN: real files damaged (cut, duplicated, overwritten with PBN's own characters),
  token soup from PBN's vocabulary, and pathological repetitions of one token;
* LIN: a real BBO record damaged the same way, soup of LIN pairs, long repetitions;
* JSON lines: a command's valid line with one field replaced by any JSON value (of
  every type, deep or long), a field dropped or added, or the line itself mangled;
* settings: valid settings with fields replaced, JSON of every shape, bytes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.fuzz.catalogue import ENDING_PBN, PLAYED_PBN, JsonCommand

DATA = Path(__file__).resolve().parents[1] / "formats" / "data"
REAL_PBN = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.pbn"))] + [ENDING_PBN, PLAYED_PBN]
PBN_ALPHABET = '[]{}";%#*-=!?$ \n\r\tSHDCAKQJT98765432xNESWPX.:^\\'
PBN_TOKENS = ['[Auction "N"]', '[Play "W"]', '[Contract "3NT"]', '[Declarer "S"]', '[Event "#"]', '[Note "1:x"]',
              '[Deal "N:AKQJ.T98.765.432 - - -"]', "1C", "2NT", "Pass", "P", "X", "XX", "AP", "*", "-", "S2", "HA",
              "!", "?!", "=1=", "$3", "{", "}", ";", "%", "\n", "\n\n", " ", "\\", '"', "[", "]"]


def _junk(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(PBN_ALPHABET) for _ in range(n))


def pbn_text(rng: random.Random) -> str:
    """One damaged, soupy or pathological PBN text (mostly small; sometimes large)."""
    kind = rng.randrange(6)
    if kind <= 1:  # a real file, cut/duplicated/overwritten in a few places
        text = rng.choice(REAL_PBN)
        for _ in range(rng.randint(1, 4)):
            start = rng.randrange(len(text))
            end = min(len(text), start + rng.randint(0, 60))
            piece = _junk(rng, rng.randint(0, 12)) if rng.random() < 0.7 else text[start:end] * rng.randint(2, 5)
            text = text[:start] + piece + text[end:]
        return text
    if kind == 2:  # token soup
        return " ".join(rng.choice(PBN_TOKENS) for _ in range(rng.randint(1, 200)))
    if kind == 3:  # one token repeated many times inside a section
        token = rng.choice(["!", "?", "!?", "=1", "$1", "P ", "AP ", "x", "-", "{", "*", "[a", '"'])
        head = rng.choice(['[Auction "N"]\n', '[Contract "3NT"]\n[Play "W"]\n', '[Note "1"]\n', ""])
        return head + rng.choice(["1C", "", "S2"]) + token * rng.randint(10, 20_000) + rng.choice(["x", "", "\n"])
    if kind == 4:  # arbitrary characters
        return "".join(chr(rng.randrange(0x30000)) if rng.random() < 0.1 else rng.choice(PBN_ALPHABET)
                       for _ in range(rng.randint(0, 300))).replace("\ud800", "")
    return _junk(rng, rng.randint(0, 400))


LIN_RECORD = (
    "pn|Alice,Bob,Carol,Dave|st||md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|rh||"
    "ah|Board 1|sv|o|mb|p|mb|1N|an|15-17|mb|p|mb|2C!|an|Stayman|mb|p|mb|2D|mb|p|mb|2N|mb|p|mb|p|mb|p|"
    "pc|CQ|pc|C3|pc|C2|pc|C4|pc|D3|pc|D2|pc|D4|pc|DA|mc|8|pg||\n"
    "qx|o2|md|3S2369JH34JQD35KCQ,SQKH27D2689C3578K,S78TAH59TAD4C269T,|sv|b|ah|Board 2|mb|p|mb|p|mb|p|mb|p|\n"
)
LIN_ALPHABET = "|,!SHDCAKQJT98765432110pdrnxmbcvahqo \n\r"
LIN_TOKENS = ["md|", "mb|", "pc|", "mc|", "sv|", "ah|", "an|", "qx|", "pn|", "|", ",", "1", "0", "10", "S", "H", "!",
              "p", "9" * 5000, "ah|Board " + "9" * 5000 + "|", "mc|" + "9" * 5000 + "|", "md|5", "md|0", "S1", "\x00",
              "é", "\n", "mb|1n|", "mb|x|", "pc|SA|"]


def lin_text(rng: random.Random) -> str:
    """One damaged, soupy or repetitive LIN text."""
    kind = rng.randrange(4)
    if kind <= 1:  # the real record, cut/overwritten in a few places
        text = LIN_RECORD
        for _ in range(rng.randint(1, 4)):
            start = rng.randrange(len(text))
            end = min(len(text), start + rng.randint(0, 20))
            text = text[:start] + "".join(rng.choice(LIN_ALPHABET) for _ in range(rng.randint(0, 8))) + text[end:]
        return text
    if kind == 2:  # soup of LIN pairs and pieces
        return "".join(rng.choice(LIN_TOKENS) for _ in range(rng.randint(1, 60)))
    return LIN_RECORD[:rng.randrange(len(LIN_RECORD))] + rng.choice(LIN_TOKENS) * rng.randint(1, 2_000)


def json_value(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value, occasionally deep or long."""
    kind = rng.randrange(12 if depth < 4 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, -1, 1, 13, 14, -10**6, 10**30, 2**63, 7])
    if kind == 3:
        return rng.choice([0.5, -0.0, 1e308, -1e-308, 3.0, 1e15])
    if kind == 4:
        return rng.choice(["", "NT", "S", "N:A... K... Q... J...", "AQ", "xx", "S:x N:9", "é", "\x00", "[]"])
    if kind == 5:
        return "x" * rng.choice([1, 100, 10_000, 300_000])
    if kind == 6:
        return "[" * rng.randint(1, 3000)
    if kind == 7:
        return rng.choice([[], {}, [[]], {"": None}])
    if kind <= 9:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice(["a", "worlds", "tricks", "", "x" * 50]): json_value(rng, depth + 1) for _ in range(3)}


def nested_text(rng: random.Random) -> str:
    depth = rng.choice([10, 900, 1_100, 50_000])
    if rng.random() < 0.5:
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "0" + "}" * depth


def json_line(rng: random.Random, command: JsonCommand) -> str:
    """One input line for ``command``: its valid line damaged in one way."""
    kind = rng.randrange(8)
    obj = dict(command.valid)
    if kind <= 2:
        key = rng.choice(list(obj))
        obj[key] = json_value(rng)
    elif kind == 3:
        del obj[rng.choice(list(obj))]
    elif kind == 4:
        obj[rng.choice(["extra", "exact", "target", "x" * 300])] = json_value(rng)
    elif kind == 5:
        return nested_text(rng)
    elif kind == 6:
        text = json.dumps(obj)
        start = rng.randrange(len(text))
        junk = _junk(rng, rng.randint(0, 5)).replace("\n", " ")  # one line stays one line
        return text[:start] + junk + text[start + rng.randint(0, 5):]
    else:
        return json.dumps(json_value(rng))
    try:
        return json.dumps(obj)
    except (ValueError, RecursionError):
        return "{}"


def settings_content(rng: random.Random) -> bytes:
    """The bytes of a settings file: damaged valid settings, any JSON, or junk."""
    valid = {"deck_colours": "four-colour", "hand_visibility": "all-hands", "animate_cards": False,
             "animation_ms": 400}
    kind = rng.randrange(7)
    if kind <= 2:
        obj = dict(valid)
        obj[rng.choice(list(valid) + ["unknown", "x" * 100])] = json_value(rng)
        text = json.dumps(obj)
    elif kind == 3:
        text = nested_text(rng)
    elif kind == 4:
        text = rng.choice(['{"animation_ms": ' + "9" * rng.choice([10, 4301, 20_000]) + "}", '{"animation_ms": NaN}',
                           '{"animation_ms": 1e999}', "", "null", "[]", '{"deck_colours": "four-colour",'])
    elif kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))
    else:
        text = json.dumps(json_value(rng))
    return text.encode("utf-8", "surrogatepass")
