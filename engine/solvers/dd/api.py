"""Python surface of the double-dummy solver: positions in, trick counts out.

All numbers are *tricks from the start of the current trick to the end of the
play* (the current trick included, even when some of its cards are already on
the table), exactly as DDS's SolveBoard reports them:

* :meth:`DoubleDummySolver.tricks` — for the side of the seat to play next;
* :meth:`DoubleDummySolver.tricks_per_card` — for each legal card of the seat to
  play, the tricks *its* side takes after playing it (equal cards listed
  separately);
* :meth:`DoubleDummySolver.table` — DDS's table: tricks the declaring side takes
  for each strain and declarer (a :class:`~engine.solvers.oracle.DDTable`);
* :meth:`DoubleDummySolver.batch_tricks_per_card` — many worlds of one decision;
* :meth:`DoubleDummySolver.reaches`, :meth:`DoubleDummySolver.batch_reaches_per_card`
  — make-or-fail questions (does the side to play take at least ``need``
  tricks?), answered by one null-window test each instead of exact counts:
  what a contract's chance needs, and much cheaper when the exact count lies
  away from ``need``.

A position is given by the hands at the start of the current trick (a
:class:`~engine.core.deal.Deal`, or four ``CardSet``/int masks, cards already
played to the trick still in them), the strain, the seat that led the trick and
the cards played to it so far.  The solver owns a bounded transposition table
that keeps its (always exact) entries between calls, so consecutive positions
of one deal, the cards of one decision and the worlds of a batch share work.
One solver must not be used by two threads at once; use one per thread.  The
rest of the engine reaches it through :class:`~engine.solvers.solver_oracle.SolverOracle`,
the solver behind the engine's one double-dummy seam.

Every query takes an optional ``node_limit``: the search gives up after that many
nodes and raises :class:`DoubleDummyGaveUp` (what it learnt so far stays in the
table, and it is all exact).  Interactive callers use it so that one rare deal
the solver finds hard cannot hold the table for minutes.
"""

from __future__ import annotations

from typing import Mapping, Sequence, Union

import numpy as np

from ...bridge.contract import Strain
from ...core.cards import SUIT_MASKS, Card, CardSet, card_str
from ...core.deal import Deal
from ...core.seats import Seat
from ..oracle import DDTable, DoubleDummyGaveUp
from . import kernel_search, kernel_validate
from .tt import clear_table, new_table

__all__ = ["DoubleDummySolver", "DoubleDummyError", "DoubleDummyGaveUp", "DDTable", "Hands", "DEFAULT_TABLE_MB", "describe_per_card"]

Hands = Union[Deal, Sequence[Union[CardSet, int]]]
"""Four hands indexed by seat N, E, S, W (a deal or masks)."""

DEFAULT_TABLE_MB = 128.0
"""Default transposition-table size in megabytes (an upper bound on its memory)."""

class DoubleDummyError(ValueError):
    """A position the solver cannot accept; the message says which seat or card is wrong and why."""


def _masks(hands: Hands) -> list[int]:
    if isinstance(hands, Deal):
        return list(hands.masks)
    masks = [int(h) for h in hands]
    if len(masks) != 4:
        raise DoubleDummyError(f"a position has four hands, got {len(masks)}")
    return masks


def _validate(masks: Sequence[int], leader: int, played: Sequence[Card]) -> None:
    seen = 0
    for seat, m in zip(Seat, masks):
        if m < 0 or m >> 52:
            raise DoubleDummyError(f"{seat.name.title()}'s hand is not a 52-bit card mask")
        if seen & m:
            raise DoubleDummyError(f"{card_str(CardSet(seen & m).highest())} is in two hands")
        seen |= m
    sizes = [bin(m).count("1") for m in masks]
    if len(set(sizes)) != 1:
        detail = ", ".join(f"{s.letter}={n}" for s, n in zip(Seat, sizes))
        raise DoubleDummyError(f"hands at the start of a trick must have equal sizes ({detail})")
    if len(played) > 3:
        raise DoubleDummyError(f"at most 3 cards can be on the table before the last one, got {len(played)}")
    if played and sizes[0] == 0:
        raise DoubleDummyError("cards played to a trick but the hands are empty")
    for i, card in enumerate(played):
        seat = Seat((leader + i) % 4)
        if not 0 <= card < 52:
            raise DoubleDummyError(f"card {card} out of range 0..51")
        if not masks[seat] >> card & 1:
            raise DoubleDummyError(f"{card_str(card)} was played by {seat.name.title()} who does not hold it")
        if i > 0:
            led = played[0] // 13
            if card // 13 != led and masks[seat] & SUIT_MASKS[led]:
                raise DoubleDummyError(
                    f"{card_str(card)} played by {seat.name.title()} revokes: they hold a card of the suit led"
                )


class DoubleDummySolver:
    """Exact double-dummy solver (numba kernels) with its own bounded transposition table."""

    def __init__(self, table_megabytes: float = DEFAULT_TABLE_MB) -> None:
        if not 0.001 <= table_megabytes <= 16384:
            raise DoubleDummyError(f"table size {table_megabytes} MB out of range 0.001..16384")
        self._tt = new_table(table_megabytes)
        self._ws = kernel_search.new_workspace()
        self._guess = -1

    # --- bookkeeping -----------------------------------------------------------
    @property
    def table_bytes(self) -> int:
        """Memory held by the transposition table."""
        return int(self._tt.nbytes)

    @property
    def nodes(self) -> int:
        """Search nodes visited since the solver was created (a cost measure for benchmarks)."""
        return int(self._ws[-1][kernel_search.CTX_NODES])

    @property
    def trick_starts(self) -> int:
        """Trick starts the search reached since the solver was created: what DDS counts as its nodes
        (``futureTricks.nodes``), so the two solvers' work compares one to one."""
        return int(self._ws[-1][kernel_search.CTX_TRICK_STARTS])

    def clear(self) -> None:
        """Forget every stored position (never needed for correctness)."""
        clear_table(self._tt)

    def _next_call(self, node_limit: int | None) -> None:
        ctx = self._ws[-1]
        ctx[kernel_search.CTX_GENERATION] += 1
        if node_limit is not None and node_limit < 1:
            raise DoubleDummyError(f"node limit {node_limit} must be at least 1")
        ctx[kernel_search.CTX_NODE_LIMIT] = (kernel_search.NO_NODE_LIMIT if node_limit is None
                                             else ctx[kernel_search.CTX_NODES] + node_limit)

    @staticmethod
    def _answer(value: int, node_limit: int | None) -> int:
        if value == kernel_search.GAVE_UP:
            assert node_limit is not None
            raise DoubleDummyGaveUp(node_limit)
        return int(value)

    def _position(self, hands: Hands, strain: Strain | int, leader: Seat | int, played: Sequence[Card]):
        masks = _masks(hands)
        strain_i = int(strain)
        if not 0 <= strain_i <= 4:
            raise DoubleDummyError(f"strain {strain} out of range 0..4 (S, H, D, C, NT)")
        leader_i = int(leader)
        if not 0 <= leader_i <= 3:
            raise DoubleDummyError(f"leader {leader} out of range 0..3 (N, E, S, W)")
        cards = [int(c) for c in played]
        _validate(masks, leader_i, cards)
        played_arr = np.zeros(4, dtype=np.int64)
        played_arr[: len(cards)] = cards
        return np.array(masks, dtype=np.int64), strain_i, leader_i, played_arr, len(cards)

    def _first_guess(self, tricks_left: int) -> int:
        return self._guess if 0 <= self._guess <= tricks_left else tricks_left // 2

    # --- queries -------------------------------------------------------------------
    def tricks(
        self, hands: Hands, strain: Strain | int, leader: Seat | int, played: Sequence[Card] = (),
        *, node_limit: int | None = None,
    ) -> int:
        """Tricks the side of the seat to play next takes from the start of the current trick."""
        h, strain_i, leader_i, arr, n = self._position(hands, strain, leader, played)
        tricks_left = bin(int(h[leader_i])).count("1")
        self._next_call(node_limit)
        ns = self._answer(
            kernel_search.solve_position(
                h, strain_i, leader_i, arr, n, self._first_guess(tricks_left), self._tt, *self._ws
            ),
            node_limit,
        )
        self._guess = ns
        mover = (leader_i + n) % 4
        return ns if mover % 2 == 0 else tricks_left - ns

    def tricks_per_card(
        self, hands: Hands, strain: Strain | int, leader: Seat | int, played: Sequence[Card] = (),
        *, node_limit: int | None = None,
    ) -> dict[Card, int]:
        """For every legal card of the seat to play: tricks its side takes from the current trick's start."""
        h, strain_i, leader_i, arr, n = self._position(hands, strain, leader, played)
        tricks_left = bin(int(h[leader_i])).count("1")
        out = np.empty(52, dtype=np.int64)
        self._next_call(node_limit)
        self._guess = self._answer(
            kernel_search.solve_cards(
                h, strain_i, leader_i, arr, n, self._first_guess(tricks_left), self._tt, *self._ws, out,
                kernel_search.CARDS,  # as solve_batch passes it: one compiled version
            ),
            node_limit,
        )
        return _per_card(out, (leader_i + n) % 4, tricks_left)

    def batch_tricks_per_card(
        self, worlds: np.ndarray | Sequence[Hands], strain: Strain | int, leader: Seat | int,
        played: Sequence[Card] = (),
        *, node_limit: int | None = None, cards: int | None = None,
    ) -> list[dict[Card, int]]:
        """:meth:`tricks_per_card` for many worlds of one decision, in one kernel call.

        Every world must give the seat to play the same hand (it is that seat's
        decision); the other hands may differ freely.  ``cards`` (a card mask)
        limits the answer to those cards and the cards equivalent to them.
        """
        if len(worlds) == 0:
            return []
        stacked, strain_i, leader_i, arr, n = self._batch(worlds, strain, leader, played)
        mover = (leader_i + n) % 4
        out = np.empty((stacked.shape[0], 52), dtype=np.int64)
        self._next_call(node_limit)
        only = kernel_search.CARDS if cards is None else int(cards) & kernel_search.CARDS
        tricks_left = bin(int(stacked[0, leader_i])).count("1")
        self._guess = self._answer(
            kernel_search.solve_batch(stacked, strain_i, leader_i, arr, n, self._tt, *self._ws, out, only,
                                      self._first_guess(tricks_left)),
            node_limit,
        )
        return [_per_card(out[i], mover, tricks_left) for i in range(stacked.shape[0])]

    @staticmethod
    def _stacked(worlds: np.ndarray | Sequence[Hands], strain: Strain | int, leader: Seat | int,
                 played: Sequence[Card]):
        """Validated worlds stacked as ``(n, 4)`` masks, with the strain, leader and trick as kernel arguments."""
        strain_i, leader_i = int(strain), int(leader)
        if not 0 <= strain_i <= 4:
            raise DoubleDummyError(f"strain {strain} out of range 0..4 (S, H, D, C, NT)")
        if not 0 <= leader_i <= 3:
            raise DoubleDummyError(f"leader {leader} out of range 0..3 (N, E, S, W)")
        cards = [int(c) for c in played]
        stacked = _stack_valid(worlds, leader_i, cards)
        played_arr = np.zeros(4, dtype=np.int64)
        played_arr[: len(cards)] = cards
        return stacked, strain_i, leader_i, played_arr, len(cards)

    def _batch(self, worlds: np.ndarray | Sequence[Hands], strain: Strain | int, leader: Seat | int,
               played: Sequence[Card]):
        """:meth:`_stacked` for the worlds of one decision (the mover's hand the same in all)."""
        stacked, strain_i, leader_i, played_arr, n = self._stacked(worlds, strain, leader, played)
        mover = (leader_i + n) % 4
        differ = np.flatnonzero(stacked[:, mover] != stacked[0, mover]) if len(stacked) > 1 else ()
        if len(differ):
            raise DoubleDummyError(
                f"world {int(differ[0])}: {Seat(mover).name.title()} (to play) holds different cards than in world 0"
            )
        return stacked, strain_i, leader_i, played_arr, n

    def _ns_need(self, mover: int, tricks_left: int, need: int) -> tuple[int, bool]:
        """North-South's threshold for "the mover's side takes >= need", and whether to negate the answer."""
        if mover % 2 == 0:
            return int(need), False
        return tricks_left - int(need) + 1, True  # East-West >= need  <=>  not North-South >= left - need + 1

    def reaches(
        self, hands: Hands, strain: Strain | int, leader: Seat | int, played: Sequence[Card] = (), need: int = 0,
        *, node_limit: int | None = None,
    ) -> bool:
        """Whether the side of the seat to play next takes at least ``need`` tricks from the trick start."""
        h, strain_i, leader_i, arr, n = self._position(hands, strain, leader, played)
        tricks_left = bin(int(h[leader_i])).count("1")
        ns_need, negate = self._ns_need((leader_i + n) % 4, tricks_left, need)
        self._next_call(node_limit)
        yes = self._answer(
            kernel_search.reach_position(h, strain_i, leader_i, arr, n, ns_need, self._tt, *self._ws), node_limit)
        return bool(yes) != negate

    def batch_reaches_per_card(
        self, worlds: np.ndarray | Sequence[Hands], strain: Strain | int, leader: Seat | int,
        played: Sequence[Card] = (),
        need: int = 0, *, node_limit: int | None = None,
    ) -> np.ndarray:
        """``out[i, card]``: 1 when the side to play takes ``>= need`` tricks from the trick start after
        ``card`` in world ``i``, 0 when not, -1 for cards that are not legal.  As
        :meth:`batch_tricks_per_card`, every world gives the seat to play the same hand."""
        if len(worlds) == 0:
            return np.zeros((0, 52), dtype=np.int64)
        stacked, strain_i, leader_i, arr, n = self._batch(worlds, strain, leader, played)
        tricks_left = bin(int(stacked[0, leader_i])).count("1")
        ns_need, negate = self._ns_need((leader_i + n) % 4, tricks_left, need)
        out = np.empty((stacked.shape[0], 52), dtype=np.int64)
        self._next_call(node_limit)
        self._answer(kernel_search.reach_batch(stacked, strain_i, leader_i, arr, n, ns_need, self._tt, *self._ws, out),
                     node_limit)
        if negate:
            legal = out >= 0
            out[legal] = 1 - out[legal]
        return out

    def reaches_many(
        self, worlds: np.ndarray | Sequence[Hands], strain: Strain | int, leader: Seat | int,
        played: Sequence[Card] = (), need: int = 0, *, node_limit: int | None = None,
    ) -> np.ndarray:
        """:meth:`reaches` for many positions at once (``out[i]``: the side to play in world ``i`` takes at
        least ``need`` tricks from the trick start).  Unlike the per-card batches, the worlds may give
        every seat different cards: one question per world, all in one kernel call, validated together."""
        if len(worlds) == 0:
            return np.zeros(0, dtype=bool)
        stacked, strain_i, leader_i, arr, n = self._stacked(worlds, strain, leader, played)
        tricks_left = bin(int(stacked[0, leader_i])).count("1")
        ns_need, negate = self._ns_need((leader_i + n) % 4, tricks_left, need)
        out = np.zeros(stacked.shape[0], dtype=np.int64)
        self._next_call(node_limit)
        self._answer(kernel_search.reach_positions(stacked, strain_i, leader_i, arr, n, ns_need, self._tt,
                                                   *self._ws, out), node_limit)
        yes = out.astype(bool)
        return ~yes if negate else yes

    def table(self, deal: Hands, *, node_limit: int | None = None) -> DDTable:
        """The 5 × 4 double-dummy table of a deal (any equal hand sizes; all hands at a trick start)."""
        masks = _masks(deal)
        _validate(masks, 0, ())
        h = np.array(masks, dtype=np.int64)
        out = np.zeros((5, 4), dtype=np.int64)
        self._next_call(node_limit)
        self._answer(kernel_search.solve_table(h, self._tt, *self._ws, out), node_limit)
        tricks_left = bin(masks[0]).count("1")
        rows = []
        for strain in range(5):
            row = []
            for declarer in range(4):
                ns = int(out[strain, (declarer + 1) % 4])  # the declarer's left-hand opponent leads
                row.append(ns if declarer % 2 == 0 else tricks_left - ns)
            rows.append(tuple(row))
        return DDTable(tuple(rows))


def _stack_valid(worlds: np.ndarray | Sequence[Hands], leader: int, played: list[int]) -> np.ndarray:
    """Worlds as an ``(n, 4)`` int64 array, checked all at once in a kernel; a bad world is checked again
    alone for a message that names it."""
    if isinstance(worlds, np.ndarray):
        stacked = np.ascontiguousarray(worlds, dtype=np.int64).reshape(-1, 4)
    else:
        stacked = np.array([_masks(w) for w in worlds], dtype=np.int64).reshape(-1, 4)
    if stacked.shape[0] == 0:
        return stacked
    trick = np.zeros(4, dtype=np.int64)
    trick[: min(len(played), 4)] = played[:4]
    bad = kernel_validate.first_invalid(stacked, leader, trick, len(played))
    if bad >= 0:
        try:
            _validate([int(x) for x in stacked[bad]], leader, played)
        except DoubleDummyError as exc:
            raise DoubleDummyError(f"world {bad}: {exc}") from None
        raise DoubleDummyError(f"world {bad} is not a legal position")  # the kernel is stricter than _validate
    return stacked


def _per_card(out: np.ndarray, mover: int, tricks_left: int) -> dict[Card, int]:
    result: dict[Card, int] = {}
    for card in range(52):
        v = int(out[card])
        if v >= 0:
            result[card] = v if mover % 2 == 0 else tricks_left - v
    return result


def describe_per_card(values: Mapping[Card, int]) -> dict[str, int]:
    """``{"SA": 9, ...}`` in display order (suits S, H, D, C; high cards first)."""
    return {card_str(c): values[c] for c in CardSet(values.keys())}
