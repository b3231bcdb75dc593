"""What Briscola says of a table before any state exists: the hands at the first trick,
the cards set aside, the sides, the target.

The scenarios read a position through these (reached with
``tutorial.engine.games.game_info("briscola")``, which gathers them); every game's package has the same names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.briscola.cards import rules_of
from tutorial.engine.cards import Card
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat

#: Cards each seat holds at the first trick, one fewer after each trick (None: the
#: hands are refilled from the stock after every trick).
FIRST_TRICK_HAND: int | None = None
#: Cards set aside at the deal, as Tarot's chien: none (the stock is drawn from).
CHIEN_SIZE = 0
#: The cards whose owner at the end decides the points needed: none (61 to win).
TARGET_CARDS: frozenset[Card] = frozenset()
#: Whether a side's pile of won cards is always whole tricks: yes.
WHOLE_TRICK_PILES = True
#: Whether the bidding makes the sides anew each hand: no, there is no bidding.
BIDDING_MAKES_SIDES = False
#: Whether a hand starts with bids: no, the card turned up names trumps.
HAS_BIDDING = False
#: Whether the table shows each side's card points as they are won: yes (the hand is won by counting to 61: each side's count is on the table, as players keep it in mind).
POINTS_ON_TABLE = True
#: Whether a finished hand's details give a target (``details["target"]``): yes, 61.
HAS_TARGET = True
#: The points the last trick adds to its winner's pile: none.
LAST_TRICK_BONUS = 0.0


def card_points_as(card: Card, *, trump: bool, ruleset: str | Ruleset = "default") -> float | None:
    """A card's points in a ruleset of Briscola, the same as a trump or not (None: not a
    Briscola card).

    >>> card_points_as(Card.parse("JH"), trump=True), card_points_as(Card.parse("3H"), trump=False)
    (2.0, 10.0)
    >>> card_points_as(Card.parse("JH"), trump=False, ruleset="queen-jack-swap")
    3.0
    >>> card_points_as(Card.parse("9H"), trump=False) is None
    True
    """
    points = rules_of(ruleset).points.get(card)
    return None if points is None else float(points)


def team_of_seat(seat: Seat, taker: Seat | None = None) -> int:
    """The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (there is no taker)."""
    return seat % 2


def taker_against_target(details: Mapping[str, Any]) -> tuple[float, float] | None:
    """The taker's card points and the target needed, from a hand's details: no taker here."""
    return None


def is_pass(action: object) -> bool:
    """Whether a bid is a pass: never, Briscola has no bids."""
    del action
    return False


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
