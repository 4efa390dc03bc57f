"""Post-mortem of a played deal: for each of the user's cards, the chance of making before and after,
and the cards that cost the most with the better card and its explanation.

The deal is replayed card by card.  At each decision of the user's side the
position is what that player could see (:func:`engine.bridge.view.view_for_turn`),
valued as a hint values it (:func:`.lines.line_values`: every card's chance with the
best line that starts with it, exact over every consistent layout when the position
allows, else estimated), never on the real deal.  ``p_before`` is the chance with
the best card, ``p_after`` the chance with the card played, both declarer's chance
of making the contract; ``cost`` is what
the user's side lost (declarer's side: ``p_before - p_after``; a defender:
``p_after - p_before`` in declarer's terms).  The double-dummy trick counts on the
real deal are given too (what a player who saw all hands would have made), like
a chess engine's evaluation next to its practical verdict.  The costliest cards
get the full hint of their decision (from the same analysis) as explanation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

import numpy as np

from ..bridge.contract import Contract, Vulnerability
from ..bridge.play import BridgePlay, BridgePlayError
from ..bridge.played import PlayedDeal
from ..bridge.view import deciding_seat, view_for_turn
from ..core.cancel import NEVER, CancelToken
from ..core.cards import FULL_MASK, Card, card_str, card_symbol_str
from ..core.deal import Deal
from ..core.seats import Seat
from ..formats.pbn_game import PbnGame
from ..solvers.oracle import DoubleDummyOracle
from ..solvers.solver_oracle import default_oracle
from ..worlds import KnowledgeError
from ..worlds.knowledge import OriginalHandConstraint
from .bridge_hint import hint_from_values
from .lines import HintBudget, line_values
from .model import BridgeHint
from .render import condition_phrase, pct
from .techniques import Technique, TechniqueFinding

__all__ = ["CardReview", "PlayReview", "PlayedDeal", "review_play", "review_played", "review_game", "ReviewError"]

EXPLAIN_SHARE = 0.9
"""Progress reported once every decision is valued: the explanations of the costly cards take the rest."""


class ReviewError(ValueError):
    """A game that cannot be reviewed; the message says what is missing or wrong."""


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card of the user's side.  ``ply`` counts the cards from the first of the deal (0-based) and
    ``trick`` the tricks from 1, both including the tricks played before the play reviewed; ``costly``
    marks the cards explained (the costliest, above the threshold)."""

    ply: int
    trick: int
    seat: Seat
    card: Card
    forced: bool
    p_before: float
    p_after: float
    cost: float
    better: Card | None  # a card that does better (None when the card played was among the best)
    worlds: int
    exact: bool
    dd_before: int  # declarer's side's total tricks double dummy on the real deal with best play from here
    dd_after: int  # ... after the card played
    explanation: str | None = None
    hint: BridgeHint | None = None
    costly: bool = False

    def text(self) -> str:
        """``"Trick 3  S ♠Q  75% → 40%  (♠K was better)"``: the card's line in a list of the review."""
        s = (f"Trick {self.trick}  {self.seat.letter} {card_symbol_str(self.card)}  "
             f"{self.p_before:.0%} → {self.p_after:.0%}")
        if self.forced:
            s += "  (forced)"
        elif self.better is not None and self.costly:
            s += f"  ({card_symbol_str(self.better)} was better)"
        return s

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "ply": self.ply, "trick": self.trick, "seat": self.seat.letter, "card": card_str(self.card),
            "forced": self.forced, "p_before": round(self.p_before, 6), "p_after": round(self.p_after, 6),
            "cost": round(self.cost, 6), "better": None if self.better is None else card_str(self.better),
            "worlds": self.worlds, "exact": self.exact, "dd_before": self.dd_before, "dd_after": self.dd_after,
            "explanation": self.explanation,
        }
        if self.hint is not None:
            out["hint"] = self.hint.to_json()
        return out


@dataclass(frozen=True, slots=True)
class PlayReview:
    """The review of one play: every card of the user's seats, the costly ones costliest first, and a
    summary.  ``first_trick`` is the trick (from 1) where the play reviewed starts."""

    contract: Contract
    declarer: Seat
    seats: tuple[Seat, ...]  # the user's seats whose cards were reviewed (declarer reviews dummy's too)
    needed: int  # tricks declarer's side needed in the play reviewed
    made: int  # tricks declarer's side took in it (so far, when the play is unfinished)
    lines: tuple[CardReview, ...]  # every card of the user's seats, in play order
    costly: tuple[CardReview, ...]
    summary: str
    first_trick: int = 1
    tricks_left: int = 0  # tricks not played (nor claimed): the play stopped before its end

    @property
    def costly_cards(self) -> frozenset[Card]:
        return frozenset(c.card for c in self.costly)

    @property
    def complete(self) -> bool:
        return self.tricks_left == 0

    def to_json(self) -> dict[str, object]:
        return {"contract": str(self.contract), "declarer": self.declarer.letter,
                "seats": [s.letter for s in self.seats], "needed": self.needed, "made": self.made,
                "complete": self.complete, "tricks_left": self.tricks_left,
                "cards": [c.to_json() for c in self.lines], "costly": [c.to_json() for c in self.costly],
                "summary": self.summary}


def _dd_actual(play: BridgePlay, oracle: DoubleDummyOracle, cancel: CancelToken) -> dict[Card, int]:
    """Declarer's side's tricks from the current trick's start, per legal card, on the real deal."""
    hands = [play.hand(s).mask for s in Seat]
    trick = play.current_trick
    for k, c in enumerate(trick.cards):
        hands[int(trick.leader.offset(k))] |= 1 << c
    out = np.asarray(oracle.batch_tricks_per_card(np.array([hands], dtype=np.uint64), int(play.strain),
                                                  int(trick.leader), trick.cards, cancel=cancel))[0]
    mover = play.to_play
    left = bin(hands[int(trick.leader)]).count("1")
    res = {}
    for c in play.legal_cards():
        v = int(out[c])
        res[c] = v if mover.same_side(play.declarer) else left - v
    return res


def review_play(
    deal: Deal,
    contract: Contract,
    declarer: Seat,
    cards: Sequence[Card],
    *,
    seats: Sequence[Seat] | None = None,
    vulnerability: Vulnerability = Vulnerability.NONE,
    leader: Seat | None = None,
    prior: tuple[int, int] = (0, 0),
    earlier_tricks: int = 0,
    worlds: int = 20,
    exact_limit: int = 500,
    seed: int = 0,
    max_moves: int = 1,
    top: int = 3,
    threshold: float = 0.05,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    claimed: int | None = None,
    constraints: Mapping[Seat, OriginalHandConstraint] | None = None,
) -> PlayReview:
    """Review ``cards`` (the play, in order) for the user's ``seats`` (default: declarer, whose
    decisions include dummy's cards).  ``prior``: tricks (declarer's side, defenders) won before an
    ending; ``constraints``: what the auction showed of each original hand (the worlds of every decision
    fit it, unless the cards seen contradict it: a misbid); ``leader``: who leads the first trick of the
    play (default: declarer's left-hand opponent);
    ``earlier_tricks``: tricks played before the play reviewed, counted in every trick and card number
    (and in the words) so that they match the whole deal's.  ``claimed``: the tricks a claim after the
    last card gave the declaring side (counted in what it took).  Progress goes to ``cancel``: one step
    per decision of the user, then the explanations."""
    oracle = oracle if oracle is not None else default_oracle()
    budget = HintBudget(exact_layouts=exact_limit, worlds=worlds, max_moves=max_moves, first_worlds=worlds,
                        time_limit=None)
    user = tuple(dict.fromkeys(Seat(s) for s in (seats or (declarer,))))
    for s in user:
        if s == declarer.partner:
            raise ReviewError(f"{s.name.title()} is dummy: declarer ({declarer.name.title()}) plays dummy's cards; "
                              f"review declarer instead")
    play = BridgePlay(deal, contract, declarer, vulnerability, leader=leader, prior_declarer_tricks=prior[0],
                      prior_defender_tricks=prior[1])
    out_of_play = FULL_MASK & ~deal.cards.mask
    rng = random.Random(seed)
    needed = contract.tricks_needed - prior[0]
    decisions = _decisions(play, cards, user)
    first_ply = 4 * earlier_tricks
    reviews: list[CardReview] = []
    positions = {}
    for ply, card in enumerate(cards):
        cancel.check("the review was cancelled")
        if play.is_complete:
            raise ReviewError(f"card {ply + 1} ({card_str(card)}) is played after the end of the play")
        chooser = deciding_seat(play)
        if chooser in user:
            if card not in play.legal_cards():
                raise ReviewError(f"card {ply + 1}: {card_str(card)} is not a legal card for "
                                  f"{play.to_play.name.title()} here")
            cancel.report(EXPLAIN_SHARE * len(reviews) / max(1, decisions),
                          f"review: card {len(reviews) + 1} of {decisions}")
            view = view_for_turn(play)
            # an ending's earlier cards are out of play, not in anyone's original hand: no auction there
            shown = None if earlier_tricks else {s: c for s, c in (constraints or {}).items() if s != view.seat} or None
            try:
                values = line_values(view, budget, rng=rng, constraints=shown, out_of_play=out_of_play, oracle=oracle,
                                     cancel=cancel, value_forced=True)
            except KnowledgeError:
                if shown is None:
                    raise
                # the cards seen contradict what the auction said (a misbid): the play alone
                values = line_values(view, budget, rng=rng, out_of_play=out_of_play, oracle=oracle, cancel=cancel,
                                     value_forced=True)
            runs = values.runs
            rep = {c: run[0] for run in runs for c in run}
            p = {c: values.make[rep[c]] for run in runs for c in run}
            declaring = play.to_play.same_side(declarer)
            sign = 1.0 if declaring else -1.0
            best_card = max(p, key=lambda c: (sign * round(p[c], 9), -(c % 13)))
            p_before, p_after = p[best_card], p[card]
            cost = max(0.0, sign * (p_before - p_after))
            dd = _dd_actual(play, oracle, cancel)
            offset = play.declarer_tricks
            best_dd = max(dd.values()) if declaring else min(dd.values())
            reviews.append(CardReview(first_ply + ply, earlier_tricks + len(play.tricks) + 1, play.to_play, card,
                                      len(runs) == 1, p_before, p_after, cost, best_card if cost > 1e-9 else None,
                                      values.worlds, values.exact, offset + best_dd, offset + dd[card]))
            positions[first_ply + ply] = values
        play.play(card)
    if claimed is not None and not play.is_complete:
        play.claim(claimed)
    claim = play.claim_record
    made = play.declarer_tricks - prior[0] + (claim.declarer_side_tricks if claim is not None else 0)
    ranked = sorted((r for r in reviews if r.cost >= threshold), key=lambda r: (-r.cost, r.ply))[:top]
    explained = {}
    for i, r in enumerate(ranked):
        cancel.report(EXPLAIN_SHARE + (1 - EXPLAIN_SHARE) * i / len(ranked), "review: explaining the costly cards")
        values = positions[r.ply]
        hint = hint_from_values(values, max_candidates=len(values.runs))
        explained[r.ply] = (hint, _explain(hint, r))
    final = tuple(replace(r, explanation=explained[r.ply][1], hint=explained[r.ply][0], costly=True)
                  if r.ply in explained else r for r in reviews)
    costly = tuple(sorted((r for r in final if r.costly), key=lambda r: (-r.cost, r.ply)))
    by_claim = None if claim is None else (claim.declarer_side_tricks, claim.remaining_tricks)
    left = 0 if play.is_complete or claim is not None else play.remaining_tricks
    return PlayReview(contract, declarer, user, needed, made, final, costly,
                      _summary(contract, needed, made, costly, by_claim, left), earlier_tricks + 1, left)


def _decisions(play: BridgePlay, cards: Sequence[Card], user: tuple[Seat, ...]) -> int:
    """How many of ``cards`` the user's seats choose (the review's steps of progress)."""
    replay = play.copy()
    count = 0
    for card in cards:
        if replay.is_complete:
            break
        count += deciding_seat(replay) in user
        try:
            replay.play(card)
        except BridgePlayError:  # the review itself reports the bad card, with its number
            break
    return count


def _explain(hint: BridgeHint, r: CardReview) -> str:
    """The better card with its technique and condition, then the card played with its own."""
    best = hint.candidates[0]
    played = hint.candidate(r.card)
    s = f"Trick {r.trick}: the {card_symbol_str(best.card)} was better than your {card_symbol_str(r.card)}"
    if best.techniques:
        s += f" — {missed_words(best.techniques[0], best.card)}"
    s += f": {pct(best.p_make)} against {pct(played.p_make)}."
    if best.condition is not None and not best.condition.rule.is_always:
        s += f" The {card_symbol_str(best.card)} makes {condition_phrase(best.condition)}"
    elif best.condition is not None:
        s += f" The {card_symbol_str(best.card)} makes in every deal"
    if played.condition is not None:
        s += f"; the {card_symbol_str(r.card)} {condition_phrase(played.condition)}" \
            if not played.condition.rule.is_never else f"; the {card_symbol_str(r.card)} in no deal"
    if played.loses is not None and played.loses.rule.is_always:
        s += ". You lost in every deal"
    elif played.loses is not None:
        s += f". You lost the deals where {played.loses.rule.text()}" if played.loses.exact and \
            not played.loses.negated else ""
    return s + "."


def missed_words(found: TechniqueFinding, card: Card) -> str:
    """What the better card would have done, named by its technique ("the ♥2 would have thrown West in")."""
    c = card_symbol_str(card)
    who = found.seat.name.title() if found.seat is not None else None
    t = found.technique
    if t is Technique.THROW_IN and who:
        why = found.phrase.split(": ", 1)
        return f"the {c} would have thrown {who} in" + (f": {why[1]}" if len(why) == 2 else "")
    if t is Technique.SQUEEZE and who:
        return f"its line would have squeezed {who} ({found.phrase})"
    if t is Technique.RECTIFY_COUNT and who:
        return f"giving up the trick with the {c} would have rectified the count for a squeeze on {who}"
    if t in (Technique.HOLD_UP, Technique.DEFENSIVE_HOLD_UP) and found.cards:
        return f"the {c} would have held up the {card_symbol_str(found.cards[0])}"
    return f"the {c} would have been the {t.value} ({found.phrase})"


def _outcome(contract: Contract, needed: int, made: int, left: int, by_claim: tuple[int, int] | None) -> str:
    """What happened: made or down (with the tricks a claim gave), or, for a play that stops before its
    end, how it stands."""
    if not left:
        verdict = "made" if made >= needed else f"went down {needed - made}"
        claim = "" if by_claim is None else f", {by_claim[0]} of them by a claim of the last {by_claim[1]}"
        return f"{contract}: declarer's side needed {needed} tricks in this play and took {made}{claim} ({verdict})."
    stands = ("the contract is already made" if made >= needed else
              "the contract can no longer be made" if made + left < needed else
              f"{needed - made} more of the last {left} are needed")
    return (f"{contract}: the play stops with {left} trick{'s' if left > 1 else ''} still to play; declarer's side "
            f"needed {needed} tricks and has taken {made} so far ({stands}).")


def _summary(contract: Contract, needed: int, made: int, costly: tuple[CardReview, ...],
             by_claim: tuple[int, int] | None = None, left: int = 0) -> str:
    parts = [_outcome(contract, needed, made, left, by_claim)]
    if not costly:
        parts.append("No card of yours lowered the chance of making by 5 points or more.")
    for r in costly:
        parts.append(f"Trick {r.trick}, the {card_symbol_str(r.card)}: chance of making {pct(r.p_before)} before, "
                     f"{pct(r.p_after)} after (the {card_symbol_str(r.better)} kept {pct(r.p_before)})."  # type: ignore[arg-type]
                     if r.better is not None else "")
    return " ".join(p for p in parts if p)


def review_played(
    played: PlayedDeal,
    *,
    first_trick: int = 1,
    oracle: DoubleDummyOracle | None = None,
    cancel: CancelToken = NEVER,
    **options: object,
) -> PlayReview:
    """Review the user's cards of a played deal from trick ``first_trick`` on (1: the whole play).

    A later start reviews the rest as an ending: the earlier tricks are out of play and credited to
    the side that won them, and the worlds know which cards are gone but not who showed out of a suit
    earlier.  Plies and tricks are numbered from the start of the deal, in the lines and in the words.
    When the play ended before ``first_trick``, its last trick is reviewed.  ``options``: how hard the
    review searches, as :func:`review_play` takes them (``worlds``, ``exact_limit``, ``seed``,
    ``max_moves``, ``top``, ``threshold``, ``constraints`` — the auction's, unused for an ending)."""
    offset = 4 * (max(1, first_trick) - 1)
    if offset >= len(played.cards):
        offset = 4 * ((max(0, len(played.cards) - 1)) // 4)
    play = played.replay(offset)
    deal = Deal(tuple(play.hand(s) for s in Seat)) if offset else played.deal  # type: ignore[arg-type]
    return review_play(deal, played.contract, played.declarer, played.cards[offset:], seats=(played.seat,),
                       vulnerability=played.vulnerability, leader=play.to_play,
                       prior=(play.declarer_tricks, play.defender_tricks), earlier_tricks=offset // 4,
                       oracle=oracle, cancel=cancel, claimed=played.claimed, **options)  # type: ignore[arg-type]


def review_game(game: PbnGame, *, seat: Seat | None = None, prior_declarer_tricks: int | None = None,
                **options: object) -> PlayReview:
    """Review a PBN game's play record for ``seat`` (default: declarer).  For an ending (a deal with
    fewer than 13 cards per hand) ``prior_declarer_tricks`` says how many tricks declarer's side had
    already won (the defenders won the rest)."""
    if game.deal is None or game.contract is None or not isinstance(game.contract, Contract):
        raise ReviewError("the game needs a deal and a contract to be reviewed")
    if game.declarer is None:
        raise ReviewError("the game has no declarer")
    if game.play is None or not game.play.tricks:
        raise ReviewError("the game has no play record to review")
    deal = game.deal
    sizes = deal.hand_sizes()
    if len(set(sizes)) != 1 or sizes[0] == 0:
        raise ReviewError(f"every hand must be known and of equal size to replay the play (sizes "
                          f"{', '.join(f'{s.letter}={n}' for s, n in zip(Seat, sizes))})")
    prior = (0, 0)
    if sizes[0] < 13:
        if prior_declarer_tricks is None:
            raise ReviewError(f"the deal is an ending with {sizes[0]} cards per hand: give the tricks declarer's "
                              f"side had already won (--prior-tricks)")
        earlier = 13 - sizes[0]
        if not 0 <= prior_declarer_tricks <= earlier:
            raise ReviewError(f"prior tricks {prior_declarer_tricks} out of range 0..{earlier}")
        prior = (prior_declarer_tricks, earlier - prior_declarer_tricks)
    elif prior_declarer_tricks:
        raise ReviewError(f"prior tricks {prior_declarer_tricks} given, but the deal is complete (not an ending)")
    return review_play(deal, game.contract, game.declarer, game.play.cards,
                       seats=None if seat is None else (seat,),
                       vulnerability=game.vulnerable or Vulnerability.NONE, leader=game.play.opening_leader,
                       prior=prior, **options)  # type: ignore[arg-type]
