"""The end of a scenario on the Play page (stars, what was learnt, the next scenario, the
lesson) and the open playlist beside it."""

from __future__ import annotations

import streamlit as st

from tutorial.course.lessons import lesson_of
from tutorial.course.playlists import next_item, playlist_link
from tutorial.course.progress import stars
from tutorial.language.i18n import t, tn
from tutorial.scenarios.runtime import Run
from tutorial.webapp import common, navigation, state
from tutorial.webapp.common import course
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.navigation import page_url
from tutorial.webapp.pages.play_controller import Controller
from tutorial.webapp.pages.play_links import checked_of

#: A playlist's link longer than this is not shown.
MAX_LIST_CHARS_SHOWN = 16_000


def show_end(ctl: Controller, run: Run) -> None:
    """The end of a scenario: stars, what was learnt, the next scenario, the lesson."""
    sid = ctl.sid
    n = stars(run.wrong_for_stars)
    if run.whole:
        st.markdown(
            f"### {'★' * n}{'☆' * (3 - n)}",
            help=t("play.stars_help"),
        )
    st.success(
        t("play.finished")
        if run.mistakes == 0
        else t("play.finished_mistakes", tries=tn("plural.wrong_tries", run.mistakes))
    )
    if not run.whole:
        st.caption(t("play.not_whole"))
    elif run.answers_shown:
        shown = tn("plural.answers_shown", len(run.answers_shown))
        st.caption(t("play.answers_shown", answers=shown))
    if ctl.checked.scenario.summary:
        st.markdown(f"**{t('play.learnt')}** {inert_markdown(ctl.checked.scenario.summary)}")
    found = lesson_of(sid, course(state.settings().language)[0])
    in_list = playlist_next(sid)
    if in_list is not None and not in_list[0]:
        st.success(t("playlist.finished", title=inert_markdown(in_list[1])))
    with st.container(horizontal=True, gap="small", key="end_nav"):
        if in_list is not None and in_list[0]:
            st.button(
                t("playlist.next"),
                key="end_playlist_next",
                type="primary",
                on_click=open_in_playlist,
                args=(in_list[0],),
                icon=":material/queue_play_next:",
            )
        if found is not None:
            lesson, index = found
            ids = lesson.model.scenarios
            nxt = next((s for s in ids[index + 1 :] if s in common.library().scenarios), None)
            if nxt is not None:
                st.button(
                    t("play.next"),
                    key="end_next",
                    type="secondary" if in_list is not None and in_list[0] else "primary",
                    on_click=common.open_scenario,
                    args=(nxt,),
                    icon=":material/arrow_forward:",
                )
            st.page_link(
                navigation.LESSONS_PAGE,
                label=t("play.back_to_lesson", title=inert_markdown(lesson.model.title)),
                icon=":material/school:",
                query_params={"lesson": lesson.id, **common.kept_params()},
            )


# --- playlists -------------------------------------------------------------------------


def playlist_next(sid: str) -> tuple[str, str] | None:
    """In the open playlist: the next playable item's key ("" when ``sid`` is the last)
    and the playlist's title; None when ``sid`` is not in the open playlist."""
    opened = state.session().links.playlist
    if opened is None or sid not in opened.keys:
        return None
    keys = [k for k in opened.keys if k]
    return next_item(keys, sid) or "", opened.playlist.title


def open_in_playlist(sid: str) -> None:
    """Open a scenario of the playlist (the playlist stays in the address)."""
    state.session().open_scenario(sid)
    state.session().play.link_applied = ""
    state.session().links.message = None
    for name in ("scenario", "step", "scenario_inline", "report"):
        st.query_params.pop(name, None)


def leave_playlist() -> None:
    """Close the playlist panel (the scenario open stays open)."""
    state.session().links.playlist = None
    for name in ("playlist", "title", "note"):
        st.query_params.pop(name, None)


def _item_title(key: str) -> str:
    checked = checked_of(key)
    return checked.scenario.title if checked is not None else key


def show_playlist(sid: str) -> None:
    """The open playlist: title, note, its steps (done ones ticked, this one marked)."""
    opened = state.session().links.playlist
    if opened is None:
        return
    pl = opened.playlist
    playable = [k for k in opened.keys if k]
    done = sum(1 for k in playable if state.progress_of(k).done)
    with st.container(border=True, key="playlist_panel"):
        st.markdown(f"**{inert_markdown(pl.title)}**")
        st.caption(t("playlist.progress", done=done, total=len(opened.keys)))
        if pl.note:
            st.markdown(inert_markdown(pl.note))
        for i, key in enumerate(opened.keys):
            problem = opened.problems[i] if i < len(opened.problems) else ""
            if not key:
                st.caption(t("playlist.step_broken", n=i + 1, problem=problem))
                continue
            mark = "✓" if state.progress_of(key).done else "○"
            label = t("playlist.step", n=i + 1, mark=mark, title=inert_markdown(_item_title(key)))
            st.button(
                label,
                key=f"playlist_step_{i}",
                on_click=open_in_playlist,
                args=(key,),
                disabled=key == sid,
                type="tertiary",
                help=t("playlist.here") if key == sid else None,
            )
        st.button(t("playlist.leave"), key="playlist_leave", on_click=leave_playlist)


def show_playlist_link() -> None:
    """The open playlist's link, at the foot of the page beside the step's."""
    opened = state.session().links.playlist
    if opened is not None and len(opened.query.get("playlist", "")) <= MAX_LIST_CHARS_SHOWN:
        st.caption(
            t("playlist.link_caption", link=playlist_link(page_url("play"), opened.playlist))
        )
