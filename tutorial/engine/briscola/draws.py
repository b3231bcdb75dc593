"""The draws after a trick: who drew which card, and whether it was the face-up trump."""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.briscola.constants import DECK_SIZE, PLAYER_COUNTS
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


#: Draws are values: one object per (trick, seat, card, face up), made once. The draws
#: from the face-down stock are kept by trick, then seat, then card (``face_down_draws``),
#: so a state's step finds one without making a key; the face-up card's by its key.
FACE_DOWN_DRAWS: tuple[tuple[dict[Card, Draw], ...], ...] = tuple(
    tuple({} for _ in range(max(PLAYER_COUNTS))) for _ in range(DECK_SIZE // min(PLAYER_COUNTS))
)
_FACE_UP_DRAWS: dict[tuple[int, Seat, Card], Draw] = {}


def draw_of(after_trick: int, seat: Seat, card: Card, face_up: bool) -> Draw:
    """``Draw(after_trick, seat, card, face_up)``, the same object every time."""
    if face_up:
        key = (after_trick, seat, card)
        draw = _FACE_UP_DRAWS.get(key)
        if draw is None:
            draw = _FACE_UP_DRAWS[key] = Draw(after_trick, seat, card, True)
        return draw
    by_card = FACE_DOWN_DRAWS[after_trick][seat]
    draw = by_card.get(card)
    if draw is None:
        draw = by_card[card] = Draw(after_trick, seat, card, False)
    return draw
