"""``tenace-cli hint``: the recommended card with its chances, technique, condition and explanation.

``--file F`` holds either JSON positions, one per line, in the format of
``tenace-cli analyse`` (``{"worlds": [...], "trump", "leader", "trick", "declarer",
"target"}``, plus an optional ``"exact": true`` when the worlds are every
consistent deal), or a PBN file whose games carry the play so far: the hint is
for the player to move after the last card of the play record, from that
player's view — the same analysis the app shows (:func:`engine.hints.bridge_hint_for_view`:
exact over every consistent layout when there are at most ``--exact-limit`` and the
search fits, else estimated on ``--worlds`` sampled deals with αμ of ``--max-moves``).
The format is detected from the content.

Output, one JSON object per position (``--json``)::

    {"best": "SQ", "method": "exact", "exact": true, "error": 0.0,
     "candidates": [{"card", "p_goal", "error", "p_make", "p_double_dummy", "expected_tricks",
     "technique", "condition", ...}, ...], "worlds": 35, "text": "...", "explanation": {...}}

or the text of each hint.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any, Iterator

from ..analysis.bridge import BridgePosition
from ..bridge.contract import Contract, Vulnerability
from ..bridge.play import BridgePlay
from ..bridge.view import view_for_turn
from ..core.cards import FULL_MASK
from ..core.seats import Seat
from ..formats import PbnGame, read_pbn
from ..hints.bridge_hint import bridge_hint_for_view, hint_from_values
from ..hints.lines import HintBudget, position_values
from ..hints.model import BridgeHint, Method
from .cmd_analyse import AnalyseInputError, parse_position
from .output import emit_json

__all__ = ["register", "run", "HintInputError", "hint_json", "positions_from_file"]


class HintInputError(ValueError):
    """An input that cannot be hinted; the message names the line or game and the reason."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("hint", help="explain the best card of a bridge position: chances, technique, condition")
    p.add_argument("--file", required=True, help="JSON positions (one per line, as for analyse) or a PBN file")
    p.add_argument("--algorithm", default="alphamu",
                   help="estimates by alphamu (default, with --max-moves) or pimc (double dummy); exact "
                        "positions are solved exactly either way")
    p.add_argument("--max-moves", type=int, default=2, help="αμ's M for an estimate, 1..6 (default 2)")
    p.add_argument("--worlds", type=int, default=200, help="sampled deals for an estimate (default 200)")
    p.add_argument("--exact-limit", type=int, default=20000,
                   help="solve exactly over every consistent layout when there are at most this many "
                        "(default 20000)")
    p.add_argument("--exact-nodes", type=int, default=HintBudget().exact_nodes,
                   help="the exact search's node budget, past which the hint is estimated (default "
                        f"{HintBudget().exact_nodes:,}; 0: no limit)")
    p.add_argument("--time-limit", type=float, default=None, help="seconds an estimate may take (default: none)")
    p.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    p.add_argument("--candidates", type=int, default=4, help="cards explained in detail (default 4)")
    p.add_argument("--prior-tricks", type=int, default=None,
                   help="PBN ending: tricks declarer's side had won before it (required for endings)")
    p.add_argument("--json", action="store_true", help="one JSON object per position")
    p.set_defaults(func=run)


def hint_json(hint: BridgeHint) -> dict[str, Any]:
    """The CLI's JSON: the headline fields at the top, everything else under ``explanation``."""
    full = hint.to_json()
    candidates = full.pop("candidates")
    text = full.pop("text")
    best = full.pop("best")
    worlds = full.pop("worlds")
    return {"best": best, "candidates": candidates, "worlds": worlds, "text": text, "explanation": full}


def _is_pbn(text: str) -> bool:
    """PBN when the first meaningful line is a tag or a PBN comment; JSON lines parse as objects."""
    for line in text.splitlines():
        t = line.strip()
        if not t or t.startswith("#"):
            continue
        if t.startswith("%") or t.startswith("["):
            return True
        try:
            return not isinstance(json.loads(t), dict)
        except json.JSONDecodeError:
            return t.startswith("{")  # a PBN {comment}; anything else is reported as bad JSON below
    return False


def _pbn_position(game: PbnGame, index: int, args: argparse.Namespace):
    where = f"game {index}"
    if game.deal is None or not isinstance(game.contract, Contract) or game.declarer is None:
        raise HintInputError(f"{where}: a hint needs the deal, the contract and the declarer")
    sizes = game.deal.hand_sizes()
    if len(set(sizes)) != 1 or sizes[0] == 0:
        raise HintInputError(f"{where}: every hand must be known and of equal size "
                             f"({', '.join(f'{s.letter}={n}' for s, n in zip(Seat, sizes))})")
    prior = (0, 0)
    if sizes[0] < 13:
        if args.prior_tricks is None:
            raise HintInputError(f"{where}: the deal is an ending with {sizes[0]} cards per hand; give "
                                 f"--prior-tricks (tricks declarer's side had already won)")
        earlier = 13 - sizes[0]
        if not 0 <= args.prior_tricks <= earlier:
            raise HintInputError(f"{where}: --prior-tricks {args.prior_tricks} out of range 0..{earlier}")
        prior = (args.prior_tricks, earlier - args.prior_tricks)
    leader = game.play.opening_leader if game.play is not None else game.declarer.lho
    play = BridgePlay(game.deal, game.contract, game.declarer, game.vulnerable or Vulnerability.NONE, leader=leader,
                      prior_declarer_tricks=prior[0], prior_defender_tricks=prior[1])
    for card in (game.play.cards if game.play is not None else ()):
        play.play(card)
    if play.is_complete:
        raise HintInputError(f"{where}: the play is over: there is no card to choose")
    return view_for_turn(play), FULL_MASK & ~game.deal.cards.mask


def positions_from_file(path: str) -> Iterator[tuple[str, object]]:
    """Yield ``(label, item)``: ``item`` is a (BridgePosition, exact) pair for JSON lines, a PbnGame for PBN."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = Path(path).read_bytes().decode("latin-1")
    if _is_pbn(text):
        for i, game in enumerate(read_pbn(text), start=1):
            yield f"game {i}", game
        return
    for number, line in enumerate(text.splitlines(), start=1):
        t = line.strip()
        if not t or t.startswith("#"):
            continue
        position = parse_position(t, number)
        exact = bool(json.loads(t).get("exact", False))
        yield f"line {number}", (position, exact)


def run(args: argparse.Namespace) -> int:
    name = args.algorithm.strip().lower()
    if name not in ("pimc", "alphamu"):
        raise ValueError(f"--algorithm {args.algorithm!r}: choose alphamu or pimc")
    if args.max_moves < 1:
        raise ValueError(f"--max-moves must be at least 1, got {args.max_moves}")
    if args.worlds < 1 or args.candidates < 1 or args.exact_limit < 0 or args.exact_nodes < 0:
        raise ValueError("--worlds and --candidates must be at least 1, --exact-limit and --exact-nodes at least 0")
    budget = HintBudget(exact_layouts=args.exact_limit, exact_nodes=args.exact_nodes or None, worlds=args.worlds,
                        max_moves=1 if name == "pimc" else args.max_moves, time_limit=args.time_limit,
                        candidates=args.candidates)
    count = 0
    for label, item in positions_from_file(args.file):
        try:
            if isinstance(item, PbnGame):
                view, out_of_play = _pbn_position(item, int(label.split()[1]), args)
                hint = bridge_hint_for_view(view, budget=budget, rng=random.Random(args.seed),
                                            out_of_play=out_of_play)
            else:
                position, exact = item  # type: ignore[misc]
                assert isinstance(position, BridgePosition)
                method = Method.EXACT if exact else Method.ESTIMATE
                values = position_values(None, position, len(position.weights), method, budget)
                hint = hint_from_values(values, max_candidates=args.candidates)
        except (AnalyseInputError, HintInputError):
            raise
        except ValueError as exc:
            raise HintInputError(f"{label}: {exc}") from None
        count += 1
        if args.json:
            emit_json(hint_json(hint))
        else:
            print(f"{label}: {hint.text}", flush=True)
    if count == 0:
        raise HintInputError(f"{args.file}: no position found")
    return 0
