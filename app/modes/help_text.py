"""The Help ▸ How to play text: what each mode does and how its automatic choices are made."""

from __future__ import annotations

__all__ = ["how_to_play_html"]


def how_to_play_html(solver_installed: bool) -> str:
    solver = (
        "The double-dummy solver chooses the contract: before the play it solves North-South's ten "
        "table entries (each strain, North or South declaring), which takes a few seconds on most deals "
        "(the status bar shows which entry it is on; <i>New deal</i> cancels it). The end-of-deal summary "
        "compares your result with the double-dummy one, and a claim is accepted only if the solver "
        "agrees that your side takes those tricks against any defence."
        if solver_installed
        else "The double-dummy solver is not installed: contracts come from a point-count estimate "
        "(combined high-card points give the notrump tricks, each trump beyond seven in an eight-card "
        "or longer fit adds one) and a claim is offered only when every card of the hand on lead is a "
        "winner nobody can take over or trump."
    )
    return (
        "<h3>Bridge</h3>"
        "<p>You sit at the bottom of the table and play the contract as declarer (your hand and dummy) or "
        "defend from the opening leader's seat; the computer plays the other seats with the player chosen in "
        "the panel. Click a card, or move with Left/Right and press Enter. Greyed cards cannot be played: "
        "hover over one to see why.</p>"
        "<p>A random board gives North-South the greater share of the high cards (the table is turned "
        "a quarter if East-West have more); the other deal filters look for a game or a slam for "
        "North-South, or a 3NT whose fate depends on the opening lead (deals the point count rules out "
        "are skipped without solving).</p>"
        "<p><b>The contract</b> is chosen for you until Tenace bids: North-South declare, in the strain "
        "whose contract scores best (duplicate scoring at the board's vulnerability), bid to the level the "
        "side makes there — never lower, so nine tricks in spades is 3♠ and a game or slam the side makes is "
        "always bid (equal scores: the lower level, then notrump, majors, minors). Declarer is the partner "
        "who makes the most tricks in that strain; when both make as many, the one with more trumps (at "
        "notrump more points). When North-South make nothing, the least costly one-level contract is "
        "played. The panel says why each board has its contract. <i>Set contract…</i> plays the board in a "
        "contract of your "
        f"choice. {solver}</p>"
        "<p>Undo takes back your last card; double-click any card under <i>Cards played</i> to go back to "
        "before it. <i>Replay deal</i> starts the play again. Deals can be saved and opened as PBN.</p>"
        "<h3>Hearts</h3>"
        "<p>Click three cards to pass (click again to put one back), then press the pass button; the "
        "direction cycles left, right, across, hold. The cards you received stay marked until you play. "
        "Lowest total wins when someone reaches the target; the rules for the next game (shooting the "
        "moon, the J♦, the target) are in the panel.</p>"
    )
