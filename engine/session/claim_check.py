"""Checking a claim double dummy, and when it is wrong, the line of play that beats it.

A claim is right when the claiming side takes at least the tricks it claimed against any
defence (double dummy: every card seen, which is how a claim is judged at the table — the
claimer states a line, and any line the defence could beat it with counts against it).
When it is wrong, :func:`check_claim` also plays the position out with best play by both
sides until the claiming side has lost more tricks than the claim allowed: that is the line
the app shows ("the line that beats it").  Each card of the line is one double-dummy
question about an ending smaller than the claim's position, so the job stays short.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bridge.play import BridgePlay, PlayedCard
from ..core.cancel import NEVER, CancelToken
from .double_dummy import DoubleDummyOracle, card_tricks_left, declarer_side_tricks_left

__all__ = ["ClaimCheck", "check_claim", "beating_line"]


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """``declarer_side``: the tricks the declaring side takes of the remaining ones with best play;
    ``claimer_best``: those the claiming side takes (``claimer_declaring``: it is declarer's side);
    ``line``: when the claim fails, the cards (from the claim's position) of a best-play line that
    holds the claiming side below its claim; ``tricks``: the trick numbers (from 1) those cards
    belong to, ``cards_before``: the cards already played to the claim's trick, and ``winners``: the
    winning card of each trick the line completes."""

    declarer_side: int
    claimer_best: int
    claimer_declaring: bool = True
    line: tuple[PlayedCard, ...] = ()
    first_trick: int = 1
    cards_before: int = 0
    winners: tuple[PlayedCard, ...] = ()
    earlier: tuple[PlayedCard, ...] = ()  # the cards of the claim's trick played before the claim

    def tricks(self) -> tuple[tuple[int, tuple[PlayedCard, ...], PlayedCard | None], ...]:
        """The line trick by trick: (trick number, its cards in the line, its winning card or ``None``
        when the line stops before the trick is complete)."""
        out = []
        size = 4 - self.cards_before
        start, number = 0, self.first_trick
        while start < len(self.line):
            cards = self.line[start:start + size]
            index = number - self.first_trick
            winner = self.winners[index] if index < len(self.winners) and len(cards) == size else None
            out.append((number, cards, winner))
            start, size, number = start + size, 4, number + 1
        return tuple(out)

    @property
    def accepted(self) -> bool:
        return not self.line


def beating_line(oracle: DoubleDummyOracle, play: BridgePlay, claimer_declaring: bool, claimed: int,
                 cancel: CancelToken = NEVER) -> tuple[tuple[PlayedCard, ...], tuple[PlayedCard, ...]]:
    """Best play by both sides from ``play`` (a copy is played) until the claiming side can no longer
    reach ``claimed`` of the tricks that remained: (the cards, the winning card of each trick completed).
    Each seat plays a card that keeps its side's double-dummy tricks (the lowest such card)."""
    line = play.copy()
    start_ply = line.ply
    start_tricks = len(line.tricks)
    declarer_start = line.declarer_tricks
    remaining = line.remaining_tricks
    while not line.is_complete:
        cancel.check("the claim check was cancelled")
        values = card_tricks_left(oracle, line)
        best = max(values.values())
        card = min(c for c, v in values.items() if v == best)
        line.play(card)
        taken_declarer = line.declarer_tricks - declarer_start
        done = len(line.tricks) - start_tricks
        claimer_taken = taken_declarer if claimer_declaring else done - taken_declarer
        if claimer_taken + (remaining - done) < claimed:  # even winning every trick left is not enough
            break
    moves = line.moves[start_ply:]
    winners = tuple(PlayedCard(t.winner, t.cards[(t.winner - t.leader) % 4]) for t in line.tricks[start_tricks:])
    return tuple(moves), winners


def check_claim(oracle: DoubleDummyOracle, play: BridgePlay, claimer_declaring: bool, claimed: int,
                cancel: CancelToken = NEVER) -> ClaimCheck:
    """Whether the claiming side (the declaring side or the defenders) takes ``claimed`` of the remaining
    tricks against any defence; when not, the line that beats it (see the module docstring)."""
    declarer_side = declarer_side_tricks_left(oracle, play)
    best = declarer_side if claimer_declaring else play.remaining_tricks - declarer_side
    if claimed <= best:
        return ClaimCheck(declarer_side, best, claimer_declaring)
    line, winners = beating_line(oracle, play, claimer_declaring, claimed, cancel)
    earlier = play.current_trick.plays()
    return ClaimCheck(declarer_side, best, claimer_declaring, line, len(play.tricks) + 1, len(earlier), winners, earlier)
