"""A live class's record in a teacher's words (pure: no streamlit): who chose what at each
step, how each step split, and per learner how often they chose a best answer, as the
dashboard's tables (:func:`member_rows`, :func:`step_rows`) and as CSV (:func:`results_csv`).

What an answer is called (``9♥``, "Take") is the lesson's business: the page passes
``label(step, answer)``. A step not revealed has no best answer yet: its answers show
without a mark and count in no learner's figure.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from tutorial.classes.homework_view import BOM
from tutorial.classes.live import LiveResults, MemberResult, StepResult
from tutorial.course.classroom import csv_cell
from tutorial.language.i18n import t

#: An answer in the learner's words: ``label(step, answer)``.
Label = Callable[[int, str], str]


def step_title(step: int) -> str:
    """A step's column title, numbered from 1 as the teacher counted them ("Q1")."""
    return t("live.results.step_column", number=step + 1)


def answer_cell(step: StepResult | None, answer: str | None, label: Label, number: int) -> str:
    """One learner's answer at a step: its words, with ✓ or ✗ once the step was revealed;
    "" when they gave none."""
    if answer is None:
        return ""
    words = label(number, answer)
    if step is None or step.revealed is None:
        return words
    return f"{words} ✓" if answer in step.best else f"{words} ✗"


def best_text(member: MemberResult) -> str:
    """How often a learner chose a best answer, of the revealed steps they answered."""
    return t("live.results.best_of", best=member.best, answered=member.answered)


def member_rows(results: LiveResults, label: Label) -> list[dict[str, str]]:
    """One row per learner (guests marked): each step's answer and the best-answer count."""
    steps = {s.step: s for s in results.steps}
    rows = []
    for m in results.members:
        name = t("live.results.guest_name", name=m.shown) if m.guest else m.shown
        row = {t("teacher.col_learner"): name}
        for n in steps:
            row[step_title(n)] = answer_cell(steps[n], m.answers.get(n), label, n)
        row[t("live.results.col_best")] = best_text(m)
        rows.append(row)
    return rows


def split_text(step: StepResult, label: Label) -> str:
    """A step's answers with their counts, the most chosen first ("9♥ ×5 · A♠ ×3")."""
    return t("svg.list_separator").join(
        t("live.results.split_item", answer=label(step.step, a), count=n)
        for a, n in step.split.items()
    )


def step_rows(results: LiveResults, label: Label) -> list[dict[str, str | int]]:
    """One row per step: how many answered, how it split, the best answers once revealed."""
    rows: list[dict[str, str | int]] = []
    for s in results.steps:
        rows.append(
            {
                t("live.results.col_step"): step_title(s.step),
                t("live.results.col_answered"): sum(s.split.values()),
                t("live.results.col_split"): split_text(s, label),
                t("live.results.col_best_answer"): ", ".join(label(s.step, a) for a in s.best)
                if s.revealed is not None
                else t("live.results.not_revealed"),
            }
        )
    return rows


def results_csv(results: LiveResults, label: Label) -> str:
    """The session as CSV for a spreadsheet: one row per learner and step answered
    (learner, guest or not, step, answer, right once revealed), a UTF-8 BOM first. No cell
    runs as a formula."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(
        [
            t("teacher.col_learner"),
            t("live.results.col_guest"),
            t("live.results.col_step"),
            t("live.results.col_answer"),
            t("live.results.col_right"),
        ]
    )
    steps = {s.step: s for s in results.steps}
    for m in results.members:
        for n, answer in m.answers.items():
            step = steps.get(n)
            revealed = step is not None and step.revealed is not None
            right = (
                (t("live.results.yes") if answer in step.best else t("live.results.no"))
                if (revealed and step is not None)
                else ""
            )
            w.writerow(
                [
                    csv_cell(m.shown),
                    t("live.results.yes") if m.guest else t("live.results.no"),
                    n + 1,
                    csv_cell(label(n, answer)),
                    right,
                ]
            )
    return BOM + buf.getvalue()
