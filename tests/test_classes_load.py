"""The class storage under load and faults: thirty learners syncing at once lose nothing,
two syncs of one learner merge, a database that goes away mid-call gives a ClassError and
leaves nothing half-written. Prints the sync latency and the size per learner on both
databases (figures only: nothing here asserts a time)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import reduce
from pathlib import Path
from typing import Any

import pytest
from db_util import KINDS, new_engine
from sqlalchemy import Engine, create_engine, event, select

from tutorial.classes import schema
from tutorial.classes.errors import ClassError, UnreachableError
from tutorial.classes.store import ClassStore, open_store
from tutorial.course.classroom import ScenarioInfo
from tutorial.course.progress import Progress, ScenarioRecord, merge
from tutorial.tools.bench_classes import describe, measure

LEARNERS = 30


def fixed() -> datetime:
    """The store's clock in these tests: a time that never moves."""
    return datetime(2026, 3, 2, 9, 0, 0)


@pytest.fixture(params=KINDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    made = new_engine(request.param, tmp_path, request)
    if request.param == "sqlite":  # as many connections as threads, as PostgreSQL's pool
        made.dispose()
        made = create_engine(made.url, pool_size=LEARNERS, max_overflow=10)
    try:
        yield made
    finally:
        made.dispose()


def record(who: int, step: int) -> Progress:
    """What learner ``who`` sends at ``step``: one new scenario, and the first one improved."""
    return Progress(
        scenarios={
            f"belote/s{step}": ScenarioRecord(mistakes=who % 3, wrong={"9H": 1 + step % 2}),
            "belote/first": ScenarioRecord(done=step > 2, stars=min(3, step), mistakes=step),
        }
    )


def test_thirty_learners_syncing_at_once_lose_no_update(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    tokens = [store.join(made.join_code, f"L{i}", f"c{i}") for i in range(LEARNERS)]
    start = threading.Barrier(LEARNERS)
    steps = 5

    def learner(who: int) -> None:
        start.wait()
        for step in range(steps):
            store.sync(tokens[who], record(who, step), {f"belote/s{step}": who + step})

    with ThreadPoolExecutor(max_workers=LEARNERS) as pool:
        list(pool.map(learner, range(LEARNERS)))
    for who, token in enumerate(tokens):
        expected = reduce(merge, (record(who, s) for s in range(steps)), Progress())
        seen = store.what_teacher_sees(token)
        assert seen.progress.scenarios == expected.scenarios
        assert seen.seconds == {
            "belote/first": 0,
            **{f"belote/s{s}": who + s for s in range(steps)},
        }
    board = store.dashboard(made.teacher_secret, [ScenarioInfo("belote/first", "F", "belote")])
    assert [c.done for c in board.table.learners] == [1] * LEARNERS


def test_syncs_of_one_learner_at_once_merge(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    cards = ["9H", "AS", "KC", "7D", "TH", "QS"]
    sent = [
        Progress(
            scenarios={
                "belote/a": ScenarioRecord(
                    done=i == 3, stars=i % 4, mistakes=i, wrong={cards[i % 6]: 1 + i}
                ),
                f"belote/x{i}": ScenarioRecord(hints=i),
            }
        )
        for i in range(12)
    ]
    start = threading.Barrier(len(sent))

    def send(p: Progress) -> None:
        start.wait()
        store.sync(token, p, {"belote/a": sum(r.mistakes for r in p.scenarios.values())})

    with ThreadPoolExecutor(max_workers=len(sent)) as pool:
        list(pool.map(send, sent))
    expected = reduce(merge, sent, Progress())
    seen = store.what_teacher_sees(token)
    assert seen.progress.scenarios == expected.scenarios
    assert seen.seconds["belote/a"] == 11


def _stored(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    with engine.connect() as conn:
        return {
            t.name: sorted(tuple(r) for r in conn.execute(select(t)))
            for t in schema.metadata.sorted_tables
        }


def _cut_off_at(engine: Engine, statement_start: str) -> None:
    """Make the database go away when the next statement starting so is about to run:
    PostgreSQL's server ends the connection; SQLite's file fails as a lost disk does."""
    armed = [True]

    @event.listens_for(engine, "before_cursor_execute")
    def cut(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if not (armed[0] and statement.lstrip().upper().startswith(statement_start)):
            return
        armed[0] = False
        if engine.dialect.name == "postgresql":
            pid = cursor.connection.info.backend_pid
            with engine.connect() as other:
                # With a timeout, pg_terminate_backend returns once the backend has exited
                # (the timeout is a hang guard): the statement below meets a dead socket.
                other.exec_driver_sql(f"SELECT pg_terminate_backend({int(pid)}, 30000)")
        else:
            raise sqlite3.OperationalError("disk I/O error")


@pytest.mark.parametrize("where", ["INSERT INTO RECORDS", "UPDATE RECORDS"])
def test_the_database_going_away_mid_sync_gives_a_class_error_and_writes_nothing(
    engine: Engine, where: str
) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    first = Progress(scenarios={"belote/a": ScenarioRecord(mistakes=1)})
    store.sync(token, first)
    before = _stored(engine)
    _cut_off_at(engine, where)
    both = Progress(
        scenarios={
            "belote/a": ScenarioRecord(done=True, stars=2),
            "belote/b": ScenarioRecord(done=True, stars=3),
        }
    )
    with pytest.raises(UnreachableError) as e:
        store.sync(token, both)
    assert e.value.key == "unreachable"
    assert str(e.value) == "The class could not be reached: try again in a moment."
    assert _stored(engine) == before  # the learner's touch and any record: rolled back
    store.sync(token, both)  # the database is back: the same sync goes through
    assert store.what_teacher_sees(token).progress.scenarios == merge(first, both).scenarios


def test_the_database_going_away_mid_join_writes_nothing(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    before = _stored(engine)
    _cut_off_at(engine, "INSERT INTO JOIN_ATTEMPTS")
    with pytest.raises(UnreachableError):
        store.join(made.join_code, "Ana", "c")
    assert _stored(engine) == before  # no learner without their join, nor the reverse


def test_a_database_that_is_not_there_gives_a_class_error(tmp_path: Path) -> None:
    missing = [
        create_engine(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"),
        create_engine(
            "postgresql+psycopg://atout@127.0.0.1:9/none", connect_args={"connect_timeout": 2}
        ),
    ]
    for gone in missing:
        with pytest.raises(UnreachableError):
            open_store(gone, clock=fixed)
        store = ClassStore(gone, clock=fixed)
        for call in (
            lambda s=store: s.create_class("Class"),
            lambda s=store: s.join("ABCDEF", "Ana", "c"),
            lambda s=store: s.dashboard("x" * 43, []),
            lambda s=store: s.sync("x" * 43, Progress()),
        ):
            with pytest.raises(ClassError) as e:
                call()
            assert e.value.key == "unreachable"
        gone.dispose()


def test_the_bench_sends_what_a_learner_sends_and_counts_every_table(
    engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    learners, syncs = 3, 3
    figures = measure(
        engine, learners_n=learners, syncs=syncs, timer=time.perf_counter, clock=fixed
    )
    assert figures.learners == learners and figures.syncs == learners * (syncs + 1)
    steps = syncs + 1  # the syncs one by one, then all at once
    lessons = syncs // 2 + 1  # a new lesson (its quiz and its time) every other sync
    assert figures.rows == {
        "classes": 1,
        "homework": 2,
        "learners": learners,
        "join_attempts": learners,
        "records": learners * steps,  # a scenario more at each sync
        "quizzes": learners * lessons,
        "lesson_times": learners * lessons,
        "practice_hands": learners * steps,  # a hand more at each sync
        "review_decks": learners,
        **{t: 0 for t in ("live_sessions", "live_members", "live_steps", "live_answers")},
    }
    assert set(figures.rows) == {t.name for t in schema.metadata.sorted_tables}
    assert figures.rows_per_learner == round(sum(figures.rows.values()) / learners, 1)
    assert figures.bytes_per_learner > 0 and figures.payload_bytes > 0
    assert all(n == 0 for n in _counts(engine).values())  # the bench's class is deleted
    with capsys.disabled():
        print(f"\n{describe(figures)}")


def _counts(engine: Engine) -> dict[str, int]:
    """The rows of every table."""
    return {name: len(rows) for name, rows in _stored(engine).items()}


def test_the_bench_builds_its_sends_with_the_apps_payload(engine: Engine) -> None:
    """What the bench sends goes through the app's own session and payload: the practice
    hands carry their time, the scenarios and lessons theirs."""
    from tutorial.tools import bench_classes
    from tutorial.webapp import class_link

    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    learner = bench_classes.SimulatedLearner(
        0, token, class_link.Membership(token=token, loaded=True)
    )
    hands = bench_classes._hands()[:1]
    for step in range(2):
        p = bench_classes._play_step(learner, step, hands)
        bench_classes._send(store, learner, p)
    seen = store.what_teacher_sees(token)
    assert len(seen.hands) == 2 and all(h.seconds >= 150 for h in seen.hands)
    assert all(h.cards_reviewed == h.cards_played == 20 for h in seen.hands)
    assert seen.seconds == learner.session.seconds and seen.lesson_seconds
    assert seen.deck.cards and len(seen.progress.scenarios) == 2
