"""The finished tricks of a hand as a table: every seat's card in playing order, who
led, who won, the points and why (pure data: no streamlit).

The Score explainer's "How the hand went" and the trick history of the Play and
Practice pages are built here, so the three tables read alike.

>>> from tutorial.engine.cards import Card
>>> from tutorial.engine.outcomes import Play, TrickResult
>>> trick = TrickResult(
...     5, (Play(0, Card.parse("9H")), Play(1, Card.parse("KH"))), 1, 4.0, "r", "K wins."
... )
>>> line = trick_lines(numbered([trick]), ("South", "North"))[0]
>>> (line.number, line.leader, line.cards, line.winner, line.points, line.why)
(6, 'South', 'South 9♥, North K♥', 'North', 4.0, 'K wins.')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.outcomes import TrickResult
from tutorial.language.i18n import t

__all__ = ["ALL_COLUMNS", "SCORE_COLUMNS", "TrickLine", "numbered", "trick_lines", "trick_rows"]


@dataclass(frozen=True)
class TrickLine:
    """One finished trick in words.

    Attributes:
        number: the trick's number as played (1 for the first trick of the hand).
        leader: the name of the seat that led it.
        cards: every seat's card in playing order (``South 9♥, West K♥, …``).
        winner: the name of the seat that won it.
        points: the card points it holds.
        why: why its winner won it, in a sentence.
    """

    number: int
    leader: str
    cards: str
    winner: str
    points: float
    why: str


def numbered(tricks: Sequence[TrickResult]) -> list[tuple[int, TrickResult]]:
    """Tricks with their numbers as played (a trick's index counts earlier tricks)."""
    return [(trick.index + 1, trick) for trick in tricks]


def _engine_why(trick: TrickResult) -> str:
    return trick.explanation


def trick_lines(
    tricks: Sequence[tuple[int, TrickResult]],
    names: Sequence[str],
    why: Callable[[TrickResult], str] | None = None,
) -> list[TrickLine]:
    """The tricks in words, in playing order; ``why`` says why a trick's winner won it
    (by default the engine's sentence)."""
    say_why = why or _engine_why
    sep = t("score.list_separator")
    return [
        TrickLine(
            number=number,
            leader=names[trick.leader],
            cards=sep.join(
                t("score.play", seat=names[p.seat], card=p.card.label) for p in trick.plays
            ),
            winner=names[trick.winner],
            points=trick.points,
            why=say_why(trick),
        )
        for number, trick in tricks
    ]


#: The Score explainer's columns: the trick, its cards, its winner, its points.
SCORE_COLUMNS = ("number", "cards", "winner", "points")
#: The trick history's columns: all of them.
ALL_COLUMNS = ("number", "leader", "cards", "winner", "points", "why")

_TITLES = {
    "number": "score.col_trick",
    "leader": "score.col_leader",
    "cards": "score.col_cards",
    "winner": "score.col_winner",
    "points": "score.col_trick_points",
    "why": "score.col_why",
}


def points_text(value: float) -> str:
    """Card points as a learner reads them: ``5``, ``4.5``, never ``5.0``.

    >>> points_text(5.0), points_text(4.5)
    ('5', '4.5')
    """
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


def trick_rows(
    lines: Sequence[TrickLine],
    columns: Sequence[str] = ALL_COLUMNS,
    *,
    points_as_text: bool = True,
) -> list[dict[str, Any]]:
    """The lines as table rows, the columns titled in the page's language; the points
    as text (``4.5``) or, for a sortable table, as numbers."""
    rows: list[dict[str, Any]] = []
    for line in lines:
        row: dict[str, Any] = {}
        for column in columns:
            value: Any = getattr(line, column)
            if column == "points" and points_as_text:
                value = points_text(value)
            row[t(_TITLES[column])] = value
        rows.append(row)
    return rows
