"""My class: a learner joins their teacher's class with its code and a name, sees what the
teacher sees of them (their homework, records and times, practice hands and review deck),
and may leave.

The token the class gives is kept in the browser (:mod:`tutorial.webapp.class_link`);
from then on every page sends the progress on by itself, in the background. A join link
(``?join=<code>``, the board's link and QR code) fills the code in: the learner gives
their name and joins. Each homework item opens where it is done (the lesson, the
playlist, the scenario).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.classes import tokens
from tutorial.classes.deck_view import summary
from tutorial.classes.errors import AccessError, ClassError
from tutorial.classes.homework_view import duration_text, item_view
from tutorial.classes.practice_view import practice_rows
from tutorial.classes.store import Homework, LearnerView
from tutorial.classes.time_view import time_rows, view_time
from tutorial.course.classroom import card_label
from tutorial.course.playlists import lesson_link
from tutorial.language.i18n import t
from tutorial.webapp import class_link, common, navigation, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.pages.live_board import LIVE
from tutorial.webapp.pages.teacher import JOIN, one_full_stop, scenario_infos

#: The session key of the answer to the last join or leave, shown once.
MESSAGE = "my_class_message"


def _join() -> None:
    """Join with the code and name typed (the button's callback)."""
    box = class_link.store()
    if box is None:
        common.tell(MESSAGE, "error", t("classes.unreachable"))
        return
    code = str(state.widget("my_class_code", ""))
    name = str(state.widget("my_class_name", ""))
    try:
        client, address = class_link.client_id()
        token = box.join(code, name, client, address)
    except ClassError as e:
        class_link.LOG.info("A join was refused: %s", e.key)
        common.tell(MESSAGE, "error", str(e))
        return
    class_link.joined(token)
    state.session().classes.code_from_link = ""
    state.set_widget("my_class_code", "")
    common.tell(MESSAGE, "ok", t("my_class.joined"))


def _leave() -> None:
    """Leave the class (the button's callback, once the box is ticked)."""
    m = class_link.membership()
    box = class_link.store()
    if box is None:
        common.tell(MESSAGE, "error", t("classes.unreachable"))
        return
    try:
        box.leave(m.token)
    except AccessError as e:
        if e.key == "class_closed":  # a closed class keeps its records: only forget it here
            class_link.ended(e.key)
            common.tell(MESSAGE, "error", str(e))
            return
        # else already out of it: forgetting the token is all there is left to do
    except ClassError as e:
        common.tell(MESSAGE, "error", str(e))
        return
    class_link.left()
    state.set_widget("my_class_leave_sure", False)
    common.tell(MESSAGE, "ok", t("my_class.left"))


def _message() -> None:
    """The answer to the last join or leave, shown once."""
    common.show_told(MESSAGE)


def code_from_address() -> None:
    """A join link just opened: its code fills the form's box, and leaves the address."""
    if JOIN not in st.query_params:
        return
    code = tokens.normal_join_code(str(st.query_params.get(JOIN, "")))
    st.query_params.pop(JOIN, None)
    if code is not None:
        state.session().classes.code_from_link = tokens.shown_join_code(code)
        common.tell(MESSAGE, "info", t("my_class.code_from_link"))


def fill_code_from_link() -> None:
    """The join link's code set in the form's box at each run, until the learner joins or
    types another code. Set once, it could be lost: when the first run ends early (the
    browser's stored values arriving during it), the browser never draws the value the app
    set, the app keeps believing the box holds it and sends it no more, and the address no
    longer holds the code to set it again (a loaded machine's browser test saw the box
    empty for 30 s). A value set in a run is sent with that run's box, every time."""
    part = state.session().classes
    if not part.code_from_link:
        return
    typed = str(state.widget("my_class_code", "") or "")
    if typed in ("", part.code_from_link):
        state.set_widget("my_class_code", part.code_from_link)
    else:
        part.code_from_link = ""


def show_join() -> None:
    """The join form: the class's code and the learner's name."""
    st.write(t("my_class.intro"))
    fill_code_from_link()
    with st.container(key="my_class_join_form", border=True):
        st.text_input(t("my_class.code"), key="my_class_code", max_chars=20)
        st.text_input(t("my_class.name"), key="my_class_name", max_chars=60)
        st.caption(t("my_class.name_help"))
        st.button(t("my_class.join"), key="my_class_join", on_click=_join, type="primary")


def records_rows(view: LearnerView) -> list[dict[str, Any]]:
    """The learner's records as the teacher sees them, by scenario title."""
    infos = {s.sid: s for s in scenario_infos()}
    rows: list[dict[str, Any]] = []
    for sid, rec in view.progress.scenarios.items():
        info = infos.get(sid)
        game = info.game if info else ""
        rows.append(
            {
                t("teacher.col_scenario"): info.title if info else t("teacher.unknown_scenario"),
                t("teacher.col_done"): t("teacher.yes") if rec.done else t("teacher.no"),
                t("teacher.col_stars"): rec.stars,
                t("teacher.col_mistakes"): rec.mistakes,
                t("teacher.col_card"): " ".join(
                    f"{card_label(game, code)}×{n}" for code, n in rec.wrong.items()
                ),
                t("teacher.board.col_time"): duration_text(view.seconds.get(sid, 0)),
            }
        )
    return rows


def show_homework(view: LearnerView) -> None:
    """The class's homework, each item with how far the learner is."""
    st.header(t("my_class.homework"))
    if not view.homework:
        st.info(t("my_class.no_homework"))
        return
    games = {s.sid: s.game for s in scenario_infos()}
    with st.container(key="my_class_homework"):
        for item in view.homework:
            choice = class_link.homework_choice(item.kind, item.ref)
            mine = item_view(
                item,
                choice.scenarios,
                [(view.name, view.progress, view.seconds)],
                games,
                [view.lesson_seconds],
            )
            x = mine.learners[0]
            due = t("my_class.due", day=item.due.isoformat()) if item.due else ""
            line = t(
                "my_class.homework_line",
                title=inert_markdown(choice.title),
                done=x.done,
                total=x.total,
                due=due,
            ).strip()
            page, params = homework_address(item, choice)
            st.page_link(page, label=line, icon=":material/open_in_new:", query_params=params)


def homework_address(
    item: Homework, choice: class_link.HomeworkChoice
) -> tuple[str, dict[str, str]]:
    """Where a homework item is done: its page and the address's parameters (a lesson on
    the Lessons page, a playlist or a scenario on the Play page)."""
    if item.kind == "lesson":
        return navigation.LESSONS_PAGE, {"lesson": lesson_link(item.ref)}
    if item.kind == "playlist":
        title = choice.own_title or choice.title
        return navigation.PLAY_PAGE, {"playlist": ",".join(choice.scenarios), "title": title}
    return navigation.PLAY_PAGE, {"scenario": item.ref}


def lesson_rows(view: LearnerView) -> list[dict[str, Any]]:
    """The time spent per lesson as the teacher sees it, by lesson title."""
    lessons, _error = common.course(state.settings().language)
    titles = {le.id: le.title for le in lessons}
    return [
        {
            t("my_class.col_lesson"): titles.get(lid, t("teacher.board.unknown_item")),
            t("teacher.board.col_time"): duration_text(secs),
        }
        for lid, secs in view.lesson_seconds.items()
        if secs > 0
    ]


def show_more(view: LearnerView) -> None:
    """The rest the teacher sees: time on lessons, practice hands, the time spent in all,
    the review deck."""
    rows = lesson_rows(view)
    if rows:
        st.markdown(f"**{t('my_class.lessons_title')}**")
        st.dataframe(rows, hide_index=True, key="my_class_lessons")
    practice = practice_rows([(view.name, view.hands)], common.game_title)
    if practice:
        st.markdown(f"**{t('my_class.practice_title')}**")
        st.dataframe(practice, hide_index=True, width="stretch", key="my_class_practice")
    spent = view_time(view)
    if spent.total:
        st.markdown(f"**{t('my_class.time_title')}**")
        st.dataframe(time_rows([spent]), hide_index=True, width="stretch", key="my_class_time")
    if view.deck.cards:
        s = summary(view.deck, view.read_at)
        st.markdown(f"**{t('my_class.deck_title')}**")
        with st.container(key="my_class_deck"):
            st.text(t("my_class.deck_line", cards=s.cards, due=s.due, suspended=s.suspended))


def _forget() -> None:
    """Forget a class that ended (closed, or the learner removed) in this browser."""
    class_link.left()
    class_link.membership().ended = ""


def show_ended(key: str) -> None:
    """Why the learner is no longer in a class (said each time My class is opened, until
    they join again or forget it), then the join form."""
    with st.container(key="my_class_ended"):
        st.info(class_link.ended_message(key), icon=":material/group_off:")
        st.button(t("my_class.forget"), key="my_class_forget", on_click=_forget)
    show_join()


def show_sending(m: class_link.Membership) -> None:
    """How sending goes: by itself, still being tried, or failed (with a button)."""
    if m.rejected:
        st.warning(t("my_class.sync_refused"), icon=":material/block:")
    if class_link.still_trying(m):
        st.caption(t("my_class.still_trying"))
    elif m.failed:
        st.caption(t("my_class.sync_failed"))
        st.button(t("my_class.send_now"), key="my_class_send", on_click=class_link.send_now)
    else:
        st.caption(t("my_class.sync_auto"))


def show_live_now(token: str) -> None:
    """ "Live now": the class's live session, one tap away (nothing when none runs)."""
    live = class_link.live()
    if live is None:
        return
    try:
        session = live.live_now(token)
    except ClassError:
        return
    if session is None:
        return
    with st.container(key="my_class_live_now", border=True):
        st.markdown(t("my_class.live_now"))
        st.page_link(
            navigation.LIVE_PAGE,
            label=t("my_class.live_join"),
            icon=":material/podium:",
            query_params={LIVE: session.link_key},
        )


def show_mine(m: class_link.Membership) -> None:
    """The class joined (or ended): its name, the learner's homework and records, and
    leaving it; a class that ended says why."""
    box = class_link.store()
    if box is None:
        st.warning(t("classes.unreachable"), icon=":material/cloud_off:")
        return
    try:
        view = box.what_teacher_sees(class_link.kept_token(m))
    except AccessError as e:
        class_link.ended(e.key)
        show_ended(e.key)
        return
    except ClassError as e:
        st.warning(str(e), icon=":material/cloud_off:")
        return
    with st.container(key="my_class_joined"):
        st.header(t("my_class.in_class", name=inert_markdown(view.class_name)))
        st.text(one_full_stop(t("my_class.shown_as", name=view.name)))
    if view.closed is None and m.token:
        show_live_now(m.token)
    if view.closed is not None:
        if m.token:  # nothing more is sent to a closed class
            class_link.ended("class_closed")
        st.info(t("my_class.closed"), icon=":material/lock:")
    else:
        show_sending(m)
    show_homework(view)
    st.header(t("my_class.teacher_sees"))
    rows = records_rows(view)
    if rows:
        st.dataframe(rows, hide_index=True, width="stretch", key="my_class_records")
    else:
        st.info(t("my_class.no_records"))
    show_more(view)
    if view.closed is not None:  # its records are the teacher's archive: forgotten here only
        with st.expander(t("my_class.forget_title"), icon=":material/logout:"):
            st.write(t("my_class.forget_help"))
            st.button(t("my_class.forget"), key="my_class_forget", on_click=_forget)
        return
    with st.expander(t("my_class.leave_title"), icon=":material/logout:"):
        st.write(t("my_class.leave_help"))
        sure = st.checkbox(t("my_class.leave_sure"), key="my_class_leave_sure")
        st.button(t("my_class.leave"), key="my_class_leave", on_click=_leave, disabled=not sure)


def main() -> None:
    """The page."""
    st.title(t("my_class.title"))
    if not class_link.membership().token:
        code_from_address()
    _message()
    m = class_link.membership()
    if class_link.kept_token(m):
        if m.token:
            st.query_params.pop(JOIN, None)  # a join link opened again: already in a class
        show_mine(m)
    elif m.ended:  # ended without a token to ask about (a tampered one never kept)
        show_ended(m.ended)
    else:
        show_join()
