"""A scenario's position as parsed, before the engine builds it, and the error that
says where in the file a position cannot be built.

Kept below :mod:`tutorial.scenarios.position_reading` (which reads the file's table) and
:mod:`tutorial.scenarios.earlier_tricks` (which places the cards of tricks before the
listed ones), so both read one type and neither imports the other's internals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.errors import TutorialError


class PositionError(TutorialError):
    """A scenario position that cannot be built; ``loc`` says where in the file.

    ``token``, when given, is the text at fault inside that value (a card in a hand
    written as one string): the problem then points at its column.
    """

    def __init__(self, loc: tuple[Any, ...], message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.loc = loc
        self.token = token


@dataclass
class PositionSpec:
    """The parsed position, with unknown slots per seat."""

    names: tuple[str, ...]
    learner: int
    dealer: int
    leader: int | None
    known: list[list[Card]]
    slots: list[int]  # unknown cards per seat
    tricks: list[tuple[Card, ...]]
    current: tuple[Card, ...]
    captured: dict[int, tuple[Card, ...]]
    aside_unknown: int  # Tarot: chien/discard cards not given
    fixed: dict[str, Any]  # other keyword arguments for start_play
    plays: list[int] = field(default_factory=list)  # cards each seat played (listed)
    given: list[bool] = field(default_factory=list)  # each hand written (not 'unknown')
    earlier: int = 0  # tricks before the listed ones, from the 'captured' cards


__all__ = ["PositionError", "PositionSpec"]
