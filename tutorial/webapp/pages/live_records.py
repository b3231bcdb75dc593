"""A class's live sessions on record (part of the Live class and Teacher pages): pick a
session, see who chose what at each step, how each step split and how often each learner
chose a best answer, and download it as CSV (the rows are
:mod:`tutorial.classes.live_view`'s)."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutorial.classes.errors import ClassError
from tutorial.classes.live import LiveSession
from tutorial.classes.live_view import member_rows, results_csv, step_rows
from tutorial.course.live_lesson import LiveLesson, LiveLessonError, open_lesson
from tutorial.language.i18n import t
from tutorial.webapp import class_link
from tutorial.webapp.pages.live_board import labels_of


def answer_label(lesson: LiveLesson | None) -> Callable[[int, str], str]:
    """An answer's words at a step of ``lesson`` (as kept, when the lesson is gone)."""

    def label(number: int, answer: str) -> str:
        step = lesson.step(number) if lesson is not None else None
        return labels_of(step).get(answer, answer) if step is not None else answer

    return label


def session_title(session: LiveSession) -> str:
    """A session in the list of records: its day and what it played."""
    try:
        title = open_lesson(session.kind, session.ref).title
    except LiveLessonError:
        title = t("teacher.board.unknown_item")
    return t("live.results.session", day=session.created.date().isoformat(), title=title)


def show_results(secret: str) -> None:
    """The class's live sessions: pick one, see who chose what, how each step split and
    how often each learner chose a best answer; download it as CSV."""
    live = class_link.live()
    if live is None:
        return
    try:
        sessions = live.sessions(secret)
    except ClassError:
        return
    if not sessions:
        return
    st.subheader(t("live.results.title"))
    by_id = {s.session_id: s for s in sessions}
    picked = st.selectbox(
        t("live.results.pick"),
        list(by_id),
        format_func=lambda sid: session_title(by_id[sid]),
        key="live_results_pick",
    )
    session = by_id.get(picked) if picked is not None else None
    if session is None:
        return
    try:
        results = live.results(secret, session.session_id)
    except ClassError as e:
        st.warning(str(e), icon=":material/cloud_off:")
        return
    try:
        lesson: LiveLesson | None = open_lesson(session.kind, session.ref)
    except LiveLessonError:
        lesson = None
    label = answer_label(lesson)
    if not results.members:
        st.info(t("live.results.nobody"))
        return
    with st.container(key="live_results"):
        st.dataframe(
            member_rows(results, label),
            hide_index=True,
            width="stretch",
            key="live_results_members",
        )
        st.dataframe(
            step_rows(results, label), hide_index=True, width="stretch", key="live_results_steps"
        )
    st.download_button(
        t("live.results.csv"),
        results_csv(results, label),
        file_name=t("live.results.csv_file"),
        mime="text/csv",
        key="live_results_csv",
        icon=":material/download:",
    )
