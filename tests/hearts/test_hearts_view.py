"""Seat views hold only what the seat may know: never another seat's unplayed card."""

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import CardSet
from engine.core.deal import random_deal
from engine.hearts.passing import PassDirection, PassRecord, apply_passes
from engine.hearts.play import HeartsHand
from engine.hearts.scoring import QUEEN_OF_SPADES
from engine.hearts.table import play_hand
from engine.hearts.rules import HeartsRules
from engine.hearts.view import HeartsPhase, HeartsView, pass_view, play_view
from engine.players.hearts_random import RandomHeartsPlayer
from engine.players.hearts_rules import RulesHeartsPlayer

# Every field of HeartsView, classified.  Adding a field fails this test until it is classified here
# and covered by ``knowable_cards`` below.
CARD_FIELDS = {"hand", "passed", "received", "tricks", "current", "legal_cards"}
OTHER_FIELDS = {"seat", "phase", "rules", "hand_number", "direction", "hearts_broken", "points_taken", "scores"}


def test_every_view_field_is_classified():
    assert {f.name for f in dataclasses.fields(HeartsView)} == CARD_FIELDS | OTHER_FIELDS


def cards_in(view: HeartsView) -> dict[str, int]:
    """The cards each card-bearing field mentions, as masks."""
    return {
        "hand": view.hand.mask,
        "passed": view.passed.mask,
        "received": view.received.mask,
        "tricks": sum(t.mask for t in view.tricks),
        "current": 0 if view.current is None else view.current.mask,
        "legal_cards": view.legal_cards.mask,
    }


def _random_position(seed: int, hand_number: int):
    rng = random.Random(seed)
    dealt = random_deal(rng)
    direction = PassDirection.for_hand(hand_number)
    passes = None if direction is PassDirection.HOLD else [rng.sample(sorted(h.ascending()), 3) for h in dealt.hands]
    after, record = apply_passes(dealt.hands, direction, passes)
    state = HeartsHand(after)
    for _ in range(rng.randrange(0, 52)):
        state.play(rng.choice(sorted(state.legal_cards())))
    return rng, after, record, state


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 3), st.integers(0, 3))
def test_views_cannot_tell_apart_worlds_that_differ_in_hidden_cards(seed, hand_number, viewer):
    rng, after, record, state = _random_position(seed, hand_number)
    passed = 0
    for p in record.passed:
        passed |= p.mask
    # Swap two unplayed, never-passed cards of one suit between two other seats (not the SQ, whose
    # first-trick rule differs from a small spade's): every play stays legal and the viewer's
    # knowledge is the same, so its view must be too.
    others = [s for s in range(4) if s != viewer]
    candidates = []
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            for ca in CardSet(state.hands[a]):
                for cb in CardSet(state.hands[b]):
                    never_passed = not (passed >> ca & 1 or passed >> cb & 1)
                    if ca // 13 == cb // 13 and QUEEN_OF_SPADES not in (ca, cb) and never_passed:
                        candidates.append((a, ca, b, cb))
    if not candidates:
        return
    a, ca, b, cb = rng.choice(candidates)
    swapped = [h.mask for h in after]
    swapped[a] = swapped[a] & ~(1 << ca) | (1 << cb)
    swapped[b] = swapped[b] & ~(1 << cb) | (1 << ca)
    twin = HeartsHand(swapped)
    for card in state.played:
        twin.play(card)
    assert twin.hands != state.hands
    assert play_view(state, record, seat=viewer) == play_view(twin, record, seat=viewer)


class Spy:
    """Wraps a player and checks every view it is given against the true position."""

    def __init__(self, inner, log):
        self.inner, self.log, self.name = inner, log, inner.name

    def choose_pass(self, view):
        self.log.append(view)
        return self.inner.choose_pass(view)

    def choose_card(self, view):
        self.log.append(view)
        return self.inner.choose_card(view)


def test_players_at_the_table_see_only_their_own_cards_and_played_cards():
    for i, deal in enumerate([random_deal(random.Random(k)) for k in range(8)]):
        log: list[HeartsView] = []
        spies = [Spy(RulesHeartsPlayer() if s % 2 else RandomHeartsPlayer(s), log) for s in range(4)]
        played = play_hand(deal, [s.choose_pass for s in spies], [s.choose_card for s in spies], hand_number=i)
        dealt = deal.hands
        after = played.hands.hands
        for view in log:
            seat = view.seat
            if view.phase is HeartsPhase.PASSING:
                assert view.hand == dealt[seat] and not view.played and not view.legal_cards
                continue
            played_so_far = view.played.mask
            own_now = view.hand.mask
            # The seat's hand now is exactly its post-pass hand minus what it has played.
            own_played = sum(1 << c for s, c in view.plays if s == seat)
            assert own_now == after[seat].mask & ~own_played
            knowable = own_now | played_so_far | dealt[seat].mask
            for name, mask in cards_in(view).items():
                assert mask & ~knowable == 0, f"{name} of seat {seat} shows a hidden card"
            assert view.received.mask & ~(own_now | played_so_far) == 0
            assert view.legal_cards.issubset(view.hand) and view.legal_cards


def test_only_the_two_of_clubs_holder_knows_who_leads_before_the_first_card():
    state = HeartsHand(random_deal(random.Random(4)).hands)
    opener = state.to_move
    for seat in range(4):
        view = play_view(state, PassRecord.hold(), seat=seat)
        assert (view.current is not None) == (seat == opener)
        assert bool(view.legal_cards) == (seat == opener)
    state.play(state.legal_cards().lowest())
    assert all(play_view(state, PassRecord.hold(), seat=s).current.leader == opener for s in range(4))


def test_pass_view_shows_the_dealt_hand_and_nothing_played():
    deal = random_deal(random.Random(5))
    view = pass_view(2, deal[2], PassDirection.ACROSS, HeartsRules(), hand_number=2, scores=(1, 2, 3, 4))
    assert view.phase is HeartsPhase.PASSING and view.hand == deal[2]
    assert view.passed_to == 0 and view.received_from == 0 and view.current is None
    assert view.scores == (1, 2, 3, 4) and not view.legal_cards and not view.played
