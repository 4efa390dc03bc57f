"""Cards render crisply and distinctly; the table reports intents from mouse and keyboard and fits any size."""

import hashlib

import pytest
from PySide6.QtCore import QPointF, Qt

from app.settings import DeckColours, HandVisibility
from app.deal_viewer import deal_table_state
from app.widgets.card_painter import CardLook, render_card_image
from app.widgets.card_table import CardTableView
from app.viewmodels.table import SeatHand, TableCard, TableState, display_order
from engine.core.cards import CardSet, parse_card
from engine.core.deal import random_deals
from engine.core.seats import Seat


def _digest(image) -> str:
    return hashlib.sha1(bytes(image.constBits())).hexdigest()


def _ink_pixels(image) -> int:
    """Pixels that are neither transparent nor the card's off-white face."""
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if c.alpha() > 0 and (c.red() < 200 or c.green() < 200 or c.blue() < 200):
                count += 1
    return count


@pytest.mark.parametrize("width,dpr", [(40, 1.0), (120, 2.0)])
def test_every_card_renders_non_blank_and_distinct(qtbot, width, dpr):
    digests = set()
    for card in range(52):
        image = render_card_image(card, width, device_pixel_ratio=dpr)
        assert image.width() == round(width * dpr) and image.height() == round(width * 1.4 * dpr)
        assert _ink_pixels(image) > 10, f"card {card} rendered blank"
        digests.add(_digest(image))
    back = render_card_image(None, width, CardLook(face_up=False), device_pixel_ratio=dpr)
    digests.add(_digest(back))
    assert len(digests) == 53


def test_states_and_colours_change_the_picture(qtbot):
    ace = parse_card("DA")
    looks = [CardLook(), CardLook(selected=True), CardLook(highlighted=True), CardLook(unplayable=True)]
    digests = {_digest(render_card_image(ace, 80, look)) for look in looks}
    digests.add(_digest(render_card_image(ace, 80, deck=DeckColours.FOUR_COLOUR)))
    assert len(digests) == 5
    red = render_card_image(parse_card("HA"), 80).pixelColor(40, 56)
    assert red.red() > 150 and red.green() < 100  # the big heart in the middle is red


def _south_to_play(lead_suit_cards: CardSet, hand: CardSet) -> TableState:
    """South holds ``hand``; only cards of the suit led are playable (others say why)."""
    cards = tuple(
        TableCard(c, playable=True) if c in lead_suit_cards else TableCard(c, unplayable_reason="you must follow suit")
        for c in display_order(hand)
    )
    hands = [
        SeatHand(Seat.NORTH, "North", hidden_count=12),
        SeatHand(Seat.EAST, "East", hidden_count=12),
        SeatHand(Seat.SOUTH, "South (you)", cards),
        SeatHand(Seat.WEST, "West", hidden_count=13),
    ]
    return TableState(tuple(hands), trick=((Seat.WEST, parse_card("H5")),))


@pytest.fixture
def table(qtbot):
    view = CardTableView()
    qtbot.addWidget(view)
    view.resize(900, 640)
    view.show()
    qtbot.waitExposed(view)
    hand = CardSet.parse("SA SK H9 H4 H2 CQ D7 D6 D5 D4 D3 D2 C2")
    view.set_state(_south_to_play(CardSet.of_suit(1), hand))
    return view


def test_clicking_a_playable_card_emits_the_intent_and_nothing_else_changes(qtbot, table):
    chosen = []
    table.card_chosen.connect(chosen.append)
    before = table.state
    h9 = parse_card("H9")
    centre = table.card_rect(h9).topLeft() + QPointF(5, 20)
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=centre.toPoint())
    assert chosen == [h9]
    assert table.state is before  # the view reports; the controller decides


def test_clicking_an_unplayable_card_does_nothing_and_explains_why(qtbot, table):
    chosen = []
    table.card_chosen.connect(chosen.append)
    sa = parse_card("SA")
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=(table.card_rect(sa).topLeft() + QPointF(5, 20)).toPoint())
    assert chosen == []
    assert table.tooltip_for(sa) == "♠A: you must follow suit"
    assert table.tooltip_for(parse_card("H9")) == ""


def test_keyboard_moves_the_focus_over_playable_cards_and_plays(qtbot, table):
    chosen = []
    table.card_chosen.connect(chosen.append)
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert table.focus_card == parse_card("H9")
    qtbot.keyClick(table, Qt.Key.Key_Right)
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert table.focus_card == parse_card("H2")
    qtbot.keyClick(table, Qt.Key.Key_Right)  # wraps round
    assert table.focus_card == parse_card("H9")
    qtbot.keyClick(table, Qt.Key.Key_End)
    qtbot.keyClick(table, Qt.Key.Key_Left)
    assert table.focus_card == parse_card("H4")
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert chosen == [parse_card("H4"), parse_card("H4")]
    lifted = table.card_rect(parse_card("H4"))
    assert lifted.top() < table.card_rect(parse_card("H9")).top()  # the focus card rises


@pytest.mark.parametrize("visibility", list(HandVisibility))
@pytest.mark.parametrize("size", [(480, 340), (1400, 900)])
def test_layout_keeps_every_card_inside_the_view(qtbot, size, visibility):
    view = CardTableView()
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    deal = random_deals(3, 1)[0]
    led = deal[Seat.WEST].highest()
    state = deal_table_state(deal.without([led]), visibility)
    view.set_state(TableState(state.hands, trick=((Seat.WEST, led),)))
    layout = view.table_layout
    bounds = view.rect()
    rects = [r for rs in layout.hand_cards.values() for r in rs] + list(layout.trick_cards.values())
    rects += [r.translated(0, -layout.lift) for r in layout.hand_cards[Seat.SOUTH]]
    rects += list(layout.labels.values())
    for r in rects:
        assert bounds.contains(r.toAlignedRect()), f"{r} is outside {bounds} at {size}"
    hand_rects = [r for rs in layout.hand_cards.values() for r in rs]
    for r in layout.trick_cards.values():  # the trick never covers a hand
        assert not any(r.intersects(h) for h in hand_rects)
    assert layout.card_width > (60 if size[0] > 1000 else 25)


def test_a_played_card_glides_into_the_trick_unless_animation_is_off(qtbot, table):
    hand = table.state.hands[Seat.SOUTH]
    remaining = tuple(c for c in hand.cards if c.card != parse_card("H9"))
    after = TableState(
        (table.state.hands[0], table.state.hands[1], SeatHand(Seat.SOUTH, hand.label, remaining), table.state.hands[3]),
        trick=table.state.trick + ((Seat.SOUTH, parse_card("H9")),),
    )
    table.set_animation(True, 120)
    table.set_state(after)
    assert table.is_animating
    qtbot.waitUntil(lambda: not table.is_animating, timeout=3000)
    table.set_animation(False, 120)
    table.set_state(TableState(after.hands, trick=after.trick + ((Seat.NORTH, parse_card("HK")),)))
    assert not table.is_animating


def test_hover_tooltip_event_shows_the_reason(qtbot, table):
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QToolTip

    pos = (table.card_rect(parse_card("SA")).topLeft() + QPointF(5, 20)).toPoint()
    table.event(QHelpEvent(QEvent.Type.ToolTip, pos, table.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=2000)
    assert QToolTip.text() == "♠A: you must follow suit"


def test_table_state_rejects_impossible_tables():
    with pytest.raises(ValueError, match="shown twice"):
        TableState(
            (
                SeatHand(Seat.NORTH, "N", (TableCard(0),)),
                SeatHand(Seat.EAST, "E"),
                SeatHand(Seat.SOUTH, "S"),
                SeatHand(Seat.WEST, "W"),
            ),
            trick=((Seat.EAST, 0),),
        )
    with pytest.raises(ValueError, match="unplayable reason"):
        TableCard(3, playable=True, unplayable_reason="no")
