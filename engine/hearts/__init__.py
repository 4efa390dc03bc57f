"""Hearts rules: options, passing, the hand state, scoring, seat views and the table.

Depends only on :mod:`engine.core`; players, solvers and the CLI build on it.
"""

from .passing import PassDirection, PassError, PassRecord, apply_passes, check_pass
from .play import TWO_OF_CLUBS, HeartsHand, HeartsPlayError, Trick, legal_mask, trick_winner_index
from .rules import HeartsRules, HeartsRulesError, MoonScoring
from .scoring import (
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    GameScore,
    HandResult,
    HeartsScoreError,
    card_points,
    cards_points,
    moon_shooter,
    score_hand,
)
from .table import PlayedHand, play_hand
from .view import HeartsPhase, HeartsView, pass_view, play_view

__all__ = [
    "HEARTS_MASK",
    "JACK_OF_DIAMONDS",
    "QUEEN_OF_SPADES",
    "TWO_OF_CLUBS",
    "GameScore",
    "HandResult",
    "HeartsHand",
    "HeartsPhase",
    "HeartsPlayError",
    "HeartsRules",
    "HeartsRulesError",
    "HeartsScoreError",
    "HeartsView",
    "MoonScoring",
    "PassDirection",
    "PassError",
    "PassRecord",
    "PlayedHand",
    "Trick",
    "apply_passes",
    "card_points",
    "cards_points",
    "check_pass",
    "legal_mask",
    "moon_shooter",
    "pass_view",
    "play_hand",
    "play_view",
    "score_hand",
    "trick_winner_index",
]
