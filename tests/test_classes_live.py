"""A live class kept in the class database (tutorial.classes.live): its steps, the
learners' answers, every refusal (nothing stored changes), two servers on one database,
and thirty learners answering at once.

Every test runs on SQLite (a temporary file) and on a real PostgreSQL server (see
``db_util``). The store's clock is the test's own: nothing here reads the wall clock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from db_util import KINDS, Clock, Env, new_engine, store_env
from sqlalchemy import create_engine, select

from tutorial.classes import schema
from tutorial.classes.errors import (
    AccessError,
    ClassError,
    InputError,
    LiveError,
    UnreachableError,
)
from tutorial.classes.live import LiveClass, LiveLimits, answer_text
from tutorial.classes.store import ClassStore, Timeouts, open_store
from tutorial.language.i18n import catalogue, speaking, t
from tutorial.tools.bench_live import describe_live, measure_live

LEARNERS = 30


@pytest.fixture(params=KINDS)
def env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Env]:
    with store_env(request.param, tmp_path, request) as made:
        yield made


@dataclass
class Room:
    """A class with a live session started: its teacher secret, the learners' tokens
    (joined to the session), the session's id and link key."""

    env: Env
    live: LiveClass
    secret: str
    board: str
    code: str
    tokens: list[str]
    session_id: int
    key: str


def room(env: Env, learners: int = 3, *, guests: bool = False, join: bool = True) -> Room:
    """A class of ``learners`` learners, a live session of a scenario started, each joined."""
    live = LiveClass(env.store)
    made = env.store.create_class("Class")
    toks = [env.store.join(made.join_code, f"L{i}", f"c{i}") for i in range(learners)]
    session = live.start(made.teacher_secret, "scenario", "belote/overruff", guests=guests)
    if join:
        for token in toks:
            live.join(token)
    return Room(
        env,
        live,
        made.teacher_secret,
        made.board_token,
        made.join_code,
        toks,
        session.session_id,
        session.link_key,
    )


def stored(env: Env) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to compare before and after a refused call."""
    with env.engine.connect() as conn:
        return {
            table.name: sorted((tuple(r) for r in conn.execute(select(table))), key=repr)
            for table in schema.metadata.sorted_tables
        }


def refused(env: Env, call: Callable[[], Any], kind: type[ClassError], key: str) -> ClassError:
    """Run ``call``: it must be refused with ``kind`` and ``key``, and nothing stored changes."""
    before = stored(env)
    with pytest.raises(kind) as caught:
        call()
    assert caught.value.key == key
    assert str(caught.value)  # a sentence for people
    assert stored(env) == before
    return caught.value


# --- A session's life --------------------------------------------------------------------


def test_a_session_goes_from_its_question_to_the_reveal_and_on(env: Env) -> None:
    r = room(env)
    poll = r.live.poll(r.key)
    assert (poll.state, poll.step, poll.version, poll.answers, poll.members) == (
        "waiting",
        0,
        1,
        0,
        3,
    )
    opened = r.live.open_question(r.secret, r.session_id, 0, ["9H", "AS", "KC"])
    assert (opened.state, opened.version) == ("open", 2)
    r.live.answer(r.tokens[0], r.session_id, 0, "9H")
    r.live.answer(r.tokens[1], r.session_id, 0, "AS")
    after = r.live.answer(r.tokens[2], r.session_id, 0, "9H")
    assert (after.answers, after.version) == (3, 2)  # answers are counted, not versions
    assert r.live.split(r.secret, r.session_id, 0) == {"9H": 2, "AS": 1}
    revealed = r.live.reveal(r.secret, r.session_id, 0, ["AS"])
    assert (revealed.state, revealed.version) == ("revealed", 3)
    mine = r.live.mine(r.tokens[0], r.session_id)
    assert mine.at(0) is not None and (mine.at(0).answer, mine.at(0).right) == ("9H", False)
    assert r.live.mine(r.tokens[1], r.session_id).at(0).right is True  # type: ignore[union-attr]
    on = r.live.go_to(r.secret, r.session_id, 1)
    assert (on.state, on.step, on.version, on.answers) == ("waiting", 1, 4, 0)
    ended = r.live.end(r.secret, r.session_id)
    assert (ended.state, ended.version) == ("ended", 5)
    assert r.live.current(r.secret) is None
    results = r.live.results(r.secret, r.session_id)
    assert [s.step for s in results.steps] == [0]
    assert results.steps[0].best == ("AS",) and results.steps[0].split == {"9H": 2, "AS": 1}
    assert [(m.shown, m.answers, m.answered, m.best) for m in results.members] == [
        ("L0", {0: "9H"}, 1, 0),
        ("L1", {0: "AS"}, 1, 1),
        ("L2", {0: "9H"}, 1, 0),
    ]
    assert results.session.ended == env.clock.now


def test_a_second_start_gives_the_running_session_or_is_refused(env: Env) -> None:
    r = room(env, learners=0)
    again = r.live.start(r.secret, "scenario", "belote/overruff")
    assert again.session_id == r.session_id and again.poll.version == 1
    refused(env, lambda: r.live.start(r.secret, "playlist", "belote/basics"), LiveError, "running")
    r.live.end(r.secret, r.session_id)
    deal = "deal=123456&game=tarot&players=4&rules=fft&level=strong"
    other = r.live.start(r.secret, "deal", deal, guests=True)
    assert other.session_id != r.session_id and (other.kind, other.ref) == ("deal", deal)
    assert [s.session_id for s in r.live.sessions(r.secret)] == [other.session_id, r.session_id]


def test_an_answer_sent_again_replaces_the_first_until_the_reveal(env: Env) -> None:
    r = room(env, learners=1)
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.answer(r.tokens[0], r.session_id, 0, "9H")
    env.clock.advance(seconds=5)
    poll = r.live.answer(r.tokens[0], r.session_id, 0, "AS")
    assert poll.answers == 1
    with env.engine.connect() as conn:
        rows = conn.execute(select(schema.live_answers)).all()
    assert [(a.answer, a.at) for a in rows] == [("AS", env.clock.now)]
    r.live.answer(r.tokens[0], r.session_id, 0, "AS")  # the same again: still one
    assert r.live.poll(r.key).answers == 1
    r.live.reveal(r.secret, r.session_id, 0, ["AS"])
    error = refused(
        env, lambda: r.live.answer(r.tokens[0], r.session_id, 0, "KC"), LiveError, "revealed"
    )
    assert str(error) == t("classes.live.revealed")


def test_a_late_joiner_and_a_returning_learner_land_on_the_current_step(env: Env) -> None:
    r = room(env, learners=2, join=False)
    r.live.join(r.tokens[0])
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.reveal(r.secret, r.session_id, 0, ["9H"])
    r.live.go_to(r.secret, r.session_id, 1)
    r.live.open_question(r.secret, r.session_id, 1)
    late = r.live.join(r.tokens[1], r.key)  # by the link on the board
    assert (late.session.poll.step, late.session.poll.state) == (1, "open")
    assert late.session.ref == "belote/overruff"
    back = r.live.join(r.tokens[0])  # took their place before: the same place
    first = r.live.results(r.secret, r.session_id).members[0].member_id
    assert back.member_id == first
    assert r.live.poll(r.key).members == 2
    now = r.live.live_now(r.tokens[1])
    assert now is not None and now.poll.step == 1
    r.live.answer(r.tokens[1], r.session_id, 1, "AS")
    assert r.live.poll(r.key).answers == 1


def test_going_back_shows_a_revealed_step_again_and_skipping_leaves_answers(env: Env) -> None:
    r = room(env, learners=1)
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.answer(r.tokens[0], r.session_id, 0, "9H")
    r.live.reveal(r.secret, r.session_id, 0, ["9H"])
    r.live.go_to(r.secret, r.session_id, 1)
    r.live.open_question(r.secret, r.session_id, 1)
    r.live.answer(r.tokens[0], r.session_id, 1, "KC")
    back = r.live.go_to(r.secret, r.session_id, 0)  # back a step: its reveal again
    assert (back.state, back.step, back.answers) == ("revealed", 0, 1)
    skip = r.live.go_to(r.secret, r.session_id, 2)  # past step 1, never revealed
    assert (skip.state, skip.step) == ("waiting", 2)
    again = r.live.go_to(r.secret, r.session_id, 1)  # step 1 waits again: answers stay
    assert (again.state, again.answers) == ("waiting", 1)
    r.live.open_question(r.secret, r.session_id, 1)
    r.live.answer(r.tokens[0], r.session_id, 1, "AS")  # changeable until its reveal
    assert r.live.mine(r.tokens[0], r.session_id).at(1).answer == "AS"  # type: ignore[union-attr]


def test_two_teacher_tabs_agree(env: Env) -> None:
    r = room(env, learners=0)
    first = r.live.open_question(r.secret, r.session_id, 0)
    assert r.live.open_question(r.secret, r.session_id, 0) == first  # a second click
    r.live.reveal(r.secret, r.session_id, 0)
    revealed = r.live.reveal(r.secret, r.session_id, 0, ["9H"])  # the other tab: no change
    assert revealed.version == first.version + 1
    moved = r.live.go_to(r.secret, r.session_id, 1)
    assert r.live.go_to(r.secret, r.session_id, 1) == moved
    # The tab still showing step 0 is told the session moved on, and changes nothing.
    refused(env, lambda: r.live.reveal(r.secret, r.session_id, 0), LiveError, "moved")
    refused(env, lambda: r.live.open_question(r.secret, r.session_id, 0), LiveError, "moved")
    ended = r.live.end(r.secret, r.session_id)
    assert r.live.end(r.secret, r.session_id) == ended


def test_the_board_sees_the_split_only_once_the_teacher_shows_it(env: Env) -> None:
    r = room(env, learners=2)
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.answer(r.tokens[0], r.session_id, 0, "9H")
    refused(env, lambda: r.live.board_split(r.board, r.session_id, 0), LiveError, "split_hidden")
    shown = r.live.show_split(r.secret, r.session_id, 0)
    assert shown.split_shown
    assert r.live.board_split(r.board, r.session_id, 0) == {"9H": 1}
    current = r.live.board_current(r.board)
    assert current is not None and current.poll == r.live.poll(r.key)
    r.live.reveal(r.secret, r.session_id, 0, ["9H"])
    r.live.go_to(r.secret, r.session_id, 1)
    assert not r.live.poll(r.key).split_shown
    assert r.live.board_split(r.board, r.session_id, 0) == {"9H": 1}  # revealed: readable


def test_guests_join_by_the_link_when_the_teacher_lets_them(env: Env) -> None:
    r = room(env, learners=1)
    refused(env, lambda: r.live.join_guest(r.key, "Zoé"), LiveError, "no_guests")
    r.live.set_guests(r.secret, r.session_id, True)
    seat = r.live.join_guest(r.key, "  Zoé ")
    assert seat.guest_token is not None and len(seat.guest_token) >= 43
    with env.engine.connect() as conn:
        kept = conn.execute(select(schema.live_members.c.token_hash)).scalars().all()
    assert seat.guest_token not in kept  # only its hash is kept
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.answer(seat.guest_token, r.session_id, 0, "9H")
    r.live.set_guests(r.secret, r.session_id, False)  # those in stay
    r.live.answer(seat.guest_token, r.session_id, 0, "AS")
    results = r.live.results(r.secret, r.session_id)
    assert [(m.shown, m.guest, m.answers) for m in results.members] == [
        ("L0", False, {}),
        ("Zoé", True, {0: "AS"}),
    ]
    refused(env, lambda: r.live.join_guest(r.key, "Ana"), LiveError, "no_guests")
    refused(env, lambda: r.live.join_guest(r.key, "\u200b"), InputError, "name_invisible")


def test_a_session_holds_as_many_guests_as_its_limit(env: Env) -> None:
    r = room(env, learners=0, guests=True)
    live = LiveClass(env.store, LiveLimits(guests=2))
    live.join_guest(r.key, "A")
    live.join_guest(r.key, "B")
    refused(env, lambda: live.join_guest(r.key, "C"), LiveError, "full")


# --- Refusals: nothing stored changes ----------------------------------------------------


def test_answers_that_cannot_count_are_refused_and_change_nothing(env: Env) -> None:
    r = room(env, learners=3, join=False)
    other = room(env, learners=1)
    live, sid = r.live, r.session_id
    ana, bo, cy = r.tokens
    live.join(ana)
    live.join(cy)
    refused(env, lambda: live.answer(ana, sid, 0, "9H"), LiveError, "not_open")
    live.open_question(r.secret, sid, 0, ["9H", "AS"])
    live.answer(ana, sid, 0, "9H")
    cases: list[tuple[Callable[[], Any], type[ClassError], str]] = [
        (lambda: live.answer(ana, sid, 1, "9H"), LiveError, "other_step"),
        (lambda: live.answer(ana, sid, -1, "9H"), LiveError, "step"),
        (lambda: live.answer(ana, sid, True, "9H"), LiveError, "step"),  # type: ignore[arg-type]
        (lambda: live.answer(ana, other.session_id, 0, "9H"), LiveError, "not_member"),
        (lambda: live.answer(other.tokens[0], sid, 0, "9H"), LiveError, "not_member"),
        (lambda: live.answer(ana, 10_000, 0, "9H"), LiveError, "unknown"),
        (lambda: live.answer(ana, "1", 0, "9H"), LiveError, "unknown"),  # type: ignore[arg-type]
        (lambda: live.answer(ana, sid, 0, "KC"), LiveError, "not_choice"),
        (lambda: live.answer(ana, sid, 0, "9H" * 61), LiveError, "answer_form"),
        (lambda: live.answer(ana, sid, 0, ""), LiveError, "answer_form"),
        (lambda: live.answer(ana, sid, 0, " 9H"), LiveError, "answer_form"),
        (lambda: live.answer(ana, sid, 0, "9H\n"), LiveError, "answer_form"),
        (lambda: live.answer(ana, sid, 0, "9♥"), LiveError, "answer_form"),
        (lambda: live.answer(ana, sid, 0, 9), LiveError, "answer_form"),  # type: ignore[arg-type]
        (lambda: live.answer("x" * 43, sid, 0, "9H"), AccessError, "bad_guest"),
        (lambda: live.answer("x" * 5000, sid, 0, "9H"), AccessError, "bad_token"),
        (lambda: live.answer(None, sid, 0, "9H"), AccessError, "bad_token"),  # type: ignore[arg-type]
        (lambda: live.open_question("forged", sid, 0), AccessError, "bad_teacher"),
        (lambda: live.open_question(other.secret, sid, 0), LiveError, "unknown"),
        (lambda: live.reveal(r.secret, sid, 0, ["9H", "9H"]), LiveError, "best"),
        (lambda: live.reveal(r.secret, sid, 0, "9H"), LiveError, "best"),  # type: ignore[arg-type]
        (lambda: live.poll("not a key"), LiveError, "bad_link"),
        (lambda: live.poll("A" * 22), LiveError, "bad_link"),
        (lambda: live.join(other.tokens[0], r.key), LiveError, "other_class"),
        (lambda: live.start(r.secret, "lesson", "belote/x"), LiveError, "kind"),
        (lambda: live.start(r.secret, "scenario", "a b"), LiveError, "ref"),
        (lambda: live.start(r.secret, "deal", "x" * 601), LiveError, "ref"),
        (lambda: live.go_to(r.secret, sid, 1001), LiveError, "step"),
        (lambda: live.split(other.secret, sid, 0), LiveError, "unknown"),
    ]
    for call, kind, key in cases:
        refused(env, call, kind, key)
    # Bo never took his place: his answers are refused until he does.
    refused(env, lambda: live.answer(bo, sid, 0, "9H"), LiveError, "not_member")
    # A learner the teacher removes: refused, and their answers are deleted with them.
    live.answer(cy, sid, 0, "AS")
    removed = r.live.results(r.secret, sid).members[1].learner_id
    assert removed is not None
    env.store.remove_learner(r.secret, removed)
    assert live.poll(r.key).answers == 1
    refused(env, lambda: live.answer(cy, sid, 0, "AS"), AccessError, "removed")
    # After the end.
    live.end(r.secret, sid)
    refused(env, lambda: live.answer(ana, sid, 0, "AS"), LiveError, "ended")
    refused(env, lambda: live.open_question(r.secret, sid, 0), LiveError, "ended")
    refused(env, lambda: live.go_to(r.secret, sid, 1), LiveError, "ended")
    refused(env, lambda: live.join(ana, r.key), LiveError, "ended")
    refused(env, lambda: live.join(ana), LiveError, "none")
    assert live.mine(ana, sid).at(0).answer == "9H"  # type: ignore[union-attr]


def test_a_closed_class_ends_its_session_and_refuses_answers(env: Env) -> None:
    r = room(env, learners=1, guests=True)
    seat = r.live.join_guest(r.key, "Zoé")
    assert seat.guest_token is not None
    r.live.open_question(r.secret, r.session_id, 0)
    version = r.live.poll(r.key).version
    env.store.close(r.secret)
    poll = r.live.poll(r.key)
    assert (poll.state, poll.version) == ("ended", version + 1)
    refused(
        env, lambda: r.live.answer(r.tokens[0], r.session_id, 0, "9H"), AccessError, "class_closed"
    )
    refused(
        env,
        lambda: r.live.answer(seat.guest_token, r.session_id, 0, "9H"),
        AccessError,
        "class_closed",
    )
    refused(
        env, lambda: r.live.start(r.secret, "scenario", "belote/x"), AccessError, "class_closed"
    )
    assert r.live.live_now(r.tokens[0]) is None


def test_a_deleted_class_leaves_no_live_row(env: Env) -> None:
    r = room(env, learners=2, guests=True)
    r.live.join_guest(r.key, "Zoé")
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.answer(r.tokens[0], r.session_id, 0, "9H")
    r.live.reveal(r.secret, r.session_id, 0, ["9H"])
    env.store.leave(r.tokens[1])  # a learner who leaves takes their place with them
    env.store.delete(r.secret)
    rows = stored(env)
    for table in ("live_sessions", "live_members", "live_steps", "live_answers"):
        assert rows[table] == [], table


def test_every_live_sentence_is_in_every_catalogue() -> None:
    keys = {k for k in catalogue("en") if k.startswith("classes.live.")}
    assert len(keys) >= 20
    for lang in ("zh-Hant", "zh-Hans"):
        assert keys <= set(catalogue(lang)), lang
    with speaking("zh-Hant"), pytest.raises(LiveError) as caught:
        answer_text("")
    assert str(caught.value) == t("classes.live.answer_form", "zh-Hant", most=120)


def test_a_database_gone_is_said_calmly_and_the_session_resumes_where_it_was(
    env: Env, tmp_path: Path
) -> None:
    r = room(env, learners=1)
    r.live.open_question(r.secret, r.session_id, 0)
    r.live.answer(r.tokens[0], r.session_id, 0, "9H")
    before = r.live.poll(r.key)
    if env.kind == "sqlite":
        gone_url = f"sqlite:///{tmp_path / 'no-folder' / 'classes.db'}"
    else:
        gone_url = env.engine.url.set(port=1).render_as_string(hide_password=False)
    gone = LiveClass(ClassStore(create_engine(gone_url), timeouts=Timeouts(connect=1)))
    for call in (
        lambda: gone.poll(r.key),
        lambda: gone.answer(r.tokens[0], r.session_id, 0, "AS"),
        lambda: gone.reveal(r.secret, r.session_id, 0),
    ):
        with pytest.raises(UnreachableError) as caught:
            call()
        assert str(caught.value) == t("classes.unreachable")
    assert r.live.poll(r.key) == before
    r.live.answer(r.tokens[0], r.session_id, 0, "AS")
    assert r.live.mine(r.tokens[0], r.session_id).at(0).answer == "AS"  # type: ignore[union-attr]


# --- Two servers, thirty learners ---------------------------------------------------------


def test_two_servers_on_one_database_drive_one_session(env: Env) -> None:
    r = room(env, learners=3)
    other = LiveClass(ClassStore(create_engine(env.engine.url), clock=env.clock))
    try:
        first = r.live.open_question(r.secret, r.session_id, 0)
        seen = other.poll(r.key)
        assert seen == first
        for i, token in enumerate(r.tokens):
            other.answer(token, r.session_id, 0, ["9H", "AS", "9H"][i])
        assert r.live.poll(r.key).answers == 3
        revealed = r.live.reveal(r.secret, r.session_id, 0, ["AS"])
        assert revealed.version > first.version
        refused(
            env, lambda: other.answer(r.tokens[0], r.session_id, 0, "AS"), LiveError, "revealed"
        )
        assert other.poll(r.key) == revealed
        assert other.split(r.secret, r.session_id, 0) == {"9H": 2, "AS": 1}
        moved = other.go_to(r.secret, r.session_id, 1)
        assert r.live.poll(r.key) == moved and moved.version == revealed.version + 1
    finally:
        other.store.engine.dispose()


@pytest.fixture(params=KINDS)
def wide_env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Env]:
    """A store whose engine has a connection for each of thirty threads."""
    made = new_engine(request.param, tmp_path, request)
    if request.param == "sqlite":
        made.dispose()
        made = create_engine(made.url, pool_size=LEARNERS, max_overflow=10)
    clock = Clock()
    try:
        yield Env(open_store(made, clock=clock), made, clock, request.param)
    finally:
        made.dispose()


def test_thirty_learners_answering_at_once_lose_nothing(wide_env: Env) -> None:
    env = wide_env
    r = room(env, learners=LEARNERS)
    r.live.open_question(r.secret, r.session_id, 0)
    start = threading.Barrier(LEARNERS)
    cards = ["9H", "AS", "KC"]

    def learner(who: int) -> None:
        start.wait()
        r.live.answer(r.tokens[who], r.session_id, 0, cards[who % 3])
        r.live.answer(r.tokens[who], r.session_id, 0, cards[(who + 1) % 3])  # changed

    with ThreadPoolExecutor(max_workers=LEARNERS) as pool:
        list(pool.map(learner, range(LEARNERS)))
    assert r.live.poll(r.key).answers == LEARNERS
    assert r.live.split(r.secret, r.session_id, 0) == {"9H": 10, "AS": 10, "KC": 10}
    results = r.live.results(r.secret, r.session_id)
    assert all(m.answers == {0: cards[(i + 1) % 3]} for i, m in enumerate(results.members))


def test_answers_racing_the_reveal_are_kept_before_it_or_refused(wide_env: Env) -> None:
    env = wide_env
    r = room(env, learners=LEARNERS)
    r.live.open_question(r.secret, r.session_id, 0)
    start = threading.Barrier(LEARNERS + 1)
    kept: list[int] = []

    def learner(who: int) -> None:
        start.wait()
        try:
            r.live.answer(r.tokens[who], r.session_id, 0, "9H")
            kept.append(who)
        except LiveError as e:
            assert e.key == "revealed"

    def teacher() -> None:
        start.wait()
        r.live.reveal(r.secret, r.session_id, 0, ["9H"])

    with ThreadPoolExecutor(max_workers=LEARNERS + 1) as pool:
        done = [pool.submit(learner, i) for i in range(LEARNERS)] + [pool.submit(teacher)]
        for future in done:
            future.result()
    assert r.live.poll(r.key).state == "revealed"
    assert sum(m.answered for m in r.live.results(r.secret, r.session_id).members) == len(kept)
    assert r.live.poll(r.key).answers == len(kept)


def test_one_learner_answering_from_two_tabs_at_once_keeps_one_answer(wide_env: Env) -> None:
    env = wide_env
    r = room(env, learners=1)
    r.live.open_question(r.secret, r.session_id, 0)
    start = threading.Barrier(10)

    def tab(n: int) -> None:
        start.wait()
        r.live.answer(r.tokens[0], r.session_id, 0, ["9H", "AS"][n % 2])

    with ThreadPoolExecutor(max_workers=10) as pool:
        list(pool.map(tab, range(10)))
    assert r.live.poll(r.key).answers == 1
    assert r.live.split(r.secret, r.session_id, 0) in ({"9H": 1}, {"AS": 1})


def test_two_starts_racing_on_two_servers_make_one_session(env: Env) -> None:
    live = LiveClass(env.store)
    made = env.store.create_class("Class")
    other = LiveClass(ClassStore(create_engine(env.engine.url), clock=env.clock))
    start = threading.Barrier(2)

    def begin(which: LiveClass) -> int:
        start.wait()
        return which.start(made.teacher_secret, "scenario", "belote/a").session_id

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            ids = list(pool.map(begin, [live, other]))
    finally:
        other.store.engine.dispose()
    assert ids[0] == ids[1]
    assert len(live.sessions(made.teacher_secret)) == 1


def test_the_live_bench_runs_a_session_and_deletes_its_class(wide_env: Env) -> None:
    figures = measure_live(wide_env.engine, learners_n=3, rounds=2, polls=5, every_ms=20)
    assert (figures.database, figures.learners, figures.rounds) == (
        wide_env.engine.dialect.name,
        3,
        2,
    )
    assert 0 <= figures.poll_p50_ms <= figures.poll_p95_ms
    assert 0 <= figures.answer_p50_ms <= figures.answer_p95_ms
    assert "answers at once" in describe_live(figures)
    rows = stored(wide_env)
    assert all(rows[t.name] == [] for t in schema.metadata.sorted_tables), "class deleted"
