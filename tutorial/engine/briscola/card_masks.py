"""Briscola's trick rules in their compact form (see ``tutorial.engine.card_masks``).

Cards are ``BRISCOLA_DECK`` indices (suit-major, ten per suit); the tables are
``fast_tables``, the fast playout's too, for the options and the trump suit. Any card
of the hand may be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tutorial.engine.briscola import fast
from tutorial.engine.briscola.cards import rules_for
from tutorial.engine.briscola.options import BriscolaOptions
from tutorial.engine.card_masks import TableCardMasks, power_orders
from tutorial.engine.cards import BRISCOLA_DECK, PLAIN_SUITS
from tutorial.engine.contract import GameState

_SIZE = len(BRISCOLA_DECK)
_SUIT_INDEX = {s: i for i, s in enumerate(PLAIN_SUITS)}


@cache
def fast_tables(options: BriscolaOptions) -> tuple[tuple[list[bool], ...], list[int]]:
    """The tables of a set of options: who beats whom per trump suit, and card points."""
    rules = rules_for(options)
    strength = [rules.strength[c] for c in BRISCOLA_DECK]
    points = [rules.points[c] for c in BRISCOLA_DECK]
    suits = [_SUIT_INDEX[c.suit] for c in BRISCOLA_DECK]
    return fast.make_tables(suits, strength), points


@cache
def _orders(
    options: BriscolaOptions, trump: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    beats = fast_tables(options)[0][trump]
    return power_orders(_SIZE, [c // 10 for c in range(_SIZE)], lambda w, c: beats[w * _SIZE + c])


class BriscolaCardMasks(TableCardMasks):
    """Briscola's trick rules on ``BRISCOLA_DECK`` indices for a state's options, trump
    suit and number of players (sides A and B: seats 0, 2 and 1, 3)."""

    def __init__(self, state: GameState) -> None:
        opts = state.ruleset.options
        assert isinstance(opts, BriscolaOptions)
        tables, points = fast_tables(opts)
        assert state.trump_suit is not None
        trump = PLAIN_SUITS.index(state.trump_suit)
        self.n = state.num_players
        self.deck = BRISCOLA_DECK
        self.size = _SIZE
        self.team = tuple(state.team_of(s) for s in range(self.n))
        self.beats = tables[trump]
        self.pts = points
        self.scale = 1
        self.bonus_last = 0
        self.trumps = sum(1 << c for c in range(_SIZE) if c // 10 == trump)
        self.orders, self.group_masks = _orders(opts, trump)

    def legal(self, hand: int, trick: Sequence[int], wpos: int) -> int:
        """Every card of ``hand``: Briscola binds no suit."""
        return hand


__all__ = ["BriscolaCardMasks", "fast_tables"]
