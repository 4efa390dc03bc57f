"""Techniques that live in a whole line, not in one card: read from the analysis's strategy, deal by deal.

Each rule below looks at the line of a card walked in every deal (:mod:`.line_walk`: the declaring side's
cards are the strategy's, the defence's a double-dummy best reply) and fires only on what the walk shows
in deals where the line reaches the goal.  A name is a claim about the strategy, so it is never given from
the shape of the cards alone.

``simple squeeze`` (SQUEEZE)
    in a deal the line wins, the side wins a trick with a card of the suit led that no outside card
    beats, or with a ruff no outside trump beats (the squeeze card), and after it a defender V, void in
    that suit (and in trumps, after a ruff), must discard while holding
    every outside card above one of the side's cards in each of two other suits (two threats, V's partner
    holding none of them) and no other card; the goal needs every trick left and the side wins them all,
    although before that trick its sure winners (cards no outside card outranks, per suit at most the
    longer hand's length) were fewer than the tricks left.  *Positional* when the side's hand playing
    after V has no card it could play before seeing V's card that keeps every trick whatever V discards
    (double dummy in that deal); *automatic* otherwise (also when no hand of the side plays after V).
``rectifying the count`` (RECTIFY_COUNT)
    the card gives up a trick (the side leads and neither of its cards tries to win, it ducks, or it holds
    up on the defenders' lead), and a squeeze follows in the same line.
``throw-in`` (THROW_IN)
    in a deal the line wins, the side leads and loses the trick to a defender V on purpose (it gives the
    trick up or ducks), V must lead to the next trick, whatever V leads the side still takes the tricks it needs (double
    dummy), and with the hand that gave the trick up on lead instead it would not: V is forced to lead into
    the side's cards or give a ruff and discard (the words say which, per suit he holds, and which suits the
    line stripped first: suits it led earlier while V still held them — the elimination).  Named on the card that gives up the trick, or on the line's
    first card when the throw-in comes later.
``loser on loser`` (LOSER_ON_LOSER)
    in a deal the line wins, a hand of the side that holds trumps and is void in the suit led discards a
    loser (an outside card outranks it) on a trick the defence wins, where ruffing instead would have
    given the side fewer tricks (double dummy in that deal).
``combining chances`` (COMBINING_CHANCES)
    the line's plan opens by cashing the card (and maybe more of its suit: the drop), its first event is
    whether an outside honour of that suit has fallen, and where it has not the plan turns to a second
    chance (a finesse, or a card of another suit the side leads or wins with: not a discard, nor a choice
    between cards); the card's chance is the best of all the cards.  The
    words name the cards cashed, the honour, the second chance as the strategy plays it, and what taking
    that chance at once makes when it is worse (the card leading to it now).
``cross to finesse`` (CROSS_TO_FINESSE)
    the plan's first trick crosses to the other hand (a low card to a winner there, which leads next) and
    the plan then takes a finesse.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..bridge.tricks import legal_mask
from ..core.cancel import NEVER, CancelToken
from ..core.cards import SUIT_MASKS, SUIT_NAMES, Card, card_symbol_str
from ..core.seats import Seat
from ..solvers.oracle import DoubleDummyOracle
from .line_walk import Walk, WalkTrick
from .lines import LineValues
from .plan import LinePlan, LineContext, gone_before, step_kinds
from .techniques import Technique, TechniqueFinding

__all__ = ["line_techniques", "squeeze_in", "throw_in_at"]


def _sym(card: Card) -> str:
    return card_symbol_str(card)


def _name(seat: Seat) -> str:
    return seat.name.title()


def _ours_mask(trick: WalkTrick, ctx: LineContext) -> int:
    mask = 0
    for s in ctx.mine:
        mask |= trick.hands[int(s)]
    return mask


def _sure_winners(trick: WalkTrick, ctx: LineContext, outside: int) -> int:
    """The side's cards no outside card of their suit outranks, per suit at most the longer hand's length."""
    total = 0
    for s in range(4):
        ours = _ours_mask(trick, ctx) & SUIT_MASKS[s]
        out = outside & SUIT_MASKS[s]
        top = max((c for c in range(13 * s, 13 * s + 13) if out >> c & 1), default=-1)
        winners = sum(1 for c in range(13 * s, 13 * s + 13) if ours >> c & 1 and c > top)
        longest = max((trick.hands[int(h)] & SUIT_MASKS[s]).bit_count() for h in ctx.mine)
        total += min(winners, longest)
    return total


def _threat(suit: int, trick: WalkTrick, ctx: LineContext, victim: Seat) -> Card | None:
    """The side's card of ``suit`` that only ``victim`` guards: every outside card above it is his, he
    holds at least one, his partner none (the highest such card of the side), else None."""
    ours = _ours_mask(trick, ctx) & SUIT_MASKS[suit]
    vic = trick.hands[int(victim)] & SUIT_MASKS[suit]
    mate = trick.hands[int(victim.partner)] & SUIT_MASKS[suit]
    for c in range(13 * suit + 12, 13 * suit - 1, -1):
        if not ours >> c & 1:
            continue
        above_v = [x for x in range(c + 1, 13 * suit + 13) if vic >> x & 1]
        above_m = [x for x in range(c + 1, 13 * suit + 13) if mate >> x & 1]
        if above_v and not above_m:
            return c
    return None


def squeeze_in(walk: Walk, values: LineValues, ctx: LineContext, oracle: DoubleDummyOracle
               ) -> tuple[int, Card, Seat, tuple[Card, Card], bool] | None:
    """The walk's squeeze: (trick index, squeeze card, victim, threats, positional), or None."""
    if not walk.success:
        return None
    for t, trick in enumerate(walk.tricks):
        if trick.winner is None or len(trick.steps) < 4 or not ctx.ours(trick.winner):
            continue
        win_at = next(k for k, st in enumerate(trick.steps) if st.seat == trick.winner)
        squeeze = trick.steps[win_at]
        if not squeeze.planned:
            continue
        gone = gone_before(walk, t)
        outside = ctx.outside_start & ~gone
        led = trick.steps[0].card // 13
        suit = squeeze.card // 13
        ruff = ctx.trump is not None and suit == ctx.trump and led != suit
        if (suit != led and not ruff) or any(outside >> c & 1 for c in range(squeeze.card + 1, 13 * suit + 13)):
            continue  # the squeeze card is a winner of the suit led, or a ruff no outside trump beats
        if any(x.winner is None or not ctx.ours(x.winner) for x in walk.tricks[t:]):
            continue  # the side must win every trick from the squeeze card on
        left = trick.hands[int(trick.leader)].bit_count()
        if _sure_winners(trick, ctx, outside) >= left:
            continue  # enough winners: cashing, no squeeze
        won = sum(1 for x in walk.tricks[:t] if x.winner is not None and ctx.ours(x.winner))
        if values.goal_tricks - won < left:
            continue  # the goal does not need every trick left: the squeeze's trick is not wanted
        for k in range(win_at + 1, 4):
            victim = trick.steps[k].seat
            if ctx.ours(victim):
                continue
            hand = trick.hands[int(victim)]
            if hand & SUIT_MASKS[led] or (ruff and hand & SUIT_MASKS[suit]):
                continue  # he follows suit (or could overruff): no discard forced
            suits = [s for s in range(4) if hand & SUIT_MASKS[s]]
            if len(suits) != 2:
                continue
            threats = [_threat(s, trick, ctx, victim) for s in suits]
            if any(x is None for x in threats):
                continue
            after = [trick.steps[j].seat for j in range(k + 1, 4) if ctx.ours(trick.steps[j].seat)]
            positional = bool(after) and not _idle_card(trick, values, oracle, k)
            return t, squeeze.card, victim, (threats[0], threats[1]), positional  # type: ignore[return-value]
    return None


def _idle_card(trick: WalkTrick, values: LineValues, oracle: DoubleDummyOracle, k: int) -> bool:
    """Whether the side's hand playing right after the victim (the ``k``-th card of the trick) has a card
    that keeps every trick whatever the victim discards (it need not see the victim's card: the squeeze
    would work with the guards in the other defender's hand too)."""
    hands = np.array([trick.hands], dtype=np.uint64)
    before = tuple(trick.cards[:k])
    victim = trick.steps[k].seat
    left = trick.hands[int(trick.leader)].bit_count()
    vic_legal = legal_mask(trick.hands[int(victim)], before)
    good: set[Card] | None = None
    for v in range(52):
        if not vic_legal >> v & 1:
            continue
        per = np.asarray(oracle.batch_tricks_per_card(hands, int(values.position.strain), int(trick.leader),
                                                      before + (v,)))[0]
        ok = {c for c in range(52) if per[c] >= left}
        good = ok if good is None else good & ok
        if not good:
            return False
    return bool(good)


def throw_in_at(walk: Walk, values: LineValues, ctx: LineContext, oracle: DoubleDummyOracle
                ) -> tuple[int, Card, Seat, tuple[int, ...]] | None:
    """The walk's throw-in: (trick index, the card giving up the trick, the defender thrown in, the suits
    he holds), or None."""
    if not walk.success:
        return None
    strain = int(values.position.strain)
    won = 0
    for t, trick in enumerate(walk.tricks):
        if trick.winner is None:
            break
        if ctx.ours(trick.winner):
            won += 1
            continue
        if t + 1 >= len(walk.tricks):
            continue
        if not ctx.ours(trick.leader):
            continue  # a defender already on lead is not thrown in
        kinds = step_kinds(trick, gone_before(walk, t), ctx)
        given = [(s, k) for s, k in kinds if k in ("give-up", "duck")]
        if not given:
            continue
        victim = trick.winner
        gone = gone_before(walk, t) | sum(1 << c for c in trick.cards)
        after = tuple(h & ~gone for h in trick.hands)
        if not after[int(victim)]:
            continue
        need = values.goal_tricks - won
        if need <= 0:
            continue
        row = np.array([after], dtype=np.uint64)
        own = np.asarray(oracle.batch_tricks_per_card(row, strain, int(trick.leader), ()))[0]
        if max(int(own[c]) for c in range(52) if after[int(trick.leader)] >> c & 1) >= need:
            continue  # on lead itself the side would get there too: a concession, not a throw-in
        theirs = np.asarray(oracle.batch_tricks_per_card(row, strain, int(victim), ()))[0]
        left = after[int(victim)].bit_count()
        legal = [c for c in range(52) if after[int(victim)] >> c & 1]
        if left - max(int(theirs[c]) for c in legal) >= need:  # whatever he leads, the side gets there
            suits = tuple(s for s in range(4) if after[int(victim)] & SUIT_MASKS[s])
            return t, given[0][0].card, victim, suits
    return None


def _into(walk: Walk, t: int, victim: Seat, suits: Sequence[int], ctx: LineContext) -> list[str]:
    """What the thrown-in defender must lead into, per suit he holds: "a club into the ♣KJ" (the side's
    cards of the suit after the throw-in trick), or "a ruff and discard" (both hands void, both with trumps)."""
    trick = walk.tricks[t]
    gone = gone_before(walk, t) | sum(1 << c for c in trick.cards)
    hands = {s: trick.hands[int(s)] & ~gone for s in ctx.mine}
    out = []
    for suit in suits:
        ours = 0
        for h in hands.values():
            ours |= h & SUIT_MASKS[suit]
        trump = ctx.trump
        if not ours and trump is not None and len(hands) == 2 and \
                all(h & SUIT_MASKS[trump] for h in hands.values()):
            out.append("a ruff and discard")
        elif ours:
            top = max(c for c in range(13 * suit, 13 * suit + 13) if ours >> c & 1)
            seat = next(x for x, h in hands.items() if h >> top & 1)
            cards = [c for c in range(13 * suit + 12, 13 * suit - 1, -1) if hands[seat] >> c & 1]
            out.append(f"a {SUIT_NAMES[suit][:-1]} into {_name(seat)}'s " + "♠♥♦♣"[suit] +
                       "".join(card_symbol_str(c)[1:] for c in cards))
    return out


def _stripped(walk: Walk, t: int, victim: Seat, suits: Sequence[int], ctx: LineContext) -> list[int]:
    """Suits the line played before the throw-in while the victim still held them (his exits taken away)."""
    out: list[int] = []
    for trick in walk.tricks[:t]:
        led = trick.steps[0].card // 13
        if ctx.ours(trick.leader) and led not in suits and led not in out and \
                trick.hands[int(victim)] & SUIT_MASKS[led]:
            out.append(led)
    return out


def _loser_on_loser(walk: Walk, ctx: LineContext, values: LineValues, oracle: DoubleDummyOracle
                    ) -> tuple[int, Card] | None:
    if not walk.success or ctx.trump is None:
        return None
    trump = ctx.trump
    strain = int(values.position.strain)
    for t, trick in enumerate(walk.tricks):
        if trick.winner is None or ctx.ours(trick.winner):
            continue
        for k, step in enumerate(trick.steps):
            if not step.planned or not ctx.ours(step.seat) or k == 0:
                continue
            led = trick.steps[0].card // 13
            hand = trick.hands[int(step.seat)]
            if step.card // 13 in (led, trump) or hand & SUIT_MASKS[led] or not hand & SUIT_MASKS[trump]:
                continue
            gone = gone_before(walk, t)
            outside = ctx.outside_start & ~gone
            s = step.card // 13
            if not any(outside >> c & 1 for c in range(step.card + 1, 13 * s + 13)):
                continue  # the card discarded is a winner, not a loser
            row = np.array([trick.hands], dtype=np.uint64)
            per = np.asarray(oracle.batch_tricks_per_card(row, strain, int(trick.leader), trick.cards[:k]))[0]
            ruffs = [int(per[c]) for c in range(13 * trump, 13 * trump + 13) if hand >> c & 1 and per[c] >= 0]
            if ruffs and int(per[step.card]) > max(ruffs):
                return t, step.card
    return None


def _suits(suits: Sequence[int]) -> str:
    names = [SUIT_NAMES[s] for s in suits]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _combining(plan: LinePlan, card: Card, values: LineValues) -> TechniqueFinding | None:
    """COMBINING_CHANCES read from the plan's first event (see the module docstring), or None."""
    if not plan.events:
        return None
    top = plan.events[0]
    honour = top.event.card
    if top.depth != 0 or top.event.kind != "fallen" or honour is None or not top.before:
        return None
    first = top.before[0]
    if not first.kinds or first.kinds[0] not in ("cash", "draw-trumps") or first.steps[0].card != card:
        return None
    suit = honour // 13
    drop = [st.card for sw in top.before for st, k in zip(sw.steps, sw.kinds)
            if k in ("cash", "draw-trumps") and st.card // 13 == suit]
    if not drop or drop[0] != card:
        return None
    # the second chance: where the honour has not fallen, a finesse, or first a card of another suit
    second = next((sw for sw in top.if_no if "finesse" in sw.kinds), None) or \
        next((sw for sw in top.if_no if any(st.card // 13 != suit and k not in ("discard", "follow", "choice")
                                            for st, k in zip(sw.steps, sw.kinds))), None)
    if second is None:
        return None
    finesse = "finesse" in second.kinds or " toward " in second.text  # a lead toward a tenace starts one
    opener = top.if_no[0].steps[0].card if top.if_no and top.if_no[0].steps else second.steps[0].card
    chance_words = second.text
    if finesse and top.if_no and top.if_no[0] is not second:
        lead = top.if_no[0]
        chance_words = f"{lead.text}, then {second.text}" if lead.kinds[:1] != ("lead",) or \
            lead.steps[0].card // 13 != second.steps[-1].card // 13 else f"{lead.text} and {second.text}"
    cashes = " and the ".join(_sym(c) for c in drop)
    settled = not any(k in ("finesse", "give-up", "duck") for sw in top.if_yes for k in sw.kinds)
    then = "you need nothing else" if settled or not top.if_yes else top.if_yes[0].text
    at_once = (f"; {'finessing' if finesse else 'trying it'} at once (the {_sym(opener)}) makes "
               f"{round(100 * values.chance[opener])}%" if opener in values.chance and opener != card and
               values.chance[opener] < values.chance[card] - 1e-9 else "")
    return TechniqueFinding(Technique.COMBINING_CHANCES,
                            f"combining chances, the drop first, then the {'finesse' if finesse else 'next chance'}: "
                            f"cash the {cashes} — if the {_sym(honour)} falls, {then}; if it does not, "
                            f"{chance_words}{at_once}", "combining-chances", {}, (card, honour))


MIN_SHARE = 0.25
"""A line technique is named only when the deals it wins by it carry at least this share of the line's chance:
a squeeze that operates in 1 deal of 20 against a 65% line is not why the line is played."""


def _weight(found: Sequence[tuple[Walk, object]], w: np.ndarray) -> float:
    return float(sum(w[x.world] for x, _ in found))


def _carries_the_line(found: Sequence[tuple[Walk, object]], w: np.ndarray, chance: float) -> bool:
    return chance > 0 and _weight(found, w) >= MIN_SHARE * chance - 1e-12


def _share_note(found: Sequence[tuple[Walk, object]], w: np.ndarray, chance: float) -> str:
    """'in 40% of the deals' when the technique is seen in fewer deals than the line wins (else empty)."""
    share = _weight(found, w)
    if share >= chance - 1e-9:
        return ""
    return f"in {round(100 * share)}% of the deals"


def line_techniques(values: LineValues, card: Card, walks: list[Walk] | None, plan: LinePlan | None,
                    oracle: DoubleDummyOracle, best_chance: float, cancel: CancelToken = NEVER
                    ) -> tuple[TechniqueFinding, ...]:
    """The line techniques of ``card`` (main one first; see the module docstring)."""
    if not walks or not values.declaring:
        return ()
    ctx = LineContext(values)
    out: list[TechniqueFinding] = []
    w = values.weights
    chance = float(values.chance[card])
    squeezes = [(x, found) for x in walks if not cancel.check() and
                (found := squeeze_in(x, values, ctx, oracle)) is not None]
    if squeezes and not _carries_the_line(squeezes, w, chance):
        squeezes = []
    if squeezes:
        by_victim: dict[Seat, float] = {}
        for x, found in squeezes:
            by_victim[found[2]] = by_victim.get(found[2], 0.0) + float(w[x.world])
        main = max(by_victim, key=lambda v: (by_victim[v], -int(v)))
        walk, (t, sq, victim, threats, positional) = max(((x, f) for x, f in squeezes if f[2] == main),
                                                         key=lambda p: w[p[0].world])
        kind = "positional" if positional else "automatic"
        lead = "" if t == 0 else "the line ends in a squeeze: "
        phrase = (f"{lead}the {_sym(sq)} squeezes {_name(victim)}, who must keep the "
                  f"{SUIT_NAMES[threats[0] // 13]} and the {SUIT_NAMES[threats[1] // 13]} guarded against the "
                  f"{_sym(threats[0])} and the {_sym(threats[1])} ({kind} simple squeeze"
                  f"{', ' + share if (share := _share_note(squeezes, w, chance)) else ''})")
        out.append(TechniqueFinding(Technique.SQUEEZE, phrase, "squeeze",
                                    {"deals": float(sum(w[x.world] for x, _ in squeezes))},
                                    (sq, threats[0], threats[1]), victim))
        first = walk.tricks[0]
        kinds = step_kinds(first, 0, ctx)
        if t > 0 and kinds and any(k in ("give-up", "duck", "hold-up") and s.card == card for s, k in kinds) and \
                first.winner is not None and not ctx.ours(first.winner):
            out.insert(0, TechniqueFinding(Technique.RECTIFY_COUNT,
                                           f"give up this trick now to rectify the count for a squeeze on "
                                           f"{_name(victim)}", "rectify-count", {}, (sq,), victim))
    throws = [(x, found) for x in walks if not cancel.check() and
              (found := throw_in_at(x, values, ctx, oracle)) is not None]
    if throws and not _carries_the_line(throws, w, chance):
        throws = []
    if throws:
        walk, (t, given, victim, suits) = max(throws, key=lambda p: w[p[0].world])
        into = _into(walk, t, victim, suits, ctx)
        forced = f" ({' or '.join(into)})" if into else ""
        strip = _stripped(walk, t, victim, suits, ctx)
        stripped = f"with his {_suits(strip)} stripped, " if strip else ""
        if t == 0 and given == card:
            phrase = (f"the {_sym(given)} throws {_name(victim)} in: {stripped}left with only {_suits(suits)}, "
                      f"whatever he leads gives you a trick{forced}")
        else:
            phrase = (f"the line throws {_name(victim)} in with the {_sym(given)}: {stripped}left with only "
                      f"{_suits(suits)}, whatever he leads gives you a trick{forced}")
        if share := _share_note(throws, w, chance):
            phrase += f" (it works {share})"
        out.append(TechniqueFinding(Technique.THROW_IN, phrase, "throw-in",
                                    {"deals": float(sum(w[x.world] for x, _ in throws))}, (given,), victim))
    losers = [(x, found) for x in walks if (found := _loser_on_loser(x, ctx, values, oracle)) is not None]
    if losers and not out and _carries_the_line(losers, w, chance):
        walk, (t, disc) = max(losers, key=lambda p: w[p[0].world])
        when = "" if t == 0 else "later in the line, "
        out.append(TechniqueFinding(Technique.LOSER_ON_LOSER,
                                    f"{when}discard the {_sym(disc)} on a trick you must lose instead of ruffing "
                                    f"(a loser on a loser)", "loser-on-loser", {}, (disc,)))
    if plan is not None and values.chance[card] >= best_chance - 1e-9:
        words = [k for sw in plan.words for k in sw.kinds]
        first = plan.words[0] if plan.words else None
        combined = _combining(plan, card, values)
        if combined is not None:
            out.append(combined)
        elif first is not None and first.kinds[:1] == ("lead",) and "win" in first.kinds[1:] and \
                "cross to" in first.text and "finesse" in words[len(first.kinds):]:
            out.append(TechniqueFinding(Technique.CROSS_TO_FINESSE, f"cross to finesse: {first.text}, then "
                                                                    f"take the finesse", "cross-to-finesse", {},
                                        (card,)))
    return tuple(out)


def _ruffs_a_winner(trick: WalkTrick, ctx: LineContext, trump: int) -> list[Seat]:
    """The defenders who trump a side suit's trick that the side's card of the suit led was winning (a
    winner of the side ruffed, whoever led)."""
    led = trick.steps[0].card // 13
    if led == trump:
        return []
    top = None
    hit: list[Seat] = []
    for step in trick.steps:
        if step.card // 13 == trump and not ctx.ours(step.seat):
            if top is not None and ctx.ours(top.seat):
                hit.append(step.seat)
            break
        if step.card // 13 == led and (top is None or step.card > top.card):
            top = step
    return hit


def comparison_techniques(values: LineValues, best: Card, rival: Card, best_walks: list[Walk] | None,
                          rival_walks: list[Walk] | None, best_names: Sequence[Technique]
                          ) -> tuple[TechniqueFinding, ...]:
    """Techniques that are about what the runner-up's line gets wrong, read from both lines in the deals
    where the recommended card's line wins and the runner-up's loses (more than half of them by weight):

    ``trump control`` (TRUMP_CONTROL)
        the recommended card draws trumps, and in those deals the runner-up's line has a winner of the side
        ruffed by a defender (the side's card was winning a side suit's trick, whoever led it);
    ``avoidance`` (AVOIDANCE)
        in those deals the runner-up's line first loses a trick to one defender D (the danger hand), while the
        recommended line also loses a trick, but only to D's partner (the safe hand): a trick that must be
        lost is lost to the defender who can do no harm.
    """
    if not best_walks or not rival_walks or not values.declaring or values.chance[best] <= values.chance[rival]:
        return ()
    ctx = LineContext(values)
    w = values.weights
    rival_by_world = {x.world: x for x in rival_walks}
    deals = [(x, rival_by_world[x.world]) for x in best_walks
             if x.success and x.world in rival_by_world and not rival_by_world[x.world].success]
    total = sum(float(w[x.world]) for x, _ in deals)
    if total <= 0:
        return ()
    out: list[TechniqueFinding] = []
    trump = ctx.trump
    if trump is not None and Technique.DRAW_TRUMPS in best_names:
        ruffed = 0.0
        ruffer: dict[Seat, float] = {}
        for _, r in deals:
            for trick in r.tricks:
                hit = _ruffs_a_winner(trick, ctx, trump)
                if hit:
                    ruffed += float(w[r.world])
                    ruffer[hit[0]] = ruffer.get(hit[0], 0.0) + float(w[r.world])
                    break
        if ruffed > total / 2:
            who = max(ruffer, key=lambda s: ruffer[s])
            if rival // 13 == trump:
                phrase = (f"trump control: draw every trump before the winners — after the {_sym(rival)}, "
                          f"{_name(who)} keeps a trump to ruff a winner")
            else:
                phrase = f"trump control: draw trumps first — with the {_sym(rival)} first, {_name(who)} can " \
                         f"ruff a winner"
            out.append(TechniqueFinding(Technique.TRUMP_CONTROL, phrase, "trump-control",
                                        {"share": ruffed / total}, (rival,), who))
    danger: dict[Seat, float] = {}
    for b, r in deals:
        lost = next((t.winner for t in r.tricks if t.winner is not None and not ctx.ours(t.winner)), None)
        if lost is None:
            continue
        given = [t.winner for t in b.tricks if t.winner is not None and not ctx.ours(t.winner)]
        if not given or any(x != lost.partner for x in given):
            continue
        danger[lost] = danger.get(lost, 0.0) + float(w[r.world])
    if danger:
        who = max(danger, key=lambda s: danger[s])
        if danger[who] > total / 2:
            out.append(TechniqueFinding(Technique.AVOIDANCE,
                                        f"avoidance: keep {_name(who)} off lead — the {_sym(rival)} lets him in",
                                        "avoidance", {"share": danger[who] / total}, (rival,), who))
    return tuple(out)
