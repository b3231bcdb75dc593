"""Report a problem: the code and link of the step on show, and the box where a pasted
report opens its step (on the Play page, or from Home)."""

from __future__ import annotations

import streamlit as st

from tutorial.course.links import with_lang
from tutorial.course.playlists import INLINE_KEY_PREFIX
from tutorial.course.problem_report import (
    ReportError,
    decode_report,
    encode_report,
    find_code,
    report_of,
    report_text,
)
from tutorial.language.i18n import t
from tutorial.scenarios.runtime import Run
from tutorial.webapp import navigation, state
from tutorial.webapp.navigation import page_url
from tutorial.webapp.pages.play_controller import Controller
from tutorial.webapp.pages.play_links import inline_text, open_report


def report_code(ctl: Controller, reviewing: bool) -> str:
    """The problem report's code of the step on show (the history up to it), made again
    only when the step on show or the try changed."""
    sid = ctl.sid
    text = inline_text(sid)
    own = sid == state.WORKSHOP_ID or sid.startswith(INLINE_KEY_PREFIX)

    def encode(runs: list[Run], tried: str | int | float | bool | None) -> str:
        if own:
            return encode_report(report_of(runs, inline=text, tried=tried))
        return encode_report(report_of(runs, scenario=sid, tried=tried))

    return state.scenario_session(sid).report_code(reviewing, encode)


def show_report(ctl: Controller, run: Run, reviewing: bool) -> None:
    """'Report a problem': the code and link of this very step, a box for what went
    wrong, and the two together as one text to copy."""
    with st.expander(t("report.title"), icon=":material/flag:"):
        st.caption(t("report.help"))
        what = st.text_area(t("report.what"), key="report_what", max_chars=2000, height=90)
        code = report_code(ctl, reviewing)
        link = with_lang(f"{page_url('play')}?report={code}")
        text = report_text(
            title=ctl.checked.scenario.title,
            step=min(run.step + 1, len(ctl.checked.scenario.steps)),
            count=len(ctl.checked.scenario.steps),
            what=what,
            code=code,
            link=link,
        )
        st.code(text, language=None, wrap_lines=True)


def _open_pasted_report(key: str) -> None:
    errors = state.session().play.paste_error
    code = find_code(str(state.widget(key, "")))
    if code is None:
        errors[key] = t("report.no_code_found")
        return
    try:
        decode_report(code)
    except ReportError as e:
        errors[key] = t("report.bad_code", reason=str(e))
        return
    errors[key] = ""
    state.set_widget(key, "")
    state.session().links.applied["report"] = code
    open_report(code)


def report_paste_box(where: str) -> None:
    """Paste a problem report (the whole text, the link or the code) to see its step.

    On the Home page the step opens on the Play page; on the Play page, in place.
    """
    key = f"report_paste_{where}"
    with st.expander(t("report.open_title"), icon=":material/flag:"):
        st.text_area(t("report.paste"), key=key, height=80)
        clicked = st.button(
            t("report.open"), key=f"{key}_go", on_click=_open_pasted_report, args=(key,)
        )
        error = state.session().play.paste_error.get(key)
        if clicked and where != "play" and not error:
            st.switch_page(navigation.PLAY_PAGE)
        if error:
            st.error(error)
