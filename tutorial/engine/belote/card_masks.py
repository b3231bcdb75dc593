"""Belote's trick rules in their compact form (see ``tutorial.engine.card_masks``).

Cards are ``BELOTE_DECK`` indices, ``suit * 8 + n`` (suits S H D C, ``n`` the natural rank
7 8 9 10 J Q K A); the tables are ``playout.FAST_TABLES``, the fast playout's own, for
the trump suit. ``BeloteCardMasks.legal`` is rules 1-5 of ``play_rules``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tutorial.engine.belote.cards import DIX_DE_DER, NUM_PLAYERS, team_of
from tutorial.engine.belote.fast import SUIT_MASK
from tutorial.engine.belote.options import BeloteOptions
from tutorial.engine.belote.playout import FAST_TABLES
from tutorial.engine.card_masks import TableCardMasks, power_orders
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError

#: Per card, the mask of its suit.
SUIT_OF_CARD = tuple(SUIT_MASK[c >> 3] for c in range(len(BELOTE_DECK)))
_SIZE = len(BELOTE_DECK)


@cache
def _orders(trump: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    beats = FAST_TABLES.beats[trump]
    return power_orders(_SIZE, [c >> 3 for c in range(_SIZE)], lambda w, c: beats[w * _SIZE + c])


class BeloteCardMasks(TableCardMasks):
    """Belote's trick rules on ``BELOTE_DECK`` indices for a state's trump and options.

    ``trump`` is the index of the trump suit in ``PLAIN_SUITS``; the obligations' tables
    and options are ``TableCardMasks``'.
    """

    must_follow = True

    def __init__(self, state: GameState) -> None:
        if state.trump_suit is None:
            raise InvalidStateError("Belote's card rules need the trump suit: none is chosen")
        opts = state.ruleset.options
        assert isinstance(opts, BeloteOptions)
        trump = PLAIN_SUITS.index(state.trump_suit)
        self.n = NUM_PLAYERS
        self.deck = BELOTE_DECK
        self.size = _SIZE
        self.team = tuple(team_of(s) for s in range(NUM_PLAYERS))
        self.trump = trump
        self.beats = FAST_TABLES.beats[trump]
        self.higher = FAST_TABLES.higher[trump]
        self.pts = FAST_TABLES.points[trump]
        self.scale = 1
        self.bonus_last = DIX_DE_DER
        self.trumps = SUIT_MASK[trump]
        self.suit_mask = SUIT_OF_CARD
        self.partner_free = opts.partner_winning == "free"
        self.undertrump = opts.cannot_overtrump == "must_trump"
        self.orders, self.group_masks = _orders(trump)

    def legal(self, hand: int, trick: Sequence[int], wpos: int) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (``wpos``: the place of
        the card winning it so far): rules 1-5 of ``play_rules``."""
        if not trick:
            return hand
        w = trick[wpos]
        tmask = self.trumps
        led = SUIT_OF_CARD[trick[0]]
        if led == tmask:  # rule 4: trump led -> a higher trump if possible, even a partner's
            tr = hand & tmask
            return (tr & self.higher[w]) or tr or hand
        follow = hand & led  # rule 1: follow suit
        if follow:
            return follow
        tr = hand & tmask
        if not tr:
            return hand
        if wpos == len(trick) - 2:  # rule 2: the partner is winning
            return hand if self.partner_free else tr
        if tmask >> w & 1:  # rule 3: overtrump, else undertrump (or, by option, discard)
            return (tr & self.higher[w]) or (tr if self.undertrump else hand)
        return tr


__all__ = ["SUIT_OF_CARD", "BeloteCardMasks"]
