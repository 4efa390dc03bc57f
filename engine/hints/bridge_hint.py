"""Bridge hints that teach: the recommended card, the best alternatives, what each play is and when it works.

Everything a hint says comes from one :class:`~.lines.LineValues` (:func:`hint_from_values`):

1. every legal card (one per run of equal cards) is valued by the chance of the best line that
   starts with it, for a player who cannot see the hidden cards later — exactly over every
   consistent layout when the position allows, else estimated with its error (:mod:`.lines`);
2. the cards are ranked by that chance, then by double-dummy expected tricks, then the lower card
   (which keeps the higher ones: more options later); a tie broken this way is said so.  The goal is
   the contract; when every card gives the same chance, it is the first overtrick (or, when the
   contract cannot make, the first undertrick saved) on which the cards differ;
3. for the best few cards, the deals where each reaches the goal — and where it beats, or loses to,
   the recommended card — are described by the simplest rule over the players' *original* holdings
   (:mod:`.conditions`), every rule checked against the deals; on every consistent layout the rule is
   exact (or says how far it is off), on a sample of at least :data:`MIN_SAMPLE_FOR_CONDITIONS` deals it
   is found on one half and stated with what it did on the other (so no rule fits the sample's noise),
   on a smaller sample none is stated; lengths are the holdings the defenders *started* with;
4. the technique is named by the documented rules of :mod:`.techniques`;
5. where double-dummy play rates a card higher than its line, the deals making up the difference
   (won only by guessing right later) are described too: that is strategy fusion;
6. the decisive suit is looked up in the expert library (:mod:`.expert`).

The ``text`` is assembled only from those computed facts (:mod:`.render`).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Callable, Mapping, Sequence

import numpy as np

from ..analysis.bridge import BridgePosition, position_from_view
from ..bidding import CallRecord
from ..bridge.view import BridgeView
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card
from ..core.seats import Seat
from ..solvers.oracle import DoubleDummyOracle
from ..worlds import WorldKnowledge, count_worlds
from ..worlds.auction import auction_constraints
from ..worlds.bridge_knowledge import knowledge_from_view
from ..worlds.knowledge import OriginalHandConstraint
from .auction_notes import auction_notes
from .conditions import Condition, FeatureSpace, find_condition, tested_condition
from .decision import Decision
from .expert import ExpertLine, expert_lines
from .lines import HintBudget, LineValues, line_values, weighted_deals
from .model import BridgeHint, CandidateHint, FusionNote, Goal, Method
from .render import bridge_text
from .techniques import (MIN_SAFETY_COST, Technique, TechniqueFinding, defence_techniques, detect_techniques,
                         entry_management, restricted_choice, safety_play)

__all__ = ["hint_from_values", "bridge_hint_for_view", "view_position", "MIN_SAMPLE_FOR_CONDITIONS"]

MIN_SAMPLE_FOR_CONDITIONS = 200
"""A rule found on a sample of deals is stated only when the sample is at least this large."""

SAFETY_DEALS = 400
SAFETY_NODES = 60_000
"""The overtrick search behind a safety play runs on at most this many deals, within this node budget (past
it, no safety play is named from the lines: the hint must not wait on a second full search)."""

PLACEMENT_DEALS = 400
"""Deals without the auction (every layout when there are at most this many) that an auction note's
"without it" figure is measured on."""


def _side_tricks(values: LineValues, card: Card) -> float:
    """The side to move's expected tricks after ``card`` (declarer's side's, or the defenders'): its line's
    own when the analysis knows them, else double dummy (minus infinity when not solved: an estimate solves
    them for the cards tied at the top at least, so no tie with the best involves another)."""
    t = values.line_tricks.get(card, values.dd_tricks.get(card))
    if t is None:
        return -math.inf
    return t if values.declaring else -t


def _ranked(values: LineValues) -> tuple[list[Card], tuple[Card, ...], str]:
    """The cards best first (chance, then a concrete line's chance — the floor of an estimate, a card without
    one after — then expected tricks, then a card of the deciding suit before one that only puts its play
    off, then the lower card), the cards tied with the best on the goal's chance, and the rule that
    separated them ("" when nothing was tied)."""
    def floor(c: Card) -> float:
        return round(values.floor.get(c, -1.0), 9)

    def key(c: Card) -> tuple:
        return (-round(values.chance[c], 9), c in values.at_most, -floor(c), -round(_side_tricks(values, c), 9),
                c not in values.preferred, c % 13)

    order = sorted(values.reps, key=key)
    best = order[0]
    tied = tuple(c for c in order[1:] if round(values.chance[c], 9) == round(values.chance[best], 9)
                 and c not in values.at_most)
    rule = ""
    if tied and any(floor(c) != floor(best) for c in tied):
        rule = "floor"
    elif tied:
        same_tricks = all(round(_side_tricks(values, c), 9) == round(_side_tricks(values, best), 9) for c in tied)
        deciding = best in values.preferred and any(c not in values.preferred for c in tied)
        rule = ("line tricks" if values.line_tricks else "expected tricks") if not same_tricks else (
            "deciding suit" if deciding else "lower card")
    return order, tied, rule


def _replies(values: LineValues, card: Card) -> dict[tuple[Card, ...], Card]:
    """Declarer's next cards in this trick in the card's line, by the cards the defence plays first."""
    plan = values.plans.get(card, {})
    root = tuple(values.position.trick)
    prefix = len(root) + 1
    out: dict[tuple[Card, ...], Card] = {}
    for state, move in plan.items():
        if state.done == 0 and len(state.trick) > prefix and state.trick[:prefix] == root + (card,):
            out[tuple(state.trick[prefix:])] = int(move)
    return out


def _goal(values: LineValues) -> Goal:
    if values.goal_tricks == values.position.target:
        return Goal.CONTRACT
    above = values.goal_tricks > values.position.target
    if values.declaring:
        return Goal.OVERTRICK if above else Goal.UNDERTRICK
    return Goal.UNDERTRICK if above else Goal.OVERTRICK


def hint_from_values(values: LineValues, *, knowledge: WorldKnowledge | None = None, cancel: CancelToken = NEVER,
                     max_candidates: int = 4) -> BridgeHint:
    """The hint (candidates, conditions, techniques, expert line, text) of one analysis."""
    position = values.position
    runs = {run[0]: tuple(run) for run in values.runs}
    declaring = values.declaring
    if values.method is Method.FORCED:
        card = values.runs[0][0]
        nan = float("nan")
        cand = CandidateHint(card, runs[card], nan, 0.0, nan, nan, nan)
        hint = BridgeHint(card, (cand,), position.to_move, position.declarer, declaring, values.worlds,
                          values.layouts, True, Method.FORCED, values.algorithm, position.target, Goal.NONE,
                          position.target, position.offset, final=values.final, narrowed=values.narrowed,
                          **_basis_fields(values))
        return replace(hint, text=bridge_text(hint))
    order, tied, tie_rule = _ranked(values)
    best = order[0]
    w = values.weights
    goal = _goal(values)
    success = {c: np.asarray(values.success[c]) > 0.5 for c in order}
    describe = _describer(values, knowledge)
    dd_goal = {c: values.dd_goal(c) for c in order}
    decision = Decision.of(position, _hidden_seats(position))
    candidates: list[CandidateHint] = []
    for i, c in enumerate(order):
        detailed = i < max_candidates
        cond = gains = loses = fusion = None
        techniques: tuple[TechniqueFinding, ...] = ()
        plan = _replies(values, c)
        bounded = c in values.at_most  # only an upper bound: nothing is said of where it works
        if detailed and describe is not None and not bounded:
            cond = describe(success[c])
            if c == best and len(order) > 1:
                rival = order[1]
                if rival not in values.at_most and np.any(success[c] & ~success[rival]):
                    gains = describe(success[c] & ~success[rival])
            elif c != best:
                if np.any(success[c] & ~success[best]):
                    gains = describe(success[c] & ~success[best])
                if np.any(success[best] & ~success[c]):
                    loses = describe(success[best] & ~success[c])
        fused = dd_goal[c] & ~success[c]
        if detailed and not bounded and np.any(fused):
            note_cond = describe(fused) if values.exact and describe is not None else None
            fusion = FusionNote(float(w @ dd_goal[c]), values.chance[c], note_cond)
        if detailed:
            techniques = detect_techniques(decision, c, success[c], plan, cond)
        candidates.append(CandidateHint(c, runs[c], values.chance[c], values.error.get(c, 0.0), values.make[c],
                                        float(w @ dd_goal[c]), values.dd_tricks.get(c), techniques, cond, gains, loses,
                                        fusion, plan, at_most=bounded, p_floor=values.floor.get(c)))
    candidates = _with_overlays(decision, candidates, values)
    candidates = _with_lines(values, candidates, cancel)
    decisive = _decisive_suit(candidates[0])
    experts: tuple[ExpertLine, ...] = ()
    if declaring and decisive is not None and decision.seen(decision.partner):
        hands = {decision.mover: decision.start[int(decision.mover)],
                 decision.partner: decision.start[int(decision.partner)]}
        live = decision.start[0] | decision.start[1] | decision.start[2] | decision.start[3]
        experts = expert_lines(decisive, hands, live)
    hint = BridgeHint(best, tuple(candidates), position.to_move, position.declarer, declaring, values.worlds,
                      values.layouts, values.exact, values.method, values.algorithm, position.target, goal,
                      values.goal_tricks, position.offset, tied, tie_rule, experts, decisive, values.final,
                      sampled=values.sampled, narrowed=values.narrowed, **_basis_fields(values))
    return replace(hint, text=bridge_text(hint))


def _basis_fields(values: LineValues) -> dict[str, str]:
    """The hint's method in words and its caveat, from the analysis that chose the method."""
    if values.basis is None:
        return {}
    return {"algorithm_words": values.basis.words, "caveat": values.basis.caveat}


def _describer(values: LineValues, knowledge: WorldKnowledge | None
               ) -> Callable[[np.ndarray], Condition | None] | None:
    """How this analysis describes a set of its deals (where a card works, where it beats another).

    Every layout (exact, or a suit reduction's every layout of its suit): the simplest rule that selects the
    set exactly, or the closest with its coverage (:func:`~.conditions.find_condition`).  A sample of at least
    :data:`MIN_SAMPLE_FOR_CONDITIONS` deals: a rule found on one half and measured on the other
    (:func:`~.conditions.tested_condition`), so that nothing fitted to the sample's noise is stated.  A
    smaller sample: None (nothing is said of where a card works)."""
    position = values.position
    trump = None if position.strain == 4 else position.strain
    original = np.asarray(values.original, dtype=np.uint64).reshape(-1, 4)
    started = bool(np.any(original & ~np.asarray(position.worlds, dtype=np.uint64).reshape(-1, 4)))
    w = values.weights
    if values.exact or (values.method is Method.SUIT_REDUCTION) or not values.sampled:
        space = FeatureSpace(original, w, trump, started=started)
        return lambda subject: find_condition(space, subject, knowledge=knowledge)
    if values.worlds < MIN_SAMPLE_FOR_CONDITIONS:
        return None
    fit, test = np.arange(0, values.worlds, 2), np.arange(1, values.worlds, 2)
    half = FeatureSpace(original[fit], w[fit], trump, started=started)
    return lambda subject: tested_condition(half, original[test], w[test], subject[fit], subject[test],
                                            knowledge=knowledge)


def _with_overlays(decision: Decision, candidates: list[CandidateHint], values: LineValues) -> list[CandidateHint]:
    """Safety play (against the card with most double-dummy overtricks) and entry management (against the
    runner-up) are judged by comparing candidates; they become the best card's main name."""
    if not values.declaring or len(candidates) < 2:
        return candidates
    best = candidates[0]
    extra: list[TechniqueFinding] = []
    w = values.weights
    over = {c.card: float(w @ values.dd_overtrick(c.card)) for c in candidates}
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


def _hidden_seats(position: BridgePosition) -> tuple[Seat, ...] | None:
    """The seats the side to move cannot see, when a single layout is left (nothing differs between the
    worlds, yet the defenders' cards are unseen): the defenders for declarer (and dummy), else the partner
    and declarer.  None otherwise: the seats whose hands differ between the worlds (dummy too, before the
    opening lead exposes it)."""
    if np.asarray(position.worlds).reshape(-1, 4).shape[0] > 1:
        return None
    mover, declarer = position.to_move, position.declarer
    if mover.same_side(declarer):
        return tuple(s for s in Seat if not s.same_side(declarer))
    return tuple(s for s in Seat if s not in (mover, declarer.partner))


LINE_RULES = ("squeeze", "rectify-count", "throw-in", "loser-on-loser", "combining-chances", "cross-to-finesse")


def _with_lines(values: LineValues, candidates: list[CandidateHint], cancel: CancelToken = NEVER
                ) -> list[CandidateHint]:
    """The recommended card's and the runner-up's lines in words, and the techniques read from them
    (:mod:`.plan`, :mod:`.line_techniques`); only where the analysis kept the strategy (exact)."""
    if values.declaring and candidates and candidates[0].techniques:
        best = candidates[0]
        found = restricted_choice(values.original, values.position.worlds, values.weights, best.techniques[0])
        if found is not None:
            candidates = [replace(best, techniques=(found,) + best.techniques)] + list(candidates[1:])
    if not values.declaring and len(candidates) > 1:
        best = candidates[0]
        found = defence_techniques(Decision.of(values.position, _hidden_seats(values.position)), best.card, best.p_goal,
                                   [(c.card, c.p_goal) for c in candidates[1:]])
        if found is not None:
            candidates = [replace(best, techniques=(found,) + best.techniques)] + list(candidates[1:])
    if values.reduction is not None:
        return _with_suit_lines(values, candidates)
    if not values.exact or not values.plans:
        return candidates
    from .line_techniques import comparison_techniques, line_techniques
    from .line_walk import walk_lines
    from .plan import line_plan
    from ..solvers.solver_oracle import default_oracle

    oracle = default_oracle()
    best_chance = max(values.chance.values())
    out = list(_with_safety(values, candidates, oracle, cancel))
    candidates = list(out)
    walked = []
    for i, cand in enumerate(candidates[:2]):
        walks = walk_lines(values, cand.card, oracle, cancel=cancel)
        walked.append(walks)
        if walks is None:
            continue
        plan = line_plan(values, cand.card, oracle, walks)
        found = line_techniques(values, cand.card, walks, plan, oracle, best_chance, cancel) if i == 0 else ()
        rest = cand.techniques
        if any(f.technique is Technique.COMBINING_CHANCES for f in found):
            rest = tuple(f for f in rest if f.technique is not Technique.DROP)  # the line is more than a drop
        out[i] = replace(cand, line="" if plan is None else plan.text, techniques=tuple(found) + rest)
    if len(walked) == 2:
        names = [t.technique for t in out[0].techniques]
        found = comparison_techniques(values, out[0].card, out[1].card, walked[0], walked[1], names)
        if found:  # trump control explains the drawing of trumps, and a line's own technique stays first
            lined = bool(names) and out[0].techniques[0].rule in LINE_RULES
            first = () if lined else tuple(f for f in found if f.technique is not Technique.TRUMP_CONTROL)
            after = tuple(f for f in found if f not in first)
            out[0] = replace(out[0], techniques=first + out[0].techniques + after)
    return out


def _with_suit_lines(values: LineValues, candidates: list[CandidateHint]) -> list[CandidateHint]:
    """A suit reduction's recommended card and its best alternative (the first card with another chance:
    cards with the same one only put the suit off) get their suit line as the plan: the suit solver's own
    strategy, whose exact chance is the one shown (:mod:`.suit_plan`).  A card the suit does not decide
    (an *at most* figure) has no line to tell."""
    from .suit_plan import suit_plan

    out = list(candidates)
    if not out or values.reduction is None:
        return out
    best = out[0]
    told = [0] + [next((i for i, c in enumerate(out) if abs(c.p_goal - best.p_goal) > 1e-9), -1)]
    for i in told:
        if i >= 0 and out[i].card not in values.at_most:
            out[i] = replace(out[i], line=suit_plan(values.reduction, out[i].card, values.goal_tricks).text)
    return out


def _with_safety(values: LineValues, candidates: list[CandidateHint], oracle,
                 cancel: CancelToken = NEVER) -> list[CandidateHint]:
    """SAFETY_PLAY from the lines themselves: the recommended card makes the contract more often than the
    card whose line most often takes an overtrick (both chances single dummy, the overtrick's from a second
    exact search of the same deals for one trick more), and takes at least ``MIN_SAFETY_COST`` fewer
    overtricks itself.  The cost in
    overtricks is stated with the figures of that search."""
    from .lines import position_values
    from ..search.single_dummy import SingleDummyBudget
    from ..core.cards import card_symbol_str
    from .render import pct

    if not values.declaring or len(candidates) < 2 or values.goal_tricks != values.position.target:
        return candidates
    tricks_left = int(np.asarray(values.position.worlds)[0, int(values.position.leader)]).bit_count()
    if values.position.target + 1 > tricks_left or values.worlds > SAFETY_DEALS:
        return candidates
    try:
        over = position_values(None, replace(values.position, target=values.position.target + 1), values.layouts,
                               Method.EXACT, HintBudget(exact_time=None, exact_nodes=SAFETY_NODES), oracle=oracle,
                               cancel=cancel)
    except SingleDummyBudget:
        return candidates
    best = candidates[0]
    # this search decides: a double-dummy overtrick count (the overlay's) gives way to the lines' own
    plain = replace(best, techniques=tuple(t for t in best.techniques if t.technique is not Technique.SAFETY_PLAY))
    candidates = [plain] + list(candidates[1:])
    best = plain
    if not over.exact or over.goal_tricks != values.position.target + 1:
        return candidates  # every card takes the overtrick equally often: nothing is given up
    p_over = {c.card: over.chance.get(c.card, 0.0) for c in candidates}
    rival = max(candidates, key=lambda c: (round(p_over[c.card], 9), round(c.p_make, 9)))
    given_up = p_over[rival.card] - p_over[best.card]
    if rival.card == best.card or not (best.p_make > rival.p_make + 1e-6 and given_up > MIN_SAFETY_COST - 1e-6):
        return candidates
    b, r = card_symbol_str(best.card), card_symbol_str(rival.card)
    found = TechniqueFinding(
        Technique.SAFETY_PLAY,
        f"safety play: the {b} gives up the overtrick the {r} would take in {pct(p_over[rival.card])} of the deals "
        f"(the {b}: {pct(p_over[best.card])}) to make the contract more often", "safety-play",
        {"p_make": best.p_make, "p_make_rival": rival.p_make, "p_overtrick": p_over[best.card],
         "p_overtrick_rival": p_over[rival.card]}, (rival.card,))
    return [replace(best, techniques=(found,) + best.techniques)] + list(candidates[1:])


def _decisive_suit(best: CandidateHint) -> int | None:
    """The suit the best card's success depends on: the one suit its condition talks about, else its own."""
    cond = best.condition
    if cond is not None and len(cond.rule.suits) == 1:
        return next(iter(cond.rule.suits))
    return best.card // 13


# --- from a view ----------------------------------------------------------------------------------------


def bridge_hint_for_view(
    view: BridgeView,
    *,
    budget: HintBudget = HintBudget(),
    rng: random.Random | None = None,
    constraints: Mapping[Seat, OriginalHandConstraint] | None = None,
    out_of_play: int = 0,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    on_update: Callable[[BridgeHint], None] | None = None,
    auction: Sequence[CallRecord] = (),
) -> BridgeHint:
    """The hint for the seat choosing in ``view`` (declarer for dummy's cards), from one analysis
    (:func:`~.lines.line_values`); ``on_update`` sees the first, quick hint and the final one.
    ``out_of_play``: for an ending, the cards gone before it started (public, not in the view).
    ``auction``: the calls of the board; their meanings constrain the deals of the analysis (unless
    ``constraints`` are given), so every figure is over layouts that fit what the seat heard, and the
    final hint cites them where they place a card (:mod:`.auction_notes`)."""
    if auction and constraints is None:
        constraints = auction_constraints(auction, skip=[view.seat])
    rng = rng if rng is not None else random.Random(0)
    # the final values reach ``on_update`` and the return: their hint (conditions, lines, the auction's
    # notes, which sample deals) is built once
    built: list[tuple[LineValues, BridgeHint]] = []

    def finish(values: LineValues) -> BridgeHint:
        for done, hint in built:
            if done is values:
                return hint
        hint = hint_from_values(values, max_candidates=budget.candidates, cancel=cancel)
        if auction and values.final:
            hint = _cite_auction(hint, values, view, auction, constraints, out_of_play, rng)
        if values.final:
            built.append((values, hint))
        return hint

    def update(values: LineValues) -> None:
        if on_update is not None:
            on_update(finish(values))

    values = line_values(view, budget, rng=rng, constraints=constraints, out_of_play=out_of_play, oracle=oracle,
                         cancel=cancel, on_update=update if on_update is not None else None)
    return finish(values)


def _cite_auction(hint: BridgeHint, values: LineValues, view: BridgeView, auction: Sequence[CallRecord],
                  constraints: Mapping[Seat, OriginalHandConstraint] | None, out_of_play: int,
                  rng: random.Random) -> BridgeHint:
    """``hint`` with the sentences saying where the auction places a card its condition names (or an honour
    of the suit played): measured on the analysis's own deals and weights, beside the same kind of deals
    without the auction."""
    if values.method is Method.FORCED or not constraints:
        return hint
    knowledge = knowledge_from_view(view, constraints, out_of_play)
    if not knowledge.has_constraints:
        return hint
    free = weighted_deals(view, PLACEMENT_DEALS, rng, None, out_of_play)
    suits = tuple(dict.fromkeys(s for s in (hint.candidates[0].card // 13, hint.decisive_suit) if s is not None))
    notes = auction_notes(hint.candidates[0].condition, knowledge, values.position.worlds, auction, suits=suits,
                          weights=values.weights, free=free.worlds, free_weights=free.weights, rng=rng)
    if not notes:
        return hint
    return replace(hint, auction_notes=notes, text=(hint.text + " " + " ".join(notes)).strip())


def view_position(
    view: BridgeView,
    worlds: int,
    exact_limit: int,
    rng: random.Random,
    constraints: Mapping[Seat, OriginalHandConstraint] | None = None,
    out_of_play: int = 0,
) -> tuple[BridgePosition, bool, WorldKnowledge]:
    """The worlds of a view (:func:`engine.analysis.bridge.position_from_view`), whether they are every
    consistent deal (enumerated: exact figures) and the knowledge they come from."""
    knowledge = knowledge_from_view(view, constraints, out_of_play)
    exact = count_worlds(knowledge) <= exact_limit  # world_set enumerates then (constraints applied)
    position = position_from_view(view, worlds, rng, constraints, exact_limit=exact_limit, out_of_play=out_of_play)
    return position, exact, knowledge
