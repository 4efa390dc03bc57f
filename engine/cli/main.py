"""Entry point of ``tenace-cli``: builds the argument parser from every command module.

This module is the program's composition root, the one place that knows every
command: the ``engine.cli`` commands and the ``match`` and ``bench`` commands of
the layers above the CLI (which build on its output helpers).  Each command module
exposes ``register(subparsers)``, which adds its sub-command(s) and sets ``func``
(taking the parsed args, returning an exit code).  Bad user input raises
``ValueError`` subclasses with a clear message; we print that message, not a
traceback, and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys

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

__all__ = ["main", "build_parser", "COMMAND_MODULES"]

COMMANDS = (cmd_deal, cmd_score, cmd_play_hearts, cmd_play_bridge, bench_command, cmd_dd, cmd_suit, cmd_tree,
            match_command, cmd_analyse, cmd_hint, cmd_pass_hint, cmd_review, cmd_bid)
COMMAND_MODULES = tuple(module.__name__ for module in COMMANDS)
"""The command modules by name (the desktop bundle collects them)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tenace-cli",
        description="Tenace engine: deals, scoring, double-dummy solving, searches and matches.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # the reader went away (e.g. piped into `head`): not an error
        sys.stderr.close()
        return 0
    except (ValueError, KeyError, OSError) as exc:  # user input / file errors: message, no traceback
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"tenace-cli {args.command}: error: {msg}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
