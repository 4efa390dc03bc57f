"""Hints for both games: the user's position goes to the engine worker, the values come back as they refine.

One hint at a time.  A request takes the position the mode's controller hands out
(:meth:`~app.controllers.mode_controller.ModeController.hint_target`: the user's own view,
never the hidden cards), runs the analysis with snapshots (``on_update`` of
:func:`engine.analysis.bridge.analyse_view` and :func:`engine.analysis.hearts.analyse_hearts`)
as an engine job through the controller's :class:`~.engine_requests.EngineRequests`, and receives

* partial results — the values over the worlds solved so far — through a queued
  signal posted from the engine thread (tagged with the hint's serial number, so a
  stale partial is dropped), at most every ``config.min_interval`` seconds;
* the final result as the job's :class:`~app.worker.JobDone`;
* a failure as :class:`~app.worker.JobFailed`, shown in the panel and the status bar.

Once the values are final they are posted at once, and the same job goes on to
explain the recommended card in the game's own words (:func:`engine.hints.bridge_hint_for_view`,
:func:`engine.hints.hearts_hint`, over a few worlds: ``config.explain_*``).  The explanation
is a teaching aid on top of the values: when it fails the hint still arrives, with a
one-line note instead of the text; a cancel stops it like the rest of the job.

A new request, a card played, an undo, a new deal or a change of mode cancels the
outstanding hint (the window calls :meth:`HintController.follow` whenever the table
changes); the worker stays serial, and the job stops within one solved world.  Each
request is counted in the statistics (hints used), written by the job on the engine
thread: an SQLite commit waits for the disk, which the GUI thread should not.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Qt, Signal

from engine.analysis.bridge import Algorithm, AnalysisBudget, PositionAnalysis
from engine.analysis.snapshot import Snapshot
from engine.bridge.view import BridgeView
from engine.core.cancel import Cancelled, CancelToken
from engine.core.cards import CardSet
from engine.hearts.view import HeartsView

from ..stats import Game, StatsService
from ..viewmodels.hints import (
    HintKind,
    HintResult,
    HintRow,
    HintStatus,
    HintTarget,
    bridge_hint_view,
    hearts_hint_view,
)
from ..viewmodels.table import display_order
from ..widgets.hints_panel import card_label
from ..worker import EngineWorker, RequestId
from .engine_requests import EngineRequests
from .mode_controller import ModeController

if TYPE_CHECKING:  # the Hearts analysis loads the Hearts kernels (seconds on a cold cache): jobs import it
    from engine.analysis.hearts import HeartsAnalysis

__all__ = ["HintConfig", "HintController", "bridge_hint_result", "hearts_hint_result", "bridge_hint_view",
           "hearts_hint_view"]

TOTAL_TRICKS = 13


@dataclass(frozen=True, slots=True)
class HintConfig:
    """How hard the hint engine searches.  Bridge: PIMC (or αμ with ``bridge_max_moves`` > 1) over
    ``bridge_worlds`` worlds, one world per chunk so the time limit and a cancel act between worlds;
    Hearts: MC-Max_n over ``hearts_worlds`` worlds.  ``seed`` fixes the worlds, so the same position
    gets the same hint.  With ``explain`` the job then explains the recommended card over
    ``explain_*`` worlds; it is off by default so that a bare config asks for the values only
    (an explanation costs several solves per world)."""

    bridge_algorithm: Algorithm = Algorithm.PIMC
    bridge_max_moves: int = 1
    bridge_worlds: int = 48
    bridge_time_limit: float | None = 20.0
    hearts_worlds: int = 60
    hearts_time_limit: float = 5.0
    seed: int = 0
    min_interval: float = 0.25  # seconds between two partial results
    explain: bool = False  # after the values, explain the recommended card (the window turns it on)
    explain_bridge_worlds: int = 16  # the bridge explanation's worlds (every one when at most the limit)
    explain_bridge_exact_limit: int = 500
    explain_bridge_max_moves: int = 2  # αμ's M for the declaring side's explanation
    explain_hearts_worlds: int = 20
    explain_hearts_time_limit: float = 2.0

    def bridge_budget(self) -> AnalysisBudget:
        return AnalysisBudget(worlds=self.bridge_worlds, max_moves=self.bridge_max_moves,
                              time_limit=self.bridge_time_limit, chunk=1)


# --- plain functions (engine thread) ------------------------------------------------------------------


def _engine_name(analysis: PositionAnalysis) -> str:
    if analysis.algorithm is Algorithm.ALPHAMU and analysis.max_moves > 1:
        return f"αμ, M = {analysis.max_moves}"
    return "PIMC (M = 1)"


def bridge_hint_result(snapshot: Snapshot, view: BridgeView, planned: str = "") -> HintResult:
    """The panel's rows from a bridge snapshot, for the side of the seat choosing (``view.seat``):
    declarer's side sees its chance of making, a defender its chance of beating the contract.
    ``planned`` names the engine asked for when its partial values are another's (αμ shows
    PIMC's values until it is done)."""
    analysis: PositionAnalysis = snapshot.analysis
    declaring = view.seat.same_side(view.declarer)
    values = {v.card: v for v in analysis.cards}
    rows = []
    for card in display_order(CardSet(values)):
        v = values[card]
        if declaring:
            rows.append(HintRow(card, v.p_make, v.expected_tricks))
        else:
            rows.append(HintRow(card, 1.0 - v.p_make, TOTAL_TRICKS - v.expected_tricks))
    contract = view.contract
    goal = f"{'make' if declaring else 'beat'} {contract.level}{contract.strain.symbol}{contract.doubling.suffix}"
    engine = _engine_name(analysis)
    if planned and planned != engine and not snapshot.final:
        engine = f"{planned} (PIMC values so far)"
    return HintResult(HintKind.BRIDGE, tuple(rows), analysis.best, engine, snapshot.worlds_used,
                      snapshot.worlds_total, snapshot.final, analysis.complete or not snapshot.final, goal,
                      snapshot.fraction)


def hearts_hint_result(snapshot: Snapshot, taken: float = 0.0) -> HintResult:
    """The panel's rows from a Hearts snapshot; ``taken`` = the points the player already took this hand."""
    analysis: HeartsAnalysis = snapshot.analysis
    values = {c.card: c for c in analysis.cards}
    rows = tuple(HintRow(card, values[card].expected_points, values[card].moon_risk)
                 for card in display_order(CardSet(values)))
    complete = not snapshot.final or snapshot.worlds_used >= snapshot.worlds_total
    return HintResult(HintKind.HEARTS, rows, analysis.best, "MC-Max_n", snapshot.worlds_used, snapshot.worlds_total,
                      snapshot.final, complete, "", snapshot.fraction, taken)


def _status_message(result: HintResult) -> str:
    return f"hint: {result.worlds_used}/{result.worlds_total} worlds"


EXPLAIN_FRACTION = 0.99  # the progress shown while the explanation is computed


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "…"


def _explained(final: HintResult, serial: int, post: "Post", cancel: CancelToken, explain) -> HintResult:
    """``final`` with the explanation ``explain()`` returns; the values are posted first so they show
    while it is computed.  A cancel stops the job; any other failure leaves a note instead."""
    post(serial, final)
    cancel.report(EXPLAIN_FRACTION, "hint: explaining the recommended card")
    try:
        text = explain()
    except Cancelled:
        raise
    except Exception as exc:  # noqa: BLE001 - the explanation must never cost the hint
        cancel.check()
        return replace(final, explanation="", explanation_error=_one_line(exc))
    cancel.check()
    return replace(final, explanation=text)


Post = Callable[[int, HintResult], None]


def _counted(job, game: Game, stats: StatsService | None):
    """``job``, first recording a hint used (on the statistics thread, which reports any failure)."""

    def run(cancel: CancelToken):
        if stats is not None:
            stats.record(lambda s: s.record_hint(game))
        return job(cancel)

    return run


def bridge_hint_job(view: BridgeView, config: HintConfig, serial: int, post: Post):
    """The engine job for a bridge hint: posts partial results, returns the final one."""

    declaring = view.seat.same_side(view.declarer)  # αμ searches the declaring side only
    planned = f"αμ, M = {config.bridge_max_moves}" if (
        config.bridge_algorithm is Algorithm.ALPHAMU and config.bridge_max_moves > 1 and declaring) else ""

    def job(cancel: CancelToken) -> HintResult:
        from engine.analysis import bridge as analysis

        final: list[HintResult] = []

        def on_update(snapshot: Snapshot) -> None:
            result = bridge_hint_result(snapshot, view, planned)
            cancel.report(snapshot.fraction, _status_message(result))
            if snapshot.final:
                final.append(result)
            else:
                post(serial, result)

        analysis.analyse_view(view, config.bridge_algorithm, config.bridge_budget(), rng=random.Random(config.seed),
                              cancel=cancel, on_update=on_update, min_interval=config.min_interval)
        if not config.explain:
            return final[-1]

        def explain() -> str:
            from engine.hints import bridge_hint_for_view

            hint = bridge_hint_for_view(view, worlds=config.explain_bridge_worlds,
                                        exact_limit=config.explain_bridge_exact_limit,
                                        rng=random.Random(config.seed), max_moves=config.explain_bridge_max_moves,
                                        cancel=cancel)
            return hint.text

        return _explained(final[-1], serial, post, cancel, explain)

    return job


def hearts_hint_job(view: HeartsView, config: HintConfig, serial: int, post: Post, taken: float = 0.0):
    """The engine job for a Hearts hint: posts partial results, returns the final one."""

    def job(cancel: CancelToken) -> HintResult:
        from engine.analysis import hearts as analysis

        final: list[HintResult] = []

        def on_update(snapshot: Snapshot) -> None:
            result = hearts_hint_result(snapshot, taken)
            cancel.report(snapshot.fraction, _status_message(result))
            if snapshot.final:
                final.append(result)
            else:
                post(serial, result)

        analysis.analyse_hearts(view, worlds=config.hearts_worlds, time_limit=config.hearts_time_limit,
                                seed=config.seed, cancel=cancel, on_update=on_update, min_interval=config.min_interval)
        if not config.explain:
            return final[-1]

        def explain() -> str:
            from engine.hints import hearts_hint

            return hearts_hint(view, worlds=config.explain_hearts_worlds,
                               time_limit=config.explain_hearts_time_limit, seed=config.seed).text

        return _explained(final[-1], serial, post, cancel, explain)

    return job


# --- the controller (GUI thread) --------------------------------------------------------------------


class HintController(QObject):
    """The hint model both panels read: status, the result shown, the error; intents: request, cancel."""

    changed = Signal()
    message = Signal(str)
    requested = Signal()  # a hint was asked for (the window opens the panel)
    hint_card_changed = Signal(object)  # Card | None: the recommended card to mark on the table

    _partial = Signal(int, object)  # (serial, HintResult) from the engine thread, delivered queued

    def __init__(
        self,
        worker: EngineWorker,
        *,
        stats: StatsService | None = None,
        config: HintConfig = HintConfig(),
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._requests = EngineRequests(worker, self)
        self._stats = stats
        self.config = config
        self.status = HintStatus.IDLE
        self.result: HintResult | None = None
        self.error = ""
        self.request_id: RequestId | None = None
        self._serial = 0
        self._target: HintTarget | None = None
        self._partial.connect(self._on_partial, Qt.ConnectionType.QueuedConnection)

    # --- queries -----------------------------------------------------------------------------------
    @property
    def is_thinking(self) -> bool:
        return self.status is HintStatus.THINKING

    def can_hint(self, controller: ModeController) -> bool:
        """True when the user is to play a card in ``controller``'s game."""
        return controller.hint_target() is not None

    # --- intents ----------------------------------------------------------------------------------
    def request(self, controller: ModeController) -> bool:
        """Ask for a hint in ``controller``'s position (any outstanding hint is cancelled first)."""
        target = controller.hint_target()
        if target is None:
            self.message.emit("A hint is available when it is your turn to play a card")
            return False
        self._drop_outstanding()
        self._serial += 1
        serial = self._serial
        if target.kind is HintKind.BRIDGE:
            game = Game.BRIDGE
            job = bridge_hint_job(target.view, self.config, serial, self._post)  # type: ignore[arg-type]
        else:
            game = Game.HEARTS
            job = hearts_hint_job(target.view, self.config, serial, self._post, target.taken)  # type: ignore[arg-type]
        job = _counted(job, game, self._stats)
        try:
            self.request_id = self._requests.submit(job, "hint", self._on_done, self._on_failed,
                                                    on_cancelled=self._on_cancelled)
        except RuntimeError as exc:  # the worker is shut down (the window is closing)
            self._set(HintStatus.FAILED, None, str(exc))
            return False
        self._target = target
        self._set(HintStatus.THINKING, None, "")
        self.requested.emit()
        return True

    def cancel(self) -> None:
        """Stop the outstanding hint; the values found so far stay on show, marked cancelled."""
        if self.request_id is None:
            return
        self._drop_outstanding()
        self._set(HintStatus.CANCELLED, self.result, "")
        self.message.emit("Hint cancelled")

    def follow(self, controller: ModeController) -> None:
        """The table changed: a hint for another position (a card played, undo, new deal, mode) goes."""
        if self._target is None:
            return
        if self._target.same(controller.hint_target()):
            return
        self.clear()

    def clear(self) -> None:
        self._drop_outstanding()
        self._target = None
        self._set(HintStatus.IDLE, None, "")

    # --- internals ------------------------------------------------------------------------------
    def _post(self, serial: int, result: HintResult) -> None:
        """Called on the engine thread: hand a partial result to the GUI thread."""
        try:
            self._partial.emit(serial, result)
        except RuntimeError:  # the controller is gone (the app is quitting)
            pass

    def _drop_outstanding(self) -> None:
        self._requests.cancel_all()
        self.request_id = None

    def _set(self, status: HintStatus, result: HintResult | None, error: str) -> None:
        self.status, self.error = status, error
        old_best = None if self.result is None else self.result.best
        self.result = result
        new_best = None if result is None else result.best
        if new_best != old_best:
            self.hint_card_changed.emit(new_best)
        self.changed.emit()

    def _on_partial(self, serial: int, result: HintResult) -> None:
        if serial == self._serial and self.request_id is not None:
            self._set(HintStatus.THINKING, result, "")

    def _on_done(self, result: HintResult) -> None:
        self.request_id = None
        self._set(HintStatus.DONE, result, "")
        best = next(r for r in result.rows if r.card == result.best)
        if result.explanation_error:
            self.message.emit(f"Hint ready: {_best_text(result, best)}; no explanation ({result.explanation_error})")
        else:
            self.message.emit(f"Hint ready: {_best_text(result, best)}")

    def _on_failed(self, message: str) -> None:
        self.request_id = None
        self._set(HintStatus.FAILED, self.result, message)
        self.message.emit(f"The hint failed: {message}")

    def _on_cancelled(self) -> None:
        self.request_id = None  # cancelled by someone else (the worker shutting down)
        self._set(HintStatus.CANCELLED, self.result, "")


def _best_text(result: HintResult, best: HintRow) -> str:
    if result.kind is HintKind.BRIDGE:
        return f"{card_label(best.card)} ({best.value:.0%} to {result.goal})"
    return f"{card_label(best.card)} ({best.value:.1f} points expected)"
