"""The teacher's page follows the database (AppTest): a learner who joins and a class
closed from another tab show without a click, while what the teacher is in the middle of
doing (a name typed, a learner picked, a box ticked, homework chosen) survives the
refresh; a removed learner's way back in is said, with a new join code one click away; a
class on an older six-character code gets an eight-character one when its teacher opens it.

The refresh is driven by the test, never by the clock: :func:`refresh` runs the page's
fragment alone, as the browser's timer asks every ``BOARD_REFRESH`` seconds. The tests
that touch the database's rows run on a SQLite file and on the tests' PostgreSQL server
(``any_db`` of ``test_class_pages``); the others on SQLite (``db``).
"""

from __future__ import annotations

import functools

import pytest
import test_class_pages as pages
from apptest_util import app_session, open_app
from sqlalchemy import create_engine, update
from streamlit.testing.v1 import AppTest, local_script_runner
from test_class_pages import OVERRUFF, join, make_class, overruff_lesson_label, play, shown_code
from test_class_pages import texts as page_texts

from tutorial.classes import schema, tokens
from tutorial.classes.store import open_store
from tutorial.webapp import class_link

#: The class pages' fixtures: a SQLite file of the test's own, or each database in turn.
db = pages.db
any_db = pages.any_db

#: The key of the teacher's class fragment (its name for ``st.rerun`` and for the test).
BOARD = "teacher_class_board"


def refresh(at: AppTest, key: str = BOARD, by_timer: bool = True) -> AppTest:
    """What the page's timer does (``by_timer``), or a click on a widget inside the
    fragment: the fragment ``key`` alone runs again, with the widgets' values as they are.
    AppTest runs whole scripts only, so the run's request names the fragment, as the
    browser's request does; the page drawn is then the fragment's part alone (unless the
    fragment asks for the whole page)."""
    ids = at._fragment_storage.resolve_target(key)
    assert ids, key
    request = functools.partial(
        local_script_runner.RerunData, fragment_id_queue=list(ids), is_auto_rerun=by_timer
    )
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(local_script_runner, "RerunData", request)
        at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """The page's words (headings, texts, alerts)."""
    return page_texts(at)


def learner_id(url: str, secret: str, name: str) -> int:
    """A learner's id in the class, read from the database."""
    box = open_store(url)
    try:
        return next(m.learner_id for m in box.dashboard(secret, []).members if m.name == name)
    finally:
        box.engine.dispose()


def stored_code(url: str, secret: str) -> str:
    """The class's join code as the database holds it."""
    box = open_store(url)
    try:
        return box.dashboard(secret, []).join_code
    finally:
        box.engine.dispose()


def refused(code: str, name: str) -> bool:
    """Whether joining with ``code`` is refused as a code no open class has."""
    return any("No open class has this code" in e.value for e in join(code, name).error)


# --- the page follows the database ------------------------------------------------------------


def test_a_learner_joining_and_the_class_closed_elsewhere_show_without_a_click(
    any_db: str,
) -> None:
    teacher, secret, code = make_class(homework=False)
    assert "Nobody has joined yet" in texts(teacher)
    join(code, "Ana")
    refresh(teacher)
    # The refresh drew the class alone (the code-pasting part below it is not redrawn)...
    assert not teacher.get("text_area")
    # ...with the learner who joined, in the figures and in the management's choices.
    assert "1 learner in the class." in texts(teacher)
    assert teacher.selectbox(key="teacher_learner_pick").options == ["Ana"]
    assert shown_code(teacher) == code
    # Another tab (the teacher link in another browser) closes the class.
    other = open_app("teacher", teach=secret)
    other.checkbox(key="teacher_close_sure").check().run()
    other.button(key="teacher_close").click().run()
    assert "The class is closed." in texts(other)
    refresh(teacher)
    assert "This class is closed" in texts(teacher)
    assert code not in [c.value for c in teacher.code]  # no join code offered any more
    assert "teacher_close" not in [b.key for b in teacher.button]
    assert teacher.button(key="teacher_rotate_code").disabled
    assert teacher.toggle(key="teacher_class_joining").disabled


def test_what_the_teacher_is_doing_survives_the_refresh(db: str) -> None:
    teacher, secret, code = make_class(homework=False)
    join(code, "Ana")
    join(code, "Bo")
    refresh(teacher)
    # Half-way through several things: a new class name, homework, a learner picked with
    # a new name typed, the removal's box ticked.
    teacher.text_input(key="teacher_class_rename").input("Year 8")
    teacher.multiselect(key="teacher_class_homework").select(overruff_lesson_label())
    bo = learner_id(db, secret, "Bo")
    teacher.selectbox(key="teacher_learner_pick").set_value(bo)
    teacher.text_input(key="teacher_learner_name").input("Bo B.")
    teacher.checkbox(key="teacher_learner_remove_sure").check()
    join(code, "Cy")  # meanwhile a learner joins
    for _ in range(2):  # two refreshes of the timer
        refresh(teacher)
        assert teacher.text_input(key="teacher_class_rename").value == "Year 8"
        assert teacher.multiselect(key="teacher_class_homework").value == [
            f"lesson:{pages.lesson_of(OVERRUFF)}"
        ]
        assert teacher.selectbox(key="teacher_learner_pick").value == bo
        assert teacher.selectbox(key="teacher_learner_pick").options == ["Ana", "Bo", "Cy"]
        assert teacher.text_input(key="teacher_learner_name").value == "Bo B."
        assert teacher.checkbox(key="teacher_learner_remove_sure").value
        assert not teacher.button(key="teacher_remove_learner").disabled
    assert "3 learners in the class." in texts(teacher)
    # The confirmation held through the refreshes removes the learner it was for.
    teacher.button(key="teacher_remove_learner").click().run()
    box = open_store(db)
    assert [m.name for m in box.dashboard(secret, []).members] == ["Ana", "Cy"]
    assert box.dashboard(secret, []).name == "Year 7"  # the typed name was not saved...
    box.engine.dispose()
    assert teacher.text_input(key="teacher_class_rename").value == "Year 8"  # ...nor lost


def test_a_read_that_fails_for_a_moment_loses_nothing_the_teacher_was_doing(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher, _secret, code = make_class(homework=False)
    join(code, "Ana")
    refresh(teacher)
    teacher.text_input(key="teacher_class_rename").input("Year 8")
    teacher.multiselect(key="teacher_class_homework").select(overruff_lesson_label())
    teacher.checkbox(key="teacher_delete_sure").check()
    teacher.text_input(key="teacher_learner_name").input("Ana B.")
    good = class_link.store()
    monkeypatch.setattr(class_link, "store", lambda: None)  # the database away for a tick
    refresh(teacher)
    assert any("Your class and its records are safe" in w.value for w in teacher.warning)
    assert not teacher.get("text_input")  # the management is not drawn meanwhile...
    monkeypatch.setattr(class_link, "store", lambda: good)
    refresh(teacher)  # ...and comes back as the teacher left it
    assert teacher.text_input(key="teacher_class_rename").value == "Year 8"
    assert teacher.multiselect(key="teacher_class_homework").value == [
        f"lesson:{pages.lesson_of(OVERRUFF)}"
    ]
    assert teacher.checkbox(key="teacher_delete_sure").value
    assert teacher.text_input(key="teacher_learner_name").value == "Ana B."
    assert "1 learner in the class." in texts(teacher)


def test_the_board_link_is_its_own_fragment_and_changes_nothing(db: str) -> None:
    _teacher, secret, code = make_class(homework=False)
    box = open_store(db)
    token = box.board_token(secret)
    board = open_app("teacher", board=token)
    join(code, "Ana")
    refresh(board, "class_board")
    assert "1 learner in the class." in texts(board)
    assert not board.get("text_input") and not board.get("checkbox")
    box.close(secret)
    refresh(board, "class_board")
    assert "This class is closed" in texts(board)
    box.engine.dispose()


def test_a_change_that_leaves_the_class_redraws_the_whole_page(db: str) -> None:
    teacher, _secret, _code = make_class(homework=False)
    teacher.checkbox(key="teacher_delete_sure").check()
    refresh(teacher, by_timer=False)  # a click inside the class reruns it alone...
    assert not teacher.get("text_area")
    teacher.button(key="teacher_delete").click()
    refresh(teacher, by_timer=False)  # ...but a class deleted asks for the whole page
    assert "The class is deleted" in texts(teacher)
    assert teacher.button(key="teacher_create") is not None
    assert teacher.get("text_area")  # the code-pasting part, drawn by a whole run
    assert app_session(teacher).classes.teacher_secret == ""


# --- a removed learner's way back in ----------------------------------------------------------


def test_a_removed_learner_could_rejoin_and_one_click_makes_a_new_code(any_db: str) -> None:
    teacher, secret, code = make_class(homework=False)
    join(code, "Ana")
    bo = join(code, "Bo")
    refresh(teacher)
    teacher.selectbox(key="teacher_learner_pick").set_value(learner_id(any_db, secret, "Ana"))
    refresh(teacher)
    teacher.checkbox(key="teacher_learner_remove_sure").check()
    refresh(teacher)
    teacher.button(key="teacher_remove_learner").click().run()
    shown = texts(teacher)
    assert "The learner is removed" in shown
    assert f"Ana could join the class again at once with its join code, {code}." in shown
    # Removing does not change the code by itself: the others may still be joining with it.
    assert tokens.shown_join_code(stored_code(any_db, secret)) == code
    # The offer stays through the timer's refreshes, until the teacher's next action.
    refresh(teacher)
    assert "Ana could join the class again" in texts(teacher)
    teacher.button(key="teacher_removed_new_code").click().run()
    new = shown_code(teacher)
    assert new != code and tokens.shown_join_code(stored_code(any_db, secret)) == new
    assert f"The new join code is {new}" in texts(teacher)
    assert "could join the class again" not in texts(teacher)
    assert "teacher_removed_new_code" not in [b.key for b in teacher.button]
    assert refused(code, "Ana")  # the old code stops working at once
    # Bo, already in the class, is unaffected: his progress still arrives.
    play(bo, OVERRUFF, done=True, stars=3, attempts=1)
    assert pages.teacher_sees(any_db, app_session(bo).classes.membership.token).progress
    bo.run()
    assert "Your teacher sees you as Bo." in texts(bo)
    assert not refused(new, "Cy")  # the new code lets a newcomer in


def test_the_offer_says_when_joining_is_closed_and_goes_with_any_other_action(db: str) -> None:
    teacher, secret, code = make_class(homework=False)
    join(code, "Ana")
    join(code, "Bo")
    refresh(teacher)
    teacher.toggle(key="teacher_class_joining").set_value(False)
    refresh(teacher)
    teacher.checkbox(key="teacher_learner_remove_sure").check()
    refresh(teacher)
    teacher.button(key="teacher_remove_learner").click().run()
    assert "once joining is open again" in texts(teacher) and code in texts(teacher)
    teacher.text_input(key="teacher_learner_name").input("Bo B.")
    teacher.button(key="teacher_rename_learner").click().run()
    assert "The learner is renamed." in texts(teacher)
    assert "could join the class again" not in texts(teacher)
    assert tokens.shown_join_code(stored_code(db, secret)) == code


# --- older six-character codes ------------------------------------------------------------


def test_a_six_character_code_gets_eight_characters_when_its_teacher_opens_the_class(
    any_db: str,
) -> None:
    _teacher, secret, _code = make_class(homework=False)
    engine = create_engine(any_db)
    with engine.begin() as conn:  # a class made before codes grew
        conn.execute(update(schema.classes).values(join_code="ABC2DE"))
    engine.dispose()
    ana = join("abc-2de", "Ana")  # the six characters still work until the teacher comes
    assert "Your teacher sees you as Ana." in texts(ana)
    at = open_app("teacher", teach=secret)
    assert not at.exception
    new = shown_code(at)
    assert len(new.replace("-", "")) == tokens.JOIN_LENGTH
    assert f"Your class has a new join code, {new}" in texts(at) and "ABC-2DE" in texts(at)
    assert stored_code(any_db, secret) == new.replace("-", "")
    assert refused("ABC-2DE", "Bo")
    ana.run()  # Ana, already in, stays in
    assert "Your teacher sees you as Ana." in texts(ana)
    refresh(at)  # said until the teacher's next action, changed once only
    assert shown_code(at) == new and "Your class has a new join code" in texts(at)
    again = open_app("teacher", teach=secret)
    assert shown_code(again) == new and "new join code" not in texts(again)
