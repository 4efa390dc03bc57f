"""Every input file the CLI reads, with one valid example each, and the hostile variants we throw at them.

Shared by the deterministic tests (``tests/cli``), the hypothesis fuzz suite
(``tests/fuzz``) and the campaign script (``tests/fuzz/campaign.py``), so all three
cover the same commands.  The valid examples are tiny endings and trees: they run in
milliseconds, so a fuzzed input that is accepted costs little.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["JsonCommand", "JSON_COMMANDS", "PBN_COMMANDS", "ENDING_PBN", "PLAYED_PBN", "hostile_json_lines",
           "hostile_pbn_texts", "run_main", "nested", "FIELD_VALUES"]

ENDING_PBN = """% PBN 2.1
[Event "Fuzz"]
[Deal "N:32.A.A. T9.Q.J. AQ.K.K. K4.J.Q."]
[Declarer "S"]
[Contract "3NT"]
[Play "W"]
DQ DA DJ DK
- S2 S9 -
*
"""
PLAYED_PBN = ENDING_PBN.replace("- S2 S9 -", "S4 S2 S9 SA\nSK S3 ST SQ\nHJ HA HQ HK")

TINY_POSITION = {"worlds": ["N:A... K... Q... J...", "N:A... J... Q... K..."], "trump": "NT", "leader": "S",
                 "trick": [], "declarer": "S", "target": 1}
TREE = {"worlds": [1, 1], "root": {"max": [{"min": [{"leaf": [1, 0]}, {"leaf": [0, 1]}]}, {"leaf": [1, 1]}]}}
DEAL_RESULT = {"deal": 0, "pbn": "N:A... K... Q... J...", "a": {"tricks": 9, "made": True, "score": 400},
               "b": {"tricks": 8, "made": False, "score": -50}}

SAVED_DEAL = {**DEAL_RESULT, "pbn": "N:AQ4.KT654.Q32.J6 K98.973.JT5.9853 T762.AQ.AK98.KT7 J53.J82.764.AQ42"}
"""Deal 0 of ``match bridge`` with the default seed, contract and declarer, as a saved line."""

@dataclass(frozen=True)
class JsonCommand:
    """A command reading JSON lines: its arguments (``{file}`` = the input) and a valid line."""

    name: str
    argv: tuple[str, ...]
    valid: dict[str, Any]
    errors_on_stdout: bool = False  # suit --batch reports each bad line as {"line", "error"} and goes on
    skips_damaged: bool = False  # a saved match (--resume): a bad line among good ones is skipped and told

    def args(self, path: str) -> list[str]:
        return [path if a == "{file}" else a for a in self.argv]


JSON_COMMANDS: tuple[JsonCommand, ...] = (
    JsonCommand("analyse", ("analyse", "--batch", "{file}", "--json"), TINY_POSITION),
    JsonCommand("hint", ("hint", "--file", "{file}", "--algorithm", "pimc", "--json"), {**TINY_POSITION, "exact": True}),
    JsonCommand("dd-solve", ("dd-solve", "--file", "{file}"),
                {"deal": "N:A2... K3... Q4... J5...", "trump": "NT", "leader": "S", "trick": []}),
    JsonCommand("suit", ("suit", "--batch", "{file}"), {"north": "AQ", "south": "xx", "tricks": 2},
                errors_on_stdout=True),
    JsonCommand("tree", ("tree", "-a", "pimc", "--batch", "{file}", "--json"), TREE),
    JsonCommand("match --combine", ("match", "bridge", "--combine", "{file}", "--json"), DEAL_RESULT),
    JsonCommand("match bridge --resume", ("match", "bridge", "--deals", "1", "--a", "rules", "--b", "rules",
                                          "--defence", "rules", "--save", "{file}", "--resume", "--json", "--quiet",
                                          "--workers", "1"), SAVED_DEAL, skips_damaged=True),
    JsonCommand("match hearts --resume", ("match", "hearts", "--deals", "1", "--a", "rules", "--b", "rules",
                                          "--save", "{file}", "--resume", "--json", "--quiet", "--workers", "1"),
                {"deal": 0, "seating": "ABAB", "points": [0, 26, 0, 0], "moon": None}, skips_damaged=True),
)

PBN_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("review", "--pbn", "{file}", "--prior-tricks", "5", "--json"),
    ("hint", "--file", "{file}", "--prior-tricks", "5", "--algorithm", "pimc", "--json"),
)
"""Every command that reads a PBN file (``{file}`` = the file)."""

FIELD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, float("1e300"), 10**30, "", "x" * 500, "NT", [], [None], [1, 2], {}, {"a": 1},
)
"""Values of every JSON type and size put in place of a field."""


def nested(depth: int, opener: str = "[") -> str:
    closer = {"[": "]", "{": "}"}[opener]
    if opener == "[":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def hostile_json_lines(command: JsonCommand) -> list[str]:
    """Lines that once gave tracebacks or that a careless reader mishandles."""
    lines = [
        nested(100_000), nested(5_000, "{"), json.dumps({**command.valid, "x": nested(2_000)})[:-1] + "}",
        "9" * 5_000, json.dumps(command.valid).replace("}", ', "n": ' + "9" * 5000 + "}", 1),
        "NaN", "[1e999]", json.dumps({k: float("nan") for k in command.valid}),
        "\x00\x01\x02", "\ufeff{}", '"just a string"', "[]", "{}", "null", "{" * 10, "}" * 10,
    ]
    for key in command.valid:
        for value in (None, 5, -7, 1e999, nested(3_000), [[]], {"k": []}, "x" * 100_000):
            obj = dict(command.valid)
            obj[key] = value
            try:
                lines.append(json.dumps(obj))
            except ValueError:
                continue
        obj = dict(command.valid)
        del obj[key]
        lines.append(json.dumps(obj))
    return lines


def hostile_pbn_texts() -> list[str]:
    """PBN texts that hung or crashed readers, or probe every limit of ours."""
    return [
        '[Auction "N"]\n' + "!" * 40 + "x\n",
        '[Auction "N"]\n1C' + "?!" * 5000 + "x\n",
        '[Contract "3NT"]\n[Play "W"]\n' + "!" * 20000 + "x\n",
        '[Auction "N"]\n' + "P " * 20000 + "AP " * 20000 + "\n",
        '[Auction "N"]\n1C' + "=1" * 20000 + "x\n",
        "{" + "x" * 100 + "\n" * 50_000,
        "[" * 10_000,
        '[Event "' + "x" * 1_000_000 + '"]\n',
        '[Note "1"]\n' + "w " * 200_000 + "\n",
        "\x00" * 1000,
        "\ufeff" + ENDING_PBN,
        ENDING_PBN.replace("\n", "\r"),
        ENDING_PBN.replace("[Deal", "[Deal \"#\"]\n[X"),
        ENDING_PBN.replace("3NT", "8NT"),
        ENDING_PBN.replace("DQ DA DJ DK", "DQ DA DJ DK DQ"),
        ENDING_PBN.replace("S9", "S9" + "$1" * 30),
        ENDING_PBN * 2000,
        '[Board "' + "9" * 5000 + '"]\n',
        '[Result "' + "9" * 5000 + '"]\n',
    ]


def run_main(argv: list[str], capsys: Any) -> tuple[int, str, str]:
    """``tenace-cli argv`` in this process: (status, stdout, stderr)."""
    from engine.cli.main import main

    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err

