"""``tenace-cli hint``: the recommended card with its chances, technique, condition and explanation.

``--file F`` holds either JSON positions, one per line, in the format of
``tenace-cli analyse`` (``{"worlds": [...], "trump", "leader", "trick", "declarer",
"target"}``, plus an optional ``"exact": true`` when the worlds are every
consistent deal), or a PBN file whose games carry the play so far: the hint is
for the player to move after the last card of the play record, from that
player's view — the same analysis the app shows (:func:`engine.hints.bridge_hint_for_view`:
exact over every consistent layout when there are at most ``--exact-limit`` and the
search fits, else estimated on ``--worlds`` sampled deals with αμ of ``--max-moves``
within ``--alphamu-work`` units of solving).  A PBN game's auction shapes the deals as
the app's does (each call read by the bidding system; when the cards contradict it,
the hint rests on the play alone).  The defaults are the app's, and none depends on
the machine's speed, so the CLI and the app give the same hint for the same position.
The format is detected from the content.

Output, one JSON object per position (``--json``)::

    {"best": "SQ", "method": "exact", "exact": true, "error": 0.0,
     "candidates": [{"card", "p_goal", "error", "lower_bound", "upper_bound", "p_make", "p_double_dummy",
     "expected_tricks", "technique", "condition", ...}, ...], "worlds": 35, "text": "...", "explanation": {...}}

A candidate's ``lower_bound`` and ``upper_bound`` bracket its line's chance on the deals analysed: equal to
``p_goal`` when exact; for an estimate, ``upper_bound`` is ``p_goal`` (every later guess counted as right) and
``lower_bound`` a concrete line's chance against best defence when one was found within the budget, else null.
``expected_tricks`` (declarer's side's double-dummy mean) is null in an estimate except for the cards tied at the
top (the tie-break is on them) and, for declarer, every card when a suit may decide (the suit reduction fits them):
the chances need one make-or-fail test per deal, the counts far more.

or the text of each hint.
"""

from __future__ import annotations

import argparse
import random
from typing import Any, Iterator

from ..analysis.bridge import BridgePosition
from ..bidding import read_auction
from ..bidding.system import default_system
from ..bridge.contract import Contract, Vulnerability
from ..bridge.play import BridgePlay
from ..bridge.view import view_for_turn
from ..core.cards import FULL_MASK
from ..core.seats import Seat
from ..core.bounds import Bounds
from ..formats import PbnError, PbnGame, parse_pbn
from ..hints.bridge_hint import bridge_hint_for_view, hint_from_values
from ..hints.lines import HintBudget, position_values
from ..hints.model import BridgeHint, Method
from .cmd_analyse import parse_position_line
from .inputs import InputError, located, read_input_text
from .options import EXACT_LIMIT, PRIOR_TRICKS, SEED, TIME_LIMIT, WORLDS, add_number
from .output import emit_json

__all__ = ["register", "run", "HintInputError", "hint_json", "positions_from_file"]

CANDIDATES = Bounds.integers(1, 13)
HINT_MAX_MOVES = Bounds.integers(1, 6)
EXACT_NODES = Bounds.integers(0, 10**9)
ALPHAMU_WORK = Bounds.integers(0, 10**12)


class HintInputError(InputError):
    """An input that cannot be hinted; the message names the line or game and the reason."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("hint", help="explain the best card of a bridge position: chances, technique, condition")
    p.add_argument("--file", required=True, help="JSON positions (one per line, as for analyse) or a PBN file")
    p.add_argument("--algorithm", default="alphamu",
                   help="estimates by alphamu (default, with --max-moves) or pimc (double dummy); exact "
                        "positions are solved exactly either way")
    add_number(p, "--max-moves", bounds=HINT_MAX_MOVES, default=2, help="αμ's M for an estimate")
    add_number(p, "--worlds", bounds=WORLDS, default=200, help="sampled deals for an estimate")
    add_number(p, "--exact-limit", bounds=EXACT_LIMIT, default=20000,
               help="solve exactly over every consistent layout when there are at most this many")
    add_number(p, "--exact-nodes", bounds=EXACT_NODES, default=HintBudget().exact_nodes,
               help="the exact search's node budget, past which the hint is estimated (0: no limit)")
    add_number(p, "--alphamu-work", bounds=ALPHAMU_WORK, default=HintBudget().alphamu_work,
               help="double-dummy solving αμ may spend on an estimate, in units of one deal solved with t tricks "
                    "left costing (t-3)² (0: no limit)")
    add_number(p, "--time-limit", bounds=TIME_LIMIT, default=None, help="seconds an estimate may take (default: none)")
    add_number(p, "--seed", bounds=SEED, default=0, help="sampling seed")
    add_number(p, "--candidates", bounds=CANDIDATES, default=4, help="cards explained in detail")
    add_number(p, "--prior-tricks", bounds=PRIOR_TRICKS, default=None,
               help="PBN ending: tricks declarer's side had won before it (required for endings)")
    p.add_argument("--json", action="store_true", help="one JSON object per position")
    p.set_defaults(func=run)


def hint_json(hint: BridgeHint) -> dict[str, Any]:
    """The CLI's JSON: the headline fields at the top (how the figures were found — ``method``, ``exact`` —
    among them), everything else under ``explanation`` (which repeats ``method`` and ``exact``)."""
    full = hint.to_json()
    candidates = full.pop("candidates")
    text = full.pop("text")
    best = full.pop("best")
    worlds = full.pop("worlds")
    return {"best": best, "candidates": candidates, "worlds": worlds, "method": full["method"],
            "exact": full["exact"], "text": text, "explanation": full}


def _is_pbn(text: str) -> bool:
    """PBN when the first meaningful line is a tag or a ``%`` escape, or a ``{comment}`` followed by a
    tag somewhere (a PBN game needs one); else JSON lines, whose errors name their line."""
    lines = [t for t in (line.strip() for line in text.splitlines()) if t and not t.startswith("#")]
    if not lines:
        return False
    first = lines[0]
    if first.startswith("%") or first.startswith("["):
        return True
    return first.startswith("{") and any(_is_tag(t) for t in lines[1:])


def _is_tag(line: str) -> bool:
    """``[Name ...``: a PBN tag (a JSON list line such as ``[[...`` is not one)."""
    rest = line[1:].lstrip()[:1]
    return line.startswith("[") and (rest.isalnum() or rest == "_")


def _pbn_position(game: PbnGame, where: str, args: argparse.Namespace):
    if game.deal is None or not isinstance(game.contract, Contract) or game.declarer is None:
        raise HintInputError(f"{where}: a hint needs the deal, the contract and the declarer")
    sizes = game.deal.hand_sizes()
    if len(set(sizes)) != 1 or sizes[0] == 0:
        raise HintInputError(f"{where}: every hand must be known and of equal size "
                             f"({', '.join(f'{s.letter}={n}' for s, n in zip(Seat, sizes))})")
    prior = (0, 0)
    if sizes[0] == 13 and args.prior_tricks:
        raise HintInputError(f"{where}: --prior-tricks {args.prior_tricks} is for an ending, but this deal is complete")
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


def _pbn_hint(game: PbnGame, view, out_of_play: int, budget: HintBudget, seed: int) -> BridgeHint:
    """The hint for a PBN game's position, its auction read as the app reads the board's (a full deal's
    only: an ending's auction no longer describes the hands)."""
    records: tuple = ()
    if game.auction is not None and not out_of_play:
        system = default_system()
        try:
            records = read_auction(system, game.auction.first, game.vulnerable or Vulnerability.NONE,
                                   game.auction.calls)
        except ValueError:
            records = ()  # an auction the bidding system cannot read: the play alone
    if records:
        try:
            return bridge_hint_for_view(view, budget=budget, rng=random.Random(seed), auction=records)
        except ValueError:
            pass  # the cards seen contradict what the auction showed (a misbid): the play alone, as the app
    return bridge_hint_for_view(view, budget=budget, rng=random.Random(seed), out_of_play=out_of_play)


def positions_from_file(path: str) -> Iterator[tuple[str, object]]:
    """Yield ``(label, item)``: ``item`` is a (BridgePosition, exact) pair for JSON lines, a PbnGame for PBN."""
    text = read_input_text(path)
    if _is_pbn(text):
        try:
            games = parse_pbn(text)  # the text itself: read_pbn would take a one-line text for a file name
        except PbnError as exc:
            raise HintInputError(f"{path}, {exc}") from None
        for i, game in enumerate(games, start=1):
            yield f"game {i}", game
        return
    for number, line in enumerate(text.splitlines(), start=1):
        t = line.strip()
        if not t or t.startswith("#"):
            continue
        yield f"line {number}", parse_position_line(t, f"{path}, line {number}")


def run(args: argparse.Namespace) -> int:
    name = args.algorithm.strip().lower()
    if name not in ("pimc", "alphamu"):
        raise ValueError(f"--algorithm {args.algorithm!r}: choose alphamu or pimc")
    budget = HintBudget(exact_layouts=args.exact_limit, exact_nodes=args.exact_nodes or None, worlds=args.worlds,
                        max_moves=1 if name == "pimc" else args.max_moves, alphamu_work=args.alphamu_work or None,
                        time_limit=args.time_limit, candidates=args.candidates)
    count = 0
    for label, item in positions_from_file(args.file):
        where = f"{args.file}, {label}"
        with located(where):
            if isinstance(item, PbnGame):
                view, out_of_play = _pbn_position(item, where, args)
                hint = _pbn_hint(item, view, out_of_play, budget, args.seed)
            else:
                position, exact = item  # type: ignore[misc]
                assert isinstance(position, BridgePosition)
                method = Method.EXACT if exact else Method.ESTIMATE
                values = position_values(None, position, len(position.weights), method, budget)
                hint = hint_from_values(values, max_candidates=args.candidates)
        count += 1
        if args.json:
            emit_json(hint_json(hint))
        else:
            print(f"{label}: {hint.text}", flush=True)
    if count == 0:
        raise HintInputError(f"{args.file}: no position found")
    return 0
