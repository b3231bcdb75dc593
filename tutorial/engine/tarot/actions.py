"""What a player does in a Tarot hand: bids, discards, the chelem decision, poignées.

Each is a :class:`~tutorial.engine.actions.GameAction`; ``TarotState.legal_actions()``
lists these (and cards, in the play: together a ``TarotAction``); ``apply`` and
``explain`` take them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

from tutorial.engine.actions import GameAction
from tutorial.engine.cards import TAROT_DECK, Card
from tutorial.engine.errors import NotationError
from tutorial.engine.tarot.cards import sort_cards
from tutorial.engine.tarot.constants import (
    PHASE_BIDDING,
    PHASE_CHELEM,
    PHASE_DISCARD,
    PHASE_PLAY,
    PHASE_POIGNEE,
)
from tutorial.engine.verdicts import BAD_BID, BAD_DECLARATION, BAD_DISCARD, NOT_IN_HAND
from tutorial.language.i18n import t

#: Poignée levels: cards shown and bonus.
POIGNEE_SIZES: Mapping[str, int] = {"simple": 10, "double": 13, "triple": 15}
POIGNEE_BONUS: Mapping[str, int] = {"simple": 20, "double": 30, "triple": 40}


class Bid(GameAction, enum.IntEnum):
    """A bid, in increasing order; each contract has its multiplier."""

    PASS = 0
    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def multiplier(self) -> int:
        """The contract's multiplier: Prise 1, Garde 2, Garde sans 4, Garde contre 6."""
        return _MULTIPLIERS[self]

    @property
    def label(self) -> str:
        """The name shown in the session's language: the French name kept in Latin letters
        (``Garde sans``), "Pass" as the language says it."""
        return t(_BID_KEYS[self])

    @property
    def notation(self) -> str:
        """The name as typed and written in scenarios, whatever the language: ``garde sans``."""
        return _BID_LABELS[self].lower()

    @classmethod
    def parse(cls, text: str | Bid) -> Bid:
        """A bid from its name: ``pass``, ``prise``, ``garde``, ``garde sans``, ``garde contre``.

        >>> Bid.parse("Garde sans"), Bid.parse("garde_contre")
        (<Bid.GARDE_SANS: 3>, <Bid.GARDE_CONTRE: 4>)
        """
        if isinstance(text, Bid):
            return text
        key = str(text).strip().lower().replace("-", " ").replace("_", " ")
        for b in cls:
            if key in (b.notation, b.name.lower().replace("_", " ")):
                return b
        raise NotationError(
            f"{text!r} is not a Tarot bid (pass, prise, garde, garde sans, garde contre)"
        )

    def __str__(self) -> str:
        return self.label


#: The bids' shown names (the French names stay in every language; "Pass" is translated).
_BID_KEYS = {
    Bid.PASS: "tarot.bid_name.pass",
    Bid.PRISE: "tarot.bid_name.prise",
    Bid.GARDE: "tarot.bid_name.garde",
    Bid.GARDE_SANS: "tarot.bid_name.garde_sans",
    Bid.GARDE_CONTRE: "tarot.bid_name.garde_contre",
}
_MULTIPLIERS = {Bid.PASS: 0, Bid.PRISE: 1, Bid.GARDE: 2, Bid.GARDE_SANS: 4, Bid.GARDE_CONTRE: 6}
_BID_LABELS = {
    Bid.PASS: "Pass",
    Bid.PRISE: "Prise",
    Bid.GARDE: "Garde",
    Bid.GARDE_SANS: "Garde sans",
    Bid.GARDE_CONTRE: "Garde contre",
}
#: Contracts where the chien is shown and the taker discards.
CHIEN_SHOWN = frozenset({Bid.PRISE, Bid.GARDE})
#: Every bid, in increasing order.
BIDS = tuple(Bid)


@dataclass(frozen=True, slots=True)
class Discard(GameAction):
    """The taker lays one card aside into the discard (Prise/Garde, after taking the chien)."""

    card: Card

    @property
    def card_from_hand(self) -> Card:
        """The card laid aside."""
        return self.card


#: The Discard action of each card (the same value every time it is offered).
DISCARD_OF = {c: Discard(c) for c in TAROT_DECK}


@dataclass(frozen=True, slots=True)
class Chelem(GameAction):
    """The taker's decision before the first card: declare the chelem (all 18 tricks) or not."""

    declared: bool


CHELEM = Chelem(True)
NO_CHELEM = Chelem(False)


@dataclass(frozen=True)
class Poignee(GameAction):
    """A poignée shown before one's first card: a level and the cards shown.

    ``level`` is ``"simple"`` (10 cards, 20 points), ``"double"`` (13, 30) or
    ``"triple"`` (15, 40); ``NO_POIGNEE`` (level ``"none"``, no card) declines. The cards
    are kept in deck order, so two equal sets compare equal whatever their order.
    """

    level: str
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", sort_cards(self.cards))

    @staticmethod
    def of(level: str, cards: str | Iterable[Card]) -> Poignee:
        """A poignée from a level and cards (notation text or cards)."""
        parsed = TAROT_DECK.parse_many(cards) if isinstance(cards, str) else tuple(cards)
        return Poignee(level, parsed)

    @property
    def size(self) -> int:
        """The number of cards the level requires (0 for ``NO_POIGNEE``)."""
        return POIGNEE_SIZES.get(self.level, 0)

    @property
    def bonus(self) -> int:
        """The level's bonus: 20, 30 or 40 (0 for ``NO_POIGNEE``)."""
        return POIGNEE_BONUS.get(self.level, 0)


NO_POIGNEE = Poignee("none")

#: Every action a Tarot state lists among its legal actions.
TarotAction: TypeAlias = Bid | Discard | Chelem | Poignee | Card

#: The kind of action each phase takes.
ACTION_TYPES: Mapping[str, type] = {
    PHASE_BIDDING: Bid,
    PHASE_DISCARD: Discard,
    PHASE_CHELEM: Chelem,
    PHASE_POIGNEE: Poignee,
    PHASE_PLAY: Card,
}
#: The refusal code of something that is no action of the phase at all.
BAD_CODES = {
    PHASE_BIDDING: BAD_BID,
    PHASE_DISCARD: BAD_DISCARD,
    PHASE_CHELEM: BAD_DECLARATION,
    PHASE_POIGNEE: BAD_DECLARATION,
    PHASE_PLAY: NOT_IN_HAND,
}
