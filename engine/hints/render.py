"""The words of a hint, built only from the computed facts of a :class:`~.model.BridgeHint`.

Every number printed is a field of the hint (formatted by :func:`pct`), every
condition is a :class:`~.conditions.Condition` whose rule was checked against the
worlds, every technique is a finding of :mod:`.techniques`.  Nothing here
decides anything.
"""

from __future__ import annotations

from ..core.cards import card_symbol_str
from .conditions import Condition
from .model import BridgeHint, CandidateHint, Goal

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
    """'exactly when West holds the ♠K', 'unless ...', 'mostly when ... (...)' with the a-priori figure."""
    rule = cond.rule
    if rule.is_always:
        return "in every deal"
    if rule.is_never:
        return "in no deal"
    prior = f"; {pct(cond.a_priori)} a priori" if cond.a_priori is not None else ""
    if cond.exact:
        if cond.negated:
            return f"unless {rule.text()} ({pct(cond.rule_probability)}{prior})"
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


def bridge_text(hint: BridgeHint) -> str:
    best = hint.candidates[0]
    parts: list[str] = []
    head = f"Play {_cards(best)}"
    if best.techniques:
        head += f": {best.techniques[0].phrase}"
        if len(best.techniques) > 1:
            head += " (" + "; ".join(t.phrase for t in best.techniques[1:]) + ")"
    parts.append(head + ".")
    goal = _goal_words(hint)
    if hint.goal is Goal.NONE:
        parts.append(f"Every card gives the same result in every deal (makes the contract: {pct(best.p_make)}).")
    else:
        if hint.goal in (Goal.OVERTRICK, Goal.UNDERTRICK):
            side = "makes the contract" if hint.declaring else "beats the contract"
            mine = best.p_make if hint.declaring else 1.0 - best.p_make
            parts.append(f"Every card {side} equally often ({pct(mine)}), so the cards differ in tricks.")
        if best.condition is not None and best.condition.rule.is_always:
            sentence = f"It {goal} in every deal (100%)"
        else:
            sentence = f"It {goal} in {pct(best.p_goal)} of the deals"
            if best.condition is not None:
                sentence += f", {condition_phrase(best.condition)}"
        parts.append(sentence + ".")
    for k, cand in enumerate(hint.candidates[1:]):
        if cand.condition is None or (k > 0 and cand.p_goal <= 0.0):
            continue  # beyond the runner-up, cards that never reach the goal teach nothing
        s = f"{_cards(cand)[0].upper()}{_cards(cand)[1:]}"
        if cand.techniques:
            s += f" — {cand.techniques[0].phrase}"
        s += f": {pct(cand.p_goal)}, {condition_phrase(cand.condition)}"
        if cand.gains is not None and cand.gains.rule != cand.condition.rule:
            s += f"; better than the {_card(best.card)} only {condition_phrase(cand.gains, 'when')}"
        parts.append(s + ".")
    if best.gains is not None and len(hint.candidates) > 1:
        rival = hint.candidates[1]
        parts.append(f"The {_card(best.card)} does better than the {_card(rival.card)} "
                     f"{condition_phrase(best.gains, 'when')}.")
    for cand in hint.candidates:
        note = cand.fusion
        if note is None:
            continue
        diff = note.pimc - note.alphamu
        parts.append(
            f"PIMC rates the {_card(cand.card)} at {pct(note.pimc)} but αμ (M={note.max_moves}) at "
            f"{pct(note.alphamu)}: the {pct(diff)} between them are the deals where it works only if declarer "
            f"later guesses the layout — {note.condition.rule.text() if note.condition.exact else 'no simple rule'}"
            f" — a different play in different deals from the same view (strategy fusion); "
            f"no single line wins them all.")
    pimc_best = _pimc_choice(hint)
    if pimc_best is not None and pimc_best != hint.best:
        parts.append(f"PIMC alone would choose the {_card(pimc_best)}; αμ's line is the one that can really be played.")
    for e in hint.expert[:2]:
        where = "" if e.library_north.name == "NORTH" else \
            f" (the library's North is your {e.library_north.name.title()}, its South your {e.library_south.name.title()})"
        parts.append(f"Library combination #{e.entry_id}, {e.north} opposite {e.south} for {e.tricks} "
                     f"trick{'s' if e.tricks != 1 else ''}{where}: \"{e.line}\" Exact chance {pct(e.probability)}"
                     f"{'' if abs(e.probability - e.stated_probability) < 0.005 else f' (the source says {e.expert_chance})'}.")
    basis = f"all {hint.worlds} deals consistent with what you see (exact)" if hint.exact else \
        f"{hint.worlds} deals consistent with what you see (a sample)"
    if hint.max_moves > 1:
        basis += f"; αμ with M={hint.max_moves} and PIMC"
    else:
        basis += "; PIMC (double dummy)"
    parts.append(f"Figures over {basis}.")
    return " ".join(parts)


def _pimc_choice(hint: BridgeHint) -> int | None:
    if "pimc" not in hint.candidates[0].p_make_by_algorithm or hint.max_moves <= 1:
        return None
    sign = 1.0 if hint.declaring else -1.0
    best = max(hint.candidates,
               key=lambda c: (sign * round(c.p_make_by_algorithm["pimc"], 9), sign * round(c.expected_tricks, 9),
                              -(c.card % 13)))
    return best.card
