"""Belote (classic, with a proposed card): one hand as a state machine, and a match.

Seats ``0..3`` are numbered in playing order; partners sit opposite, so team 0 is seats
0 and 2 and team 1 is seats 1 and 3 (score sides ``"team0"`` and ``"team1"``). Whether
play goes clockwise or counter-clockwise at a real table is the ``direction`` option,
which only changes how a table is drawn, never a rule.

A hand runs through the phases ``bidding`` (round 1: take the proposed card's suit or
pass; round 2: name another suit or pass), ``declare`` (at a player's first turn of the
first trick, when they hold a combination: ``Declare`` it or ``NoDeclaration``),
``play`` and ``done``. The rules are those of docs/rules.md §1 (seeds 000, 003, 004);
every point where the seeds differ is a field of ``BeloteOptions``.

The package, one module per concept (each imports only those above it in this list):

- ``cards``: seats and teams, rank orders, card points, card power, the trick winner.
- ``options``: ``BeloteOptions`` and the named presets (``DEFAULT``, ``SEED_004``...).
- ``declarations``: sequences and carrés (``Combination``), the best set a hand
  allows, which team's declarations score, who holds belote-rebelote.
- ``actions``: ``Pass``, ``Take``, ``Declare``, ``NoDeclaration``.
- ``play_rules``: the legal cards, and the verdict explaining any card.
- ``scoring``: the itemised score of a finished hand.
- ``fast`` and ``playout``: the bitmask fast path and the random playout over it.
- ``card_masks``: the trick rules on card indices and bitmasks (``BeloteCardMasks``,
  over the fast path's tables), for the fast playout, the solver and the players.
- ``state``: ``BeloteState``, the hand as a state machine; ``hand_order``.
- ``setup``: ``new_hand`` (a fresh deal) and ``start_play`` (a position in play).
- ``match``: ``BeloteMatch``, hands in sequence to the target score.
- ``table``: what the game says of a table before any state (the hands at the first
  trick, the sides, no target), for the scenarios.

Every name below is importable from the package itself, e.g.
``from tutorial.engine.belote import BeloteState, start_play``.
"""

from __future__ import annotations

from tutorial.engine.belote import fast
from tutorial.engine.belote.actions import (
    UNKNOWN_ACTION,
    BeloteAction,
    Bid,
    Declare,
    NoDeclaration,
    Pass,
    Take,
)
from tutorial.engine.belote.card_masks import BeloteCardMasks
from tutorial.engine.belote.cards import (
    DIX_DE_DER,
    GAME,
    HAND_POINTS_TOTAL,
    NUM_TRICKS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    SIDES,
    TRUMP_ORDER,
    TRUMP_POINTS,
    card_points,
    card_power,
    team_of,
    trick_points,
    trick_winner,
)
from tutorial.engine.belote.declarations import (
    BELOTE_POINTS,
    CARRE_POINTS,
    SEQUENCE_POINTS,
    Combination,
    DeclarationResult,
    best_declarations,
    compare_declarations,
)
from tutorial.engine.belote.match import BeloteMatch
from tutorial.engine.belote.options import (
    CONTREE_DISCARD,
    DEFAULT,
    SEED_000,
    SEED_004,
    BeloteOptions,
    play_direction,
)
from tutorial.engine.belote.play_rules import explain_play, legal_cards
from tutorial.engine.belote.playout import FAST_TABLES, PlayoutResult, playout
from tutorial.engine.belote.scoring import hand_totals, round_tens, sheet_result
from tutorial.engine.belote.setup import new_hand, start_play
from tutorial.engine.belote.state import BeloteState, hand_order
from tutorial.engine.belote.table import (
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

__all__ = [
    "BELOTE_POINTS",
    "CARRE_POINTS",
    "CONTREE_DISCARD",
    "DEFAULT",
    "DIX_DE_DER",
    "FAST_TABLES",
    "GAME",
    "HAND_POINTS_TOTAL",
    "NUM_TRICKS",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "SEED_000",
    "SEED_004",
    "SEQUENCE_POINTS",
    "SIDES",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "UNKNOWN_ACTION",
    "BeloteAction",
    "BeloteCardMasks",
    "BeloteMatch",
    "BeloteOptions",
    "BeloteState",
    "Bid",
    "Combination",
    "DeclarationResult",
    "Declare",
    "NoDeclaration",
    "Pass",
    "PlayoutResult",
    "Take",
    "best_declarations",
    "card_points",
    "card_power",
    "compare_declarations",
    "explain_play",
    "fast",
    "hand_order",
    "hand_totals",
    "legal_cards",
    "new_hand",
    "playout",
    "round_tens",
    "sheet_result",
    "start_play",
    "team_of",
    "trick_points",
    "trick_winner",
]

#: How many may sit at a Belote hand (the first: the usual table).
PLAYER_COUNTS: tuple[int, ...] = (4,)
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
from tutorial.engine.belote import reasons  # noqa: E402, F401
from tutorial.engine.belote.notation import NOTATION  # noqa: E402
from tutorial.engine.cards import BELOTE_DECK as _DECK  # noqa: E402

register_game(
    GameInfo(
        name="belote",
        title="Belote",
        place=1,
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
