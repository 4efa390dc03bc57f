"""Bidding: a natural system written as data, the calls it makes and what every call means.

Sits just above the rules layer (imports ``engine.core`` and ``engine.bridge``
only).  A system card (:mod:`.system`, the default in ``systems/sayc.txt``) is a
list of rules; each rule has an auction pattern, a call, conditions on the hand
and the auction, and an explanation.  The same rules choose a computer player's
call (:func:`choose_call`) and explain anyone's call (:func:`interpret`), so the
meaning of every call is a :class:`HandRange` (HCP, suit lengths, shape, key
cards) that world sampling can use, and words a player can read.
"""

from .bidder import Choice, bid_deal, choose_call, continue_auction, interpret, read_auction, seat_ranges
from .context import BidContext
from .hand import HandFacts
from .meaning import CallRecord, Meaning
from .ranges import HandRange, Holding
from .system import Rule, System, SystemCardError, default_system, load_system, parse_system

__all__ = [
    "BidContext",
    "CallRecord",
    "Choice",
    "HandFacts",
    "HandRange",
    "Holding",
    "Meaning",
    "Rule",
    "System",
    "SystemCardError",
    "bid_deal",
    "choose_call",
    "continue_auction",
    "default_system",
    "interpret",
    "load_system",
    "parse_system",
    "read_auction",
    "seat_ranges",
]
