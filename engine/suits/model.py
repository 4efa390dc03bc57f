"""Single-suit problems: declarer's holdings, the outstanding cards and their layouts.

The standard suit-combination model: North and South hold cards of one suit and
are both played by declarer; the other cards of the suit are split between West
and East.  A holding is written high to low (``AQ2``, ``KJ10x``, ``T8x``); ``x``
means the lowest spot card not named anywhere in the problem, so all ``x`` cards
are interchangeable.  Ranks inside the package are 2..14 and a holding is a
13-bit rank field (bit ``r - 2`` for rank ``r``), the same field ``CardSet.suit_field``
returns.

A layout is one specific West holding of the outstanding cards.  Its a-priori
probability with ``vw`` and ``ve`` vacant places is
``C(vw + ve - n, vw - k) / C(vw + ve, vw)`` for a k-card West holding of the n
outstanding cards (with 13 + 13 places: C(26 - n, 13 - k) / C(26, 13)); known
lengths or cards from the auction condition that distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Iterator

__all__ = [
    "SuitProblemError",
    "SuitProblem",
    "Layout",
    "parse_holding",
    "parse_holdings",
    "holding_str",
    "ranks_of",
    "rank_char",
    "layout_probability",
    "layouts",
    "FULL_SUIT",
    "RANK_LETTERS",
]

FULL_SUIT = (1 << 13) - 1
RANK_LETTERS = "23456789TJQKA"


class SuitProblemError(ValueError):
    """A holding or problem option is malformed; the message names the field and the card."""


def rank_char(rank: int) -> str:
    return RANK_LETTERS[rank - 2]


def ranks_of(field: int) -> list[int]:
    """Ranks in a 13-bit field, high to low."""
    return [r + 2 for r in range(12, -1, -1) if field >> r & 1]


def holding_str(field: int) -> str:
    """``AQ2``-style text of a rank field (``-`` for a void)."""
    return "".join(rank_char(r) for r in ranks_of(field)) or "-"


def _explicit(text: str, name: str) -> tuple[int, int]:
    """(field of the named ranks, number of x's) in one holding."""
    t = text.strip().upper().replace("10", "T").replace(" ", "")
    if t in ("-", "—", "VOID"):
        return 0, 0
    field, spots = 0, 0
    for ch in t:
        if ch == "X":
            spots += 1
            continue
        if ch not in RANK_LETTERS:
            raise SuitProblemError(f"{name} holding {text!r}: {ch!r} is not a rank (use AKQJT98765432 or x)")
        bit = 1 << RANK_LETTERS.index(ch)
        if field & bit:
            raise SuitProblemError(f"{name} holding {text!r}: {ch} appears twice")
        field |= bit
    return field, spots


def parse_holdings(north: str, south: str, gone: int = 0) -> tuple[int, int]:
    """Both declarer holdings as rank fields; ``x`` takes the lowest unnamed spots (South's first)
    among the cards still in play (``gone``: cards no longer in play)."""
    n_field, n_spots = _explicit(north, "north")
    s_field, s_spots = _explicit(south, "south")
    if n_field & s_field:
        both = holding_str(n_field & s_field)
        raise SuitProblemError(f"card(s) {both} given to both north ({north!r}) and south ({south!r})")
    if gone & (n_field | s_field):
        raise SuitProblemError(f"card(s) {holding_str(gone & (n_field | s_field))} are both held and gone")
    free = [r for r in range(13) if not (n_field | s_field | gone) >> r & 1]
    if n_spots + s_spots > len(free):
        raise SuitProblemError(f"north {north!r} and south {south!r}: more than 13 cards in the suit")
    for r in free[:s_spots]:
        s_field |= 1 << r
    for r in free[s_spots:s_spots + n_spots]:
        n_field |= 1 << r
    if not (n_field | s_field):
        raise SuitProblemError("north and south are both void: there is nothing to play")
    return n_field, s_field


def parse_holding(text: str) -> int:
    """One holding on its own (``x`` = lowest free spots)."""
    return parse_holdings(text, "-")[0]


def layout_probability(k: int, n: int, vacant_west: int = 13, vacant_east: int = 13) -> float:
    """A-priori chance of one specific k-card West holding of the n outstanding cards."""
    total = vacant_west + vacant_east
    if not 0 <= k <= n or k > vacant_west or n - k > vacant_east:
        return 0.0
    return comb(total - n, vacant_west - k) / comb(total, vacant_west)


@dataclass(frozen=True)
class SuitProblem:
    """A suit combination: declarer's two holdings plus what is known about the defence.

    ``west_length``/``east_length`` fix a defender's length in the suit (auction or
    count signals); ``west_cards``/``east_cards`` are cards known to be with that
    defender; ``vacant_west``/``vacant_east`` are the places still free in each hand;
    ``gone`` are cards of the suit no longer in play (played in earlier tricks: the
    suit combination met in the middle of a hand).  ``layout_weights``, when given,
    replaces the a-priori layout probabilities: ``(west holding, weight)`` pairs (rank
    fields of outstanding cards; weights need not be normalised) for a suit met inside
    a whole deal, weighed by that deal's vacant places and restricted choice; a West
    holding not listed has no weight.
    """

    north: int
    south: int
    vacant_west: int = 13
    vacant_east: int = 13
    west_length: int | None = None
    east_length: int | None = None
    west_cards: int = 0
    east_cards: int = 0
    gone: int = 0
    layout_weights: tuple[tuple[int, float], ...] | None = None

    def __post_init__(self) -> None:
        for name, f in (("north", self.north), ("south", self.south)):
            if not 0 <= f <= FULL_SUIT:
                raise SuitProblemError(f"{name} field {f:#x} is not a 13-bit rank field")
        if self.north & self.south:
            raise SuitProblemError(f"north and south share {holding_str(self.north & self.south)}")
        if not 0 <= self.gone <= FULL_SUIT:
            raise SuitProblemError(f"gone field {self.gone:#x} is not a 13-bit rank field")
        if self.gone & (self.north | self.south):
            raise SuitProblemError(f"{holding_str(self.gone & (self.north | self.south))}: both held and gone")
        if not (self.north | self.south):
            raise SuitProblemError("north and south are both void: there is nothing to play")
        for name, v in (("vacant_west", self.vacant_west), ("vacant_east", self.vacant_east)):
            if not 0 <= v <= 13:
                raise SuitProblemError(f"{name}={v}: vacant places must be 0..13")
        n = self.outstanding.bit_count()
        for name, v in (("west_length", self.west_length), ("east_length", self.east_length)):
            if v is not None and not 0 <= v <= n:
                raise SuitProblemError(f"{name}={v}: only {n} cards are outstanding")
        for name, cards in (("west_cards", self.west_cards), ("east_cards", self.east_cards)):
            if cards & ~self.outstanding:
                raise SuitProblemError(f"{name} {holding_str(cards & ~self.outstanding)}: not outstanding")
        if self.west_cards & self.east_cards:
            raise SuitProblemError(f"{holding_str(self.west_cards & self.east_cards)} known with both defenders")
        for west, weight in self.layout_weights or ():
            if west & ~self.outstanding:
                raise SuitProblemError(f"layout_weights: West holding {holding_str(west)} is not outstanding")
            if not (weight >= 0.0 and weight < float("inf")):
                raise SuitProblemError(f"layout_weights: weight {weight!r} of {holding_str(west)} is not ≥ 0")
        if sum(l.probability for l in layouts(self)) <= 0.0:
            raise SuitProblemError("no layout of the outstanding cards fits the given constraints")

    @classmethod
    def parse(cls, north: str, south: str, **options: object) -> "SuitProblem":
        gone_text = options.pop("gone", None)
        gone = _explicit(str(gone_text), "gone")[0] if gone_text else 0
        n, s = parse_holdings(north, south, gone)
        known = {}
        if gone:
            known["gone"] = gone
        for side in ("west_cards", "east_cards"):
            text = options.pop(side, None)
            if text:
                known[side] = _explicit(str(text), side)[0]
        return cls(n, s, **known, **options)  # type: ignore[arg-type]

    @property
    def outstanding(self) -> int:
        return FULL_SUIT & ~(self.north | self.south | self.gone)

    @property
    def tricks_available(self) -> int:
        """Most tricks declarer can take: the length of his longer holding."""
        return max(self.north.bit_count(), self.south.bit_count())

    def label(self) -> str:
        return f"{holding_str(self.north)} opposite {holding_str(self.south)}"


@dataclass(frozen=True)
class Layout:
    """One specific split of the outstanding cards and its (conditioned) probability."""

    west: int
    east: int
    probability: float

    def __str__(self) -> str:
        return f"{holding_str(self.west)} - {holding_str(self.east)}"


def _submasks(mask: int) -> Iterator[int]:
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask


def layouts(problem: SuitProblem) -> list[Layout]:
    """Every West holding that fits the constraints, with probabilities summing to one."""
    out = problem.outstanding
    n = out.bit_count()
    raw: list[tuple[int, float]] = []
    given = None if problem.layout_weights is None else dict(problem.layout_weights)
    for west in _submasks(out):
        east = out & ~west
        k = west.bit_count()
        if problem.west_length is not None and k != problem.west_length:
            continue
        if problem.east_length is not None and n - k != problem.east_length:
            continue
        if problem.west_cards & ~west or problem.east_cards & ~east:
            continue
        p = layout_probability(k, n, problem.vacant_west, problem.vacant_east) if given is None else given.get(west, 0.0)
        if p > 0.0:
            raw.append((west, p))
    total = sum(p for _, p in raw)
    if total <= 0.0:
        return []
    return [Layout(w, out & ~w, p / total) for w, p in sorted(raw, key=lambda x: (-x[0].bit_count(), -x[0]))]
