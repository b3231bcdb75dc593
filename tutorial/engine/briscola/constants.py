"""The fixed numbers and names of Briscola: the game, the sides, the deal and the target.

Seats are numbered in playing order. Sides are named ``"A"`` (seat 0, or seats 0 and 2)
and ``"B"`` (seat 1, or seats 1 and 3); a seat's side index is ``seat % 2``.
"""

from __future__ import annotations

from tutorial.engine.cards import BRISCOLA_DECK

GAME = "briscola"
#: Side names: ``"A"`` is seat 0 (and 2), ``"B"`` is seat 1 (and 3).
SIDES: tuple[str, str] = ("A", "B")
#: 61 card points or more win the hand; 60-60 is a draw.
TARGET = 61
TOTAL_POINTS = 120
HAND_SIZE = 3
PLAYER_COUNTS = (2, 4)
DECK_SIZE = len(BRISCOLA_DECK)

PHASE_PLAY = "play"
PHASE_DONE = "done"
