"""Bridge hints that teach: the recommended card, the best alternatives, what each play is and when it works.

:func:`bridge_hint` takes a :class:`~engine.analysis.bridge.BridgePosition` (worlds the
player cannot tell apart, with weights) and returns a :class:`BridgeHint`:

1. every legal card (one per run of equivalent cards) is solved double-dummy in
   every world (:func:`.worlds_matrix.card_tricks_matrix`: PIMC's numbers) and,
   for the declaring side, searched by αμ with ``M`` MAX moves
   (:func:`.worlds_matrix.alphamu_outcomes`: one line for all worlds, so no
   strategy fusion over those moves);
2. the *primary* algorithm (αμ when it ran, else PIMC) ranks the cards: chance
   of reaching the goal, then double-dummy expected tricks, then the lowest card.
   The goal is the contract; when every card gives the same chance, it is the
   first overtrick (or, when the contract cannot make, the first undertrick
   saved) on which the cards differ;
3. for the best few cards, the worlds where each reaches the goal — and where it
   beats, or loses to, the recommended card — are described by the simplest
   rule over card locations and splits (:mod:`.conditions`), every rule checked
   against the worlds;
4. the technique is named by the documented rules of :mod:`.techniques`;
5. where PIMC rates a card higher than αμ, the worlds making up the difference
   (double-dummy wins no single line achieves) are described too: that is
   strategy fusion;
6. the decisive suit is looked up in the expert library (:mod:`.expert`).

The ``text`` is assembled only from those computed facts (:mod:`.render`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Mapping, Sequence

import numpy as np

from ..analysis.bridge import Algorithm, BridgePosition, position_from_view
from ..bridge.view import BridgeView
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card
from ..core.seats import Seat
from ..solvers.oracle import DoubleDummyOracle
from ..worlds import HandConstraint, WorldKnowledge, count_worlds
from ..worlds.bridge_knowledge import knowledge_from_view
from .conditions import FeatureSpace, find_condition
from .decision import Decision
from .expert import ExpertLine, expert_lines
from .model import BridgeHint, CandidateHint, FusionNote, Goal
from .render import bridge_text
from .techniques import TechniqueFinding, detect_techniques, entry_management, safety_play
from .worlds_matrix import AlphaMuLine, WorldsMatrix, alphamu_outcomes, card_runs, card_tricks_matrix

__all__ = ["Goal", "FusionNote", "CandidateHint", "BridgeHint", "bridge_hint", "bridge_hint_for_view",
           "view_position"]


# --- computation ---------------------------------------------------------------------------------------


def _goal_level(matrix: WorldsMatrix, reps: Sequence[Card], primary: Mapping[Card, np.ndarray],
                declaring: bool, tricks_left: int) -> tuple[Goal, int]:
    """The contract if the cards differ in chance there; else the nearest trick level where they do."""
    w = matrix.weights
    chances = [float(w @ primary[c]) for c in reps]
    if len(reps) > 1 and max(chances) - min(chances) > 1e-9:
        return Goal.CONTRACT, matrix.target
    if len(reps) == 1:
        return Goal.CONTRACT, matrix.target
    made = chances[0] > 0.5
    levels = range(matrix.target + 1, tricks_left + 1) if made else range(matrix.target - 1, -1, -1)
    for level in levels:
        ps = [matrix.p_make(c, level) for c in reps]
        if max(ps) - min(ps) > 1e-9:
            kind = Goal.OVERTRICK if made else Goal.UNDERTRICK
            if not declaring:
                kind = Goal.UNDERTRICK if made else Goal.OVERTRICK
            return kind, level
    return Goal.NONE, matrix.target


def bridge_hint(
    position: BridgePosition,
    *,
    algorithms: Sequence[Algorithm] = (Algorithm.PIMC, Algorithm.ALPHAMU),
    max_moves: int = 2,
    max_candidates: int = 4,
    exact: bool = False,
    knowledge: WorldKnowledge | None = None,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
) -> BridgeHint:
    """The hint for the seat to move in ``position`` (see the module docstring).

    ``exact``: the worlds are every deal consistent with what the player saw (so the figures are exact
    probabilities, not estimates).  ``knowledge``: what the player knows, for the exact a-priori figure of
    each condition when the worlds are a sample.  ``max_moves``: αμ's M (1 = PIMC only).
    """
    algorithms = tuple(dict.fromkeys(algorithms)) or (Algorithm.PIMC,)
    if max_moves < 1:
        raise ValueError(f"max_moves (M) must be at least 1, got {max_moves}")
    runs = card_runs(position)
    if not runs:
        raise ValueError(f"{position.to_move.name.title()} has no card to play")
    reps = [run[0] for run in runs]
    decision = Decision.of(position)
    declaring = decision.declaring
    cancel.check()
    matrix = card_tricks_matrix(position, oracle, cancel)
    tricks_left = int(np.asarray(position.worlds)[0, int(position.leader)]).bit_count()
    use_am = declaring and Algorithm.ALPHAMU in algorithms and max_moves > 1
    lines: dict[Card, AlphaMuLine] = {}
    if use_am:
        lines = _alphamu_lines(position, matrix, reps, max_moves, max_candidates, oracle, cancel)
    primary_alg = Algorithm.ALPHAMU if use_am else Algorithm.PIMC
    w = matrix.weights

    def side_outcome(vec_make: np.ndarray) -> np.ndarray:
        return vec_make if declaring else ~vec_make

    # Cards αμ did not search keep their double-dummy vectors: an upper bound already below the best.
    make_primary = {c: (lines[c].outcome > 0.5) if c in lines else matrix.makes(c) for c in reps}
    goal, level = _goal_level(matrix, reps, {c: side_outcome(make_primary[c]) for c in reps}, declaring, tricks_left)
    if goal in (Goal.OVERTRICK, Goal.UNDERTRICK) and declaring and use_am:
        cancel.check()
        raised = alphamu_outcomes(replace(position, target=level), max_moves, reps, oracle, cancel)
        reach_declarer = {c: raised[c].outcome > 0.5 for c in reps}
    elif goal in (Goal.OVERTRICK, Goal.UNDERTRICK):
        reach_declarer = {c: matrix.makes(c, level) for c in reps}
    else:
        reach_declarer = make_primary
    goal_vec = {c: side_outcome(reach_declarer[c]) for c in reps}

    by_alg: dict[Card, dict[str, float]] = {}
    for c in reps:
        figures = {}
        if Algorithm.PIMC in algorithms or not use_am:
            figures[Algorithm.PIMC.value] = matrix.p_make(c)
        if c in lines:
            figures[Algorithm.ALPHAMU.value] = float(w @ lines[c].outcome)
        by_alg[c] = figures
    p_make = {c: float(w @ make_primary[c]) for c in reps}
    p_goal = {c: float(w @ goal_vec[c]) for c in reps}
    tricks = {c: position.offset + matrix.expected_tricks(c) for c in reps}
    sign = 1.0 if declaring else -1.0

    def key(c: Card) -> tuple:
        mine = p_make[c] if declaring else 1.0 - p_make[c]
        return (-round(mine, 9), -round(p_goal[c], 9), -sign * round(tricks[c], 9), c % 13)

    order = sorted(reps, key=key)
    best = order[0]
    space = FeatureSpace(position.worlds, w, None if position.strain == 4 else position.strain)
    run_of = {run[0]: tuple(run) for run in runs}
    candidates: list[CandidateHint] = []
    for i, c in enumerate(order):
        cancel.check()
        detailed = i < max_candidates
        cond = gains = loses = None
        fusion = None
        techniques: tuple[TechniqueFinding, ...] = ()
        if detailed:
            cond = find_condition(space, goal_vec[c], knowledge=knowledge)
            if c == best and len(order) > 1:
                rival = order[1]
                if np.any(goal_vec[c] & ~goal_vec[rival]):
                    gains = find_condition(space, goal_vec[c] & ~goal_vec[rival], knowledge=knowledge)
            elif c != best:
                if np.any(goal_vec[c] & ~goal_vec[best]):
                    gains = find_condition(space, goal_vec[c] & ~goal_vec[best], knowledge=knowledge)
                if np.any(goal_vec[best] & ~goal_vec[c]):
                    loses = find_condition(space, goal_vec[best] & ~goal_vec[c], knowledge=knowledge)
            if c in lines:
                dd = side_outcome(matrix.makes(c))
                am = side_outcome(make_primary[c])
                fused = dd & ~am
                if np.any(fused):
                    fusion = FusionNote(matrix.p_make(c) if declaring else 1 - matrix.p_make(c),
                                        float(w @ am), max_moves, find_condition(space, fused, knowledge=knowledge))
            plan = lines[c].replies if c in lines else {}
            techniques = detect_techniques(decision, c, goal_vec[c], plan, cond)
        candidates.append(CandidateHint(c, run_of[c], p_make[c], by_alg[c], p_goal[c], tricks[c],
                                        matrix.p_make(c, matrix.target + 1), techniques, cond,
                                        gains, loses, fusion, lines[c].replies if c in lines else {}))
    candidates = _with_overlays(decision, candidates, declaring)
    decisive = _decisive_suit(candidates[0])
    experts: tuple[ExpertLine, ...] = ()
    if declaring and decisive is not None and decision.seen(decision.partner):
        hands = {decision.mover: decision.start[int(decision.mover)],
                 decision.partner: decision.start[int(decision.partner)]}
        live = decision.start[0] | decision.start[1] | decision.start[2] | decision.start[3]
        experts = expert_lines(decisive, hands, live)
    hint = BridgeHint(best, tuple(candidates), position.to_move, position.declarer, declaring, matrix.n_worlds, exact,
                      algorithms, primary_alg, max_moves if use_am else 1, position.target, goal, level,
                      position.offset, experts, decisive)
    return replace(hint, text=bridge_text(hint))


def _alphamu_lines(position: BridgePosition, matrix: WorldsMatrix, reps: Sequence[Card], max_moves: int,
                   keep: int, oracle: DoubleDummyOracle | None,
                   cancel: CancelToken) -> dict[Card, AlphaMuLine]:
    """αμ for the cards that can still rank among the best ``keep``: cards are searched in order of
    their PIMC chance, which bounds αμ's from above (αμ's lines are among those double-dummy play
    may follow), so once a card's PIMC chance is below the ``keep``-th best αμ chance found, no
    card after it can enter the top ``keep`` and αμ stops."""
    order = sorted(reps, key=lambda c: (-matrix.p_make(c), -matrix.expected_tricks(c), c % 13))
    w = matrix.weights
    lines: dict[Card, AlphaMuLine] = {}
    found: list[float] = []
    for c in order:
        if len(found) >= keep and matrix.p_make(c) < sorted(found, reverse=True)[keep - 1] - 1e-12:
            break
        cancel.check()
        lines.update(alphamu_outcomes(position, max_moves, [c], oracle, cancel))
        found.append(float(w @ lines[c].outcome))
    return lines


def _with_overlays(decision: Decision, candidates: list[CandidateHint], declaring: bool) -> list[CandidateHint]:
    """Safety play (against the card with most expected tricks) and entry management (against the
    runner-up) are judged by comparing candidates; they become the best card's main name."""
    if not declaring or len(candidates) < 2:
        return candidates
    best = candidates[0]
    extra: list[TechniqueFinding] = []
    over = {c.card: c.p_overtrick for c in candidates}
    rival = max(candidates, key=lambda c: (round(over[c.card], 9), round(c.p_make, 9)))
    found = safety_play(best.card, best.p_make, over[best.card], rival.card, rival.p_make, over[rival.card])
    if found is not None:
        extra.append(found)
    second = candidates[1]
    found = entry_management(decision, best.card, best.p_goal, second.card, second.p_goal)
    if found is not None:
        extra.append(found)
    if not extra:
        return candidates
    return [replace(best, techniques=tuple(extra) + best.techniques)] + candidates[1:]


def _decisive_suit(best: CandidateHint) -> int | None:
    """The suit the best card's success depends on: the one suit its condition talks about, else its own."""
    cond = best.condition
    if cond is not None and len(cond.rule.suits) == 1:
        return next(iter(cond.rule.suits))
    return best.card // 13


# --- from a view ----------------------------------------------------------------------------------------


def view_position(
    view: BridgeView,
    worlds: int,
    exact_limit: int,
    rng: random.Random,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    out_of_play: int = 0,
) -> tuple[BridgePosition, bool, WorldKnowledge]:
    """The worlds of a view (:func:`engine.analysis.bridge.position_from_view`), whether they are every
    consistent deal (enumerated: exact figures) and the knowledge they come from."""
    knowledge = knowledge_from_view(view, constraints, out_of_play)
    exact = count_worlds(knowledge) <= exact_limit  # world_set enumerates then (constraints applied)
    position = position_from_view(view, worlds, rng, constraints, exact_limit=exact_limit, out_of_play=out_of_play)
    return position, exact, knowledge


def bridge_hint_for_view(
    view: BridgeView,
    *,
    worlds: int = 40,
    exact_limit: int = 2000,
    rng: random.Random | None = None,
    algorithms: Sequence[Algorithm] = (Algorithm.PIMC, Algorithm.ALPHAMU),
    max_moves: int = 2,
    max_candidates: int = 4,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    out_of_play: int = 0,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
) -> BridgeHint:
    """The hint for the seat choosing in ``view`` (declarer for dummy's cards): every consistent deal
    when there are at most ``exact_limit`` of them (exact figures), else ``worlds`` sampled deals (each
    condition then also carries its exact a-priori probability).  ``out_of_play``: for an ending, the
    cards gone before it started (public, not in the view)."""
    if not view.legal_cards:
        raise ValueError(f"{view.seat.name.title()} is not the seat choosing the next card")
    position, exact, knowledge = view_position(view, worlds, exact_limit, rng if rng is not None else random.Random(0),
                                               constraints, out_of_play)
    return bridge_hint(position, algorithms=algorithms, max_moves=max_moves, max_candidates=max_candidates,
                       exact=exact, knowledge=None if exact else knowledge, oracle=oracle, cancel=cancel)
