"""The teacher's side of a live class (part of the Live class page): start a session from
a scenario, a playlist or a practice deal's link; at each decision open the question, show
how the class is answering, reveal the engine's verdict, go on, back or skip; let guests
in or not; end it; and each session's record afterwards (who chose what, how each step
split, how often each learner chose a best answer), as tables and as CSV.

The teacher's screen is the board plus the controls (many teachers project their own
screen): the split shows here when it shows on the board, never before. Every control
names the step it acts on, so a second tab that is behind is refused (the session moved
on) or changes nothing; both tabs follow the session by the same fragment as the board.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from urllib.parse import urlsplit

import streamlit as st

from tutorial.classes.errors import ClassError
from tutorial.classes.live import LiveClass, LiveSession
from tutorial.course.live_lesson import LiveLesson, LiveLessonError, open_lesson
from tutorial.language.i18n import t
from tutorial.webapp import class_link, common, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.pages.live_board import (
    BOARD_POLL_SECONDS,
    board_link,
    lesson_of,
    show_refusal,
    show_watch,
    unreachable,
)
from tutorial.webapp.pages.live_records import show_results
from tutorial.webapp.pages.teacher import scenario_infos

#: The key of the answer to the teacher's last action (``common.tell``).
MESSAGE = "live_teacher_message"
#: What a session may play, in the order the start form offers them.
KINDS = ("scenario", "playlist", "deal")
#: Each kind in the form's words.
KIND_WORDS = {
    "scenario": "live.kind.scenario",
    "playlist": "live.kind.playlist",
    "deal": "live.kind.deal",
}


def start_key(name: str) -> str:
    """A widget of the start form, named afresh for each session started: the browser
    keeps a widget's last value while it is not drawn and sends it back when the same
    widget is drawn again, so a form drawn again after a session would show its defaults
    and answer with the values of the last start."""
    return f"live_start_{name}_{state.session().live.starts}"


def deal_ref(text: str) -> str:
    """A practice deal's link as a session keeps it: the link's query (what follows ``?``),
    or the text as given when it is the query alone.

    >>> deal_ref("https://atout.example/practice?game=belote&seed=7")
    'game=belote&seed=7'
    >>> deal_ref(" game=belote&seed=7 ")
    'game=belote&seed=7'
    """
    text = text.strip()
    if "?" in text:
        return urlsplit(text).query
    return text


def _start(secret: str) -> None:
    """Start a session of what the form names (the button's callback)."""
    live = class_link.live()
    if live is None:
        common.tell(MESSAGE, "error", t("live.unreachable"))
        return
    kind = str(state.widget(start_key("kind"), "scenario"))
    if kind == "scenario":
        ref = str(state.widget(start_key("scenario"), "") or "")
    elif kind == "playlist":
        ref = str(state.widget(start_key("playlist"), "") or "")
    else:
        ref = deal_ref(str(state.widget(start_key("deal"), "")))
    try:
        open_lesson(kind, ref)
        live.start(secret, kind, ref, guests=bool(state.widget(start_key("guests"), False)))
    except (LiveLessonError, ClassError) as e:
        common.tell(MESSAGE, "error", str(e))
        return
    state.session().live.starts += 1
    common.tell(MESSAGE, "ok", t("live.started"))


def show_start(secret: str) -> None:
    """The form that starts a session: what it plays, and whether guests may join."""
    st.subheader(t("live.start_title"))
    st.caption(t("live.start_help"))
    with st.container(key="live_start_form", border=True):
        kind = st.radio(
            t("live.start_kind"),
            KINDS,
            format_func=lambda k: t(KIND_WORDS[k]),
            key=start_key("kind"),
            horizontal=True,
        )
        if kind == "scenario":
            infos = scenario_infos()
            titles = {s.sid: f"{common.game_title(s.game)} · {s.title}" for s in infos}
            st.selectbox(
                t("live.start_scenario"),
                list(titles),
                format_func=lambda sid: titles.get(sid, sid),
                key=start_key("scenario"),
            )
        elif kind == "playlist":
            lists = {
                c.ref: c.own_title or c.title
                for c in class_link.homework_choices()
                if c.kind == "playlist"
            }
            st.selectbox(
                t("live.start_playlist"),
                list(lists),
                format_func=lambda ref: lists.get(ref, ref),
                key=start_key("playlist"),
            )
        else:
            st.text_input(t("live.start_deal"), key=start_key("deal"), max_chars=600)
            st.caption(t("live.start_deal_help"))
        st.checkbox(t("live.guests"), key=start_key("guests"))
        st.button(
            t("live.start"), key="live_start", on_click=_start, args=(secret,), type="primary"
        )


def _act(secret: str, session: LiveSession, number: int, what: str) -> None:
    """One of the teacher's controls at step ``number`` (the buttons' callback)."""
    live = class_link.live()
    if live is None:
        common.tell(MESSAGE, "error", t("live.unreachable"))
        return
    sid = session.session_id
    try:
        lesson = open_lesson(session.kind, session.ref)
        actions: dict[str, Callable[[], object]] = {
            "open": lambda: opened(live, lesson, secret, sid, number),
            "split": lambda: live.show_split(secret, sid, number, True),
            "hide": lambda: live.show_split(secret, sid, number, False),
            "reveal": lambda: reveal(live, lesson, secret, sid, number),
            "next": lambda: go_on(live, lesson, secret, sid, number),
            "back": lambda: live.go_to(secret, sid, max(0, number - 1)),
            "end": lambda: ended(live, secret, sid),
            "guests_on": lambda: live.set_guests(secret, sid, True),
            "guests_off": lambda: live.set_guests(secret, sid, False),
        }
        actions[what]()
    except (LiveLessonError, ClassError) as e:
        common.tell(MESSAGE, "error", str(e))


def ended(live: LiveClass, secret: str, sid: int) -> None:
    """End the session; its record is below the start form."""
    live.end(secret, sid)
    common.tell(MESSAGE, "ok", t("live.ended_teacher"))


def opened(live: LiveClass, lesson: LiveLesson, secret: str, sid: int, number: int) -> None:
    """Open step ``number``'s question with its answers, and start working out its reveal
    on the side: the engine's facts (a card's cost, a practice position's judgement) take
    up to seconds the first time, and are ready when the teacher reveals."""
    step = lesson.step(number)
    choices = [c.text for c in step.choices] if step is not None else []
    live.open_question(secret, sid, number, choices or None)
    threading.Thread(
        target=lesson.reveal, args=(number, choices), name="live-reveal", daemon=True
    ).start()


def reveal(live: LiveClass, lesson: LiveLesson, secret: str, sid: int, number: int) -> None:
    """Reveal step ``number``: the engine's best answers, judged over what the class chose."""
    split = live.split(secret, sid, number)
    found = lesson.reveal(number, list(split))
    live.reveal(secret, sid, number, found.best)


def go_on(live: LiveClass, lesson: LiveLesson, secret: str, sid: int, number: int) -> None:
    """The next decision (the line played on is the lesson's), or say this was the last."""
    if lesson.step(number + 1) is None:
        common.tell(MESSAGE, "info", t("live.last_step"))
        return
    live.go_to(secret, sid, number + 1)


def _button(label: str, what: str, args: tuple[object, ...], *, primary: bool = False) -> None:
    st.button(
        t(label),
        key=f"live_{what}",
        on_click=_act,
        args=(*args, what),
        type="primary" if primary else "secondary",
    )


def show_controls(
    secret: str, session: LiveSession, state_now: str, number: int, split: bool, guests: bool
) -> None:
    """The controls for the step the session is at."""
    args = (secret, session, number)
    with st.container(key="live_controls", horizontal=True):
        if state_now == "waiting":
            _button("live.open", "open", args, primary=True)
            _button("live.skip", "next", args)
        elif state_now == "open":
            _button("live.reveal", "reveal", args, primary=True)
            _button(
                "live.hide_split" if split else "live.show_split",
                "hide" if split else "split",
                args,
            )
        else:
            _button("live.next", "next", args, primary=True)
        if number > 0:
            _button("live.back", "back", args)
        _button(
            "live.guests_off" if guests else "live.guests_on",
            "guests_off" if guests else "guests_on",
            args,
        )
    with st.expander(t("live.end_title"), icon=":material/stop_circle:"):
        _button("live.end", "end", args)


@st.fragment(run_every=BOARD_POLL_SECONDS, key="live_teacher")
def teacher_view(secret: str, board_token: str) -> None:
    """The teacher's session, read again every :data:`BOARD_POLL_SECONDS` seconds: the board's
    view, the controls, how to join and the projector's link."""
    live = class_link.live()
    if live is None:
        unreachable()
        return
    try:
        session = live.current(secret)
        if session is None:
            st.rerun(scope="app")
        assert session is not None
        poll = live.poll(session.link_key)
        shown = poll.state == "revealed" or poll.split_shown
        split = live.split(secret, session.session_id, poll.step) if shown else None
    except ClassError as e:
        show_refusal(e)
        return
    lesson = lesson_of(session)
    if lesson is None:
        return
    common.show_told(MESSAGE)
    show_controls(secret, session, poll.state, poll.step, poll.split_shown, poll.guests)

    def links() -> None:
        st.markdown(t("live.board_line"))
        with st.container(key="live_board_link"):
            st.code(board_link(board_token), language=None, wrap_lines=True)
        if poll.guests:
            st.caption(t("live.guests_allowed"))

    show_watch(session, poll, lesson, split=split, key="teacher", aside=links)


def show(secret: str) -> None:
    """The teacher's page: the session running (or the form that starts one), then the
    records of the class's sessions."""
    live = class_link.live()
    if live is None:
        unreachable()
        return
    try:
        running = live.current(secret)
        # The board's link never changes while a class lives: read once per page, not at
        # every half-second read of the session.
        board_token = live.store.board_token(secret) if running is not None else ""
    except ClassError as e:
        show_refusal(e)
        return
    if running is None:
        common.show_told(MESSAGE)
        show_start(secret)
    else:
        st.markdown(inert_markdown(t("live.running_intro")))
        teacher_view(secret, board_token)
    show_results(secret)
