"""Home: the three games, what each teaches, the learner's progress, broken files."""

from __future__ import annotations

from datetime import date

import streamlit as st

from tutorial.course.lessons import Lesson, count_done, course_lessons, first_not_done, tracks_of
from tutorial.course.progress import Progress, ProgressError, decode, encode, from_json, to_json
from tutorial.course.review_deck import due_counts
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.webapp import common, navigation, state
from tutorial.webapp.common import course, course_order
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.pages.lessons import (
    lesson_done,
    open_lesson,
    show_whats_next,
    track_heading,
)
from tutorial.webapp.pages.play_report import report_paste_box

#: The session key of the answer to the last load of a progress or start afresh, shown once.
MESSAGE = "progress_message"


def _load_progress() -> None:
    code = str(state.widget("progress_code_in", "")).strip()
    upload = state.widget("progress_file_in")
    try:
        if upload is not None:
            p = from_json(upload.getvalue())
        elif code:
            p = decode(code)
        else:
            return
        if state.widget("progress_mode", "merge") == "merge":
            state.merge_progress(p)
            done = sum(1 for r in state.export_progress().scenarios.values() if r.done)
            message = t("progress.merged", scenarios=tn("plural.scenarios", done))
        else:
            state.import_progress(p)
            done = sum(1 for r in p.scenarios.values() if r.done)
            message = t("progress.loaded", scenarios=tn("plural.scenarios", done))
    except ProgressError as e:
        common.tell(MESSAGE, "error", str(e))
        return
    common.tell(MESSAGE, "ok", message)


def coded_progress(p: Progress, name: str, today: date | None = None) -> Progress:
    """The progress as the code carries it: with the learner's name and today's date."""
    day = (today or date.today()).isoformat()
    return p.model_copy(update={"learner": " ".join(name.split())[:80], "date": day})


def _start_afresh() -> None:
    state.clear_progress()
    common.tell(MESSAGE, "ok", t("progress.afresh_done"))


def progress_panel() -> None:
    """Where progress lives (this browser), export as a code or file, import, start afresh."""
    st.caption(t("progress.kept_here"))
    with st.expander(t("progress.title"), icon=":material/save:"):
        st.caption(t("progress.help"))
        name = st.text_input(
            t("teacher.name_label"), key="progress_name", max_chars=80, help=t("teacher.name_help")
        )
        p = coded_progress(state.export_progress(), name)
        st.code(encode(p), language=None, wrap_lines=True)
        st.download_button(
            t("progress.download"),
            to_json(p),
            file_name="atout-progress.json",
            mime="application/json",
            key="progress_download",
        )
        st.text_input(t("progress.import_code"), key="progress_code_in")
        st.file_uploader(t("progress.import_file"), type=["json"], key="progress_file_in")
        st.radio(
            t("progress.import_mode"),
            ["merge", "replace"],
            format_func=lambda m: t("progress.merge") if m == "merge" else t("progress.replace"),
            key="progress_mode",
            horizontal=True,
        )
        st.button(t("progress.load"), key="progress_load", on_click=_load_progress)
        st.divider()
        sure = st.checkbox(t("progress.afresh_confirm"), key="progress_afresh_sure")
        st.button(
            t("progress.afresh"),
            key="progress_afresh",
            on_click=_start_afresh,
            disabled=not sure,
            help=t("progress.afresh_help"),
        )
    common.show_told(MESSAGE)


def _lesson_button(label: str, lesson: Lesson, key: str) -> None:
    """A button that opens a lesson on the Lessons page."""
    if st.button(label, key=key, width="stretch", on_click=open_lesson, args=(lesson,)):
        st.switch_page(navigation.LESSONS_PAGE, query_params={"lesson": lesson.id})


def main() -> None:
    """The page."""
    lib = common.library()
    lessons, _ = course(state.settings().language)
    st.title(t("app.title"))
    st.write(t("app.tagline"))

    st.header(t("home.games"))
    cols = st.columns(len(GAMES))
    due = due_counts(state.session().deck, state.now())
    for col, game in zip(cols, GAMES, strict=True):
        with col, st.container(border=True):
            st.subheader(common.game_title(game))
            st.write(t(f"games.{game}.blurb"))
            items = lib.by_game(game, course_order(game))
            done = sum(1 for sid, _ in items if state.progress_of(sid).done)
            st.progress(
                done / len(items) if items else 0.0,
                text=t("home.progress_line", done=done, total=len(items)),
            )
            earned = sum(state.progress_of(sid).stars for sid, _ in items)
            st.caption(t("home.stars_line", stars=earned, total=3 * len(items)))
            if due.get(game):  # the review deck: shown only when a card is due (never a nag)
                st.page_link(
                    navigation.REVIEW_PAGE,
                    label=t("review.home_due", n=due[game]),
                    icon=":material/event_repeat:",
                    query_params={"game": game, **common.kept_params()},
                )
            mine = course_lessons(game, lessons)  # the game's course, not the tracks into it
            if mine:
                counted = count_done(mine, lesson_done)  # the Lessons page counts the same
                st.caption(t("lessons.course_progress", done=counted.done, total=counted.total))
                start = first_not_done(mine, lesson_done)
                if start is None:  # every lesson done: say so, and what comes next
                    st.success(
                        t("lessons.course_done", game=common.game_title(game)),
                        icon=":material/celebration:",
                    )
                    show_whats_next(f"home_{game}")
                else:  # the course: the first lesson not done yet
                    key = "home.continue" if counted.done else "home.start"
                    _lesson_button(
                        t(key, title=inert_markdown(start.title)), start, f"start_{game}"
                    )
            elif items:  # no lessons (their files are broken): the first scenario not done
                first = next(
                    (sid for sid, _ in items if not state.progress_of(sid).done), items[0][0]
                )
                title = lib.scenarios[first].scenario.title
                label = t("home.start", title=inert_markdown(title))
                if st.button(label, key=f"start_{game}", width="stretch"):
                    common.open_scenario(first)
                    st.switch_page(navigation.PLAY_PAGE)
            else:
                st.caption(t("home.no_scenarios"))
            tracks = tracks_of(game, lessons)
            if tracks:  # for players who know another game: where its track starts
                st.caption(t("tracks.on_home"))
            for track in tracks:
                counted = count_done(track.lessons, lesson_done)
                label = t(
                    "tracks.button",
                    track=track_heading(track.from_game, track.game),
                    done=counted.done,
                    total=counted.total,
                )
                target = first_not_done(track.lessons, lesson_done) or track.lessons[0]
                _lesson_button(label, target, f"track_{game}_{track.from_game}")

    st.header(t("home.progress"))
    progress_panel()
    report_paste_box("home")  # a teacher or maintainer opens a learner's problem report

    if lib.broken:
        st.header(t("home.broken_title"))
        st.caption(t("home.broken_help"))
        for b in lib.broken:
            with st.expander(b.file):
                st.code("\n".join(b.problems), language=None)
