"""Entry point of the ``tenace`` desktop app (``tenace --screenshot FILE`` renders the window to a PNG)."""

from __future__ import annotations

import argparse
import sys

__all__ = ["main"]

SCREENSHOT_SIZE = (1180, 760)


def _parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tenace", description="Tenace: bridge and Hearts trainer")
    parser.add_argument("--seed", type=int, default=None, help="seed of the first deal shown")
    parser.add_argument("--screenshot", metavar="FILE", help="render the main window to a PNG file and exit")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse_args(sys.argv[1:] if argv is None else argv)

    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tenace")
    app.setOrganizationName("Tenace")
    if args.screenshot:
        window = MainWindow(seed=1 if args.seed is None else args.seed, warmup_hooks=())
        window.resize(*SCREENSHOT_SIZE)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.screenshot, "PNG")
        window.close()
        if not ok:
            print(f"tenace: error: could not write the screenshot to {args.screenshot}", file=sys.stderr)
            return 2
        return 0
    window = MainWindow(seed=args.seed)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
