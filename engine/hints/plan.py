"""A plan, not just a card: a card's line in one to three short sentences, read from the analysis's strategy.

The line of a card (:mod:`.line_walk`) is walked in every deal.  The plan is what the declaring side does
in every deal alike (the *opening*), then — where its strategy answers the defence's cards differently —
the public event that decides (``if the ♠Q has not fallen``, ``if East shows out of spades``, ``if a club
is led``; honours before spot cards) and what it does in each case.  With more than two branches, the first
(heaviest first) that one event tells apart from all the others is split off, and the rest is told the same
way.  Every card the words name is a :class:`~.line_walk.Step` the strategy chose (a test checks it against
``LineValues.plans``), and every event is checked on every walked deal: the deals of one branch are exactly
those where the event happened.  When no single event separates the branches, the plan names the cards the
strategy chooses between next ("play the ♠Q or the ♦3, as the defenders' cards show").

Each trick's words come from what its cards do, as the declaring side sees it (:func:`step_kinds`):
``cash`` (no outside card of the suit ranks above it), ``draw trumps``, ``ruff``, ``discard``,
``finesse`` (a ten or higher, or a card below one of the side's own, played to beat the table while an
outside card above it is still to come), ``win``/``cross`` (a winner; a cross when the other hand wins a
low lead and leads another suit next), ``overtake`` (beating partner's sure winner), ``duck``/``hold up``
(not beating a defender's card while holding one that would), ``give up`` (a lead on which neither hand
tries to win).  Words that differ between the deals where the line wins are replaced by the cards' names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..core.cards import SUIT_MASKS, SUIT_NAMES, Card, card_symbol_str
from ..core.seats import Seat
from ..solvers.oracle import DoubleDummyOracle
from .decision import card_beats
from .line_walk import Step, Walk, WalkTrick, walk_lines
from .lines import LineValues
from .techniques import holding_text

__all__ = ["StepWords", "PlanEvent", "PlanBranch", "LinePlan", "LineContext", "line_plan", "trick_words", "step_kinds", "gone_before"]


def _sym(card: Card) -> str:
    return card_symbol_str(card)


def _name(seat: Seat) -> str:
    return seat.name.title()


@dataclass(frozen=True, slots=True)
class StepWords:
    """One trick of the plan: the words and the strategy's steps they name."""

    text: str
    steps: tuple[Step, ...]
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlanEvent:
    """A public event the plan turns on: ``kind`` is ``plays`` (``seat`` plays ``card`` now), ``fallen``
    (``card`` has been played), ``led`` (the other side leads ``suit``) or ``shows-out`` (``seat`` has shown
    out of ``suit``)."""

    text: str
    negation: str
    kind: str
    card: Card | None = None
    seat: Seat | None = None
    suit: int | None = None


@dataclass(frozen=True, slots=True)
class PlanBranch:
    """One deciding event of the plan: at trick ``trick`` (0: the card's own), after the words ``before``
    (the group's tricks from its start, and the deciding trick's cards played alike), the side plays
    ``if_yes`` where the event happens and ``if_no`` where it does not; ``depth`` 0 is the plan's first
    event."""

    trick: int
    event: PlanEvent
    before: tuple[StepWords, ...]
    if_yes: tuple[StepWords, ...]
    if_no: tuple[StepWords, ...]
    depth: int


@dataclass(frozen=True)
class LinePlan:
    """A card's plan: ``text`` (the opening, then each deciding event and what follows it, nested at most
    twice), every trick's words it is made of (each naming the strategy's own steps) and its events, the
    first one first."""

    card: Card
    chance: float
    text: str
    words: tuple[StepWords, ...]
    branches: int = 0  # events stated
    events: tuple[PlanBranch, ...] = ()

    def sentence(self, figure: str) -> str:
        return self.text[0].upper() + self.text[1:] + f" ({figure})"


# --- what the cards of a trick do ------------------------------------------------------------------------


class LineContext:
    """Public facts along a walk: the declaring side's seats and the cards outside its hands."""

    def __init__(self, values: LineValues) -> None:
        p = values.position
        self.trump = None if p.strain == 4 else int(p.strain)
        self.declaring = values.declaring
        if values.declaring:
            self.mine = (p.declarer, p.declarer.partner)
        else:
            self.mine = (p.to_move,)
        w0 = np.asarray(p.worlds)[0]
        ours = 0
        for s in self.mine:
            ours |= int(w0[int(s)])
        everything = 0
        for s in Seat:
            everything |= int(w0[int(s)])
        self.outside_start = everything & ~ours  # cards the declaring side cannot see (plus the table's)

    def ours(self, seat: Seat) -> bool:
        return seat in self.mine




def _side_holds_above(card: Card, trick: WalkTrick, ctx: LineContext) -> bool:
    """The declaring side holds (at the trick's start) a card of ``card``'s suit above it: a tenace."""
    s = card // 13
    ours = 0
    for seat in ctx.mine:
        ours |= trick.hands[int(seat)]
    return any(ours >> c & 1 for c in range(card + 1, 13 * s + 13))


def step_kinds(trick: WalkTrick, gone: int, ctx: LineContext) -> list[tuple[Step, str]]:
    """What each of the declaring side's planned cards in ``trick`` does, from what the side can see
    (``gone``: cards played in earlier tricks of the walk): cash, draw-trumps, ruff, discard, finesse, win,
    overtake, duck, hold-up, give-up, lead-toward, follow."""
    out: list[tuple[Step, str]] = []
    led = trick.steps[0].card // 13
    trump = ctx.trump
    seen_now = gone
    for k, step in enumerate(trick.steps):
        before = trick.steps[:k]
        outside = ctx.outside_start & ~seen_now
        seen_now |= 1 << step.card
        if not step.planned or not ctx.ours(step.seat):
            continue
        card = step.card
        s = card // 13
        hand = trick.hands[int(step.seat)]
        higher_outside = [c for c in range(card + 1, 13 * s + 13) if outside >> c & 1]
        winning = None
        for b in before:
            if winning is None or card_beats(b.card, winning.card, led, trump):
                winning = b
        if k == 0:
            if not higher_outside:
                draw = trump is not None and s == trump and outside & SUIT_MASKS[trump]
                out.append((step, "draw-trumps" if draw else "cash"))
            else:
                out.append((step, "lead"))
            continue
        if s != led:
            out.append((step, "ruff" if trump is not None and s == trump else "discard"))
            continue
        # partner's card is winning for sure only if no outside card still to come can beat it
        partner_winning = winning is not None and ctx.ours(winning.seat) and not any(
            outside >> c & 1 for c in range(winning.card + 1, 13 * (winning.card // 13) + 13))
        beats = winning is None or card_beats(card, winning.card, led, trump)
        if beats and partner_winning:
            out.append((step, "follow" if higher_outside else "overtake"))
            continue
        if beats:
            defender_after = any(not ctx.ours(trick.leader.offset(j)) for j in range(k + 1, 4))
            if not higher_outside:
                out.append((step, "win"))
            elif defender_after and (card % 13 >= 8 or _side_holds_above(card, trick, ctx)):
                out.append((step, "finesse"))  # a tenace or an honour played to win if the honours lie well
            else:
                out.append((step, "follow"))  # a spot card that only beats partner's or a low card
            continue
        could_win = any(hand >> c & 1 and c > card and card_beats(c, winning.card, led, trump)  # type: ignore[union-attr]
                        for c in range(13 * s, 13 * s + 13))
        if not partner_winning and could_win:
            out.append((step, "hold-up" if not ctx.ours(trick.leader) else "duck"))
        else:
            out.append((step, "follow"))
    # a lead whose side then neither tries to win nor can: giving the trick up
    kinds = [k for _, k in out]
    if kinds and kinds[0] == "lead" and trick.winner is not None and \
            all(k in ("follow", "duck", "discard") for k in kinds[1:]):
        out[0] = (out[0][0], "give-up")
    return out


def _toward(lead: Step, trick: WalkTrick, gone: int, ctx: LineContext) -> str:
    """' toward North's ♠AQ' when the other hand of the side holds a tenace in the suit led (an outside card
    ranks between its two top cards), else nothing."""
    if not ctx.declaring:
        return ""
    other = next((s for s in ctx.mine if s != lead.seat), None)
    if other is None:
        return ""
    held = trick.hands[int(other)] & SUIT_MASKS[lead.card // 13]
    top = [c for c in range(51, -1, -1) if held >> c & 1][:2]
    outside = ctx.outside_start & ~gone
    if len(top) < 2 or not any(outside >> c & 1 for c in range(top[1] + 1, top[0])):
        return ""
    return f" toward {_name(other)}'s {holding_text(held)}"


def trick_words(trick: WalkTrick, gone: int, ctx: LineContext, following: WalkTrick | None,
                start: int = 0, stop: int | None = None) -> StepWords | None:
    """The words for the declaring side's part of one trick (None when it only follows suit); ``start`` and
    ``stop``: only the side's planned cards of the trick in that range (told elsewhere, or later)."""
    every = step_kinds(trick, gone, ctx)
    if not every:
        return None
    kinds = every[start:stop]
    if not kinds:
        return None
    phrases: list[str] = []
    low_lead = every[0][1] in ("lead", "give-up") and every[0][0].seat == trick.leader
    for step, kind in kinds:
        c = _sym(step.card)
        # crossing: the other hand wins the trick to lead another suit from there
        crossing = (low_lead and step.seat != trick.leader and trick.winner == step.seat and
                    (following is None or (following.leader == step.seat
                                           and following.steps[0].card // 13 != step.card // 13)))
        if kind == "cash":
            phrases.append(f"cash the {c}")
        elif kind == "draw-trumps":
            phrases.append(f"draw trumps with the {c}")
        elif kind == "ruff":
            phrases.append(f"ruff with {_name(step.seat)}'s {c}")
        elif kind == "discard":
            phrases.append(f"discard the {c}")
        elif kind == "finesse":
            phrases.append(f"finesse {_name(step.seat)}'s {c}" if ctx.declaring else f"play the {c}")
        elif kind == "duck":
            phrases.append(f"duck in {_name(step.seat)} (the {c})")
        elif kind == "hold-up":
            phrases.append(f"hold up: play the {c}" if ctx.declaring else f"play low (the {c})")
        elif kind == "give-up":
            phrases.append(f"give up a {SUIT_NAMES[step.card // 13][:-1]} trick (the {c})")
        elif kind == "lead":
            phrases.append(f"lead the {c}{_toward(step, trick, gone, ctx)}")
        elif kind == "overtake":
            phrases.append(f"overtake with {_name(step.seat)}'s {c}")
        elif kind == "win":
            phrases.append(f"cross to {_name(step.seat)}'s {c}" if crossing else f"win with the {c}")
        # "follow": a card that only follows suit is not worth a word
    if not phrases:
        return None
    return StepWords(" and ".join(phrases), tuple(s for s, _ in kinds), tuple(k for _, k in kinds))


# --- the plan ---------------------------------------------------------------------------------------------


def _mine_key(trick: WalkTrick, ctx: LineContext) -> tuple[tuple[int, Card], ...]:
    return tuple((int(s.seat), s.card) for s in trick.steps if s.planned and ctx.ours(s.seat))


def _key_at(walk: Walk, t: int, ctx: LineContext) -> tuple[tuple[int, Card], ...]:
    """The side's planned cards of trick ``t`` (none when the walk has stopped before it)."""
    return _mine_key(walk.tricks[t], ctx) if t < len(walk.tricks) else ()


def gone_before(walk: Walk, t: int) -> int:
    mask = 0
    for trick in walk.tricks[:t]:
        for c in trick.cards:
            mask |= 1 << c
    return mask


def _words_from(walks: Sequence[Walk], t0: int, t1: int, ctx: LineContext, skip: int = 0,
                stop: int | None = None) -> tuple[StepWords, ...]:
    """The words of tricks ``t0``..``t1`` (exclusive), which the walks play alike: a trick's words are
    stated only when they are the same in every walk (what a card does can hang on the defence's cards),
    else the planned cards are just named.  The words describe how the line wins: they are read in the
    deals where it reaches the goal (all deals if it never does).  ``skip``/``stop``: the range of the side's
    planned cards of the first trick to tell (the others are told elsewhere)."""
    out: list[StepWords] = []
    walks = [w for w in walks if w.success] or list(walks)
    for t in range(t0, t1):
        found: list[StepWords | None] = []
        for walk in walks:
            if t >= len(walk.tricks):
                continue
            nxt = walk.tricks[t + 1] if t + 1 < len(walk.tricks) else None
            first = t == t0
            found.append(trick_words(walk.tricks[t], gone_before(walk, t), ctx, nxt, skip if first else 0,
                                     stop if first else None))
        if not found:
            break
        texts = {None if f is None else f.text for f in found}
        if len(texts) == 1:
            if found[0] is not None:
                out.append(found[0])
            continue
        steps = tuple(s for s in walks[0].tricks[t].steps if s.planned and ctx.ours(s.seat))
        if t == t0:
            steps = steps[skip:stop]
        if not steps:
            continue
        out.append(StepWords("play " + " and ".join(f"the {_sym(s.card)}" for s in steps), steps))
    return tuple(out)


def _agree_until(walks: Sequence[Walk], start: int, ctx: LineContext) -> int:
    """The first trick index from ``start`` where the walks' planned cards differ (or one walk ends); a last,
    unfinished trick (the walk stops where the contract is decided) counts when its planned cards agree."""
    t = start
    while True:
        keys = set()
        unfinished = False
        for w in walks:
            if t >= len(w.tricks):
                return t
            unfinished |= w.tricks[t].winner is None
            keys.add(_mine_key(w.tricks[t], ctx))
        if len(keys) > 1:
            return t
        if unfinished:
            return t + 1 if keys != {()} else t
        t += 1


def _defence_cards(walk: Walk, t: int, ctx: LineContext, planned: int = 0) -> set[Card]:
    """Cards the defence played in the walk before the declaring side's ``planned``-th planned card of
    trick ``t`` (what the strategy had seen when it chose that card)."""
    out: set[Card] = set()
    for trick in walk.tricks[:t]:
        out |= {s.card for s in trick.steps if not ctx.ours(s.seat)}
    if t < len(walk.tricks):
        k = 0
        for s in walk.tricks[t].steps:
            if s.planned:
                if k == planned:
                    break
                k += 1
            elif not ctx.ours(s.seat):
                out.add(s.card)
    return out


def _current_plays(walks: Sequence[Walk], t: int, ctx: LineContext, planned: int) -> dict[int, dict[Card, Seat]]:
    """Per walk (by id): the defence's cards in trick ``t`` before the ``planned``-th planned card, by seat."""
    out: dict[int, dict[Card, Seat]] = {}
    for w in walks:
        got: dict[Card, Seat] = {}
        k = 0
        for s in w.tricks[t].steps:
            if s.planned:
                if k == planned:
                    break
                k += 1
            elif not ctx.ours(s.seat):
                got[s.card] = s.seat
        out[id(w)] = got
    return out


def _show_outs(walk: Walk, t: int, ctx: LineContext) -> set[tuple[Seat, int]]:
    out: set[tuple[Seat, int]] = set()
    for trick in walk.tricks[:t]:
        led = trick.steps[0].card // 13
        for s in trick.steps:
            if not ctx.ours(s.seat) and s.card // 13 != led:
                out.add((s.seat, led))
    return out


def _first_difference(a: Walk, b: Walk, t: int, ctx: LineContext) -> int:
    ka, kb = _mine_key(a.tricks[t], ctx), _mine_key(b.tricks[t], ctx)
    return next((i for i, (x, y) in enumerate(zip(ka, kb)) if x != y), min(len(ka), len(kb)))


def _event(a: list[Walk], b: list[Walk], t: int, ctx: LineContext) -> tuple[PlanEvent, bool] | None:
    """The public event separating the walks ``a`` from the walks ``b`` (whose side plays differently in
    trick ``t``), checked on every walk: (the event, whether it is ``b``'s).  Honours are tried before spot cards: "if West plays the ♠Q", "if the ♠9 has fallen", "if
    East shows out of hearts"."""
    planned = min(_first_difference(a[0], x, t, ctx) for x in b)
    cards_a = [_defence_cards(w, t, ctx, planned) for w in a]
    cards_b = [_defence_cards(w, t, ctx, planned) for w in b]
    current = _current_plays(a + b, t, ctx, planned)
    for honours in (True, False):
        for group, other in ((a, b), (b, a)):
            for c in sorted({c for w in group for c in current[id(w)]}, reverse=True):
                if (c % 13 >= 8) != honours:
                    continue
                holders = {current[id(w)].get(c) for w in group}
                if None in holders or len(holders) != 1 or any(c in current[id(w)] for w in other):
                    continue
                seat = next(iter(holders))
                return PlanEvent(f"if {_name(seat)} plays the {_sym(c)}", "if not", "plays", c,  # type: ignore[arg-type]
                                 seat), group is b
        for group, other, flip in ((cards_a, cards_b, False), (cards_b, cards_a, True)):
            common = set.intersection(*group)
            union = set.union(*other) if other else set()
            for c in sorted(common - union, reverse=True):
                if (c % 13 >= 8) == honours:  # a card that fell
                    return PlanEvent(f"if the {_sym(c)} has fallen", "if it has not", "fallen", c), flip
    led_a = {_led_by_them(w, t, ctx) for w in a}
    led_b = {_led_by_them(w, t, ctx) for w in b}
    if None not in led_a | led_b and not led_a & led_b:
        for group, flip in ((led_a, False), (led_b, True)):
            if len(group) == 1:
                suit = next(iter(group))
                return PlanEvent(f"if a {SUIT_NAMES[suit][:-1]} is led", "if not", "led",  # type: ignore[index]
                                 suit=suit), flip
    outs_a = [_show_outs(w, t, ctx) for w in a]
    outs_b = [_show_outs(w, t, ctx) for w in b]
    for outs, other, flip in ((outs_a, outs_b, False), (outs_b, outs_a, True)):
        for seat, suit in sorted(set.intersection(*outs) - set.union(*other)):
            return PlanEvent(f"if {_name(seat)} shows out of {SUIT_NAMES[suit]}", "if not", "shows-out",
                             seat=seat, suit=suit), flip
    return None


def _led_by_them(walk: Walk, t: int, ctx: LineContext) -> int | None:
    """The suit the other side led to trick ``t`` (None when the side itself leads it)."""
    trick = walk.tricks[t]
    return None if ctx.ours(trick.leader) else trick.steps[0].card // 13


def _they(ctx: LineContext) -> str:
    return "the defenders" if ctx.declaring else "the other players"


def _choices(groups: list[list[Walk]], t: int, ctx: LineContext) -> StepWords | None:
    """When no single public event tells the branches apart: the cards the side chooses between next (each
    the strategy's own card in some deal), named with what decides; None when fewer than two cards differ
    (the other branches stop there, the contract decided): the plan then ends with what all deals share."""
    steps: list[Step] = []
    first = groups[0][0]
    for g in groups:
        planned = _first_difference(first, g[0], t, ctx) if g is not groups[0] else \
            min(_first_difference(first, o[0], t, ctx) for o in groups[1:])
        mine = [st for st in g[0].tricks[t].steps if st.planned and ctx.ours(st.seat)]
        if planned < len(mine) and mine[planned].card not in {x.card for x in steps}:
            steps.append(mine[planned])
    if len(steps) < 2:
        return None
    names = [f"the {_sym(x.card)}" for x in steps[:4]]
    listed = ", ".join(names[:-1]) + " or " + names[-1]
    return StepWords(f"play {listed}, as {_they(ctx)}' cards show", tuple(steps[:4]), ("choice",))


def _split(groups: list[list[Walk]], t: int, ctx: LineContext) -> tuple[list[Walk], list[Walk], PlanEvent] | None:
    """The first group (heaviest first) that one public event tells apart from all the others: (the walks
    where the event happens, the others, the event)."""
    for i, g in enumerate(groups):
        rest = [x for j, other in enumerate(groups) if j != i for x in other]
        event = _event(g, rest, t, ctx)
        if event is not None:
            yes, no = (rest, g) if event[1] else (g, rest)
            return yes, no, event[0]
        if len(groups) == 2:
            break  # the same pair the other way round
    return None


def line_plan(values: LineValues, card: Card, oracle: DoubleDummyOracle, walks: list[Walk] | None = None
              ) -> LinePlan | None:
    """The plan of ``card``'s line (None without a strategy to read: an estimate, or too many deals)."""
    if walks is None:
        walks = walk_lines(values, card, oracle)
    if not walks:
        return None
    ctx = LineContext(values)
    w = values.weights
    used: list[StepWords] = []
    events: list[PlanBranch | None] = []

    def describe(group: list[Walk], t: int, depth: int, skip: int = 0) -> str:
        end = _agree_until(group, t, ctx)
        words = _words_from(group, t, end, ctx, skip) if end > t else ()
        start = len(used)
        used.extend(words)
        text = ", then ".join(x.text for x in words)
        by_key: dict[tuple, list[Walk]] = {}
        for x in group:
            if key := _key_at(x, end, ctx):  # walks stopped before (the contract decided) are not told apart
                by_key.setdefault(key, []).append(x)
        if len(by_key) < 2 or depth == 0:
            return text
        groups = sorted(by_key.values(), key=lambda g: -sum(w[x.world] for x in g))
        found = _split(groups, end, ctx)
        if found is None:
            choice = _choices(groups, end, ctx)
            if choice is None:
                return text
            used.append(choice)
            return f"{text}, then {choice.text}" if text else choice.text
        slot = len(events)
        events.append(None)
        main, rest, event = found
        # the side's cards of the deciding trick played alike before the event (the lead) are told first
        keys = [_key_at(g[0], end, ctx) for g in groups]
        same = 0
        while all(len(k) > same for k in keys) and len({k[same] for k in keys}) == 1:
            same += 1
        if same:
            lead = _words_from(group, end, end + 1, ctx, 0, same)
            used.extend(lead)
            text = ", then ".join([text] + [x.text for x in lead]) if text else ", then ".join(x.text for x in lead)
        before = tuple(used[start:])
        yes = describe(main, end, depth - 1, same) or "the rest plays itself"
        middle = len(used)
        no = describe(rest, end, depth - 1, same) or "the rest plays itself"
        events[slot] = PlanBranch(end, event, before, tuple(used[start + len(before):middle]),
                                  tuple(used[middle:]), 2 - depth)
        branch = f"{event.text}, {yes}; {event.negation}, {no}"
        if not text:
            return branch if depth == 2 else f"({branch})"
        return f"{text}; {branch}" if depth == 2 else f"{text} ({branch})"

    text = describe(walks, 0, 2) or f"play the {_sym(card)}"
    found = tuple(e for e in events if e is not None)
    return LinePlan(card, values.chance[card], text, tuple(used), len(found), found)
