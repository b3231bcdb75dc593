"""The Live class page (AppTest): a teacher starts a session from the page, a learner of
the class lands in it from the page, the question opens, a refused card is explained and
not sent, an answer is kept and can change, the reveal gives each screen its verdict and
puts a wrong answer in the learner's review deck, a reload lands on the current step, the
board shows the split only once shown, and the record reaches the Teacher page.

The pages follow the session by fragments that the browser's timer runs every second;
here the test runs them (``refresh``), never the clock.
"""

from __future__ import annotations

import json
from typing import Any

import test_class_pages as pages
from apptest_util import app_session
from streamlit.testing.v1 import AppTest
from test_class_live_pages import refresh
from test_class_pages import frames, join, make_class, texts

from tutorial.classes.errors import UnreachableError
from tutorial.classes.live import LiveClass, LiveSession
from tutorial.classes.store import open_store
from tutorial.course.live_lesson import open_lesson
from tutorial.webapp import class_link

db = pages.db
any_db = pages.any_db

#: A Belote scenario of two decisions: a card (the rules refuse most of the hand), then
#: who wins the trick.
SCENARIO = "belote/overruff"


def table(at: AppTest) -> dict[str, Any]:
    """What the live table was given to draw."""
    for el in at.get("bidi_component"):
        if el.proto.component_name == "atout_table":
            data: dict[str, Any] = json.loads(el.proto.json)
            return data
    raise AssertionError("no table on the page")


def to_live(at: AppTest) -> AppTest:
    app_session(at).store.loaded = True  # what the browser's store says on a first run
    at.switch_page("screens/live.py")
    at.run()
    assert not at.exception, at.exception
    return at


def start(teacher: AppTest, scenario: str = SCENARIO, guests: bool = False) -> AppTest:
    to_live(teacher)
    starts = app_session(teacher).live.starts  # the start form's widgets are named afresh
    teacher.selectbox(key=f"live_start_scenario_{starts}").set_value(scenario)
    if guests:
        teacher.checkbox(key=f"live_start_guests_{starts}").check()
    teacher.button(key="live_start").click().run()
    assert not teacher.exception, teacher.exception
    return teacher


def click(at: AppTest, key: str) -> AppTest:
    """A teacher's control, inside the teacher's fragment."""
    at.button(key=key).click()
    return refresh(at, "live_teacher", by_timer=False)


def typed(at: AppTest, text: str) -> AppTest:
    """The learner's typed answer (the same callback as a tap on the table)."""
    at.text_input(key="live_typed").input(text)
    return refresh(at, "live_follow", by_timer=False)


def current(url: str, secret: str) -> LiveSession:
    box = open_store(url)
    try:
        found = LiveClass(box).current(secret)
        assert found is not None
        return found
    finally:
        box.engine.dispose()


def open_live(**params: str) -> AppTest:
    """The Live class page opened by an address with ``params``, in a new browser whose
    store has said what it holds (nothing)."""
    at = AppTest.from_file("../tutorial/app.py", default_timeout=900)
    app_session(at).store.loaded = True
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    return to_live(at)


def learner_again(token: str) -> AppTest:
    """The learner's browser reloaded: a new session, the token the browser kept."""
    at = AppTest.from_file("../tutorial/app.py", default_timeout=900)
    m = class_link.Membership()
    m.token, m.loaded = token, True
    app_session(at).classes.membership = m
    app_session(at).store.loaded = True
    at.run()
    return to_live(at)


def test_a_session_runs_on_the_teacher_the_board_and_a_learner(db: str) -> None:
    teacher, secret, code = make_class()
    ana = join(code, "Ana")
    membership = app_session(ana).classes.membership
    assert isinstance(membership, class_link.Membership)
    token = membership.token
    start(teacher)
    lesson = open_lesson("scenario", SCENARIO)
    first = lesson.step(0)
    assert first is not None and first.kind == "card"
    board = open_live(board=board_token(db, secret))
    # Ana lands in the session from the page itself ("Live now"), before the question opens
    to_live(ana)
    assert table(ana)["mode"] == "view"
    assert table(ana)["prompt"] == "Look at the table: your teacher opens the question in a moment."
    click(teacher, "live_open")
    refresh(ana, "live_follow")
    assert table(ana)["mode"] == "play" and table(ana)["prompt"] == first.prompt
    # a card the rules refuse is explained at once and not sent
    typed(ana, "10D")
    fb = table(ana)["feedback"]
    assert fb["tone"] == "error" and "You must overtrump" in fb["html"]
    assert current(db, secret).poll.answers == 0
    typed(ana, "9H")
    fb = table(ana)["feedback"]
    assert (fb["tone"], fb["head"]) == ("info", "Your answer: 9♥.")
    assert current(db, secret).poll.answers == 1
    # the board counts the answer and shows no split before the teacher does
    refresh(board, "live_board")
    shown = texts(board)
    assert "1 answer" in shown and "1 in the class" in shown
    assert not board.get("plotly_chart")
    click(teacher, "live_split")
    refresh(board, "live_board")
    assert board.get("plotly_chart") and "1 answer so far: 9♥ 1." in texts(board)
    # the reveal: the learner's verdict, the board's best answer and reason
    click(teacher, "live_reveal")
    refresh(ana, "live_follow")
    fb = table(ana)["feedback"]
    assert fb["tone"] == "success" and "9♥" in fb["head"]
    refresh(board, "live_board")
    assert "The best answer: 9♥." in texts(board)
    # on to the question: a wrong answer goes in the review deck at the reveal
    click(teacher, "live_next")
    click(teacher, "live_open")
    refresh(ana, "live_follow")
    assert table(ana)["mode"] == "ask"
    typed(ana, "Right")
    click(teacher, "live_reveal")
    assert not app_session(ana).deck.cards
    refresh(ana, "live_follow")
    fb = table(ana)["feedback"]
    assert fb["tone"] == "warning" and "You" in fb["head"]
    card = next(iter(app_session(ana).deck.cards.values()))
    assert card.source.scenario == SCENARIO and card.tried == "Right"
    # a reload lands on the current step, with the learner's own verdict
    again = learner_again(token)
    fb = table(again)["feedback"]
    assert fb["tone"] == "warning" and table(again)["mode"] == "view"
    # the record, on the Teacher page
    teacher.switch_page("screens/teacher.py")
    teacher.run()
    rows = frames(teacher)[-2]
    assert list(rows.iloc[0])[:3] == ["Ana", "9♥ ✓", "Right ✗"]


def board_token(url: str, secret: str) -> str:
    box = open_store(url)
    try:
        return box.board_token(secret)
    finally:
        box.engine.dispose()


def test_a_guest_joins_by_the_link_with_a_name_only_when_the_teacher_lets_them(db: str) -> None:
    teacher, secret, _code = make_class()
    start(teacher)
    key = current(db, secret).link_key
    stranger = open_live(live=key)
    assert "Only the learners of this class take part" in texts(stranger)
    assert not [b for b in stranger.button if b.key == "live_guest_join"]
    click(teacher, "live_guests_on")
    sam = open_live(live=key)
    sam.text_input(key="live_guest_name").input("Sam")
    sam.button(key="live_guest_join").click().run()
    assert "You take part as Sam." in texts(sam)
    assert table(sam)["mode"] == "view"
    assert current(db, secret).poll.members == 1
    click(teacher, "live_open")
    refresh(sam, "live_follow")
    typed(sam, "9H")
    assert table(sam)["feedback"]["head"] == "Your answer: 9♥."
    assert current(db, secret).poll.answers == 1


def test_the_database_gone_is_said_calmly_on_every_screen_and_the_session_resumes(
    db: str, monkeypatch: Any
) -> None:
    teacher, secret, code = make_class()
    ana = join(code, "Ana")
    start(teacher)
    click(teacher, "live_open")
    board = open_live(board=board_token(db, secret))
    to_live(ana)
    typed(ana, "9H")
    before = current(db, secret).poll

    def gone(*_args: object, **_kw: object) -> object:
        raise UnreachableError("unreachable", "down")

    with monkeypatch.context() as down:
        for name in ("poll", "current", "board_current", "session", "answer", "mine"):
            down.setattr(LiveClass, name, gone)
        for at, key in ((ana, "live_follow"), (board, "live_board"), (teacher, "live_teacher")):
            refresh(at, key)
            assert "cannot be reached just now" in texts(at), key
            assert not at.exception
    for at, key in ((ana, "live_follow"), (board, "live_board"), (teacher, "live_teacher")):
        refresh(at, key)
        assert "cannot be reached" not in texts(at), key
    assert table(ana)["feedback"]["head"] == "Your answer: 9♥."
    assert current(db, secret).poll == before
