"""Entry point of ``tenace-cli``: builds the argument parser from every command module.

This module is the program's composition root, the one place that knows every
command: the ``engine.cli`` commands and the ``match`` and ``bench`` commands of
the layers above the CLI (which build on its output helpers).  Each command module
exposes ``register(subparsers)``, which adds its sub-command(s) and sets ``func``
(taking the parsed args, returning an exit code).

One net catches every failure of a command: bad input (files, fields, options), a
``RecursionError`` from a deeply nested value, a ``MemoryError``, even a bug.  Each
is printed as one line (``tenace-cli analyse: error: moves.jsonl, line 3: field
'target': ...``, see :func:`~engine.cli.inputs.describe_error`) with exit status 2,
never a traceback; a bad option is one line too, with status 2 as well.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from ..bench import command as bench_command
from ..match import command as match_command
from . import (
    cmd_analyse,
    cmd_bid,
    cmd_dd,
    cmd_deal,
    cmd_hint,
    cmd_pass_hint,
    cmd_play_bridge,
    cmd_play_hearts,
    cmd_review,
    cmd_score,
    cmd_suit,
    cmd_tree,
)
from .inputs import describe_error, one_line
from .output import note

__all__ = ["main", "build_parser", "COMMAND_MODULES", "OneLineParser"]

COMMANDS = (cmd_deal, cmd_score, cmd_play_hearts, cmd_play_bridge, bench_command, cmd_dd, cmd_suit, cmd_tree,
            match_command, cmd_analyse, cmd_hint, cmd_pass_hint, cmd_review, cmd_bid)
COMMAND_MODULES = tuple(module.__name__ for module in COMMANDS)
"""The command modules by name (the desktop bundle collects them)."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (the usage is in ``--help``); sub-commands inherit it."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="tenace-cli",
        description="Tenace engine: deals, scoring, double-dummy solving, searches and matches.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def _repairs_so_far() -> tuple:
    jit = sys.modules.get("engine.jit")  # loaded only by commands that use kernels
    return () if jit is None else jit.cache_repairs()


def main(argv: list[str] | None = None) -> int:
    before = len(_repairs_so_far())
    try:
        return _main(argv)
    finally:
        for repair in _repairs_so_far()[before:]:  # the user is told the kernel cache was repaired
            note(repair.message)


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a bad option (2, its one line already printed)
        return exc.code if isinstance(exc.code, int) else 2
    command = args.command
    if command in ("match", "bench"):  # commands with a sub-target (``match bridge``)
        command += f" {args.target}"
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # the reader went away (e.g. piped into `head`): not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print(f"tenace-cli {command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - the one net: every failure is one line and status 2
        print(f"tenace-cli {command}: error: {describe_error(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
