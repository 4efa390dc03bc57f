"""Entry point of the ``tenace`` desktop app.

Until the full trainer lands (issue 8) the window shows seeded deals so that
``uv run tenace`` already starts a real Qt application on every platform.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tenace", description="Tenace: bridge and Hearts trainer")
    parser.add_argument("--seed", type=int, default=None, help="seed of the first deal shown")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tenace")
    app.setOrganizationName("Tenace")
    window = MainWindow(seed=args.seed)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
