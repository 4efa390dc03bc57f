"""Where everything on the card table goes for a given widget size (pure geometry, testable).

Cards scale with the window: the card width is the largest for which every hand, the
trick and the labels fit, times the user's card-size preference (:data:`CARD_SCALE`).  The
seat at the bottom is the user's; the others follow clockwise (left, top, right).

The trick is a cross whose four cards never overlap, so every card's index shows: the
top and bottom cards in the middle column, the left and right ones beside them.  Its
empty corners hold the captions (who won the trick, "last trick").  A hand laid out in
suits (dummy, :attr:`~app.viewmodels.table.HandShape.SUITS`) is four columns of cards
stacked downwards at the top of the table (each card's index shows above the next), or
four rows stacked when it sits on the left or right, as dummy lies on a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QRectF

from engine.core.cards import card_suit
from engine.core.seats import Seat

from .card_painter import CARD_ASPECT
from ..settings import CardSize
from ..viewmodels.table import HandShape, SeatHand, TableState

__all__ = ["Side", "TableLayout", "compute_layout", "side_of", "index_rect", "CARD_SCALE", "INDEX_SHOWN"]

STEP = 0.3  # visible part of a fanned face-up card (its corner index), in card widths
SIDE_STEP_MIN = 0.22  # the tightest fan that still shows a corner index
HIDDEN_STEP = 0.16  # face-down cards have no index to show: fan them tighter
COLUMN_STEP = 0.31  # visible part of a card in a suit column, in card heights (the index and its pip)
COLUMN_ROWS = 5  # a suit column is given room for this many cards; longer suits close up
COLUMN_GAP = 0.1  # between two suit columns, in card widths
ROW_STEP = 0.31  # visible part of a suit row above the next (dummy on the left or right), in card heights
LIFT = 0.14  # how far the focused card of the bottom hand rises, in card heights
MARGIN = 0.12  # in card widths
LABEL = 0.28  # height of a seat label, in card heights
TAG_GAP = 1.0  # pixels between a card's edge and its tag


def tag_height(card_width: float) -> float:
    """The height of a card's tag (hint ★, Hearts' "new", the review's "!"), drawn outside the card."""
    return max(13.0, card_width * 0.24)


def _tag_room(cw: float, ch: float) -> float:
    """What a tag above the bottom hand needs beyond the lift gap, so it never covers the seat's label."""
    return max(0.0, tag_height(cw) + 2 * TAG_GAP - LIFT * ch)
TRICK_GAP = 0.08  # between the cards of the trick, in card widths
MIN_CARD_WIDTH = 18.0
INDEX_SHOWN = (0.22, 0.42)  # the corner index (rank and pip) as fractions of a card's width: width, height
RANK_SHOWN = (0.22, 0.24)  # its rank alone (what still shows of a suit column longer than COLUMN_ROWS cards)

CARD_SCALE = {CardSize.SMALL: 0.78, CardSize.MEDIUM: 0.89, CardSize.LARGE: 1.0}
"""The user's card-size preference, as a share of the largest card that fits."""


class Side(Enum):
    BOTTOM = 0
    LEFT = 1
    TOP = 2
    RIGHT = 3


def side_of(seat: Seat, bottom: Seat) -> Side:
    return Side((seat - bottom) % 4)


@dataclass(frozen=True, slots=True)
class TableLayout:
    card_width: float
    card_height: float
    hand_cards: dict[Seat, tuple[QRectF, ...]]
    trick_cards: dict[Seat, QRectF]
    labels: dict[Seat, QRectF]
    lift: float
    captions: tuple[QRectF, QRectF]  # the trick's empty upper corners: left, right
    centre: QRectF  # the trick's area (the end-of-hand result is written there)
    places: dict[Seat, QRectF]  # where a hand of unknown length (or none left) is marked


def _fan_width(n: int, cw: float, step: float = STEP) -> float:
    return cw + max(0, n - 1) * step * cw


def _suit_groups(hand: SeatHand) -> list[list[int]]:
    """The indices of ``hand.cards`` grouped by suit, in the order the hand lists them."""
    groups: list[list[int]] = []
    last = None
    for i, tc in enumerate(hand.cards):
        suit = card_suit(tc.card)
        if suit != last:
            groups.append([])
            last = suit
        groups[-1].append(i)
    return groups


def _top_height(state: TableState) -> float:
    """The top hand's height in card heights: one card, or room for a suit column."""
    for hand in state.hands:
        if side_of(hand.seat, state.bottom_seat) is Side.TOP and hand.shape is HandShape.SUITS and hand.face_up:
            return 1 + COLUMN_STEP * (COLUMN_ROWS - 1)
    return 1.0


def _side_width(hand: SeatHand, side_step: float) -> float:
    """A left or right hand's width in card widths (13 cards fanned, or its longest suit row)."""
    if hand.shape is HandShape.SUITS and hand.face_up:
        longest = max((len(g) for g in _suit_groups(hand)), default=1)
        return 1 + (max(longest, 5) - 1) * STEP
    return 1 + 12 * side_step


def compute_layout(width: float, height: float, state: TableState, card_size: CardSize = CardSize.LARGE) -> TableLayout:
    """Every card's place for a ``width`` × ``height`` table showing ``state``."""
    top_h = _top_height(state)
    # heights in card heights: margins, two labels, the top hand, the trick cross (two cards and a gap),
    # two gaps around it, the lift of the focus card and the bottom hand
    trick_h = 2 + TRICK_GAP / CARD_ASPECT
    budget_h = 2 * LABEL + top_h + trick_h + 2 * 0.06 + LIFT + 1 + 2 * MARGIN / CARD_ASPECT
    cw_for_height = height / budget_h / CARD_ASPECT
    # In a wide-enough window the side hands fan like the others; in a narrow one they close
    # up (down to SIDE_STEP_MIN) before the cards have to shrink.
    across = 3.0 + 2 * TRICK_GAP + 2 * MARGIN + 0.2  # the trick cross and the margins, in card widths
    side_step = ((width / cw_for_height - across) / 2 - 1) / 12
    side_step = min(STEP, max(SIDE_STEP_MIN, side_step))
    sides = [h for h in state.hands if side_of(h.seat, state.bottom_seat) in (Side.LEFT, Side.RIGHT)]
    side_w = max((_side_width(h, side_step) for h in sides), default=1 + 12 * side_step)
    cw_for_width = width / (2 * side_w + across)
    cw_for_fans = width / (1 + 12 * STEP + 2 * MARGIN)  # the top and bottom fans
    cw = max(MIN_CARD_WIDTH, min(cw_for_width, cw_for_height, cw_for_fans) * CARD_SCALE[card_size])
    ch = cw * CARD_ASPECT
    margin = MARGIN * cw
    label_h = LABEL * ch
    cx = width / 2
    # the trick sits midway between the top hand and the bottom hand's label
    top_end = margin + label_h + top_h * ch
    bottom_start = height - margin - ch - LIFT * ch - _tag_room(cw, ch) - label_h
    cy = (top_end + bottom_start) / 2
    hands: dict[Seat, tuple[QRectF, ...]] = {}
    labels: dict[Seat, QRectF] = {}
    places: dict[Seat, QRectF] = {}
    for hand in state.hands:
        side = side_of(hand.seat, state.bottom_seat)
        n = hand.size
        if side in (Side.TOP, Side.BOTTOM):
            rects, label = _top_or_bottom(hand, side, cx, width, height, cw, ch, margin, label_h)
        else:
            rects, label = _left_or_right(hand, side, cy, width, cw, ch, margin, label_h, side_step, side_w)
        hands[hand.seat] = rects
        labels[hand.seat] = label
        if hand.unknown or n == 0:
            x = label.center().x() - cw / 2
            y = label.bottom() + (0 if side is not Side.BOTTOM else LIFT * ch)
            places[hand.seat] = QRectF(x, y, cw, ch)
    g = TRICK_GAP * cw
    trick = {}
    for hand in state.hands:
        side = side_of(hand.seat, state.bottom_seat)
        if side is Side.TOP:
            rect = QRectF(cx - cw / 2, cy - g / 2 - ch, cw, ch)
        elif side is Side.BOTTOM:
            rect = QRectF(cx - cw / 2, cy + g / 2, cw, ch)
        elif side is Side.LEFT:
            rect = QRectF(cx - cw / 2 - g - cw, cy - ch / 2, cw, ch)
        else:
            rect = QRectF(cx + cw / 2 + g, cy - ch / 2, cw, ch)
        trick[hand.seat] = rect
    corner_h = ch / 2 - g
    captions = (QRectF(cx - cw / 2 - g - cw, cy - g / 2 - ch, cw, corner_h),
                QRectF(cx + cw / 2 + g, cy - g / 2 - ch, cw, corner_h))
    centre = QRectF(cx - 1.5 * cw - g, cy - ch - g / 2, 3 * cw + 2 * g, 2 * ch + g)
    return TableLayout(cw, ch, hands, trick, labels, LIFT * ch, captions, centre, places)


def _top_or_bottom(hand: SeatHand, side: Side, cx: float, width: float, height: float, cw: float, ch: float,
                   margin: float, label_h: float) -> tuple[tuple[QRectF, ...], QRectF]:
    n = hand.size
    if side is Side.TOP and hand.shape is HandShape.SUITS and hand.face_up:
        groups = _suit_groups(hand)
        columns = max(4, len(groups))
        total = columns * cw + (columns - 1) * COLUMN_GAP * cw
        x0, y0 = cx - total / 2, margin + label_h
        room = COLUMN_STEP * (COLUMN_ROWS - 1) * ch
        rects: list[QRectF | None] = [None] * n
        for k, group in enumerate(groups):
            step = COLUMN_STEP * ch if len(group) <= COLUMN_ROWS else room / (len(group) - 1)
            x = x0 + k * (cw + COLUMN_GAP * cw)
            for j, index in enumerate(group):
                rects[index] = QRectF(x, y0 + j * step, cw, ch)
        label = QRectF(cx - 2.5 * cw, margin, 5 * cw, label_h)
        return tuple(r for r in rects if r is not None), label
    step = STEP if hand.face_up else HIDDEN_STEP
    fan = _fan_width(max(n, 1), cw, step)
    if side is Side.BOTTOM:
        x0, y0 = cx - fan / 2, height - margin - ch
        label = QRectF(cx - 2.5 * cw, y0 - LIFT * ch - _tag_room(cw, ch) - label_h, 5 * cw, label_h)
    else:
        x0, y0 = cx - fan / 2, margin + label_h
        label = QRectF(cx - 2.5 * cw, margin, 5 * cw, label_h)
    return tuple(QRectF(x0 + i * step * cw, y0, cw, ch) for i in range(n)), label


def _left_or_right(hand: SeatHand, side: Side, cy: float, width: float, cw: float, ch: float, margin: float,
                   label_h: float, side_step: float, side_w: float) -> tuple[tuple[QRectF, ...], QRectF]:
    full = side_w * cw
    left = margin if side is Side.LEFT else width - margin - full
    n = hand.size
    if hand.shape is HandShape.SUITS and hand.face_up:
        groups = _suit_groups(hand)
        rows = max(4, len(groups))
        total_h = ch + (rows - 1) * ROW_STEP * ch
        y0 = cy - total_h / 2
        rects: list[QRectF | None] = [None] * n
        for k, group in enumerate(groups):
            for j, index in enumerate(group):
                rects[index] = QRectF(left + j * STEP * cw, y0 + k * ROW_STEP * ch, cw, ch)
        label = QRectF(left, y0 - label_h, full, label_h)
        return tuple(r for r in rects if r is not None), label
    step = side_step if hand.face_up else HIDDEN_STEP
    fan = _fan_width(max(n, 1), cw, step)
    x0, y0 = left + (full - fan) / 2, cy - ch / 2
    label = QRectF(left, y0 - label_h, full, label_h)
    return tuple(QRectF(x0 + i * step * cw, y0, cw, ch) for i in range(n)), label


def index_rect(card: QRectF, rank_only: bool = False) -> QRectF:
    """The top-left corner of a card where its index (rank and pip; or the rank alone) is printed."""
    w, h = RANK_SHOWN if rank_only else INDEX_SHOWN
    return QRectF(card.x(), card.y(), card.width() * w, card.width() * h)

