"""Naming the technique behind a card: finesse, drop, duck, hold-up, ruff, safety play, ...

A name is given only when a documented rule fires.  Each rule reads the
position (who plays, the trick so far, the seen hands, the unseen cards) and,
where the name is a claim about *why* the card works, the worlds: a finesse is
named only if the card makes clearly more often when the finessed honour is
with the defender it is taken through.  The rules, in the order tried:

``ruff``
    trumps, a side suit led, the mover is void in it and plays a trump
    (RUFF_IN_DUMMY when the mover is dummy).
``ruffing-finesse``
    trumps, the mover leads a side-suit card beaten only by one or two unseen
    honours ``H``, the partner is void in the suit and holds trumps, the
    mover's other cards of the suit win once ``H`` is ruffed out, and the card
    makes at least 20 points more often when the defender on the mover's left
    holds the lowest of ``H`` than when the other defender does.
``lead-to-ruff``
    otherwise, the same lead of a card that unseen cards outrank, to the void
    partner with trumps, when αμ's plan (if known) answers second hand's low
    card with a trump (RUFF_IN_DUMMY when the partner is dummy).
``finesse`` (lead)
    the mover leads an honour (ten or higher) with unseen cards between it and
    the partner's next higher card, and the card makes at least 20 points more
    often with one of them held by the defender on the mover's left than by
    the other one (DOUBLE_FINESSE with two such cards).  A low lead is a
    finesse (or a DUCK) when αμ's plan answers second hand's low card with a
    card the third-hand rules below call so.
``hold-up`` / ``duck``
    the mover follows suit with a card that does not beat the card winning the
    trick (a defender's), while holding one that does, and no later card of
    the side can win it: HOLD_UP when a defender led the suit, DUCK when the
    side led it.
``finesse`` (third hand)
    partner led, second hand played: the card beats the table but unseen
    cards rank above it.  The finessed cards are the unseen ones between it
    (with its equivalent cards) and the mover's top card of the suit (all
    unseen higher cards if the mover holds nothing higher: LEAD_TOWARD_HONOUR).
    Named only when the card makes at least 20 points more often with one of
    them held by second hand than by fourth hand.  Two finessed cards:
    DOUBLE_FINESSE.  TWO_WAY_FINESSE when the partner too holds a card above
    the honour and one in the side's run just below it.
``drop``
    the card is a sure winner of its suit, an unseen honour ``h`` has a side
    card just below it (``h`` falling promotes it), and the card makes at least
    20 points more often when ``h``'s holder is short (at most 1, 2 or 3 cards),
    also among the deals where a given defender holds ``h`` whenever both
    lengths occur there (else the card plays on ``h``'s location, not its fall).
``draw-trumps`` / ``cash``
    a sure winner: leading a top trump while the defenders hold trumps draws
    them; otherwise the card cashes a winner.
``establish``
    added (as the main name, or after DUCK/CASH) when the side holds at least
    seven cards of the suit and the success condition is about how the suit
    splits or a defender's length in it.

Two names come from comparing candidates:

``safety-play`` (:func:`safety_play`)
    the recommended card makes the contract more often than the card with the
    best chance of an overtrick, and gives up at least 10 points of overtrick
    chance to it (:data:`MIN_SAFETY_COST`).
``entry-unblock`` / ``entry-keep`` (:func:`entry_management`)
    of two cards of one suit the better one is the higher card played from the
    shorter hand (unblocking, or overtaking partner's winner; with equal lengths,
    when partner then holds the suit's top card), or the lower
    card that lets partner's card win the trick.
``restricted-choice`` (:func:`restricted_choice`)
    on top of a finesse through X: X's partner played, earlier, an honour equal
    to the one finessed against, and the deals (weighted by restricted choice)
    put that honour with X more often than not.

The defence's techniques (cash-out, second hand low, hold-up, third hand high,
unblock, ruff) are in :func:`defence_techniques`; the techniques of a whole
line (squeeze, rectifying the count, throw-in and elimination, loser on loser,
combining chances, cross to finesse, trump control, avoidance) are read from
the analysis's strategy walked in every deal, in :mod:`.line_techniques`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping, Sequence

import numpy as np

from ..core.cards import RANK_CHARS, SUIT_MASKS, SUIT_NAMES, Card, card_symbol_str
from ..core.seats import Seat
from .conditions import Condition, FeatureKind
from .decision import Decision

__all__ = ["Technique", "TechniqueFinding", "detect_techniques", "safety_play", "entry_management", "holding_text", "EVIDENCE_GAP"]

EVIDENCE_GAP = 0.2
"""How much more often (absolute) a card must make with the honour on the right side to be named a finesse/drop."""



class Technique(Enum):
    FINESSE = "finesse"
    DOUBLE_FINESSE = "double finesse"
    TWO_WAY_FINESSE = "two-way finesse"
    RUFFING_FINESSE = "ruffing finesse"
    LEAD_TOWARD_HONOUR = "lead toward an honour"
    DROP = "drop"
    DUCK = "duck"
    HOLD_UP = "hold-up"
    RUFF = "ruff"
    RUFF_IN_DUMMY = "ruff in dummy"
    DRAW_TRUMPS = "draw trumps"
    CASH_WINNERS = "cashing winners"
    ESTABLISH_LONG_SUIT = "establishing a long suit"
    SAFETY_PLAY = "safety play"
    ENTRY_MANAGEMENT = "entry management"
    # read from the line (the analysis's strategy walked in every deal: :mod:`.line_techniques`)
    SQUEEZE = "simple squeeze"
    RECTIFY_COUNT = "rectifying the count"
    THROW_IN = "throw-in"
    LOSER_ON_LOSER = "loser on loser"
    COMBINING_CHANCES = "combining chances"
    CROSS_TO_FINESSE = "cross to finesse"
    RESTRICTED_CHOICE = "restricted choice"
    TRUMP_CONTROL = "trump control"
    AVOIDANCE = "avoidance"
    # the defence's techniques
    SECOND_HAND_LOW = "second hand low"
    THIRD_HAND_HIGH = "third hand high"
    CASH_OUT = "cash-out"
    DEFENSIVE_HOLD_UP = "defender's hold-up"
    DEFENSIVE_RUFF = "defender's ruff"
    DEFENSIVE_UNBLOCK = "defender's unblock"


@dataclass(frozen=True, slots=True)
class TechniqueFinding:
    """A named technique for one card, the phrase in bridge words, the rule that fired and its numbers."""

    technique: Technique
    phrase: str
    rule: str
    evidence: Mapping[str, float] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()  # the honours concerned (finessed against, hoped to drop, ...)
    seat: Seat | None = None  # the defender a finesse is taken through

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"technique": self.technique.value, "phrase": self.phrase, "rule": self.rule,
                                  "evidence": {k: round(v, 6) for k, v in self.evidence.items()}}
        if self.cards:
            out["cards"] = [card_symbol_str(c) for c in self.cards]
        if self.seat is not None:
            out["seat"] = self.seat.letter
        return out


def _name(seat: Seat) -> str:
    return seat.name.title()


def _sym(card: Card) -> str:
    return card_symbol_str(card)


def _and(cards: Sequence[Card]) -> str:
    names = [f"the {_sym(c)}" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _conditional(decision: Decision, outcome: np.ndarray, card: Card, seat: Seat) -> float | None:
    """P(outcome | ``seat`` holds ``card``) over the worlds (None if no world has it there)."""
    worlds = decision.position.worlds
    w = np.asarray(decision.position.weights, dtype=float)
    has = ((worlds[:, int(seat)] >> np.uint64(card)) & np.uint64(1)).astype(bool)
    total = w[has].sum()
    if total <= 0:
        return None
    return float(w[has & outcome].sum() / total)


def _location_evidence(decision: Decision, outcome: np.ndarray, honours: Sequence[Card], through: Seat,
                       other: Seat) -> tuple[dict[str, float], bool]:
    """P(make | honour with ``through``) and P(make | honour with ``other``) for each honour; fires if
    some honour shows a gap of at least :data:`EVIDENCE_GAP`."""
    ev: dict[str, float] = {}
    fired = False
    for h in honours:
        a = _conditional(decision, outcome, h, through)
        b = _conditional(decision, outcome, h, other)
        if a is not None:
            ev[f"p_if_{through.letter}_holds_{_sym(h)}"] = a
        if b is not None:
            ev[f"p_if_{other.letter}_holds_{_sym(h)}"] = b
        if a is not None and (b is None or a - b >= EVIDENCE_GAP):
            fired = True
    return ev, fired


def _short_evidence(decision: Decision, outcome: np.ndarray, honour: Card) -> tuple[dict[str, float], bool]:
    """P(make | the honour's holder has at most k cards of the suit) against the rest, k = 1..3."""
    worlds = decision.position.worlds
    w = np.asarray(decision.position.weights, dtype=float)
    mask = np.uint64(SUIT_MASKS[honour // 13])
    bit = np.uint64(1) << np.uint64(honour)
    length = np.zeros(len(w), dtype=np.int64)
    for s in decision.hidden:
        col = worlds[:, int(s)]
        held = (col & bit) != 0
        length = np.where(held, np.bitwise_count(col & mask), length)
    ev: dict[str, float] = {}
    fired = False
    for k in (1, 2, 3):
        short = length <= k
        if not short.any() or short.all():
            continue
        a = float(w[short & outcome].sum() / w[short].sum())
        b = float(w[~short & outcome].sum() / w[~short].sum())
        ev[f"p_if_{_sym(honour)}_falls_in_{k}"] = a
        ev[f"p_otherwise_{k}"] = b
        if a - b < EVIDENCE_GAP:
            continue
        # The length must matter for a given holder too: a card that makes whenever one defender holds
        # the honour, short or long, is playing on its location (a later finesse), not for a drop.
        consistent = True
        for s in decision.hidden:
            held = ((worlds[:, int(s)] & bit) != 0)
            hs, hl = held & short, held & ~short
            if w[hs].sum() > 0 and w[hl].sum() > 0:
                gap = w[hs & outcome].sum() / w[hs].sum() - w[hl & outcome].sum() / w[hl].sum()
                if gap < EVIDENCE_GAP:
                    consistent = False
        if consistent:
            fired = True
    return ev, fired


def _gives_up_trick(decision: Decision, card: Card) -> tuple[bool, Card | None]:
    """(the card lets a defender's card keep the trick although the mover could beat it, the mover's
    card that would have won)."""
    win = decision.winning()
    if win is None or win[0].same_side(decision.mover):
        return False, None
    if decision.beats(card, win[1]):
        return False, None
    led = decision.led_suit
    hand = decision.hand(decision.mover)
    if led is None or card // 13 != led:
        return False, None  # a discard (or a ruff) is not a duck: ducking is following low in the suit led
    options = hand & SUIT_MASKS[led]
    winners = [c for c in range(51, -1, -1) if options >> c & 1 and decision.beats(c, win[1])]
    if not winners:
        return False, None
    partner = decision.partner
    if partner in decision.later_seats():
        if not decision.seen(partner):
            return False, None
        p_hand = decision.hand(partner)
        p_follow = p_hand & SUIT_MASKS[led] if led is not None else 0
        p_options = p_follow if p_follow else p_hand
        if any(p_options >> c & 1 and decision.beats(c, win[1]) for c in range(52)):
            return False, None  # partner could still win it
    return True, winners[-1]


def _condition_about_suit(condition: Condition | None, suit: int, kinds: Sequence[FeatureKind]) -> bool:
    return condition is not None and any(f.suit == suit and f.kind in kinds for f in condition.rule.features)


def _establish(decision: Decision, card: Card, condition: Condition | None) -> TechniqueFinding | None:
    s = card // 13
    if s == decision.trump or not decision.seen(decision.partner):
        return None
    side = decision.side_in(s).bit_count() + sum(1 for k, c in enumerate(decision.trick)
                                                  if c // 13 == s and decision.seat_at(k).same_side(decision.mover))
    if side < 7 or not _condition_about_suit(condition, s, (FeatureKind.SPLIT, FeatureKind.LENGTH)):
        return None
    return TechniqueFinding(Technique.ESTABLISH_LONG_SUIT, f"establish the long {SUIT_NAMES[s]}",
                            "establish", {"side_cards": float(side)})


def _third_hand_finesse(decision: Decision, card: Card, outcome: np.ndarray, second: Seat, fourth: Seat,
                        mover: Seat, holder: int) -> TechniqueFinding | None:
    """The third-hand rule for ``card`` played by ``mover`` (whose cards are ``holder``)."""
    above = decision.unseen_above(card)
    if not above:
        return None
    s = card // 13
    run = set(decision.run_of(card, holder))
    higher = [c for c in range(card + 1, 13 * s + 13) if holder >> c & 1 and c not in run]
    if higher:  # a tenace: the unseen cards between the card and the mover's top card are finessed against
        finessed = [c for c in above if c < max(higher)]
    else:
        finessed = list(above)
    if not finessed:
        return None
    ev, fired = _location_evidence(decision, outcome, finessed, second, fourth)
    if not fired:
        return None
    if not higher:
        return TechniqueFinding(Technique.LEAD_TOWARD_HONOUR,
                                f"play the {_sym(card)}, hoping {_name(second)} holds {_and(finessed)}",
                                "finesse", ev, tuple(finessed), second)
    if len(finessed) >= 2:
        return TechniqueFinding(Technique.DOUBLE_FINESSE,
                                f"finesse the {_sym(card)} against {_and(finessed)} (through {_name(second)})",
                                "finesse", ev, tuple(finessed), second)
    h = finessed[0]
    partner = mover.partner
    if decision.seen(partner):
        p_hand = decision.hand(partner) & SUIT_MASKS[s]
        side = (holder | p_hand) & SUIT_MASKS[s]
        side_run_below_h = [c for c in decision.run_below(h, side)]
        if any(p_hand >> c & 1 for c in range(h + 1, 13 * s + 13)) and any(p_hand >> c & 1 for c in side_run_below_h):
            return TechniqueFinding(Technique.TWO_WAY_FINESSE,
                                    f"two-way finesse for the {_sym(h)}: finesse the {_sym(card)} through "
                                    f"{_name(second)}", "finesse", ev, (h,), second)
    return TechniqueFinding(Technique.FINESSE, f"finesse the {_sym(card)} against the {_sym(h)} "
                                               f"(through {_name(second)})", "finesse", ev, (h,), second)


def _structural(decision: Decision, card: Card, outcome: np.ndarray, replies: Mapping[tuple[Card, ...], Card],
                condition: Condition | None) -> list[TechniqueFinding]:
    mover, partner = decision.mover, decision.partner
    trump = decision.trump
    s = card // 13
    trick = decision.trick
    hand = decision.hand(mover)
    out: list[TechniqueFinding] = []
    partner_seen = decision.seen(partner)
    p_hand = decision.hand(partner) if partner_seen else 0

    # ruff
    led = decision.led_suit
    if trump is not None and trick and led != trump and s == trump and not hand & SUIT_MASKS[led]:  # type: ignore[index]
        kind = Technique.RUFF_IN_DUMMY if mover == decision.dummy else Technique.RUFF
        where = "in dummy" if mover == decision.dummy else f"in {_name(mover)}'s hand"
        return [TechniqueFinding(kind, f"ruff {where} with the {_sym(card)}", "ruff")]

    if not trick:
        second, fourth = mover.lho, mover.rho
        partner_void = partner_seen and not p_hand & SUIT_MASKS[s]
        partner_trumps = trump is not None and bool(p_hand & SUIT_MASKS[trump])
        low_reply = _reply_to_low(decision, replies, card)
        # ruffing finesse
        if trump is not None and s != trump and partner_void and partner_trumps:
            above = decision.unseen_above(card)
            rest = [u for u in range(13 * s, 13 * s + 13) if decision.unseen >> u & 1 and u not in above]
            # once the honours above are ruffed out, the mover's other cards of the suit are winners
            promoted = [c for c in range(13 * s, 13 * s + 13) if hand >> c & 1 and c != card
                        and all(u < c for u in rest)]
            if above and len(above) <= 2 and promoted:
                ev, fired = _location_evidence(decision, outcome, above[-1:], second, fourth)
                if fired:
                    return [TechniqueFinding(Technique.RUFFING_FINESSE,
                                             f"lead the {_sym(card)} for a ruffing finesse against "
                                             f"{_and(above)} (through {_name(second)})", "ruffing-finesse", ev,
                                             tuple(above), second)]
            if above and (low_reply is None or (low_reply // 13 == trump)):
                kind = Technique.RUFF_IN_DUMMY if partner == decision.dummy else Technique.RUFF
                where = "in dummy" if partner == decision.dummy else f"in {_name(partner)}'s hand"
                return [TechniqueFinding(kind, f"lead the {_sym(card)} to ruff it {where}", "lead-to-ruff")]
        # finesse by leading an honour
        above = decision.unseen_above(card)
        if above and partner_seen:
            p_suit = p_hand & SUIT_MASKS[s]
            higher = [c for c in range(card + 1, 13 * s + 13) if p_suit >> c & 1]
            if higher and card % 13 >= 8:
                finessed = [c for c in above if c < min(higher)]
                if finessed:
                    ev, fired = _location_evidence(decision, outcome, finessed, second, fourth)
                    if fired:
                        kind = Technique.FINESSE if len(finessed) == 1 else Technique.DOUBLE_FINESSE
                        return [TechniqueFinding(kind, f"lead the {_sym(card)} to finesse against "
                                                       f"{_and(finessed)} (through {_name(second)})", "finesse", ev,
                                                 tuple(finessed), second)]
        # the plan: what partner does after second hand's low card
        if low_reply is not None and partner_seen:
            d = _low_second_card(decision, replies, card)
            p_holder = p_hand
            if low_reply // 13 == s and d is not None:
                hyp = _after(decision, (card, d))
                if hyp.wins_now(low_reply):
                    found = _third_hand_finesse(hyp, low_reply, outcome, second, fourth, partner, p_holder)
                    if found is not None:
                        lead_words = f"lead the {_sym(card)} toward {_name(partner)}'s " \
                                     f"{holding_text(p_hand & SUIT_MASKS[s])} and "
                        return [TechniqueFinding(found.technique, lead_words + found.phrase, found.rule, found.evidence,
                                                 found.cards, found.seat)]
                else:
                    gives, _ = _gives_up_trick(hyp, low_reply)
                    if gives:
                        out.append(TechniqueFinding(Technique.DUCK, f"lead the {_sym(card)} and duck in both hands",
                                                    "duck"))
                        est = _establish(decision, card, condition)
                        return out + ([est] if est else [])
    else:
        gives, winner = _gives_up_trick(decision, card)
        if gives and winner is not None:
            defender_led = not decision.leader.same_side(mover)
            if defender_led:
                out.append(TechniqueFinding(Technique.HOLD_UP, f"hold up the {_sym(winner)}",
                                            "hold-up", {}, (winner,)))
                return out
            out.append(TechniqueFinding(Technique.DUCK, f"duck, keeping the {_sym(winner)}",
                                        "duck", {}, (winner,)))
            est = _establish(decision, card, condition)
            return out + ([est] if est else [])
        # third hand: partner led, second hand played, fourth still to come
        if len(trick) == 2 and decision.leader == partner and led == s and decision.wins_now(card):
            found = _third_hand_finesse(decision, card, outcome, decision.seat_at(1), decision.seat_at(3), mover, hand)
            if found is not None:
                return [found]

    # drop / draw trumps / cash
    if decision.sure_winner(card) or (decision.is_top(card) and decision.wins_now(card)):
        side = decision.side_in(s)
        for h in sorted(c for c in range(13 * s, 13 * s + 13) if decision.unseen >> c & 1)[::-1]:
            promoted = [c for c in range(13 * s, h) if side >> c & 1]
            below_unseen = [c for c in range(13 * s, h) if decision.unseen >> c & 1]
            if promoted and (not below_unseen or max(promoted) > max(below_unseen)):
                ev, fired = _short_evidence(decision, outcome, h)
                if fired:
                    return [TechniqueFinding(Technique.DROP, f"play the {_sym(card)} for the drop of the {_sym(h)}",
                                             "drop", ev, (h,))]
            break  # only the highest unseen honour can drop usefully
        est = _establish(decision, card, condition)
        if not trick and s == trump and decision.unseen_in(s):
            out.append(TechniqueFinding(Technique.DRAW_TRUMPS, f"draw trumps with the {_sym(card)}", "draw-trumps"))
        elif est is not None:
            out.append(est)
            out.append(TechniqueFinding(Technique.CASH_WINNERS, f"cash the {_sym(card)}", "cash"))
        else:
            out.append(TechniqueFinding(Technique.CASH_WINNERS, f"cash the {_sym(card)}", "cash"))
        return out
    est = _establish(decision, card, condition)
    return [est] if est is not None else []


def holding_text(mask: int) -> str:
    """'♠AQ' for a holding (a suit's cards of one hand)."""
    cards = [c for c in range(51, -1, -1) if mask >> c & 1]
    if not cards:
        return "void"
    return "♠♥♦♣"[cards[0] // 13] + "".join(RANK_CHARS[c % 13] for c in cards)


def _low_second_card(decision: Decision, replies: Mapping[tuple[Card, ...], Card], card: Card) -> Card | None:
    """Second hand's lowest card of the suit among the plan's keys (a 'low' card: below the lead's suit
    winners), or None."""
    s = card // 13
    keys = [k[0] for k in replies if len(k) == 1 and k[0] // 13 == s]
    return min(keys) if keys else None


def _reply_to_low(decision: Decision, replies: Mapping[tuple[Card, ...], Card], card: Card) -> Card | None:
    d = _low_second_card(decision, replies, card)
    return None if d is None else replies.get((d,))


def _after(decision: Decision, trick: tuple[Card, ...]) -> Decision:
    """The same decision seen after more cards of this trick (hands unchanged: they are trick-start hands)."""
    from dataclasses import replace

    position = replace(decision.position, trick=trick)
    unseen = decision.unseen & ~sum(1 << c for c in trick)
    return Decision(position, decision.hidden, decision.start, unseen)


def detect_techniques(decision: Decision, card: Card, outcome: np.ndarray,
                      replies: Mapping[tuple[Card, ...], Card] | None = None,
                      condition: Condition | None = None) -> tuple[TechniqueFinding, ...]:
    """The techniques the rules name for ``card`` (main one first); empty when none applies.

    ``outcome``: per world, whether the card reaches the goal (used as evidence); ``replies``: αμ's
    planned cards later in this trick; ``condition``: the card's success condition.
    """
    if not decision.declaring:
        return ()
    outcome = np.asarray(outcome, dtype=bool)
    return tuple(_structural(decision, card, outcome, replies or {}, condition))


MIN_SAFETY_COST = 0.10
"""A safety play gives up at least this much overtrick chance: a card that makes the contract more often and
loses a few points of overtricks is simply the better card, not a trade a teacher would name."""


def safety_play(best: Card, p_best: float, over_best: float, rival: Card, p_rival: float, over_rival: float,
                eps: float = 1e-6) -> TechniqueFinding | None:
    """SAFETY_PLAY when the recommended card makes the contract more often than the card with the best
    chance of an overtrick, while giving up at least :data:`MIN_SAFETY_COST` of that overtrick chance
    (``over_*``: P(at least one overtrick), double dummy): it trades overtricks for safety."""
    if best == rival or not (p_best > p_rival + eps and over_best < over_rival - MIN_SAFETY_COST + eps):
        return None
    return TechniqueFinding(Technique.SAFETY_PLAY,
                            f"safety play: the {_sym(best)} gives up overtrick chances (the {_sym(rival)} "
                            f"would have them) to make the contract more often", "safety-play",
                            {"p_make": p_best, "p_make_rival": p_rival, "p_overtrick": over_best,
                             "p_overtrick_rival": over_rival}, (rival,))


def entry_management(decision: Decision, best: Card, p_best: float, rival: Card, p_rival: float,
                     eps: float = 1e-6) -> TechniqueFinding | None:
    """ENTRY_MANAGEMENT when the better of two cards of one suit differs in which hand holds the lead
    or the suit's remaining honours:

    * *unblock*: the recommended card is the higher, it wins the trick or overtakes the partner's
      winning card, and the mover has fewer cards of the suit than the partner (short hand first) or as
      many, with the partner then holding the suit's top card between them (the later round is won there);
    * *let partner's card win*: the partner's card is winning the trick, the recommended card does
      not overtake it and the rival card would.
    """
    if not decision.declaring or best // 13 != rival // 13 or not p_best > p_rival + eps:
        return None
    if not decision.seen(decision.partner):
        return None
    s = best // 13
    mover, partner = decision.mover, decision.partner
    mine = (decision.hand(mover) & SUIT_MASKS[s]).bit_count()
    theirs = (decision.hand(partner) & SUIT_MASKS[s]).bit_count()
    win = decision.winning()
    partner_winning = win is not None and win[0] == partner
    ev = {"p_make": p_best, "p_make_rival": p_rival}
    left = decision.hand(mover) & SUIT_MASKS[s] & ~(1 << best)
    theirs_mask = decision.hand(partner) & SUIT_MASKS[s]
    top_with_partner = theirs_mask != 0 and (left == 0 or theirs_mask.bit_length() > left.bit_length())
    if best > rival and decision.wins_now(best) and (mine < theirs or (mine == theirs and top_with_partner)):
        if partner_winning:
            phrase = f"overtake {_name(partner)}'s {_sym(win[1])} with the {_sym(best)} to win the trick in " \
                     f"{_name(mover)}"  # type: ignore[index]
        elif mine < theirs:
            phrase = f"unblock: play the {_sym(best)} from the short hand ({_name(mover)})"
        else:
            top = Card(theirs_mask.bit_length() - 1)
            phrase = (f"unblock: win with the {_sym(best)} in {_name(mover)} now, so that {_name(partner)}'s "
                      f"{_sym(top)} wins a later round there")
        return TechniqueFinding(Technique.ENTRY_MANAGEMENT, phrase, "entry-unblock", ev, (best,))
    if partner_winning and best < rival and not decision.beats(best, win[1]) and decision.beats(rival, win[1]):  # type: ignore[index]
        return TechniqueFinding(Technique.ENTRY_MANAGEMENT,
                                f"let {_name(partner)}'s {_sym(win[1])} win the trick, keeping the "  # type: ignore[index]
                                f"{_sym(rival)} in {_name(mover)}", "entry-keep", ev, (rival,))
    return None


def defence_techniques(decision: Decision, best: Card, p_best: float, others: Sequence[tuple[Card, float]],
                       eps: float = 1e-6) -> TechniqueFinding | None:
    """The defender's technique for ``best`` (``others``: the other candidates and their chances), each
    named only when a card of the contrasting kind does worse (the choice is the lesson):

    * DEFENSIVE_RUFF: a side suit led, the defender void in it trumps;
    * CASH_OUT: the defender leads a card no other live card of its suit outranks, and every card
      that is not such a winner does worse;
    * SECOND_HAND_LOW: declarer's side led, the defender plays second a card that does not beat the
      lead while holding one that does, and that higher card does worse;
    * DEFENSIVE_HOLD_UP: declarer's side leads and wins the trick so far, the defender (fourth hand, or
      second with no chance of partner winning) holds a card that beats it and plays low, and winning at
      once does worse (the hold-up cuts declarer's communications);
    * THIRD_HAND_HIGH: partner led and declarer's side is winning, the defender plays a card that beats
      the table and that fourth hand may still beat (a higher card in dummy's hand when dummy is fourth, or
      among the unseen cards: it forces a high card out) while holding lower cards of the suit, and a lower
      card does worse; a card nothing in fourth hand can beat (a finesse against dummy's king) is not it;
    * DEFENSIVE_UNBLOCK: partner's card is winning, the defender plays a higher card of the suit under
      it (or overtakes) while holding a lower one, and the lower one does worse.
    """
    if decision.declaring:
        return None
    mover = decision.mover
    trick = decision.trick
    hand = decision.hand(mover)
    s = best // 13
    worse = [(c, p) for c, p in others if p < p_best - eps]
    led = decision.led_suit
    trump = decision.trump
    ev = {"p_goal": p_best}
    if trick and led is not None and s != led and trump is not None and s == trump:
        return TechniqueFinding(Technique.DEFENSIVE_RUFF, f"ruff with the {_sym(best)}", "defensive-ruff", ev)
    if not trick:
        live_above = [c for c in range(best + 1, 13 * s + 13) if (decision.unseen | decision.side_in(s)
                      | _other_seen(decision)) >> c & 1 and not hand >> c & 1]
        if not live_above and worse and all(not _is_top_for(decision, c) for c, _ in worse):
            return TechniqueFinding(Technique.CASH_OUT, f"cash the {_sym(best)} before declarer's winners run",
                                    "cash-out", ev)
        return None
    if led is None or s != led:
        return None
    win = decision.winning()
    assert win is not None
    partner_winning = win[0] == decision.partner
    higher_worse = [c for c, _ in worse if c // 13 == s and c > best]
    lower_worse = [c for c, _ in worse if c // 13 == s and c < best]
    beats = decision.beats(best, win[1])
    if not partner_winning and not beats and higher_worse and any(decision.beats(c, win[1]) for c in higher_worse):
        if len(trick) == 1:
            return TechniqueFinding(Technique.SECOND_HAND_LOW,
                                    f"second hand low: keep the {_sym(max(higher_worse))} for later",
                                    "second-hand-low", ev, (max(higher_worse),))
        return TechniqueFinding(Technique.DEFENSIVE_HOLD_UP,
                                f"hold up the {_sym(max(higher_worse))}: let declarer win this trick",
                                "defensive-hold-up", ev, (max(higher_worse),))
    if len(trick) == 2 and decision.leader == decision.partner and not partner_winning and beats and lower_worse \
            and _fourth_hand_may_beat(decision, best):
        return TechniqueFinding(Technique.THIRD_HAND_HIGH, f"third hand high: the {_sym(best)}",
                                "third-hand-high", ev)
    if partner_winning and lower_worse and any(hand >> c & 1 for c in range(13 * s, best)):
        return TechniqueFinding(Technique.DEFENSIVE_UNBLOCK,
                                f"unblock the {_sym(best)} so partner's cards can run", "defensive-unblock", ev)
    return None


def _fourth_hand_may_beat(decision: Decision, card: Card) -> bool:
    """Third hand's card can still be beaten by fourth hand: a higher card of the suit in fourth hand's seen
    hand, or (fourth hand unseen) among the cards the mover cannot see.  Otherwise the card wins the trick
    for sure: a third-hand finesse against dummy's honour, or a cash, not "third hand high"."""
    fourth = decision.seat_at(3)
    s = card // 13
    pool = decision.hand(fourth) if decision.seen(fourth) else decision.unseen
    return any(pool >> c & 1 for c in range(card + 1, 13 * s + 13))


def _other_seen(decision: Decision) -> int:
    mask = 0
    for seat in Seat:
        if decision.seen(seat) and seat != decision.mover:
            mask |= decision.hand(seat)
    return mask


def _is_top_for(decision: Decision, card: Card) -> bool:
    s = card // 13
    others = decision.unseen | _other_seen(decision)
    return not any(others >> c & 1 for c in range(card + 1, 13 * s + 13))


_FINESSES = (Technique.FINESSE, Technique.DOUBLE_FINESSE, Technique.TWO_WAY_FINESSE, Technique.LEAD_TOWARD_HONOUR)


def restricted_choice(original: np.ndarray, worlds: np.ndarray, weights: np.ndarray,
                      finding: TechniqueFinding) -> TechniqueFinding | None:
    """RESTRICTED_CHOICE on top of a finesse against ``h`` through defender X, when X's partner D played,
    in an earlier trick, an honour of the suit equal to ``h`` (adjacent to it, or only cards gone between
    them) and the deals, weighted by how likely each defender's cards were (restricted choice), put ``h``
    with X more often than not: with both honours D could have played either, so the one he played is
    evidence he had no choice."""
    if finding.technique not in _FINESSES or finding.seat is None or not finding.cards:
        return None
    h = finding.cards[0]
    x = finding.seat
    d = x.partner
    s = h // 13
    w0 = np.asarray(worlds, dtype=np.uint64)
    played = int(np.asarray(original, dtype=np.uint64)[0, int(d)]) & ~int(w0[0, int(d)])
    live = 0
    for seat in Seat:
        live |= int(w0[0, int(seat)])
    for honour in range(13 * s + 8, 13 * s + 13):
        if not played >> honour & 1 or honour == h:
            continue
        lo, hi = min(honour, h), max(honour, h)
        if any(live >> c & 1 for c in range(lo + 1, hi)):
            continue  # a live card between them: they were not equals
        held = ((w0[:, int(x)] >> np.uint64(h)) & np.uint64(1)).astype(bool)
        p = float(np.asarray(weights, dtype=float)[held].sum())
        if p > 0.5:
            return TechniqueFinding(
                Technique.RESTRICTED_CHOICE,
                f"restricted choice: {_name(d)} played the {_sym(honour)}; holding the {_sym(h)} as well he "
                f"could have played either, so the {_sym(h)} is more likely with {_name(x)} "
                f"({round(100 * p)}% of the deals)", "restricted-choice", {"p_with_finessed_defender": p},
                (honour, h), x)
    return None
