"""The Live class page: one deal on the projector, every learner choosing on their phone.

Who the page is for depends on its address and the browser:

- ``?board=<token>`` (the class's read-only board token): the projector's board
  (:func:`tutorial.webapp.pages.live_board.board_view`);
- ``?live=<key>`` (the session's join link, its QR code on the board): a learner of the
  class takes their place with the token their browser keeps; anyone else joins with a
  name when the teacher lets guests in;
- no parameter: the teacher of the class this browser keeps runs the session
  (:mod:`tutorial.webapp.pages.live_teacher`); a learner of a class with a session
  running lands in it ("Live now" on My class links here too).

A learner's screen follows the session by a fragment that reads the session's small row
every second (``LiveClass.poll``) and draws the step from what the server worked out once
for it: the table from the deciding seat, the question, and their own answer. A card the
rules refuse is explained at once and is not sent; an answer is sent to the class
database and can change until the reveal; at the reveal the learner sees their verdict
and the coach's reason, and a wrong answer goes in their review deck, like a wrong try in
a scenario. A learner who reloads, or joins late, lands on the current step.
"""

from __future__ import annotations

import streamlit as st

from tutorial.classes.errors import AccessError, ClassError, LiveError, UnreachableError
from tutorial.classes.live import LiveClass, LivePoll, LiveSession
from tutorial.course.live_lesson import LiveLesson, LiveLessonError, LiveStep, open_lesson
from tutorial.language.i18n import t
from tutorial.webapp import class_link, common, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.pages import live_teacher
from tutorial.webapp.pages.live_board import (
    BOARD,
    LIVE,
    POLL_SECONDS,
    board_view,
    draw_table,
    labels_of,
    lesson_of,
    question_line,
    show_refusal,
    unreachable,
)

#: The key of the answer to the learner's last action (``common.tell``).
MESSAGE = "live_message"
#: The typed fallback's widget (a card, a bid or an answer typed instead of tapped).
TYPED = "live_typed"
#: How many sessions' kind and reference a server keeps (they never change).
SESSIONS_KEPT = 256

_SESSIONS: dict[str, LiveSession] = {}


def session_of(live: LiveClass, link_key: str) -> LiveSession:
    """What a session plays, read once per server (its kind and reference never change).

    Raises:
        ClassError: the key names no session, or the database cannot be reached.
    """
    found = _SESSIONS.get(link_key)
    if found is None:
        found = live.session(link_key)
        if len(_SESSIONS) >= SESSIONS_KEPT:
            _SESSIONS.clear()
        _SESSIONS[link_key] = found
    return found


def my_token() -> str:
    """The token this browser answers with: a guest's, else the class learner's ("" for none)."""
    return state.session().live.guest_token or class_link.membership().token


def _answer(session: LiveSession, number: int, text: str) -> None:
    """A card, bid, choice or discard chosen at the table (the table's callback): what
    the rules refuse is explained and not sent; an answer that counts is sent, and may
    change until the reveal."""
    part = state.session().live
    live = class_link.live()
    if live is None:
        part.refusal = (session.session_id, number, t("live.not_sent"))
        return
    try:
        lesson = open_lesson(session.kind, session.ref)
        refusal = lesson.refusal(number, text)
        if refusal is not None:
            part.refusal = (session.session_id, number, refusal)
            return
        canonical = lesson.canonical(number, text)
        live.answer(my_token(), session.session_id, number, canonical)
    except LiveLessonError as e:
        part.refusal = (session.session_id, number, str(e))
        return
    except UnreachableError:
        part.refusal = (session.session_id, number, t("live.not_sent"))
        return
    except ClassError as e:
        part.refusal = (session.session_id, number, str(e))
        return
    part.refusal = None
    part.sent[(session.session_id, number)] = canonical


def _typed(session: LiveSession, number: int) -> None:
    """The typed fallback's answer (the same as a tap on the table)."""
    text = str(state.widget(TYPED, "")).strip()
    state.set_widget(TYPED, "")
    if text:
        _answer(session, number, text)


def my_answer(live: LiveClass, session: LiveSession, number: int) -> str | None:
    """This learner's answer at a step: the one sent from this page, else the database's,
    read once per step (a reload, a late arrival): a page that has not answered does not
    ask the database again every second."""
    part = state.session().live
    at = (session.session_id, number)
    if at not in part.sent and at not in part.read:
        mine = live.mine(my_token(), session.session_id).at(number)
        part.read.add(at)
        if mine is not None:
            part.sent[at] = mine.answer
    return part.sent.get(at)


def feedback_at(
    lesson: LiveLesson, step: LiveStep, poll: LivePoll, answer: str | None
) -> tuple[str, str, str] | None:
    """What the learner's table says under the question: a refusal just made, the answer
    kept, or at the reveal their verdict and why the best answer is best."""
    part = state.session().live
    labels = labels_of(step)
    if poll.state == "revealed":
        reveal = lesson.reveal(step.number, [answer] if answer is not None else [])
        if answer is None:
            best = ", ".join(labels.get(a, a) for a in reveal.best)
            return (
                "info",
                t("live.you_none"),
                t("live.best_plain", best=best, reason=reveal.best_reason),
            )
        verdict = reveal.verdicts[answer]
        if verdict.best:
            return ("success", t("live.you_best", answer=verdict.label), verdict.sentence)
        best = ", ".join(labels.get(a, a) for a in reveal.best)
        return ("warning", t("live.you_other", answer=verdict.label, best=best), verdict.sentence)
    refused = part.refusal
    if (
        refused is not None
        and refused[:2] == (poll.session_id, step.number)
        and poll.state == "open"
    ):
        return ("error", t("component.not_allowed"), refused[2])
    if answer is not None:
        return ("info", t("live.kept", answer=labels.get(answer, answer)), t("live.kept_help"))
    return None


def note_wrong(
    lesson: LiveLesson, step: LiveStep, session: LiveSession, answer: str | None
) -> bool:
    """At the reveal, a wrong answer goes in the learner's review deck once (True when it
    went in now); a decision without a deck card (a practice deal's bid) puts nothing."""
    part = state.session().live
    if answer is None or (session.session_id, step.number) in part.noted:
        return False
    part.noted.add((session.session_id, step.number))
    if step.source is None:
        return False
    reveal = lesson.reveal(step.number, [answer])
    if answer in reveal.best:
        return False
    state.live_wrong(step.source, step.game, answer, list(reveal.best))
    return True


@st.fragment(run_every=POLL_SECONDS, key="live_follow")
def follow(link_key: str) -> None:
    """The learner's screen, read again every :data:`POLL_SECONDS` seconds: the current
    step's table from the deciding seat, the question, and their answer or verdict."""
    live = class_link.live()
    if live is None:
        unreachable()
        return
    try:
        poll = live.poll(link_key)
        session = session_of(live, link_key)
        if poll.state == "ended":
            following = live_now_key() if not state.session().live.guest_token else None
            if following is not None and following != link_key:  # the teacher started another
                st.query_params[LIVE] = following
                st.rerun(scope="app")
            st.info(t("live.ended"), icon=":material/flag:")
            return
        lesson = lesson_of(session)
        if lesson is None:
            return
        step = lesson.step(poll.step)
        if step is None:
            st.info(t("live.past_end"), icon=":material/flag:")
            return
        answer = my_answer(live, session, step.number)
    except ClassError as e:
        show_refusal(e)
        return
    with st.container(key="live_heading"):
        st.subheader(inert_markdown(step.title))
        st.markdown(question_line(poll, step, lesson.steps_known()))
    answering = poll.state == "open"
    prompt = step.prompt if poll.state != "waiting" else t("live.wait_open")
    draw_table(
        session,
        step,
        answering=answering,
        prompt=prompt,
        feedback=feedback_at(lesson, step, poll, answer),
        key="live_learner_table",
        on_answer=lambda text: _answer(session, step.number, text),
    )
    if answering:
        with st.expander(t("play.fallback"), icon=":material/keyboard:"):
            st.text_input(
                t("play.type_card"),
                key=TYPED,
                on_change=_typed,
                args=(session, step.number),
            )
    if poll.state == "revealed" and note_wrong(lesson, step, session, answer):
        st.rerun(scope="app")  # the review deck is saved to the browser by a whole run


def _join_guest(link_key: str) -> None:
    """Join the session by its link under the name typed (the button's callback)."""
    live = class_link.live()
    part = state.session().live
    if live is None:
        common.tell(MESSAGE, "error", t("live.unreachable"))
        return
    name = str(state.widget("live_guest_name", ""))
    try:
        seat = live.join_guest(link_key, name)
    except ClassError as e:
        common.tell(MESSAGE, "error", str(e))
        return
    part.link_key, part.guest_token, part.guest_name = link_key, seat.guest_token, name


def show_guest_form(link_key: str, poll: LivePoll) -> None:
    """The join form of someone not in the class: a name, when the teacher lets guests in."""
    if not poll.guests:
        st.info(t("classes.live.no_guests"), icon=":material/lock:")
        return
    st.write(t("live.guest_intro"))
    with st.container(key="live_guest_form", border=True):
        st.text_input(t("my_class.name"), key="live_guest_name", max_chars=60)
        st.button(
            t("live.join"),
            key="live_guest_join",
            on_click=_join_guest,
            args=(link_key,),
            type="primary",
        )


def take_place(live: LiveClass, link_key: str) -> bool:
    """Take this browser's place in the session (a learner of its class by their token, a
    guest who joined here by theirs); False when the page shows the guest's form or why not."""
    part = state.session().live
    if part.guest_token and part.link_key == link_key:
        return True
    token = class_link.membership().token
    poll = live.poll(link_key)
    if poll.state == "ended":
        st.info(t("live.ended"), icon=":material/flag:")
        return False
    if token:
        try:
            live.join(token, link_key)
            part.link_key, part.guest_token = link_key, None
            return True
        except (AccessError, LiveError) as e:
            if not (isinstance(e, LiveError) and e.key == "other_class"):
                st.error(str(e), icon=":material/error:")
                return False
    show_guest_form(link_key, poll)
    return False


def show_learner(link_key: str) -> None:
    """A learner's or a guest's page at a session's link."""
    common.show_told(MESSAGE)
    live = class_link.live()
    if live is None:
        unreachable()
        return
    try:
        if not take_place(live, link_key):
            return
    except ClassError as e:
        show_refusal(e)
        return
    if state.session().live.guest_token:
        st.caption(t("live.guest_as", name=state.session().live.guest_name))
    follow(link_key)


def live_now_key() -> str | None:
    """The link key of the session running in this learner's class, or None."""
    token = class_link.membership().token
    live = class_link.live()
    if not token or live is None:
        return None
    try:
        session = live.live_now(token)
    except ClassError:
        return None
    return session.link_key if session is not None else None


def main() -> None:
    """The page: the board, a learner's or guest's screen, or the teacher's controls."""
    st.title(t("live.title"))
    if not state.store_loaded():
        # The screens follow the session by a timer; started before the browser's stored
        # values are heard, its runs kept interrupting the whole run that hears them on a
        # loaded machine (the store's values never taken in). One run later it starts.
        st.caption(t("live.loading"))
        return
    board_token = str(st.query_params.get(BOARD, "")).strip()
    if board_token:
        board_view(board_token)
        return
    link_key = str(st.query_params.get(LIVE, "")).strip()
    if link_key:
        show_learner(link_key)
        return
    class_link.keep_teacher_secret()
    secret = state.teacher_secret() or ""
    if secret:
        live_teacher.show(secret)
        return
    found = live_now_key()
    if found is not None:
        st.query_params[LIVE] = found
        show_learner(found)
        return
    st.info(t("live.intro"), icon=":material/podium:")
