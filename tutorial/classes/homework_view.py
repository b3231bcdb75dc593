"""One homework item across a class: who has done it, their stars, wrong tries, wrong cards,
time spent and quiz, and who has not started (pure; never imports streamlit).

The page says which scenarios an item holds (a lesson's, a playlist's, or the one
scenario) and what they are called; :func:`homework_view` counts the class's records of
them from a :class:`~tutorial.classes.store.Dashboard`, and :func:`item_rows` gives the
rows of a table in the learner's words (names, titles and card labels, never an id).

>>> from tutorial.course.progress import Progress, ScenarioRecord
>>> rec = ScenarioRecord(done=True, stars=2, mistakes=1, wrong={"8H": 1})
>>> view = item_view(Homework("scenario", "belote/a"), ["belote/a"],
...     [("Ana", Progress(scenarios={"belote/a": rec}), {"belote/a": 95}), ("Bo", Progress(), {})],
...     {"belote/a": "belote"})
>>> [(x.name, x.done, x.wrong, x.seconds) for x in view.learners]
[('Ana', 1, (('8♥', 1),), 95), ('Bo', 0, (), 0)]
>>> view.not_started, view.finished
(('Bo',), ('Ana',))
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutorial.classes.store import Dashboard, Homework
from tutorial.course.classroom import card_label, csv_cell
from tutorial.course.progress import Progress, QuizRecord
from tutorial.language.i18n import t, tn


@dataclass(frozen=True)
class ItemLearner:
    """One learner's work on one homework item."""

    name: str
    done: int  # the item's scenarios finished
    total: int  # the item's scenarios
    stars: int
    mistakes: int
    #: Wrong cards (their labels) with how often they were played, the most played first.
    wrong: tuple[tuple[str, int], ...]
    seconds: int
    quiz: QuizRecord | None
    started: bool


@dataclass(frozen=True)
class ItemView:
    """A homework item across the class, learner by learner (in the class's order)."""

    item: Homework
    scenarios: tuple[str, ...]
    learners: tuple[ItemLearner, ...]

    @property
    def not_started(self) -> tuple[str, ...]:
        """The learners with no record of any of the item's scenarios nor of its quiz."""
        return tuple(x.name for x in self.learners if not x.started)

    @property
    def finished(self) -> tuple[str, ...]:
        """The learners who finished every scenario of the item (and answered its quiz)."""
        return tuple(
            x.name
            for x in self.learners
            if x.started
            and x.done == x.total
            and (self.item.kind != "lesson" or x.total or x.quiz is not None)
        )


def item_view(
    item: Homework,
    scenarios: Sequence[str],
    learners: Sequence[tuple[str, Progress, Mapping[str, int]]],
    games: Mapping[str, str],
    lesson_seconds: Sequence[Mapping[str, int]] = (),
) -> ItemView:
    """The item across ``learners`` (each: the name shown, their progress, their seconds
    per scenario); ``games`` gives each scenario's game, for the cards' labels;
    ``lesson_seconds`` each learner's seconds per lesson (a lesson's reading and quiz
    count in its time spent)."""
    out: list[ItemLearner] = []
    for n, (name, progress, seconds) in enumerate(learners):
        own = 0
        if item.kind == "lesson" and n < len(lesson_seconds):
            own = lesson_seconds[n].get(item.ref, 0)
        recs = [progress.scenarios[s] for s in scenarios if s in progress.scenarios]
        wrong: dict[str, int] = {}
        for sid in scenarios:
            rec = progress.scenarios.get(sid)
            if rec is None:
                continue
            for code, n in rec.wrong.items():
                label = card_label(games.get(sid, ""), code)
                wrong[label] = wrong.get(label, 0) + n
        quiz = progress.quizzes.get(item.ref) if item.kind == "lesson" else None
        out.append(
            ItemLearner(
                name=name,
                done=sum(1 for r in recs if r.done),
                total=len(scenarios),
                stars=sum(r.stars for r in recs),
                mistakes=sum(r.mistakes for r in recs),
                wrong=tuple(sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))),
                seconds=own + sum(seconds.get(s, 0) for s in scenarios),
                quiz=quiz,
                started=bool(recs) or quiz is not None or own > 0,
            )
        )
    return ItemView(item, tuple(scenarios), tuple(out))


def board_view(
    board: Dashboard, item: Homework, scenarios: Sequence[str], games: Mapping[str, str]
) -> ItemView:
    """The item across the class of a teacher's dashboard."""
    learners = [
        (m.shown, counts.learner.progress, board.seconds.get(m.learner_id, {}))
        for m, counts in zip(board.members, board.table.learners, strict=True)
    ]
    lessons = [board.lesson_seconds.get(m.learner_id, {}) for m in board.members]
    return item_view(item, scenarios, learners, games, lessons)


#: A spreadsheet reads a CSV file as UTF-8 (names in Chinese, card suits) when it starts
#: with this mark; without it Excel guesses the system's code page.
BOM = "\ufeff"


def minutes(seconds: int) -> int:
    """Time spent to the nearest minute, at least one for any time at all.

    >>> minutes(0), minutes(20), minutes(89), minutes(90), minutes(3600)
    (0, 1, 1, 2, 60)
    """
    if seconds <= 0:
        return 0
    return max(1, (seconds + 30) // 60)


def duration_text(seconds: int) -> str:
    """Time spent as a reader says it: to the nearest minute (a short time is one minute)."""
    if seconds <= 0:
        return ""
    return tn("teacher.board.minutes", minutes(seconds))


@dataclass(frozen=True)
class HomeworkItem:
    """A homework item as the page names it: the item, its title, its scenarios."""

    item: Homework
    title: str
    scenarios: tuple[str, ...]


def homework_csv(board: Dashboard, items: Sequence[HomeworkItem], games: Mapping[str, str]) -> str:
    """The homework as CSV, for a spreadsheet: one row per learner and item (learner,
    item, due day, scenarios done of the item's, stars, wrong tries, minutes spent, quiz,
    and the learner's practice hands and minutes on them), a UTF-8 BOM first. No cell
    runs as a formula."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(
        [
            t("teacher.col_learner"),
            t("teacher.board.col_item"),
            t("teacher.board.col_due"),
            t("teacher.board.col_done"),
            t("teacher.col_stars"),
            t("teacher.col_mistakes"),
            t("teacher.board.col_minutes"),
            t("teacher.board.col_quiz"),
            t("teacher.board.col_practice_hands"),
            t("teacher.board.col_hand_minutes"),
        ]
    )
    for entry in items:
        view = board_view(board, entry.item, entry.scenarios, games)
        for member, x in zip(board.members, view.learners, strict=True):
            hands = board.hands.get(member.learner_id, ())
            w.writerow(
                [
                    csv_cell(x.name),
                    csv_cell(entry.title),
                    entry.item.due.isoformat() if entry.item.due else "",
                    t("teacher.board.done_of", done=x.done, total=x.total),
                    x.stars,
                    x.mistakes,
                    minutes(x.seconds),
                    t("teacher.board.quiz_of", right=x.quiz.right, total=x.quiz.total)
                    if x.quiz is not None
                    else "",
                    len(hands),
                    minutes(sum(h.seconds for h in hands)),
                ]
            )
    return BOM + buf.getvalue()


def item_rows(view: ItemView) -> list[dict[str, str | int]]:
    """The item as rows for a data frame: one per learner, in the catalogue's words."""
    rows: list[dict[str, str | int]] = []
    for x in view.learners:
        row: dict[str, str | int] = {
            t("teacher.col_learner"): x.name,
            t("teacher.board.col_done"): t("teacher.board.done_of", done=x.done, total=x.total)
            if x.started
            else t("teacher.board.not_started"),
            t("teacher.col_stars"): x.stars,
            t("teacher.col_mistakes"): x.mistakes,
            t("teacher.col_card"): " ".join(f"{label}×{n}" for label, n in x.wrong),
            t("teacher.board.col_time"): duration_text(x.seconds),
        }
        if view.item.kind == "lesson":
            row[t("teacher.board.col_quiz")] = (
                t("teacher.board.quiz_of", right=x.quiz.right, total=x.quiz.total)
                if x.quiz is not None
                else ""
            )
        rows.append(row)
    return rows


__all__ = [
    "ItemLearner",
    "ItemView",
    "board_view",
    "duration_text",
    "item_rows",
    "item_view",
]
