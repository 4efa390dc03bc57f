"""Entry point of ``tenace-cli``: builds the argument parser from the command modules.

Each module in :data:`COMMAND_MODULES` exposes ``register(subparsers)``, which adds
its sub-command(s) and sets ``func`` (taking the parsed args, returning an exit
code).  Bad user input raises ``ValueError`` subclasses with a clear message; we
print that message, not a traceback, and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

__all__ = ["main", "build_parser", "COMMAND_MODULES"]

COMMAND_MODULES = (
    "engine.cli.cmd_deal",
    "engine.cli.cmd_score",
    "engine.cli.cmd_play_hearts",
    "engine.cli.cmd_play_bridge",
    "engine.cli.cmd_bench",
    "engine.cli.cmd_dd",
    "engine.cli.cmd_suit",
    "engine.cli.cmd_tree",
    "engine.cli.cmd_match",
    "engine.cli.cmd_analyse",
    "engine.cli.cmd_hint",
    "engine.cli.cmd_review",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tenace-cli",
        description="Tenace engine: deals, scoring, double-dummy solving, searches and matches.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
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
