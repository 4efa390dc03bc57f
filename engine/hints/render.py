"""The words of a hint, built only from the computed facts of a :class:`~.model.BridgeHint`.

Every number printed is a field of the hint (formatted by :func:`pct`), every
condition is a :class:`~.conditions.Condition` whose rule was checked against the
worlds, every technique is a finding of :mod:`.techniques`.  Nothing here
decides anything.
"""

from __future__ import annotations

from ..core.cards import SUIT_NAMES, card_symbol_str
from .conditions import Condition
from .model import BridgeHint, CandidateHint, Goal, Method

__all__ = ["pct", "condition_phrase", "bridge_text"]


def pct(p: float) -> str:
    """A probability as a percentage: whole numbers from 10%, one decimal below (``<0.1%`` for tiny ones)."""
    v = 100.0 * p
    if v <= 0.0:
        return "0%"
    if v < 0.05:
        return "<0.1%"
    if v >= 99.95 and v < 100.0 - 1e-9:
        return ">99.9%"
    if v >= 10.0 or abs(v - round(v)) < 0.05:
        return f"{round(v):.0f}%" if v < 99.5 or v >= 100.0 - 1e-9 else ">99%"
    return f"{v:.1f}%"


def condition_phrase(cond: Condition, when: str = "exactly when") -> str:
    """'exactly when West holds the ♠K', 'unless ...', 'mostly when ... (...)' with the a-priori figure; a rule
    found on half a sample says how it fared on the deals it was checked on, and never says "exactly"."""
    rule = cond.rule
    if rule.is_always:
        return "in every deal"
    if rule.is_never:
        return "in no deal"
    prior = f"; {pct(cond.a_priori)} a priori" if cond.a_priori is not None else ""
    if cond.tested:
        checked = f"{cond.tested} sampled deals it was checked on"
        if cond.missed <= 0.0 and cond.extra <= 0.0:
            return f"{'unless' if cond.negated else 'when'} {rule.text()} (true of all {checked}{prior})"
        lead = "mostly unless" if cond.negated else "mostly when"
        return (f"{lead} {rule.text()} (on the {checked}, that description leaves out {pct(cond.missed)} where it "
                f"works and takes in {pct(cond.extra)} where it does not{prior})")
    if cond.exact:
        if cond.negated:
            return f"unless {rule.text()} (which happens in {pct(cond.rule_probability)} of the deals{prior})"
        return f"{when} {rule.text()}" + (f" ({pct(cond.a_priori)} a priori)" if cond.a_priori is not None else "")
    lead = "mostly unless" if cond.negated else "mostly when"
    return (f"{lead} {rule.text()} (that description leaves out {pct(cond.missed)} where it works and takes in "
            f"{pct(cond.extra)} where it does not{prior})")


def _card(c: int) -> str:
    return card_symbol_str(c)


def _cards(cand: CandidateHint) -> str:
    if len(cand.equivalents) == 1:
        return f"the {_card(cand.card)}"
    others = " or ".join(_card(c) for c in cand.equivalents if c != cand.card)
    return f"the {_card(cand.card)} (or {others})"


def _goal_words(hint: BridgeHint) -> str:
    left = hint.goal_tricks
    total = hint.offset + left
    if hint.goal is Goal.CONTRACT:
        return "beats the contract" if not hint.declaring else "makes the contract"
    if hint.goal is Goal.OVERTRICK:
        return f"takes {total} tricks for declarer" if hint.declaring else f"holds declarer to {total - 1} tricks"
    if hint.goal is Goal.UNDERTRICK:
        return f"takes {total} tricks for declarer" if hint.declaring else f"holds declarer to {total - 1} tricks"
    return "reaches the same result"


def _figure(cand: CandidateHint, hint: BridgeHint) -> str:
    """A candidate's chance as printed: exact, or with its 95% error (a suit reduction's mixed card has one)."""
    if cand.at_most:
        return f"at most {pct(cand.p_goal)}"
    if cand.p_floor is not None and pct(cand.p_floor) != pct(cand.p_goal):
        return f"{pct(cand.p_floor)} to {pct(cand.p_goal)}"
    if cand.error <= 0.0:
        return pct(cand.p_goal)
    return f"{pct(cand.p_goal)} ± {pct(cand.error)}"


def _sample_note(hint: BridgeHint, cond: Condition) -> str:
    """Where a condition's deals come from, unless the condition says so itself (a tested one)."""
    if hint.exact or hint.method is Method.SUIT_REDUCTION or cond.tested:
        return ""
    return f" (in the {hint.worlds} deals tried)"


def bridge_text(hint: BridgeHint) -> str:
    best = hint.candidates[0]
    if hint.method is Method.FORCED:
        others = "" if len(best.equivalents) == 1 else " (the cards you may play are equal)"
        return f"Play {_cards(best)}: it is your only choice{others}."
    parts: list[str] = []
    head = f"Play {_cards(best)}"
    if best.techniques:
        head += f": {best.techniques[0].phrase}"
        if len(best.techniques) > 1:
            head += "; " + "; ".join(t.phrase for t in best.techniques[1:])
    parts.append(head + ".")
    goal = _goal_words(hint)
    if hint.goal in (Goal.OVERTRICK, Goal.UNDERTRICK):
        side = "makes the contract" if hint.declaring else "beats the contract"
        mine = best.p_make if hint.declaring else 1.0 - best.p_make
        parts.append(f"Every card {side} equally often ({pct(mine)}), so the cards differ in tricks.")
    ranged = best.p_floor is not None and pct(best.p_floor) != pct(best.p_goal)
    if best.condition is not None and best.condition.rule.is_always and not ranged:
        sentence = f"It {goal} in every deal (100%)"
    else:
        sentence = f"It {goal} in {_figure(best, hint)} of the deals"
        if best.condition is not None and not best.condition.rule.is_always:
            sentence += f", {condition_phrase(best.condition)}{_sample_note(hint, best.condition)}"
    parts.append(sentence + ".")
    if best.line:
        parts.append(f"The line: {best.line} ({_figure(best, hint)}).")
    if hint.tied:
        names = ", ".join(_card(c) for c in hint.tied)
        if hint.tie_rule == "floor":
            rival = hint.candidate(hint.tied[0])
            theirs = f"none was found for the {_card(rival.card)}" if rival.p_floor is None else \
                f"one with the {_card(rival.card)} {pct(rival.p_floor)}"
            parts.append(f"The {names} {'reaches' if len(hint.tied) == 1 else 'reach'} the same upper figure, but a "
                         f"concrete line with the {_card(best.card)} makes {pct(best.p_floor or 0.0)} and {theirs}, "
                         f"so the {_card(best.card)} comes first.")
        elif hint.tie_rule in ("expected tricks", "line tricks"):
            how = "double dummy" if hint.tie_rule == "expected tricks" else "its line, played without seeing"
            parts.append(f"The {names} {'does' if len(hint.tied) == 1 else 'do'} as well on that; "
                         f"the {_card(best.card)} takes more tricks on average ({how}), so it comes first.")
        elif hint.tie_rule == "deciding suit":
            suit = SUIT_NAMES[best.card // 13]
            parts.append(f"The {names} {'comes' if len(hint.tied) == 1 else 'come'} to the same, only putting "
                         f"off the {suit}: the {_card(best.card)} plays them now.")
        else:
            parts.append(f"The {names} {'is' if len(hint.tied) == 1 else 'are'} just as good; "
                         f"the lower card keeps your higher ones for later.")
    told = False  # the first alternative shown with a line tells it (the best alternative's plan)
    for k, cand in enumerate(hint.candidates[1:]):
        if cand.condition is None or (k > 0 and cand.p_goal <= 0.0) or cand.card in hint.tied:
            continue  # beyond the runner-up, cards that never reach the goal teach nothing
        s = f"{_cards(cand)[0].upper()}{_cards(cand)[1:]}"
        if cand.techniques:
            s += f" — {cand.techniques[0].phrase}"
        s += f": {_figure(cand, hint)}, {condition_phrase(cand.condition)}"
        if cand.gains is not None and cand.gains.rule != cand.condition.rule:
            s += f"; better than the {_card(best.card)} only {condition_phrase(cand.gains, 'when')}"
        parts.append(s + ".")
        if cand.line and not told:
            parts.append(f"Its line: {cand.line}.")
            told = True
    if best.gains is not None and len(hint.candidates) > 1 and hint.candidates[1].card not in hint.tied:
        rival = hint.candidates[1]
        parts.append(f"The {_card(best.card)} does better than the {_card(rival.card)} "
                     f"{condition_phrase(best.gains, 'when')}{_sample_note(hint, best.gains)}.")
    said: dict[tuple[str, str, str], list[CandidateHint]] = {}  # cards with the same note share one sentence
    for cand in hint.candidates:
        note = cand.fusion
        if note is None or note.double_dummy - note.line < 0.005:
            continue
        where = ""
        if note.condition is not None and note.condition.exact and not note.condition.negated:
            where = f" — {note.condition.rule.text()}"
        said.setdefault((pct(note.double_dummy), pct(note.double_dummy - note.line), where), []).append(cand)
    for (dd, gap, where), cands in said.items():
        names = ", ".join(_card(c.card) for c in cands)
        parts.append(
            f"Seeing every card, the {names} would reach the goal in {dd} of the deals; the other {gap} need a "
            f"later guess that no single line gets right in all of them{where}.")
    for e in hint.expert[:2]:
        mine, theirs = (e.north, e.south) if e.library_north == hint.mover else (e.south, e.north)
        holding = f"{mine} opposite {theirs}" if e.library_north in (hint.mover, hint.mover.partner) else \
            f"{e.north} opposite {e.south}"
        parts.append(f"Library combination #{e.entry_id}, {holding} for {e.tricks} "
                     f"trick{'s' if e.tricks != 1 else ''}: \"{library_words(e)}\"{_steps_words(e)} For the suit alone, "
                     f"before any "
                     f"of its cards is seen, that is {pct(e.probability)} against the best defence"
                     f"{'' if abs(e.probability - e.stated_probability) < 0.005 else f' (the source says {e.expert_chance})'}"
                     f"; the figures above count what has been seen since.")
    parts.append(basis_sentence(hint))
    return " ".join(parts)


def library_words(e) -> str:
    """An expert line's words with the library's seats turned to the table's (:func:`.expert.table_words`)."""
    from .expert import table_words

    return table_words(e, e.line)


def _steps_words(e) -> str:
    """' Step by step: Cash the ace. Cash the king.' — the library's plan in the table's seats (≤ 4 steps)."""
    from .expert import table_words

    steps = [table_words(e, x.strip()) for x in e.steps[:4]]
    return "" if not steps else " Step by step: " + " ".join(steps) + ("" if len(e.steps) <= 4 else " …")


def against(declaring: bool) -> str:
    """Whom a line is played against, in a player's words: the defenders see every card, and so does
    declarer when a defender's line is searched (the partner, who sees the deal too, plays for the defence)."""
    return "against the best defence" if declaring else "against declarer's best play"


def basis_sentence(hint: BridgeHint) -> str:
    """Where the figures come from, in one sentence (method, deals, error)."""
    if hint.method is Method.EXACT:
        which = "the one layout" if hint.worlds == 1 else f"every one of the {hint.worlds} layouts"
        return (f"Exact: {which} consistent with what you see, each line played "
                f"to the end without seeing the hidden cards, {against(hint.declaring)}.")
    if hint.method is Method.SUIT_REDUCTION:
        rest = "" if hint.exact else (" A figure with ± has a margin: its share of the deals where the card's "
                                      "other suits give a different number of tricks (the outcome there is not "
                                      "the suit's), and, when the layouts are weighed by sampled deals, the 95% "
                                      "sampling error.")
        return (f"{'Found' if hint.sampled else 'Exact'} for the deciding suit: {method_words(hint)}; its "
                f"{hint.worlds} layouts, each line played without seeing the hidden cards.{rest}")
    if hint.sampled and hint.narrowed:
        basis = (f"Estimated from {hint.worlds} deals sampled from the layouts consistent with what you see and "
                 f"the auction (of the {hint.layouts:,} the cards alone allow; {method_words(hint)}); ± gives the 95% "
                 f"sampling error")
    elif hint.sampled:
        basis = (f"Estimated from {hint.worlds} deals sampled from the {hint.layouts:,} layouts consistent with "
                 f"what you see ({method_words(hint)}); ± gives the 95% sampling error")
    else:
        basis = (f"Estimated over every one of the {hint.layouts:,} layouts consistent with what you see "
                 f"({method_words(hint)}; searching to the end was too long)")
    return f"{basis}, and {_caveat(hint)}.{_floor_sentence(hint)}"


def _floor_sentence(hint: BridgeHint) -> str:
    """What the recommended card's lower figure is, when an estimate found one: a concrete line's chance,
    which may make its figure exact, or prove the card right (no other card's upper figure is higher)."""
    best = hint.candidates[0]
    if best.p_floor is None or best.p_goal <= 0.0:
        return ""  # nothing found, or nothing to reach (a line making 0% proves nothing)
    line = ("one concrete line (the one searched, then at each turn the card that reaches the goal in the most "
            "layouts still possible)")
    if pct(best.p_floor) == pct(best.p_goal):
        said = f" The {_card(best.card)}'s figure is exact all the same: {line} reaches it {against(hint.declaring)}."
    else:
        said = (f" The lower figure is what {line} makes with the {_card(best.card)} {against(hint.declaring)}: "
                f"the true chance lies between the two.")
    others = [c.p_goal for c in hint.candidates[1:]]
    if others and best.p_floor >= max(others) - 1e-12:
        said += (f" Even that is as much as any other card's upper figure, so the {_card(best.card)} is surely a "
                 f"right card.")
    return said


def method_words(hint: BridgeHint) -> str:
    """The analysis in a player's words (chosen with the method, :class:`~.lines.Basis`): the engines' own
    names (PIMC, αμ and its M) stay in the JSON's ``algorithm`` and the app's advanced view."""
    return hint.algorithm_words or hint.algorithm


def _caveat(hint: BridgeHint) -> str:
    """How an estimate flatters the side it advises (each method counts some later guesses as right)."""
    return hint.caveat or "the figures are optimistic: every later guess is counted as right"