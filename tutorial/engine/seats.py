"""Seats, and seats and sides in sentences.

Seats are ints ``0..n-1`` numbered in playing order: ``(seat + 1) % n`` plays after
``seat``. Whether that is clockwise or counter-clockwise at a real table is a matter of
display (Belote's ``direction`` option), never of the rules.

The engine's sentences name a seat by the table's names when the app has set them
(:func:`seat_names`), else "seat 2" from the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from tutorial.language.i18n import t

Seat = int


#: The table's names of the seats, for the engine's sentences in this context (the app
#: sets them around the engine calls of one scenario; None: "seat 2" from the catalogue).
_SEAT_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("atout_seat_names", default=None)


@contextmanager
def seat_names(names: Sequence[str] | None) -> Iterator[None]:
    """Within the block, the engine's sentences name the seats ``names[0]``, ``names[1]``...

    >>> with seat_names(["You", "Left", "Partner", "Right"]):
    ...     seat_name(2), side_name((0, 2))
    ('Partner', 'You & Partner')
    >>> seat_name(2), side_name((0, 2))
    ('seat 2', 'seat 0 & seat 2')
    """
    token = _SEAT_NAMES.set(tuple(names) if names is not None else None)
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


def current_seat_names() -> tuple[str, ...] | None:
    """The seat names set by :func:`seat_names` in this context, if any."""
    return _SEAT_NAMES.get()


def _table_name(seat: Seat) -> str:
    """The seat's name as the table gives it, or ``seat 2`` when no names are set."""
    names = _SEAT_NAMES.get()
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("common.seat", seat=seat)


def _capital(text: str, start: bool) -> str:
    return text[:1].upper() + text[1:] if start else text


def seat_name(seat: Seat, *, start: bool = False) -> str:
    """A seat in a sentence: its table name, or ``seat 2`` when none is set.

    ``start``: the word opens a sentence (its first letter is then a capital). The
    learner's seat, named "You", reads "you" inside a sentence ("won by you").
    """
    text = _table_name(seat)
    if not start and text == t("common.you"):
        text = t("common.you_inside")
    return _capital(text, start)


def seat_possessive(seat: Seat, *, start: bool = False) -> str:
    """A seat's possessive: ``North's``, ``your`` for the learner named "You", ``seat 2's``."""
    name = _table_name(seat)
    text = t("common.your") if name == t("common.you") else t("common.possessive", name=name)
    return _capital(text, start)


def side_name(seats: Sequence[Seat], *, start: bool = False) -> str:
    """A side by its seats: one seat's name, or ``You & Partner`` for two partners.

    Two partners read as one name (``Contract made by You & Partner``).
    """
    if len(seats) == 1:
        return seat_name(seats[0], start=start)
    first, second = (_table_name(s) for s in seats[:2])
    return _capital(t("common.side", first=first, second=second), start)
