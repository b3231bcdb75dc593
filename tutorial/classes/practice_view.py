"""A class's practice hands in a teacher's words: per learner and game, the hands played,
the cards reviewed, the points lost, the costliest cards and the time spent (pure; never
imports streamlit).

>>> from tutorial.classes.store import CostlyCard, PracticeRecord
>>> hand = PracticeRecord("h1", "belote", 8, 8, 14.5, (CostlyCard("9H", 3, 12.0, 20.0),), 95)
>>> [(g.game, g.hands, g.lost, g.seconds) for g in games_of([hand, hand])]
[('belote', 2, 29.0, 190)]
>>> costliest_text("belote", games_of([hand])[0].costliest[0])
'9♥ (trick 3): 12 points lost (20 with every card shown)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tutorial.classes.homework_view import duration_text
from tutorial.classes.store import CostlyCard, Member, PracticeRecord
from tutorial.course.classroom import card_label
from tutorial.language.i18n import t

#: Costliest cards shown per learner and game.
SHOWN_COSTLIEST = 3


@dataclass(frozen=True)
class GamePractice:
    """One learner's practice hands of one game, added up."""

    game: str
    hands: int
    cards_reviewed: int
    cards_played: int
    lost: float  # points lost with what the learner could know, over the hands
    costliest: tuple[CostlyCard, ...]  # the costliest cards of those hands, worst first
    seconds: int = 0  # the time spent playing them


def games_of(hands: Sequence[PracticeRecord]) -> list[GamePractice]:
    """A learner's hands added up per game (the games in the order first played)."""
    by_game: dict[str, list[PracticeRecord]] = {}
    for h in hands:
        by_game.setdefault(h.game, []).append(h)
    out = []
    for game, mine in by_game.items():
        cards = sorted(
            (c for h in mine for c in h.costliest),
            key=lambda c: (-c.known, -c.shown, c.trick, c.card),
        )
        out.append(
            GamePractice(
                game=game,
                hands=len(mine),
                cards_reviewed=sum(h.cards_reviewed for h in mine),
                cards_played=sum(h.cards_played for h in mine),
                lost=round(sum(h.lost for h in mine), 1),
                costliest=tuple(cards[:SHOWN_COSTLIEST]),
                seconds=sum(h.seconds for h in mine),
            )
        )
    return out


def _points(value: float) -> str:
    """Points as a reader says them: whole when whole (12, 12.5)."""
    return f"{value:g}"


def costliest_text(game: str, card: CostlyCard) -> str:
    """One costly card in words: the card, its trick, the points it lost with what the
    learner could know and, when the real deal was solved and it lost some there, with
    every card shown."""
    if not card.shown:
        return t(
            "teacher.board.practice_card_known",
            card=card_label(game, card.card),
            trick=card.trick,
            known=_points(card.known),
        )
    return t(
        "teacher.board.practice_card",
        card=card_label(game, card.card),
        trick=card.trick,
        known=_points(card.known),
        shown=_points(card.shown),
    )


def practice_rows(
    people: Sequence[tuple[str, Sequence[PracticeRecord]]], game_title: Callable[[str], str]
) -> list[dict[str, str | int]]:
    """Rows for a data frame: one per learner and game played (each person: the name
    shown and their hands), in the catalogue's words."""
    rows: list[dict[str, str | int]] = []
    for name, hands in people:
        for g in games_of(hands):
            rows.append(
                {
                    t("teacher.col_learner"): name,
                    t("teacher.board.col_game"): game_title(g.game),
                    t("teacher.board.col_hands"): g.hands,
                    t("teacher.board.col_reviewed"): t(
                        "teacher.board.done_of", done=g.cards_reviewed, total=g.cards_played
                    ),
                    t("teacher.board.col_lost"): _points(g.lost),
                    t("teacher.board.col_costliest"): "; ".join(
                        costliest_text(g.game, c) for c in g.costliest
                    ),
                    t("teacher.board.col_time"): duration_text(g.seconds),
                }
            )
    return rows


def board_practice(
    members: Sequence[Member], hands: Mapping[int, Sequence[PracticeRecord]]
) -> list[tuple[str, Sequence[PracticeRecord]]]:
    """The class's learners who practised, each with their hands (in the class's order)."""
    return [(m.shown, hands[m.learner_id]) for m in members if hands.get(m.learner_id)]


__all__ = [
    "SHOWN_COSTLIEST",
    "GamePractice",
    "board_practice",
    "costliest_text",
    "games_of",
    "practice_rows",
]
