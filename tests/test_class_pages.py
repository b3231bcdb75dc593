"""The classes' screens under AppTest: a teacher makes a class on the Teacher page, learners
join on My class, their progress reaches the class by itself, and the teacher manages it.

Every test has a SQLite file of its own (``ATOUT_CLASSES_URL``); the sends run in the
app's worker threads and each test waits for them (``class_link.wait_for_sends``); the
clock that counts time spent and retries is the test's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest_util import open_app
from streamlit.testing.v1 import AppTest

from tutorial.classes.store import ClassStore, open_store
from tutorial.course.lessons import load_lessons
from tutorial.language import i18n
from tutorial.language.i18n import catalogue
from tutorial.webapp import class_link
from tutorial.webapp.state import ScenarioProgress

OVERRUFF = "belote/overruff"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _fresh_caches: None) -> Iterator[str]:
    """A class database of this test's own, named to the app by the environment."""
    url = f"sqlite:///{tmp_path / 'classes.db'}"
    monkeypatch.setenv(class_link.ENV_URL, url)
    yield url
    class_link.wait_for_sends()


class Clock:
    """The app's clock for time spent and retries, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        """The time now (seconds)."""
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(class_link, "CLOCK", found)
    return found


def overruff_lesson_label() -> str:
    """The homework choice of the lesson that holds the overruff scenario, as listed."""
    lesson = next(le for le in load_lessons("en") if OVERRUFF in le.model.scenarios)
    return f"Lesson: Belote, {lesson.title}"


def make_class(name: str = "Year 7", homework: bool = True) -> tuple[AppTest, str, str]:
    """The Teacher page with a class made on it: the page, its teacher secret and join code."""
    at = open_app("teacher")
    at.text_input(key="teacher_new_name").input(name)
    if homework:
        at.multiselect(key="teacher_new_homework").select(overruff_lesson_label()).run()
    at.button(key="teacher_create").click().run()
    assert not at.exception
    secret = at.query_params["teach"]
    secret = secret[0] if isinstance(secret, list) else secret
    code = next(c.value for c in at.code if len(c.value) == 6)
    return at, str(secret), code


def join(code: str, name: str) -> AppTest:
    """The My class page with a learner joined under ``name``."""
    at = open_app("my_class")
    at.text_input(key="my_class_code").input(code)
    at.text_input(key="my_class_name").input(name)
    at.button(key="my_class_join").click().run()
    assert not at.exception
    return at


def play(at: AppTest, sid: str, **record: Any) -> None:
    """The learner's progress on ``sid`` is ``record`` (as a played scenario leaves it), and
    the next run sends it; the sends are waited for."""
    at.session_state["store_loaded"] = True
    progress = dict(at.session_state["progress"])
    progress[sid] = ScenarioProgress(**record)
    at.session_state["progress"] = progress
    at.run()
    assert not at.exception
    class_link.wait_for_sends()


def texts(at: AppTest) -> str:
    """Every heading, text, markdown, caption and alert of the page, one per line."""
    found = [m.value for m in at.markdown] + [x.value for x in at.text]
    found += [h.value for h in at.subheader]
    found += [c.value for c in at.caption]
    found += [a.value for kind in (at.success, at.error, at.info, at.warning) for a in kind]
    return "\n".join(str(x) for x in found)


def frames(at: AppTest) -> list[Any]:
    """The page's tables, as data frames."""
    return [d.value for d in at.dataframe]


def test_a_class_is_made_and_its_link_opens_the_dashboard(db: str) -> None:
    at, secret, code = make_class()
    assert len(secret) >= 43
    shown = texts(at)
    assert "Class: Year 7" in shown and "Nobody has joined yet" in shown
    assert any(secret in c.value and "/teacher?teach=" in c.value for c in at.code)
    # The link opens the same class in a fresh session.
    again = open_app("teacher", teach=secret)
    assert not again.exception
    assert code in [c.value for c in again.code]
    # The code-pasting part is still there below it.
    assert again.text_area(key="teacher_codes") is not None


def test_two_learners_join_play_and_fill_the_dashboard_by_themselves(db: str) -> None:
    teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    assert "You are in the class" in texts(ana)
    assert ana.session_state["class_membership"].token
    bo = join(code.lower(), "Bo")
    play(ana, OVERRUFF, done=True, stars=2, mistakes=1, attempts=3, wrong={"8H": 1})
    play(bo, OVERRUFF, done=True, stars=3, attempts=2)
    teacher.button(key="teacher_refresh").click().run()
    assert not teacher.exception
    assert "2 learners in the class." in texts(teacher)
    tables = frames(teacher)
    item = tables[0]  # the homework item first, then the class table
    assert list(item["Learner"]) == ["Ana", "Bo"]
    assert list(item["Wrong card"]) == ["8♥×1", ""]
    assert list(item["Wrong tries"]) == [1, 0]
    board = tables[1]
    assert list(board["Learner"]) == ["Ana", "Bo"]
    wrong = [m.value for m in teacher.markdown if "8♥" in m.value]
    assert wrong and "by 1 learner" in wrong[0]
    # Ana sees what the teacher sees of her.
    ana.run()
    mine = frames(ana)[0]
    assert list(mine["Wrong card"]) == ["8♥×1"] and list(mine["Stars"]) == [2]
    assert "Your teacher sees you as Ana." in texts(ana)


def test_a_wrong_code_is_refused_in_words_and_nothing_is_kept(db: str) -> None:
    make_class(homework=False)
    at = join("ZZZZZZ", "Ana")
    assert any("No open class has this code" in e.value for e in at.error)
    assert not at.session_state["class_membership"].token
    at = join("ABC", "")
    assert any(e.value == "Give a name (a first name is enough)." for e in at.error)


def test_time_spent_is_counted_between_moves_and_capped(db: str, clock: Clock) -> None:
    _teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    clock.now += 40
    play(ana, OVERRUFF, mistakes=1, attempts=1)  # 40 s since the last run
    clock.now += 3600  # away for an hour: counted as GAP_MOST at most
    play(ana, OVERRUFF, mistakes=1, attempts=2, done=True, stars=2)
    box = open_store(db)
    token = ana.session_state["class_membership"].token
    assert box.what_teacher_sees(token).seconds == {OVERRUFF: 40 + int(class_link.GAP_MOST)}


def test_a_database_gone_mid_session_leaves_a_notice_and_a_later_retry_sends(
    db: str, clock: Clock, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    good = class_link.store()
    gone = ClassStore(f"sqlite:///{tmp_path / 'missing' / 'gone.db'}")
    monkeypatch.setattr(class_link, "store", lambda: gone)
    play(ana, OVERRUFF, mistakes=1, attempts=1, wrong={"8H": 1})
    ana.run()  # the next run notices the failure
    assert not ana.exception
    assert any("could not be sent" in x.value for x in ana.toast)
    assert ana.session_state["progress"][OVERRUFF].mistakes == 1  # the browser keeps it all
    monkeypatch.setattr(class_link, "store", lambda: good)
    ana.run()  # too soon: not tried again yet
    class_link.wait_for_sends()
    assert ana.session_state["class_membership"].failed
    clock.now += class_link.RETRY_SECONDS + 1
    ana.run()
    class_link.wait_for_sends()
    assert not ana.session_state["class_membership"].failed
    teacher.button(key="teacher_refresh").click().run()
    assert list(frames(teacher)[0]["Wrong card"]) == ["8♥×1"]


def test_the_teacher_renames_and_removes_a_learner_who_is_then_told(db: str) -> None:
    teacher, _secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    play(ana, OVERRUFF, mistakes=1, attempts=1)
    teacher.button(key="teacher_refresh").click().run()
    teacher.text_input(key="teacher_learner_name").input("Ana B.")
    teacher.button(key="teacher_rename_learner").click().run()
    assert "The learner is renamed." in texts(teacher)
    assert list(frames(teacher)[0]["Learner"]) == ["Ana B."]
    assert teacher.button(key="teacher_remove_learner").disabled  # not before the box is ticked
    teacher.checkbox(key="teacher_learner_remove_sure").check().run()
    teacher.button(key="teacher_remove_learner").click().run()
    assert "Nobody has joined yet" in texts(teacher)
    ana.switch_page("screens/home.py")
    play(ana, OVERRUFF, mistakes=2, attempts=2)  # sent from another page: refused now
    ana.run()
    assert any("removed you" in x.value for x in ana.toast)
    assert not ana.session_state["class_membership"].token
    ana.switch_page("screens/my_class.py").run()
    assert "Your teacher removed you from this class" in texts(ana)
    assert "Join code" in [x.label for x in ana.text_input]


def test_rotating_the_code_and_the_link_and_deleting_the_class(db: str) -> None:
    teacher, secret, code = make_class(homework=False)
    teacher.button(key="teacher_rotate_code").click().run()
    new_code = next(c.value for c in teacher.code if len(c.value) == 6)
    assert new_code != code
    assert any("No open class has this code" in e.value for e in join(code, "Ana").error)
    teacher.button(key="teacher_rotate_link").click().run()
    new_secret = teacher.query_params["teach"]
    new_secret = new_secret[0] if isinstance(new_secret, list) else new_secret
    assert new_secret != secret
    old = open_app("teacher", teach=secret)
    assert any("opens no class" in e.value for e in old.error)
    assert teacher.button(key="teacher_delete").disabled
    teacher.checkbox(key="teacher_delete_sure").check().run()
    teacher.button(key="teacher_delete").click().run()
    assert "The class is deleted" in texts(teacher)
    assert "teach" not in teacher.query_params
    assert teacher.button(key="teacher_create") is not None


def test_a_learner_leaves_and_nothing_more_is_sent(db: str) -> None:
    teacher, _secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    play(ana, OVERRUFF, mistakes=1, attempts=1)
    ana.checkbox(key="my_class_leave_sure").check().run()
    ana.button(key="my_class_leave").click().run()
    assert "You left the class" in texts(ana)
    play(ana, OVERRUFF, mistakes=3, attempts=3)
    teacher.button(key="teacher_refresh").click().run()
    assert "Nobody has joined yet" in texts(teacher)


def test_no_database_reachable_ends_in_the_projects_sentence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, _fresh_caches: None
) -> None:
    monkeypatch.setenv(class_link.ENV_URL, f"sqlite:///{tmp_path / 'missing' / 'x.db'}")
    at = open_app("teacher")
    at.text_input(key="teacher_new_name").input("Year 7")
    at.button(key="teacher_create").click().run()
    assert not at.exception
    assert any("could not be reached" in e.value for e in at.error)
    at = join("ABCDEF", "Ana")
    assert any("could not be reached" in e.value for e in at.error)


@pytest.fixture
def chinese() -> Iterator[None]:
    """The test's side speaks Traditional Chinese too (AppTest formats options there), then
    the language before."""
    before = i18n.language()
    i18n.set_language("zh-Hant")
    yield
    i18n.set_language(before)


def test_both_pages_speak_traditional_chinese(db: str, chinese: None) -> None:
    zh = catalogue("zh-Hant")
    mine = open_app("my_class", lang="zh-Hant")
    assert not mine.exception
    assert mine.title[0].value == zh["my_class.title"] == "我的班級"
    assert [x.label for x in mine.text_input][:2] == [zh["my_class.code"], zh["my_class.name"]]
    at = open_app("teacher", lang="zh-Hant")
    at.text_input(key="teacher_new_name").input("七年級")
    at.button(key="teacher_create").click().run()
    assert not at.exception
    shown = texts(at)
    assert "班級：七年級" in shown and zh["teacher.board.nobody"] in shown
    assert zh["teacher.board.code_line"] in shown


def test_the_database_is_named_by_the_environment_then_the_secrets_then_a_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(class_link.ENV_URL, "postgresql+psycopg://u@h/db")
    assert class_link.database_url() == "postgresql+psycopg://u@h/db"
    monkeypatch.delenv(class_link.ENV_URL)
    monkeypatch.setattr(class_link, "_secrets_name_it", lambda: True)
    assert class_link.database_url() is None  # st.connection reads the secrets itself
    monkeypatch.setattr(class_link, "_secrets_name_it", lambda: False)
    monkeypatch.setattr(class_link, "DEFAULT_DB", tmp_path / "kept" / "classes.db")
    assert class_link.database_url() == f"sqlite:///{tmp_path / 'kept' / 'classes.db'}"
    assert (tmp_path / "kept").is_dir()
