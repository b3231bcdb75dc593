"""The Teacher page: a class's progress codes read at once, as a table, a heatmap, the
scenarios most missed, the wrong cards most played, and a CSV file.

The reading and counting live in :mod:`tutorial.course.classroom` and the picture in
:mod:`tutorial.pictures.class_charts` (both pure); this page only lays them out.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.course.classroom import (
    ClassTable,
    ReadCodes,
    ScenarioInfo,
    class_table,
    csv_text,
    read_codes,
    table_rows,
)
from tutorial.course.progress import ProgressError
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.pictures.charts import CONFIG
from tutorial.pictures.class_charts import MEASURE_KEYS, MEASURES, class_heatmap
from tutorial.webapp import common
from tutorial.webapp.common import course_order
from tutorial.webapp.inert import inert_markdown


def scenario_infos() -> list[ScenarioInfo]:
    """The app's scenarios in the course's order, game by game."""
    lib = common.library()
    return [
        ScenarioInfo(sid, checked.scenario.title, game)
        for game in GAMES
        for sid, checked in lib.by_game(game, course_order(game))
    ]


def _codes_given() -> tuple[str | bytes, bool]:
    """The text to read (the file's when a file is given) and whether both were given."""
    pasted = str(st.session_state.get("teacher_codes", ""))
    upload = st.session_state.get("teacher_file")
    if upload is not None:
        return upload.getvalue(), bool(pasted.strip())
    return pasted, False


def show_bad(read: ReadCodes) -> None:
    """The lines refused, each with its number and why."""
    if not read.bad:
        return
    with st.expander(t("teacher.bad_title"), expanded=True, icon=":material/error:"):
        for b in read.bad:
            st.text(t("teacher.bad_line", line=b.line, why=b.why))


def show_missed(table: ClassTable) -> None:
    """The scenarios most missed, in sentences (a teacher reads them aloud)."""
    st.subheader(t("teacher.missed_title"))
    st.caption(t("teacher.missed_help"))
    missed = table.most_missed()
    if not missed:
        st.info(t("teacher.no_missed"))
        return
    total = len(table.learners)
    with st.container(key="teacher_missed"):
        for c in missed:
            st.markdown(
                t(
                    "teacher.missed_line",
                    title=inert_markdown(c.info.title),
                    game=common.game_title(c.info.game),
                    missed=c.missed,
                    learners=tn("teacher.learners", total),
                    done=c.done,
                    tried=c.tried,
                    tries=tn("plural.wrong_tries", c.mistakes),
                )
            )


def show_wrong(table: ClassTable) -> None:
    """The wrong cards most played, with their scenario."""
    st.subheader(t("teacher.wrong_title"))
    st.caption(t("teacher.wrong_help"))
    wrong = table.wrong_cards()
    if not wrong:
        st.info(t("teacher.no_wrong"))
        return
    with st.container(key="teacher_wrong"):
        for w in wrong:
            st.markdown(
                t(
                    "teacher.wrong_line",
                    card=w.label,
                    title=inert_markdown(w.info.title),
                    times=tn("teacher.times", w.times),
                    learners=tn("teacher.learners", w.learners),
                )
            )


def show_chart(table: ClassTable) -> None:
    """The heatmap of one measure, its words beside it."""
    measure = st.radio(
        t("teacher.measure"),
        MEASURES,
        format_func=lambda m: t(MEASURE_KEYS[m]),
        horizontal=True,
        key="teacher_measure",
    )
    chart = class_heatmap(table, measure)
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.plotly_chart(chart.figure, width="stretch", config=CONFIG, key="teacher_heatmap")
    with right:
        st.markdown(f"**{t('score.summary')}**")
        with st.container(key="teacher_words"):
            st.text(chart.text)


def main() -> None:
    """The page."""
    st.title(t("teacher.title"))
    st.write(t("teacher.intro"))
    st.text_area(t("teacher.paste"), key="teacher_codes", height=180)
    st.file_uploader(t("teacher.upload"), type=["txt", "csv", "json"], key="teacher_file")
    text, both = _codes_given()
    if both:
        st.warning(t("teacher.both"))
    if not (text.strip() if isinstance(text, str) else text):
        st.info(t("teacher.none"))
        return
    try:
        read = read_codes(text)
    except ProgressError as e:
        st.error(str(e))
        return
    with st.container(key="teacher_summary"):
        st.markdown(
            t(
                "teacher.summary",
                codes=tn("teacher.codes", len(read.learners)),
                bad=len(read.bad),
            )
        )
    show_bad(read)
    if not read.learners:
        return
    table = class_table(read, scenario_infos())
    st.subheader(t("teacher.table_title"))
    rows: list[dict[str, Any]] = list(table_rows(table))
    st.dataframe(rows, hide_index=True, width="stretch", key="teacher_table")
    st.download_button(
        t("teacher.csv"),
        csv_text(table),
        file_name=t("teacher.csv_file"),
        mime="text/csv",
        key="teacher_csv",
        icon=":material/download:",
    )
    if table.scenarios:
        show_chart(table)
    show_missed(table)
    show_wrong(table)
