"""Entry point of the ``tenace`` desktop app (``tenace --screenshot FILE`` renders the window to a PNG)."""

from __future__ import annotations

import argparse
import sys
import time

__all__ = ["main"]

SCREENSHOT_SIZE = (1180, 760)


def _parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tenace", description="Tenace: bridge and Hearts trainer")
    parser.add_argument("--seed", type=int, default=None, help="seed of the first deal shown")
    parser.add_argument("--screenshot", metavar="FILE", help="render the main window to a PNG file and exit")
    parser.add_argument("--mode", choices=[m.value for m in _modes()], default="bridge", help="the game shown first")
    parser.add_argument("--self-test", action="store_true", help="check the engine and the window, then exit (0 = all passed)")
    parser.add_argument("--json", action="store_true", help="with --self-test: print the report as JSON")
    return parser.parse_args(argv)


def _quiet_offscreen_size_hints() -> None:
    """The offscreen platform warns each time a window's size limits change; that is noise in a screenshot run."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(mode, context, message: str) -> None:
        if "propagateSizeHints" not in message:
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def _modes():
    from .modes.app_mode import AppMode

    return AppMode


SAMPLE_BRIDGE_PLY = 10  # a sample position: two tricks and a half played
SAMPLE_HEARTS_TRICKS = 3
SAMPLE_TIMEOUT_S = 20.0
SAMPLE_SUIT_ENTRY = 62  # AKT9x opposite xxxx for five tricks: a full-looking table
SAMPLE_SUIT_DECISIONS = 3  # a finesse taken, the next lead made, second hand has played


def _advance_suit_sample(window, settle, deadline: float) -> None:
    """A suit problem in progress: lead low from South, third hand the cheapest card that wins, again."""
    from engine.core.seats import Seat
    from engine.session.suit_session import SuitStage

    from .viewmodels.suit_table import rank_card

    suit = window.suit
    suit.start_entry(next(c for c in suit.catalogue if c.entry.id == SAMPLE_SUIT_ENTRY))
    settle()
    while (s := suit.session) is not None and not s.is_over and time.monotonic() < deadline:
        if len(s.user_line) >= SAMPLE_SUIT_DECISIONS:
            return
        if s.stage is SuitStage.LEAD:
            seat = Seat.SOUTH if s.hand(Seat.SOUTH) else Seat.NORTH
            ranks = [r for r in range(2, 15) if s.hand(seat) >> (r - 2) & 1]
            rank = ranks[0]
        else:
            seat = s.to_play
            ranks = [r for r in range(2, 15) if s.hand(seat) >> (r - 2) & 1]
            beat = max(r for _, r in s.trick)
            rank = next((r for r in ranks if r > beat), ranks[0])
        suit.card_chosen(rank_card(rank))
        settle()


def _advance_to_sample_position(window, app) -> None:
    """Play on until a typical mid-hand position (the user's cards chosen as the first playable one)."""
    from engine.session.hearts_session import HeartsStage

    from .modes.app_mode import AppMode

    window.bridge.pace_ms = window.hearts.pace_ms = window.suit.pace_ms = 0
    window.table.set_animation(False, 50)
    deadline = time.monotonic() + SAMPLE_TIMEOUT_S

    def settle() -> None:
        while window.controller.is_thinking and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.005)
        app.processEvents()

    def first_playable() -> int | None:
        state = window.table.state
        cards = [] if state is None else [c.card for h in state.hands for c in h.cards if c.playable]
        return cards[0] if cards else None

    settle()
    if window.mode is AppMode.SUIT:
        _advance_suit_sample(window, settle, deadline)
        return
    if window.mode is AppMode.BRIDGE:
        while (s := window.bridge.session) is not None and s.play.ply < SAMPLE_BRIDGE_PLY and time.monotonic() < deadline:
            card = first_playable()
            if card is not None and s.is_user_turn:
                window.bridge.card_chosen(card)
            settle()
        return
    hearts = window.hearts
    while (s := hearts.session) is not None and time.monotonic() < deadline:
        if s.stage is HeartsStage.PASSING:
            for card in list(s.user_hand())[: 3 - len(s.selection)]:
                hearts.card_chosen(card)
            settle()
            hearts.confirm_pass()
        elif s.stage is HeartsStage.PLAYING and s.state is not None and len(s.state.played) < 4 * SAMPLE_HEARTS_TRICKS + 2:
            card = first_playable()
            if card is not None and s.is_user_turn:
                hearts.card_chosen(card)
        else:
            return
        settle()


def main(argv: list[str] | None = None) -> int:
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    if args.self_test:
        from .self_test import main as self_test

        return self_test(as_json=args.json)

    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow
    from .modes.app_mode import AppMode

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tenace")
    app.setOrganizationName("Tenace")
    if args.screenshot:
        _quiet_offscreen_size_hints()
        window = MainWindow(seed=1 if args.seed is None else args.seed, warmup_hooks=(), mode=AppMode(args.mode))
        window.resize(*SCREENSHOT_SIZE)
        window.show()
        app.processEvents()
        _advance_to_sample_position(window, app)
        window.statusBar().clearMessage()
        app.processEvents()
        ok = window.grab().save(args.screenshot, "PNG")
        window.close()
        if not ok:
            print(f"tenace: error: could not write the screenshot to {args.screenshot}", file=sys.stderr)
            return 2
        return 0
    window = MainWindow(seed=args.seed, mode=AppMode(args.mode))
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
