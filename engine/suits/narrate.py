"""Plans in a player's words, in short steps: "Lead low from South to the queen; if it wins, cash
the ace".

A plan (:mod:`.plan`) is told step by step in the holdings' own orientation (North
and South as the problem gives them).  Each step is one sentence: the lead, third
hand's card, and what to do instead when second hand shows out or plays an honour;
then, indented, what to do when the trick shows something else.  Where the plan
stops, the rest plays itself (cash the winners, or lead toward the high cards).

Whether a card is "cashed" or "led", and how a defender's card is called ("low",
"the king", "the king or queen"), is read from the positions where the step is
actually carried out, found by walking the plan as a line.
"""

from __future__ import annotations

from dataclasses import dataclass

from .continuation import lowest_move, third_hand_move
from .evaluate import LineWalker
from .line_tree import LineNode, build_tree
from .model import holding_str, rank_char
from .plan import Atom, Condition, Plan, PlanLine, Step
from .position import NORTH, SOUTH, Position, SuitTable, position_text

__all__ = ["StepText", "plan_steps", "plan_sentence", "plan_name", "plan_texts", "steps_text", "card_word", "position_text", "narrate"]

_WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven",
          6: "six", 5: "five", 4: "four", 3: "three", 2: "two"}
_SEAT = ("North", "East", "South", "West")
_LETTER_RANK = {c: i + 2 for i, c in enumerate("23456789TJQKA")}


def card_word(rank: int) -> str:
    return _WORDS[rank]


@dataclass(frozen=True)
class StepText:
    """One line of a plan in words; ``depth`` 0 for the main line, 1 for what to do in a branch, ..."""

    depth: int
    text: str


def _visits(table: SuitTable, plan: Plan) -> tuple[PlanLine, dict]:
    """For each step (list, index): the lead positions where the plan carries it out."""
    line = PlanLine(plan)
    walker = LineWalker(table, line)
    seen: dict = {}
    stack = [build_tree(table, line, walker)]
    done: set[int] = set()
    while stack:
        node: LineNode = stack.pop()
        if id(node) in done:
            continue
        done.add(id(node))
        if node.kind == "declarer" and not node.position[6] and node.cursor[0] >= 0:
            seen.setdefault((node.cursor[0], node.cursor[1]), []).append(node.position)
        stack.extend(child for _m, child in node.branches)
    return line, seen


def _live_ranks(table: SuitTable, pos: Position) -> list[int]:
    return [r for g, grp in enumerate(table.groups) if pos[2][g] + pos[3][g] < grp.size for r in grp.ranks]


class _Teller:
    def __init__(self, table: SuitTable, plan: Plan) -> None:
        self.table = table
        self.line, self.visits = _visits(table, plan)

    def _positions(self, lid: int, index: int) -> list[Position]:
        return self.visits.get((lid, index), [])

    def _card(self, token: str, seat: int, positions: list[Position]) -> tuple[str, bool]:
        """(words, is a sure winner everywhere the step is played) for a declarer card token."""
        if token == "x":
            return "low", False
        rank = _LETTER_RANK[token]
        winner = bool(positions) and all(all(rank > r for r in _live_ranks(self.table, p)) for p in positions)
        return f"the {card_word(rank)}", winner

    def _defender_card(self, atom: Atom) -> str:
        if atom.card == "-":
            return "shows out"
        if atom.card == "x":
            return "plays low"
        rank = _LETTER_RANK[atom.card]
        group = next(g for g in self.table.groups if rank in g.ranks)
        if group.size == 1:
            return f"plays the {card_word(rank)}"
        if group.size <= 3:
            names = [card_word(r) for r in group.ranks]
            return f"plays the {', '.join(names[:-1])} or {names[-1]}"
        return f"plays a card from the {card_word(group.top)} down to the {card_word(group.bottom)}"

    def _honours(self, cards: list[str]) -> str:
        """"plays the king or jack": one defender's honours, high to low, each group named once."""
        ranks = sorted({_LETTER_RANK[c] for c in cards}, reverse=True)
        names = []
        for rank in ranks:
            group = next(g for g in self.table.groups if rank in g.ranks)
            for r in group.ranks:
                if card_word(r) not in names:
                    names.append(card_word(r))
        return "plays the " + (names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}")

    def condition(self, cond: Condition, lead_seat: int | None = None) -> str:
        # one alternative: the defenders' cards (seat -> card) and the trick's result, in play order
        alts: list[tuple[list[tuple[int, list[str]]], list[str]]] = []
        for alt in cond:
            if lead_seat is not None:  # in the order the cards are played
                alt = tuple(sorted(alt, key=lambda a: (a.kind != "card", (a.seat - lead_seat) % 4)))
            alts.append(([(a.seat, [a.card]) for a in alt if a.kind == "card"],
                         [a.kind for a in alt if a.kind in ("won", "lost")]))
        # alternatives that differ only in which honour one defender plays are told once:
        # "West plays the king or jack and East plays low"
        merged: list[tuple[list[tuple[int, list[str]]], list[str]]] = []
        for cards, result in alts:
            for other_cards, other_result in merged:
                if other_result != result or len(other_cards) != len(cards):
                    continue
                diff = [i for i, ((s1, c1), (s2, c2)) in enumerate(zip(cards, other_cards)) if (s1, c1) != (s2, c2)]
                if len(diff) == 1:
                    i = diff[0]
                    seat, card = cards[i]
                    other_seat, other = other_cards[i]
                    if seat == other_seat and card[0] not in "x-" and all(c not in "x-" for c in other):
                        other.extend(card)
                        break
            else:
                merged.append(([(seat, list(c)) for seat, c in cards], list(result)))
        texts = []
        for cards, result in merged:
            words = []
            if len(cards) == 2 and all(c == ["x"] for _s, c in cards):
                words.append("both defenders play low")
            else:
                for seat, c in cards:
                    if len(c) > 1:
                        words.append(f"{_SEAT[seat]} {self._honours(c)}")
                    else:
                        words.append(f"{_SEAT[seat]} {self._defender_card(Atom('card', seat, c[0]))}")
            words += ["it wins" if r == "won" else "it loses" for r in result]
            texts.append(" and ".join(words) if words else "always")
        return ", or ".join(texts)

    def _over_low(self, step: Step, positions: list[Position]) -> int | None:
        """The card third hand plays by the obvious rule when second hand plays low (the same wherever the
        step is played), if that is not simply its lowest card."""
        table = self.table
        ranks = set()
        for pos in positions:
            lead = lowest_move(table, pos, step.lead_seat)
            live = [g for g, grp in enumerate(table.groups) if pos[2][g] + pos[3][g] < grp.size]
            if lead is None or not live:
                return None
            after, _ = table.play(pos, lead)
            if not table.is_max(after):
                second, _ = table.play(after, live[-1])
                if not table.is_max(second):
                    return None
                move = third_hand_move(table, second)
                if move == lowest_move(table, second, step.third_seat):
                    return None
                ranks.add(move & 15)
        return ranks.pop() if len(ranks) == 1 else None

    def step(self, step: Step, lid: int, index: int) -> str:
        positions = self._positions(lid, index)
        lead_hand, third_hand = _SEAT[step.lead_seat], _SEAT[step.third_seat]
        lead_words, lead_wins = self._card(step.lead, step.lead_seat, positions)
        third_words = self._card(step.third, step.third_seat, positions)[0] if step.third else ""
        if step.lead == "x":
            over_low = self._over_low(step, positions) if step.third is None else None
            if over_low is not None:
                text = f"lead low to the {card_word(over_low)}"
            elif step.third is None:
                text = f"lead low from {lead_hand}"
            elif step.third == "x":
                text = f"lead low from {lead_hand} and play low from {third_hand} (duck)"
            else:
                text = f"lead low to {third_words}"
        elif lead_wins:
            text = f"cash {lead_words}"
            if step.third is not None and step.third != "x":
                text += f", {third_hand} playing {third_words}"
        elif step.third is None:
            text = f"lead {lead_words}"
        elif step.third == "x":
            text = f"lead {lead_words} and let it run"
        else:
            text = f"lead {lead_words} to {third_words}"
        overrides = []
        for cond, card in step.second:
            words = "low" if card == "x" else f"the {card_word(_LETTER_RANK[card])}"
            overrides.append(f"if {self.condition(cond, step.lead_seat)}, play {words} from {third_hand}")
        if overrides:
            text += " (" + "; ".join(overrides) + ")"
        return text

    def steps(self, lid: int, depth: int, out: list[StepText], start: int = 0) -> None:
        """The steps of list ``lid`` from ``start``: a step's branches indented under it as "If ...:", and
        the steps that follow branches indented as "Otherwise: ..." (they are played only when no branch
        was taken), as :meth:`paragraph` says it in one sentence."""
        plan = self.line.lists[lid]
        for index in range(start, len(plan)):
            step = plan[index]
            if not self._positions(lid, index):
                break  # never reached: the earlier branches cover every case
            out.append(StepText(depth, _capital(self.step(step, lid, index)) + "."))
            if step.then and index + 1 < len(plan) and self._positions(lid, index + 1):
                self._branches(step, lid, index, depth, out)
                first = len(out)
                self.steps(lid, depth + 1, out, index + 1)
                head = out[first]
                out[first] = StepText(head.depth, f"Otherwise: {head.text[0].lower()}{head.text[1:]}")
                return
            self._branches(step, lid, index, depth, out)

    def _branches(self, step, lid: int, index: int, depth: int, out: list[StepText]) -> None:
        for (cond, _sub), (_c, target) in zip(step.then, self.line.jumps[(lid, index)]):
            first = len(out)
            if target >= 0:
                self.steps(target, depth + 1, out)
            if len(out) > first:
                head = out[first]
                out[first] = StepText(head.depth, f"If {self.condition(cond, step.lead_seat)}: "
                                                  f"{head.text[0].lower()}{head.text[1:]}")
            else:
                out.append(StepText(depth + 1, f"If {self.condition(cond, step.lead_seat)}: the rest plays itself."))

    def paragraph(self, lid: int, start: int = 0) -> str:
        """The steps of list ``lid`` from ``start`` as one sentence: branches as "if ..., ...", the
        main line going on with "otherwise" (or "then")."""
        plan = self.line.lists[lid]
        if start >= len(plan) or not self._positions(lid, start):
            return ""
        step = plan[start]
        text = self.step(step, lid, start)
        rest = self.paragraph(lid, start + 1)
        branches = []
        for (cond, _sub), (_c, target) in zip(step.then, self.line.jumps[(lid, start)]):
            sub = self.paragraph(target) if target >= 0 else ""
            sub = sub or "the rest plays itself"
            branches.append(f"if {self.condition(cond, step.lead_seat)}, {f'({sub})' if '; ' in sub else sub}")
        if branches:
            text += "; " + "; ".join(branches)
            if rest:
                text += f"; otherwise {rest}"
        elif rest:
            text += f"; then {rest}"
        return text

    def name(self, steps: int = 2) -> str:
        """A short name: the main line's first steps ("low to the ten, low to the queen")."""
        plan = self.line.lists[0] if self.line.lists else ()
        parts = [self.step(step, 0, i) for i, step in enumerate(plan[:steps]) if self._positions(0, i)]
        return ", then ".join(parts) if parts else "play from the top"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


def plan_steps(table: SuitTable, plan: Plan) -> list[StepText]:
    """The plan in short steps, in the holdings' orientation."""
    if not plan:
        return [StepText(0, "Play from the top: cash your winners, then lead toward your high cards.")]
    out: list[StepText] = []
    _Teller(table, plan).steps(0, 0, out)
    return out


def steps_text(steps: list[StepText]) -> str:
    """Steps on separate lines, branches indented."""
    return "\n".join("  " * s.depth + s.text for s in steps)


def plan_texts(table: SuitTable, plan: Plan) -> tuple[str, str, list[StepText]]:
    """(:func:`plan_name`, :func:`plan_sentence`, :func:`plan_steps`) from one walk of the plan."""
    if not plan:
        return plan_name(table, plan), plan_sentence(table, plan), plan_steps(table, plan)
    teller = _Teller(table, plan)
    steps: list[StepText] = []
    teller.steps(0, 0, steps)
    return _capital(teller.name()), _capital(teller.paragraph(0)) + ".", steps


def plan_sentence(table: SuitTable, plan: Plan) -> str:
    """The plan as one sentence: "Lead low to the queen; if it wins, cash the ace"."""
    if not plan:
        return plan_steps(table, plan)[0].text
    text = _Teller(table, plan).paragraph(0)
    return _capital(text) + "."


def plan_name(table: SuitTable, plan: Plan) -> str:
    """A line's short name for tables: its first steps."""
    return _capital(_Teller(table, plan).name()) if plan else "Play from the top"


def narrate(table: SuitTable, plan: Plan) -> str:
    return plan_sentence(table, plan)
