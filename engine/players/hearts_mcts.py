"""``uct`` and ``ismcts``: Hearts players built on Monte Carlo tree search, passing by playouts.

``uct`` is Sturtevant's xinxin (PIMC over sampled worlds, multi-player UCT in
each, rule-based playouts with random moves); ``ismcts`` is information-set
MCTS (one tree over all worlds).  Both are in :mod:`engine.search.hearts.mcts`.
Their defaults differ where the duplicate matches said so: ``uct`` keeps
xinxin's (the other seats search in the tree, uniform worlds), ``ismcts`` —
the app's default player — models the other seats as the playout policy in
the tree too and weighs its worlds by their play (``opp=policy,infer=0.2``):
against the rule-based player over 60 deals (seed 101) that combination took
2.7 points per hand fewer, the others 1.3 to 2.3.
The pass is :func:`engine.search.hearts.passing.search_pass` with the
rule-based player as the model of the other seats' passes.

Spec parameters (``uct:worlds=30,sims=3000,c=0.4,eps=0.1,opp=policy,paranoia=0,infer=0.2,pass=40,seed=1``):
``worlds`` sampled worlds, ``sims`` simulations per decision in all, ``c`` the
UCB constant, ``eps`` the playouts' share of random cards (``owneps`` for the
searching seat's own, default ``eps``), ``opp=policy|tree``
whether the other seats play the policy's card inside the tree or search too,
``paranoia`` the share of the searching seat's points in an opponent's
utility, ``infer`` the noise of the play model weighing the worlds (0: off),
``pass`` deals in the pass search's first round, ``passby=search|rules`` the
pass search or the rule-based player's pass.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..core.cards import Card
from ..hearts.rules import HeartsRules
from ..hearts.view import HeartsView
from ..search.hearts.mcts import MctsKind, MctsOptions, MctsResult, MctsSearch
from ..search.hearts.passing import PassSearchOptions, PassSearchResult, search_pass
from .hearts_rules import RulesHeartsPlayer
from .spec import PlayerSpecError, SpecArgs

__all__ = ["MctsHeartsPlayer", "MctsSettings", "SPEC_PARAMS", "from_spec", "uct_from_spec", "ismcts_from_spec"]

SPEC_PARAMS = ("worlds", "sims", "c", "eps", "owneps", "opp", "paranoia", "infer", "pass", "passby", "seed")


@dataclass(frozen=True, slots=True)
class MctsSettings:
    search: MctsOptions = MctsOptions()
    passing: PassSearchOptions = PassSearchOptions()
    rule_pass: bool = False
    """Pass as the rule-based player does instead of searching (``passby=rules``, for comparisons)."""


class MctsHeartsPlayer:
    """Plays the search's card (see :class:`~engine.search.hearts.mcts.MctsResult.best`) and its pass."""

    def __init__(self, settings: MctsSettings | None = None, seed: int = 0) -> None:
        self.settings = settings if settings is not None else MctsSettings()
        self.name = self.settings.search.kind.value
        self._seed = seed
        self._search: MctsSearch | None = None
        self._pass_rng = random.Random(seed + 1)
        self._pass_model = RulesHeartsPlayer()
        self.last: MctsResult | None = None
        self.last_pass: PassSearchResult | None = None

    def _searcher(self, rules: HeartsRules) -> MctsSearch:
        if self._search is None or self._search.rules != rules:
            self._search = MctsSearch(rules, self.settings.search, self._seed)
        return self._search

    def analyse(self, view: HeartsView) -> MctsResult:
        """The search of this decision, every legal card valued (even a forced one)."""
        return self._searcher(view.rules).search_all(view)

    def choose_card(self, view: HeartsView) -> Card:
        result = self._searcher(view.rules).search(view)
        self.last = result
        return result.best()

    def analyse_pass(self, view: HeartsView) -> PassSearchResult:
        """Every candidate pass ranked, best first (the pass hint)."""
        return search_pass(view, self._pass_model.choose_pass, self.settings.passing, self._pass_rng)

    def choose_pass(self, view: HeartsView) -> tuple[Card, Card, Card]:
        if self.settings.rule_pass:
            return self._pass_model.choose_pass(view)
        self.last_pass = self.analyse_pass(view)
        return self.last_pass.best


def _opponents(text: str) -> bool:
    if text not in ("policy", "tree"):
        raise ValueError(f"opp must be policy or tree, got {text!r}")
    return text == "policy"


def from_spec(kind: MctsKind, args: SpecArgs, defaults: MctsSettings) -> MctsHeartsPlayer:
    """Build from a spec's arguments over ``defaults``; a bad value raises :class:`PlayerSpecError` naming it."""
    s = defaults.search
    try:
        search = replace(
            s, kind=kind, worlds=args.get_int("worlds", s.worlds), iterations=args.get_int("sims", s.iterations),
            exploration=args.get_float("c", s.exploration), epsilon=args.get_float("eps", s.epsilon),
            own_epsilon=args.get_float("owneps", s.own_epsilon),  # type: ignore[arg-type]
            opponents_policy=_opponents(args.get_text("opp", "policy" if s.opponents_policy else "tree")),
            paranoia=args.get_float("paranoia", s.paranoia), inference=args.get_float("infer", s.inference),
        )
        passing = replace(defaults.passing, deals=args.get_int("pass", defaults.passing.deals))
        passby = args.get_text("passby", "rules" if defaults.rule_pass else "search")
        if passby not in ("search", "rules"):
            raise ValueError(f"passby must be search or rules, got {passby!r}")
    except ValueError as exc:
        raise PlayerSpecError(f"{kind.value}: {exc}") from None
    return MctsHeartsPlayer(MctsSettings(search, passing, passby == "rules"), seed=args.seed())


def uct_from_spec(args: SpecArgs) -> MctsHeartsPlayer:
    """``uct:...``: xinxin's PIMC + UCT (see the module doc for the parameters)."""
    return from_spec(MctsKind.UCT, args, MctsSettings(MctsOptions(kind=MctsKind.UCT)))


ISMCTS_DEFAULTS = MctsOptions(kind=MctsKind.ISMCTS, opponents_policy=True, inference=0.2)


def ismcts_from_spec(args: SpecArgs) -> MctsHeartsPlayer:
    """``ismcts:...``: information-set MCTS, by default with policy opponents and weighed worlds
    (:data:`ISMCTS_DEFAULTS`; see the module doc for the parameters)."""
    return from_spec(MctsKind.ISMCTS, args, MctsSettings(ISMCTS_DEFAULTS))
