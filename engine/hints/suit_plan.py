"""A suit-reduction hint's line as a plan, in the table's seats.

When one suit decides the hand (:mod:`.suit_reduction`) the chance a card gets is the
exact value of one strategy of the suit solver: the best suit line that starts with that
card (or, for a card of another suit, the best line from either hand afterwards).  That
strategy is the plan, and this module tells it — nothing is chosen here.  The strategy is
compiled into a branching plan that makes the suit's tricks in exactly the layouts the
strategy makes them (:func:`engine.suits.plan_compile.compile_plan`), and the plan is told
by the suit trainer's own narrator (:mod:`engine.suits.narrate`), whose North and South are
dummy and declarer and whose West and East are the defenders behind them; the words are then
turned to the table's seats.  So the sentence the hint prints, the suit line the user can
follow and the chance beside it are the same strategy's.

What it does not say: the other suits' part (cash them when the suit is done; the reduction
checked that they give the same tricks in every layout of this suit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.cards import SUIT_NAMES, Card, card_symbol_str
from ..suits.evaluate import LineValue, LineWalker, PolicyLine
from ..suits.narrate import plan_sentence
from ..suits.plan import Plan, PlanLine
from ..suits.plan_compile import compile_plan
from .suit_reduction import SuitReduction

__all__ = ["SuitPlan", "suit_plan", "SUIT_WORDS"]

SUIT_WORDS = SUIT_NAMES  # the core names, under the name this module has always exported


@dataclass(frozen=True, slots=True)
class SuitPlan:
    """One card's suit line: the compiled ``plan`` (suit-model seats), the suit tricks it must take
    (``need``; ``None``: the goal is made or lost whatever, the plan then takes the most tricks), its
    ``chance`` of them valued by walking the plan itself, and ``text`` in the table's seats."""

    card: Card
    need: int | None
    plan: Plan
    chance: float
    text: str


def suit_plan(reduction: SuitReduction, card: Card, goal: int) -> SuitPlan:
    """The plan of the line :meth:`SuitReduction.line` values for ``card`` and ``goal`` (the suit must
    decide the card: :meth:`SuitReduction.decides`)."""
    need, solution = reduction.solution(card, goal)
    table = reduction.table
    target = need if 0 < need <= table.problem.tricks_available else None
    plan = compile_plan(table, PolicyLine(solution.strategy), target)
    walked = LineWalker(table, PlanLine(plan)).root()
    value = LineValue(tuple(0 if t is None else t for t in walked), table.weights)
    chance = 1.0 if need <= 0 else 0.0 if target is None else value.probability(target)
    suit = SUIT_WORDS[reduction.suit]
    words = _table_seats(plan_sentence(table, plan), reduction)
    if card // 13 == reduction.suit:
        text = f"in {suit}, {_lower_first(words)}"
    else:
        text = f"{card_symbol_str(card)} first, then in {suit}: {_lower_first(words)}"
    return SuitPlan(card, target, plan, chance, text.rstrip("."))


def _table_seats(text: str, reduction: SuitReduction) -> str:
    seats = reduction.seats
    names = {"North": seats.north, "South": seats.south, "West": seats.west, "East": seats.east}
    return re.sub(r"\b(North|South|West|East)\b", lambda m: names[m.group(1)].name.title(), text)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text
