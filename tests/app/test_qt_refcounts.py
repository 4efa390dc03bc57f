"""Guard against the PySide6 6.12 refcount bug on Python 3.11 (why pyproject pins <6.12).

That release dropped a reference to None/True on every void Qt call and every
Python-side emit, so a painted window aborted within seconds ("none_dealloc").
"""

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QImage, QPainter


class _Sender(QObject):
    fired = Signal(object)


def test_void_calls_and_emits_keep_singleton_refcounts(qtbot):
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    sender = _Sender()
    got = []
    sender.fired.connect(got.append)
    before_none, before_true = sys.getrefcount(None), sys.getrefcount(True)
    for i in range(20_000):
        painter.save()
        painter.restore()
        sender.fired.emit(i)
    painter.end()
    assert len(got) == 20_000
    if sys.version_info < (3, 12):  # immortal singletons from 3.12 on
        assert sys.getrefcount(None) >= before_none - 100
        assert sys.getrefcount(True) >= before_true - 100
