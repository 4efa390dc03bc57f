"""Hints that teach: the recommended card with the reason in the game's own words, backed by computation.

* :func:`bridge_hint_for_view` — bridge: every card's chance with its best line (:func:`line_values`, exact
  when the position allows), the technique, the condition for success over the deals, strategy-fusion
  notes, the expert line; :func:`hint_from_values` builds the hint of an analysis already made;
* :func:`hearts_hint` — Hearts: the card with its expected points and the reason;
* :func:`review_game` / :func:`review_play` / :func:`review_played` — the post-mortem of a played deal.

Modules: ``model`` (what a bridge hint is), ``worlds_matrix`` (per-world results), ``conditions``
(rules over worlds), ``decision`` and ``techniques`` (naming plays), ``expert`` (library lines),
``render`` (the words), ``bridge_hint`` (the computation), ``hearts_hint``, ``review``.
"""

import importlib
from typing import Any

_EXPORTS = {
    "bridge_hint": ("bridge_hint_for_view", "hint_from_values"),
    "conditions": ("Condition", "Feature", "FeatureKind", "FeatureSpace", "Rule", "find_condition",
                   "verify_condition"),
    "hearts_hint": ("HeartsHint", "HeartsReason", "ReasonFinding", "hearts_hint", "hearts_hint_from_analysis"),
    "lines": ("HintBudget", "LineValues", "line_values"),
    "model": ("BridgeHint", "CandidateHint", "FusionNote", "Goal", "Method"),
    "review": ("CardReview", "PlayedDeal", "PlayReview", "ReviewError", "review_game", "review_play",
               "review_played"),
    "techniques": ("Technique", "TechniqueFinding"),
}
_HOME = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    """The package's names, each imported from its module on first use: the searches behind the hints load
    the numba kernels, which a caller wanting only the words (the app's GUI thread) must not pay for."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


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
    "HintBudget",
    "LineValues",
    "Method",
    "hint_from_values",
    "line_values",
    "bridge_hint_for_view",
    "find_condition",
    "hearts_hint",
    "hearts_hint_from_analysis",
    "review_game",
    "review_play",
    "review_played",
    "verify_condition",
]
