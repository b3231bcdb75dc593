"""Briscola's notation: every action is a card (:func:`tutorial.engine.notation.cards_only`)."""

from __future__ import annotations

from tutorial.engine.cards import BRISCOLA_DECK
from tutorial.engine.notation import cards_only

NOTATION = cards_only(BRISCOLA_DECK)
