"""Expert lines written as short scripts, completed by the solver where the script is silent.

A script is a list of trick instructions, one per trick from the first:
``"S:x N:9"`` means *lead the lowest card from South; if second hand does not
beat the nine, play the nine from North*; ``"N:A"`` means *lead the ace from
North* (third hand free).  A card is a rank letter or ``x`` (the lowest card of
that hand).  An instruction applies on every branch that reaches its trick;
when its card is gone, or second hand's card already beats the scripted third
card, the script is silent there.  Where the script is silent declarer plays the
best-defence optimum given the scripted moves, so a scripted line's value is the
best any line beginning that way can achieve: the exact worth of the expert's
stated plan when the plan is fully written, an upper bound otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import RANK_LETTERS, SuitProblemError
from .position import NORTH, SOUTH, Position, SuitTable, declarer_move, move_rank, move_seat

__all__ = ["TrickStep", "LineScript", "ScriptError", "parse_script"]


class ScriptError(SuitProblemError):
    """A line script is malformed: the message names the step and the token."""


@dataclass(frozen=True)
class TrickStep:
    lead_seat: int
    lead_card: str  # rank letter or "x"
    third_card: str | None


@dataclass(frozen=True)
class LineScript:
    steps: tuple[TrickStep, ...]

    def allowed(self, table: SuitTable, pos: Position, moves: list[int]) -> list[int]:
        """The declarer moves the script permits at ``pos`` (all of ``moves`` where it is silent)."""
        trick = pos[6]
        trick_no = pos[7]
        if trick_no >= len(self.steps):
            return moves
        step = self.steps[trick_no]
        if not trick:
            want = _resolve(table, pos, step.lead_seat, step.lead_card, moves)
            return [want] if want is not None else moves
        if step.third_card is None or trick[0] != step.lead_seat:
            return moves
        third_seat = (step.lead_seat + 2) % 4
        want = _resolve(table, pos, third_seat, step.third_card, moves)
        if want is None or move_rank(want) < trick[2]:
            return moves
        return [want]


def _resolve(table: SuitTable, pos: Position, seat: int, card: str, moves: list[int]) -> int | None:
    """The canonical move standing for ``card`` in ``seat``'s hand, or None if it is gone."""
    hand = pos[0] if seat == NORTH else pos[1]
    if not hand:
        return None
    if card == "x":
        rank = (hand & -hand).bit_length() + 1
    else:
        rank = RANK_LETTERS.index(card) + 2
        if not hand >> (rank - 2) & 1:
            return None
    mine = sorted(move_rank(m) for m in moves if move_seat(m) == seat)
    below = [r for r in mine if r <= rank]
    if not below:
        return None
    move = declarer_move(seat, max(below))
    return move if move in moves else None


def parse_script(steps: list[str] | tuple[str, ...]) -> LineScript:
    """Parse ``["S:x N:9", "N:A"]``; errors name the step."""
    out = []
    for i, text in enumerate(steps, start=1):
        toks = text.upper().replace("10", "T").split()
        if not 1 <= len(toks) <= 2:
            raise ScriptError(f"script step {i} {text!r}: expected 'LEADHAND:CARD [THIRDHAND:CARD]'")
        parsed = []
        for tok in toks:
            if len(tok) != 3 or tok[1] != ":" or tok[0] not in "NS" or tok[2] not in RANK_LETTERS + "X":
                raise ScriptError(f"script step {i} {text!r}: bad token {tok!r} (e.g. S:X, N:Q)")
            parsed.append((NORTH if tok[0] == "N" else SOUTH, tok[2].lower() if tok[2] == "X" else tok[2]))
        if len(parsed) == 2 and parsed[0][0] == parsed[1][0]:
            raise ScriptError(f"script step {i} {text!r}: third hand must be the other hand")
        out.append(TrickStep(parsed[0][0], parsed[0][1], parsed[1][1] if len(parsed) == 2 else None))
    return LineScript(tuple(out))
