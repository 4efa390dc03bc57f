"""Hints that teach: the recommended card with the reason in the game's own words, backed by computation.

* :func:`bridge_hint` / :func:`bridge_hint_for_view` — bridge: candidates with chances per algorithm,
  the technique, the condition for success over the worlds, strategy-fusion notes, the expert line;
* :func:`hearts_hint` — Hearts: the card with its expected points and the reason;
* :func:`review_game` / :func:`review_play` / :func:`review_played` — the post-mortem of a played deal.

Modules: ``model`` (what a bridge hint is), ``worlds_matrix`` (per-world results), ``conditions``
(rules over worlds), ``decision`` and ``techniques`` (naming plays), ``expert`` (library lines),
``render`` (the words), ``bridge_hint`` (the computation), ``hearts_hint``, ``review``.
"""

from .bridge_hint import bridge_hint, bridge_hint_for_view
from .conditions import Condition, Feature, FeatureKind, FeatureSpace, Rule, find_condition, verify_condition
from .hearts_hint import HeartsHint, HeartsReason, ReasonFinding, hearts_hint
from .model import BridgeHint, CandidateHint, FusionNote, Goal
from .review import CardReview, PlayedDeal, PlayReview, ReviewError, review_game, review_play, review_played
from .techniques import Technique, TechniqueFinding

__all__ = [
    "BridgeHint",
    "CandidateHint",
    "CardReview",
    "Condition",
    "Feature",
    "FeatureKind",
    "FeatureSpace",
    "FusionNote",
    "Goal",
    "HeartsHint",
    "HeartsReason",
    "PlayReview",
    "PlayedDeal",
    "ReasonFinding",
    "ReviewError",
    "Rule",
    "Technique",
    "TechniqueFinding",
    "bridge_hint",
    "bridge_hint_for_view",
    "find_condition",
    "hearts_hint",
    "review_game",
    "review_play",
    "review_played",
    "verify_condition",
]
