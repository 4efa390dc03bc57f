"""The meaning of a call: its constraints on the caller's hand, in numbers and in words."""

from __future__ import annotations

from dataclasses import dataclass

from ..bridge.auction import Call
from ..core.seats import Seat
from .ranges import ANY, HandRange

__all__ = ["Meaning", "CallRecord", "NO_AGREEMENT"]


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call shows (``range``) and says (``text``), with the obligations it creates.

    ``forcing``: partner may not pass (unless the next opponent acts);
    ``game_forcing``: the partnership may not stop below game;
    ``artificial``: the call does not show the strain it names (Stayman, transfers,
    cue bids, key-card answers); ``tag`` names a convention later rules refer to
    (``rkcb``); ``key_suit`` is the trump suit a key-card ask is about;
    ``rules`` where it comes from in the system card (``sayc.txt:42``), empty when no
    rule of the system makes the call there.
    """

    range: HandRange = ANY
    text: str = ""
    forcing: bool = False
    game_forcing: bool = False
    ends_force: bool = False  # releases the partnership's game force (2♣ then 2NT)
    artificial: bool = False
    tag: str | None = None
    key_suit: int | None = None
    rules: tuple[str, ...] = ()

    @property
    def in_system(self) -> bool:
        return bool(self.rules)


NO_AGREEMENT = Meaning(ANY, "no agreed meaning")


@dataclass(frozen=True, slots=True)
class CallRecord:
    """One call of an auction with who made it and what it meant to everyone at the table."""

    seat: Seat
    call: Call
    meaning: Meaning
