"""Settings a player expects (card size, the pause after a trick, animations, sound, default strength) applied
at once, and the short sounds shipped in assets/ (made by packaging/make_sounds.py)."""

from __future__ import annotations

import importlib.util
import wave
from dataclasses import replace
from pathlib import Path

from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.settings import TRICK_PAUSE_CLICK, CardSize, Settings, Strength, load_settings
from app.viewmodels.strength import STRENGTH_SPECS
from app.viewmodels.table import sounds_between
from app.widgets.sound_player import SOUNDS, SoundPlayer, sounds_dir
from engine.players.registry import Game
from tests.app.test_bridge_mode import _click_card, _idle, _playable

ROOT = Path(__file__).resolve().parents[2]


def _make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "packaging" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_sounds_are_short_wavs_made_by_the_script():
    make = _make_sounds()
    for name in SOUNDS:
        path = sounds_dir() / f"{name}.wav"
        assert path.read_bytes() == make.wav_bytes(name), f"{name}.wav differs from packaging/make_sounds.py"
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and 0.02 < w.getnframes() / w.getframerate() < 0.5


def test_the_settings_dialog_applies_card_size_pause_animation_sound_and_strength(qtbot, tmp_path):
    launched: list[list[str]] = []
    w = MainWindow(seed=11, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE, dd_oracle=None,
                   bid_boards=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    w.sounds = SoundPlayer(w.settings.sound, launcher=launched.append, platform="linux", muted=False)
    w.sounds._command = ("aplay", "-q")
    large = w.table.table_layout.card_width
    dialog = w.open_settings()
    dialog.card_size.setCurrentIndex(dialog.card_size.findData(CardSize.SMALL))
    dialog.trick_pause.setCurrentIndex(dialog.trick_pause.findData(TRICK_PAUSE_CLICK))
    dialog.animate.setChecked(False)
    dialog.sound.setChecked(True)
    dialog.strength.setCurrentIndex(dialog.strength.findData(Strength.EXPERT))
    dialog.accept()
    saved = load_settings().settings
    assert saved == w.settings and saved.card_size is CardSize.SMALL and saved.trick_pause_ms == TRICK_PAUSE_CLICK
    assert saved.sound and not saved.animate_cards and saved.strength is Strength.EXPERT
    assert w.table.table_layout.card_width < large * 0.85  # smaller cards at once
    assert w.bridge.trick_pause_ms == TRICK_PAUSE_CLICK == w.hearts.trick_pause_ms
    assert not w.table._animate
    assert w.bridge_panel.player.level.currentText() == "Expert"  # the next board's computer
    assert w.bridge.options.player_spec == STRENGTH_SPECS[Game.BRIDGE][Strength.EXPERT]
    assert w.hearts.player_spec == STRENGTH_SPECS[Game.HEARTS][Strength.EXPERT]
    # sound: a card played is heard
    w.apply_new_settings(replace(w.settings, strength=Strength.BEGINNER, trick_pause_ms=0))
    w.bridge.pace_ms = 0
    s = w.bridge.session
    qtbot.waitUntil(lambda: s.is_user_turn, timeout=10_000)
    _click_card(qtbot, w, _playable(w)[-1])
    _idle(qtbot, w)
    assert w.sounds.played and set(w.sounds.played) <= {"card", "trick"}
    assert launched and launched[0][0] == "aplay" and launched[0][-1].endswith(".wav")
    w.apply_new_settings(replace(w.settings, sound=False))
    count = len(launched)
    qtbot.waitUntil(lambda: s.is_user_turn, timeout=10_000)
    _click_card(qtbot, w, _playable(w)[-1])
    _idle(qtbot, w)
    assert len(launched) == count  # sound off: silence


def test_which_sound_a_table_change_makes():
    from app.viewmodels.table import SeatHand, TableState
    from engine.core.seats import Seat

    hands = tuple(SeatHand(seat, seat.name) for seat in Seat)
    empty = TableState(hands)
    one = TableState(hands, ((Seat.WEST, 0),))
    full = TableState(hands, tuple((seat, i) for i, seat in enumerate((Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH))),
                      trick_winner=Seat.SOUTH)
    assert sounds_between(None, one) == () and sounds_between(empty, one) == ("card",)
    assert sounds_between(one, full) == ("trick",) and sounds_between(full, full) == ()
    assert sounds_between(full, TableState(hands, centre_text="4♠ by South: 10 tricks")) == ("chime",)
    player = SoundPlayer(False, launcher=lambda argv: None, muted=False)
    assert player.play("card") == "off"
    assert SoundPlayer(True, launcher=lambda argv: None).play("chime") == "muted"  # offscreen: never a sound


def test_settings_defaults_are_a_club_player_a_pause_and_sound():
    s = Settings()
    assert s.strength is Strength.CLUB_PLAYER and s.trick_pause_ms == 1200 and s.sound and s.card_size is CardSize.LARGE
