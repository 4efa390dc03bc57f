"""A claim the solver rejected, with the line that beats it, in words (plain data, no Qt)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.cards import card_symbol_str
from engine.core.seats import Seat
from engine.session.claim_check import ClaimCheck

__all__ = ["RejectedClaim"]


def _tricks(n: int) -> str:
    return f"{n} trick{'s' * (n != 1)}"


@dataclass(frozen=True, slots=True)
class RejectedClaim:
    """The user's side claimed ``claimed`` of ``remaining`` tricks; ``check`` holds the best-play line."""

    claimed: int
    remaining: int
    check: ClaimCheck
    user_seats: frozenset[Seat]

    @property
    def headline(self) -> str:
        other = "the defence" if self.check.claimer_declaring else "declarer"
        return (f"Claim rejected: you claimed {self.claimed} of the remaining {self.remaining} tricks, but with "
                f"the best play by {other} your side takes {self.check.claimer_best}")

    def line_rows(self) -> tuple[str, ...]:
        """One line per trick of the beating line: ``Trick 9: S ♠2, W ♠K, N ♠3, E ♠4 — West wins``."""
        rows = []
        for number, cards, winner in self.check.tricks():
            shown = (self.check.earlier if number == self.check.first_trick else ()) + cards
            text = ", ".join(f"{p.seat.letter} {card_symbol_str(p.card)}" for p in shown)
            if winner is not None:
                ours = winner.seat in self.user_seats
                text += f" — {self._name(winner.seat)} win{'' if ours and len(self.user_seats) == 1 else 's'}"
            rows.append(f"Trick {number}: {text}")
        return tuple(rows)

    def _name(self, seat: Seat) -> str:
        if seat in self.user_seats:
            return "you" if len(self.user_seats) == 1 else f"{seat.name.title()} (your side)"
        return seat.name.title()

    def text(self) -> str:
        """The dialog's text: what was claimed, what best play gives, and the line that beats the claim."""
        best = self.check.claimer_best
        other = "the defence" if self.check.claimer_declaring else "declarer"
        head = (f"You claimed {_tricks(self.claimed)} of the remaining {self.remaining}, but with the best play by "
                f"{other} your side takes only {best}.")
        return (head + f"\n\n{other[0].upper() + other[1:]} beats it like this (best play by both sides):\n"
                + "\n".join(self.line_rows()))
