"""One suit-combination practice problem played card by card (no Qt, no threads).

The rules are the suit-combination model of :mod:`engine.suits`: North and South
hold cards of one suit and are both played by the user as declarer, who may lead
from either hand at every trick; the defenders never lead the suit and show out
when void.  The defenders hold one specific layout, drawn at random with its
a-priori probability (seeded), and play it double dummy: they see every card.

What the session keeps
    The *concrete* cards (what the table shows: ``AQ2`` opposite ``543``, West
    ``K8``, ...) and, beside them, the engine's canonical :data:`Position`, so that
    the exact solver's tables apply along the real play.  A card the user plays maps
    to the canonical move of its equivalence run: the cards of one hand with no live
    outstanding card (nor second hand's card) between them are interchangeable, and
    the engine offers only the lowest of each run.  Both hands keep the same number
    of cards between consecutive live outstanding cards, so "the run with as many
    live cards above it" is the same run in both; likewise a defender's card maps to
    its outstanding group, and the concrete card is drawn at random among the
    defender's equal cards (which one is played is the defence's free choice).

How the defenders choose
    Among the cards legal in the actual layout, a defender picks the one that is
    best for the defence by these keys, in order:

    1. the target can no longer be made even double dummy (declarer seeing the layout);
    2. no optimal single-dummy line from the new position makes the target on this
       layout (declarer's best play, not seeing the cards, would fail here);
    3. the lower chance declarer's best line has from the new position (the
       harder the guess left to declarer);
    4. the fewer tricks declarer can take double dummy;
    5. the lower card (second hand low, no needless honours).

    Keys 2 and 3 read the exact solver's Pareto fronts, all computed once when the
    problem is prepared; key 1 and 4 the double-dummy values of the actual layout.

The end
    Play ends when North and South are both out of the suit, or earlier when the
    rest cannot matter (the engine's rule: every card declarer has left wins, or
    every one loses to the defenders' cards); the remaining tricks are then credited
    as a claim, and the session says so.

Preparing a problem (solving it) takes up to a second or two for the library's
problems, so :func:`prepare_problem` is meant for the app's engine worker; defender
replies are handed out as jobs too (cheap after preparation).  Some typed holdings
with many gaps (KJT85 opposite 3) make the exact solver's Pareto fronts explode;
the solvers used here check the job's cancel token and a time limit at every node,
so such a problem ends with a clear error instead of holding the worker for good.  The review of the play — the
best line, the expert line, the user's own line and their exact chances — is in
:mod:`engine.session.suit_review`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

from ..core.cancel import NEVER, Cancelled, CancelToken
from ..core.seats import Seat
from ..suits.equivalence import declarer_choices
from ..suits.evaluate import DoubleDummy
from ..suits.exact import FrontSolver
from ..suits.library import LibraryEntry
from ..suits.model import Layout, SuitProblem, SuitProblemError, holding_str, layouts, rank_char
from ..suits.position import SHOW_OUT, Position, SuitTable, declarer_move

__all__ = [
    "SuitSessionError",
    "SuitTooBigError",
    "SolveGuard",
    "GuardedFronts",
    "GuardedDoubleDummy",
    "PREPARE_TIME_LIMIT_S",
    "SuitSetup",
    "typed_setup",
    "library_setup",
    "PreparedSuitProblem",
    "draw_layout",
    "prepare_problem",
    "SuitStage",
    "PlayedTrick",
    "SuitCardStatus",
    "SuitResult",
    "DefenderTurn",
    "SuitSession",
]

_DECLARER = (Seat.NORTH, Seat.SOUTH)
_DEFENDERS = (Seat.WEST, Seat.EAST)


class SuitSessionError(ValueError):
    """A problem that cannot be set, or an action the session cannot take now; the message says why."""


class SuitTooBigError(SuitSessionError):
    """The exact solver did not finish within its time limit."""


PREPARE_TIME_LIMIT_S = 20.0


@dataclass
class SolveGuard:
    """Checked at every node of a search: stops it when cancelled or past its deadline."""

    cancel: CancelToken = NEVER
    deadline: float | None = None  # time.monotonic() value
    what: str = "solving this problem"

    def __call__(self) -> None:
        if self.cancel.cancelled:
            raise Cancelled(self.what)
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SuitTooBigError(
                f"{self.what[0].upper() + self.what[1:]} takes the exact solver too long (time limit reached): "
                "try fewer cards missing, or fewer gaps between your honours"
            )


@dataclass
class GuardedFronts(FrontSolver):
    """The exact solver's fronts, with a :class:`SolveGuard` checked at each position (``None``: off)."""

    guard: SolveGuard | None = None

    def front(self, pos: Position, levels: tuple[int, ...]) -> list:
        if self.guard is not None:
            self.guard()
        return super().front(pos, levels)


class GuardedDoubleDummy(DoubleDummy):
    """Double-dummy values with a :class:`SolveGuard` checked at each position (``None``: off)."""

    def __init__(self, table: SuitTable, guard: SolveGuard | None = None) -> None:
        super().__init__(table)
        self.guard = guard

    def future(self, pos: Position, world: int) -> int:
        if self.guard is not None:
            self.guard()
        return super().future(pos, world)


# --- the problem -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SuitSetup:
    """What is played: the holdings, the trick target, and the library entry it comes from (if any)."""

    problem: SuitProblem
    target: int
    entry: LibraryEntry | None = None

    def __post_init__(self) -> None:
        top = self.problem.tricks_available
        if not 1 <= self.target <= top:
            raise SuitSessionError(f"{self.target} tricks: {self.problem.label()} can take 1 to {top}")

    @property
    def holdings(self) -> str:
        """``AQ2 opposite 543``: the actual cards."""
        return self.problem.label()

    @property
    def name(self) -> str:
        """How statistics and titles call the problem: ``#17 AJT opposite xxx, 2 tricks`` or the typed holdings."""
        tricks = f"{self.target} trick{'s' * (self.target > 1)}"
        if self.entry is not None:
            return f"#{self.entry.id} {self.entry.north} opposite {self.entry.south}, {tricks}"
        return f"{self.holdings}, {tricks}"


def typed_setup(north: str, south: str, tricks: str | int) -> SuitSetup:
    """A problem from typed holdings (``AQ2``, ``KJ10x``; ``x`` = lowest free spot; ``-`` = void).

    Errors say which field and which card is wrong, and why.
    """
    for name, text in (("North", north), ("South", south)):
        if not text.strip():
            raise SuitSessionError(f"{name}'s holding is empty: type its cards (e.g. AQ2, KJ10x), or - for a void")
    try:
        problem = SuitProblem.parse(north, south)
    except SuitProblemError as exc:
        text = str(exc)
        raise SuitSessionError(text[0].upper() + text[1:]) from None
    try:
        target = int(str(tricks).strip())
    except ValueError:
        raise SuitSessionError(f"Tricks {str(tricks).strip()!r}: type the number of tricks to make, e.g. 2") from None
    top = problem.tricks_available
    if target < 1:
        raise SuitSessionError(f"Tricks {target}: the target must be at least one trick")
    if target > top:
        raise SuitSessionError(
            f"Tricks {target}: {problem.label()} can take at most {top} (the longer holding has {top} cards)"
        )
    return SuitSetup(problem, target)


def library_setup(entry: LibraryEntry) -> SuitSetup:
    return SuitSetup(entry.problem(), entry.tricks, entry)


# --- preparation (engine worker) -------------------------------------------------------------------
@dataclass(frozen=True)
class PreparedSuitProblem:
    """A problem solved once: its table, the defenders' actual layout and the tables the play reads.

    ``fronts`` holds the exact solver's Pareto fronts of every position declarer can
    reach (for the trick target); ``dd`` the double-dummy values in the actual layout.
    Both are caches that only grow; the session reads them from the engine worker.
    """

    setup: SuitSetup
    table: SuitTable
    layout: Layout
    world: int  # the layout's world class in ``table``
    optimum: float  # the exact best-defence chance of making the target
    fronts: FrontSolver = field(repr=False, compare=False)
    dd: DoubleDummy = field(repr=False, compare=False)

    @property
    def target(self) -> int:
        return self.setup.target


def _world_of(table: SuitTable, west: int) -> int:
    counts = tuple(sum(1 for r in g.ranks if west >> (r - 2) & 1) for g in table.groups)
    for i, wc in enumerate(table.worlds):
        if wc.west_counts == counts:
            return i
    raise SuitSessionError(f"West {holding_str(west)} is not a possible layout of this problem")


def _worth(table: SuitTable, mask: int) -> float:
    weights = table.weights
    return sum(weights[i] for i in range(len(weights)) if mask >> i & 1)


def draw_layout(problem: SuitProblem, seed: int, west: int | None = None) -> Layout:
    """The defenders' cards: a specific layout drawn with its a-priori probability (or West's ``west``)."""
    candidates = layouts(problem)
    if west is None:
        return random.Random(seed).choices(candidates, weights=[l.probability for l in candidates])[0]
    for layout in candidates:
        if layout.west == west:
            return layout
    raise SuitSessionError(f"West {holding_str(west)} is not a possible layout of {problem.label()}")


def prepare_problem(setup: SuitSetup, seed: int = 0, west: int | None = None,
                    cancel: CancelToken = NEVER,
                    time_limit_s: float | None = PREPARE_TIME_LIMIT_S) -> PreparedSuitProblem:
    """Draw the defenders' layout (:func:`draw_layout`), solve the problem exactly for its target,
    and the actual layout double dummy.

    Raises :class:`~engine.core.cancel.Cancelled` once ``cancel`` is set and :class:`SuitTooBigError` past
    ``time_limit_s`` (both checked at every position searched).
    """
    table = SuitTable(setup.problem)
    layout = draw_layout(setup.problem, seed, west)
    world = _world_of(table, layout.west)
    deadline = None if time_limit_s is None else time.monotonic() + time_limit_s
    guard = SolveGuard(cancel, deadline, "solving this problem")
    fronts = GuardedFronts(table, guard=guard)
    dd = GuardedDoubleDummy(table, guard)
    root = table.root()
    optimum = max((_worth(table, v[0]) for v in fronts.front(root, (setup.target,))), default=0.0)
    dd.future(root, world)
    fronts.guard = dd.guard = None  # from here on the tables are read, not searched: nothing to stop
    return PreparedSuitProblem(setup, table, layout, world, optimum, fronts, dd)


# --- the play ------------------------------------------------------------------------------------------
class SuitStage(Enum):
    LEAD = "lead"  # declarer leads, from either hand
    THIRD_HAND = "third hand"  # declarer plays from the hand opposite the leader
    DEFENDER = "defender"  # a defender is to play (a job for the engine worker)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A finished trick: ``(seat, rank)`` in play order (a hand that was void has no card) and its winner."""

    cards: tuple[tuple[Seat, int], ...]
    winner: Seat

    @property
    def declarer_won(self) -> bool:
        return self.winner in _DECLARER

    def text(self) -> str:
        """``S:3 W:8 N:Q E:9``."""
        return " ".join(f"{s.letter}:{rank_char(r)}" for s, r in self.cards)


@dataclass(frozen=True, slots=True)
class SuitCardStatus:
    rank: int
    playable: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SuitResult:
    """How the play went: declarer's tricks (``claimed`` of them credited at the end) against the target."""

    target: int
    tricks: int
    claimed: int
    claim_text: str
    gave_up: bool

    @property
    def made(self) -> bool:
        return not self.gave_up and self.tricks >= self.target


@dataclass(frozen=True, slots=True)
class DefenderTurn:
    """An engine job: the canonical move of the defender ``seat`` at ``ply`` (see :meth:`SuitSession.apply_defender_move`)."""

    ply: int
    seat: Seat
    position: Position
    job: Callable[[CancelToken], int]


@dataclass(frozen=True, slots=True)
class _State:
    hands: tuple[int, int, int, int]  # concrete rank fields, indexed by Seat
    trick: tuple[tuple[Seat, int], ...]  # the current trick's concrete cards
    tricks: tuple[PlayedTrick, ...]
    pos: Position
    won: int
    line: tuple[tuple[Position, int], ...]  # the user's canonical decisions so far
    ply: int  # moves made (every card, and every show-out)
    claimed: int = 0
    claim_text: str = ""
    over: bool = False


def _seat_word(seat: Seat) -> str:
    return seat.name.title()


class SuitSession:
    """The play of one prepared problem; the user is declarer, the engine defends."""

    def __init__(self, prepared: PreparedSuitProblem, seed: int = 0) -> None:
        self.prepared = prepared
        self.table = prepared.table
        self._rng = random.Random(seed)
        problem = prepared.setup.problem
        hands = [0, 0, 0, 0]
        hands[Seat.NORTH], hands[Seat.SOUTH] = problem.north, problem.south
        hands[Seat.WEST], hands[Seat.EAST] = prepared.layout.west, prepared.layout.east
        self._state = self._settle(_State(tuple(hands), (), (), self.table.root(), 0, (), 0))  # type: ignore[arg-type]
        self._history: list[_State] = []
        self._gave_up = False

    # --- what is on the table ------------------------------------------------------------------
    @property
    def setup(self) -> SuitSetup:
        return self.prepared.setup

    @property
    def target(self) -> int:
        return self.prepared.setup.target

    def hand(self, seat: Seat) -> int:
        """The concrete cards ``seat`` still holds (a rank field)."""
        return self._state.hands[seat]

    @property
    def trick(self) -> tuple[tuple[Seat, int], ...]:
        return self._state.trick

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        return self._state.tricks

    @property
    def ply(self) -> int:
        return self._state.ply

    @property
    def position(self) -> Position:
        return self._state.pos

    @property
    def tricks_won(self) -> int:
        return self._state.won + self._state.claimed

    @property
    def tricks_lost(self) -> int:
        return sum(1 for t in self._state.tricks if not t.declarer_won)

    def plays_by(self, seat: Seat) -> int:
        """Cards ``seat`` has put on the table, a discard counted when void: one per trick it played to.

        What a real table shows of a hidden hand (13 cards, one fewer per trick) says
        nothing about the suit's layout, unlike the number of cards held in the suit.
        """
        trick = self._state.pos[6]
        current = any((trick[0] + i) % 4 == seat for i in range(len(trick) - 1)) if trick else False
        return self._state.pos[7] + int(current)

    @property
    def layout(self) -> Layout:
        return self.prepared.layout

    @property
    def gave_up(self) -> bool:
        return self._gave_up

    @property
    def stage(self) -> SuitStage:
        st = self._state
        if st.over or self._gave_up:
            return SuitStage.OVER
        if not st.pos[6]:
            return SuitStage.LEAD
        return SuitStage.THIRD_HAND if self.table.is_max(st.pos) else SuitStage.DEFENDER

    @property
    def is_over(self) -> bool:
        return self.stage is SuitStage.OVER

    @property
    def is_user_turn(self) -> bool:
        return self.stage in (SuitStage.LEAD, SuitStage.THIRD_HAND)

    @property
    def to_play(self) -> Seat | None:
        """The seat to play (``None`` at a lead, where either declarer hand may lead, and at the end)."""
        stage = self.stage
        if stage in (SuitStage.LEAD, SuitStage.OVER):
            return None
        return Seat(self.table.to_move(self._state.pos))

    @property
    def user_line(self) -> dict[Position, int]:
        """The user's decisions so far: canonical move at each position where the user played."""
        return dict(self._state.line)

    def card_statuses(self, seat: Seat) -> tuple[SuitCardStatus, ...]:
        """Every card ``seat`` holds, high to low, with whether the user may play it now (else why not)."""
        ranks = [r for r in range(14, 1, -1) if self.hand(seat) >> (r - 2) & 1]
        stage = self.stage
        if seat in _DEFENDERS:
            return tuple(SuitCardStatus(r, False, "") for r in ranks)
        if stage is SuitStage.OVER:
            reason = "the play is over"
        elif stage is SuitStage.LEAD:
            reason = ""
        elif stage is SuitStage.DEFENDER:
            reason = f"{_seat_word(self.to_play)} is to play"  # type: ignore[arg-type]
        else:
            third = self.to_play
            reason = "" if third == seat else f"{_seat_word(third)} plays to this trick, not {_seat_word(seat)}"  # type: ignore[arg-type]
        return tuple(SuitCardStatus(r, not reason, reason) for r in ranks)

    # --- the user's cards --------------------------------------------------------------------------
    def _canonical(self, seat: Seat, rank: int) -> int:
        """The engine's move standing for ``rank`` from ``seat``: the lowest canonical card of its run."""
        pos = self._state.pos
        barriers = self.table.barriers(pos)
        run = sum(1 for b in barriers if b > rank)
        hand = pos[0] if seat == Seat.NORTH else pos[1]
        for choice in declarer_choices(hand, barriers):
            if sum(1 for b in barriers if b > choice) == run:
                move = declarer_move(int(seat), choice)
                if move in self.table.declarer_moves(pos):
                    return move
        raise AssertionError(f"no canonical move for {rank_char(rank)} from {seat.name} at {pos}")  # pragma: no cover

    def play(self, seat: Seat, rank: int) -> None:
        """The user plays ``rank`` from ``seat`` (North or South); raises when that is not allowed now."""
        seat = Seat(seat)
        card = f"{_seat_word(seat)}'s {rank_char(rank)}" if 2 <= rank <= 14 else f"rank {rank}"
        if seat not in _DECLARER:
            raise SuitSessionError(f"cannot play {card}: the defenders' cards are the engine's")
        if not 2 <= rank <= 14 or not self.hand(seat) >> (rank - 2) & 1:
            raise SuitSessionError(f"cannot play {card}: {_seat_word(seat)} does not hold it")
        stage = self.stage
        if stage is SuitStage.OVER:
            raise SuitSessionError(f"cannot play {card}: the play is over")
        if stage is SuitStage.DEFENDER:
            raise SuitSessionError(f"cannot play {card}: {_seat_word(self.to_play)} is to play")  # type: ignore[arg-type]
        if stage is SuitStage.THIRD_HAND and self.to_play != seat:
            raise SuitSessionError(f"cannot play {card}: {_seat_word(self.to_play)} plays to this trick")  # type: ignore[arg-type]
        st = self._state
        move = self._canonical(seat, rank)
        self._history.append(st)
        self._state = self._after_move(st, move, seat, rank, user=True)

    # --- the defenders --------------------------------------------------------------------------------
    def defender_turn(self) -> DefenderTurn | None:
        """The job choosing the next defender's card, or ``None`` when the user is to play or it is over."""
        if self.stage is not SuitStage.DEFENDER:
            return None
        st = self._state
        pos, won = st.pos, st.won

        def job(cancel: CancelToken) -> int:
            return self.choose_defender_move(pos, won)

        return DefenderTurn(st.ply, Seat(self.table.to_move(pos)), pos, job)

    def choose_defender_move(self, pos: Position, won: int) -> int:
        """Best defence in the actual layout (see the module docstring for the keys, in order)."""
        table, p, target = self.table, self.prepared, self.target
        world = p.world
        best: tuple[Any, ...] | None = None
        choice = SHOW_OUT
        for move, _ws in table.defender_moves(pos, 1 << world):
            child, trick_won = table.play(pos, move)
            total = won + trick_won
            dd = total + p.dd.future(child, world)
            if total >= target:
                chance, optimal_makes = 1.0, True
            else:
                valid = _worth(table, table.valid(child))
                worths = [(_worth(table, v[0]), v[0]) for v in p.fronts.front(child, (target - total,))]
                top = max((w for w, _ in worths), default=0.0)
                chance = top / valid if valid > 0 else 0.0
                optimal_makes = any(bits >> world & 1 for w, bits in worths if w >= top - 1e-12)
            rank = 0 if move == SHOW_OUT else table.tops[move]
            key = (dd >= target, optimal_makes, round(chance, 9), dd, rank)
            if best is None or key < best:
                best, choice = key, move
        return choice

    def apply_defender_move(self, ply: int, position: Position, move: int) -> bool:
        """Play a defender's answer computed at ``ply`` / ``position``; False (nothing done) when stale."""
        st = self._state
        if ply != st.ply or position != st.pos or self.stage is not SuitStage.DEFENDER:
            return False
        legal = [m for m, _ in self.table.defender_moves(st.pos, 1 << self.prepared.world)]
        if move not in legal:
            raise SuitSessionError(f"the defence chose move {move}, not legal here (legal: {legal})")
        seat = Seat(self.table.to_move(st.pos))
        rank = None
        if move != SHOW_OUT:
            rank = self._rng.choice(self._equal_lowest(st, seat, move))
        self._state = self._after_move(st, move, seat, rank, user=False)
        return True

    def _equal_lowest(self, st: _State, seat: Seat, group: int) -> list[int]:
        """The defender's lowest card of ``group`` and the cards equal to it from the defender's chair.

        All cards of a group are alike to the engine, but a defender holding J-9-7 plays
        the seven, not the jack; between truly equal cards (Q-J with nothing left in
        between) the choice is random, as it should be for restricted choice.
        """
        mine = sorted(r for r in self.table.groups[group].ranks if st.hands[seat] >> (r - 2) & 1)
        in_play = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]
        equal = [mine[0]]
        for r in mine[1:]:
            between = ((1 << (r - 2)) - 1) & ~((1 << (equal[-1] - 1)) - 1)  # ranks strictly between
            if between & in_play:
                break
            equal.append(r)
        return equal

    def play_defenders(self) -> None:
        """Run every pending defender job inline (tests, scripts): on to the user's turn or the end."""
        while (turn := self.defender_turn()) is not None:
            move = turn.job(NEVER)
            self.apply_defender_move(turn.ply, turn.position, move)

    # --- state transitions ----------------------------------------------------------------------------
    def _after_move(self, st: _State, move: int, seat: Seat, rank: int | None, *, user: bool) -> _State:
        child, trick_won = self.table.play(st.pos, move)
        hands = list(st.hands)
        trick = st.trick
        if rank is not None:
            hands[seat] &= ~(1 << (rank - 2))
            trick = trick + ((seat, rank),)
        line = st.line + (((st.pos, move),) if user else ())
        tricks = st.tricks
        if not child[6]:  # the trick is complete
            winner = max(trick, key=lambda sr: sr[1])[0]
            if (winner in _DECLARER) != bool(trick_won):  # pragma: no cover - the model and the cards agree
                raise AssertionError(f"trick {trick}: the engine says won={trick_won}")
            tricks = tricks + (PlayedTrick(trick, winner),)
            trick = ()
        new = _State(tuple(hands), trick, tricks, child, st.won + trick_won, line, st.ply + 1)  # type: ignore[arg-type]
        return self._settle(new)

    def _settle(self, st: _State) -> _State:
        """At a lead where the rest of the play cannot matter, credit the remaining tricks and end."""
        kind = self.table.terminal_future(st.pos)
        if kind is None:
            return st
        rest = self.table.future_in_world(st.pos, self.prepared.world, kind)
        left = max(st.pos[0].bit_count(), st.pos[1].bit_count())
        if not left:
            text = ""
        elif kind == "losers":
            text = (f"Every card you have left is lower than the defenders' cards: "
                    f"{_tricks_word(rest)} more for you, on length." if rest else
                    "Every card you have left is lower than the defenders' cards: no more tricks for you.")
        else:
            text = f"Every card you have left is a winner: the last {_tricks_word(rest)} are yours."
        return _State(st.hands, st.trick, st.tricks, st.pos, st.won, st.line, st.ply, rest, text, True)

    # --- undo, give up, result ------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self._history) and not self._gave_up

    def undo(self) -> None:
        """Take back the user's last card and the defenders' cards after it."""
        if not self.can_undo:
            raise SuitSessionError("nothing to undo" if not self._gave_up else "you gave up this problem")
        self._state = self._history.pop()

    def give_up(self) -> None:
        """Stop here: the cards are shown and the play is reviewed (the problem counts as not solved)."""
        if self._state.over:
            raise SuitSessionError("the play is already over")
        self._gave_up = True

    def result(self) -> SuitResult:
        if not self.is_over:
            raise SuitSessionError("the play is not over yet")
        st = self._state
        return SuitResult(self.target, st.won + st.claimed, st.claimed, st.claim_text, self._gave_up)


def _tricks_word(n: int) -> str:
    return f"{n} trick{'s' * (n != 1)}"
