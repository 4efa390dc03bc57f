"""DDS (through endplay) as the reference double-dummy solver, for tests and benchmarks only.

endplay is a test-time dependency; it is imported lazily here, the only place
in ``engine/`` that touches it, so the engine runs without it installed (the app
never imports this module).  The
functions mirror :class:`engine.solvers.dd.DoubleDummySolver`: same inputs
(core deals, strains as DDS-order ints, seats N=0..W=3, cards 0..51) and the
same meaning of the numbers, so callers can compare results one to one.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..bridge.tricks import legal_mask
from ..core.cancel import NEVER, CancelToken
from ..core.cards import Card, card_str
from ..core.deal import Deal
from .oracle import ALL_CARDS, DoubleDummyOracle

__all__ = ["DdsOracle", "DdsUnavailableError", "dds_table", "dds_tricks_per_card", "dds_solve_counted",
           "use_one_thread"]


class DdsUnavailableError(RuntimeError):
    """endplay (which bundles DDS) is not installed."""


def _endplay() -> Any:
    try:
        import endplay.dds as dds
        import endplay.types as types
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise DdsUnavailableError(
            "endplay is not installed: the DDS reference needs the test extras (uv sync --group test)"
        ) from exc
    return dds, types


_ONE_THREAD = False


def use_one_thread() -> None:
    """Make DDS single-threaded (its table calls are multi-threaded by default), once per process."""
    global _ONE_THREAD
    if not _ONE_THREAD:
        _endplay()
        from endplay import _dds

        _dds.SetMaxThreads(1)
        _ONE_THREAD = True


def _to_endplay(deal: Deal) -> Any:
    _, types = _endplay()
    return types.Deal(deal.to_pbn())


def dds_table(deal: Deal) -> list[list[int]]:
    """DDS's table ``[strain][declarer]``: tricks the declaring side takes (strains S, H, D, C, NT).

    DDS's table call only handles full deals; for endings each entry comes
    from SolveBoard on the opening lead (declaring side = cards left minus the
    defenders' best).
    """
    dds, _ = _endplay()
    if deal.is_full:
        return [list(row) for row in dds.calc_dd_table(_to_endplay(deal)).to_list()]
    left = len(deal[0])
    table = []
    for strain in range(5):
        row = []
        for declarer in range(4):
            values = dds_tricks_per_card(deal, strain, (declarer + 1) % 4) if left else {0: 0}
            row.append(left - max(values.values()))
        table.append(row)
    return table


def dds_tricks_per_card(deal: Deal, strain: int, leader: int, played: Sequence[Card] = ()) -> dict[Card, int]:
    """DDS SolveBoard (all cards): for each legal card of the seat to play, tricks its side takes
    from the start of the current trick.  ``deal`` holds the hands at the trick's start."""
    return dds_solve_counted(deal, strain, leader, played)[0]


def dds_solve_counted(deal: Deal, strain: int, leader: int, played: Sequence[Card] = ()) -> tuple[dict[Card, int], int]:
    """:func:`dds_tricks_per_card` and DDS's node count for the call (``futureTricks.nodes``: the
    trick starts its search reached, every re-search of ``solutions=3`` included)."""
    dds, types = _endplay()
    ed = _to_endplay(deal)
    ed.first = types.Player(leader)
    ed.trump = types.Denom(strain)
    for c in played:
        ed.play(types.Card(card_str(c)))
    result: dict[Card, int] = {}
    solved = dds.solve_board(ed, dds.solve.SolveMode.Default)
    for card, tricks in solved:
        result[int(card.suit) * 13 + int(card.rank).bit_length() - 1 - 2] = int(tricks)
    return result, int(solved._data.nodes)


class DdsOracle(DoubleDummyOracle):
    """DDS as a :class:`~engine.solvers.oracle.DoubleDummyOracle`, for tests and long strength runs only.

    The engine's own solver is exact and agrees with DDS card for card (``bench dd``, the
    DDS tests), so a match whose searches ask DDS instead plays exactly the same cards,
    only sooner: at 40 to 52 cards DDS is still many times faster.  ``tenace-cli match
    bridge --solver dds`` uses it to make runs of hundreds of full deals affordable; the
    app and the players never do.  DDS has no node budget: ``node_limit`` is ignored.
    """

    def __init__(self) -> None:
        use_one_thread()

    def _deal(self, row: Any, strain: int, leader: int, played: Sequence[Card]) -> Any:
        _, types = _endplay()
        ed = _to_endplay(Deal.from_masks([int(x) for x in row]))
        ed.first = types.Player(leader)
        ed.trump = types.Denom(strain)
        for c in played:
            ed.play(types.Card(card_str(c)))
        return ed

    def batch_tricks_per_card(
        self, worlds: Any, strain: int, leader: int, played: Sequence[Card], *,
        cards: int = ALL_CARDS, node_limit: int | None = None, cancel: CancelToken = NEVER,
        homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        out = np.full((len(worlds), 52), -1, dtype=np.int64)
        for i, row in enumerate(worlds):
            cancel.check()
            for card, tricks in dds_tricks_per_card(Deal.from_masks([int(x) for x in row]), strain, leader,
                                                    played).items():
                out[i, card] = tricks
        return out

    def batch_reach_per_card(
        self, worlds: Any, strain: int, leader: int, played: Sequence[Card], need: int, *,
        node_limit: int | None = None, cancel: CancelToken = NEVER, homes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """DDS's target mode (all cards reaching ``need``); the other legal cards get 0."""
        dds, _ = _endplay()
        out = np.full((len(worlds), 52), -1, dtype=np.int64)
        mover = (leader + len(played)) % 4
        for i, row in enumerate(worlds):
            cancel.check()
            legal = legal_mask(int(row[mover]) & ~sum(1 << c for c in played), played)
            left = int(row[leader]).bit_count()
            for c in range(52):
                if legal >> c & 1:
                    out[i, c] = 1 if need <= 0 else 0
            if need <= 0 or need > left:
                continue
            solved = dds.solve_board(self._deal(row, strain, leader, played), dds.solve.SolveMode.TargetAll, need)
            for card, tricks in solved:
                if tricks >= need:
                    out[i, int(card.suit) * 13 + int(card.rank).bit_length() - 1 - 2] = 1
        return out
