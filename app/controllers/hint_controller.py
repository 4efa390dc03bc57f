"""Hints for both games: the user's position goes to the engine worker, the hint comes back as it refines.

One hint at a time, from one analysis.  A request takes the position the mode's controller
hands out (:meth:`~app.controllers.mode_controller.ModeController.hint_target`: the user's
own view, never the hidden cards) and runs one engine job through the controller's
:class:`~.engine_requests.EngineRequests`:

* bridge — :func:`engine.hints.bridge_hint_for_view`: every card's chance with its best
  line (exact over every layout when the position allows, else an estimate with its
  error); its first, quick answer is posted while it works, and the final hint gives the
  bars, the star and the words (when ``config.explain``), all from the same analysis;
* Hearts — :func:`engine.analysis.hearts.analyse_hearts` with snapshots (the values over
  the worlds searched so far, posted at most every ``config.min_interval`` seconds), then
  the words of :func:`engine.hints.hearts_hint_from_analysis` over that same final analysis.

Partial results reach the GUI through a queued signal tagged with the hint's serial number
(a stale partial is dropped); the final result is the job's :class:`~app.worker.JobDone`; a
failure is :class:`~app.worker.JobFailed`, shown in the panel and the status bar.  When the
Hearts words fail, the hint still arrives with a one-line note instead of the text.

A new request, a card played, an undo, a new deal or a change of mode cancels the
outstanding hint (the window calls :meth:`HintController.follow` whenever the table
changes); the worker stays serial, and the job stops within one solve.  Each request is
counted in the statistics (hints used), written by the job on the engine thread.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Mapping, TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Qt, Signal

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

if TYPE_CHECKING:  # the analyses load the kernels (seconds on a cold cache): jobs import them
    from engine.analysis.hearts import HeartsAnalysis
    from engine.hints.lines import HintBudget
    from engine.hints.model import BridgeHint

__all__ = ["HintConfig", "HintController", "bridge_hint_result", "hearts_hint_result", "bridge_hint_view",
           "hearts_hint_view"]

TOTAL_TRICKS = 13


@dataclass(frozen=True, slots=True)
class HintConfig:
    """How hard the hint engine searches.  Bridge: :class:`~engine.hints.HintBudget`'s fields (exact over
    every layout up to ``bridge_exact_layouts`` within ``bridge_exact_nodes``, else an estimate on
    ``bridge_worlds`` deals with αμ of ``bridge_max_moves``, within ``bridge_alphamu_work`` units of solving
    and ``bridge_time_limit``; a first, quick answer on ``bridge_first_worlds`` deals while it works).  The
    defaults are :class:`~engine.hints.HintBudget`'s, which ``tenace-cli hint`` uses too: a work budget, not
    a time limit, so the app and the CLI give the same answer for the same position on any machine; Hearts: MC-Max_n over ``hearts_worlds``
    worlds.  ``seed`` fixes the deals, so the same position gets the same hint.  With ``explain`` the
    result carries the hint's words, from the same analysis as the bars and the star."""

    bridge_exact_layouts: int = 20_000
    bridge_exact_nodes: int = 150_000
    bridge_worlds: int = 200
    bridge_max_moves: int = 2
    bridge_alphamu_work: int | None = 1_000_000
    bridge_time_limit: float | None = None
    bridge_first_worlds: int = 6
    hearts_worlds: int = 60
    hearts_time_limit: float = 5.0
    seed: int = 0
    min_interval: float = 0.25  # seconds between two partial results
    explain: bool = False  # the hint's words with the figures (the window turns it on)

    def bridge_budget(self) -> "HintBudget":
        from engine.hints.lines import HintBudget

        return HintBudget(exact_layouts=self.bridge_exact_layouts, exact_nodes=self.bridge_exact_nodes,
                          worlds=self.bridge_worlds, max_moves=self.bridge_max_moves,
                          alphamu_work=self.bridge_alphamu_work, time_limit=self.bridge_time_limit,
                          first_worlds=self.bridge_first_worlds)


# --- plain functions (engine thread) ------------------------------------------------------------------


def bridge_hint_result(hint: "BridgeHint", view: BridgeView, *, explain: bool = True) -> HintResult:
    """The panel's rows, star and words from one hint, for the side of the seat choosing (``view.seat``):
    declarer's side sees its chance of making, a defender its chance of beating the contract (or, when
    every card does that equally often, of the trick level the hint is about)."""
    declaring = view.seat.same_side(view.declarer)
    rows = []
    by_card = {c: cand for cand in hint.candidates for c in cand.equivalents}
    for card in display_order(CardSet(by_card)):
        cand = by_card[card]
        tricks = cand.expected_tricks
        if tricks is not None and not declaring:
            tricks = TOTAL_TRICKS - tricks
        rows.append(HintRow(card, cand.p_goal, tricks, cand.error, cand.at_most, cand.p_floor))
    contract = view.contract
    goal = f"{'make' if declaring else 'beat'} {contract.level}{contract.strain.symbol}{contract.doubling.suffix}"
    if hint.goal.value in ("overtrick", "undertrick"):
        total = hint.offset + hint.goal_tricks
        goal = f"take {total} tricks" if declaring else f"hold declarer to {total - 1} tricks"
    engine = _method_name(hint)
    total = hint.layouts if hint.exact else max(hint.worlds, 1)
    return HintResult(HintKind.BRIDGE, tuple(rows), hint.best, engine, hint.worlds, total, hint.final, True, goal,
                      1.0 if hint.final else 0.5, explanation=hint.text if explain else "", exact=hint.exact,
                      method=hint.method.value, sampled=hint.sampled)


def _method_name(hint: "BridgeHint") -> str:
    if hint.method.value == "forced":
        return "no choice"
    if hint.method.value == "suit reduction":
        return "exact suit solver (every layout of the deciding suit)"
    if hint.exact:
        return "exact (every layout)"
    return f"estimate ({hint.algorithm})"


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
    return f"hint: {result.worlds_used:,} of {result.worlds_total:,} possible deals"


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


def bridge_hint_job(view: BridgeView, config: HintConfig, serial: int, post: Post, auction: tuple = (),
                    constraints: Mapping | None = None):
    """The engine job for a bridge hint: one analysis (:func:`engine.hints.bridge_hint_for_view`), its first
    quick answer posted, the final one returned — bars, star and words all from it.  ``auction`` and
    ``constraints``: the board's calls and what they showed of each hand (they shape the deals, and the
    words cite them where they decide); when the cards seen contradict them (a misbid), the hint rests on
    the play alone."""

    def job(cancel: CancelToken) -> HintResult:
        from engine import hints

        def on_update(partial) -> None:
            result = bridge_hint_result(partial, view, explain=config.explain)
            cancel.report(0.5 if not partial.final else 1.0, _status_message(result))
            if not partial.final:
                post(serial, result)

        shown = {seat: c for seat, c in (constraints or {}).items() if seat != view.seat} or None
        try:
            hint = hints.bridge_hint_for_view(view, budget=config.bridge_budget(), rng=random.Random(config.seed),
                                              cancel=cancel, on_update=on_update, constraints=shown,
                                              auction=auction if shown is not None else ())
        except ValueError:  # the engine's KnowledgeError: no deal fits both the cards seen and the auction
            if shown is None:
                raise
            hint = hints.bridge_hint_for_view(view, budget=config.bridge_budget(), rng=random.Random(config.seed),
                                              cancel=cancel, on_update=on_update)
        return bridge_hint_result(hint, view, explain=config.explain)

    return job


def hearts_hint_job(view: HeartsView, config: HintConfig, serial: int, post: Post, taken: float = 0.0):
    """The engine job for a Hearts hint: posts partial results, returns the final one."""

    def job(cancel: CancelToken) -> HintResult:
        from engine.analysis import hearts as analysis

        final: list[HintResult] = []
        analysis_of: list = []

        def on_update(snapshot: Snapshot) -> None:
            if snapshot.final:
                analysis_of.append(snapshot.analysis)
            result = hearts_hint_result(snapshot, taken)
            cancel.report(snapshot.fraction, _status_message(result))
            if snapshot.final:
                final.append(result)
            else:
                post(serial, result)

        analysis.analyse_hearts(view, worlds=config.hearts_worlds, time_limit=config.hearts_time_limit,
                                seed=config.seed, cancel=cancel, on_update=on_update, min_interval=config.min_interval)
        result = final[-1]
        if not config.explain:
            return result

        def explain() -> str:
            from engine import hints

            return hints.hearts_hint_from_analysis(view, analysis_of[-1]).text

        return _explained(result, serial, post, cancel, explain)

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
            job = bridge_hint_job(target.view, self.config, serial, self._post, target.auction,  # type: ignore[arg-type]
                                  target.constraints)
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
