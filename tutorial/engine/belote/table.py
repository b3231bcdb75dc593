"""What Belote says of a table before any state exists: the hands at the first trick,
the cards set aside, the sides, the target.

The scenarios read a position through these (reached with
``tutorial.engine.games.game_module("belote")``); every game's package has the same names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.belote.cards import NUM_TRICKS, team_of
from tutorial.engine.cards import Card
from tutorial.engine.core import Seat

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
#: Whether a finished hand's details give a target (``details["target"]``): no.
HAS_TARGET = False


def team_of_seat(seat: Seat, taker: Seat | None = None) -> int:
    """The side of a seat at any table: partners sit opposite (the taker changes nothing)."""
    return team_of(seat)


def taker_against_target(details: Mapping[str, Any]) -> tuple[float, float] | None:
    """The taker's card points and the target needed, from a hand's details: none here."""
    return None


__all__ = [
    "BIDDING_MAKES_SIDES",
    "CHIEN_SIZE",
    "FIRST_TRICK_HAND",
    "HAS_TARGET",
    "TARGET_CARDS",
    "WHOLE_TRICK_PILES",
    "taker_against_target",
    "team_of_seat",
]
