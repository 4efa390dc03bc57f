"""The Suit practice texts: the task before the play, and the result with every exact chance after it.

Plain functions returning HTML (no Qt), so the wording can be tested on its own.
"""

from __future__ import annotations

from html import escape

from engine.core.seats import Seat
from engine.session.suit_review import SuitReview
from engine.session.suit_session import PlayedTrick, SuitResult, SuitSetup
from engine.suits.compare import LayoutDifference
from engine.suits.line_table import LineTable
from engine.suits.model import rank_char

__all__ = ["percent", "task_html", "tricks_html", "result_html", "verdict_html", "steps_html", "table_html",
           "MAX_LAYOUTS_SHOWN"]

MAX_LAYOUTS_SHOWN = 4


def percent(p: float) -> str:
    """An exact chance as the app shows it: ``50.48%``."""
    return f"{100.0 * p:.2f}%"


def _tricks(n: int) -> str:
    return f"{n} trick{'s' * (n != 1)}"


def task_html(setup: SuitSetup) -> str:
    return (
        f"<p><b>Make {_tricks(setup.target)}</b> with {escape(setup.holdings)}.</p>"
        "<p>You play both hands and may lead from either at every trick: click a card of North or "
        "South (or move with ←/→ and press Enter). The defenders hold one layout, drawn at random, "
        "and play it double dummy.</p>"
    )


def tricks_html(tricks: tuple[PlayedTrick, ...]) -> str:
    """The tricks played so far, one line each: ``1. S 2, W 7, N 9, E J → East`` (``W –``: void, a discard)."""
    if not tricks:
        return ""
    rows = []
    for i, t in enumerate(tricks, start=1):
        played = dict(t.cards)
        leader = t.cards[0][0]
        seats = [Seat((leader + k) % 4) for k in range(4)]
        cards = ", ".join(f"{s.letter}&nbsp;{rank_char(played[s]) if s in played else '–'}" for s in seats)
        who = t.winner.name.title()
        rows.append(f"{i}. {cards} → <b>{who}</b>" if t.declarer_won else f"{i}. {cards} → {who}")
    return "<p><b>Tricks</b> (your wins in bold)<br>" + "<br>".join(rows) + "</p>"


def _layouts(diffs: tuple[LayoutDifference, ...]) -> str:
    shown = ", ".join(f"{escape(d.west)} / {escape(d.east)} ({percent(d.probability)})" for d in diffs[:MAX_LAYOUTS_SHOWN])
    more = len(diffs) - MAX_LAYOUTS_SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def steps_html(steps: tuple[tuple[int, str], ...], words: str) -> str:
    """A line in short steps, one per line, what to do in each case indented under the step."""
    if not steps:
        return f"<p>{escape(words)}</p>"
    rows = [f"<div style='margin-left:{12 + 18 * depth}px'>{'• ' if depth == 0 else '– '}{escape(text)}</div>"
            for depth, text in steps]
    return "".join(rows)


def table_html(table: LineTable, target: int) -> str:
    """Every sensible line with its exact chance of each number of tricks and its expected tricks: one
    column per line (the panel is narrow; there are few sensible lines and up to seven targets), the best
    figure per target in bold with a star, the target's row marked, safety plays named.  Lines another
    line beats everywhere (other ways to start) follow in a sentence each, with their figures."""
    grid = [line for line in table.lines if line.dominated_by is None or line.expert]
    others = [line for line in table.lines if line.dominated_by is not None and not line.expert]
    labels = "".join(f"<th align='right'>&nbsp;{escape(line.label)}</th>" for line in grid)
    parts = ["<p><b>Every line, every target</b>: exact chances against best defence; ★ the best for that "
             f"number of tricks.</p><table cellspacing='2'><tr><th align='left'>Tricks</th>{labels}</tr>"]
    for k in range(1, table.top + 1):
        name = f"<b>{k} or more</b>" if k == target else f"{k} or more"
        cells = []
        for line in grid:
            text = percent(line.chances[k - 1])
            cells.append(f"<td align='right'>&nbsp;{f'<b>{text}★</b>' if k in line.best_for else text}</td>")
        parts.append(f"<tr><td>{name}</td>{''.join(cells)}</tr>")
    cells = []
    for line in grid:
        text = f"{line.expected:.3f}"
        cells.append(f"<td align='right'>&nbsp;{f'<b>{text}★</b>' if None in line.best_for else text}</td>")
    parts.append(f"<tr><td>on average</td>{''.join(cells)}</tr></table>")
    for line in grid:
        safety = ""
        if line.safety_for:
            safety = " <i>" + " ".join(escape(table.safety_sentence(line, k)) for k in line.safety_for) + "</i>"
        beaten = f" <i>(line {escape(line.dominated_by)} is as good for every target and better for some)</i>" \
            if line.dominated_by else ""
        parts.append(f"<p><b>{escape(line.label)}</b>: {escape(line.words)}{safety}{beaten}</p>")
    if others:
        parts.append("<p><b>Other starts</b>, each with its best continuation; a line above is as good for "
                     "every target and better for some:</p>")
        for line in others:
            figures = " / ".join(percent(c) for c in line.chances)
            parts.append(f"<p><b>{escape(line.label)}</b> ({figures}; {line.expected:.3f} tricks; below line "
                         f"{escape(line.dominated_by or '')}): {escape(line.words)}</p>")
    return "".join(parts)


def result_html(setup: SuitSetup, result: SuitResult, review: SuitReview | None, cards_played: int) -> str:
    """The verdict, the layout, then (once worked out) the best, expert and your own line with their chances."""
    if result.gave_up:
        head = f"<b>You gave up</b> after {cards_played} card{'s' * (cards_played != 1)}."
    elif result.made:
        head = f"<b>Made:</b> {_tricks(result.tricks)}, target {result.target}."
    elif review is None:
        head = f"<b>Not made:</b> {_tricks(result.tricks)}, target {result.target}."
    elif review.optimal:
        head = (f"<b>Best line, unlucky layout:</b> {_tricks(result.tricks)}, target {result.target}. "
                "Your line is as good as any; this layout beats it.")
    else:
        head = f"<b>Failed:</b> {_tricks(result.tricks)}, target {result.target}."
    parts = [f"<p>{head}"]
    if result.claim_text:
        parts.append(f" {escape(result.claim_text)}")
    parts.append("</p>")
    if review is None:
        parts.append("<p><i>Working out the exact chances…</i></p>")
        return "".join(parts)
    parts.append(f"<p>The layout: West {escape(review.west)}, East {escape(review.east)}.</p>")
    rows = [("Best line", percent(review.best.chance))]
    if review.expert is not None and review.expert.line is not None:
        rows.append(("Expert line", percent(review.expert.line.chance)))
    rows.append(("Your line", percent(review.yours.chance) if review.decisions else "—"))
    parts.append("<p><b>Exact chances</b> of " + _tricks(review.target) + " against best defence:</p><table>")
    parts += [f"<tr><td>{name}:&nbsp;</td><td align='right'><b>{value}</b></td></tr>" for name, value in rows]
    parts.append("</table>")
    best = review.best
    parts.append(f"<p><b>Best line</b> ({percent(best.chance)}); on this layout it takes {_tricks(best.tricks_here)}:</p>")
    parts.append(steps_html(best.steps, best.words))
    expert = review.expert
    if expert is not None:
        where = f"library #{expert.entry_id}" if expert.entry_id else "library"
        text = f"<p><b>Expert line</b> ({where}, stated {escape(expert.stated)}"
        if expert.line is not None:
            text += f"; its plan, valued exactly: <b>{percent(expert.line.chance)}</b>"
        text += f"): {escape(expert.words)}"
        if expert.corrected and expert.note:
            text += f" <i>Note: {escape(expert.note)}</i>"
        parts.append(text + "</p>")
        if expert.line is not None:
            parts.append(steps_html(expert.line.steps, expert.line.words))
        if expert.source:
            kind = "published" if expert.published else "source"
            parts.append(f"<p><small>{kind.capitalize()}: {escape(expert.source)}</small></p>")
    if not review.decisions:
        parts.append("<p><b>Your line:</b> you played no card, so there is no line of yours to value.</p>")
    else:
        gap = best.chance - review.yours.chance
        verdict = "That is the best possible." if review.optimal else f"It gives away {percent(gap)}."
        parts.append(
            f"<p><b>Your line</b> ({percent(review.yours.chance)}): your cards where you played them, the best "
            f"continuation everywhere else (other layouts, other defenders' cards"
            f"{', and after you stopped' if result.gave_up else ''}). {verdict}</p>"
        )
        if review.only_best:
            parts.append(f"<p>Only the best line makes it with West / East: {_layouts(review.only_best)}.</p>")
        if review.only_yours:
            parts.append(f"<p>Only your line makes it with West / East: {_layouts(review.only_yours)}.</p>")
        if review.only_best or review.only_yours:
            parts.append("<p><small>Equal cards are shown by the highest; each figure is the chance of all "
                         "such layouts together.</small></p>")
    if review.table is not None:
        parts.append(table_html(review.table, review.target))
    parts.append(f"<p>{verdict_html(result, review)}</p>")
    return "".join(parts)


def verdict_html(result: SuitResult, review: SuitReview) -> str:
    """The closing verdict, which never contradicts the head: solved means made with the best line."""
    if result.gave_up:
        why = "you gave up" + (", though no card you played gave anything away" if review.optimal else "")
        return f"<b>Not solved</b>: {why}."
    short = percent(review.best.chance - review.yours.chance)
    if review.optimal and result.made:
        return "<b>Solved</b>: made, with a line as good as the best one."
    if review.optimal:
        return "<b>Right line</b>: your line is as good as the best one — the layout beat it, not your play."
    if result.made:
        return f"<b>Made, but not solved</b>: your line is {short} short of the best one; this layout was kind."
    return f"<b>Not solved</b>: your line is {short} short of the best one."
