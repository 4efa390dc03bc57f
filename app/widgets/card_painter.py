"""Cards drawn with QPainter: faces, backs and the selected / highlighted / unplayable looks.

Everything is vector (rounded rectangles, suit paths, text), so a card is crisp at any
size and device pixel ratio and the app ships no card images.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

from engine.core.cards import Card, Suit, card_rank, card_suit

from ..settings import DeckColours
from .suit_shapes import suit_path

__all__ = ["CardLook", "CARD_ASPECT", "suit_colour", "rank_label", "paint_card", "render_card_image"]

CARD_ASPECT = 1.4  # height / width of a standard playing card (63 x 88 mm)

_TWO_COLOUR = ("#1b1b1b", "#c62828", "#c62828", "#1b1b1b")
_FOUR_COLOUR = ("#1b1b1b", "#c62828", "#1565c0", "#2e7d32")
_FACE = QColor("#fdfcf7")
_EDGE = QColor("#8a8a80")
_BACK = QColor("#1f3a68")
_BACK_LINES = QColor("#6f8fc4")
_SELECTED = QColor("#2f80ed")
_HIGHLIGHT = QColor("#f2b705")
_UNPLAYABLE = QColor(90, 90, 90, 120)


@dataclass(frozen=True, slots=True)
class CardLook:
    """How one card is drawn; ``face_up=False`` ignores the card's identity."""

    face_up: bool = True
    selected: bool = False
    highlighted: bool = False
    unplayable: bool = False


def suit_colour(suit: Suit, deck: DeckColours) -> QColor:
    table = _FOUR_COLOUR if deck is DeckColours.FOUR_COLOUR else _TWO_COLOUR
    return QColor(table[suit])


def rank_label(card: Card) -> str:
    """The rank as printed on a card's corner: ``10`` rather than ``T``."""
    rank = card_rank(card)
    return "10" if rank == 10 else rank.char


def _font(pixel_size: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    return font


def _outline(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    radius = rect.width() * 0.08
    path.addRoundedRect(rect, radius, radius)
    return path


def _paint_index(p: QPainter, rect: QRectF, card: Card, colour: QColor) -> None:
    """Rank and a small pip in the top-left corner, where a fanned hand still shows them."""
    w = rect.width()
    label = rank_label(card)
    font = _font(w * (0.2 if len(label) == 1 else 0.17))
    if len(label) > 1:
        font.setStretch(QFont.Stretch.Condensed)
    p.setFont(font)
    p.setPen(colour)
    text_box = QRectF(rect.x() + w * 0.01, rect.y() + w * 0.04, w * 0.2, w * 0.23)
    p.drawText(text_box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
    pip = w * 0.14
    p.fillPath(suit_path(card_suit(card), QRectF(text_box.center().x() - pip / 2, text_box.bottom() + w * 0.02, pip, pip)), colour)


def _paint_face(p: QPainter, rect: QRectF, card: Card, deck: DeckColours) -> None:
    suit = card_suit(card)
    colour = suit_colour(suit, deck)
    p.fillPath(_outline(rect), _FACE)
    _paint_index(p, rect, card, colour)
    p.save()  # the same index upside down in the opposite corner
    p.translate(rect.center())
    p.rotate(180)
    p.translate(-rect.center())
    _paint_index(p, rect, card, colour)
    p.restore()
    w, h = rect.width(), rect.height()
    rank = card_rank(card)
    if rank in (11, 12, 13):  # court cards: a framed panel with the letter and a pip
        panel = QRectF(rect.x() + w * 0.32, rect.y() + h * 0.17, w * 0.36, h * 0.66)
        p.setPen(QPen(colour, max(1.0, w * 0.015)))
        p.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 22))
        p.drawRoundedRect(panel, w * 0.04, w * 0.04)
        p.setFont(_font(w * 0.3))
        p.drawText(QRectF(panel.x(), panel.y(), panel.width(), panel.height() * 0.6), Qt.AlignmentFlag.AlignCenter, rank.char)
        pip = w * 0.2
        p.fillPath(suit_path(suit, QRectF(panel.center().x() - pip / 2, panel.y() + panel.height() * 0.6, pip, pip)), colour)
    else:
        size = w * (0.4 if rank == 14 else 0.34)
        p.fillPath(suit_path(suit, QRectF(rect.center().x() - size / 2, rect.center().y() - size / 2, size, size)), colour)
        if rank != 14:
            p.setFont(_font(w * 0.2))
            p.setPen(colour)
            below = QRectF(rect.x(), rect.center().y() + size / 2, w, h * 0.2)
            p.drawText(below, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, rank_label(card))


def _paint_back(p: QPainter, rect: QRectF) -> None:
    p.fillPath(_outline(rect), _BACK)
    inner = rect.adjusted(rect.width() * 0.08, rect.width() * 0.08, -rect.width() * 0.08, -rect.width() * 0.08)
    p.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, rect.width() * 0.05, rect.width() * 0.05)
    p.setClipPath(clip)
    p.setPen(QPen(_BACK_LINES, max(1.0, rect.width() * 0.012)))
    step = rect.width() * 0.12
    span = inner.width() + inner.height()
    x = inner.x() - inner.height()
    while x < inner.x() + span:  # a lattice of diagonals in both directions
        p.drawLine(QPointF(x, inner.y()), QPointF(x + inner.height(), inner.bottom()))
        p.drawLine(QPointF(x + inner.height(), inner.y()), QPointF(x, inner.bottom()))
        x += step
    p.restore()
    p.setPen(QPen(_BACK_LINES, max(1.0, rect.width() * 0.02)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner, rect.width() * 0.05, rect.width() * 0.05)


def paint_card(p: QPainter, rect: QRectF, card: Card | None, look: CardLook, deck: DeckColours) -> None:
    """Draw one card filling ``rect`` (callers keep the 1 : 1.4 aspect)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if look.face_up and card is not None:
        _paint_face(p, rect, card, deck)
    else:
        _paint_back(p, rect)
    outline = _outline(rect)
    if look.unplayable:
        p.fillPath(outline, _UNPLAYABLE)
    edge_width = max(1.0, rect.width() * 0.012)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(_EDGE, edge_width))
    p.drawPath(outline)
    for flag, colour in ((look.highlighted, _HIGHLIGHT), (look.selected, _SELECTED)):
        if flag:
            p.setPen(QPen(colour, max(2.0, rect.width() * 0.045)))
            inset = rect.width() * 0.02
            p.drawPath(_outline(rect.adjusted(inset, inset, -inset, -inset)))
    p.restore()


def render_card_image(
    card: Card | None,
    width: int,
    look: CardLook = CardLook(),
    deck: DeckColours = DeckColours.TWO_COLOUR,
    device_pixel_ratio: float = 1.0,
) -> QImage:
    """One card on a transparent image ``width`` logical pixels wide (for tests, icons and docs)."""
    height = round(width * CARD_ASPECT)
    image = QImage(round(width * device_pixel_ratio), round(height * device_pixel_ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_pixel_ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_card(painter, QRectF(0.5, 0.5, width - 1.0, height - 1.0), card, look, deck)
    painter.end()
    return image
