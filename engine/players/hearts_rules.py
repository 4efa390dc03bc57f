"""A rule-based Hearts player in the style of the classic heuristic programs.

It is the baseline the search players are measured against (Perkins' f86
played this role), so it is deterministic and plays sound, simple Hearts:

* **Pass**: the ♠Q, ♠A, ♠K unless the spades are well protected (four or more
  spades below the queen), then a whole short club or diamond suit when it
  fits (a void), then high hearts, then the highest other cards.
* **Follow**: duck under the winning card with the highest card that still
  loses.  Last to play with nothing to lose (no points would be taken), win
  with the highest safe card.  When every card would win: last to play, win
  with the highest (never the ♠Q if another card wins); earlier in the trick,
  in hearts or in spades while the ♠Q is out, play the lowest and hope to be
  overtaken, otherwise shed the highest.
* **Discard** (void): the ♠Q, then high hearts, then ♠A/♠K while the ♠Q is out,
  then the highest card (hearts and short suits first on ties).
* **Lead**: spades to smoke out the ♠Q when not holding it (and holding no ♠A
  or ♠K); otherwise low from the safest suit (fewest unseen cards below the
  lead), hearts only when nothing else is safe, spades never while holding
  the ♠Q if anything else is available.
"""

from __future__ import annotations

from ..core.cards import SUIT_MASKS, Card, Rank, Suit, cards_of, make_card
from ..hearts.scoring import QUEEN_OF_SPADES, cards_points
from ..hearts.view import HeartsView

__all__ = ["RulesHeartsPlayer"]

SPADES = SUIT_MASKS[Suit.SPADES]
HEARTS = SUIT_MASKS[Suit.HEARTS]
ACE_OF_SPADES = make_card(Suit.SPADES, Rank.ACE)
KING_OF_SPADES = make_card(Suit.SPADES, Rank.KING)
SAFE_SPADE_GUARDS = 4
"""Spades below the queen needed to keep the ♠Q/♠K/♠A instead of passing them."""
HIGH_HEART_RANK = Rank.TEN
"""Hearts of this rank or higher are 'high' when choosing a discard."""


def _rank(card: Card) -> int:
    return card % 13 + 2


def _queen_unseen(view: HeartsView) -> bool:
    """True while the ♠Q is in some other seat's hand (not ours, not played)."""
    return QUEEN_OF_SPADES in view.unseen


class RulesHeartsPlayer:
    """Deterministic heuristic Hearts player (the baseline for benchmarks)."""

    name = "rules"

    # --- passing -------------------------------------------------------------------
    def choose_pass(self, view: HeartsView) -> tuple[Card, Card, Card]:
        hand = view.hand.mask
        chosen: list[Card] = []

        def take(card: Card) -> None:
            if len(chosen) < 3 and hand >> card & 1 and card not in chosen:
                chosen.append(card)

        spade_guards = (hand & SPADES & ((1 << QUEEN_OF_SPADES) - 1)).bit_count()
        keeps_spades = spade_guards >= SAFE_SPADE_GUARDS
        if not keeps_spades:
            for card in (QUEEN_OF_SPADES, ACE_OF_SPADES, KING_OF_SPADES):
                take(card)
        slots = 3 - len(chosen)
        short = [
            s for s in (Suit.CLUBS, Suit.DIAMONDS) if 0 < (hand & SUIT_MASKS[s]).bit_count() <= slots
        ]
        if short:
            best = min(short, key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), -(hand & SUIT_MASKS[s]).bit_length()))
            for card in cards_of(hand & SUIT_MASKS[best]):
                take(card)
        for card in reversed(cards_of(hand & HEARTS)):
            if _rank(card) >= Rank.JACK:
                take(card)
        rest = [c for c in cards_of(hand) if c not in chosen]
        suit_pref = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.CLUBS: 2, Suit.SPADES: 3}
        rest.sort(key=lambda c: (keeps_spades and c // 13 == Suit.SPADES, -_rank(c), suit_pref[Suit(c // 13)]))
        for card in rest:
            take(card)
        a, b, c = chosen
        return a, b, c

    # --- play --------------------------------------------------------------------------
    def choose_card(self, view: HeartsView) -> Card:
        legal = cards_of(view.legal_cards.mask)
        if not legal:
            raise ValueError(f"seat {int(view.seat)} has no legal card to play")
        if len(legal) == 1:
            return legal[0]
        trick = view.current_cards
        if not trick:
            return self._lead(view, legal)
        led = trick[0] // 13
        if legal[0] // 13 == led:
            return self._follow(view, legal, led)
        return self._discard(view, legal)

    def _follow(self, view: HeartsView, legal: list[Card], led: int) -> Card:
        trick = view.current_cards
        winning = max(c for c in trick if c // 13 == led)
        below = [c for c in legal if c < winning]
        above = [c for c in legal if c > winning]
        last = len(trick) == 3
        trick_points = cards_points(sum(1 << c for c in trick), view.rules)
        if last and above:
            safe = [c for c in above if trick_points + cards_points(1 << c, view.rules) <= 0]
            if safe:
                return max(safe)
        if below:
            return max(below)
        not_queen = [c for c in above if c != QUEEN_OF_SPADES] or above
        if last:
            return max(not_queen)
        if led == Suit.HEARTS or (led == Suit.SPADES and _queen_unseen(view)):
            return min(above)
        return max(not_queen)

    def _discard(self, view: HeartsView, legal: list[Card]) -> Card:
        if QUEEN_OF_SPADES in legal:
            return QUEEN_OF_SPADES
        high_hearts = [c for c in legal if c // 13 == Suit.HEARTS and _rank(c) >= HIGH_HEART_RANK]
        if high_hearts:
            return max(high_hearts)
        if _queen_unseen(view):
            for card in (ACE_OF_SPADES, KING_OF_SPADES):
                if card in legal:
                    return card
        hand = view.hand.mask
        return max(
            legal,
            key=lambda c: (_rank(c), c // 13 == Suit.HEARTS, -(hand & SUIT_MASKS[c // 13]).bit_count()),
        )

    def _lead(self, view: HeartsView, legal: list[Card]) -> Card:
        hand = view.hand.mask
        legal_mask = view.legal_cards.mask
        if _queen_unseen(view):
            spades = legal_mask & SPADES
            if spades and not hand & ((1 << ACE_OF_SPADES) | (1 << KING_OF_SPADES)):
                return cards_of(spades)[0]
        unseen = view.unseen.mask
        holds_queen = bool(hand >> QUEEN_OF_SPADES & 1)

        def risk(suit: int) -> tuple[int, int, int]:
            low = cards_of(legal_mask & SUIT_MASKS[suit])[0]
            others = unseen & SUIT_MASKS[suit]
            lower = (others & ((1 << low) - 1)).bit_count()
            higher = (others >> (low + 1)).bit_count()
            if suit == Suit.HEARTS:
                category = 1 if lower == 0 and higher > 0 else 2
            elif suit == Suit.SPADES and (holds_queen or _rank(low) >= Rank.KING and _queen_unseen(view)):
                category = 3 if low == QUEEN_OF_SPADES or _rank(low) >= Rank.KING else 2
            else:
                category = 0 if higher > 0 else 2
            return category, lower, (hand & SUIT_MASKS[suit]).bit_count()

        suits = sorted({c // 13 for c in legal})
        best = min(suits, key=risk)
        return cards_of(legal_mask & SUIT_MASKS[best])[0]
