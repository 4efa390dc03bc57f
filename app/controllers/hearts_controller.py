"""Hearts mode: a game against three computer players, passing included, scores kept to the end.

Computer passes and cards are computed on the engine worker; answers apply only to
the hand and position they were asked for.  A failed pass or card is offered again
(:attr:`HeartsController.retry_text`, :meth:`HeartsController.retry`); after two
failures at the same point the simple ``rules`` player chooses it, so a hand is
never left stuck.
"""

from __future__ import annotations

import random
from typing import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from engine.core.cards import Card
from engine.hearts.passing import PassDirection
from engine.hearts.rules import HeartsRules, MoonScoring
from engine.players.registry import Game, default_spec
from engine.session.hearts_pass_hint import PassHint
from engine.session.hearts_session import HeartsComputerTurn, HeartsGameSummary, HeartsSession, HeartsStage

from ..settings import TRICK_PAUSE_CLICK, HandVisibility
from ..stats import HeartsGameRecord, HeartsHandRecord, HeartsReplay, StatsService
from ..viewmodels.hearts_table import hand_points, hearts_table_state, received_sentence
from ..viewmodels.strength import computer_words
from ..viewmodels.hints import HintTarget, hearts_hint_target
from ..viewmodels.info import InfoRow
from ..viewmodels.table import TableState
from ..worker import EngineWorker
from .engine_requests import EngineRequests

__all__ = ["HeartsController", "direction_text"]


def direction_text(session: HeartsSession) -> str:
    if session.direction is PassDirection.HOLD:
        return "No passing this hand (hold)"
    to = session.direction.receiver(session.user_seat).name.title()
    return f"Pass three cards {session.direction.label} (to {to})"


class HeartsController(QObject):
    changed = Signal()
    message = Signal(str)
    game_finished = Signal(object)  # HeartsGameSummary

    def __init__(
        self, worker: EngineWorker, *, seed: int | None = None, stats: StatsService | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._requests = EngineRequests(worker, self)
        self._rng = random.Random(seed)
        self._stats = stats
        self.rules = HeartsRules()
        self.player_spec = default_spec(Game.HEARTS)
        self.pass_hint: PassHint | None = None  # the last suggested pass, for this hand
        self._suggesting = False
        self.pace_ms = 0
        self.trick_pause_ms = 0  # how long a finished trick stays before the computer leads (TRICK_PAUSE_CLICK: a click)
        self.engine_details = False  # name the engines (the advanced view)
        self._waiting_for_click = False
        self._pace_timer = QTimer(self)  # the pause before a computer card, stopped when the mode is left
        self._pace_timer.setSingleShot(True)
        self._pace_timer.timeout.connect(self._pace_elapsed)
        self._paced_key = (-1, -1)
        self.active = False
        self.session: HeartsSession | None = None
        self.last_summary: HeartsGameSummary | None = None
        self._recorded: set[tuple[HeartsSession, int]] = set()  # hands already in the statistics
        self.retry_text: str | None = None  # what failed, offered again by retry()
        self._retry: Callable[[], None] | None = None
        self._failed_key: tuple[int, int] | None = None
        self._failures = 0  # consecutive failures at _failed_key (hand, ply; ply -1 = the passes)

    # --- for the views --------------------------------------------------------------------
    @property
    def is_thinking(self) -> bool:
        return self._requests.busy

    def table_state(self, visibility: HandVisibility) -> TableState | None:
        return None if self.session is None else hearts_table_state(self.session)

    def title(self) -> str:
        return "Hearts" if self.session is None else f"Hearts — hand {self.session.hand_number + 1}"

    def info_rows(self) -> tuple[InfoRow, ...]:
        s = self.session
        if s is None:
            return ()
        rows = [InfoRow("Passing", s.direction.label), InfoRow("Target", str(s.rules.target_score))]
        points, final = hand_points(s)  # once the hand is over: as scored, the moon applied
        moon = s.history[-1].moon if final and s.history else None
        for seat in (s.user_seat, s.user_seat.lho, s.user_seat.partner, s.user_seat.rho):
            who = "You" if seat == s.user_seat else seat.name.title()
            if final:
                note = " — shot the moon" if seat == moon else ""
                rows.append(InfoRow(who, f"{s.score.totals[seat]} (this hand {points[seat]}{note})"))
            else:
                rows.append(InfoRow(who, f"{s.score.totals[seat]} ({points[seat]} taken this hand)"))
        rows.append(InfoRow("Computer", computer_words(Game.HEARTS, s.player_spec, self.engine_details)))
        return tuple(rows)

    # --- activation and games -----------------------------------------------------------------
    def activate(self) -> None:
        self.active = True
        if self.session is None:
            self.new_game()
        else:
            self._schedule_computer()
        self.changed.emit()

    def deactivate(self) -> None:
        self.active = False
        self._pace_timer.stop()
        self._waiting_for_click = False
        self._requests.cancel_all()

    def new_game(self) -> None:
        self._requests.cancel_all()
        self._suggesting = False
        self.pass_hint = None
        self.last_summary = None
        self.session = HeartsSession(self.rules, player_spec=self.player_spec, seed=self._rng.randrange(1 << 30))
        self._after_change()

    def next_hand(self) -> None:
        s = self.session
        if s is None or s.stage is not HeartsStage.HAND_OVER:
            return
        s.next_hand()
        self.pass_hint = None
        self._after_change()

    @property
    def suggesting(self) -> bool:
        """A pass hint is being computed."""
        return self._suggesting

    @property
    def can_suggest_pass(self) -> bool:
        s = self.session
        return (s is not None and s.stage is HeartsStage.PASSING and s.direction is not PassDirection.HOLD
                and not self._suggesting)

    # --- the user's actions --------------------------------------------------------------------
    def hint_target(self) -> HintTarget | None:
        return hearts_hint_target(self.session)

    def suggest_pass(self) -> None:
        """Ask the default player which three cards it would pass; they are then chosen for the user."""
        s = self.session
        if s is None or not self.can_suggest_pass:
            return
        hand_number = s.hand_number
        self._suggesting = True
        self._requests.submit(s.pass_hint_job(seed=self._rng.randrange(1 << 30)), "suggesting a pass",
                              lambda hint: self._on_pass_hint(s, hand_number, hint), self._on_hint_failed)
        self.changed.emit()

    def _on_pass_hint(self, session: HeartsSession, hand_number: int, hint: PassHint) -> None:
        self._suggesting = False
        if session is self.session and session.hand_number == hand_number and session.stage is HeartsStage.PASSING:
            self.pass_hint = hint
            session.select_pass(hint.cards)
            self.message.emit(hint.text)
        self._after_change()

    def _on_hint_failed(self, text: str) -> None:
        self._suggesting = False
        self._on_failed(text)

    def card_chosen(self, card: Card) -> None:
        s = self.session
        if s is None:
            return
        try:
            if s.stage is HeartsStage.PASSING:
                s.toggle_pass_card(card)
            elif s.is_user_turn:
                s.play_card(card)
            else:
                return
        except ValueError as exc:
            self.message.emit(str(exc))
            return
        self._after_change()

    def confirm_pass(self) -> None:
        s = self.session
        if s is None or not s.can_confirm_pass:
            return
        s.confirm_pass()
        received = received_sentence(s)
        if received:
            self.message.emit(received)
        self._after_change()

    @property
    def can_undo(self) -> bool:
        return self.session is not None and self.session.can_undo

    def undo(self) -> None:
        if not self.can_undo:
            return
        assert self.session is not None
        self._requests.cancel_all()
        self.session.undo()
        self._after_change()

    # --- engine failures: offered again ---------------------------------------------------------
    @property
    def can_retry(self) -> bool:
        return self._retry is not None

    def retry(self) -> None:
        again = self._retry
        self.retry_text = None
        self._retry = None
        if again is not None:
            again()
        self.changed.emit()

    # --- computer turns ----------------------------------------------------------------------------
    def _after_change(self) -> None:
        self.retry_text = None
        self._retry = None
        s = self.session
        if s is not None and s.history and (s, s.history[-1].hand_number) not in self._recorded:
            self._record_hand(s)
        if s is not None and s.stage is HeartsStage.GAME_OVER and self.last_summary is None:
            self._finish()
        self._schedule_computer()
        self.changed.emit()

    def _schedule_computer(self) -> None:
        s = self.session
        self._waiting_for_click = False
        if s is None or not self.active or self._requests.busy:
            return
        passes = s.computer_pass_turn(fallback=self._fallback_for((s.hand_number, -1)))
        if passes is not None:  # passes are chosen at once: the user picks meanwhile
            self._submit(s, passes)
            return
        if s.computer_turn() is None:
            return
        assert s.state is not None
        key = (s.hand_number, len(s.state.played))
        after_trick = bool(s.state.played) and not s.state.current_cards  # a finished trick is on the table
        delay = max(self.pace_ms, self.trick_pause_ms) if after_trick else self.pace_ms
        self._paced_key = key
        if after_trick and self.trick_pause_ms == TRICK_PAUSE_CLICK:
            self._waiting_for_click = True
            self.message.emit("Click the table to go on to the next trick")
        elif delay:
            self._pace_timer.start(delay)
        else:
            self._ask_card(s, key)

    @property
    def waiting_for_click(self) -> bool:
        return self._waiting_for_click

    def skip_pause(self) -> None:
        """The table was clicked: a pause before the computer's next card ends now."""
        if self.session is not None and (self._waiting_for_click or self._pace_timer.isActive()):
            self._pace_timer.stop()
            self._waiting_for_click = False
            self._ask_card(self.session, self._paced_key)

    def _pace_elapsed(self) -> None:
        if self.session is not None:
            self._ask_card(self.session, self._paced_key)

    def _ask_card(self, session: HeartsSession, key: tuple[int, int]) -> None:
        if session is not self.session or not self.active or self._requests.busy or session.state is None:
            return
        if (session.hand_number, len(session.state.played)) != key:
            return
        turn = session.computer_turn(fallback=self._fallback_for(key))
        if turn is not None:
            self._submit(session, turn)

    def _fallback_for(self, key: tuple[int, int]) -> bool:
        return key == self._failed_key and self._failures >= 2

    def _submit(self, session: HeartsSession, turn: HeartsComputerTurn) -> None:
        label = "choosing passes" if turn.seat is None else f"{turn.seat.name.title()} is thinking"
        if turn.seat is not None and self.engine_details:
            label = f"{turn.seat.name.title()} ({session.player_spec}) is thinking"
        if self._fallback_for((turn.hand_number, turn.ply)):
            label += " (the simple player, after failures)"
        self._requests.submit(turn.job, label, lambda result: self._on_answer(session, turn, result),
                              lambda text: self._on_failed(session, turn, text))
        self.changed.emit()

    def _on_answer(self, session: HeartsSession, turn: HeartsComputerTurn, result: object) -> None:
        if session is not self.session:
            return
        if turn.seat is None:
            ok = session.set_computer_passes(turn.hand_number, result)  # type: ignore[arg-type]
        else:
            ok = session.apply_computer_card(turn.hand_number, turn.ply, result)  # type: ignore[arg-type]
        if ok:
            self._failed_key, self._failures = None, 0
            self._after_change()
        else:
            self._schedule_computer()

    def _on_failed(self, session: HeartsSession, turn: HeartsComputerTurn, text: str) -> None:
        """The pass or card is offered again; after two failures the simple player chooses it on the retry."""
        self.message.emit(f"Engine error: {text}")
        if session is not self.session:
            self.changed.emit()
            return
        key = (turn.hand_number, turn.ply)
        self._failures = self._failures + 1 if self._failed_key == key else 1
        self._failed_key = key
        what = "The computer passes" if turn.seat is None else f"{turn.seat.name.title()}'s card"
        then = "Retry lets the simple player (rules) choose" if self._failures >= 2 else "Retry asks again"
        self.retry_text = f"{what} failed: {text}. {then}."
        self._retry = self._schedule_computer
        self.changed.emit()

    def _record_hand(self, s: HeartsSession) -> None:
        """Each finished hand goes into the statistics once (points as scored, the moon, the deal to replay)."""
        last = s.history[-1]
        self._recorded.add((s, last.hand_number))
        if self._stats is not None:  # on the statistics thread; a failure comes back as a notice
            record = HeartsHandRecord(last.hand_number, s.user_seat, last.points, last.moon, s.dealt, s.rules.to_dict())
            self._stats.record(lambda stats: stats.record_hearts_hand(record))

    def replay_hand(self, replay: HeartsReplay) -> None:
        """Play a hand of the history again (its deal and pass direction), as the first hand of a new game."""
        self._requests.cancel_all()
        self.last_summary = None
        data = dict(replay.rules)
        data["moon_scoring"] = MoonScoring(data.get("moon_scoring", MoonScoring.ADD_26_TO_OTHERS.value))
        self.rules = HeartsRules(**data)  # type: ignore[arg-type]
        self.session = HeartsSession(self.rules, player_spec=self.player_spec, seed=self._rng.randrange(1 << 30),
                                     user_seat=replay.user_seat, first_deal=replay.deal, first_hand=replay.hand_number)
        self.message.emit(f"Replaying Hearts hand {replay.hand_number + 1} from your history")
        self._after_change()

    def _finish(self) -> None:
        assert self.session is not None
        summary = self.session.summary()
        self.last_summary = summary
        if self._stats is not None:  # on the statistics thread; a failure comes back as a notice
            record = HeartsGameRecord(summary.totals[summary.user_seat], summary.best_other_total, len(summary.hands))
            self._stats.record(lambda stats: stats.record_hearts_game(record))
        self.game_finished.emit(summary)
