"""A Hearts game between the user and three computer players (no Qt, no threads).

Each hand: deal, pass three cards in the hand's direction (left, right, across,
hold), play thirteen tricks, score; the game runs until a total reaches the rules'
target.  As in the bridge session, computer decisions are handed out as jobs for the
app's engine worker and their answers are accepted only for the position they were
computed for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from ..core.cancel import CancelToken
from ..core.cards import SUIT_NAMES, Card, CardSet, card_str
from ..core.deal import Deal, random_deal
from ..core.seats import Seat
from ..hearts.passing import PASS_SIZE, PassDirection, PassRecord, apply_passes
from ..hearts.play import HeartsHand
from ..hearts.rules import HeartsRules
from ..hearts.scoring import GameScore
from ..hearts.view import pass_view, play_view
from ..players.registry import DEFAULT_NAME, REGISTRY, Game, PlayerRegistry
from .hearts_pass_hint import PassHint, pass_hint

__all__ = [
    "HeartsStage",
    "HeartsSessionError",
    "HandRecord",
    "HeartsGameSummary",
    "HeartsCardStatus",
    "HeartsComputerTurn",
    "HeartsSession",
]



class HeartsSessionError(ValueError):
    """An action the Hearts session cannot take now; the message says which and why."""


class HeartsStage(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    HAND_OVER = "hand over"
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class HandRecord:
    hand_number: int
    direction: PassDirection
    points: tuple[int, int, int, int]
    moon: Seat | None


@dataclass(frozen=True, slots=True)
class HeartsGameSummary:
    """A finished game: totals, winners (lowest total, ties share) and each hand's points."""

    totals: tuple[int, int, int, int]
    winners: tuple[Seat, ...]
    hands: tuple[HandRecord, ...]
    user_seat: Seat

    @property
    def user_won(self) -> bool:
        return self.user_seat in self.winners

    @property
    def best_other_total(self) -> int:
        return min(t for s, t in enumerate(self.totals) if s != self.user_seat)


@dataclass(frozen=True, slots=True)
class HeartsCardStatus:
    card: Card
    playable: bool
    reason: str = ""
    selected: bool = False  # chosen to pass


@dataclass(frozen=True, slots=True)
class HeartsComputerTurn:
    """An engine job: the three computer passes (``ply`` -1) or one computer card."""

    hand_number: int
    ply: int
    seat: Seat | None
    job: Callable[[CancelToken], Any]


class HeartsSession:
    """The whole game: the current hand's stage, passes, play, running scores and history."""

    def __init__(
        self,
        rules: HeartsRules | None = None,
        *,
        player_spec: str = "rules",
        seed: int | None = None,
        user_seat: Seat = Seat.SOUTH,
        registry: PlayerRegistry = REGISTRY,
        first_deal: Deal | None = None,
        first_hand: int = 0,
    ) -> None:
        """``first_deal``/``first_hand``: play that deal first, as hand ``first_hand`` of a game (which sets
        its pass direction) — a hand from the history played again; later hands are dealt at random."""
        self.rules = rules if rules is not None else HeartsRules()
        self.user_seat = Seat(user_seat)
        self.player_spec = player_spec
        self._rng = random.Random(seed)
        base = self._rng.randrange(1 << 30)
        self._players: dict[Seat, Any] = {
            s: registry.create(Game.HEARTS, player_spec, seed=base + int(s)) for s in Seat if s != self.user_seat
        }
        self._fallback = registry.create(Game.HEARTS, "rules")  # passes for players without, failed cards
        self._registry = registry
        self.score = GameScore(self.rules)
        self.history: list[HandRecord] = []
        if first_deal is not None and not first_deal.is_full:
            raise HeartsSessionError("a Hearts hand is dealt all 52 cards")
        if first_hand < 0:
            raise HeartsSessionError(f"hand number {first_hand} must be at least 0")
        self.hand_number = first_hand
        self._next_deal = first_deal
        self._start_hand()

    # --- hand set-up ------------------------------------------------------------------------
    def _start_hand(self) -> None:
        self.dealt: Deal = random_deal(self._rng)
        if self._next_deal is not None:
            self.dealt, self._next_deal = self._next_deal, None
        self.direction = PassDirection.for_hand(self.hand_number)
        self.selection: frozenset[Card] = frozenset()
        self.computer_passes: dict[Seat, tuple[Card, ...]] | None = None
        self.record: PassRecord | None = None
        self.state: HeartsHand | None = None
        self.stage = HeartsStage.PASSING
        if self.direction is PassDirection.HOLD:
            self._begin_play(*apply_passes(self.dealt.hands, self.direction, None))

    def _begin_play(self, hands: tuple[CardSet, ...], record: PassRecord) -> None:
        self.record = record
        self.state = HeartsHand(hands, self.rules)
        self.stage = HeartsStage.PLAYING

    def next_hand(self) -> None:
        if self.stage is not HeartsStage.HAND_OVER:
            raise HeartsSessionError(f"the next hand starts after a hand is over (now: {self.stage.value})")
        self.hand_number += 1
        self._start_hand()

    # --- what the user holds ------------------------------------------------------------------
    def user_hand(self) -> CardSet:
        if self.state is None:
            return self.dealt[self.user_seat]
        return self.state.hand(self.user_seat)

    def hand_of(self, seat: Seat) -> CardSet:
        return self.dealt[seat] if self.state is None else self.state.hand(seat)

    @property
    def received(self) -> CardSet:
        return CardSet() if self.record is None else self.record.received_by(self.user_seat)

    # --- passing -------------------------------------------------------------------------------
    def toggle_pass_card(self, card: Card) -> None:
        """Choose ``card`` to pass, or put it back if it was chosen."""
        if self.stage is not HeartsStage.PASSING:
            raise HeartsSessionError(f"cards are passed before the play, not now ({self.stage.value})")
        if card not in self.user_hand():
            raise HeartsSessionError(f"{card_str(card)} is not in your hand")
        if card in self.selection:
            self.selection = self.selection - {card}
        elif len(self.selection) >= PASS_SIZE:
            raise HeartsSessionError(f"you already chose {PASS_SIZE} cards: put one back first")
        else:
            self.selection = self.selection | {card}

    def select_pass(self, cards) -> None:
        """Choose exactly ``cards`` (three of the user's cards) to pass, replacing any choice (a pass hint)."""
        if self.stage is not HeartsStage.PASSING:
            raise HeartsSessionError(f"cards are passed before the play, not now ({self.stage.value})")
        chosen = frozenset(int(c) for c in cards)
        if len(chosen) != PASS_SIZE:
            raise HeartsSessionError(f"a pass is {PASS_SIZE} different cards, got {len(chosen)}")
        for card in chosen:
            if card not in self.user_hand():
                raise HeartsSessionError(f"{card_str(card)} is not in your hand")
        self.selection = chosen

    def computer_pass_turn(self, *, fallback: bool = False) -> HeartsComputerTurn | None:
        """The job choosing the three computer passes, or ``None`` when they are not needed
        (``fallback``: chosen by the simple ``rules`` player, after the computer players failed)."""
        if self.stage is not HeartsStage.PASSING or self.computer_passes is not None:
            return None
        views = {
            s: pass_view(s, self.dealt[s], self.direction, self.rules, hand_number=self.hand_number, scores=self.score.totals)
            for s in self._players
        }
        passers = {s: (p if hasattr(p, "choose_pass") and not fallback else self._fallback)
                   for s, p in self._players.items()}

        def job(cancel: CancelToken) -> dict[Seat, tuple[Card, ...]]:
            out: dict[Seat, tuple[Card, ...]] = {}
            for i, (seat, view) in enumerate(views.items()):
                out[seat] = tuple(int(c) for c in passers[seat].choose_pass(view))
                cancel.report((i + 1) / len(views), "choosing passes")
            return out

        return HeartsComputerTurn(self.hand_number, -1, None, job)

    def pass_hint_job(self, *, seed: int = 0) -> Callable[[CancelToken], PassHint]:
        """The engine job behind the pass hint: the app's default player ranks the user's possible passes
        (see :mod:`.hearts_pass_hint`).  Only while the user is choosing a pass."""
        if self.stage is not HeartsStage.PASSING or self.direction is PassDirection.HOLD:
            raise HeartsSessionError("a pass hint is for choosing the three cards to pass")
        view = pass_view(self.user_seat, self.dealt[self.user_seat], self.direction, self.rules,
                         hand_number=self.hand_number, scores=self.score.totals)
        registry = self._registry

        def job(cancel: CancelToken) -> PassHint:
            cancel.report(0.0, "ranking passes")
            hint = pass_hint(view, player_spec=DEFAULT_NAME, seed=seed, registry=registry)
            cancel.report(1.0, "ranking passes")
            return hint

        return job

    def set_computer_passes(self, hand_number: int, passes: dict[Seat, tuple[Card, ...]]) -> bool:
        if hand_number != self.hand_number or self.stage is not HeartsStage.PASSING:
            return False
        self.computer_passes = dict(passes)
        return True

    @property
    def can_confirm_pass(self) -> bool:
        return (
            self.stage is HeartsStage.PASSING and len(self.selection) == PASS_SIZE and self.computer_passes is not None
        )

    def confirm_pass(self) -> None:
        """Exchange the cards: the user's three chosen cards and the computers' passes."""
        if self.stage is not HeartsStage.PASSING:
            raise HeartsSessionError("there is nothing to pass now")
        if len(self.selection) != PASS_SIZE:
            raise HeartsSessionError(f"choose {PASS_SIZE} cards to pass (you chose {len(self.selection)})")
        if self.computer_passes is None:
            raise HeartsSessionError("the computer players are still choosing their passes")
        passes = [tuple(sorted(self.selection)) if s == self.user_seat else self.computer_passes[s] for s in Seat]
        self._begin_play(*apply_passes(self.dealt.hands, self.direction, passes))

    # --- playing -------------------------------------------------------------------------------
    @property
    def is_user_turn(self) -> bool:
        return self.stage is HeartsStage.PLAYING and self.state is not None and self.state.to_move == self.user_seat

    def card_statuses(self) -> tuple[HeartsCardStatus, ...]:
        """The user's cards with whether they may be clicked now (to pass or to play) and why not."""
        hand = self.user_hand()
        if self.stage is HeartsStage.PASSING:
            full = len(self.selection) >= PASS_SIZE
            out = []
            for c in hand:
                chosen = c in self.selection
                if chosen or not full:
                    out.append(HeartsCardStatus(c, True, "", chosen))
                else:
                    out.append(HeartsCardStatus(c, False, f"three cards are chosen: click one to put it back"))
            return tuple(out)
        if self.stage is not HeartsStage.PLAYING or self.state is None:
            return tuple(HeartsCardStatus(c, False, "the hand is over") for c in hand)
        if not self.is_user_turn:
            who = self.state.to_move.name.title()
            return tuple(HeartsCardStatus(c, False, f"{who} is to play") for c in hand)
        legal = self.state.legal_cards()
        return tuple(
            HeartsCardStatus(c, True) if c in legal else HeartsCardStatus(c, False, self._why_not(c)) for c in hand
        )

    def _why_not(self, card: Card) -> str:
        assert self.state is not None
        trick = self.state.current_cards
        if not trick:
            if self.state.trick_number == 0:
                return "the two of clubs leads the first trick"
            return "hearts are not broken yet: lead another suit"
        led = trick[0] // 13
        if self.user_hand().suit_length(led):
            return f"you must follow suit in {SUIT_NAMES[led]}"
        return "no points on the first trick while you hold other cards"

    def play_card(self, card: Card) -> None:
        if not self.is_user_turn:
            raise HeartsSessionError(f"cannot play {card_str(card)}: it is not your turn")
        assert self.state is not None
        self.state.play(card)
        self._after_card()

    def computer_turn(self, *, fallback: bool = False) -> HeartsComputerTurn | None:
        """The job for the next computer card (``fallback``: chosen by the simple ``rules`` player, after
        the seat's own player failed on it), or ``None`` when it is not a computer's turn."""
        if self.stage is not HeartsStage.PLAYING or self.state is None or self.is_user_turn:
            return None
        assert self.record is not None
        seat = self.state.to_move
        view = play_view(self.state, self.record, hand_number=self.hand_number, scores=self.score.totals)
        player = self._fallback if fallback else self._players[seat]

        def job(cancel: CancelToken) -> Card:
            card = int(player.choose_card(view))
            if card not in view.legal_cards:
                raise HeartsSessionError(f"{seat.name.title()} chose {card_str(card)}, which is not legal")
            return card

        return HeartsComputerTurn(self.hand_number, len(self.state.played), seat, job)

    def apply_computer_card(self, hand_number: int, ply: int, card: Card) -> bool:
        if hand_number != self.hand_number or self.state is None or self.stage is not HeartsStage.PLAYING:
            return False
        if ply != len(self.state.played) or self.is_user_turn:
            return False
        self.state.play(card)
        self._after_card()
        return True

    def _after_card(self) -> None:
        assert self.state is not None
        if not self.state.is_complete:
            return
        result = self.state.result()
        self.score = self.score.add_hand(result.points)
        self.history.append(HandRecord(self.hand_number, self.direction, result.points, result.moon))
        self.stage = HeartsStage.GAME_OVER if self.score.is_over else HeartsStage.HAND_OVER

    # --- undo ------------------------------------------------------------------------------------
    def _last_user_ply(self) -> int | None:
        if self.state is None:
            return None
        for index in range(len(self.state.played) - 1, -1, -1):
            if self.state.seat_of_play(index) == self.user_seat:
                return index
        return None

    @property
    def can_undo(self) -> bool:
        return self.stage is HeartsStage.PLAYING and self._last_user_ply() is not None

    def undo(self) -> None:
        """Take back your last card and the computers' cards after it (within the hand in play)."""
        ply = self._last_user_ply() if self.stage is HeartsStage.PLAYING else None
        if ply is None:
            raise HeartsSessionError("nothing to undo: you have not played a card in this hand")
        assert self.state is not None
        while len(self.state.played) > ply:
            self.state.undo()

    # --- the end ---------------------------------------------------------------------------------
    def summary(self) -> HeartsGameSummary:
        if self.stage is not HeartsStage.GAME_OVER:
            raise HeartsSessionError("the game is not over yet")
        return HeartsGameSummary(self.score.totals, self.score.winners, tuple(self.history), self.user_seat)
