"""Briscola, 2 and 4 players (seed 002; docs/rules.md §3).

The deck has 40 cards, ``A 2 3 4 5 6 7 J Q K`` in four suits. Each player holds three
cards; the card turned face up under the stock names trump for the whole deal. There is
**no obligation** to follow suit, to trump or to beat: every card in hand may be played.
A trump beats any plain card (the higher trump beats the lower); without a trump the
highest card of the led suit wins; a card of another plain suit never wins. The winner
draws first, then the others in playing order; the last draw of the deal takes the
face-up trump card. Points: A 11, 3 10, K 4, Q 3, J 2, the rest 0; 120 in all; 61 or
more wins, 60-60 is a draw. Four players play as partners sitting opposite (seats 0 and
2 against 1 and 3) and pool their points.

Seats are numbered in playing order. Sides are named ``"A"`` (seat 0, or seats 0 and 2)
and ``"B"`` (seat 1, or seats 1 and 3); ``team_of(seat)`` is their index.

The package, one module per concept (each imports only those above it in this list):

- ``constants``: the game's name, the sides, the hand size, the target of 61.
- ``options``: ``BriscolaOptions`` and the named presets (``DEFAULT``, ``QUEEN_JACK_SWAP``).
- ``cards``: rank order, card points, and who wins a trick and why (``judge_trick``).
- ``draws``: ``Draw``, one card drawn after a trick.
- ``play_rules``: which card may be played, and the sentence for a refused one.
- ``card_masks``: the same trick rules on card indices and bitmasks
  (``BriscolaCardMasks``, over the tables of ``fast``: ``fast_tables``), for the fast
  playout, the solver and the players.
- ``scoring``: the score of a finished hand (card points per side, the result).
- ``state``: ``BriscolaState``, the position as an immutable state machine, and
  ``hand_order``.
- ``setup``: building positions, ``new_hand`` (a deal) and ``start_play`` (a scenario).
- ``playout``: the fast random playout over ``fast`` (the bitmask fast path).
- ``table``: what the game says of a table before any state (no hand size kept: the
  stock refills them; the sides; the target), for the scenarios.

Decisions where the seed is silent are written in the module they concern (``options``,
``setup``, ``state``).
"""

from __future__ import annotations

from tutorial.engine.briscola.card_masks import BriscolaCardMasks, fast_tables
from tutorial.engine.briscola.cards import (
    HIGHEST_OF_LED_SUIT,
    HIGHEST_TRUMP,
    LED_SUIT_UNCONTESTED,
    TrickJudgement,
    card_points,
    cards_points,
    judge_trick,
    rank_order,
    trick_winner,
)
from tutorial.engine.briscola.constants import GAME, PLAYER_COUNTS, SIDES, TARGET
from tutorial.engine.briscola.draws import Draw
from tutorial.engine.briscola.options import (
    DEFAULT,
    PRESETS,
    QUEEN_JACK_SWAP,
    BriscolaOptions,
    get_ruleset,
    play_direction,
)
from tutorial.engine.briscola.play_rules import NOT_A_CARD
from tutorial.engine.briscola.playout import PlayoutResult, playout
from tutorial.engine.briscola.setup import new_hand, start_play
from tutorial.engine.briscola.state import BriscolaState, hand_order
from tutorial.engine.briscola.table import (
    BIDDING_MAKES_SIDES,
    CHIEN_SIZE,
    FIRST_TRICK_HAND,
    HAS_BIDDING,
    HAS_TARGET,
    LAST_TRICK_BONUS,
    POINTS_ON_TABLE,
    TARGET_CARDS,
    WHOLE_TRICK_PILES,
    card_points_as,
    is_pass,
    taker_against_target,
    team_of_seat,
)
from tutorial.engine.games import GameInfo, register_game

# The catalogue lookup stays reachable as ``briscola.t``, as it was before the split.
from tutorial.language.i18n import t as t

__all__ = [
    "DEFAULT",
    "GAME",
    "HIGHEST_OF_LED_SUIT",
    "HIGHEST_TRUMP",
    "LED_SUIT_UNCONTESTED",
    "NOT_A_CARD",
    "PRESETS",
    "QUEEN_JACK_SWAP",
    "SIDES",
    "TARGET",
    "BriscolaCardMasks",
    "BriscolaOptions",
    "BriscolaState",
    "Draw",
    "PlayoutResult",
    "TrickJudgement",
    "card_points",
    "cards_points",
    "fast_tables",
    "get_ruleset",
    "hand_order",
    "judge_trick",
    "new_hand",
    "playout",
    "rank_order",
    "start_play",
    "trick_winner",
]

__all__ += ["PLAYER_COUNTS"]

__all__ += ["play_direction"]

# What the game says of a table before any state (scenarios read positions by it).
__all__ += [
    "BIDDING_MAKES_SIDES",
    "CHIEN_SIZE",
    "FIRST_TRICK_HAND",
    "HAS_BIDDING",
    "HAS_TARGET",
    "LAST_TRICK_BONUS",
    "POINTS_ON_TABLE",
    "TARGET_CARDS",
    "WHOLE_TRICK_PILES",
    "card_points_as",
    "is_pass",
    "taker_against_target",
    "team_of_seat",
]

# The game's own reasons why a card did worse register themselves (tutorial.engine.reasons).
from tutorial.engine.briscola import reasons  # noqa: E402, F401
from tutorial.engine.briscola.notation import NOTATION  # noqa: E402
from tutorial.engine.cards import BRISCOLA_DECK as _DECK  # noqa: E402

register_game(
    GameInfo(
        name="briscola",
        title="Briscola",
        place=3,
        deck=_DECK,
        player_counts=PLAYER_COUNTS,
        first_trick_hand=FIRST_TRICK_HAND,
        chien_size=CHIEN_SIZE,
        target_cards=TARGET_CARDS,
        whole_trick_piles=WHOLE_TRICK_PILES,
        bidding_makes_sides=BIDDING_MAKES_SIDES,
        has_bidding=HAS_BIDDING,
        points_on_table=POINTS_ON_TABLE,
        has_target=HAS_TARGET,
        last_trick_bonus=LAST_TRICK_BONUS,
        new_hand=new_hand,
        start_play=start_play,
        playout=playout,
        hand_order=hand_order,
        play_direction=play_direction,
        card_points_as=card_points_as,
        team_of_seat=team_of_seat,
        taker_against_target=taker_against_target,
        is_pass=is_pass,
        notation=NOTATION,
    )
)
