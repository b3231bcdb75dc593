"""What a state's ``legal_actions()`` lists and its ``explain`` and ``apply`` take: an
:data:`Action`, a card or one of the game's own actions (a :class:`GameAction`).

Each game defines its own actions other than cards in its package's ``actions.py``
(Belote's bids and declarations, Tarot's bids, discards, chelem and poignées), all on
the base :class:`GameAction`, and names their union there (``BeloteAction``,
``TarotAction``); its state's ``legal_actions()`` lists that union, and Briscola's, whose
every action is a card, lists cards. Above the engine an action is an :data:`Action`;
what one game's actions are is asked of the state (``bid_choices()``, ``contract``) or of
the game's notation (``GameInfo.notation``), never of its classes. ``explain`` and
``apply`` also take a card as a :class:`~tutorial.engine.outcomes.Play`, naming the seat
that plays it (refused out of turn).
"""

from __future__ import annotations

from typing import TypeAlias

from tutorial.engine.cards import Card


class GameAction:
    """The base of every action a game defines other than playing a card: a bid, a
    declaration, a discard, an announcement. It holds no field of its own."""

    __slots__ = ()

    @property
    def card_from_hand(self) -> Card | None:
        """The one card of the hand this action lays down or aside (a Tarot discard's
        card), None when it moves no single card (a bid, a declaration)."""
        return None


#: An action of any game: a card played, or one of the game's own actions.
Action: TypeAlias = Card | GameAction


def card_of(action: Action) -> Card | None:
    """The one card of the hand ``action`` lays down or aside: the card played, a Tarot
    discard's card; None for an action that moves no single card."""
    if isinstance(action, Card):
        return action
    return action.card_from_hand
