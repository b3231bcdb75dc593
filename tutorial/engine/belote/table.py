"""What Belote says of a table before any state exists: the hands at the first trick,
the cards set aside, the sides, the target.

The scenarios read a position through these (reached with
``tutorial.engine.games.game_info("belote")``, which gathers them); every game's package has the same names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.belote.actions import Pass
from tutorial.engine.belote.cards import (
    DIX_DE_DER,
    NUM_TRICKS,
    PLAIN_POINTS,
    TRUMP_POINTS,
    team_of,
)
from tutorial.engine.cards import BELOTE_DECK, Card
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat

#: Cards each seat holds at the first trick, one fewer after each trick (None: refilled).
FIRST_TRICK_HAND: int | None = NUM_TRICKS
#: Cards set aside at the deal, as Tarot's chien: none.
CHIEN_SIZE = 0
#: The cards whose owner at the end decides the points the taker needs: none.
TARGET_CARDS: frozenset[Card] = frozenset()
#: Whether a side's pile of won cards is always whole tricks: yes.
WHOLE_TRICK_PILES = True
#: Whether the bidding makes the sides anew each hand: no, partners sit opposite.
BIDDING_MAKES_SIDES = False
#: Whether a hand starts with bids: yes, the bids choose trumps and the taking side.
HAS_BIDDING = True
#: Whether the table shows each side's card points as they are won: no (counting them is the learner's to do).
POINTS_ON_TABLE = False
#: Whether a finished hand's details give a target (``details["target"]``): no.
HAS_TARGET = False
#: The points the last trick adds to its winner's pile: the 10 of dix de der.
LAST_TRICK_BONUS = float(DIX_DE_DER)


def card_points_as(card: Card, *, trump: bool, ruleset: str | Ruleset = "default") -> float | None:
    """A card's points in Belote as a trump or in a plain suit, the same in every ruleset
    (None: not a Belote card).

    >>> card_points_as(Card.parse("JH"), trump=True), card_points_as(Card.parse("JH"), trump=False)
    (20.0, 2.0)
    >>> card_points_as(Card.parse("3H"), trump=False) is None
    True
    """
    if card not in BELOTE_DECK:
        return None
    return float((TRUMP_POINTS if trump else PLAIN_POINTS)[card.rank])


def team_of_seat(seat: Seat, taker: Seat | None = None) -> int:
    """The side of a seat at any table: partners sit opposite (the taker changes nothing)."""
    return team_of(seat)


def taker_against_target(details: Mapping[str, Any]) -> tuple[float, float] | None:
    """The taker's card points and the target needed, from a hand's details: none here."""
    return None


def is_pass(action: object) -> bool:
    """Whether a bid is a pass (the seat does not take).

    >>> is_pass(Pass()), is_pass(Card.parse("9H"))
    (True, False)
    """
    return isinstance(action, Pass)


__all__ = [
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
