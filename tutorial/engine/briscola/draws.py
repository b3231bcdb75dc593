"""The draws after a trick: who drew which card, and whether it was the face-up trump."""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.cards import Card
from tutorial.engine.seats import Seat


@dataclass(frozen=True, slots=True)
class Draw:
    """One card drawn after a trick: by whom, and whether it was the face-up trump card.

    ``card`` is ``None`` in an observation when the observer may not see it.
    """

    after_trick: int  # TrickResult.index of the trick just finished
    seat: Seat
    card: Card | None
    face_up: bool


#: Draws are values: one object per (trick, seat, card, face up), made once.
_DRAWS: dict[tuple[int, Seat, Card, bool], Draw] = {}


def draw_of(after_trick: int, seat: Seat, card: Card, face_up: bool) -> Draw:
    """``Draw(after_trick, seat, card, face_up)``, the same object every time."""
    key = (after_trick, seat, card, face_up)
    draw = _DRAWS.get(key)
    if draw is None:
        draw = _DRAWS[key] = Draw(after_trick, seat, card, face_up)
    return draw
