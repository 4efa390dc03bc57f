"""Bridge mode: deals boards, runs the bidding and the play between the user and the computer.

A board is bid first (the default): the user calls for South with a bidding box, the
computer calls the other three seats with the system card, and the contract and
declarer come from the auction — the user declares when their side won it and
defends from South otherwise.  The double-dummy contract choice stays as an option.

Everything the engine computes — reading a PBN file, the double-dummy table and
automatic contract of a new board, the bid hint, each computer card, the check of a
claim — runs on the engine worker; the GUI thread only applies answers, and only when
they belong to the current position.  A computer call takes milliseconds and is made
directly.

A hand is never left stuck by an engine failure: a board that could not be prepared
or a computer card that failed is offered again (:attr:`BridgeController.retry_text`,
:meth:`BridgeController.retry`), and a card that failed twice is chosen by the simple
``rules`` player on the next retry.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from engine.bidding import read_auction
from engine.bridge.auction import Call
from engine.core.cancel import CancelToken
from engine.core.cards import Card
from engine.formats import PbnError, PbnFileError, read_pbn, write_pbn_file
from engine.session.auction_session import AuctionSession
from engine.session.board_maker import PreparedBoard, prepare_board, random_board_deal
from engine.session.bridge_pbn import LoadedBoard, loaded_board, restore_play, session_to_pbn_game
from engine.session.bridge_session import (
    FALLBACK_PLAYER,
    BridgeBoard,
    BridgeSession,
    BridgeSessionError,
    ComputerTurn,
    DealSummary,
    UserRole,
)
from engine.core.seats import Seat
from engine.session.contract_choice import ContractChoice, ContractMethod
from engine.session.deal_filter import DealFilter
from engine.session.claim_check import ClaimCheck, check_claim
from engine.session.double_dummy import DoubleDummyOracle, table_oracle, with_cell

from engine.players.registry import Game

from ..settings import TRICK_PAUSE_CLICK, HandVisibility
from ..stats import BridgeHandRecord, BridgeReplay, StatsService
from ..viewmodels.auction import BIDDING_BOX_CALLS, AuctionGrid, BoxCall, auction_grid
from ..viewmodels.bridge_table import auction_deal_state, bridge_table_state, unplayed_deal_state
from ..viewmodels.claim import RejectedClaim
from ..viewmodels.trick_record import TrickRow, trick_rows
from ..viewmodels.hints import HintTarget, bridge_hint_target
from ..viewmodels.info import BridgeInfo, InfoRow, bridge_info_rows
from ..viewmodels.strength import computer_words
from ..viewmodels.table import TableState
from ..worker import EngineWorker
from .engine_requests import EngineRequests

__all__ = ["AUTO_ORACLE", "BridgeController", "BridgeOptions", "describe_summary"]

AUTO_ORACLE = object()
"""Use the engine's double-dummy solver when it is installed."""


@dataclass(frozen=True, slots=True)
class BridgeOptions:
    """What the next board is made with (changes apply from the next deal)."""

    deal_filter: DealFilter = DealFilter.RANDOM
    role: UserRole = UserRole.DECLARER  # when the contract is the double-dummy choice
    player_spec: str = "rules"
    bidding: bool = True  # bid the board with the computer (else the double-dummy choice)


USER_SEAT = Seat.SOUTH
"""The seat the user bids (and defends from when the other side wins the auction)."""
BID_HINT_DEALS = 8
"""Deals the bid hint's double-dummy look-ahead samples (each solved for the main contracts)."""


class BridgeController(QObject):
    """The model side of Bridge mode; views listen to :attr:`changed` and :attr:`message`."""

    changed = Signal()
    message = Signal(str)
    deal_finished = Signal(object)  # DealSummary
    claim_rejected = Signal(object)  # RejectedClaim: the window explains it in a dialog

    def __init__(
        self,
        worker: EngineWorker,
        *,
        seed: int | None = None,
        stats: StatsService | None = None,
        oracle: object = AUTO_ORACLE,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._requests = EngineRequests(worker, self)
        self._rng = random.Random(seed)
        self._stats = stats
        self.oracle: DoubleDummyOracle | None = table_oracle() if oracle is AUTO_ORACLE else oracle  # type: ignore[assignment]
        self.options = BridgeOptions()
        self.pace_ms = 0
        self.trick_pause_ms = 0  # how long a finished trick stays before the computer leads (TRICK_PAUSE_CLICK: a click)
        self.engine_details = False  # name the engines (the advanced view)
        self._waiting_for_click = False
        self._pace_timer = QTimer(self)  # the pause before a computer card, stopped when the mode is left
        self._pace_timer.setSingleShot(True)
        self._pace_timer.timeout.connect(self._pace_elapsed)
        self._paced_ply = -1
        self.active = False
        self.board_number = 0
        self.pending_board: BridgeBoard | None = None  # shown while its contract is being chosen
        self.prepared: PreparedBoard | None = None
        self.session: BridgeSession | None = None
        self.last_summary: DealSummary | None = None
        self._recorded = False
        self._searching = False
        self._claiming = False
        self._pending_restore: tuple[tuple[Card, ...], int | None] | None = None
        self._pending_choice: ContractChoice | None = None
        self._pending_role: UserRole | None = None
        self.retry_text: str | None = None  # what failed, offered again by retry()
        self._retry: Callable[[], None] | None = None
        self._failed_ply = -1
        self._failures = 0  # consecutive failures of the computer card at _failed_ply
        self._pending_auction: tuple[Call, ...] = ()
        self._pending_user_seat: Seat | None = None
        self.auction: AuctionSession | None = None  # the board's bidding (kept through the play)
        self.passed_out = False
        self.bid_hint = None  # engine.hints.bid_hint.BidHint for the current call, when asked
        self._bid_hint_calls = -1  # the number of calls the bid hint was asked at

    # --- state for the views -------------------------------------------------------------
    @property
    def is_thinking(self) -> bool:
        return self._requests.busy

    @property
    def deal(self):
        if self.session is not None:
            return self.session.board.deal
        return None if self.pending_board is None else self.pending_board.deal

    def table_state(self, visibility: HandVisibility) -> TableState | None:
        if self.session is not None:
            return bridge_table_state(self.session, visibility)
        if self.auction is not None and self.pending_board is not None:
            return auction_deal_state(self.pending_board.deal, visibility, USER_SEAT, reveal=self.passed_out)
        if self.pending_board is not None:
            return unplayed_deal_state(self.pending_board.deal, visibility)
        return None

    # --- the auction -------------------------------------------------------------------------
    @property
    def bidding_now(self) -> bool:
        """The board is being bid (the play has not started)."""
        return self.auction is not None and self.session is None and not self.passed_out

    @property
    def user_to_call(self) -> bool:
        return self.bidding_now and self.auction.is_user_turn  # type: ignore[union-attr]

    def auction_grid(self) -> AuctionGrid | None:
        a = self.auction
        return None if a is None else auction_grid(a.board.dealer, a.records, a.is_complete)

    def bidding_box(self) -> tuple[BoxCall, ...]:
        """Every call of the box: whether the user may make it now, and what it would mean."""
        a = self.auction
        if a is None or not self.user_to_call:
            return tuple(BoxCall(c, False, "") for c in BIDDING_BOX_CALLS)
        legal = set(a.legal_calls())
        return tuple(BoxCall(c, c in legal, a.meaning_of(c).text if c in legal else "") for c in BIDDING_BOX_CALLS)

    def make_call(self, call: Call) -> None:
        """The user calls; the computer answers at once; a finished auction starts the play."""
        a = self.auction
        if a is None or not self.user_to_call:
            self.message.emit("It is not your turn to call")
            return
        try:
            record = a.user_call(call)
        except ValueError as exc:
            self.message.emit(str(exc))
            return
        self.bid_hint = None
        self.message.emit(f"You: {record.meaning.text}" if record.meaning.text else "")
        self._continue_auction()

    def undo_call(self) -> None:
        a = self.auction
        if a is None or not self.bidding_now:
            return
        try:
            a.undo()
        except ValueError as exc:
            self.message.emit(str(exc))
            return
        self.bid_hint = None
        self._continue_auction()

    def request_bid_hint(self) -> None:
        """The system's call for the user's hand and the double-dummy outlook of the main contracts
        over deals that fit the auction (on the engine)."""
        a = self.auction
        if a is None or not self.user_to_call:
            return
        from engine.hints.bid_hint import bid_hint

        system, hand, board, records, oracle = a.system, a.board.deal[a.user_seat], a.board, tuple(a.records), self.oracle
        seed = self._rng.randrange(1 << 30)
        calls = len(records)
        self._bid_hint_calls = calls

        def job(cancel: CancelToken):
            return bid_hint(system, hand, board.dealer, board.vulnerability, records, oracle,
                            deals=BID_HINT_DEALS, rng=random.Random(seed), cancel=cancel)

        def done(hint) -> None:
            if self.auction is a and len(a.records) == calls:
                self.bid_hint = hint
                self.changed.emit()

        self._requests.submit(job, "bid hint: looking ahead double-dummy", done, self._on_engine_failed)
        self.changed.emit()

    def _start_auction(self, board: BridgeBoard, calls: tuple[Call, ...] = ()) -> None:
        self.session = None
        self.last_summary = None
        self.passed_out = False
        self.bid_hint = None
        self.pending_board = board
        seat = self._pending_user_seat if self._pending_user_seat is not None else USER_SEAT
        self._pending_user_seat = None
        self.auction = AuctionSession(board, user_seat=seat)
        if calls:  # a board read from a file: its auction as it was bid
            self.auction.records.extend(read_auction(self.auction.system, board.dealer, board.vulnerability, calls))
        self._continue_auction()

    def _continue_auction(self) -> None:
        a = self.auction
        assert a is not None
        a.bid_computer_calls()
        if a.is_complete:
            choice = a.contract_choice()
            if choice is None:
                self.passed_out = True
                self.message.emit("Passed out: nobody opened. Deal the next board.")
            else:
                self._start_play_after_auction(choice)
        self._after_change()

    def _start_play_after_auction(self, choice: ContractChoice) -> None:
        a = self.auction
        assert a is not None
        prepared = self.prepared if self.prepared is not None and self.prepared.board == a.board else None
        self._recorded = False
        self.last_summary = None
        self.session = BridgeSession(
            a.board, choice, user_seat=a.user_seat, auction=a.records, player_spec=self.options.player_spec,
            seed=self._rng.randrange(1 << 30), dd_table=None if prepared is None else prepared.dd_table,
        )
        if prepared is None:
            self.prepared = PreparedBoard(a.board, choice, None)
        self._complete_dd_cell()
        side = "you declare" if self.session.role is UserRole.DECLARER else "you defend"
        self.message.emit(f"{choice.contract} by {choice.declarer.name.title()}: {side}")

    def title(self) -> str:
        if self._searching:
            return "Looking for a deal…"
        board = self.session.board if self.session is not None else self.pending_board
        return "Bridge" if board is None else f"Board {board.number}"

    def info_rows(self) -> tuple[InfoRow, ...]:
        board = self.session.board if self.session is not None else self.pending_board
        if board is None:
            return ()
        s = self.session
        if s is None:
            info = BridgeInfo(board.number, board.dealer, board.vulnerability)
            if self.auction is not None:  # no contract yet: its rows wait for the play (room for the bidding box)
                status = "passed out" if self.passed_out else "bidding"
                return bridge_info_rows(info)[:2] + (InfoRow("Status", status), InfoRow("You", USER_SEAT.name.title()))
            return bridge_info_rows(info) + (InfoRow("Status", "choosing the contract…"),)
        play = s.play
        claim = play.claim_record
        ns = play.tricks_ns + (0 if claim is None else claim.declarer_side_tricks if s.declarer.is_ns else claim.defender_tricks)
        ew = play.tricks_ew + (0 if claim is None else claim.defender_tricks if s.declarer.is_ns else claim.declarer_side_tricks)
        score_ns = None
        if s.is_complete:
            summary = s.summary()
            score_ns = summary.score if s.declarer.is_ns else -summary.score
        info = BridgeInfo(board.number, board.dealer, board.vulnerability, s.contract, s.declarer, ns, ew, score_ns)
        rows = bridge_info_rows(info)
        return rows + (
            InfoRow("You", f"{s.user_seat.name.title()}, {s.role.value}"),
            InfoRow("Contract by", s.choice.method.value),
            InfoRow("Computer", computer_words(Game.BRIDGE, s.player_spec, self.engine_details)),
        )

    # --- activation ------------------------------------------------------------------------
    def activate(self) -> None:
        self.active = True
        if self.session is None and self.pending_board is None and not self._searching:
            self.new_deal()
        else:
            self._schedule_computer()
        self.changed.emit()

    def deactivate(self) -> None:
        """Stop asking the engine (a computer card in flight is asked for again on return)."""
        self.active = False
        self._pace_timer.stop()
        self._waiting_for_click = False
        if self.session is not None:
            self._requests.cancel_all()

    # --- engine failures: offered again ---------------------------------------------------------
    @property
    def can_retry(self) -> bool:
        return self._retry is not None

    def retry(self) -> None:
        """Ask the engine again for what failed (see the module docstring)."""
        again = self._retry
        self._clear_retry()
        if again is not None:
            again()
        self.changed.emit()

    def _offer_retry(self, text: str, again: Callable[[], None]) -> None:
        self.retry_text = text
        self._retry = again
        self.changed.emit()

    def _clear_retry(self) -> None:
        self.retry_text = None
        self._retry = None

    # --- new boards ---------------------------------------------------------------------------
    def new_deal(self) -> None:
        """Deal the next board: at once for a random deal, on the engine for a filtered one (the
        current board stays on the table meanwhile, and if no deal is found)."""
        self._clear_retry()
        self._requests.cancel_all()
        self._pace_timer.stop()
        self.board_number += 1
        seed = self._rng.randrange(1 << 62)
        deal_filter = self.options.deal_filter
        oracle = self.oracle
        number = self.board_number
        self.auction = None
        self.passed_out = False
        self.bid_hint = None
        self.prepared = None
        if deal_filter is DealFilter.RANDOM:
            self.session = None
            self.last_summary = None
            self.pending_board = BridgeBoard.numbered(number, random_board_deal(seed))
            self._searching = False
            if self.options.bidding:
                board = self.pending_board
                self._start_auction(board)
                self._analyse(board, oracle, "double-dummy table of the board")  # for the summary, meanwhile
            else:
                self._analyse(self.pending_board, oracle, "choosing the contract")
        else:
            self._searching = True
            self._requests.submit(
                lambda cancel: prepare_board(number, seed, deal_filter, oracle, cancel),
                "looking for a deal",
                self._on_board_ready,
                self._on_engine_failed,
            )
        self.changed.emit()

    def _analyse(self, board: BridgeBoard, oracle: DoubleDummyOracle | None, label: str) -> None:
        """On the engine: the DD table and automatic contract of ``board`` (its dealer and vulnerability
        kept).  Should the solver fail, the point-count estimate stands in and the user is told."""

        def job(cancel: CancelToken) -> PreparedBoard:
            prepared = prepare_board(board.number, 0, DealFilter.RANDOM, oracle, cancel, deal=board.deal)
            return PreparedBoard(board, prepared.choice, prepared.dd_table)

        def failed(text: str) -> None:
            if oracle is None:
                self._on_engine_failed(text)
                self._offer_retry(f"Preparing board {board.number} failed: {text}",
                                  lambda: self._analyse(board, None, label))
                return
            self.message.emit(f"The double-dummy solver did not finish ({text}); the contract comes from the point-count estimate")
            self._analyse(board, None, label)

        self._requests.submit(job, label, self._on_board_ready, failed)

    def _on_board_ready(self, prepared: PreparedBoard) -> None:
        self._searching = False
        if self.auction is not None and self.auction.board == prepared.board:
            self.prepared = prepared  # the table arrived while bidding or playing
            if self.session is not None and self.session.board == prepared.board and self.session.dd_table is None:
                self.session.dd_table = prepared.dd_table
                self._complete_dd_cell()
            self.changed.emit()
            return
        if self.options.bidding and self._pending_choice is None and not self._pending_auction:
            self.prepared = prepared
            self._start_auction(prepared.board)
            return
        if self._pending_auction and self._pending_choice is not None:
            self.prepared = prepared
            self._start_auction(prepared.board, self._pending_auction)
            self._pending_auction = ()
            self._pending_choice = None
            self._pending_role = None
            self._restore_pending()
            self._after_change()
            return
        choice = self._pending_choice or prepared.choice
        role = self._pending_role or self.options.role
        self._pending_choice = None
        self._pending_role = None
        self._start(prepared, choice, role)
        self._restore_pending()
        self._after_change()

    def _restore_pending(self) -> None:
        if self._pending_restore is not None and self.session is not None:
            cards, result = self._pending_restore
            self._pending_restore = None
            restore_play(self.session, cards, result)

    def _start(self, prepared: PreparedBoard, choice: ContractChoice, role: UserRole) -> None:
        self.prepared = prepared
        self.pending_board = None
        self.auction = None
        self._recorded = False
        self.last_summary = None
        self.session = BridgeSession(
            prepared.board,
            choice,
            role=role,
            player_spec=self.options.player_spec,
            seed=self._rng.randrange(1 << 30),
            dd_table=prepared.dd_table,
        )
        self._complete_dd_cell()

    def _complete_dd_cell(self) -> None:
        """Solve the double-dummy cell of the contract being played when the board's table lacks it (the
        automatic contract's questions make only what they need exact; a bid or hand-set contract may be
        another), so the summary can give declarer's double-dummy tricks."""
        s, oracle = self.session, self.oracle
        if s is None or oracle is None or s.dd_table is None or s.dd_table.has(s.contract.strain, s.declarer):
            return
        deal, strain, declarer = s.board.deal, int(s.contract.strain), int(s.declarer)

        def done(tricks: int) -> None:
            if self.session is s and s.dd_table is not None and not s.dd_table.has(strain, declarer):
                s.dd_table = with_cell(s.dd_table, strain, declarer, tricks)

        self._requests.submit(lambda cancel: oracle.declarer_tricks(deal, strain, declarer),
                              "double-dummy: the contract played", done, lambda text: None)

    def set_contract(self, choice: ContractChoice) -> None:
        """Play the current board in a contract set by hand (the play starts again)."""
        if self.prepared is None:
            raise BridgeSessionError("there is no board to set a contract for yet")
        self._requests.cancel_all()
        self._start(self.prepared, choice, self.session.role if self.session else self.options.role)
        self._after_change()

    def automatic_contract(self) -> ContractChoice | None:
        """The contract the automatic method chose for the current board."""
        return None if self.prepared is None else self.prepared.choice

    # --- the user's actions -------------------------------------------------------------------
    def hint_target(self) -> HintTarget | None:
        return bridge_hint_target(self.session)

    def card_chosen(self, card: Card) -> None:
        s = self.session
        if s is None or not s.is_user_turn or self._claiming:
            return
        try:
            s.play_card(card)
        except ValueError as exc:
            self.message.emit(str(exc))
            return
        self._after_change()

    @property
    def can_undo(self) -> bool:
        if self.bidding_now:
            return any(r.seat == self.auction.user_seat for r in self.auction.records)  # type: ignore[union-attr]
        return self.session is not None and self.session.can_undo and not self._claiming

    def undo(self) -> None:
        if not self.can_undo:
            return
        if self.bidding_now:
            self.undo_call()
            return
        assert self.session is not None
        self._requests.cancel_all()
        self.session.undo()
        self._after_change()

    def undo_to(self, ply: int) -> None:
        """Back to the position after ``ply`` cards (the computer then plays on to your turn)."""
        if self.session is None:
            return
        self._requests.cancel_all()
        self.session.undo_to(ply)
        self._after_change()

    def replay(self) -> None:
        if self.session is None:
            return
        self._requests.cancel_all()
        self.session.replay()
        self._after_change()

    # --- claims ----------------------------------------------------------------------------------
    @property
    def claim_needs_count(self) -> bool:
        """With the solver the user says how many tricks; without it only 'all the rest' is offered."""
        return self.oracle is not None

    @property
    def can_claim(self) -> bool:
        s = self.session
        if s is None or not s.is_user_turn or self._claiming:
            return False
        return self.oracle is not None or s.trivial_claim_available()

    def claim(self, user_tricks: int | None = None) -> None:
        """Claim ``user_tricks`` of the remaining tricks (default: all) for your side."""
        s = self.session
        if s is None or not self.can_claim:
            self.message.emit("You can claim when it is your turn" + ("" if self.oracle else " and your side holds only top winners"))
            return
        tricks = s.play.remaining_tricks if user_tricks is None else user_tricks
        if self.oracle is None:
            s.claim_trivially()
            self.message.emit("Claim accepted: every remaining card is a top winner")
            self._after_change()
            return
        oracle, position, ply = self.oracle, s.play.copy(), s.play.ply
        declaring = s.user_on_declaring_side
        self._claiming = True
        self._requests.submit(
            lambda cancel: check_claim(oracle, position, declaring, tricks, cancel),
            "checking the claim",
            lambda check: self._on_claim_checked(tricks, check, ply),
            self._on_claim_failed,
        )
        self.changed.emit()

    def _on_claim_checked(self, tricks: int, check: ClaimCheck, ply: int) -> None:
        self._claiming = False
        s = self.session
        assert s is not None
        if check.accepted:
            try:
                s.claim_verified(tricks, check.declarer_side, ply)
            except BridgeSessionError as exc:  # the position moved on meanwhile
                self.message.emit(str(exc))
                self.changed.emit()
                return
            self.message.emit("Claim accepted (checked double-dummy)")
            self._after_change()
            return
        rejected = RejectedClaim(tricks, s.play.remaining_tricks, check, s.user_seats)
        self.message.emit(rejected.headline)
        self.claim_rejected.emit(rejected)
        self.changed.emit()

    def _on_claim_failed(self, text: str) -> None:
        self._claiming = False
        self.message.emit(f"The claim could not be checked: {text}")
        self.changed.emit()

    # --- files --------------------------------------------------------------------------------------
    def save_pbn(self, path: Path) -> None:
        if self.session is None:
            raise BridgeSessionError("there is no deal in play to save yet")
        write_pbn_file(path, [session_to_pbn_game(self.session)])
        self.message.emit(f"Saved {path.name}")

    def load_pbn(self, path: Path) -> None:
        """Play the first game of a PBN file (its contract, or the automatic one; its play so far).

        The file is read on the engine worker, with progress in the status bar and a Stop
        button; what goes wrong (an unreadable or too large file, a bad game) comes back as a
        message, and the board on the table stays until the new one is read.
        """
        name = path.name

        def job(cancel: CancelToken) -> LoadedBoard:
            def progress(fraction: float) -> None:
                cancel.check(f"reading {name} was stopped")
                cancel.report(fraction, f"reading {name}")

            try:
                games = read_pbn(path, progress=progress, limit=1)
            except PbnError as exc:
                raise BridgeSessionError(f"cannot open {name}, line {exc.line}: {exc.message}") from None
            except PbnFileError as exc:  # too large, a folder, a FIFO...: the file is named once
                raise BridgeSessionError(f"cannot open {name}: it {exc.reason}") from None
            except OSError as exc:
                raise BridgeSessionError(f"cannot open {name}: {exc}") from None
            if not games:
                raise BridgeSessionError(f"{name} holds no game")
            return loaded_board(games[0], default_number=self.board_number + 1)

        self._clear_retry()
        self._requests.cancel_all()
        self._pace_timer.stop()
        self._requests.submit(job, f"reading {name}", lambda loaded: self._on_file_read(name, loaded),
                              self._on_file_failed, on_cancelled=lambda: self._on_file_stopped(name), stoppable=True)
        self.changed.emit()

    def _on_file_read(self, name: str, loaded: LoadedBoard) -> None:
        self.session = None
        self.board_number = loaded.board.number
        self.pending_board = loaded.board
        self._pending_choice = loaded.choice
        self._pending_role = loaded.role
        self._pending_restore = (loaded.cards, loaded.result)
        self._pending_auction = loaded.auction if loaded.choice is not None else ()
        self._pending_user_seat = loaded.user_seat
        self.auction = None
        self._analyse(loaded.board, self.oracle, "reading the deal")
        self.message.emit(f"Opened {name}")
        self.changed.emit()

    def replay_hand(self, replay: BridgeReplay) -> None:
        """Play a hand of the history again: its deal, contract and your seat, from the opening lead."""
        self._requests.cancel_all()
        self._pace_timer.stop()
        self.session = None
        self.last_summary = None
        self.board_number = max(self.board_number, replay.board)
        board = BridgeBoard(replay.board, replay.deal, Seat((replay.board - 1) % 4), replay.vulnerability)
        self.pending_board = board
        reason = "The contract you played this hand in (replayed from your hand history)."
        self._pending_choice = ContractChoice(replay.contract, replay.declarer, replay.contract.tricks_needed,
                                              ContractMethod.BY_HAND, reason)
        self._pending_role = UserRole.DECLARER if replay.user_seat.same_side(replay.declarer) else UserRole.DEFENDER
        self._analyse(board, self.oracle, "setting up the hand again")
        self.message.emit(f"Replaying board {replay.board}: {replay.contract} by {replay.declarer.name.title()}")
        self.changed.emit()

    def _on_file_failed(self, text: str) -> None:
        self.message.emit(text)
        self._after_change()  # the board on the table plays on

    def _on_file_stopped(self, name: str) -> None:
        self.message.emit(f"Stopped reading {name}")
        self._after_change()

    # --- the computer's turns ----------------------------------------------------------------------
    def _after_change(self) -> None:
        self._clear_retry()
        s = self.session
        if s is not None and s.is_complete:
            self._finish()
        elif self.last_summary is not None:
            self.last_summary = None  # taken back after the end (undo, replay): the result goes
        self._schedule_computer()
        self.changed.emit()

    def _schedule_computer(self) -> None:
        s = self.session
        self._waiting_for_click = False
        if s is None or not self.active or self._requests.busy or s.computer_turn() is None:
            return
        after_trick = bool(s.play.tricks) and not s.play.current_trick.cards  # a finished trick is on the table
        delay = max(self.pace_ms, self.trick_pause_ms) if after_trick else self.pace_ms
        self._paced_ply = s.play.ply
        if after_trick and self.trick_pause_ms == TRICK_PAUSE_CLICK:
            self._waiting_for_click = True  # the trick stays until the table is clicked
            self.message.emit("Click the table to go on to the next trick")
        elif delay:
            self._pace_timer.start(delay)
        else:
            self._ask_computer(s.play.ply)

    @property
    def waiting_for_click(self) -> bool:
        """A finished trick stays on the table until the user clicks (the "until I click" pause)."""
        return self._waiting_for_click

    def skip_pause(self) -> None:
        """The table was clicked: a pause before the computer's next card ends now."""
        if self._waiting_for_click or self._pace_timer.isActive():
            self._pace_timer.stop()
            self._waiting_for_click = False
            self._ask_computer(self._paced_ply)

    def _pace_elapsed(self) -> None:
        self._ask_computer(self._paced_ply)

    def _ask_computer(self, ply: int) -> None:
        s = self.session
        if s is None or not self.active or self._requests.busy or s.play.ply != ply:
            return
        fallback = ply == self._failed_ply and self._failures >= 2
        turn: ComputerTurn | None = s.computer_turn(fallback=fallback)
        if turn is None:
            return
        name = f"{FALLBACK_PLAYER}, as {turn.player_name} failed" if fallback else turn.player_name
        who = f"{turn.seat.name.title()} ({name})" if self.engine_details or fallback else turn.seat.name.title()
        self._requests.submit(
            turn.job,
            f"{who} is thinking",
            lambda card: self._on_computer_card(s, turn.ply, card),
            lambda text: self._on_computer_failed(s, turn, text),
        )
        self.changed.emit()

    def _on_computer_card(self, session: BridgeSession, ply: int, card: Card) -> None:
        if session is not self.session or not session.apply_computer_card(ply, card):
            return
        self._failed_ply, self._failures = -1, 0
        self._after_change()

    def _on_computer_failed(self, session: BridgeSession, turn: ComputerTurn, text: str) -> None:
        """The card is offered again; after two failures the simple player chooses it on the retry."""
        if session is not self.session:
            return
        self._failures = self._failures + 1 if self._failed_ply == turn.ply else 1
        self._failed_ply = turn.ply
        self.message.emit(f"Engine error: {text}")
        then = (f"Retry lets the simple player ({FALLBACK_PLAYER}) choose it" if self._failures >= 2
                else "Retry asks again")
        self._offer_retry(f"{turn.seat.name.title()}'s card failed: {text}. {then}.",
                          lambda: self._ask_computer(turn.ply))

    def _on_engine_failed(self, text: str) -> None:
        if self._searching:
            self.board_number -= 1  # no new board after all
        self._searching = False
        self.message.emit(f"Engine error: {text}")
        self.changed.emit()

    # --- the end of the deal ----------------------------------------------------------------------
    def _finish(self) -> None:
        assert self.session is not None
        summary = self.session.summary()
        self.last_summary = summary
        if not self._recorded:
            self._recorded = True
            if self._stats is not None:  # on the statistics thread; a failure comes back as a notice
                s = self.session
                claim = s.play.claim_record
                record = BridgeHandRecord(summary.contract, summary.declarer, s.user_seat,
                                          summary.declarer_tricks, summary.user_score, s.board.deal, s.board.number,
                                          s.board.vulnerability, tuple(m.card for m in s.play.moves),
                                          None if claim is None else claim.declarer_side_tricks, summary.dd_tricks)
                self._stats.record(lambda stats: stats.record_bridge_hand(record))
            self.deal_finished.emit(summary)

    def trick_record(self) -> tuple[TrickRow, ...]:
        """The play so far, one row per trick (the compact record beside the table)."""
        return () if self.session is None else trick_rows(self.session.play)


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def describe_summary(summary: DealSummary) -> str:
    """The end-of-deal text: result, score, and how the double-dummy result compares."""
    contract = f"{summary.contract.level}{summary.contract.strain.symbol}{summary.contract.doubling.suffix}"
    lines = [
        f"{contract} by {summary.declarer.name.title()}: {_tricks(summary.declarer_tricks)}, {summary.result_text}.",
        f"Score: {summary.score:+d} for the declaring side ({summary.user_score:+d} for you).",
    ]
    if summary.claim is not None:
        how = "verified" if summary.claim.status.value == "verified" else "not verified"
        lines.append(f"Ended by a claim ({how}) with {summary.claim.remaining_tricks} tricks to go.")
    if summary.dd_tricks is None:
        lines.append("Double-dummy result: not known (the contract came without the double-dummy solver).")
    else:
        diff = summary.declarer_tricks - summary.dd_tricks
        par = "the same as" if diff == 0 else f"{abs(diff)} {'more' if diff > 0 else 'fewer'} than"
        lines.append(f"Double-dummy: declarer takes {summary.dd_tricks}; the play gave {par} that.")
    return "\n".join(lines)
