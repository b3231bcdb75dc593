"""French Tarot for four players (seed 001; docs/rules.md §2).

One taker plays alone against three defenders. A hand is a state machine:

``bidding`` -> ``discard`` (Prise/Garde only) -> ``chelem`` -> ``play`` (with a
``poignee`` question at each player's first turn of trick 1) -> ``done``.

Actions (what ``legal_actions()`` lists and ``apply``/``explain`` take):

- ``bidding``: a ``Bid`` (``Bid.PASS``, ``Bid.PRISE`` ... ``Bid.GARDE_CONTRE``); each seat
  bids once, from the seat after the dealer; every bid must be higher than the last.
- ``discard``: ``Discard(card)``, one card at a time, six times (the chien is public).
- ``chelem``: ``CHELEM`` or ``NO_CHELEM`` (``Chelem(declared)``), the taker's choice.
- ``poignee``: asked at a seat's first turn of trick 1, only when it has one to show:
  ``NO_POIGNEE`` or ``Poignee(level, cards)`` with ``level`` ``"simple"`` (10 trumps),
  ``"double"`` (13) or ``"triple"`` (15). ``legal_actions()`` offers one canonical set
  per level (the lowest trumps, the Excuse only where it must complete); ``apply`` and
  ``explain`` accept any valid set of that size.
- ``play``: a ``Card`` (or a ``Play(seat, card)``).

Which module holds what (each imports only modules listed before it, and ``card_masks``
and ``playout`` also ``fast``, which imports none):

- ``constants``: sizes, phase names, result names, trick reasons, rule names.
- ``cards``: card strength and points, bouts, targets, deck order, the trick winner,
  the sides (``TAKER_TEAM``, ``DEFENCE_TEAM``), seats and ``hand_order``.
- ``options``: ``TarotOptions`` and the named rulesets (``get_ruleset``).
- ``actions``: ``Bid``, ``Discard``, ``Chelem``, ``Poignee`` and their constants.
- ``sentences``: helpers for the engine's sentences (seat keys, cards, figures).
- ``bidding``, ``chien`` (the discard), ``announcements`` (chelem, poignées),
  ``play_rules`` (legal cards, why a card is refused), ``tricks`` (a finished trick and
  the Excuse): the rules of each phase, as functions of a position's fields.
- ``card_masks``: the trick rules on card indices and bitmasks (``TarotCardMasks``,
  over the tables of ``fast``), for the fast playout, the solver and the players.
- ``scoring``: ``tally`` (where the card points go) and the itemised ``HandOutcome``.
- ``state``: ``TarotState``, the position and the order of the hand.
- ``setup``: ``new_hand``, ``start_play``, ``deal_from_order``, ``complete_deal``.
- ``playout``: the fast random playout (``playout``, ``PlayoutResult``) over ``fast``,
  the bitmask path.
- ``table``: what the game says of a table before any state (the hands at the first
  trick, the sides, the cards that decide the target), for the scenarios.

The names other code uses are re-exported here (``from tutorial.engine.tarot import
TarotState``); the helpers of one module are imported from that module.

Seats are in playing order; ``team_of(seat)`` is 0 for the taker, 1 for a defender.
Scores are exact halves held in floats (every figure is a multiple of 0.5).

Decisions where seed 001 is silent:

- A deck order (``deal=``) is dealt three cards at a time from the seat after the
  dealer, 72 cards; the last six form the chien.
- Petit sec cancels the deal at once (no bidding); all four passing ends it too.
- Everyone bids exactly once; a seat that cannot outbid may only pass.
- The chelem question is put to the taker after the discard (or after the bidding for
  Garde sans/contre); a poignée is asked at each seat's first turn of trick 1 only if
  that seat holds one, and a seat may show a lower level than it could.
- A poignée shows exactly 10, 13 or 15 cards; the taker's shown trump discards count
  only toward a triple poignée, and only for a taker holding the four Kings.
- A declared chelem that fails scores -200 only, even if the defence takes every trick;
  an undeclared chelem (+200) goes to whichever team took all 18 tricks.
- No rounding: the taker's points, the difference and the base keep their halves.
- ``TrickResult.points`` are the card points the winning team keeps from that trick (the
  Excuse is left out when it goes to the other team; the 0.5 exchange is a separate
  ``excuse_exchange`` line and figure).
- A scenario that leaves earlier tricks unlisted says who leads with ``leader=``; a team
  counts as having won some unlisted trick if it captured a card other than the Excuse
  or carries positive points (this decides the Excuse's last-trick exception).
"""

from __future__ import annotations

from tutorial.engine.cards import EXCUSE as EXCUSE
from tutorial.engine.games import GameInfo, register_game
from tutorial.engine.tarot import fast as fast
from tutorial.engine.tarot.actions import (
    CHELEM,
    CHIEN_SHOWN,
    NO_CHELEM,
    NO_POIGNEE,
    POIGNEE_BONUS,
    POIGNEE_SIZES,
    Bid,
    Chelem,
    Discard,
    Poignee,
    TarotAction,
)
from tutorial.engine.tarot.card_masks import TarotCardMasks
from tutorial.engine.tarot.cards import (
    BOUTS,
    DEFENCE_TEAM,
    KINGS,
    TAKER_TEAM,
    TARGETS,
    card_points,
    hand_order,
    is_bout,
    is_trump,
    led_card,
    points_of,
    rank_value,
    sort_cards,
    target_for,
    trick_winner,
)
from tutorial.engine.tarot.constants import (
    CHIEN_SIZE,
    EXCUSE_WINS_LAST_TRICK,
    GAME,
    HAND_SIZE,
    HIGHEST_OF_LED_SUIT,
    HIGHEST_TRUMP,
    NUM_PLAYERS,
    NUM_TRICKS,
    PHASE_BIDDING,
    PHASE_CHELEM,
    PHASE_DISCARD,
    PHASE_DONE,
    PHASE_PLAY,
    PHASE_POIGNEE,
    RESULT_ALL_PASSED,
    RESULT_FAILED,
    RESULT_MADE,
    RESULT_PETIT_SEC,
    TOTAL_POINTS,
)
from tutorial.engine.tarot.options import (
    DEFAULT,
    DISCARDS_FOUR_KINGS,
    DISCARDS_NEVER,
    EXCUSE_TO_OPPONENTS,
    EXCUSE_TO_TRICK_WINNER,
    TarotOptions,
    get_ruleset,
    play_direction,
)
from tutorial.engine.tarot.playout import PlayoutResult, playout
from tutorial.engine.tarot.scoring import (
    CHELEM_DECLARED_FAILED,
    CHELEM_DECLARED_MADE,
    CHELEM_UNDECLARED,
    Tally,
    tally,
)
from tutorial.engine.tarot.sentences import poignee_level_name, seat_key
from tutorial.engine.tarot.setup import complete_deal, deal_from_order, new_hand, start_play
from tutorial.engine.tarot.state import TarotState
from tutorial.engine.tarot.table import (
    BIDDING_MAKES_SIDES,
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
from tutorial.language.i18n import t as t  # reachable here as before; each module holds its own

__all__ = [
    "BOUTS",
    "CHELEM",
    "CHELEM_DECLARED_FAILED",
    "CHELEM_DECLARED_MADE",
    "CHELEM_UNDECLARED",
    "CHIEN_SHOWN",
    "CHIEN_SIZE",
    "DEFAULT",
    "DEFENCE_TEAM",
    "DISCARDS_FOUR_KINGS",
    "DISCARDS_NEVER",
    "EXCUSE_TO_OPPONENTS",
    "EXCUSE_TO_TRICK_WINNER",
    "EXCUSE_WINS_LAST_TRICK",
    "GAME",
    "HAND_SIZE",
    "HIGHEST_OF_LED_SUIT",
    "HIGHEST_TRUMP",
    "KINGS",
    "NO_CHELEM",
    "NO_POIGNEE",
    "NUM_PLAYERS",
    "NUM_TRICKS",
    "PHASE_BIDDING",
    "PHASE_CHELEM",
    "PHASE_DISCARD",
    "PHASE_DONE",
    "PHASE_PLAY",
    "PHASE_POIGNEE",
    "POIGNEE_BONUS",
    "POIGNEE_SIZES",
    "RESULT_ALL_PASSED",
    "RESULT_FAILED",
    "RESULT_MADE",
    "RESULT_PETIT_SEC",
    "TAKER_TEAM",
    "TARGETS",
    "TOTAL_POINTS",
    "Bid",
    "Chelem",
    "Discard",
    "PlayoutResult",
    "Poignee",
    "Tally",
    "TarotAction",
    "TarotCardMasks",
    "TarotOptions",
    "TarotState",
    "card_points",
    "complete_deal",
    "deal_from_order",
    "get_ruleset",
    "hand_order",
    "is_bout",
    "is_trump",
    "led_card",
    "new_hand",
    "playout",
    "poignee_level_name",
    "points_of",
    "rank_value",
    "seat_key",
    "sort_cards",
    "start_play",
    "tally",
    "target_for",
    "trick_winner",
]

#: How many may sit at a Tarot hand (the first: the usual table).
PLAYER_COUNTS: tuple[int, ...] = (NUM_PLAYERS,)
__all__ += ["PLAYER_COUNTS"]

__all__ += ["play_direction"]

# What the game says of a table before any state (scenarios read positions by it).
__all__ += [
    "BIDDING_MAKES_SIDES",
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
from tutorial.engine.cards import TAROT_DECK as _DECK  # noqa: E402
from tutorial.engine.tarot import reasons  # noqa: E402, F401
from tutorial.engine.tarot.notation import NOTATION  # noqa: E402

register_game(
    GameInfo(
        name="tarot",
        title="French Tarot",
        place=2,
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
