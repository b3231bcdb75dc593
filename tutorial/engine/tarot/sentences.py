"""Helpers for the engine's sentences: seat keys, cards, suits, poignée levels, figures."""

from __future__ import annotations

from collections.abc import Iterable

from tutorial.engine.cards import Card, Suit, describe_cards, suit_word
from tutorial.engine.seats import Seat
from tutorial.engine.tarot.cards import sort_cards
from tutorial.language.i18n import t

#: The name of each poignée level inside a sentence ("A simple poignée shows 10 trumps").
_LEVEL_KEYS = {
    "simple": "tarot.poignee.level_simple",
    "double": "tarot.poignee.level_double",
    "triple": "tarot.poignee.level_triple",
}


def seat_key(seat: Seat) -> str:
    """The key of a seat in ``HandOutcome.totals`` and score lines, e.g. ``"seat 2"``."""
    return f"seat {seat}"


def cards_text(cards: Iterable[Card]) -> str:
    """Cards named in deck order, for a sentence."""
    return describe_cards(sort_cards(cards))


def poignee_level_name(level: str) -> str:
    """A poignée level (``simple``, ``double``, ``triple``) in the session's language; an
    unknown level is returned as written."""
    key = _LEVEL_KEYS.get(level)
    return t(key) if key else level


def suit_name(suit: Suit) -> str:
    """The suit's name for a sentence, from the catalogue (``hearts``)."""
    return suit_word(suit)


def fmt(x: float) -> str:
    """A half-point figure without a useless ``.0``: ``45``, ``45.5``."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def signed(x: float) -> str:
    """A half-point figure with its sign: ``+45``, ``-2.5``."""
    return ("+" if x >= 0 else "-") + fmt(abs(x))
