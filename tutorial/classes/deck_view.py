"""The review decks of a class in a teacher's words: per learner how many cards, how many
due, how many set aside; across the class the positions most often in decks (pure; never
imports streamlit).

A position is a scenario (any of its steps) or a lesson's quiz; practice cards are counted
per learner but name no position a class shares (every deal is the learner's own).

>>> from datetime import UTC, datetime, timedelta
>>> from tutorial.course.review_deck import ReviewDeck, ScenarioSource, note_wrong
>>> now = datetime(2030, 1, 1, 12, tzinfo=UTC)
>>> d = note_wrong(ReviewDeck(), ScenarioSource(scenario="belote/a", step=1), "belote", now=now)
>>> summary(d, now + timedelta(days=1))
DeckSummary(cards=1, due=1, suspended=0)
>>> [(p.kind, p.ref, p.learners) for p in class_positions([d, d])]
[('scenario', 'belote/a', 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from tutorial.classes.store import Member
from tutorial.course.review_deck import (
    PracticeSource,
    QuizSource,
    ReviewDeck,
    ScenarioSource,
    is_due,
)
from tutorial.language.i18n import t

#: Positions shown across the class.
SHOWN_POSITIONS = 10


@dataclass(frozen=True)
class DeckSummary:
    """What a teacher sees of one learner's deck."""

    cards: int
    due: int  # due on the day given (suspended cards never are)
    suspended: int


def summary(deck: ReviewDeck, now: datetime) -> DeckSummary:
    """A learner's deck counted on ``now``'s day."""
    cards = list(deck.cards.values())
    return DeckSummary(
        cards=len(cards),
        due=sum(1 for c in cards if is_due(c, now)),
        suspended=sum(1 for c in cards if c.suspended),
    )


@dataclass(frozen=True)
class Position:
    """A position in the class's decks: a scenario or a lesson's quiz, and how many
    learners hold a card of it (suspended cards left out), with how many cards."""

    kind: str  # "scenario" or "quiz"
    ref: str  # the scenario's or the lesson's id
    game: str
    learners: int
    cards: int


def class_positions(decks: Sequence[ReviewDeck], most: int = SHOWN_POSITIONS) -> list[Position]:
    """The positions most often in the class's decks: the most learners first."""
    holders: dict[tuple[str, str], set[int]] = {}
    cards: dict[tuple[str, str], int] = {}
    games: dict[tuple[str, str], str] = {}
    for who, deck in enumerate(decks):
        for card in deck.cards.values():
            if card.suspended or isinstance(card.source, PracticeSource):
                continue
            if isinstance(card.source, ScenarioSource):
                key = ("scenario", card.source.scenario)
            elif isinstance(card.source, QuizSource):
                key = ("quiz", card.source.lesson)
            else:  # pragma: no cover - every source kind is named above
                continue
            holders.setdefault(key, set()).add(who)
            cards[key] = cards.get(key, 0) + 1
            games[key] = card.game
    found = [Position(k, r, games[(k, r)], len(h), cards[(k, r)]) for (k, r), h in holders.items()]
    found.sort(key=lambda p: (-p.learners, -p.cards, p.kind, p.ref))
    return found[:most]


def deck_rows(
    people: Sequence[tuple[str, ReviewDeck]], now: datetime
) -> list[dict[str, str | int]]:
    """Rows for a data frame: one per learner with a deck, in the catalogue's words."""
    rows: list[dict[str, str | int]] = []
    for name, deck in people:
        s = summary(deck, now)
        rows.append(
            {
                t("teacher.col_learner"): name,
                t("teacher.board.col_deck_cards"): s.cards,
                t("teacher.board.col_deck_due"): s.due,
                t("teacher.board.col_deck_suspended"): s.suspended,
            }
        )
    return rows


def position_rows(
    positions: Sequence[Position], title_of: Callable[[Position], str]
) -> list[dict[str, str | int]]:
    """Rows for a data frame: one per position, its title (``title_of``) and its counts."""
    return [
        {
            t("teacher.board.col_position"): title_of(p),
            t("teacher.board.col_position_learners"): p.learners,
            t("teacher.board.col_position_cards"): p.cards,
        }
        for p in positions
    ]


def board_decks(
    members: Sequence[Member], decks: Mapping[int, ReviewDeck]
) -> list[tuple[str, ReviewDeck]]:
    """The class's learners who have a deck with cards, each with it (in the class's order)."""
    return [
        (m.shown, decks[m.learner_id])
        for m in members
        if m.learner_id in decks and decks[m.learner_id].cards
    ]


__all__ = [
    "SHOWN_POSITIONS",
    "DeckSummary",
    "Position",
    "board_decks",
    "class_positions",
    "deck_rows",
    "position_rows",
    "summary",
]
