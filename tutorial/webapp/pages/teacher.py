"""The Teacher page: a class kept by the app, and progress codes read at once.

A teacher makes a class (a name, homework from the lessons and playlists, optional due
days) and gets its teacher link (``?teach=<secret>``, which opens this page on the class)
and its join code. Once the page has read a teacher link, the secret moves to the
browser's storage and leaves the address (:func:`class_link.keep_teacher_secret`): the
address bar, on a projector, never shows it again, and ``/teacher`` in that browser opens
the class. The board link (``?board=<token>``) shows the same figures with the join code
large, its join link and QR code, and no control that changes anything: the page for a
projector. With the link the page shows the class from the database: per
homework item who did it, their stars, wrong tries, wrong cards and time, who has not
started; the learners × scenarios table, the heatmap, the scenarios most missed, the
wrong cards most played and a CSV file; the practice hands per learner and game with their
costliest cards and time; each learner's time spent (on scenarios, lessons, practice, in
all); the review decks and the positions the class is reviewing; and
everything the teacher may change. The class is drawn in a fragment that reads the
database again every :data:`BOARD_REFRESH` seconds while the page is open: its name,
whether it is closed, its join code, its learners and what they sent follow the database
(another tab's change, a learner who joins), and the management's widgets, each with its
key, keep what the teacher is doing. After a learner is removed the page offers a new join
code beside the answer; a class still on an older six-character code gets an
eight-character one when its teacher opens it, and the page says so.

Below it, progress codes pasted (or a file of them) are read the same way, for learners
who cannot join. The reading and counting live in :mod:`tutorial.course.classroom` and
:mod:`tutorial.classes.homework_view`, the picture in :mod:`tutorial.pictures.class_charts`
(all pure); this page only lays them out.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

import streamlit as st

from tutorial.classes import tokens
from tutorial.classes.deck_view import (
    Position,
    board_decks,
    class_positions,
    deck_rows,
    position_rows,
)
from tutorial.classes.errors import AccessError, ClassError
from tutorial.classes.homework_view import (
    BOM,
    HomeworkItem,
    board_view,
    homework_csv,
    item_rows,
)
from tutorial.classes.practice_view import board_practice, practice_rows
from tutorial.classes.store import ClassStore, Dashboard, Homework
from tutorial.classes.time_view import board_times, time_rows
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
from tutorial.pictures.join_qr import qr_svg
from tutorial.webapp import class_link, common, state
from tutorial.webapp.common import course_order
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.navigation import LIVE_PAGE, page_url
from tutorial.webapp.pages.live_records import show_results

#: The key of the answer to the teacher's last action (``common.tell``), shown until the next.
MESSAGE = "teacher_class_message"

#: The address's parameter holding the teacher secret (read once, then dropped).
TEACH = "teach"
#: The address's parameter holding the board token (it stays: the board is a link).
BOARD = "board"
#: The My class page's parameter holding a join code.
JOIN = "join"
#: Seconds between two readings of the dashboard while it is open.
BOARD_REFRESH = 20
#: The management's widgets holding what the teacher is in the middle of doing (with the
#: homework's due days, ``teacher_class_due_...``): a read of the class that fails draws
#: none of them, and must not take their values away (:func:`keep_management`).
MANAGEMENT_WIDGETS = (
    "teacher_class_rename",
    "teacher_class_homework",
    "teacher_learner_pick",
    "teacher_learner_name",
    "teacher_learner_remove_sure",
    "teacher_close_sure",
    "teacher_delete_sure",
)


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
    pasted = str(state.widget("teacher_codes", ""))
    upload = state.widget("teacher_file")
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


def show_missed(table: ClassTable, prefix: str = "teacher") -> None:
    """The scenarios most missed, in sentences (a teacher reads them aloud)."""
    st.subheader(t("teacher.missed_title"))
    st.caption(t("teacher.missed_help"))
    missed = table.most_missed()
    if not missed:
        st.info(t("teacher.no_missed"))
        return
    total = len(table.learners)
    with st.container(key=f"{prefix}_missed"):
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


def show_wrong(table: ClassTable, prefix: str = "teacher") -> None:
    """The wrong cards most played, with their scenario."""
    st.subheader(t("teacher.wrong_title"))
    st.caption(t("teacher.wrong_help"))
    wrong = table.wrong_cards()
    if not wrong:
        st.info(t("teacher.no_wrong"))
        return
    with st.container(key=f"{prefix}_wrong"):
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


def show_chart(table: ClassTable, prefix: str = "teacher") -> None:
    """The heatmap of one measure, its words beside it."""
    measure = st.radio(
        t("teacher.measure"),
        MEASURES,
        format_func=lambda m: t(MEASURE_KEYS[m]),
        horizontal=True,
        key=f"{prefix}_measure",
    )
    chart = class_heatmap(table, measure)
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.plotly_chart(
            common.chart_figure(chart.figure),
            width="stretch",
            config=CONFIG,
            key=f"{prefix}_heatmap",
        )
    with right:
        st.markdown(f"**{t('score.summary')}**")
        with st.container(key=f"{prefix}_words"):
            st.text(chart.text)


def show_table(table: ClassTable, prefix: str = "teacher") -> None:
    """The learners × scenarios table, its CSV file, the heatmap, the scenarios most
    missed and the wrong cards most played."""
    st.subheader(t("teacher.table_title"))
    rows: list[dict[str, Any]] = list(table_rows(table))
    st.dataframe(rows, hide_index=True, width="stretch", key=f"{prefix}_table")
    st.download_button(
        t("teacher.csv"),
        BOM + csv_text(table),
        file_name=t("teacher.csv_file"),
        mime="text/csv",
        key=f"{prefix}_csv",
        icon=":material/download:",
    )
    if table.scenarios:
        show_chart(table, prefix)
    show_missed(table, prefix)
    show_wrong(table, prefix)


# --- the class kept by the app ---------------------------------------------------------------


def _say(kind: str, text: str) -> None:
    """Keep the answer to a teacher's action for the page to show (:func:`common.tell`)."""
    common.tell(MESSAGE, kind, text)


def _message() -> None:
    """The answer to the teacher's last action, shown once."""
    common.show_told(MESSAGE)


def teacher_link(secret: str) -> str:
    """The teacher link: this page's address holding the class's secret."""
    return f"{page_url('teacher')}?{TEACH}={secret}"


def board_link(token: str) -> str:
    """The board link: this page's address holding the class's read-only board token."""
    return f"{page_url('teacher')}?{BOARD}={token}"


def join_link(code: str) -> str:
    """The join link: the My class page's address holding the join code."""
    return f"{page_url('my-class')}?{JOIN}={code}"


def _store_or_say() -> ClassStore | None:
    """The class storage, or None with the sentence saying it cannot be reached."""
    box = class_link.store()
    if box is None:
        _say("error", t("classes.unreachable"))
    return box


def _chosen_homework(prefix: str) -> list[Homework]:
    """The homework items picked in the form ``prefix``, each with its due day if given."""
    choices = {f"{c.kind}:{c.ref}": c for c in class_link.homework_choices()}
    out = []
    for key in state.widget(f"{prefix}_homework") or []:
        c = choices.get(str(key))
        if c is None:
            continue
        due = state.widget(f"{prefix}_due_{key}")
        out.append(Homework(c.kind, c.ref, due if isinstance(due, date) else None))
    return out


def homework_picker(prefix: str, current: tuple[Homework, ...] = ()) -> None:
    """Pick lessons and playlists, each with an optional due day."""
    choices = {f"{c.kind}:{c.ref}": c for c in class_link.homework_choices()}
    key = f"{prefix}_homework"
    if not state.has_widget(key):
        state.set_widget(
            key, [f"{h.kind}:{h.ref}" for h in current if f"{h.kind}:{h.ref}" in choices]
        )
        for h in current:
            if h.due is not None:
                state.set_widget(f"{prefix}_due_{h.kind}:{h.ref}", h.due)
    picked = st.multiselect(
        t("teacher.board.homework"),
        list(choices),
        format_func=lambda k: choices[k].title,
        key=key,
        placeholder=t("teacher.board.homework_placeholder"),
    )
    for k in picked:
        st.date_input(
            t("teacher.board.due", title=choices[k].title),
            value=None,
            key=f"{prefix}_due_{k}",
            format="YYYY-MM-DD",
        )


def _create() -> None:
    """Make the class (the button's callback): its link goes into the address."""
    box = _store_or_say()
    if box is None:
        return
    name = str(state.widget("teacher_new_name", ""))
    try:
        made = box.create_class(name, _chosen_homework("teacher_new"))
    except ClassError as e:
        _say("error", str(e))
        return
    state.set_teacher_secret(made.teacher_secret)
    state.drop_widget("teacher_new_homework")
    _say("ok", t("teacher.board.created"))


def show_create() -> None:
    """The form that makes a class."""
    st.header(t("teacher.board.create_title"))
    st.caption(t("teacher.board.create_help"))
    with st.container(key="teacher_new", border=True):
        st.text_input(t("teacher.board.class_name"), key="teacher_new_name", max_chars=60)
        homework_picker("teacher_new")
        st.button(t("teacher.board.create"), key="teacher_create", on_click=_create, type="primary")


def _act(secret: str, action: str, about: str = "") -> None:
    """One of the teacher's changes to the class (a button's callback; ``about`` is the
    learner's name as shown, for a removal)."""
    state.session().classes.removed_learner = None  # the new code's offer answers one removal
    box = _store_or_say()
    if box is None:
        return
    try:
        if action == "rename":
            box.rename(secret, str(state.widget("teacher_class_rename", "")))
            _say("ok", t("teacher.board.renamed"))
        elif action == "homework":
            box.set_homework(secret, _chosen_homework("teacher_class"))
            _say("ok", t("teacher.board.homework_saved"))
        elif action == "code":
            code = box.rotate_join_code(secret)
            _say("ok", t("teacher.board.code_rotated", code=tokens.shown_join_code(code)))
        elif action == "link":
            state.set_teacher_secret(box.rotate_teacher_secret(secret))
            _say("ok", t("teacher.board.link_rotated"))
        elif action == "joining":
            box.set_joining(secret, bool(state.widget("teacher_class_joining")))
        elif action == "learner_name":
            box.rename_learner(
                secret,
                int(state.widget("teacher_learner_pick") or 0),
                str(state.widget("teacher_learner_name", "")),
            )
            _say("ok", t("teacher.board.learner_renamed"))
        elif action == "learner_remove":
            box.remove_learner(secret, int(state.widget("teacher_learner_pick") or 0))
            state.set_widget("teacher_learner_remove_sure", False)
            state.session().classes.removed_learner = about
            _say("ok", t("teacher.board.learner_removed"))
        elif action == "close":
            box.close(secret)
            state.set_widget("teacher_close_sure", False)
            _say("ok", t("teacher.board.closed"))
        elif action == "delete":
            box.delete(secret)
            state.set_widget("teacher_delete_sure", False)
            state.set_teacher_secret("")
            _say("ok", t("teacher.board.deleted"))
    except ClassError as e:
        _say("error", str(e))


def show_item(board: Dashboard, item: Homework, games: dict[str, str]) -> None:
    """One homework item across the class: a row per learner, and who has not started."""
    choice = class_link.homework_choice(item.kind, item.ref)
    view = board_view(board, item, choice.scenarios, games)
    due = t("teacher.board.due_on", day=item.due.isoformat()) if item.due else ""
    st.markdown(f"**{inert_markdown(choice.title)}** {due}")
    if not view.learners:  # nobody yet: the item is listed, with nothing to count
        return
    st.dataframe(item_rows(view), hide_index=True, width="stretch")
    waiting = view.not_started
    st.caption(
        one_full_stop(
            t("teacher.board.not_started_list", names=", ".join(inert_markdown(n) for n in waiting))
        )
        if waiting
        else t("teacher.board.all_started")
    )


def show_manage(board: Dashboard, secret: str) -> None:
    """What the teacher may change: the name, the homework, the code and the link, joining,
    the learners, closing and deleting the class."""
    with st.expander(t("teacher.board.manage"), icon=":material/settings:"):
        if not state.has_widget("teacher_class_rename"):
            state.set_widget("teacher_class_rename", board.name)
        st.text_input(t("teacher.board.class_name"), key="teacher_class_rename", max_chars=60)
        st.button(
            t("teacher.board.rename"), key="teacher_rename", on_click=_act, args=(secret, "rename")
        )
        homework_picker("teacher_class", board.homework)
        st.button(
            t("teacher.board.save_homework"),
            key="teacher_save_homework",
            on_click=_act,
            args=(secret, "homework"),
        )
        st.divider()
        state.set_widget("teacher_class_joining", board.join_open)
        st.toggle(
            t("teacher.board.joining"),
            key="teacher_class_joining",
            on_change=_act,
            args=(secret, "joining"),
            disabled=board.closed is not None,
        )
        left, right = st.columns(2)
        left.button(
            t("teacher.board.rotate_code"),
            key="teacher_rotate_code",
            on_click=_act,
            args=(secret, "code"),
            disabled=board.closed is not None,
        )
        right.button(
            t("teacher.board.rotate_link"),
            key="teacher_rotate_link",
            on_click=_act,
            args=(secret, "link"),
        )
        if board.members:
            st.divider()
            names = {m.learner_id: m.shown for m in board.members}
            st.selectbox(
                t("teacher.board.learner"),
                list(names),
                format_func=lambda i: names.get(i, ""),
                key="teacher_learner_pick",
            )
            st.text_input(
                t("teacher.board.learner_new_name"), key="teacher_learner_name", max_chars=60
            )
            st.button(
                t("teacher.board.rename_learner"),
                key="teacher_rename_learner",
                on_click=_act,
                args=(secret, "learner_name"),
            )
            _confirmed_button(
                secret,
                "learner_remove",
                t("teacher.board.remove_learner"),
                t("teacher.board.remove_sure"),
                "teacher_remove_learner",
                about=names.get(int(state.widget("teacher_learner_pick") or 0), ""),
            )
        st.divider()
        if board.closed is None:
            _confirmed_button(
                secret,
                "close",
                t("teacher.board.close"),
                t("teacher.board.close_sure"),
                "teacher_close",
            )
        _confirmed_button(
            secret,
            "delete",
            t("teacher.board.delete"),
            t("teacher.board.delete_sure"),
            "teacher_delete",
        )


def _confirmed_button(
    secret: str, action: str, label: str, sure: str, key: str, about: str = ""
) -> None:
    """A change that cannot be undone: its button (``label``, widget ``key``) works only
    once its box (``sure``, widget ``key + "_sure"`` unless given in ``SURE_KEYS``) is ticked."""
    ticked = st.checkbox(sure, key=SURE_KEYS.get(key, f"{key}_sure"))
    st.button(
        label,
        key=key,
        on_click=_act,
        args=(secret, action, about),
        disabled=not ticked,
        type="primary" if action == "delete" else "secondary",
    )


#: The tick box of a confirmed button whose key is not the button's with ``_sure``.
SURE_KEYS = {"teacher_remove_learner": "teacher_learner_remove_sure"}


def one_full_stop(text: str) -> str:
    """A sentence ending in a name that ends in a full stop ("Tom B.") ends in one full stop.

    >>> one_full_stop("Not started: Ana, Tom B.."), one_full_stop("Wait..."), one_full_stop("Bo.")
    ('Not started: Ana, Tom B.', 'Wait...', 'Bo.')
    """
    if text.endswith("..") and not text.endswith("..."):
        return text[:-1]
    return text


def show_join_code(board: Dashboard) -> None:
    """How learners join: the code large, the join link and its QR code (or why not)."""
    if board.closed is not None:
        st.info(t("teacher.board.is_closed"), icon=":material/lock:")
        return
    if not board.join_open:
        st.info(t("teacher.board.joining_closed"), icon=":material/lock:")
        return
    link = join_link(board.join_code)
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.markdown(t("teacher.board.code_line"))
        with st.container(key="class_join_code"):
            st.code(tokens.shown_join_code(board.join_code), language=None)
        st.caption(t("teacher.board.code_help", page=t("my_class.nav")))
        st.markdown(t("teacher.board.join_link_line"))
        with st.container(key="class_join_link"):
            st.code(link, language=None, wrap_lines=True)
    with right, st.container(key="class_join_qr"):
        st.image(qr_svg(link), caption=t("teacher.board.qr_caption"), width=260)


def show_removed(board: Dashboard, secret: str) -> None:
    """Beside the answer to a removal: the learner could join again with the class's code,
    and one click makes a new code (the learners in the class stay in)."""
    removed = state.session().classes.removed_learner
    if removed is None or board.closed is not None:
        return
    name = inert_markdown(removed)
    code = tokens.shown_join_code(board.join_code)
    key = (
        "teacher.board.removed_rejoin" if board.join_open else "teacher.board.removed_rejoin_later"
    )
    with st.container(key="teacher_removed"):
        st.warning(t(key, name=name, code=code), icon=":material/key:")
        st.button(
            t("teacher.board.removed_new_code"),
            key="teacher_removed_new_code",
            on_click=_act,
            args=(secret, "code"),
            type="primary",
        )


def lengthen_code(box: ClassStore, board: Dashboard, secret: str) -> Dashboard:
    """A class still on a six-character join code (made before codes grew) gets an
    eight-character one when its teacher opens it, and the page says so; the board as it
    is now. A database that cannot be reached leaves the code as it was, for the next read."""
    if len(board.join_code) >= tokens.JOIN_LENGTH or board.closed is not None:
        return board
    try:
        code = box.lengthen_join_code(secret)
    except ClassError:
        return board
    if code is None:
        return board
    _say(
        "ok",
        t(
            "teacher.board.code_lengthened",
            code=tokens.shown_join_code(code),
            old=tokens.shown_join_code(board.join_code),
        ),
    )
    return replace(board, join_code=code)


def show_board(board: Dashboard, secret: str, board_token: str) -> None:
    """The class from the database: its code and links, its management, its figures."""
    with st.container(key="teacher_class"):
        st.header(t("teacher.board.class_title", name=inert_markdown(board.name)))
        show_join_code(board)
        with st.container(key="teacher_board_link"):
            st.markdown(t("teacher.board.board_link_line"))
            st.caption(t("teacher.board.board_link_help"))
            st.code(board_link(board_token), language=None, wrap_lines=True)
        with st.expander(t("teacher.board.link_title"), icon=":material/link:"):
            st.caption(t("teacher.board.link_help"))
            st.code(teacher_link(secret), language=None, wrap_lines=True)
            st.button(
                t("teacher.board.forget"),
                key="teacher_forget",
                on_click=_forget_link,
                icon=":material/logout:",
            )
        st.button(t("teacher.board.refresh"), key="teacher_refresh", icon=":material/refresh:")
    show_manage(board, secret)
    show_learners_work(board)


@st.fragment(run_every=BOARD_REFRESH, key="teacher_class_board")
def teacher_board(secret: str, board_token: str) -> None:
    """The teacher's class, read again every :data:`BOARD_REFRESH` seconds while the page is
    open: its name, whether it is closed, its join code, its learners (the management's
    choices too) and what they sent. A second tab's change, a learner who joins, shows
    without a click; what the teacher is doing in the management (a name typed, a box
    ticked, homework chosen) is kept, each widget having its key. A change that leaves the
    class (deleted, forgotten here, a new teacher link) redraws the whole page."""
    if (state.teacher_secret() or "") != secret:
        st.rerun()
    box = class_link.store()
    if box is None:
        keep_management()
        show_not_opened(None)
        return
    try:
        with st.spinner(t("teacher.board.reading")):
            board = box.dashboard(secret, scenario_infos())
    except ClassError as e:
        keep_management()
        show_not_opened(e)
        return
    board = lengthen_code(box, board, secret)
    _message()
    show_removed(board, secret)
    show_board(board, secret, board_token)


def keep_management() -> None:
    """Keep what the teacher was doing in the management through a run that cannot draw
    it (the database away for a moment): a widget not drawn in a run loses its value, a
    value set by the page stays until the widget is drawn again and takes it."""
    state.keep_widgets(
        lambda name: name in MANAGEMENT_WIDGETS or name.startswith("teacher_class_due_")
    )


def show_not_opened(error: ClassError | None) -> None:
    """The answer to the last action, then why the class is not shown: a link that opens
    no class (``AccessError``: making another is all there is to do), or a database that
    cannot be reached (any other error, or None when the store cannot be opened: the class
    is safe, nothing is offered that gives it up)."""
    _message()
    if isinstance(error, AccessError):
        st.error(str(error), icon=":material/error:")
        st.button(t("teacher.board.new_class"), key="teacher_forget_link", on_click=_forget_link)
        return
    show_unreachable()


def show_unreachable() -> None:
    """The notice of a database that cannot be reached: the class is safe, and the page
    reads it again by itself (nothing here offers to leave the class)."""
    with st.container(key="teacher_unreachable"):
        st.warning(t("teacher.board.unreachable"), icon=":material/cloud_off:")
        st.button(t("teacher.board.try_again"), key="teacher_try_again", icon=":material/refresh:")


def read_board(token: str) -> Dashboard | None:
    """The class of a board token read from the database, or None with the reason shown
    (a notice while it is read: each database call gives up in bounded time)."""
    box = class_link.store()
    if box is None:
        show_unreachable()
        return None
    try:
        with st.spinner(t("teacher.board.reading")):
            return box.board(token, scenario_infos())
    except AccessError as e:
        st.error(str(e), icon=":material/error:")
        return None
    except ClassError:
        show_unreachable()
        return None


@st.fragment(run_every=BOARD_REFRESH, key="class_board")
def live_board(token: str) -> None:
    """The board link's class, read again every :data:`BOARD_REFRESH` seconds: its name,
    how to join and what the learners sent (a class closed, or joining closed, from the
    teacher's own page shows on the projector at the next read)."""
    board = read_board(token)
    if board is None:
        return
    with st.container(key="board_class"):
        st.header(t("teacher.board.class_title", name=inert_markdown(board.name)))
        show_join_code(board)
    show_learners_work(board)


def show_learners_work(board: Dashboard) -> None:
    """Everything the learners sent: per homework item, the class table and its charts,
    the practice hands, the review decks."""
    with st.container(key="teacher_members"):
        st.markdown(tn("teacher.board.members", len(board.members)))
        st.caption(t("teacher.board.live", seconds=BOARD_REFRESH))
    games = {s.sid: s.game for s in scenario_infos()}
    if board.homework:
        st.subheader(t("teacher.board.homework_title"))
        with st.container(key="teacher_homework"):
            for item in board.homework:
                show_item(board, item, games)
    if not board.members:
        st.info(t("teacher.board.nobody"))
        return
    if board.homework:
        st.download_button(
            t("teacher.board.homework_csv"),
            homework_csv(board, homework_items(board), games),
            file_name=t("teacher.board.homework_csv_file"),
            mime="text/csv",
            key="class_homework_csv",
            icon=":material/download:",
        )
    show_table(board.table, "class")
    show_practice(board)
    show_times(board)
    show_decks(board)


def homework_items(board: Dashboard) -> list[HomeworkItem]:
    """The class's homework items with their titles and scenarios, in the teacher's order."""
    out = []
    for item in board.homework:
        choice = class_link.homework_choice(item.kind, item.ref)
        out.append(HomeworkItem(item, choice.title, choice.scenarios))
    return out


def show_practice(board: Dashboard) -> None:
    """The practice hands per learner and game, with the costliest cards."""
    st.subheader(t("teacher.board.practice_title"))
    st.caption(t("teacher.board.practice_help"))
    rows = practice_rows(board_practice(board.members, board.hands), common.game_title)
    if not rows:
        st.info(t("teacher.board.no_practice"))
        return
    st.dataframe(rows, hide_index=True, width="stretch", key="class_practice")


def show_times(board: Dashboard) -> None:
    """Each learner's time spent: on scenarios, on lessons, on practice hands, in all."""
    st.subheader(t("teacher.board.time_title"))
    st.caption(t("teacher.board.time_help"))
    st.dataframe(time_rows(board_times(board)), hide_index=True, width="stretch", key="class_times")


def position_title(position: Position) -> str:
    """A position of the class's decks in words: the scenario's title, or the lesson's quiz."""
    if position.kind == "scenario":
        found = common.library().get(position.ref)
        return found.scenario.title if found is not None else t("teacher.unknown_scenario")
    lessons, _error = common.course(state.settings().language)
    lesson = next((le for le in lessons if le.id == position.ref), None)
    title = lesson.title if lesson is not None else t("teacher.board.unknown_item")
    return t("teacher.board.position_quiz", title=title)


def show_decks(board: Dashboard) -> None:
    """Each learner's review deck counted, and the positions the class is reviewing."""
    st.subheader(t("teacher.board.decks_title"))
    st.caption(t("teacher.board.decks_help"))
    people = board_decks(board.members, board.decks)
    if not people:
        st.info(t("teacher.board.no_decks"))
        return
    st.dataframe(deck_rows(people, board.read_at), hide_index=True, key="class_decks")
    st.subheader(t("teacher.board.positions_title"))
    st.caption(t("teacher.board.positions_help"))
    positions = class_positions([deck for _name, deck in people])
    if not positions:
        st.info(t("teacher.board.no_positions"))
        return
    st.dataframe(
        position_rows(positions, position_title),
        hide_index=True,
        width="stretch",
        key="class_positions",
    )


def secret_from_address() -> None:
    """A teacher link just opened: its secret goes to the session (and from there to the
    browser's storage), and leaves the address."""
    given = str(st.query_params.get(TEACH, "")).strip()
    if TEACH in st.query_params:
        st.query_params.pop(TEACH, None)
    if given:
        state.set_teacher_secret(given)


def show_class() -> None:
    """The class of the teacher link (this session's or the browser's), or the form that
    makes one."""
    secret_from_address()
    class_link.keep_teacher_secret()
    secret = state.teacher_secret() or ""
    if not secret:
        _message()
        show_create()
        return
    box = class_link.store()
    if box is None:
        show_not_opened(None)
        return
    try:
        board_token = box.board_token(secret)
    except ClassError as e:
        show_not_opened(e)
        return
    teacher_board(secret, board_token)
    st.page_link(LIVE_PAGE, label=t("teacher.board.live_link"), icon=":material/podium:")
    show_results(secret)


def _forget_link() -> None:
    """Forget the class in this session and this browser (to make a new class; the
    teacher link still opens it)."""
    state.set_teacher_secret("")


def show_board_page(token: str) -> None:
    """The board link's page: the class's name, how to join, and the learners' figures;
    nothing that changes the class."""
    live_board(token)


def main() -> None:
    """The page: the board of a board link; else the class kept by the app (made here, or
    opened by its teacher link), then the progress codes pasted by hand."""
    st.title(t("teacher.nav"))
    board_token = str(st.query_params.get(BOARD, "")).strip()
    if board_token:
        show_board_page(board_token)
        return
    show_class()
    st.divider()
    st.header(t("teacher.board.paste_title"))
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
    show_table(class_table(read, scenario_infos()))
