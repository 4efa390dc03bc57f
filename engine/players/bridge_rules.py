"""A rule-based bridge card player: textbook heuristics, the baseline the searches must beat.

It sees only its :class:`~engine.bridge.view.BridgeView`.  The rules, in the
order they are tried:

* leading as declarer: draw trumps with a master trump, cash sure winners
  (high card from the short side first), lead low toward an honour in the
  partner hand, else low from the longest suit;
* leading as defender: return partner's suit, cash a sure winner after the
  opening lead, top of a sequence, fourth best (top of nothing from three
  small);
* second hand low, but cover an honour with an honour;
* third hand high (the lowest of touching cards), unless partner's card is
  already sure to win;
* fourth hand wins as cheaply as possible, or plays low behind partner;
* when void: ruff if it may win the trick and partner's card is not sure to
  win (a defender second in hand ruffs only a master), otherwise discard from
  the weakest suit.
"""

from __future__ import annotations

from ..bridge.tricks import trick_winner_index
from ..bridge.view import BridgeView
from ..core.cards import SUIT_MASKS, Card, cards_of
from ..core.seats import Seat

__all__ = ["RulesBridgePlayer"]

_HONOUR_FLOOR = 9  # rank index of the jack (rank - 2): J, Q, K, A count as honours


def _rank_index(card: Card) -> int:
    return card % 13


def _suit(card: Card) -> int:
    return card // 13


def _lowest(mask: int) -> Card:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> Card:
    return mask.bit_length() - 1


def _beats(card: Card, best: Card, trump: int | None) -> bool:
    """Whether ``card`` played now would take over from ``best`` as the winning card."""
    if _suit(card) == _suit(best):
        return card > best
    return trump is not None and _suit(card) == trump


class _Table:
    """The facts one decision needs, computed once from the view (masks, not CardSets)."""

    def __init__(self, view: BridgeView) -> None:
        self.view = view
        self.trump = view.trump
        self.me = view.to_play
        self.hand = view.playing_hand.mask
        self.legal = view.legal_cards.mask
        self.played = view.played_cards.mask
        dummy = view.dummy_hand.mask if view.dummy_hand is not None else 0
        if view.is_declarer_side:
            # declarer sees both hands of the side: the partner hand of ``me`` is the other one
            self.partner_hand: int | None = dummy if self.me == view.declarer else view.hand.mask
            self.side = view.hand.mask | dummy
        else:
            self.partner_hand = None
            self.side = self.hand
        self.dummy = dummy
        self.trick = view.current_trick

    def is_master(self, card: Card) -> bool:
        """No card that could beat it in its suit is outside our side's hands and the played cards."""
        suit_mask = SUIT_MASKS[_suit(card)]
        higher = suit_mask & ~((1 << (card + 1)) - 1)
        return higher & ~(self.played | self.side) == 0

    def sequence_bottom(self, card: Card) -> Card:
        """The lowest card of ``hand`` equivalent to ``card`` (only played cards in between)."""
        best = card
        c = card - 1
        base = _suit(card) * 13
        while c >= base and (self.hand | self.played) >> c & 1:
            if self.hand >> c & 1:
                best = c
            c -= 1
        return best

    def visible_hand(self, seat: Seat) -> int | None:
        """The remaining cards of ``seat`` if this player can see them."""
        if seat == self.me:
            return self.hand
        if self.view.dummy_hand is not None and seat == self.view.dummy:
            return self.dummy
        if self.partner_hand is not None and seat.same_side(self.me):
            return self.partner_hand
        return None

    def can_beat(self, seat: Seat, best: Card, led: int) -> bool:
        """Might ``seat`` (still to play) beat ``best`` in a trick led in suit ``led``?"""
        known = self.visible_hand(seat)
        if known is not None:
            in_suit = known & SUIT_MASKS[led]
            if in_suit:
                return any(_beats(c, best, self.trump) for c in cards_of(in_suit))
            if self.trump is None:
                return False
            return any(_beats(c, best, self.trump) for c in cards_of(known & SUIT_MASKS[self.trump]))
        if not self.is_master(best):
            return True
        trump = self.trump
        if trump is None or _suit(best) == trump or led == trump:
            return False
        return self.view.shown_out(seat, led)

    def suit_length(self, mask: int, suit: int) -> int:
        return (mask & SUIT_MASKS[suit]).bit_count()


class RulesBridgePlayer:
    """Plays by the textbook rules listed in the module docstring; deterministic."""

    def __init__(self) -> None:
        self.name = "rules"

    def choose_card(self, view: BridgeView) -> Card:
        legal = view.legal_cards.mask
        if not legal:
            raise ValueError(f"{view.seat.name.title()} has no legal card to play (not its turn?)")
        if legal.bit_count() == 1:
            return _lowest(legal)
        t = _Table(view)
        position = len(view.current_trick.cards)
        if position == 0:
            card = self._lead_declarer(t) if view.is_declarer_side else self._lead_defender(t)
        else:
            card = self._follow(t, position)
        return card

    # --- leads -------------------------------------------------------------------
    def _lead_declarer(self, t: _Table) -> Card:
        hand, partner = t.hand, t.partner_hand or 0
        trump = t.trump
        if trump is not None:
            outstanding = SUIT_MASKS[trump] & ~(t.played | t.side)
            own_trumps = hand & SUIT_MASKS[trump]
            if outstanding and own_trumps and t.is_master(_highest(own_trumps)):
                return t.sequence_bottom(_highest(own_trumps))
        masters = [c for c in cards_of(hand) if t.is_master(c) and _suit(c) != trump]
        if masters:
            # unblock: cash from the hand that is shorter in the suit first
            def cash_order(c: Card) -> tuple[int, int]:
                s = _suit(c)
                return (t.suit_length(hand, s) > t.suit_length(partner, s), -c)

            return min(masters, key=cash_order)
        for s in range(4):
            if s == trump or not hand & SUIT_MASKS[s]:
                continue
            partner_suit = partner & SUIT_MASKS[s]
            honours = [c for c in cards_of(partner_suit) if _rank_index(c) >= _HONOUR_FLOOR + 1]  # K or Q
            if any(not t.is_master(c) for c in honours):
                return _lowest(hand & SUIT_MASKS[s])
        return self._low_from_longest(t, hand)

    def _lead_defender(self, t: _Table) -> Card:
        hand, trump, view = t.hand, t.trump, t.view
        non_trump = hand & ~(SUIT_MASKS[trump] if trump is not None else 0) or hand
        partner = view.seat.partner
        for trick in reversed(view.tricks):
            if trick.leader == partner:
                suit_cards = hand & SUIT_MASKS[_suit(trick.cards[0])]
                if suit_cards:
                    return _highest(suit_cards) if suit_cards.bit_count() == 2 else _lowest(suit_cards)
                break
        if view.tricks or view.current_trick.cards:
            for c in cards_of(non_trump)[::-1]:
                if t.is_master(c) and not self._dummy_ruffs(t, _suit(c)):
                    return c
        sequence = self._top_of_sequence(t, non_trump)
        if sequence is not None:
            return sequence
        suit = max(range(4), key=lambda s: (t.suit_length(non_trump, s), (non_trump & SUIT_MASKS[s]).bit_length()))
        cards = cards_of(non_trump & SUIT_MASKS[suit])[::-1]  # high to low
        if len(cards) >= 4:
            return cards[3]
        if len(cards) == 3:
            has_honour = _rank_index(cards[0]) >= _HONOUR_FLOOR
            return cards[-1] if has_honour else cards[0]
        return cards[0]

    def _dummy_ruffs(self, t: _Table, suit: int) -> bool:
        if t.trump is None or t.view.dummy_hand is None:
            return False
        dummy = t.dummy
        return not dummy & SUIT_MASKS[suit] and bool(dummy & SUIT_MASKS[t.trump])

    def _top_of_sequence(self, t: _Table, candidates: int) -> Card | None:
        best: Card | None = None
        for s in range(4):
            cards = cards_of(candidates & SUIT_MASKS[s])[::-1]
            if len(cards) >= 2 and _rank_index(cards[0]) >= _HONOUR_FLOOR - 1 and cards[0] - cards[1] == 1:
                if best is None or _rank_index(cards[0]) > _rank_index(best):
                    best = cards[0]
        return best

    def _low_from_longest(self, t: _Table, hand: int) -> Card:
        trump = t.trump
        pool = hand & ~(SUIT_MASKS[trump] if trump is not None else 0) or hand
        suit = max(range(4), key=lambda s: (t.suit_length(pool, s), -s))
        return _lowest(pool & SUIT_MASKS[suit])

    # --- following -----------------------------------------------------------------
    def _follow(self, t: _Table, position: int) -> Card:
        trick = t.trick
        cards = trick.cards
        led = _suit(cards[0])
        win_index = trick_winner_index(cards, t.trump)
        best = cards[win_index]
        partner_winning = trick.leader.offset(win_index).same_side(t.me)
        still_to_play = [t.me.offset(i) for i in range(1, 4 - position)]
        opponents_after = [s for s in still_to_play if not s.same_side(t.me)]
        partner_sure = partner_winning and not any(t.can_beat(s, best, led) for s in opponents_after)
        following = bool(t.legal & SUIT_MASKS[led])
        winners = [c for c in cards_of(t.legal) if _beats(c, best, t.trump)]

        if partner_sure or (partner_winning and position == 3):
            return _lowest(t.legal) if following else self._discard(t)
        if position == 1 and following:
            return self._second_hand(t, cards[0], winners)
        if position == 1 and not following and winners and not t.view.is_declarer_side:
            if not t.is_master(cards[0]):
                return self._discard(t)  # partner may still win it
        if not winners:
            return _lowest(t.legal) if following else self._discard(t)
        if position == 2 and following and not partner_winning:
            return self._third_hand_high(t, winners, opponents_after, led)
        # win as cheaply as possible; when ruffing, prefer a trump the next hands cannot over-ruff
        safe = [c for c in winners if not any(t.can_beat(s, c, led) for s in opponents_after)]
        if partner_winning and not safe:
            return _lowest(t.legal) if following else self._discard(t)
        return min(safe or winners)

    def _second_hand(self, t: _Table, led_card: Card, winners: list[Card]) -> Card:
        is_honour = _rank_index(led_card) >= _HONOUR_FLOOR
        covers = [c for c in winners if _rank_index(c) >= _HONOUR_FLOOR]
        if is_honour and covers:
            return t.sequence_bottom(min(covers))
        return _lowest(t.legal)

    def _third_hand_high(self, t: _Table, winners: list[Card], opponents_after: list[Seat], led: int) -> Card:
        safe = [c for c in winners if not any(t.can_beat(s, c, led) for s in opponents_after)]
        if safe:
            return t.sequence_bottom(min(safe))
        return t.sequence_bottom(max(winners))

    def _discard(self, t: _Table) -> Card:
        """The lowest card of the weakest suit: fewest sure winners, fewest honours, then shortest."""
        pool = t.legal
        if t.trump is not None and pool & ~SUIT_MASKS[t.trump]:
            pool &= ~SUIT_MASKS[t.trump]

        def weakness(s: int) -> tuple[int, int, int]:
            cards = cards_of(pool & SUIT_MASKS[s])
            masters = sum(1 for c in cards if t.is_master(c))
            honour_points = sum(max(0, _rank_index(c) - _HONOUR_FLOOR + 1) for c in cards)
            return (masters, honour_points, len(cards))

        suits = [s for s in range(4) if pool & SUIT_MASKS[s]]
        return _lowest(pool & SUIT_MASKS[min(suits, key=weakness)])
