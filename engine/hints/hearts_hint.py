"""Hearts hints: the recommended card, its expected points, and the reason in Hearts words.

The numbers come from :func:`engine.analysis.hearts.analyse_hearts` (MC-Max_n over
worlds sampled from the player's own knowledge).  The reasons are facts about the
card and the position, each named by a documented rule, checked in this order:

``sheds-queen``
    the card is the ♠Q played on a trick of another suit (the player is void in
    the suit led), so the trick's winner takes the 13 points.
``sheds-danger``
    a discard (void in the suit led) of the ♠A or ♠K while the ♠Q is still
    unseen, or of a heart above every unseen heart but one or more: a card that
    could later be forced to win points.
``ducks-safely``
    following suit below the card winning the trick: it cannot win this trick.
``wins-clean``
    the player is last to play, wins the trick with it, and the trick holds no
    points.
``voids-suit``
    it is the player's last card of its suit while other players still hold the
    suit: later leads of it let the player discard.
``keeps-exit``
    after it the player still holds an *exit*: a card lower than every unseen
    card of its suit (a lead of it can never win the trick), and the card
    played is not itself the player's only such card.
``blocks-moon``
    another player's moon chance is at least 5 points lower after this card than
    after the runner-up card.

The risk figures behind each hint are the analysis's: expected points of the
card and of the runner-up, the moon risk (another seat takes all 26) and the
player's own moon chance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

from ..analysis.hearts import CardAnalysis, HeartsAnalysis, analyse_hearts
from ..core.cards import SUIT_MASKS, SUIT_NAMES, SUIT_NAMES_SINGULAR, Card, card_str, card_symbol_str
from ..hearts.play import trick_winner_index
from ..hearts.scoring import HEARTS_MASK, QUEEN_OF_SPADES, cards_points
from ..hearts.view import HeartsPhase, HeartsView
from ..solvers.hearts import SearchDepth

__all__ = ["HeartsReason", "ReasonFinding", "HeartsHint", "hearts_hint", "hearts_hint_from_analysis", "hearts_reasons",
           "MOON_GAP"]

MOON_GAP = 0.05
"""How much lower (absolute) another seat's moon chance must be after the card to say it blocks a moon."""

_SEATS = ("North", "East", "South", "West")


class HeartsReason(Enum):
    SHEDS_QUEEN = "sheds the queen of spades"
    SHEDS_DANGER = "sheds a dangerous card"
    DUCKS_SAFELY = "ducks safely"
    WINS_CLEAN = "wins a trick without points"
    VOIDS_SUIT = "voids a suit for later"
    KEEPS_EXIT = "keeps an exit card"
    BLOCKS_MOON = "blocks a moon attempt"


@dataclass(frozen=True, slots=True)
class ReasonFinding:
    reason: HeartsReason
    phrase: str
    rule: str
    evidence: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"reason": self.reason.value, "phrase": self.phrase, "rule": self.rule,
                "evidence": {k: round(v, 6) for k, v in self.evidence.items()}}


@dataclass(frozen=True, slots=True)
class HeartsHint:
    """The hint: analysed cards best first (lowest expected points), the reasons for the best, the text."""

    seat: int
    best: Card
    cards: tuple[CardAnalysis, ...]
    reasons: tuple[ReasonFinding, ...]
    worlds: int
    text: str

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "best": card_str(self.best),
            "worlds": self.worlds,
            "candidates": [c.to_dict() for c in self.cards],
            "reasons": [r.to_json() for r in self.reasons],
            "text": self.text,
        }


def _sym(c: Card) -> str:
    return card_symbol_str(c)


def _desc(mask: int) -> list[Card]:
    return [c for c in range(51, -1, -1) if mask >> c & 1]


def hearts_reasons(view: HeartsView, analysis: HeartsAnalysis, card: Card | None = None) -> tuple[ReasonFinding, ...]:
    """The reasons the rules give for ``card`` (default: the analysis's best card)."""
    card = analysis.best if card is None else card
    value = next(v for v in analysis.cards if v.card == card)
    rival = next((v for v in analysis.cards if v.card != card), None)
    hand = view.hand.mask
    unseen = view.unseen.mask
    trick = view.current_cards
    current = view.current
    out: list[ReasonFinding] = []
    suit = card // 13
    led = trick[0] // 13 if trick else None
    evidence = {"expected_points": value.expected_points}
    if rival is not None:
        evidence["expected_points_runner_up"] = rival.expected_points
    winner_seat = None
    if trick and current is not None:
        winner_seat = current.leader.offset(trick_winner_index(trick))
    # sheds the queen / a dangerous card
    if led is not None and suit != led:
        if card == QUEEN_OF_SPADES:
            who = _SEATS[int(winner_seat)] if winner_seat is not None else "the winner"
            out.append(ReasonFinding(HeartsReason.SHEDS_QUEEN,
                                     f"sheds the ♠Q on {who}'s trick (you are void in {SUIT_NAMES[led]})",
                                     "sheds-queen", evidence))
        else:
            queen_out = bool(unseen >> QUEEN_OF_SPADES & 1)
            high_spade = suit == 0 and card > QUEEN_OF_SPADES and queen_out
            unseen_hearts = unseen & HEARTS_MASK
            high_heart = suit == 1 and unseen_hearts and card > max(_desc(unseen_hearts))
            if high_spade or high_heart:
                out.append(ReasonFinding(HeartsReason.SHEDS_DANGER,
                                         f"sheds the {_sym(card)}, a card that could later be forced to win "
                                         f"points (you are void in {SUIT_NAMES[led]})", "sheds-danger", evidence))
    # ducks / wins clean
    if led is not None and suit == led:
        top = max(c for c in trick if c // 13 == led)
        if card < top:
            out.append(ReasonFinding(HeartsReason.DUCKS_SAFELY,
                                     f"ducks under the {_sym(top)}: it cannot win this trick", "ducks-safely",
                                     evidence))
        elif len(trick) == 3 and cards_points(sum(1 << c for c in trick), view.rules) == 0:
            out.append(ReasonFinding(HeartsReason.WINS_CLEAN,
                                     f"wins the trick with the {_sym(card)} as last player, with no points in it",
                                     "wins-clean", evidence))
    # voids a suit
    if not (hand & ~(1 << card)) & SUIT_MASKS[suit] and unseen & SUIT_MASKS[suit]:
        out.append(ReasonFinding(HeartsReason.VOIDS_SUIT,
                                 f"plays your last {SUIT_NAMES_SINGULAR[suit]}: later {SUIT_NAMES[suit]} let you "
                                 f"discard", "voids-suit", evidence))
    # keeps an exit
    exits = []
    for s in range(4):
        mine = hand & SUIT_MASKS[s] & ~(1 << card)
        others = unseen & SUIT_MASKS[s]
        if mine and others:
            low = min(_desc(mine))
            if low < min(_desc(others)):
                exits.append(low)
    card_is_exit = (unseen & SUIT_MASKS[suit]) and card < min(_desc(unseen & SUIT_MASKS[suit]) or [52])
    if exits and not card_is_exit:
        names = " and ".join(f"the {_sym(c)}" for c in sorted(exits))
        out.append(ReasonFinding(HeartsReason.KEEPS_EXIT,
                                 f"keeps {names} as {'an exit card' if len(exits) == 1 else 'exit cards'} "
                                 f"(lower than every unseen card of {'its suit' if len(exits) == 1 else 'their suits'})",
                                 "keeps-exit", evidence))
    # blocks a moon
    if rival is not None and value.moon_risk <= rival.moon_risk - MOON_GAP:
        out.append(ReasonFinding(HeartsReason.BLOCKS_MOON,
                                 f"blocks a moon attempt: another player shoots the moon in "
                                 f"{100 * value.moon_risk:.0f}% of the deals after it, {100 * rival.moon_risk:.0f}% "
                                 f"after the {_sym(rival.card)}", "blocks-moon",
                                 {"moon_risk": value.moon_risk, "moon_risk_runner_up": rival.moon_risk}))
    return tuple(out)


def _text(view: HeartsView, analysis: HeartsAnalysis, reasons: tuple[ReasonFinding, ...]) -> str:
    best = analysis.cards[0]
    parts = [f"Play the {_sym(best.card)}"]
    if reasons:
        parts[0] += ": it " + "; it ".join(r.phrase for r in reasons[:3])
    parts[0] += "."
    figures = f"Expected points for you: {best.expected_points:.2f}"
    if len(analysis.cards) > 1:
        nxt = analysis.cards[1]
        figures += f" (next best, the {_sym(nxt.card)}: {nxt.expected_points:.2f})"
    figures += f"; another player shoots the moon in {100 * best.moon_risk:.0f}% of the deals"
    if best.moon_chance >= 0.005:
        figures += f", you do in {100 * best.moon_chance:.0f}%"
    parts.append(figures + ".")
    parts.append(f"Figures over {analysis.worlds} deals sampled from what you have seen.")
    return " ".join(parts)


def hearts_hint(view: HeartsView, *, worlds: int = 40, time_limit: float = 2.0, depth: SearchDepth | None = None,
                seed: int = 0) -> HeartsHint:
    """The hint for the seat to move in ``view`` (a playing view with legal cards)."""
    if view.phase is not HeartsPhase.PLAYING or not view.legal_cards:
        raise ValueError(f"seat {int(view.seat)} is not choosing a card to play")
    return hearts_hint_from_analysis(view, analyse_hearts(view, worlds=worlds, time_limit=time_limit, depth=depth,
                                                          seed=seed))


def hearts_hint_from_analysis(view: HeartsView, analysis: HeartsAnalysis) -> HeartsHint:
    """The hint of an analysis already made (the one the hints panel shows): its best card, its figures,
    the reasons for that card — one analysis behind the bars, the star and the words."""
    if view.phase is not HeartsPhase.PLAYING or not view.legal_cards:
        raise ValueError(f"seat {int(view.seat)} is not choosing a card to play")
    reasons = hearts_reasons(view, analysis)
    return HeartsHint(int(view.seat), analysis.best, analysis.cards, reasons, analysis.worlds,
                      _text(view, analysis, reasons))
