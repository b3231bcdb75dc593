"""What Tarot says of a table before any state exists: the hands at the first trick,
the cards set aside, the sides, the target.

The scenarios read a position through these (reached with
``tutorial.engine.games.game_info("tarot")``, which gathers them); every game's package has the same names
(the chien's size is ``CHIEN_SIZE`` of :mod:`tutorial.engine.tarot.constants`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat
from tutorial.engine.tarot.actions import Bid
from tutorial.engine.tarot.cards import BOUTS, DEFENCE_TEAM, POINTS, TAKER_TEAM
from tutorial.engine.tarot.constants import HAND_SIZE

#: Cards each seat holds at the first trick, one fewer after each trick (None: refilled).
FIRST_TRICK_HAND: int | None = HAND_SIZE
#: The cards whose owner at the end decides the points the taker needs: the bouts.
TARGET_CARDS: frozenset[Card] = frozenset(BOUTS)
#: Whether a side's pile of won cards is always whole tricks: no (the discard, the Excuse).
WHOLE_TRICK_PILES = False
#: Whether the bidding makes the sides anew each hand: yes, the taker against three.
BIDDING_MAKES_SIDES = True
#: Whether a hand starts with bids: yes, the bids choose the taker and the contract.
HAS_BIDDING = True
#: Whether the table shows each side's card points as they are won: no (counting them is the learner's to do).
POINTS_ON_TABLE = False
#: Whether a finished hand's details give a target (``details["target"]``): yes.
HAS_TARGET = True
#: The points the last trick adds to its winner's pile: none.
LAST_TRICK_BONUS = 0.0


def card_points_as(card: Card, *, trump: bool, ruleset: str | Ruleset = "default") -> float | None:
    """A card's points in Tarot, whatever ``trump`` says (no plain suit is ever trump here:
    the trumps are a suit of their own), the same in every ruleset (None: not a Tarot card).

    >>> card_points_as(Card.parse("KH"), trump=True), card_points_as(Card.parse("10H"), trump=False)
    (4.5, 0.5)
    >>> card_points_as(Card.parse("AH"), trump=False) is None
    True
    """
    return POINTS.get(card)


def team_of_seat(seat: Seat, taker: Seat | None = None) -> int:
    """The side of a seat: 0 for the taker, 1 for a defender (every seat, with no taker)."""
    return TAKER_TEAM if seat == taker else DEFENCE_TEAM


def taker_against_target(details: Mapping[str, Any]) -> tuple[float, float] | None:
    """The taker's card points and the target needed, from a hand's details (None: no contract)."""
    if not details.get("contract"):
        return None
    return float(details["points"]), float(details["target"])


def is_pass(action: object) -> bool:
    """Whether a bid is a pass (the seat does not take).

    >>> is_pass(Bid.PASS), is_pass(Bid.GARDE)
    (True, False)
    """
    return isinstance(action, Bid) and action == Bid.PASS


__all__ = [
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
