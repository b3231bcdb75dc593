"""Which card may be played, and the sentence that explains a refused one.

There is **no obligation** in Briscola to follow suit, to trump or to beat: every card in
the hand of the seat to move may be played. A card is refused only when the hand is
over, when it is not a card, when it is not the mover's turn, or when it is not in the
mover's hand (the sentence then says where the card is, when the mover may know).
"""

from __future__ import annotations

from typing import Protocol

from tutorial.engine.cards import BRISCOLA_DECK, Card, describe_cards
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.seats import Seat, seat_name
from tutorial.engine.verdicts import HAND_OVER, NOT_IN_HAND, NOT_YOUR_TURN, Verdict
from tutorial.language.i18n import t

#: Game-specific refusal: the action is not a card (Briscola has no other action).
NOT_A_CARD = "not_a_card"

RULE_FREE_PLAY = "Briscola: free play"
RULE_TURN = "Briscola: turn order"
RULE_HAND = "Briscola: play from your hand"
RULE_END = "Briscola: end of the hand"


class PlayPosition(Protocol):
    """What the explanation of a play reads of a position."""

    @property
    def to_move(self) -> Seat | None: ...
    @property
    def total_tricks(self) -> int: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tricks(self) -> tuple[TrickResult, ...]: ...
    @property
    def current_trick(self) -> tuple[Play, ...]: ...
    @property
    def trump_card(self) -> Card: ...
    @property
    def trump_card_taken(self) -> bool: ...
    @property
    def trump_card_holder(self) -> Seat | None: ...


def explain_play(position: PlayPosition, action: object) -> Verdict:
    """Whether the seat to move may play ``action`` (a card, ``Play`` or notation), and why."""
    seat = position.to_move
    if seat is None:
        return Verdict.refuse(
            HAND_OVER, t("briscola.refuse.hand_over", tricks=position.total_tricks), rule=RULE_END
        )
    played_by: Seat | None = None
    if isinstance(action, Play):
        played_by, action = action.seat, action.card
    if isinstance(action, str):
        action = BRISCOLA_DECK.parse(action)
    if not isinstance(action, Card):
        return Verdict.refuse(
            NOT_A_CARD, t("briscola.refuse.not_a_card", action=repr(action)), rule=RULE_HAND
        )
    card = action
    if card not in BRISCOLA_DECK:
        return Verdict.refuse(
            NOT_IN_HAND,
            t("briscola.refuse.not_in_deck", card=card.label),
            (card,),
            RULE_HAND,
        )
    if played_by is not None and played_by != seat:
        # Rule: play goes in turn from the trick's leader.
        return Verdict.refuse(
            NOT_YOUR_TURN,
            t(
                "briscola.refuse.not_your_turn",
                seat=seat_name(played_by, start=True),
                card=card.label,
                turn=seat_name(seat),
                leader=seat_name(position.leader),
            ),
            (card,),
            RULE_TURN,
        )
    hand = position.hands[seat]
    if card not in hand:
        return Verdict.refuse(
            NOT_IN_HAND, not_in_hand_message(position, seat, card), (card,), RULE_HAND
        )
    # Rule: no obligation to follow suit, trump or beat: any card in hand.
    return Verdict.ok(t("briscola.ok.card", card=card.label), RULE_FREE_PLAY)


def not_in_hand_message(position: PlayPosition, seat: Seat, card: Card) -> str:
    """Why ``seat`` cannot play ``card``: where the card is, when that is known."""
    hand = describe_cards(position.hands[seat])
    for trick in position.tricks:
        if card in trick.cards:
            return t("briscola.refuse.played_before", card=card.label, trick=trick.index + 1)
    if any(p.card == card for p in position.current_trick):
        return t("briscola.refuse.in_current_trick", card=card.label)
    if card == position.trump_card:
        holder = position.trump_card_holder
        if not position.trump_card_taken:
            return t("briscola.refuse.face_up_trump", card=card.label, hand=hand)
        if holder is not None:
            return t(
                "briscola.refuse.face_up_trump_drawn",
                card=card.label,
                seat=seat_name(holder),
                hand=hand,
            )
    return t("briscola.refuse.not_in_hand", card=card.label, hand=hand)
