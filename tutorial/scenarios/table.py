"""A scenario's table: its seats and their names, and :class:`Table`, the table a
scenario starts from (the seat names, the learner, the dealer, the engine state, the
unknown cards placed)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.games import player_counts
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_spec import PositionError

DEFAULT_SEATS = {
    2: ("You", "Opponent"),
    4: ("South", "East", "North", "West"),
}


def shown_seat_names(players: int) -> tuple[str, ...]:
    """:data:`DEFAULT_SEATS` as the learner reads them, in the session's language (the
    English names stay the identifiers written in scenario files)."""
    from tutorial.language.i18n import t

    if players == 2:
        return (t("practice.seat_you"), t("practice.seat_opponent"))
    return (
        t("practice.seat_south"),
        t("practice.seat_east"),
        t("practice.seat_north"),
        t("practice.seat_west"),
    )


@dataclass(frozen=True)
class Table:
    """A scenario's table: seat names, the learner, and the engine state at the start."""

    seat_names: tuple[str, ...]
    learner: int
    dealer: int
    state: GameState
    unknown: dict[int, frozenset[Card]] = field(default_factory=dict)  # cards placed by us
    aside: tuple[
        Card, ...
    ] = ()  # unknown cards placed by us in the chien/discard (Tarot) or the stock (Briscola)

    @property
    def placement(self) -> dict[int, list[Card]]:
        """The cards placed in the unknown places (seat -1: the chien or discard, or the stock in its order),
        to rebuild this very table under other rules (see :func:`build`)."""
        out: dict[int, list[Card]] = {
            s: sorted(cs, key=lambda c: c.code) for s, cs in self.unknown.items()
        }
        out[-1] = list(self.aside)
        return out

    @property
    def num_players(self) -> int:
        """2 or 4."""
        return len(self.seat_names)

    def seat_of(self, name: str | int) -> int:
        """The seat index of a seat name (or an index)."""
        if isinstance(name, int):
            return name
        return self.seat_names.index(name)


def num_players(sc: Scenario) -> int:
    """How many seats the scenario's game has."""
    counts = player_counts(sc.game)
    if len(counts) == 1:
        return counts[0]
    return sc.players or (len(sc.seats) if sc.seats else counts[0])


def seat_names(sc: Scenario) -> tuple[str, ...]:
    """The seat names, checked: as many as players, distinct."""
    n = num_players(sc)
    names = tuple(sc.seats) if sc.seats else DEFAULT_SEATS[n]
    if len(names) != n:
        raise PositionError(
            ("seats",), f"{sc.game} with {n} players needs {n} seat names, not {len(names)}"
        )
    if len(set(names)) != n:
        raise PositionError(("seats",), "seat names must be different")
    return names


def resolve_seat(names: Sequence[str], value: str | int | None, loc: tuple[Any, ...]) -> int | None:
    """A seat given by name or index, checked."""
    if value is None:
        return None
    if isinstance(value, int):
        if not 0 <= value < len(names):
            raise PositionError(loc, f"seat {value} does not exist (0 to {len(names) - 1})")
        return value
    if value in names:
        return names.index(value)
    raise PositionError(loc, f"{value!r} is not a seat; seats: {', '.join(names)}")
