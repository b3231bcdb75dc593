"""A hand in the game's order, as every picture and list of cards shows it.

Suits alternate in colour (♠ ♥ ♣ ♦), the trump suit goes last, and inside a suit the
cards go from weakest to strongest in the game's own order, which each game gives with
its ``hand_order(state)``: Belote's trump J and 9 at the top, Briscola's A and 3,
Tarot's trumps by number and then the Excuse.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.cards import Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.games import game_info

#: Plain suits alternating in colour.
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def sort_hand(cards: Sequence[Card], state: GameState) -> list[Card]:
    """``cards`` in the order of ``state``'s game (see the module's docstring)."""
    trump, strength = game_info(state.game).hand_order(state)
    suits = [s for s in SUIT_ORDER if s is not trump]
    if trump is not None:
        suits.append(trump)
    if Suit.TRUMP not in suits:
        suits.append(Suit.TRUMP)
    suits.append(Suit.EXCUSE)
    # The Excuse sorts with the trumps where there are trumps to sort it with (Tarot).
    excuse_suit = Suit.TRUMP if trump is Suit.TRUMP else Suit.EXCUSE

    def key(card: Card) -> tuple[int, int]:
        suit = excuse_suit if card.suit is Suit.EXCUSE else card.suit
        return suits.index(suit), strength(card)

    return sorted(cards, key=key)


__all__ = ["SUIT_ORDER", "sort_hand"]
