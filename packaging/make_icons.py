"""Draw Tenace's application icon with QPainter and write every file the builds need.

    uv run python packaging/make_icons.py            # rewrites packaging/icons/

The icon is our own drawing (no third-party art): a white playing card, slightly
turned, with a large black spade and a small red heart, for the two games.
Outputs, all committed so a build needs no image tools:

* ``icons/tenace-<N>.png`` for N in :data:`PNG_SIZES` (Linux hicolor theme, Qt);
* ``icons/tenace.ico`` (Windows): PNG-compressed entries, 16..256 px;
* ``icons/tenace.icns`` (macOS): PNG entries, 16..512 px and their @2x forms.

The .ico and .icns containers are written here byte by byte (both formats accept
PNG payloads), so no Pillow and no Qt image plugin is needed for them.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ICON_DIR = HERE / "icons"
NAME = "tenace"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (Apple's icns layout).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),  # @2x of 16, 32, 128, 256
)

__all__ = ["render_png", "ico_bytes", "icns_bytes", "main", "PNG_SIZES", "ICON_DIR", "NAME"]


def _spade(painter, cx: float, cy: float, h: float) -> None:
    """A spade of height ``h`` centred on (cx, cy): two lobes, a point on top, a flared stem."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath

    w = 0.86 * h
    top = cy - 0.5 * h
    lobe_y = cy + 0.12 * h
    path = QPainterPath(QPointF(cx, top))
    path.cubicTo(QPointF(cx + 0.18 * w, top + 0.22 * h), QPointF(cx + 0.5 * w, lobe_y - 0.28 * h),
                 QPointF(cx + 0.5 * w, lobe_y))
    path.cubicTo(QPointF(cx + 0.5 * w, lobe_y + 0.2 * h), QPointF(cx + 0.14 * w, lobe_y + 0.26 * h),
                 QPointF(cx + 0.03 * w, lobe_y + 0.08 * h))
    path.cubicTo(QPointF(cx + 0.05 * w, lobe_y + 0.24 * h), QPointF(cx + 0.12 * w, cy + 0.42 * h),
                 QPointF(cx + 0.22 * w, cy + 0.5 * h))
    path.lineTo(QPointF(cx - 0.22 * w, cy + 0.5 * h))
    path.cubicTo(QPointF(cx - 0.12 * w, cy + 0.42 * h), QPointF(cx - 0.05 * w, lobe_y + 0.24 * h),
                 QPointF(cx - 0.03 * w, lobe_y + 0.08 * h))
    path.cubicTo(QPointF(cx - 0.14 * w, lobe_y + 0.26 * h), QPointF(cx - 0.5 * w, lobe_y + 0.2 * h),
                 QPointF(cx - 0.5 * w, lobe_y))
    path.cubicTo(QPointF(cx - 0.5 * w, lobe_y - 0.28 * h), QPointF(cx - 0.18 * w, top + 0.22 * h),
                 QPointF(cx, top))
    painter.drawPath(path)


def _heart(painter, cx: float, cy: float, h: float) -> None:
    """A heart of height ``h`` centred on (cx, cy)."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath

    w = 1.0 * h
    bottom = cy + 0.5 * h
    notch = cy - 0.22 * h
    path = QPainterPath(QPointF(cx, bottom))
    path.cubicTo(QPointF(cx - 0.3 * w, cy + 0.18 * h), QPointF(cx - 0.5 * w, cy), QPointF(cx - 0.5 * w, cy - 0.2 * h))
    path.cubicTo(QPointF(cx - 0.5 * w, cy - 0.5 * h), QPointF(cx - 0.06 * w, cy - 0.56 * h), QPointF(cx, notch))
    path.cubicTo(QPointF(cx + 0.06 * w, cy - 0.56 * h), QPointF(cx + 0.5 * w, cy - 0.5 * h),
                 QPointF(cx + 0.5 * w, cy - 0.2 * h))
    path.cubicTo(QPointF(cx + 0.5 * w, cy), QPointF(cx + 0.3 * w, cy + 0.18 * h), QPointF(cx, bottom))
    painter.drawPath(path)


def render_image(size: int):
    """The icon as a ``QImage`` of ``size`` × ``size`` pixels (transparent background)."""
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    s = float(size)
    small = size <= 24
    corners = size >= 64  # the corner pips only where they stay legible
    p.translate(s / 2, s / 2)
    p.rotate(0 if small else -8)
    card_h = s * (0.94 if small else 0.84)
    card_w = card_h * (0.78 if small else 0.70)
    card = QRectF(-card_w / 2, -card_h / 2, card_w, card_h)
    radius = card_w * 0.12
    if not small:  # soft shadow
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 60))
        p.drawRoundedRect(card.translated(s * 0.025, s * 0.03), radius, radius)
    p.setBrush(QColor("#fdfcf7"))
    p.setPen(QPen(QColor("#20324d"), max(1.0, s / 60)))
    p.drawRoundedRect(card, radius, radius)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#111418"))
    _spade(p, 0.0, card_h * (0.05 if corners else 0.0), card_h * (0.5 if corners else 0.6))
    if corners:  # corner heart for Hearts, red like the app's cards
        p.setBrush(QColor("#c62828"))
        _heart(p, -card_w * 0.29, -card_h * 0.34, card_h * 0.16)
        p.setBrush(QColor("#111418"))
        corner = QPointF(card_w * 0.29, card_h * 0.34)
        _spade(p, corner.x(), corner.y(), card_h * 0.14)
    p.end()
    return image


def render_png(size: int) -> bytes:
    """The icon at ``size`` px as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not render_image(size).save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size} px icon as PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNGs (size -> bytes); 256 px is written as 0 in the directory."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    directory, payload = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(payload))
        payload += data
    return header + directory + payload


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG elements for every type of :data:`ICNS_TYPES` whose size is given."""
    body = b""
    for kind, size in ICNS_TYPES:
        if size in pngs:
            body += kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else ICON_DIR
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (fonts/painting need it)
    out.mkdir(parents=True, exist_ok=True)
    pngs = {size: render_png(size) for size in sorted(set(PNG_SIZES) | set(ICO_SIZES))}
    for size in PNG_SIZES:
        (out / f"{NAME}-{size}.png").write_bytes(pngs[size])
    (out / f"{NAME}.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out / f"{NAME}.icns").write_bytes(icns_bytes(pngs))
    print(f"wrote {len(PNG_SIZES)} PNGs, {NAME}.ico and {NAME}.icns to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
