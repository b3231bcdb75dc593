"""What a scenario file's fields are written with, when a state is saved as a scenario
(:mod:`tutorial.scenarios.export` and each game's part): cards as codes, a seat that
names a side, the points carried from earlier tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState


def codes(cards: Sequence[Card]) -> str:
    """Cards as a file writes them: ``7C 8C``."""
    return " ".join(c.code for c in cards)


def side_seat(state: GameState, side: int) -> int:
    """A seat of ``side`` (its name stands for the side in ``captured``)."""
    return next(s for s in range(len(state.hands)) if state.team_of(s) == side)


def write_carried_points(
    state: GameState, pts: Sequence[float], names: Sequence[str], data: dict[str, Any]
) -> None:
    """``carried_points``: the points of earlier tricks not listed, by a seat of each side."""
    carried: dict[int, float] = {}
    for side, v in enumerate(pts):
        if v or any(pts):
            carried[side] = int(v) if float(v).is_integer() else float(v)
    if carried:
        data["carried_points"] = {names[side_seat(state, side)]: v for side, v in carried.items()}


def write_nothing(state: GameState, names: Sequence[str], data: dict[str, Any]) -> None:
    """No field of the game's own."""
