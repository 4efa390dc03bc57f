"""Where everything on the card table goes for a given widget size (pure geometry, testable).

Cards scale with the window: the card width is the largest that fits three hands across
(left fan, trick, right fan) and five card heights down.  The seat at the bottom is the
user's; the others follow clockwise (left, top, right).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QPointF, QRectF

from engine.core.seats import Seat

from .card_painter import CARD_ASPECT
from ..viewmodels.table import TableState

__all__ = ["Side", "TableLayout", "compute_layout", "side_of"]

STEP = 0.3  # visible part of a fanned face-up card (its corner index), in card widths
SIDE_STEP_MIN = 0.22  # the tightest fan that still shows a corner index
HIDDEN_STEP = 0.16  # face-down cards have no index to show: fan them tighter
LIFT = 0.14  # how far the focused card of the bottom hand rises, in card heights
MARGIN = 0.12  # in card widths
LABEL = 0.28  # height of a seat label, in card heights
MIN_CARD_WIDTH = 18.0


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


def _fan_width(n: int, cw: float, step: float = STEP) -> float:
    return cw + max(0, n - 1) * step * cw


def compute_layout(width: float, height: float, state: TableState) -> TableLayout:
    max_n = 13
    cw_for_height = height / (2 * LABEL + 2 + 2.3 + LIFT + 2 * MARGIN / CARD_ASPECT) / CARD_ASPECT
    # In a wide-enough window the side hands fan like the others; in a narrow one they close
    # up (down to SIDE_STEP_MIN) before the cards have to shrink.
    across = 3.0 + 2 * MARGIN  # the trick column and the margins, in card widths
    side_step = ((width / cw_for_height - across) / 2 - 1) / 12
    side_step = min(STEP, max(SIDE_STEP_MIN, side_step))
    cw_for_width = width / (2 * (1 + 12 * side_step) + across)
    cw = max(MIN_CARD_WIDTH, min(cw_for_width, cw_for_height))
    ch = cw * CARD_ASPECT
    margin = MARGIN * cw
    cx, cy = width / 2, height / 2
    hands: dict[Seat, tuple[QRectF, ...]] = {}
    labels: dict[Seat, QRectF] = {}
    trick: dict[Seat, QRectF] = {}
    label_h = LABEL * ch
    for hand in state.hands:
        n = hand.size
        side = side_of(hand.seat, state.bottom_seat)
        step = (STEP if side in (Side.TOP, Side.BOTTOM) else side_step) if hand.face_up else HIDDEN_STEP
        fan = _fan_width(max(n, 1), cw, step)
        if side is Side.BOTTOM:
            x0, y0 = cx - fan / 2, height - margin - ch
            label = QRectF(cx - 2.5 * cw, y0 - LIFT * ch - label_h, 5 * cw, label_h)
        elif side is Side.TOP:
            x0, y0 = cx - fan / 2, margin + label_h
            label = QRectF(cx - 2.5 * cw, margin, 5 * cw, label_h)
        elif side is Side.LEFT:
            full = _fan_width(max_n, cw, side_step)
            x0, y0 = margin + (full - fan) / 2, cy - ch / 2
            label = QRectF(margin, y0 - label_h, full, label_h)
        else:
            full = _fan_width(max_n, cw, side_step)
            x0, y0 = width - margin - full + (full - fan) / 2, cy - ch / 2
            label = QRectF(width - margin - full, y0 - label_h, full, label_h)
        hands[hand.seat] = tuple(QRectF(x0 + i * step * cw, y0, cw, ch) for i in range(n))
        labels[hand.seat] = label
        offset = {
            Side.BOTTOM: QPointF(0, 0.42 * ch),
            Side.TOP: QPointF(0, -0.42 * ch),
            Side.LEFT: QPointF(-0.62 * cw, 0),
            Side.RIGHT: QPointF(0.62 * cw, 0),
        }[side]
        centre = QPointF(cx, cy + 0.02 * ch) + offset
        trick[hand.seat] = QRectF(centre.x() - cw / 2, centre.y() - ch / 2, cw, ch)
    return TableLayout(cw, ch, hands, trick, labels, LIFT * ch)
