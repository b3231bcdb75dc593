"""Briscola's own reasons why a card did worse (see ``tutorial.engine.reasons``): the
face-up trump card, which the last draw gives to the loser of the trick that empties
the stock. Registered with the engine's reason kinds when the game is imported."""

from __future__ import annotations

from tutorial.engine.briscola.state import BriscolaState
from tutorial.engine.reasons import (
    CardOf,
    Comparison,
    Line,
    Reason,
    SeatWord,
    reason,
    register_reason,
)
from tutorial.engine.seats import Seat

GAME = "briscola"


def _holder(line: Line, card: object) -> Seat | None:
    """The seat that plays ``card`` along the line (None: not played along it)."""
    return next((p.seat for p in line.plays if p.card == card), None)


def face_up_trump(cmp: Comparison) -> Reason | None:
    """The face-up trump card, still to be drawn, comes to the mover's side after the
    better card and to the opponents after the played card (the seat that plays it
    along a line is the seat that drew it)."""
    state = cmp.position
    if not isinstance(state, BriscolaState) or state.trump_card_taken:
        return None
    trump = state.trump_card
    lost, won = _holder(cmp.played, trump), _holder(cmp.better, trump)
    if lost is None or won is None:
        return None
    if state.team_of(lost) == cmp.side or state.team_of(won) != cmp.side:
        return None
    return reason(
        "briscola_face_up_trump",
        mine=CardOf(cmp.seat, cmp.played.card),
        better=cmp.better.card,
        trump=trump,
        drawer=SeatWord(lost),
    )


register_reason("briscola_face_up_trump", face_up_trump, order=25, game=GAME)
