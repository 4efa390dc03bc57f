"""``mcmaxn``: the MC-Max_n Hearts player (sampled worlds + Max_n), passing by simulation.

Shooting the moon and stopping it need no special rules: the solver's payoffs
and its evaluation include the moon, so a seat attempts it when enough sampled
worlds make it pay, and the others spoil it (take a heart) when it threatens.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card
from ..hearts.rules import HeartsRules
from ..hearts.view import HeartsView
from ..search.hearts.mcmaxn import MCMaxnOptions, MCMaxnResult, MCMaxnSearch
from ..solvers.hearts import SearchDepth
from .hearts_passing import PassOptions, SimulatedPasser
from .spec import PlayerSpecError

__all__ = ["MCMaxnHeartsPlayer", "MCMaxnSettings", "from_spec"]


@dataclass(frozen=True, slots=True)
class MCMaxnSettings:
    """The player's knobs as given in a spec (``mcmaxn:worlds=150,time=1,depth=2,lead=1,pass=12``)."""

    worlds: int = 150
    """150 as in Perkins' Sweetpea: against the rules player, 100 worlds gained 0.7 points per hand
    over 40 (paired, 200 deals); 300 gained nothing more.  The card median stays near 0.04 s."""
    time: float = 1.0
    depth: int = 2
    exact: int = 4
    lead_depth: int = 1
    pass_deals: int = 12
    pass_playout: bool = False
    paranoid: bool = False
    """``search=paranoid``: each world searched by the paranoid reduction (alpha-beta against the other
    three as one side) instead of Max_n; measured, not the default (see the closing notes of issue 7)."""

    def search_options(self) -> MCMaxnOptions:
        depth = SearchDepth(self.depth, self.exact, min(self.lead_depth, self.depth))
        return MCMaxnOptions(worlds=self.worlds, time_limit=self.time, depth=depth, paranoid=self.paranoid)


class MCMaxnHeartsPlayer:
    """Perkins' Sweetpea: plays the card with the fewest expected points over sampled worlds."""

    name = "mcmaxn"

    def __init__(self, settings: MCMaxnSettings | None = None, seed: int = 0, rules: HeartsRules | None = None) -> None:
        self.settings = settings if settings is not None else MCMaxnSettings()
        self._seed = seed
        self._rules = rules
        self._search: MCMaxnSearch | None = None
        self._passer: SimulatedPasser | None = None
        self.last: MCMaxnResult | None = None

    def _searcher(self, rules: HeartsRules) -> MCMaxnSearch:
        if self._search is None or self._search.rules != rules:
            self._search = MCMaxnSearch(rules, self.settings.search_options(), self._seed)
        return self._search

    def choose_card(self, view: HeartsView) -> Card:
        result = self._searcher(view.rules).search(view)
        self.last = result
        return result.best()

    def choose_pass(self, view: HeartsView) -> tuple[Card, Card, Card]:
        if self._passer is None or self._passer.rules != view.rules:
            options = PassOptions(deals=self.settings.pass_deals, playout=self.settings.pass_playout)
            self._passer = SimulatedPasser(view.rules, options, self._seed + 1)
        return self._passer.choose(view)


def _search_kind(text: str) -> bool:
    if text not in ("maxn", "paranoid"):
        raise PlayerSpecError(f"mcmaxn: search must be maxn or paranoid, got {text!r}")
    return text == "paranoid"


def _pass_eval(text: str) -> bool:
    if text not in ("search", "playout"):
        raise PlayerSpecError(f"mcmaxn: passeval must be search or playout, got {text!r}")
    return text == "playout"


def from_spec(args) -> MCMaxnHeartsPlayer:  # args: engine.players.spec.SpecArgs
    """Build from a registry spec: ``mcmaxn:worlds=150,time=1,depth=2,exact=4,lead=1,pass=12,seed=1``
    (``lead``: search depth in tricks when leading; ``pass``: deals simulated per pass;
    ``passeval=search|playout``: how a candidate pass is judged, see :mod:`.hearts_passing`;
    ``search=maxn|paranoid``: how each world is searched, see :class:`~engine.solvers.hearts.HeartsSolver`)."""
    defaults = MCMaxnSettings()
    settings = MCMaxnSettings(
        worlds=args.get_int("worlds", defaults.worlds),
        time=args.get_float("time", defaults.time),
        depth=args.get_int("depth", defaults.depth),
        exact=args.get_int("exact", defaults.exact),
        lead_depth=args.get_int("lead", defaults.lead_depth),
        pass_deals=args.get_int("pass", defaults.pass_deals),
        pass_playout=_pass_eval(args.get_text("passeval", "playout" if defaults.pass_playout else "search")),
        paranoid=_search_kind(args.get_text("search", "paranoid" if defaults.paranoid else "maxn")),
    )
    if (settings.worlds < 1 or settings.time <= 0 or not 1 <= settings.depth <= 13 or not 0 <= settings.exact <= 13
            or not 1 <= settings.lead_depth <= 13 or settings.pass_deals < 1):
        raise PlayerSpecError(
            f"mcmaxn needs worlds ≥ 1, time > 0, depth 1..13, exact 0..13, lead 1..13 and pass ≥ 1, got {settings}"
        )
    return MCMaxnHeartsPlayer(settings, seed=args.seed())
