"""A live class as the room watches it: the step's table, its question, how many are in
and how many answered, how to join, the split once the teacher shows it, and at the reveal
the engine's verdict and the coach's reasons (part of the Live class page).

The projector's board (``?board=<token>``: the class's read-only board token, no secret)
and the teacher's own page draw the same view (:func:`show_watch`); both follow the session
by a fragment that reads the session's small row (``LiveClass.poll``) every
:data:`BOARD_POLL_SECONDS` seconds (a learner's page every :data:`POLL_SECONDS`) and draws from what is cached for its step: the lesson's step and its
table are worked out once per server (:func:`step_table`), never per screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import streamlit as st

from tutorial.classes.errors import ClassError, UnreachableError
from tutorial.classes.live import LivePoll, LiveSession
from tutorial.course.live_lesson import (
    LiveLesson,
    LiveLessonError,
    LiveReveal,
    LiveStep,
    open_lesson,
)
from tutorial.language.i18n import language, t, tn
from tutorial.pictures.charts import CONFIG
from tutorial.pictures.join_qr import qr_svg
from tutorial.pictures.live_chart import split_chart
from tutorial.pictures.table_data import live_table_data
from tutorial.webapp import class_link, common, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.navigation import page_url
from tutorial.webapp.table_component import show_table

#: Seconds between two readings of a live session's row on a learner's screen.
POLL_SECONDS = 1.0
#: The same on the board and the teacher's screen: two pages a class, read twice as
#: often, so an answer reaches the board's count sooner.
BOARD_POLL_SECONDS = 0.5
#: What the class does now, by the session's state.
STATE_WORDS = {
    "waiting": "live.state.waiting",
    "open": "live.state.open",
    "revealed": "live.state.revealed",
    "ended": "live.state.ended",
}
#: The page's address and its parameters: a session's link key (learners and guests
#: join by it) and the class's board token (the projector's view).
PAGE = "live"
LIVE = "live"
BOARD = "board"


def join_link(link_key: str) -> str:
    """The link a learner opens to join the session (the board shows it and its QR code)."""
    return f"{page_url(PAGE)}?{LIVE}={link_key}"


def board_link(board_token: str) -> str:
    """The projector's link: the class's read-only board token on the Live class page."""
    return f"{page_url(PAGE)}?{BOARD}={board_token}"


def lesson_of(session: LiveSession) -> LiveLesson | None:
    """What the session plays, or None with why it cannot be opened (a scenario removed
    from the app since, a deal link from another version)."""
    try:
        return open_lesson(session.kind, session.ref)
    except LiveLessonError as e:
        st.error(str(e), icon=":material/error:")
        return None


def show_refusal(error: ClassError) -> None:
    """Why the class database refused a read: the calm notice of a database that cannot be
    reached, else the refusal's own sentence."""
    if isinstance(error, UnreachableError):
        unreachable()
    else:
        st.error(str(error), icon=":material/error:")


def unreachable() -> None:
    """The calm notice of a database that cannot be reached: nothing is lost, the page
    keeps reading, and the session goes on where it was."""
    st.warning(t("live.unreachable"), icon=":material/cloud_off:")


@lru_cache(maxsize=256)
def step_table(
    kind: str,
    ref: str,
    number: int,
    lang: str,
    answering: bool,
    four_colour: bool,
    presenter: bool,
    prompt: str,
) -> dict[str, Any]:
    """The table component's data at a step, once per server for every screen alike
    (each screen adds its own feedback to a copy)."""
    step = open_lesson(kind, ref).step(number)
    assert step is not None
    return live_table_data(
        step,
        answering=answering,
        prompt=prompt,
        four_colour=four_colour,
        presenter=presenter,
        key=f"live|{number}|{answering}",
    )


def draw_table(
    session: LiveSession,
    step: LiveStep,
    *,
    answering: bool,
    prompt: str,
    feedback: tuple[str, str, str] | None = None,
    presenter: bool = False,
    key: str,
    on_answer: Any = None,
) -> None:
    """The step's table: to answer it (``on_answer(text)`` for a card, a bid, a choice or
    a discard) or to watch it."""
    settings = state.settings()
    data = dict(
        step_table(
            session.kind,
            session.ref,
            step.number,
            language(),
            answering,
            settings.four_colour,
            presenter or settings.presenter,
            prompt,
        )
    )
    if feedback is not None:
        data["feedback"] = {"tone": feedback[0], "head": feedback[1], "html": feedback[2]}
    answer = on_answer if on_answer is not None else _ignore
    show_table(
        data,
        on_card=answer,
        on_action=answer,
        on_answer=answer,
        on_discard=answer,
        key=key,
    )


def _ignore(_value: str) -> None:
    """A watching table answers nothing."""


def question_line(poll: LivePoll, step: LiveStep, known: int | None) -> str:
    """Which question this is ("Question 2 of 5") and what the class does now."""
    number = (
        t("live.step_of", number=step.number + 1, total=known)
        if known is not None
        else t("live.step", number=step.number + 1)
    )
    return f"{number} · {t(STATE_WORDS[poll.state])}"


def labels_of(step: LiveStep) -> dict[str, str]:
    """Each answer's words at a step (a free answer shows as it was given)."""
    return {c.text: c.label for c in step.choices}


def show_counts(poll: LivePoll) -> None:
    """How many are in the session and how many answered this question."""
    with st.container(key="live_counts"):
        st.markdown(
            t(
                "live.counts",
                members=tn("live.members", poll.members),
                answers=tn("live.answers", poll.answers),
            )
        )


def show_join(link_key: str, *, qr: bool = True) -> None:
    """How to join: the link and its QR code."""
    link = join_link(link_key)
    with st.container(key="live_join"):
        st.markdown(t("live.join_line"))
        st.code(link, language=None, wrap_lines=True)
        if qr:
            st.image(qr_svg(link), caption=t("live.qr_caption"), width=220)


def show_split(split: Mapping[str, int], step: LiveStep, best: Sequence[str] | None) -> None:
    """How the class answered, as a chart and in words (best answers marked once revealed)."""
    chart = split_chart(split, labels_of(step), best)
    with st.container(key="live_split"):
        st.plotly_chart(
            common.chart_figure(chart.figure),
            width="stretch",
            config=CONFIG,
            key=f"live_split_chart_{step.number}",
        )
        st.caption(chart.text)


def show_reveal(reveal: LiveReveal, step: LiveStep) -> None:
    """The reveal: the best answers and why, then the verdict on each answer the class gave
    (each with the engine's reason)."""
    labels = labels_of(step)
    best = ", ".join(labels.get(a, a) for a in reveal.best)
    with st.container(key="live_reveal"):
        st.success(
            t("live.best", best=inert_markdown(best), reason=inert_markdown(reveal.best_reason)),
            icon=":material/check_circle:",
        )
        others = [v for v in reveal.verdicts.values() if not v.best]
        for v in others:
            st.markdown(
                t(
                    "live.verdict_line",
                    answer=inert_markdown(v.label),
                    why=inert_markdown(v.sentence),
                )
            )


def show_watch(
    session: LiveSession,
    poll: LivePoll,
    lesson: LiveLesson,
    *,
    split: Mapping[str, int] | None,
    key: str,
    aside: Callable[[], None] = lambda: None,
) -> None:
    """The session as the room sees it at its current step: the title and question line
    and the table (large, to watch) on the left; on the right how many are in and
    answered, then the split when shown and the reveal when made, else how to join
    (``aside`` adds the teacher's own links below). ``split`` is None when the board may
    not show it yet."""
    step = lesson.step(poll.step)
    if step is None:
        st.info(t("live.past_end"), icon=":material/flag:")
        return
    main, side = st.columns([5, 2], gap="medium")
    with main:
        with st.container(key="live_heading"):
            st.subheader(inert_markdown(step.title))
            st.markdown(question_line(poll, step, lesson.steps_known()))
        draw_table(
            session, step, answering=False, prompt=step.prompt, presenter=True, key=f"{key}_table"
        )
    with side:
        show_counts(poll)
        revealed = poll.state == "revealed"
        shown = split is not None and (revealed or poll.split_shown)
        if shown and split is not None:
            reveal = lesson.reveal(step.number, list(split)) if revealed else None
            show_split(split, step, reveal.best if reveal is not None else None)
            if reveal is not None:
                show_reveal(reveal, step)
        elif revealed:
            show_reveal(lesson.reveal(step.number, []), step)
        show_join(session.link_key, qr=not shown and not revealed)
        aside()


def read_board(board_token: str) -> tuple[LiveSession, LivePoll] | None:
    """The class's live session for its board, or None with why (nothing runs, the database
    cannot be reached, the token opens nothing)."""
    live = class_link.live()
    if live is None:
        unreachable()
        return None
    try:
        session = live.board_current(board_token)
        if session is None:
            st.info(t("live.board_waiting"), icon=":material/hourglass_empty:")
            return None
        return session, live.poll(session.link_key)
    except ClassError as e:
        show_refusal(e)
        return None


@st.fragment(run_every=BOARD_POLL_SECONDS, key="live_board")
def board_view(board_token: str) -> None:
    """The projector's view, read again every :data:`BOARD_POLL_SECONDS` seconds: the session
    running in the class, its table and question, how to join, the split once the teacher
    shows it and the reveal. Nothing here changes the session."""
    found = read_board(board_token)
    if found is None:
        return
    session, poll = found
    lesson = lesson_of(session)
    if lesson is None:
        return
    split = None
    if poll.state == "revealed" or poll.split_shown:
        live = class_link.live()
        try:
            split = live.board_split(board_token, session.session_id, poll.step) if live else None
        except ClassError:
            split = None
    show_watch(session, poll, lesson, split=split, key="board")
