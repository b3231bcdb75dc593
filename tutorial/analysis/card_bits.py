"""One hand's play rules on card indices, as the players' playouts and the sampling read
them (pure: never imports streamlit).

:class:`CardBits` wraps the engine's compact form of the rules (``state.card_masks()``:
legal cards, the trick's winner, points, sides; bit ``i`` of a mask is ``deck[i]``) with
what the greedy playouts add: each card's power in its suit (trumps above every plain
card) and Tarot's Petit, kept back while a later seat could take it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.cards import PETIT, Deck
from tutorial.engine.contract import GameState

__all__ = ["CardBits", "deck_of", "indices"]


def deck_of(state: GameState) -> Deck:
    """The deck of a position in play (card ``i`` of the compact form is ``deck[i]``)."""
    return state.card_masks().deck


def indices(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardBits:
    """One hand's play rules on card indices (bit ``i``: ``deck[i]``): the engine's
    compact form (``state.card_masks()``: legal cards, the trick's winner, points,
    sides), with what the greedy playouts add: each card's power in its suit (trumps
    above every plain card) and Tarot's Petit, kept back while a later seat could take it.

    The legality feeds what a seat's plays show (``tests/test_card_masks.py`` checks it
    against ``legal_plays()``); the rest feeds the greedy playouts.
    """

    def __init__(self, state: GameState) -> None:
        masks = self.masks = state.card_masks()
        self.deck = masks.deck
        size = self.size = masks.size
        self.n = masks.n
        self.team = masks.team
        self.pts = masks.pts
        self.scale = masks.scale
        self.trumps = masks.trumps
        self.excuse = masks.excuse
        self.to_opponents = masks.excuse_to_opponents
        #: The flags ``judge`` starts from (the sides that have won every trick so far).
        self.flags = masks.root_flags
        self.petit = self.deck.index(PETIT) if PETIT in self.deck else -1
        rank, trumps = masks.rank, self.trumps
        self.power = [rank[c] + (100 if trumps >> c & 1 else 0) for c in range(size)]

    def winner(self, trick: Sequence[int]) -> int:
        """The position in the (partial) trick of the card winning it so far."""
        return self.masks.winner(trick)

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The cards of ``hand`` (a mask) that may be played to ``trick``."""
        if not trick:
            return hand
        masks = self.masks
        return masks.legal(hand, trick, masks.winner(trick))

    def takes_over(self, trick: Sequence[int], card: int) -> bool:
        """Whether ``card``, played now, would win the trick."""
        masks = self.masks
        return masks.takes_over(trick, masks.winner(trick), card)

    def judge(
        self, trick: Sequence[int], leader: int, last: bool, flags: int
    ) -> tuple[int, list[int], int]:
        """(winner seat, points per side, new flags) of a complete trick, in this
        object's unit (the engine's ``judge``)."""
        w, g0, flags = self.masks.judge(trick, leader, last, flags)
        return w, [g0, self.masks.trick_points(trick, last) - g0], flags
