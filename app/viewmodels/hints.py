"""What the hints panel shows: one row per legal card, the recommended card, how far the engine got.

Plain frozen data, built by the hint controller from the engine's analyses and read
by the panel; nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping
from enum import Enum

from engine.bidding import CallRecord, HandRange
from engine.core.seats import Seat
from engine.bridge.view import BridgeView, view_for_turn
from engine.core.cards import Card
from engine.hints.render import pct
from engine.hearts.view import HeartsView, play_view
from engine.session.bridge_session import BridgeSession
from engine.session.hearts_session import HeartsSession

__all__ = ["HintKind", "HintStatus", "HintRow", "HintResult", "HintTarget", "bridge_hint_view", "hearts_hint_view",
           "bridge_hint_target", "hearts_hint_target"]


class HintKind(Enum):
    BRIDGE = "bridge"
    HEARTS = "hearts"


class HintStatus(Enum):
    IDLE = "idle"  # no hint asked for this position
    THINKING = "thinking"  # the engine is refining (partial values may be shown)
    DONE = "done"
    CANCELLED = "cancelled"  # stopped by the user: the last values stay, marked as partial
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class HintRow:
    """One legal card.  Bridge: ``value`` = chance (0..1) of your side's goal (making the contract as
    declarer, beating it as a defender), ``detail`` = your side's expected tricks in the deal (None when the
    hint did not solve them: an estimate solves them only for the cards tied at the top, or where it needs them).
    Hearts: ``value`` = your expected points for the hand, ``detail`` = chance (0..1) that another
    player shoots the moon."""

    card: Card
    value: float
    detail: float | None
    error: float = 0.0  # bridge: the 95% sampling error of ``value`` (0 when exact)
    at_most: bool = False  # bridge: ``value`` is only an upper bound (the card's own chance was not found)
    floor: float | None = None  # bridge: a concrete line's chance, a lower bound of an estimate (None: not found)

    @property
    def ranged(self) -> bool:
        """Bridge: the chance is shown as a range (a floor below the upper figure, as the hint's words print it)."""
        return self.floor is not None and pct(self.floor) != pct(self.value)

    @property
    def known(self) -> bool:
        """False for a forced card, which is played without a figure."""
        return self.value == self.value  # not NaN


@dataclass(frozen=True, slots=True)
class HintResult:
    """What the panel shows for one hint, partial (``final`` False) or final.

    ``rows`` hold every legal card in the order the hand is fanned; ``best`` is the engine's
    recommended card; ``engine`` names the algorithm (and M); ``goal`` says what the bars
    measure (``"make 4♠"``, ``"beat 3NT"``); ``complete`` is False when the search stopped
    before its world budget (time limit).  ``baseline`` is what every card already counts
    (Hearts: the points taken so far this hand; the bars start there).  ``explanation`` is the
    hints engine's text (empty until it exists); ``explanation_error`` says in one line why there
    is none when the explanation failed.  ``exact``: the figures are exact probabilities (every
    consistent layout searched), else estimates with their error; ``method`` names how they were found."""

    kind: HintKind
    rows: tuple[HintRow, ...]
    best: Card
    engine: str
    worlds_used: int
    worlds_total: int
    final: bool
    complete: bool = True
    goal: str = ""
    fraction: float = 1.0
    baseline: float = 0.0
    explanation: str = ""
    explanation_error: str = ""
    exact: bool = False
    method: str = ""
    sampled: bool = False  # bridge: the figures rest on sampled deals (each carries its 95% error)

    def row(self, card: Card) -> HintRow:
        for r in self.rows:
            if r.card == card:
                return r
        raise KeyError(card)


@dataclass(frozen=True, slots=True)
class HintTarget:
    """A position where the user may ask for a hint, as a mode's controller hands it out: the game,
    what the user sees there (``view``: a bridge or a Hearts view, never the hidden cards), and for
    Hearts the points the user took so far this hand.  ``session`` and ``cards`` say which position
    it is: the same session (by identity) with the same cards played.  ``auction``: the calls of a
    bid board, whose meanings shape the hint's deals and which its explanation may cite."""

    kind: HintKind
    view: BridgeView | HeartsView
    session: object = field(compare=False)
    cards: tuple[int, ...]
    taken: float = 0.0
    auction: tuple[CallRecord, ...] = field(default=(), compare=False)  # bridge: the calls that led to the contract
    constraints: Mapping[Seat, HandRange] = field(default_factory=dict, compare=False)  # what those calls showed

    def same(self, other: "HintTarget | None") -> bool:
        return other is not None and other.session is self.session and other.cards == self.cards


def bridge_hint_view(session: BridgeSession) -> BridgeView:
    """What the user knows when choosing the next card (declarer's view for dummy's card)."""
    return view_for_turn(session.play)


def hearts_hint_view(session: HeartsSession) -> HeartsView:
    assert session.state is not None and session.record is not None
    return play_view(session.state, session.record, hand_number=session.hand_number, scores=session.score.totals)


def bridge_hint_target(session: BridgeSession | None) -> HintTarget | None:
    """The hint target of a bridge session when the user is to play a card there, else None."""
    if session is None or not session.is_user_turn:
        return None
    return HintTarget(HintKind.BRIDGE, bridge_hint_view(session), session, tuple(m.card for m in session.play.moves),
                      auction=session.auction, constraints=session.constraints)


def hearts_hint_target(session: HeartsSession | None) -> HintTarget | None:
    """The hint target of a Hearts session when the user is to play a card there, else None."""
    if session is None or not session.is_user_turn or session.state is None:
        return None
    taken = float(session.state.points_taken()[session.user_seat])
    return HintTarget(HintKind.HEARTS, hearts_hint_view(session), session,
                      (session.hand_number,) + tuple(session.state.played), taken)
