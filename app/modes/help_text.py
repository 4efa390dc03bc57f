"""The Help ▸ How to play text: what each mode does and how its automatic choices are made."""

from __future__ import annotations

__all__ = ["how_to_play_html", "suit_practice_html", "hint_bars_html"]


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


def suit_practice_html() -> str:
    """Help ▸ Suit practice: what the problems are, how the defenders play, and what the result says."""
    return (
        "<h3>Suit practice</h3>"
        "<p>Each problem is one suit: your two hands, North and South, and a number of tricks to make. "
        "Everything else is left out, as in the books on suit combinations. Pick a problem from the "
        "<i>Library</i> (by theme and difficulty) or type your own holdings, then play the suit: you lead "
        "from either hand at every trick, and click a card (or move with Left/Right and press Enter).</p>"
        "<p><b>The defenders</b> hold one layout of the missing cards, drawn at random with its real "
        "likelihood, and defend it perfectly: they see every card. You do not: while the split is open each "
        "defender shows a <b>?</b> place, and the panel counts how many cards are missing between them. "
        "When a defender <b>shows out</b> (plays no card of the suit) it is marked on the table, and from "
        "then on both defenders' lengths are known and shown as card backs.</p>"
        "<p><b>The result</b> first says what happened on this layout: <i>Made</i>, or <i>Best line, "
        "unlucky layout</i> when you played as well as anyone can and this layout beats every line, or "
        "<i>Failed</i> when a better line would have made it. Then come the exact chances against best "
        "defence: the <b>best line</b> (the engine's exact solution over every layout), the <b>expert "
        "line</b> from the library, and <b>your line</b> — your cards where you played them, the best "
        "continuation everywhere else. When your line is worth less than the best one, the layouts where "
        "only one of them makes are listed.</p>"
        "<p><b>Statistics</b> count a problem as made when you made it, and note separately whether your "
        "line was the best one, so an unlucky layout never counts against a right line, and a lucky "
        "one never hides a wrong one. <i>Give up</i> shows the cards and the analysis at once (not made, "
        "not solved).</p>"
    )


def hint_bars_html() -> str:
    """Help ▸ Reading the hint bars: what the hint panel's bars and figures mean, in both games."""
    return (
        "<h3>Reading the hint bars</h3>"
        "<p>Press <b>H</b> (or <i>Hint</i>) when it is your turn. The hint panel lists every card you may "
        "play, one row each, in the order of your hand. The recommended card is on a tinted row with a "
        "<b>★</b>, and the same card is ringed on the table.</p>"
        "<h4>Bridge</h4>"
        "<p>Each bar is the <b>chance that your side reaches its goal</b> if you play that card: making the "
        "contract when you declare, beating it when you defend (the goal is written above the bars). A full "
        "bar is 100%. The number after the percentage is the <b>tricks your side takes on average</b>. Two "
        "cards with the same chance can still differ in tricks: the overtrick or the undertrick counts at "
        "the table. On sampled deals (early in the hand), the tricks are worked out only for the cards tied "
        "at the top, where they decide between them; the other rows show the chance alone.</p>"
        "<h4>Hearts</h4>"
        "<p>The number is the <b>points you can expect to score this hand</b> with that card — lower is "
        "better. The bar shows only the points still to come (those you took already are the same for "
        "every card), so a longer bar is a worse card. <b>☾</b> is the chance that another player shoots "
        "the moon.</p>"
        "<p>Before the play, while you choose three cards to pass, <b>Hint</b> (or <i>Suggest a pass</i>) "
        "asks the computer player which three it would pass from your hand: they are selected for you, "
        "with the points it expects for the hand and the next best pass.</p>"
        "<h4>Where the numbers come from</h4>"
        "<p>The engine cannot see the hidden hands either. It deals the unseen cards many times in every "
        "way that fits what you know (the <i>possible deals</i> counted above the bars), plays each deal "
        "out, and averages. While it works the bars grow more certain and the count goes up; <i>Cancel</i> "
        "(Esc) keeps the values found so far, marked as partial. The label says how strong the analysis is "
        "(Club player, Expert); Settings ▸ <i>Show engine details</i> also names the engine.</p>"
        "<p>Below the bars, the explanation says in words why the card is recommended: the finesse or the "
        "split it plays for, which defender must hold which card, and the plan that follows.</p>"
    )
