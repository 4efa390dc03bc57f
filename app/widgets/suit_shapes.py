"""The four suit symbols as vector paths in a unit box, so they stay crisp at any size and need no font."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF, QTransform

from engine.core.cards import Suit

__all__ = ["suit_path"]


def _polygon(*points: tuple[float, float]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def _heart() -> QPainterPath:
    """One closed outline of cubic curves (a union of circles leaves a hairline seam when filled)."""
    path = QPainterPath(QPointF(0.5, 0.24))
    path.cubicTo(QPointF(0.38, 0.0), QPointF(0.0, 0.02), QPointF(0.02, 0.32))
    path.cubicTo(QPointF(0.04, 0.56), QPointF(0.36, 0.72), QPointF(0.5, 0.97))
    path.cubicTo(QPointF(0.64, 0.72), QPointF(0.96, 0.56), QPointF(0.98, 0.32))
    path.cubicTo(QPointF(1.0, 0.02), QPointF(0.62, 0.0), QPointF(0.5, 0.24))
    path.closeSubpath()
    return path


def _spade() -> QPainterPath:
    upside_down_heart = QTransform(1, 0, 0, -0.8, 0, 0.8).map(_heart())  # y -> 0.8 - 0.8y
    return upside_down_heart.united(_polygon((0.5, 0.55), (0.3, 1.0), (0.7, 1.0))).simplified()


def _club() -> QPainterPath:
    path = QPainterPath()
    r = 0.23
    for cx, cy in ((0.5, 0.25), (0.26, 0.58), (0.74, 0.58)):
        path.addEllipse(QRectF(cx - r, cy - r, 2 * r, 2 * r))
    path = path.united(_polygon((0.5, 0.45), (0.32, 1.0), (0.68, 1.0)))
    return path.united(_polygon((0.4, 0.4), (0.6, 0.4), (0.6, 0.62), (0.4, 0.62))).simplified()


def _diamond() -> QPainterPath:
    return _polygon((0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5))


@lru_cache(maxsize=4)
def _unit_path(suit: Suit) -> QPainterPath:
    return {Suit.SPADES: _spade, Suit.HEARTS: _heart, Suit.DIAMONDS: _diamond, Suit.CLUBS: _club}[suit]()


def suit_path(suit: Suit, box: QRectF) -> QPainterPath:
    """The symbol of ``suit`` scaled into ``box`` (drawn upright, filling the box)."""
    return QTransform(box.width(), 0, 0, box.height(), box.x(), box.y()).map(_unit_path(suit))
