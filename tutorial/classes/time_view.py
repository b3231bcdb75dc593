"""The time each learner of a class spent, in a teacher's words: on scenarios, on lessons
(reading them, answering their quizzes), on practice hands, and in all (pure; never imports
streamlit).

>>> from tutorial.classes.store import PracticeRecord
>>> spent = learner_time("Ana", {"belote/a": 95}, {"belote/01": 300}, [
...     PracticeRecord("h1", "belote", 8, 8, 0.0, (), 240)])
>>> (spent.scenarios, spent.lessons, spent.practice, spent.total)
(95, 300, 240, 635)
>>> time_rows([spent])[0]["In all"]  # 10 min 35 s, to the nearest minute
'11 minutes'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutorial.classes.homework_view import duration_text
from tutorial.classes.store import Dashboard, LearnerView, PracticeRecord
from tutorial.language.i18n import t


@dataclass(frozen=True)
class LearnerTime:
    """One learner's time spent, in seconds, by where it was spent."""

    name: str
    scenarios: int
    lessons: int
    practice: int

    @property
    def total(self) -> int:
        """Every second counted for the learner."""
        return self.scenarios + self.lessons + self.practice


def learner_time(
    name: str,
    seconds: Mapping[str, int],
    lesson_seconds: Mapping[str, int],
    hands: Sequence[PracticeRecord],
) -> LearnerTime:
    """A learner's time from their seconds per scenario and per lesson and their hands."""
    return LearnerTime(
        name,
        sum(seconds.values()),
        sum(lesson_seconds.values()),
        sum(h.seconds for h in hands),
    )


def board_times(board: Dashboard) -> list[LearnerTime]:
    """Each learner of a teacher's dashboard, in the class's order."""
    return [
        learner_time(
            m.shown,
            board.seconds.get(m.learner_id, {}),
            board.lesson_seconds.get(m.learner_id, {}),
            board.hands.get(m.learner_id, ()),
        )
        for m in board.members
    ]


def view_time(view: LearnerView) -> LearnerTime:
    """The learner's own time, as their teacher sees it."""
    return learner_time(view.name, view.seconds, view.lesson_seconds, view.hands)


def time_rows(times: Sequence[LearnerTime]) -> list[dict[str, str]]:
    """Rows for a data frame: one per learner, each time in a reader's words."""
    return [
        {
            t("teacher.col_learner"): x.name,
            t("teacher.board.col_time_scenarios"): duration_text(x.scenarios),
            t("teacher.board.col_time_lessons"): duration_text(x.lessons),
            t("teacher.board.col_time_practice"): duration_text(x.practice),
            t("teacher.board.col_time_total"): duration_text(x.total),
        }
        for x in times
    ]


__all__ = ["LearnerTime", "board_times", "learner_time", "time_rows", "view_time"]
