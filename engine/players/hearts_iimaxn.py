"""``iimaxn``: the II-Max_n Hearts player (Perkins' Bluto); passes like ``mcmaxn``, by simulation."""

from __future__ import annotations

from ..core.cards import Card
from ..hearts.rules import HeartsRules
from ..hearts.view import HeartsView
from ..search.hearts.iimaxn import IIMaxnOptions, IIMaxnSearch
from ..search.hearts.mcmaxn import MCMaxnResult
from .hearts_passing import PassOptions, SimulatedPasser
from .spec import PlayerSpecError

__all__ = ["IIMaxnHeartsPlayer", "from_spec"]


class IIMaxnHeartsPlayer:
    name = "iimaxn"

    def __init__(self, options: IIMaxnOptions | None = None, seed: int = 0) -> None:
        self.options = options if options is not None else IIMaxnOptions()
        self._seed = seed
        self._search: IIMaxnSearch | None = None
        self._passer: SimulatedPasser | None = None
        self.last: MCMaxnResult | None = None

    def choose_card(self, view: HeartsView) -> Card:
        if self._search is None or self._search.rules != view.rules:
            self._search = IIMaxnSearch(view.rules, self.options, self._seed)
        self.last = self._search.search(view)
        return self.last.best()

    def choose_pass(self, view: HeartsView) -> tuple[Card, Card, Card]:
        if self._passer is None or self._passer.rules != view.rules:
            self._passer = SimulatedPasser(view.rules, PassOptions(), self._seed + 1)
        return self._passer.choose(view)


def from_spec(args) -> IIMaxnHeartsPlayer:  # args: engine.players.spec.SpecArgs
    """Build from a registry spec: ``iimaxn:samples=10,threshold=0.1,seed=1``."""
    try:
        options = IIMaxnOptions(samples=args.get_int("samples", 10), void_threshold=args.get_float("threshold", 0.1))
    except ValueError as exc:
        raise PlayerSpecError(f"iimaxn: {exc}") from None
    return IIMaxnHeartsPlayer(options, seed=args.seed())
