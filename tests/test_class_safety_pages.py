"""The classes' pages as a school relies on them (AppTest): names shown as text on every
page and chart that shows one, a teacher page that stays calm while the database is away,
a learner told on My class why they are no longer in a class, a closed class that says
so, and a send that hangs held by its learner alone and said to be still tried.

Each test has a SQLite file of its own (``db`` of ``test_class_pages``); the app's clock
is the test's (``clock``): nothing here reads the wall clock.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from typing import Any

import pytest
import test_class_pages as pages
from apptest_util import app_session, open_app
from streamlit.testing.v1 import AppTest
from test_class_pages import OVERRUFF, Clock, frames, join, make_class, play, texts

from tutorial.classes.errors import UnreachableError
from tutorial.classes.store import ClassStore, open_store
from tutorial.course.classroom import csv_text
from tutorial.course.progress import Progress, ScenarioRecord
from tutorial.webapp import class_link

#: The class pages' fixtures: a SQLite file of the test's own, the app's clock.
db = pages.db
clock = pages.clock

#: Names a pupil may type to put a link, an image or markup into the teacher's view.
ATTACK_NAMES = (
    "[Link](http://x.example)",
    "![i](http://x.example/i.png)",
    '<a href="http://x.example">Bo</a>',
    '<span style="font-size:80px">Big</span>',
    "Tom<br>Jerry",
    "www.x.example",
)
ATTACK_CLASS = "![c](http://x.example/c.png) Y7"

_ESCAPED = re.compile(r"\\.")
_LIVE = (
    ("a link or an image", re.compile(r"\[[^\]]*\]\s*[(\[]")),
    ("a tag or an autolink", re.compile(r"<\s*[A-Za-z/!?]")),
    ("a bare address", re.compile(r"(?i)\b(?:https?|ftp)://|\bwww\.")),
)


def live_markup(source: str) -> list[str]:
    """What in a markdown source would act (a link, an image, a tag, a bare address that
    markdown turns into a link), once backslash-escaped characters are set aside."""
    plain = _ESCAPED.sub("", source)
    return [what for what, pattern in _LIVE if pattern.search(plain)]


def markdown_sources(at: AppTest) -> list[str]:
    """The source of every element Streamlit draws as markdown (the app's own style
    sheets, drawn as HTML, set aside: :func:`assert_nothing_live` checks no name is in one)."""
    found: list[Any] = [*at.markdown, *at.caption, *at.header, *at.subheader, *at.title]
    found += [*at.info, *at.warning, *at.error, *at.success, *at.toast]
    return [str(x.value) for x in found if not getattr(x.proto, "allow_html", False)]


def assert_nothing_live(at: AppTest) -> None:
    """No markdown element of the page holds a live link, image, tag or bare address, and
    no name is drawn as HTML."""
    bad = [(s, live_markup(s)) for s in markdown_sources(at) if live_markup(s)]
    assert not bad, bad
    html = [str(x.value) for x in at.markdown if getattr(x.proto, "allow_html", False)]
    assert not any(n in h for n in (*ATTACK_NAMES, ATTACK_CLASS) for h in html)


def heatmaps(at: AppTest) -> list[dict[str, Any]]:
    """The page's plotly figures, as plotly's JSON."""
    return [json.loads(x.proto.spec) for x in at.get("plotly_chart")]


def test_attack_names_are_text_on_every_page_and_chart_that_shows_them(db: str) -> None:
    teacher, _secret, code = make_class(ATTACK_CLASS)
    learners = [join(code, name) for name in ATTACK_NAMES]
    play(learners[0], OVERRUFF, done=True, stars=2, attempts=1)  # one started, the rest not
    teacher.button(key="teacher_refresh").click().run()
    assert not teacher.exception
    assert_nothing_live(teacher)
    shown = texts(teacher)
    # The "Not started" line names them, escaped (each reads as typed).
    waiting = next(c.value for c in teacher.caption if c.value.startswith("Not started"))
    for name in ATTACK_NAMES[1:]:
        assert name in waiting.replace("\\", "").replace("\u2060", "")
    assert "Y7" in shown
    # The heatmap draws every name as its text: no tag plotly would read, no blank row.
    figures = heatmaps(teacher)
    assert figures
    for fig in figures:
        labels = [
            str(v) for trace in fig["data"] for v in [*trace.get("y", []), *trace.get("x", [])]
        ]
        assert labels and all("<" not in v and ">" not in v for v in labels), labels
        rows = fig["data"][0]["y"]
        assert len(rows) == len(ATTACK_NAMES) and all(r.strip() for r in rows)
        assert '&lt;a href="http://x.example"&gt;Bo&lt;/a&gt;' in rows
        assert "Tom&lt;br&gt;Jerry" in rows
    # Tables are plain text: the names as typed.
    table = next(f for f in frames(teacher) if "Learner" in f.columns and "Date" in f.columns)
    assert list(table["Learner"]) == list(ATTACK_NAMES)
    # My class: the class's name (an image in it is not fetched) and the learner's own.
    for at in learners:
        at.switch_page("screens/my_class.py").run()
        assert not at.exception
        assert_nothing_live(at)
        assert any("Y7" in h.value for h in at.header)


def test_the_csv_keeps_names_as_text() -> None:
    from tutorial.course.classroom import Learner, ReadCodes, ScenarioInfo, class_table

    names = [*ATTACK_NAMES, '=HYPERLINK("http://x.example")']
    read = ReadCodes(
        tuple(
            Learner(n, "", i, Progress(scenarios={OVERRUFF: ScenarioRecord(done=True)}))
            for i, n in enumerate(names, start=1)
        ),
        (),
    )
    text = csv_text(class_table(read, [ScenarioInfo(OVERRUFF, "Overruff", "belote")]))
    for name in ATTACK_NAMES:
        assert name.replace('"', '""') in text
    assert "'=HYPERLINK" in text  # a spreadsheet reads it as text, not a formula


@pytest.mark.parametrize("name", ["\u200b\u200b", "L\u200béa"])
def test_a_name_with_invisible_characters_is_refused_at_join(db: str, name: str) -> None:
    _teacher, _secret, code = make_class(homework=False)
    at = join(code, name)
    assert any("invisible character" in e.value for e in at.error)
    assert not app_session(at).classes.membership.token


def test_look_alike_names_are_numbered_on_the_dashboard(db: str) -> None:
    teacher, _secret, code = make_class(homework=False)
    join(code, "Léa")
    join(code, "Ｌéa")
    teacher.button(key="teacher_refresh").click().run()
    table = next(f for f in frames(teacher) if "Learner" in f.columns)
    assert list(table["Learner"]) == ["Léa (1)", "Ｌéa (2)"]


# --- the database away ------------------------------------------------------------------------


class AwayStore(ClassStore):
    """A store whose every read of the board fails as an unreachable database does."""

    def dashboard(self, secret: str, scenarios: Any) -> Any:
        raise UnreachableError("unreachable", "The class could not be reached.")


def test_the_teacher_page_says_the_class_is_safe_and_offers_no_new_class_while_away(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _teacher, secret, _code = make_class(homework=False)
    away = AwayStore(db)
    monkeypatch.setattr(class_link, "store", lambda: away)
    at = open_app("teacher", teach=secret)
    assert not at.exception
    assert any("Your class and its records are safe" in w.value for w in at.warning)
    keys = [b.key for b in at.button]
    assert "teacher_forget_link" not in keys  # nothing that loses the class's link
    assert "teacher_try_again" in keys
    monkeypatch.setattr(class_link, "store", lambda: None)  # not even opened
    at = open_app("teacher", teach=secret)
    assert "teacher_forget_link" not in [b.key for b in at.button]
    assert any("Your class and its records are safe" in w.value for w in at.warning)
    away.engine.dispose()


# --- told why, each time -----------------------------------------------------------------------


def test_a_removed_learner_is_told_why_each_time_and_that_a_new_code_is_needed(db: str) -> None:
    _teacher, secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    token = app_session(ana).classes.membership.token
    box = open_store(db)
    box.remove_learner(secret, box.dashboard(secret, []).members[0].learner_id)
    ana.switch_page("screens/home.py")
    play(ana, OVERRUFF, mistakes=1, attempts=1)  # refused: the toast, once
    ana.run()
    m = app_session(ana).classes.membership
    assert not m.token  # nothing more is sent
    kept = class_link.kept_token(m)
    assert kept == token  # the browser keeps it, to be told again
    for _ in range(2):  # My class says why each time it is opened
        ana.switch_page("screens/my_class.py").run()
        assert any("removed you" in x.value and "new code" in x.value for x in ana.info)
        ana.switch_page("screens/home.py").run()
    # A new session of the same browser (the token it kept handed over) is told too.
    again = open_app("my_class")
    m2 = app_session(again).classes.membership
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(class_link, "membership", lambda: m2)
        class_link.receive_token(kept)
    again.run()
    assert any("removed you" in x.value and "new code" in x.value for x in again.info)
    assert "Join code" in [x.label for x in again.text_input]
    # Forgetting it ends the notice.
    again.button(key="my_class_forget").click().run()
    assert not any("removed you" in x.value for x in again.info)
    assert class_link.kept_token(app_session(again).classes.membership) == ""


def test_a_closed_class_says_so_on_my_class_and_cannot_be_left(db: str) -> None:
    _teacher, secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    play(ana, OVERRUFF, done=True, stars=3, attempts=1)
    open_store(db).close(secret)
    ana.run()
    assert not ana.exception
    shown = texts(ana)
    assert "closed this class" in shown
    assert "sent by itself" not in shown
    assert "my_class_leave" not in [b.key for b in ana.button]
    assert "my_class_forget" in [b.key for b in ana.button]
    assert list(frames(ana)[0]["Stars"]) == [3]  # the records are still shown
    board = open_store(db).dashboard(secret, [])
    assert [m.name for m in board.members] == ["Ana"]


# --- a send that hangs -------------------------------------------------------------------------


class HangingStore(ClassStore):
    """A store whose syncs of the tokens in ``hung`` wait until ``release`` is set (a
    database that takes the call and never answers)."""

    def __init__(self, url: str, hung: set[str], release: threading.Event) -> None:
        super().__init__(url)
        self.hung, self.release = hung, release

    def sync(self, token: str, *args: Any, **kwargs: Any) -> Progress:
        if token in self.hung:
            self.release.wait(30)
        return super().sync(token, *args, **kwargs)


def test_hung_sends_hold_no_other_learners_send_and_are_said_to_be_still_tried(
    db: str, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    _teacher, _secret, code = make_class(homework=False)
    box = open_store(db)
    tokens = [box.join(code, f"L{i}", f"c{i}") for i in range(6)]
    release = threading.Event()
    hanging = HangingStore(db, set(tokens[:5]), release)
    sent = Progress(scenarios={OVERRUFF: ScenarioRecord(done=True, stars=2)})
    people = [class_link.Membership(token=tk, loaded=True, seconds_known=True) for tk in tokens]
    try:
        for m, tk in zip(people, tokens, strict=True):
            class_link._submit(hanging, m, tk, sent)
        free = people[5]
        for _ in range(1000):  # the sixth learner's send ends though five hang (a few ms)
            if not free.busy:
                break
            threading.Event().wait(0.01)
        assert not free.busy and not free.failed and free.sent
        assert box.what_teacher_sees(tokens[5]).progress.scenarios[OVERRUFF].stars == 2
        assert all(m.busy for m in people[:5])
        assert not class_link.still_trying(people[0])
        clock.now += class_link.STILL_TRYING_SECONDS + 1
        assert class_link.still_trying(people[0]) and not class_link.still_trying(free)
    finally:
        release.set()
        class_link.wait_for_sends()
    assert not any(class_link.still_trying(m) for m in people)
    assert box.what_teacher_sees(tokens[0]).progress.scenarios[OVERRUFF].stars == 2


def test_my_class_says_a_send_is_still_being_tried(
    db: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    _teacher, _secret, code = make_class(homework=False)
    ana = join(code, "Ana")
    token = app_session(ana).classes.membership.token
    release = threading.Event()
    hanging = HangingStore(db, {token}, release)
    monkeypatch.setattr(class_link, "store", lambda: hanging)
    try:
        app_session(ana).store.loaded = True
        app_session(ana).progress = {}
        ana.run()  # the first send starts and hangs
        assert app_session(ana).classes.membership.busy
        ana.run()
        assert "Still trying" not in texts(ana)  # not yet: a send takes a moment
        clock.now += class_link.STILL_TRYING_SECONDS + 1
        ana.run()
        assert any("Still trying" in x.value for x in ana.toast)
        assert "Still trying to send your progress" in texts(ana)
        assert "sent by itself" not in texts(ana)
    finally:
        release.set()
        class_link.wait_for_sends()
    ana.run()
    assert "Still trying" not in texts(ana)


def test_refused_joins_and_failed_sends_are_logged_with_their_cause(
    db: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    with caplog.at_level(logging.INFO, logger="tutorial.classes"):
        make_class(homework=False)
        join("ZZZZZZ", "Ana")
        assert any("join was refused: bad_code" in r.getMessage() for r in caplog.records)
        _t, _s, code = make_class(homework=False)
        ana = join(code, "Ana")
        gone = ClassStore(f"sqlite:///{tmp_path / 'missing' / 'gone.db'}")
        monkeypatch.setattr(class_link, "store", lambda: gone)
        play(ana, OVERRUFF, mistakes=1, attempts=1)
    failed = [r.getMessage() for r in caplog.records if "send failed" in r.getMessage()]
    assert failed and "unable to open database file" in " ".join(
        r.getMessage() for r in caplog.records
    )


def test_the_heatmap_draws_names_and_titles_as_text() -> None:
    from tutorial.course.classroom import Learner, ReadCodes, ScenarioInfo, class_table
    from tutorial.pictures.class_charts import class_heatmap

    read = ReadCodes(
        tuple(
            Learner(n, "", i, Progress(scenarios={OVERRUFF: ScenarioRecord(done=True)}))
            for i, n in enumerate(ATTACK_NAMES, start=1)
        ),
        (),
    )
    table = class_table(read, [ScenarioInfo(OVERRUFF, "<b>Over</b>ruff", "belote")])
    for measure in ("done", "stars", "mistakes"):
        fig = class_heatmap(table, measure).figure.to_plotly_json()
        labels = [str(v) for v in [*fig["data"][0]["y"], *fig["data"][0]["x"]]]
        assert all("<" not in v and ">" not in v for v in labels), labels
        assert '&lt;span style="font-size:80px"&gt;Big&lt;/span&gt;' in labels
        assert "&lt;b&gt;Over&lt;/b&gt;ruff" in labels
