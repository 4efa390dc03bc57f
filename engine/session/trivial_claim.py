"""The claim that needs no solver: the hand on lead holds nothing but winners nobody can take over.

Without a double-dummy solver the app offers a claim only when it is plainly right:
at the start of a trick, every card of the hand on lead is higher than every card
the other three hands hold in its suit (partner included: a partner forced to
overtake would take the lead away), and nobody can trump it (no trumps outside the
leader's hand, unless the leader holds only trumps).  Leading those cards one by
one then wins every remaining trick whatever anyone else plays.
"""

from __future__ import annotations

from ..bridge.play import BridgePlay
from ..core.cards import SUIT_MASKS

__all__ = ["leader_holds_only_top_winners"]


def leader_holds_only_top_winners(play: BridgePlay) -> bool:
    """True when the seat on lead, at a trick boundary, takes every remaining trick by cashing its cards."""
    if play.is_complete or play.current_trick.cards:
        return False
    leader = play.to_play
    mine = play.hand(leader).mask
    others = play.hand(leader.lho).mask | play.hand(leader.rho).mask | play.hand(leader.partner).mask
    trump = play.trump
    if trump is not None and others & SUIT_MASKS[trump] and mine & ~SUIT_MASKS[trump]:
        return False  # someone void in a suit led could be able (or, partner, forced) to trump it
    for suit_mask in SUIT_MASKS:
        own, other = mine & suit_mask, others & suit_mask
        if own and other and (own & -own).bit_length() - 1 < other.bit_length() - 1:
            return False
    return True
