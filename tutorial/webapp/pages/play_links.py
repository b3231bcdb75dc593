"""The Play page's links: the scenario an id names (the library's, the Workshop's, a
link's own), the links a page opens with (a playlist, an inline scenario, a problem
report, ``?scenario=…&step=…``) and the address that follows the step on show."""

from __future__ import annotations

import streamlit as st

from tutorial.course.links import Link, parse_link, parse_step, step_param, step_to_open
from tutorial.course.playlists import (
    INLINE_KEY_PREFIX,
    MAX_INLINE_CHARS,
    LinkError,
    Playlist,
    decode_inline,
    encode_inline,
    from_query,
    inline_key,
    is_inline,
    to_query,
)
from tutorial.course.problem_report import ReportError, decode_report, replay
from tutorial.engine.errors import ScenarioError
from tutorial.language.i18n import t
from tutorial.scenarios.checker import Checked, check_text, problems_of
from tutorial.scenarios.runtime import goto, start
from tutorial.webapp import common, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.link_state import InlineScenario, LinkMessage, OpenPlaylist


def checked_of(sid: str) -> Checked | None:
    """The checked scenario of an id (the workshop's own, or the library's)."""
    if sid == state.WORKSHOP_ID:
        return state.session().workshop.checked
    if sid.startswith(INLINE_KEY_PREFIX):
        entry = state.session().links.inline.get(sid)
        return entry.checked if entry is not None else None
    return common.library().get(sid)


def inline_text(sid: str) -> str:
    """The YAML text of an inline or Workshop scenario ("" for a library one)."""
    if sid == state.WORKSHOP_ID:
        return state.session().links.workshop_text
    entry = state.session().links.inline.get(sid)
    return entry.text if entry is not None else ""


def open_inline(text: str) -> str:
    """Check an inline scenario's text once per session; its player key.

    Raises:
        ScenarioError: the checker's refusal (located lines).
    """
    key = inline_key(text)
    known = state.session().links.inline
    if key not in known:
        checked = check_text(text, "scenario-from-a-link.yaml")
        known[key] = InlineScenario(text, checked)
    return key


def _say(kind: str, text: str, details: tuple[str, ...] = ()) -> None:
    state.session().links.message = LinkMessage(kind, text, details)


def open_playlist(playlist: Playlist) -> None:
    """Open a playlist: its items checked (inline ones) or looked up, and its first
    scenario not done yet opened."""
    keys: list[str] = []
    problems: list[str] = []
    for item in playlist.items:
        try:
            key = open_inline(decode_inline(item)) if is_inline(item) else item
        except (LinkError, ScenarioError) as e:
            keys.append("")
            problems.append(str(e) if isinstance(e, LinkError) else t("playlist.item_broken"))
            continue
        found = checked_of(key) is not None
        keys.append(key if found else "")
        problems.append("" if found else t("playlist.item_missing", item=inert_markdown(item[:80])))
    state.session().links.playlist = OpenPlaylist(
        playlist, tuple(keys), to_query(playlist), tuple(problems)
    )
    playable = [k for k in keys if k]
    first = next((k for k in playable if not state.progress_of(k).done), None)
    if first or playable:
        state.session().open_scenario(first or playable[0])


def _apply_playlist_link() -> None:
    """``?playlist=…&title=…&note=…`` opens a playlist (once per distinct link)."""
    params = st.query_params
    items = params.get("playlist")
    key = f"{items}|{params.get('title')}|{params.get('note')}"
    if items is None or key == state.session().links.was_applied("playlist"):
        return
    state.session().links.applied["playlist"] = key
    try:
        playlist = from_query(items, params.get("title"), params.get("note"))
    except LinkError as e:
        _say("error", t("playlist.bad_link", reason=str(e)))
        return
    if playlist is not None:
        open_playlist(playlist)


def _open_run(sid: str, checked: Checked, step_text: str | None) -> None:
    """Open a scenario at the step a link asks for (a warning for a bad step)."""
    state.session().open_scenario(sid)
    run = start(checked.scenario, checked.table)
    count = len(checked.scenario.steps)
    step = step_to_open(Link(sid, parse_step(step_text), step_text), count)
    if step is None:
        _say(
            "warning", t("play.bad_step", step=inert_markdown((step_text or "")[:20]), count=count)
        )
    elif step:
        run = goto(run, step)
    state.open_scenario_session(sid, run)


def _apply_inline_link() -> None:
    """``?scenario_inline=ATS1.…&step=…``: a scenario carried by the link itself."""
    params = st.query_params
    code = params.get("scenario_inline")
    step_text = params.get("step")
    key = f"{code}|{step_text}"
    if not code or key == state.session().links.was_applied("inline"):
        return
    state.session().links.applied["inline"] = key
    try:
        sid = open_inline(decode_inline(code))
    except LinkError as e:
        _say("error", t("playlist.bad_inline_link", reason=str(e)))
        return
    except ScenarioError as e:
        _say("error", t("playlist.inline_refused"), tuple(problems_of(e)))
        return
    checked = checked_of(sid)
    if checked is not None:
        _open_run(sid, checked, step_text)


def open_report(code: str) -> None:
    """Reopen the step a problem report's code describes, with its refused try."""
    try:
        report = decode_report(code)
    except ReportError as e:
        _say("error", t("report.bad_code", reason=str(e)))
        return
    if report.scenario:
        sid = report.scenario
        if common.library().get(sid) is None:
            _say("error", t("report.unknown_scenario", sid=inert_markdown(sid)))
            return
    else:
        try:
            sid = open_inline(report.inline)
        except ScenarioError as e:
            _say("error", t("playlist.inline_refused"), tuple(problems_of(e)))
            return
    checked = checked_of(sid)
    if checked is None:  # pragma: no cover - looked up or checked just above
        return
    done = replay(start(checked.scenario, checked.table), report)
    state.session().open_scenario(sid)
    tried = report.tried if done.tried_shown else None
    state.scenario_session(sid).reopen(done.runs, done.feedback, tried, done.complete)
    state.session().links.message = None
    sync_link(sid, None)


def _apply_report_link() -> None:
    """``?report=ATR1.…`` reopens a reported step (the parameter is then dropped)."""
    code = st.query_params.get("report")
    if not code or code == state.session().links.was_applied("report"):
        return
    state.session().links.applied["report"] = code
    st.query_params.pop("report", None)
    open_report(code)


def apply_links() -> None:
    """The links a page may be opened with: a playlist, an inline scenario, a problem report."""
    _apply_playlist_link()
    _apply_inline_link()
    _apply_report_link()


def apply_deep_link() -> None:
    """``?scenario=…&step=…`` opens exactly there (once per distinct link)."""
    params = st.query_params
    link_sid = params.get("scenario")
    link_step = params.get("step")
    key = f"{link_sid}|{link_step}"
    if not link_sid or key == state.session().play.link_applied:
        return
    state.session().play.link_applied = key
    link = parse_link(link_sid, link_step)  # pure and fuzzed: tutorial/course/links.py
    checked = checked_of(link.scenario) if link is not None else None
    if link is None or checked is None:
        st.error(t("play.unknown_link", sid=inert_markdown(link_sid[:80])))
        return
    state.session().open_scenario(link.scenario)
    run = start(checked.scenario, checked.table)
    count = len(checked.scenario.steps)
    step = step_to_open(link, count)
    if step is None:
        shown = inert_markdown((link.step_text or "")[:20])
        st.warning(t("play.bad_step", step=shown, count=count))
    elif step:
        run = goto(run, step)
    state.open_scenario_session(link.scenario, run)


def sync_link(sid: str, step: int | None) -> None:
    """The address follows the step (``step``, else the run on show's):
    ``?scenario=…&step=…``, or for a scenario from a link or the Workshop
    ``?scenario_inline=…&step=…`` (when short enough)."""
    s = state.session()
    cur = s.scenario(sid).run
    shown = step_param(step if step is not None else (cur.step if cur else 0))
    text = inline_text(sid)
    code = encode_inline(text) if text else ""
    if code and len(code) <= MAX_INLINE_CHARS:
        st.query_params.pop("scenario", None)
        st.query_params["scenario_inline"] = code
        st.query_params["step"] = shown
        s.links.applied["inline"] = f"{code}|{shown}"
        return
    st.query_params.pop("scenario_inline", None)
    st.query_params["scenario"] = sid
    st.query_params["step"] = shown
    s.play.link_applied = f"{sid}|{shown}"
