"""The classes' screens under AppTest: a teacher makes a class on the Teacher page, learners
join on My class, their progress reaches the class by itself, and the teacher manages it.

Every test has a database of its own (``ATOUT_CLASSES_URL``): a SQLite file, and for the
dashboard's figures (per homework item who did it, stars, wrong tries, wrong cards, time;
practice hands; lessons; decks) a SQLite file and a database on a real PostgreSQL server
(``db_util``) in turn. The sends run in the app's worker threads and each test waits for
them (``class_link.wait_for_sends``); the clock that counts time spent and retries is the
test's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest_util import app_session, open_app
from db_util import KINDS, drop_postgres_database, new_postgres_database
from streamlit.testing.v1 import AppTest

from tutorial.classes.store import ClassStore, LearnerView, open_store
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


@pytest.fixture(params=KINDS)
def any_db(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    _fresh_caches: None,
) -> Iterator[str]:
    """A class database of this test's own, a SQLite file or one on the PostgreSQL server,
    named to the app by the environment."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'classes.db'}"
    else:
        url = new_postgres_database(request.getfixturevalue("postgres_server"))
    monkeypatch.setenv(class_link.ENV_URL, url)
    yield url
    class_link.wait_for_sends()
    box = class_link.store()  # the app's connections to this database, closed
    if box is not None:
        box.engine.dispose()
    if request.param != "sqlite":
        drop_postgres_database(request.getfixturevalue("postgres_server"), url.rsplit("/", 1)[1])


def teacher_sees(url: str, token: str) -> LearnerView:
    """What the teacher sees of a learner, read from the database by a store of its own."""
    box = open_store(url)
    try:
        return box.what_teacher_sees(token)
    finally:
        box.engine.dispose()


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


def lesson_of(sid: str) -> str:
    """The id of the lesson that holds a scenario."""
    return next(le.id for le in load_lessons("en") if sid in le.model.scenarios)


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
    assert "teach" not in at.query_params  # the secret is kept, never in the address
    secret = app_session(at).classes.teacher_secret
    return at, str(secret), shown_code(at)


#: A join code as the page shows it: two halves of four characters.
SHOWN_CODE = re.compile(r"[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}")


def shown_code(at: AppTest) -> str:
    """The join code the page shows."""
    return next(c.value for c in at.code if SHOWN_CODE.fullmatch(c.value))


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
    app_session(at).store.loaded = True
    progress = dict(app_session(at).progress)
    progress[sid] = ScenarioProgress(**record)
    app_session(at).progress = progress
    at.run()
    assert not at.exception
    class_link.wait_for_sends()


def texts(at: AppTest) -> str:
    """Every heading, text, markdown, caption and alert of the page, one per line."""
    found = [m.value for m in at.markdown] + [x.value for x in at.text]
    found += [h.value for h in at.header] + [h.value for h in at.subheader]
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


def test_two_learners_join_play_and_fill_the_dashboard_by_themselves(any_db: str) -> None:
    teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    assert "You are in the class" in texts(ana)
    assert app_session(ana).classes.membership.token
    bo = join(code.lower(), "Bo")
    play(ana, OVERRUFF, done=True, stars=2, mistakes=1, attempts=3, wrong={"8H": 1})
    play(bo, OVERRUFF, done=True, stars=3, attempts=2)
    teacher.button(key="teacher_refresh").click().run()
    assert not teacher.exception
    assert "2 learners in the class." in texts(teacher)
    tables = frames(teacher)
    item = tables[0]  # the homework item first, then the class table
    assert list(item["Learner"]) == ["Ana", "Bo"]
    size = len(class_link.homework_choice("lesson", lesson_of(OVERRUFF)).scenarios)
    assert list(item["Scenarios done"]) == [f"1 of {size}"] * 2
    assert list(item["Stars"]) == [2, 3]
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
    assert not app_session(at).classes.membership.token
    at = join("ABC", "")
    assert any(e.value == "Give a name (a first name is enough)." for e in at.error)


def test_time_spent_is_counted_between_moves_and_capped(any_db: str, clock: Clock) -> None:
    teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    clock.now += 40
    play(ana, OVERRUFF, mistakes=1, attempts=1)  # 40 s since the last run
    clock.now += 3600  # away for an hour: counted as GAP_MOST at most
    play(ana, OVERRUFF, mistakes=1, attempts=2, done=True, stars=2)
    token = app_session(ana).classes.membership.token
    seen = teacher_sees(any_db, token)
    assert seen.seconds == {OVERRUFF: 40 + int(class_link.GAP_MOST)}
    teacher.button(key="teacher_refresh").click().run()
    assert list(frames(teacher)[0]["Time spent"]) == [
        "3 minutes"
    ]  # 160 s on the item, to the nearest minute
    times = next(f for f in frames(teacher) if "In all" in f.columns)
    assert list(times["On scenarios"]) == ["3 minutes"] and list(times["In all"]) == ["3 minutes"]


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
    assert app_session(ana).progress[OVERRUFF].mistakes == 1  # the browser keeps it all
    monkeypatch.setattr(class_link, "store", lambda: good)
    ana.run()  # too soon: not tried again yet
    class_link.wait_for_sends()
    assert app_session(ana).classes.membership.failed
    clock.now += class_link.RETRY_SECONDS + 1
    ana.run()
    class_link.wait_for_sends()
    assert not app_session(ana).classes.membership.failed
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
    assert not app_session(ana).classes.membership.token
    ana.switch_page("screens/my_class.py").run()
    assert "Your teacher removed you from this class" in texts(ana)
    assert "Join code" in [x.label for x in ana.text_input]


def test_rotating_the_code_and_the_link_and_deleting_the_class(db: str) -> None:
    teacher, secret, code = make_class(homework=False)
    teacher.button(key="teacher_rotate_code").click().run()
    new_code = shown_code(teacher)
    assert new_code != code
    assert any("No open class has this code" in e.value for e in join(code, "Ana").error)
    teacher.button(key="teacher_rotate_link").click().run()
    new_secret = app_session(teacher).classes.teacher_secret
    new_secret = new_secret[0] if isinstance(new_secret, list) else new_secret
    assert new_secret != secret
    old = open_app("teacher", teach=secret)
    assert any("opens no class" in e.value for e in old.error)
    assert teacher.button(key="teacher_delete").disabled
    teacher.checkbox(key="teacher_delete_sure").check().run()
    teacher.button(key="teacher_delete").click().run()
    assert "The class is deleted" in texts(teacher)
    assert app_session(teacher).classes.teacher_secret == ""  # forgotten, the browser's copy too
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


# --- practice hands, lesson time, the review deck, from the app's side ----------------------


def finished_hand() -> Any:
    """A Briscola hand for two played to its end, every card the first legal one."""
    from tutorial.course import practice

    hand = practice.deal("briscola", players=2, seed=3)
    while not hand.finished:
        hand = practice.try_action(hand, hand.state.legal_actions()[0])
        hand = practice.advance(hand)[0]  # the computer seat answers
    return hand


def test_a_finished_practice_hand_is_kept_for_the_class_and_sent(
    any_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutorial.course.practice import ReviewProgress
    from tutorial.engine.cards import Card
    from tutorial.tools.bench_classes import stated_review

    teacher, _secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    m = app_session(ana).classes.membership
    hand = finished_hand()
    seven, ace = Card.parse("7S"), Card.parse("AS")
    reviews = (
        stated_review(4, 3, hand.state, seven, ace, 12.0, shown_lost=20.0),
        stated_review(0, 1, hand.state, ace, seven, 0.0),
    )
    with monkeypatch.context() as patched:  # the page's session, as the Practice page has it
        patched.setattr(class_link, "membership", lambda: m)
        class_link.practice_hand(hand, ReviewProgress(reviews[:1], pending=1, total=2))
        first = m.hands[hand.hand_id]
        class_link.practice_hand(hand, ReviewProgress(reviews, pending=0, total=2))
    kept = m.hands[hand.hand_id]
    assert kept.hand == first.hand  # the same hand, its review further on
    assert (kept.game, kept.cards_reviewed, kept.cards_played, kept.lost) == (
        "briscola",
        2,
        2,
        12.0,
    )
    assert [(c.card, c.trick, c.known, c.shown) for c in kept.costliest] == [("7S", 3, 12.0, 20.0)]
    play(ana, OVERRUFF, mistakes=1, attempts=1)  # the next run sends it with the progress
    teacher.button(key="teacher_refresh").click().run()
    practice = next(f for f in frames(teacher) if "Hands" in f.columns)
    assert list(practice["Learner"]) == ["Ana"] and list(practice["Hands"]) == [1]
    assert (
        "7♠ (trick 3): 12 points lost (20 with every card shown)"
        in practice["Costliest cards"].iloc[0]
    )
    ana.run()
    assert any("Hands" in f.columns for f in frames(ana))  # the learner sees it too


def played_out_seed(game: str, players: int) -> int:
    """The first seed whose hand, every seat playing as the beginner does, is played out."""
    from tutorial.analysis import beginner
    from tutorial.course import practice

    for seed in range(40):
        hand = practice.deal(game, players=players, seed=seed)
        while not hand.finished:
            hand = practice.advance(practice.try_action(hand, beginner.choose(hand.state)))[0]
        if hand.played_out:
            return seed
    raise AssertionError("no hand played out")


def test_time_on_a_practice_hand_is_counted_from_its_deal_to_its_last_card(
    any_db: str, clock: Clock
) -> None:
    from tutorial.analysis import beginner
    from tutorial.classes.homework_view import duration_text
    from tutorial.scenarios import actions

    teacher, _secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    app_session(ana).store.loaded = True
    ana.switch_page("screens/practice.py").run()
    clock.now += 500  # choosing the game: not the hand's time yet
    ana.selectbox(key="practice_variant").set_value("belote-4")
    app_session(ana).practice.next_seed = played_out_seed("belote", 4)
    ana.button(key="practice_deal").click().run()
    assert not ana.exception
    expected, pause, actions_taken = 0, 3600.0, 0  # the first: away an hour, GAP_MOST at most
    while not (hand := app_session(ana).practice.hand).finished:
        clock.now += pause
        expected += int(min(pause, class_link.GAP_MOST))
        pause = 25.0
        choice = actions.code(beginner.choose(hand.state))
        ana.text_input(key="practice_typed").input(choice).run()
        assert not ana.exception
        actions_taken += 1
    assert actions_taken >= 8  # the eight cards (and any bid of the learner)
    clock.now += 900  # after the last card: reading the review is not the hand's time
    ana.run()
    class_link.wait_for_sends()
    token = app_session(ana).classes.membership.token
    (kept,) = teacher_sees(any_db, token).hands
    assert kept.seconds == expected == int(class_link.GAP_MOST) + 25 * (actions_taken - 1)
    assert (kept.game, kept.cards_played) == ("belote", 8)
    teacher.button(key="teacher_refresh").click().run()
    practice_rows = next(f for f in frames(teacher) if "Hands" in f.columns)
    assert list(practice_rows["Time spent"]) == [duration_text(expected)]
    times = next(f for f in frames(teacher) if "In all" in f.columns)
    assert list(times["Learner"]) == ["Ana"]
    assert list(times["On practice hands"]) == list(times["In all"]) == [duration_text(expected)]
    assert list(times["On scenarios"]) == [""]  # no time on scenarios: nothing said
    ana.switch_page("screens/my_class.py").run()
    mine = next(f for f in frames(ana) if "In all" in f.columns)
    assert list(mine["On practice hands"]) == [duration_text(expected)]
    assert list(next(f for f in frames(ana) if "Hands" in f.columns)["Time spent"]) == [
        duration_text(expected)
    ]


def test_a_hand_is_not_kept_outside_a_class(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.course.practice import ReviewProgress

    m = class_link.Membership()
    monkeypatch.setattr(class_link, "membership", lambda: m)
    class_link.practice_hand(finished_hand(), ReviewProgress((), pending=0, total=0))
    assert m.hands == {}


def test_time_on_a_lesson_and_its_quiz_is_counted_and_capped(any_db: str, clock: Clock) -> None:
    _teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    app_session(ana).store.loaded = True
    ana.switch_page("screens/lessons.py").run()
    lesson = app_session(ana).lessons.lesson
    clock.now += 90  # reading the lesson, then a click on it (a quiz answer, a button)
    ana.run()
    clock.now += 3600  # away for an hour: counted as LESSON_GAP_MOST at most
    ana.run()
    ana.switch_page("screens/home.py").run()  # leaving the lesson: nothing more counts
    clock.now += 500
    ana.run()
    class_link.wait_for_sends()
    token = app_session(ana).classes.membership.token
    seen = teacher_sees(any_db, token)
    assert seen.lesson_seconds == {lesson: 90 + int(class_link.LESSON_GAP_MOST)}
    ana.switch_page("screens/my_class.py").run()
    lessons = next(f for f in frames(ana) if "Lesson" in f.columns)
    assert list(lessons["Time spent"]) == ["12 minutes"]  # 690 s, to the nearest minute


def test_the_review_deck_reaches_the_dashboard_with_the_positions_reviewed(
    any_db: str, clock: Clock
) -> None:
    from datetime import UTC, datetime

    from tutorial.course.review_deck import ReviewDeck, ScenarioSource, note_wrong

    teacher, _secret, code = make_class(homework=False)
    now = datetime(2026, 1, 1, 12, tzinfo=UTC)
    deck = note_wrong(ReviewDeck(), ScenarioSource(scenario=OVERRUFF, step=0), "belote", now=now)
    for name in ("Ana", "Bo"):
        learner = join(code, name)
        app_session(learner).deck = deck
        play(learner, OVERRUFF, mistakes=1, attempts=1)
    teacher.button(key="teacher_refresh").click().run()
    assert not teacher.exception
    shown = texts(teacher)
    assert "Positions your class is reviewing" in shown
    decks = next(f for f in frames(teacher) if "Set aside" in f.columns)
    assert list(decks["Learner"]) == ["Ana", "Bo"] and list(decks["Cards"]) == [1, 1]
    positions = next(f for f in frames(teacher) if "Position" in f.columns)
    title = class_link.homework_choice("scenario", OVERRUFF).title
    assert list(positions["Position"]) == [title] and list(positions["Learners"]) == [2]
    learner.switch_page("screens/my_class.py").run()
    assert "Cards in your deck: 1;" in texts(learner)


def test_the_live_part_of_the_dashboard_is_a_fragment_that_reads_the_database(
    db: str,
) -> None:
    from tutorial.webapp.pages import teacher as teacher_page

    teacher, _secret, code = make_class(homework=False)
    assert "updates by itself every 20 seconds" in texts(teacher)
    ana = join(code, "Ana")
    play(ana, OVERRUFF, mistakes=1, attempts=1, wrong={"8H": 1})
    teacher.run()  # a whole run reads the class again from the database
    assert "1 learner in the class." in texts(teacher)
    assert f"every {teacher_page.BOARD_REFRESH} seconds" in texts(teacher)
    # The fragment's own refresh, run alone as the timer asks, is driven in
    # tests/test_class_live_pages.py.


def test_a_failed_send_is_retried_by_the_timer_without_a_run_of_the_page(
    db: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutorial.course.progress import Progress, ScenarioRecord

    _teacher, _secret, code = make_class(homework=False)
    token = app_session(join(code, "Ana")).classes.membership.token
    m = class_link.Membership(token=token, loaded=True, failed=True, seconds_known=True)
    m.retry_after = clock.now + class_link.RETRY_SECONDS
    sent = Progress(scenarios={OVERRUFF: ScenarioRecord(mistakes=2, wrong={"8H": 2})})

    class Session:
        """The session's progress as the retry reads it."""

        @staticmethod
        def store_loaded() -> bool:
            return True

        @staticmethod
        def export_progress() -> Progress:
            return sent

    monkeypatch.setattr(class_link, "membership", lambda: m)
    monkeypatch.setattr(class_link, "state", Session)
    assert not class_link.retry_failed()  # too soon
    clock.now += class_link.RETRY_SECONDS
    assert class_link.retry_failed()
    class_link.wait_for_sends()
    assert not m.failed
    assert open_store(db).what_teacher_sees(token).progress.scenarios[OVERRUFF].mistakes == 2


# --- an attacker at the app's door ------------------------------------------------------------


def test_a_teacher_link_opens_its_own_class_only_and_a_forged_one_nothing(db: str) -> None:
    from tutorial.classes import tokens

    _a, secret_a, code_a = make_class("Class A", homework=False)
    _b, secret_b, code_b = make_class("Class B", homework=False)
    play(join(code_a, "Ana"), OVERRUFF, mistakes=1, attempts=1)
    play(join(code_b, "Bo"), OVERRUFF, mistakes=1, attempts=1)
    mine = open_app("teacher", teach=secret_a)
    shown = texts(mine)
    assert "Class: Class A" in shown and "Class B" not in shown
    assert all("Bo" not in list(f["Learner"]) for f in frames(mine) if "Learner" in f.columns)
    tampered = secret_b[:-1] + ("A" if secret_b[-1] != "A" else "B")
    for link in (tokens.new_secret(), tampered, "' OR 1=1 --", "<script>x</script>", "x" * 5000):
        at = open_app("teacher", teach=link)
        assert not at.exception
        shown = texts(at)
        assert any("opens no class" in e.value for e in at.error), link[:20]
        assert "Class A" not in shown and "Class B" not in shown and "Ana" not in shown
        assert not frames(at) and code_a not in [c.value for c in at.code]


@pytest.mark.parametrize("kind", ["forged", "sql", "left", "removed", "too_long", "not_text"])
def test_a_tampered_learner_token_ends_in_the_projects_sentence_and_keeps_the_progress(
    db: str, kind: str
) -> None:
    from tutorial.classes import tokens

    teacher, secret, code = make_class(homework=False)
    other = join(code, "Zed")
    gone = app_session(other).classes.membership.token
    if kind == "left":
        open_store(db).leave(gone)
    elif kind == "removed":
        box = open_store(db)
        box.remove_learner(secret, box.dashboard(secret, []).members[0].learner_id)
    at = open_app("my_class")
    app_session(at).store.loaded = True
    app_session(at).progress = {OVERRUFF: ScenarioProgress(done=True, stars=3)}
    token: object = {
        "forged": tokens.new_secret(),
        "sql": "'; DROP TABLE learners; --",
        "too_long": "x" * 5000,
        "not_text": {"token": 1},
    }.get(kind, gone)
    m = app_session(at).classes.membership
    m.token = ""  # what the browser hands over, read as the component's callback reads it
    with pytest.MonkeyPatch.context() as patched:  # the session, as the callback has it
        patched.setattr(class_link, "membership", lambda: m)
        class_link.receive_token(token)
    if kind in ("too_long", "not_text"):
        assert m.token == ""  # never taken: not a token's shape
        return
    assert m.token == token
    at.run()
    assert not at.exception
    words = "removed you" if kind == "removed" else "not in a class"
    assert any(words in x.value for x in at.info), texts(at)
    assert not app_session(at).classes.membership.token
    assert "Join code" in [x.label for x in at.text_input]
    assert app_session(at).progress[OVERRUFF].stars == 3  # the browser's progress intact
    teacher.run()
    assert "Ana" not in texts(teacher)


NASTY_CLASS = "<b>Y7</b><script>alert(1)</script>'; DROP TABLE classes;--"
NASTY_NAME = "<b>Bo</b>'; DROP TABLE learners;--"


def test_markup_and_sql_in_names_are_shown_as_plain_text_and_capped(db: str) -> None:
    assert len(NASTY_CLASS) <= 60
    teacher, secret, code = make_class(NASTY_CLASS, homework=False)
    bo = join(code, NASTY_NAME)
    play(bo, OVERRUFF, mistakes=1, attempts=1, wrong={"8H": 1})
    teacher.run()
    assert not teacher.exception
    heading = next(h.value for h in teacher.header if "Y7" in h.value)
    assert heading == "Class: " + NASTY_CLASS.replace("<", "\\<").replace(">", "\\>")
    assert not teacher.get("html")  # nothing drawn as markup
    board = next(f for f in frames(teacher) if "Learner" in f.columns)
    assert list(board["Learner"]) == [NASTY_NAME]  # a table cell is plain text
    box = open_store(db)  # every table is still there
    assert box.dashboard(secret, []).name == NASTY_CLASS
    bo.switch_page("screens/my_class.py").run()
    assert f"Your teacher sees you as {NASTY_NAME}." in [x.value for x in bo.text]
    # Capped: the fields stop at 60 characters (the store refuses more: tests/test_classes.py).
    assert open_app("teacher").text_input(key="teacher_new_name").max_chars == 60
    assert open_app("my_class").text_input(key="my_class_name").max_chars == 60
    assert teacher.text_input(key="teacher_learner_name").max_chars == 60


def test_an_oversized_progress_is_refused_clearly_and_stays_in_the_browser(db: str) -> None:
    _teacher, _secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    app_session(ana).store.loaded = True
    many = {f"belote/s{i}": ScenarioProgress(mistakes=1) for i in range(1001)}
    app_session(ana).progress = many
    ana.run()
    class_link.wait_for_sends()
    ana.run()
    assert not ana.exception
    assert any("did not take your latest progress" in x.value for x in ana.toast)
    assert any("did not take your latest progress" in w.value for w in ana.warning)
    assert len(app_session(ana).progress) == 1001  # the browser keeps it all
    assert app_session(ana).classes.membership.token  # still in the class


def test_a_progress_code_loaded_by_a_learner_in_a_class_reaches_the_class(any_db: str) -> None:
    """The code a learner made before joining (or on another machine) is imported into the
    class by loading it on Home: the next send carries it."""
    from tutorial.course.progress import Progress, ScenarioRecord, encode

    teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    app_session(ana).store.loaded = True
    earlier = Progress(scenarios={OVERRUFF: ScenarioRecord(done=True, stars=3, mistakes=2)})
    ana.switch_page("screens/home.py").run()
    ana.text_input(key="progress_code_in").input(encode(earlier)).run()
    ana.button(key="progress_load").click().run()
    assert not ana.exception
    class_link.wait_for_sends()
    teacher.button(key="teacher_refresh").click().run()
    item = frames(teacher)[0]
    assert list(item["Learner"]) == ["Ana"]
    assert list(item["Stars"]) == [3] and list(item["Wrong tries"]) == [2]


# --- the board, the teacher's secret kept out of the address, joins, the morning list ----


def test_the_teacher_link_leaves_the_address_once_read_and_the_secret_is_kept(db: str) -> None:
    _at, secret, _code = make_class()
    again = open_app("teacher", teach=secret)
    assert not again.exception
    assert "teach" not in again.query_params  # the address bar no longer holds it
    assert app_session(again).classes.teacher_secret == secret
    assert "Class: Year 7" in texts(again)
    # The next run (a click, the live board) still shows the class, from the kept secret.
    again.button(key="teacher_refresh").click().run()
    assert "Class: Year 7" in texts(again) and "teach" not in again.query_params


def test_the_teacher_page_is_titled_as_its_menu_item(db: str) -> None:
    at = open_app("teacher")
    assert [x.value for x in at.title] == ["Teacher"]


def _board_of(secret: str, url: str) -> str:
    """The class's board token, read as the teacher's page does."""
    box = open_store(url)
    try:
        return box.board_token(secret)
    finally:
        box.engine.dispose()


#: The widget keys of everything that changes a class.
MANAGEMENT = (
    "teacher_rename",
    "teacher_save_homework",
    "teacher_rotate_code",
    "teacher_rotate_link",
    "teacher_class_joining",
    "teacher_rename_learner",
    "teacher_remove_learner",
    "teacher_close",
    "teacher_delete",
    "teacher_create",
    "teacher_forget",
)


def test_the_board_link_shows_the_class_and_no_management_control(db: str) -> None:
    teacher, secret, code = make_class()
    ana = join(code, "Ana")
    play(ana, OVERRUFF, attempts=1, done=True, stars=3)
    token = _board_of(secret, db)
    assert any(f"/teacher?board={token}" in c.value for c in teacher.code)  # shown to the teacher
    board = open_app("teacher", board=token)
    assert not board.exception
    shown = texts(board)
    assert "Class: Year 7" in shown and "1 learner in the class." in shown
    assert code in [c.value for c in board.code]  # the join code...
    assert any("/my-class?join=" in c.value for c in board.code)  # ...its link...
    assert len(board.get("image")) == 1  # ...and its QR code
    assert any("Ana" in list(f.iloc[:, 0]) for f in frames(board))
    keys = {
        w.key for kind in ("button", "checkbox", "toggle", "text_input") for w in board.get(kind)
    }
    assert not keys & set(MANAGEMENT), keys & set(MANAGEMENT)
    assert not [w for w in board.get("text_input")] and not [w for w in board.get("text_area")]
    assert (
        "teacher_secret" not in board.session_state or not app_session(board).classes.teacher_secret
    )
    assert secret not in str([c.value for c in board.code])
    forged = open_app("teacher", board="x" * 43)
    assert any("board link opens no class" in e.value for e in forged.error)


def test_the_homework_is_shown_before_anyone_joins(db: str) -> None:
    teacher, _secret, _code = make_class()
    shown = texts(teacher)
    assert "Nobody has joined yet" in shown
    lesson = overruff_lesson_label()
    assert lesson in shown, shown
    assert "Everyone has started" not in shown


def test_a_name_ending_in_a_full_stop_ends_the_sentence_once(db: str) -> None:
    teacher, _secret, code = make_class()
    tom = join(code, "Tom B.")
    assert "Your teacher sees you as Tom B." in texts(tom)
    assert "Tom B.." not in texts(tom)
    teacher.button(key="teacher_refresh").click().run()
    assert "Not started: Tom B." in texts(teacher)
    assert "Tom B.." not in texts(teacher)


def test_the_join_link_fills_the_code_in_and_leaves_the_address(db: str) -> None:
    teacher, _secret, code = make_class()
    at = open_app("my_class", join=code.replace("-", "").lower())
    assert not at.exception
    assert "join" not in at.query_params
    assert at.text_input(key="my_class_code").value == code
    at.text_input(key="my_class_name").input("Ana")
    at.button(key="my_class_join").click().run()
    assert "Your teacher sees you as Ana." in texts(at)
    teacher.button(key="teacher_refresh").click().run()
    assert "1 learner in the class." in texts(teacher)


def test_each_homework_item_opens_from_my_class(db: str) -> None:
    _teacher, _secret, code = make_class()
    ana = join(code, "Ana")
    links = ana.get("page_link")
    lesson = lesson_of(OVERRUFF)
    game, _, stem = lesson.partition("/")
    found = [x for x in links if x.value.startswith(overruff_lesson_label())]
    assert len(found) == 1, [x.value for x in links]
    assert found[0].proto.page == "lessons"
    assert found[0].proto.query_string == f"lesson={game}%2F{stem.split('-')[0]}"


def test_time_spent_reads_to_the_minute() -> None:
    from tutorial.classes.homework_view import duration_text

    assert duration_text(40) == "1 minute"
    assert duration_text(100) == "2 minutes"
    assert duration_text(0) == ""


def test_forwarded_addresses_are_read_only_when_the_environment_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(class_link.ENV_PROXIES, raising=False)
    assert class_link.trusted_proxies() == 0
    forged = ["1.2.3.4, 203.0.113.7"]
    assert class_link.client_address("10.0.0.2", forged, class_link.trusted_proxies()) == (
        "10.0.0.2"
    )
    monkeypatch.setenv(class_link.ENV_PROXIES, "1")
    assert class_link.client_address("10.0.0.2", forged, class_link.trusted_proxies()) == (
        "203.0.113.7"
    )
    monkeypatch.setenv(class_link.ENV_PROXIES, "many")
    assert class_link.trusted_proxies() == 0


def test_a_playlist_or_scenario_item_opens_on_the_play_page() -> None:
    from tutorial.classes.store import Homework
    from tutorial.webapp.navigation import PLAY_PAGE
    from tutorial.webapp.pages.my_class import homework_address

    choice = class_link.HomeworkChoice(
        "playlist", "first", "Playlist: First tricks", ("belote/a", "belote/b"), "First tricks"
    )
    assert homework_address(Homework("playlist", "first"), choice) == (
        PLAY_PAGE,
        {"playlist": "belote/a,belote/b", "title": "First tricks"},
    )
    single = class_link.HomeworkChoice("scenario", OVERRUFF, "Overruff", (OVERRUFF,))
    assert homework_address(Homework("scenario", OVERRUFF), single) == (
        PLAY_PAGE,
        {"scenario": OVERRUFF},
    )
