"""Belote's actions: the bids (``Pass``, ``Take``), the declaration choice (``Declare``,
``NoDeclaration``), each a :class:`~tutorial.engine.actions.GameAction`, and a card (a
``Card``; ``explain`` and ``apply`` also take a ``Play`` naming its seat)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from tutorial.engine.actions import GameAction
from tutorial.engine.belote.declarations import Combination
from tutorial.engine.cards import PLAIN_SUITS, Card, Suit

#: A game-specific reason code: the object given is not a Belote action at all.
UNKNOWN_ACTION = "unknown_action"


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """A bid: pass (in round 1 or round 2)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Take(GameAction):
    """A bid: take with ``suit`` as trump (round 1: the proposed card's suit; round 2: another)."""

    suit: Suit

    def __str__(self) -> str:
        return f"take {self.suit.symbol}"


@dataclass(frozen=True, slots=True)
class Declare(GameAction):
    """At your first turn of the first trick: declare your combinations."""

    combinations: tuple[Combination, ...]

    def __str__(self) -> str:
        return "declare " + ", ".join(c.describe() for c in self.combinations)


@dataclass(frozen=True, slots=True)
class NoDeclaration(GameAction):
    """At your first turn of the first trick: declare nothing."""

    def __str__(self) -> str:
        return "no declaration"


#: The bids offered (values: the same objects every time).
PASS = Pass()
TAKE = {s: Take(s) for s in PLAIN_SUITS}

Bid: TypeAlias = Pass | Take
#: Every action a Belote state lists among its legal actions.
BeloteAction: TypeAlias = Pass | Take | Declare | NoDeclaration | Card
