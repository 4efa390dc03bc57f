"""The pass hint: the default player's own pass, ranked alternatives, the session job and ``tenace-cli pass-hint``."""

from __future__ import annotations

import json

import pytest

from engine.cli.main import main
from engine.core.cancel import CancelToken
from engine.core.deal import random_deals
from engine.hearts.passing import PassDirection
from engine.hearts.rules import HeartsRules
from engine.hearts.view import pass_view
from engine.players.registry import Game, create_player, default_spec
from engine.session.hearts_pass_hint import PassHintError, pass_hint
from engine.session.hearts_session import HeartsSession, HeartsSessionError, HeartsStage


def test_the_hint_is_the_default_players_own_pass() -> None:
    rules = HeartsRules()
    for index, deal in enumerate(random_deals(8, 3)):
        view = pass_view(1, deal.hands[1], PassDirection.for_hand(index), rules)
        hint = pass_hint(view, seed=4, top=4)
        player = create_player(Game.HEARTS, "default", seed=4)
        assert hint.cards == tuple(player.choose_pass(view))  # type: ignore[attr-defined]
        assert len(hint.candidates) == 4 and set(hint.cards) <= set(view.hand.ascending())
        points = [c.expected_points for c in hint.candidates]
        assert points[0] == min(points)  # the finalists are ranked on the same hands
        assert hint.text.startswith("Pass ")


def test_no_hint_on_a_hold_hand_or_from_a_rule_based_passer() -> None:
    deal = random_deals(2, 1)[0]
    with pytest.raises(PassHintError, match="hold"):
        pass_hint(pass_view(0, deal.hands[0], PassDirection.HOLD, HeartsRules()))
    with pytest.raises(PassHintError, match="fixed rules"):
        pass_hint(pass_view(0, deal.hands[0], PassDirection.LEFT, HeartsRules()), player_spec="rules")


def test_the_session_job_answers_while_passing_only() -> None:
    session = HeartsSession(HeartsRules(), seed=3)
    assert session.stage is HeartsStage.PASSING
    reports = []
    hint = session.pass_hint_job(seed=1)(CancelToken(progress=lambda *a: reports.append(a)))
    assert set(hint.cards) <= set(session.user_hand().ascending()) and reports[-1][0] == 1.0
    for card in hint.cards:
        session.toggle_pass_card(card)
    session.set_computer_passes(session.hand_number, session.computer_pass_turn().job(CancelToken()))
    session.confirm_pass()
    with pytest.raises(HeartsSessionError):
        session.pass_hint_job()


def test_cli_pass_hint_json(capsys) -> None:
    code = main(["pass-hint", "--hand", "AKQ2.KJ3.T98.A42", "--direction", "left", "--top", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["direction"] == "left" and out["player"] == default_spec(Game.HEARTS) and len(out["pass"]) == 3
    assert [c["cards"] for c in out["candidates"]][0] == out["pass"] and len(out["candidates"]) == 3
    assert main(["pass-hint", "--hand", "AKQ2.KJ3.T98.A42", "--direction", "hold"]) == 2
    assert "hold" in capsys.readouterr().err
