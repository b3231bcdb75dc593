"""What the table picture draws: the seats, the current trick and the cards' marks.

Plain data (no drawing): :func:`tutorial.pictures.table_svg.table_svg` draws a
:class:`TableView` and :func:`tutorial.pictures.picture_words.table_summary` says it in
words; :mod:`tutorial.pictures.table_view` builds one from a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from tutorial.engine.cards import Card

Highlight: TypeAlias = Literal["forcing", "legal", "answer", "wrong", "dim"] | None
Position: TypeAlias = Literal["bottom", "left", "top", "right"]


@dataclass(frozen=True)
class SeatView:
    """One player's seat as the table shows it.

    ``name`` and ``team`` come from scenario files: they are always escaped on output.
    """

    name: str
    position: Position
    is_dealer: bool = False
    is_taker: bool = False
    is_learner: bool = False
    to_move: bool = False
    cards_left: int = 0
    tricks_won: int | None = 0  # None: not known (earlier tricks in a side's one pile)
    points: float | None = None
    team: str = ""


@dataclass(frozen=True)
class TrickCard:
    """A card of the current trick, by the position of the player who played it."""

    position: Position
    card: Card
    highlight: Highlight = None
    winning: bool = False


@dataclass(frozen=True)
class TableView:
    """Everything :func:`table_svg` and :func:`table_summary` draw.

    Raises:
        ValueError: two seats share a position (they would be drawn on top of each other).
    """

    game: str
    seats: tuple[SeatView, ...]
    trick: tuple[TrickCard, ...]
    trump: str = ""
    contract: str = ""
    tally: tuple[str, ...] = ()  # each side's tricks and points so far, a line each
    trump_card: Card | None = None
    stock_count: int | None = None
    four_colour: bool = False
    large: bool = False
    italian_suits: bool = False
    #: Which way play goes round the table (``counter-clockwise``, ``clockwise``), drawn
    #: as a small round arrow; None draws none (two players, where it means nothing).
    direction: str | None = None

    def __post_init__(self) -> None:
        positions = [s.position for s in self.seats]
        if len(set(positions)) != len(positions):
            raise ValueError(f"two seats share a position: {positions}")
