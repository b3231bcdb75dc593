"""Lessons: the course per game, each with its text, scenarios and quiz."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.errors import ScenarioError
from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.lessons import Lesson, load_lessons
from tutorial.ui import common, state


@st.cache_resource(show_spinner=False)
def course(lang: str) -> tuple[list[Lesson], str]:
    """Every lesson of a language (and an error message if the files are broken)."""
    try:
        return load_lessons(lang), ""
    except ScenarioError as e:
        return [], str(e)


def course_order(game: str) -> list[str]:
    """The scenario ids of a game in the order the lessons use them."""
    lessons, _ = course(state.settings().language)
    order: list[str] = []
    for le in lessons:
        if le.game == game:
            order += [s for s in le.model.scenarios if s not in order]
    return order


def lesson_done(lesson: Lesson) -> bool:
    """All its scenarios done and its quiz answered without a mistake."""
    scen = all(state.progress_of(s).done for s in lesson.model.scenarios)
    q = state.quiz().get(lesson.id, {})
    quiz_ok = not lesson.model.quiz or q.get("right", 0) == len(lesson.model.quiz)
    return scen and quiz_ok


def _open_scenario(sid: str) -> None:
    state.set_current_scenario(sid)
    state.set_link_applied("")  # forget an older deep link
    st.query_params.clear()


def _check_quiz(lesson: Lesson) -> None:
    right = 0
    for i, q in enumerate(lesson.model.quiz):
        chosen = st.session_state.get(f"quiz_{lesson.id}_{i}")
        if chosen is not None and str(chosen) == str(q.answer):
            right += 1
    state.quiz()[lesson.id] = {"right": right, "total": len(lesson.model.quiz), "checked": True}


def show_lesson(lesson: Lesson) -> None:
    """One lesson: text, scenarios, quiz."""
    lib = common.library()
    st.header(lesson.title)
    st.markdown(lesson.model.text)
    if lesson.model.scenarios:
        st.subheader(t("lessons.practice"))
        for sid in lesson.model.scenarios:
            checked = lib.get(sid)
            if checked is None:
                st.warning(t("lessons.missing", sid=sid))
                continue
            done = state.progress_of(sid).done
            label = ("✓ " if done else "") + checked.scenario.title
            if st.button(
                label, key=f"open_{lesson.id}_{sid}", on_click=_open_scenario, args=(sid,)
            ):
                st.switch_page(common.PLAY_PAGE)
    if lesson.model.quiz:
        st.subheader(t("lessons.quiz"))
        record = state.quiz().get(lesson.id, {})
        for i, q in enumerate(lesson.model.quiz):
            st.radio(
                q.question, [str(c) for c in q.choices], index=None, key=f"quiz_{lesson.id}_{i}"
            )
            if record.get("checked"):
                chosen = st.session_state.get(f"quiz_{lesson.id}_{i}")
                if chosen is not None and str(chosen) == str(q.answer):
                    st.success(t("lessons.quiz_right", explain=q.explain))
                else:
                    st.warning(t("lessons.quiz_wrong", answer=q.answer, explain=q.explain))
        st.button(
            t("lessons.check"), key=f"check_{lesson.id}", on_click=_check_quiz, args=(lesson,)
        )
        if record.get("checked"):
            st.info(
                t("lessons.quiz_score", right=record.get("right", 0), total=record.get("total", 0))
            )


def main() -> None:
    """The page."""
    st.title(t("lessons.title"))
    lessons, error = course(state.settings().language)
    if error:
        st.error(t("lessons.broken"))
        st.code(error, language=None)
    with st.sidebar:
        game = st.selectbox(
            t("play.game"), GAMES, format_func=common.game_title, key="lessons_game"
        )
    mine = [le for le in lessons if le.game == game]
    if not mine:
        st.info(t("lessons.none"))
        return
    done = sum(1 for le in mine if lesson_done(le))
    st.progress(done / len(mine), text=t("lessons.progress", done=done, total=len(mine)))
    ids = [le.id for le in mine]
    cur = state.lesson()
    chosen = st.radio(
        t("lessons.choose"),
        ids,
        index=ids.index(cur) if cur in ids else 0,
        format_func=lambda lid: (
            ("✓ " if lesson_done(next(le for le in mine if le.id == lid)) else "")
            + next(le.title for le in mine if le.id == lid)
        ),
        key=f"lessons_pick_{game}",
        horizontal=False,
    )
    state.set_lesson(chosen)
    show_lesson(next(le for le in mine if le.id == chosen))
