"""Hand-checked auctions: for each, the auction so far, the hand to call and the call SAYC makes.

Every expected call was worked out by hand from the SAYC booklet (and the
choices written at the top of ``sayc.txt`` where the booklet is silent); the
hands are chosen so that the call is clear-cut.  Each line:

    dealer | calls so far | hand to call (S.H.D.C) | expected call | words the explanation must contain

The calls so far are read with the system (their meanings matter: forcing
calls, agreed suits, key-card asks), exactly as at the table.
"""

from __future__ import annotations

import pytest

from engine.bidding import BidContext, choose_call, default_system, read_auction
from engine.bidding.bidder import interpret
from engine.bridge.auction import Call
from engine.bridge.contract import Vulnerability
from engine.core.cards import CardSet
from engine.core.seats import Seat

CASES = """
# --- opening bids
N |                     | AKJ74.K93.Q82.75   | 1S   | 12-21 HCP, 5+ spades
N |                     | K93.AQJ74.Q82.75   | 1H   | 12-21 HCP, 5+ hearts
N |                     | AJ874.KQ965.A2.7   | 1S   | 5+ spades
N |                     | KJ7.Q93.AQ82.K75   | 1NT  | 15-17 HCP, balanced
N |                     | KJ75.Q93.AQ8.K75   | 1NT  | 15-17 HCP
N |                     | AJ7.KQ3.AQ82.KJ5   | 2NT  | 20-21 HCP, balanced
N |                     | AKQ7.AKJ3.AQ8.K5   | 2C   | 22+ HCP
N |                     | K93.Q72.AQ82.K75   | 1D   | 3+ diamonds
N |                     | K93.Q72.AQ8.K753   | 1C   | 3+ clubs
N |                     | KJ93.AQ72.Q82.75   | 1D   | diamonds
N |                     | K93.Q7.AJ82.QJ75   | 1D   | diamonds
N |                     | 93.Q7.AQ82.KJ753   | 1C   | clubs
N |                     | 93.KQJ974.82.753   | 2H   | weak two
N |                     | KQT974.93.82.753   | 2S   | weak two
N |                     | 93.82.KQT974.753   | 2D   | weak two
N |                     | 9.82.75.KQJ97532   | 3C   | preempt
N |                     | 9.KQJT9753.7.753   | 4H   | preempt
N |                     | KJ9.Q82.J753.Q75   | P    | 0-11 HCP
P P |                   | AQJ74.K93.82.753   | 1S   | 10-21 HCP, 5+ spades
# --- responses to one of a major
N | 1S P                | K82.Q93.K8642.75   | 2S   | simple raise
N | 1S P                | K832.Q93.K8642.5   | 3S   | limit raise
N | 1S P                | K832.Q93.K864.75   | 2S   | simple raise
N | 1S P                | K832.AQ93.K86.75   | 2NT  | Jacoby 2NT
N | 1S P                | K8532.9.K8642.75   | 4S   | preemptive raise
N | 1H P                | KQ82.93.K864.752   | 1S   | 4+ spades
N | 1H P                | Q82.93.K8642.J75   | 1NT  | 6-10 HCP
N | 1S P                | 82.K93.AQ864.K75   | 2D   | 10+ HCP
N | 1S P                | 82.AKJ93.Q86.975   | 2H   | 10+ HCP, 5+ hearts
N | 1H P                | 982.93.8642.QJ75   | P    | 0-5 HCP
N | 1S P                | 82.KJ9.AQJ8.KQ75   | 3NT  | 15-17 HCP
N | 1H P                | AKQJ82.K3.AQ6.95   | 2S   | strong jump shift
# --- responses to one of a minor
N | 1C P                | 82.KJ93.Q864.975   | 1H   | 4+ hearts
N | 1C P                | KJ93.Q864.82.975   | 1H   | 4+ hearts
N | 1D P                | KJ93.Q8.8642.975   | 1S   | 4+ spades
N | 1C P                | 82.J93.KQ864.975   | 1D   | diamonds
N | 1D P                | 82.J93.KQ864.975   | 2D   | 4+ diamonds
N | 1C P                | K82.J93.Q86.9752   | 1NT  | 6-10 HCP
N | 1C P                | K82.J93.Q864.975   | 1D   | diamonds
N | 1D P                | K82.AJ9.KQ64.Q75   | 2NT  | 13-15 HCP
N | 1D P                | 82.A93.KQ864.Q75   | 3D   | limit raise
# --- notrump
N | 1NT P               | KQ72.A83.J54.962   | 2C   | Stayman
N | 1NT P               | 72.KJ983.J54.962   | 2D   | Jacoby transfer
N | 1NT P               | KJ983.72.J54.962   | 2H   | Jacoby transfer
N | 1NT P               | 72.83.J4.QJ98642   | 2S   | 3C
N | 1NT P               | K72.Q83.K54.J962   | 2NT  | invitation
N | 1NT P               | K72.Q83.KJ54.Q96   | 3NT  | to play
N | 1NT P               | K72.Q3.AK54.KJ96   | 4NT  | quantitative
N | 1NT P               | K72.Q3.AK54.QJ96   | 3NT  | to play
N | 1NT P               | 972.863.J54.9632   | P    | 0-7 HCP
N | 1NT P 2C P          | KJ72.A83.AQ4.K62   | 2S   | four spades, not four hearts
N | 1NT P 2C P          | K72.AJ83.AQ4.K62   | 2H   | four hearts
N | 1NT P 2C P          | K72.A83.AQ54.K62   | 2D   | no four-card major
N | 1NT P 2D P          | K72.A83.AQ54.K62   | 2H   | completes the transfer
N | 1NT P 2D P          | K72.AJ83.AQ4.K62   | 3H   | super-accept
N | 1NT P 2H P          | K72.A83.AQ54.K62   | 2S   | completes the transfer
N | 1NT P 2S P          | K72.A83.AQ54.K62   | 3C   | as asked
N | 1NT P 2C P 2D P     | KQ72.K83.J54.962   | 2NT  | invitational
N | 1NT P 2C P 2D P     | KQ72.A83.J54.962   | 3NT  | to play
N | 1NT P 2C P 2S P     | KQ72.A83.J54.962   | 4S   | spades
N | 1NT P 2C P 2H P     | KQ72.A83.K54.962   | 3NT  | four spades
N | 1NT P 2D P 2H P     | 72.KJ983.J54.962   | P    | weak
N | 1NT P 2D P 2H P     | 72.KJ983.AJ4.K62   | 3NT  | five hearts
N | 1NT P 2D P 2H P     | 72.KJ983.AJ4.962   | 2NT  | invitational, five hearts
N | 1NT P 2D P 2H P     | 72.KJ9832.AJ4.K6   | 4H   | to play
N | 1NT P 2D P 2H P     | 72.KJ9832.AJ4.96   | 3H   | invitational
N | 1NT P 2S P 3C P     | 72.83.QJ98642.J4   | 3D   | to play
N | 1NT P 2NT P         | KJ72.A83.AQ4.K62   | 3NT  | accepts
N | 1NT P 2NT P         | K72.A83.AQ54.Q62   | P    | declines
N | 2NT P               | KQ72.A83.J54.962   | 3C   | Stayman
N | 2NT P               | 72.KJ983.J54.962   | 3D   | Jacoby transfer
N | 2NT P               | K72.Q83.J54.9632   | 3NT  | to play
# --- two clubs
N | 2C P                | 972.863.J54.9632   | 2D   | waiting
N | 2C P                | 72.AKJ83.J54.962   | 2H   | positive
N | 2C P 2D P           | AKQ7.AKJ3.Q8.K52   | 2NT  | 22-24 HCP
N | 2C P 2D P           | AKQ7.AKJ3.AQ8.K5   | 3NT  | 25-27 HCP
N | 2C P 2D P 2NT P     | 972.863.J54.9632   | P    | 0-2 HCP
N | 2C P 2D P 2NT P     | 972.K63.J54.9632   | 3NT  | to play
# --- weak twos
N | 2H P                | AK72.3.AK54.Q762   | 2NT  | feature
N | 2H P                | AK72.Q3.AK54.Q62   | 4H   | to play
N | 2S P                | K72.83.K954.J962   | 3S   | preemptive raise
N | 2S P 2NT P          | KQT974.A3.82.753   | 3H   | high honour in hearts
N | 2S P 2NT P          | KQT974.93.82.753   | 3S   | minimum
# --- opener's rebid
N | 1D P 1S P           | K3.A82.KQ874.Q75   | 1NT  | 12-14 HCP
N | 1D P 1S P           | KJ3.A82.KQ74.AQ5   | 2NT  | 18-19 HCP
N | 1D P 1S P           | K3.82.AQJ874.Q75   | 2D   | diamonds
N | 1D P 1S P           | KQ83.A2.KQ874.75   | 3S   | invitation
N | 1D P 1S P           | KQ83.A72.Q874.75   | 2S   | raise
N | 1D P 1S P           | 3.AK82.KQ874.A75   | 2H   | reverse
N | 1C P 1D P           | K3.AQ82.874.KQ75   | 1H   | 4+ hearts
N | 1S P 2S P           | AKJ83.K2.K74.A75   | 4S   | game
N | 1S P 2S P           | AKJ83.K2.Q74.975   | P    | no game
N | 1S P 3S P           | AKJ83.K2.Q74.975   | 4S   | accepts
N | 1H P 2NT P          | A3.AKJ83.Q742.75   | 4H   | minimum
# --- responder's rebid
N | 1D P 1S P 1NT P     | KQ832.Q93.K86.75   | 2NT  | invitation
N | 1D P 1S P 1NT P     | KQ8532.93.86.752   | 2S   | to play
N | 1D P 1S P 1NT P     | KQ832.Q93.K86.A5   | 3NT  | to play
# --- overcalls
N | 1D                  | AKJ83.Q93.86.752   | 1S   | overcall
N | 1S                  | 83.Q93.86.AKJ752   | 2C   | overcall
N | 1S                  | 83.J93.86.KQT752   | 3C   | weak jump overcall
N | 1H                  | AQ3.K93.KJ86.Q75   | 1NT  | 15-18 HCP
N | 1H                  | KQ83.3.AJ86.Q752   | X    | takeout double
N | 1D                  | 83.KQJ973.86.752   | 2H   | weak jump overcall
N | 1C                  | KQ983.AJ973.86.7   | 2C   | Michaels
N | 1S                  | 8.73.KQJ86.AQ975   | 2NT  | unusual 2NT
N | 1D                  | 983.Q73.K86.J752   | P    | 0-16 HCP
N | 1NT                 | 98.KQJ973.K86.75   | 2H   | hearts
# --- advancing
N | 1D X P              | KJ83.Q73.86.J752   | 1S   | spades
N | 1D X P              | KJ83.Q73.86.A752   | 2S   | invitational
N | 1D X P              | K83.Q73.KJ6.A752   | 3NT  | to play
N | 1D X P              | K83.AQ73.AQ6.A75   | 2D   | cue bid
N | 1D X P              | K83.Q73.AQ6.A752   | 3NT  | to play
N | 1C 1S P             | K83.Q73.J642.752   | 2S   | raise
N | 1C 1S P             | K832.A73.K642.75   | 2C   | cue-bid raise
N | 1C 2C P             | K832.Q9732.64.5    | 4H   | hearts
N | 1C 2C P             | K832.Q973.642.75   | 2S   | prefers spades
# --- competition after our opening
N | 1D 1S               | 83.KJ73.Q642.752   | X    | negative double
N | 1C 1D               | KJ73.Q832.64.752   | X    | negative double
N | 1H 1S               | 83.Q2.KJ73.QT752   | X    | negative double
N | 1S 2C               | 83.KJ73.Q642.A52   | X    | negative double
N | 1H 1S               | 83.KJ3.Q642.7532   | 2H   | raise
N | 1H 1S               | 83.KJ73.A642.K52   | 2S   | cue-bid raise
N | 1H X                | AQ3.82.KJ64.Q752   | XX   | redouble
N | 1S X                | K832.A73.K642.75   | 2NT  | Jordan
N | 1S X                | K832.973.9642.75   | 3S   | preemptive raise
N | 1S X                | K83.Q73.J642.752   | 2S   | raise
N | 1D 1S X P           | 3.KQ83.AK642.Q75   | 2H   | hearts
N | 1D 1S P P           | 3.KQ83.AK642.Q75   | X    | reopening double
# --- balancing
N | 1H P P              | KJ83.3.AJ86.Q752   | X    | balancing double
N | 1H P P              | AQ8.K93.QJ6.J752   | 1NT  | balancing
N | 1H P P              | KJ983.93.K86.752   | 1S   | balancing overcall
# --- slam: key-card Blackwood (1430)
N | 1S P 2NT P 4S P     | KQ83.AK2.KQ6.A75   | 4NT  | key-card Blackwood
N | 1S P 3S P 4NT P     | K9832.A2.Q6.Q753   | 5H   | 2 key cards for spades without the queen
N | 1S P 3S P 4NT P     | KQ983.K2.Q6.Q753   | 5C   | 1 or 4 key cards
N | 1S P 3S P 4NT P     | KQJ83.A2.Q6.K753   | 5S   | 2 key cards for spades with the queen
N | 1S P 3S P 4NT P     | AJ983.K2.Q6.Q753   | 5C   | 1 or 4 key cards
N | 1S P 3S P 4NT P     | QJ983.K2.Q6.Q753   | 5D   | 0 or 3 key cards
# --- slam placement: the asker counts the key cards (three in hand, partner's answer read as the only count
# --- the auction allows) and bids the slam with one missing, stops in five with two
N | 1S P 2NT P 4S P 4NT P 5C P | KQ83.AK2.KQ6.A75 | 6S | at most one key card missing
N | 1S P 2NT P 4S P 4NT P 5D P | KQ83.AK2.KQ6.A75 | 5S | two key cards are missing
N | 1H P 3H P 4NT P 5C P | A3.KQJ83.KQ7.KQ5   | 5H   | two key cards are missing
N | 1H P 3H P 4NT P 5S P | A3.KQJ83.KQ7.KQ5   | 6H   | at most one key card missing
# --- competitive raises by the law of total tricks: nine trumps compete to the three level, eight do not
N | 1H 2C               | 83.KJ73.Q642.752   | 3H   | preemptive raise
N | 1S P 2S 3H          | AKJ832.73.K64.52   | 3S   | 5+ spades
N | 1S P 2S 3H          | AKJ83.73.K64.652   | P    | no reason to bid on
"""

SYSTEM = default_system()


def _cases():
    out = []
    for line in CASES.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        dealer_field, calls, hand, expected, words = (part.strip() for part in line.split("|"))
        leading = dealer_field.split()
        dealer = Seat.parse(leading[-1]) if leading and leading[-1] in "NESW" and len(leading[-1]) == 1 else Seat.NORTH
        passes = [w for w in leading if w.upper() == "P"]
        out.append(pytest.param(dealer, passes + calls.split(), hand, expected, words, id=f"{calls or 'open'}|{hand}"))
    return out


@pytest.mark.parametrize("dealer,calls,hand,expected,words", _cases())
def test_hand_checked_call(dealer, calls, hand, expected, words):
    records = read_auction(SYSTEM, dealer, Vulnerability.NONE, calls)
    ctx = BidContext(dealer, Vulnerability.NONE, records)
    choice = choose_call(SYSTEM, ctx, CardSet.from_pbn(hand))
    assert choice.call == Call.parse(expected), (
        f"after {' '.join(calls) or 'nothing'} with {hand}: expected {expected}, "
        f"the system calls {choice.call} ({choice.rule.source if choice.rule else 'no rule'})"
    )
    meaning = interpret(SYSTEM, ctx, choice.call)
    assert words.lower() in meaning.text.lower(), f"{expected}: {meaning.text!r} should say {words!r}"
    assert meaning.range.accepts(CardSet.from_pbn(hand)), f"{expected}: {meaning.range} is not true of {hand}"


def test_there_are_at_least_eighty_cases():
    assert len(_cases()) >= 80
