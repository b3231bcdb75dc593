"""The class storage as a school relies on it: names that cannot hide or pass for another,
database calls that give up in bounded time (a hung PostgreSQL, a busy SQLite, a file
replaced under the server), remove, close and leave as transactions that a racing sync
cannot undo, and records checked on arrival.

Every database behaviour runs on SQLite (a temporary file) and on the tests' PostgreSQL
server (``db_util``). No test waits on the wall clock: a call that must give up is given
timeouts of a fraction of a second, and runs in a thread the test waits for at most a few
seconds (so a call that would hang fails the test instead of hanging it).
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import socket
import sqlite3
import threading
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from db_util import KINDS, new_engine
from sqlalchemy import Engine, create_engine, event, func, insert, select, text

from tutorial.classes import schema
from tutorial.classes.errors import AccessError, ClassError, InputError, SyncError
from tutorial.classes.store import (
    ClassStore,
    KnownItems,
    Timeouts,
    open_store,
    shown_names,
    sqlite_writer,
)
from tutorial.course.classroom import ScenarioInfo, name_key, read_codes
from tutorial.course.progress import Progress, QuizRecord, ScenarioRecord, encode

INFOS = [ScenarioInfo("belote/a", "Overruff", "belote")]
#: The longest a call that must give up is waited for (it gives up in a fraction of a second).
GIVE_UP = 10.0


def fixed() -> datetime:
    """The store's clock: a time that never moves."""
    return datetime(2026, 3, 2, 9, 0, 0)


@pytest.fixture(params=KINDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    made = new_engine(request.param, tmp_path, request)
    try:
        yield made
    finally:
        made.dispose()


@pytest.fixture
def pg_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    made = new_engine("postgresql", tmp_path, request)
    try:
        yield made
    finally:
        made.dispose()


def records_of(engine: Engine, learner_id: int) -> int:
    """How many rows of every learner table hold this learner's records."""
    total = 0
    with engine.connect() as conn:
        for table in (schema.records, schema.quizzes, schema.lesson_times):
            total += int(
                conn.execute(
                    select(func.count()).select_from(table).where(table.c.learner_id == learner_id)
                ).scalar_one()
            )
    return total


def in_time(
    call: Callable[[], Any], wait: float = GIVE_UP, name: str = "call"
) -> BaseException | None:
    """Run ``call`` in a thread (named ``name``), waiting at most ``wait`` seconds: the
    error it raised (None when it returned). Fails the test when the call is still running
    (it hung)."""
    found: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            found.append(None)
        except BaseException as e:  # the test looks at it
            found.append(e)

    worker = threading.Thread(target=run, name=name, daemon=True)
    worker.start()
    worker.join(wait)
    assert not worker.is_alive(), "the call did not give up"
    return found[0]


# --- Names that stay text -----------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "L\u200béa",  # a zero-width space inside
        "\u200b\u200b\u200b",  # only zero-width spaces: would show blank
        "\ufeffAna",  # a byte order mark
        "Ana\u2060",  # a word joiner
        "Bo\u00ad",  # a soft hyphen
        "\u200d",  # a zero-width joiner alone
    ],
)
def test_invisible_characters_are_refused_in_every_name(engine: Engine, name: str) -> None:
    store = open_store(engine, clock=fixed)
    with pytest.raises(InputError) as e:
        store.create_class(name)
    assert e.value.key == "name_invisible" and "invisible" in str(e.value)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    lid = store.dashboard(made.teacher_secret, INFOS).members[0].learner_id
    for call in (
        lambda: store.join(made.join_code, name, "c2"),
        lambda: store.rename(made.teacher_secret, name),
        lambda: store.rename_learner(made.teacher_secret, lid, name),
    ):
        with pytest.raises(InputError) as e:
            call()
        assert e.value.key == "name_invisible"
    board = store.dashboard(made.teacher_secret, INFOS)
    assert board.name == "Class" and [m.name for m in board.members] == ["Ana"]
    assert store.what_teacher_sees(token).name == "Ana"


def test_names_that_look_alike_are_numbered(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    store.join(made.join_code, "Léa", "c1")
    store.join(made.join_code, "Ｌéa", "c2")  # full-width L: the same name once NFKC
    store.join(made.join_code, "Le\u0301a", "c3")  # e and a combining accent: NFC makes it é
    store.join(made.join_code, "Bo", "c4")
    # A name kept from before invisible characters were refused, written straight in.
    with engine.begin() as conn:
        conn.execute(
            insert(schema.learners).values(
                class_id=made.class_id,
                display_name="L\u200béa",
                token_hash="f" * 64,
                joined=fixed(),
            )
        )
        conn.execute(
            insert(schema.learners).values(
                class_id=made.class_id,
                display_name="\u200b\u200b",
                token_hash="e" * 64,
                joined=fixed(),
            )
        )
    board = store.dashboard(made.teacher_secret, INFOS)
    shown = [m.shown for m in board.members]
    assert shown == ["Léa (1)", "Ｌéa (2)", "Léa (3)", "Bo", "Léa (4)", "Learner 6 (no name)"]
    assert [x.learner.name for x in board.table.learners] == shown
    assert all("\u200b" not in s for s in shown)


def test_look_alike_keys_and_progress_codes() -> None:
    assert name_key("L\u200béa") == name_key("Léa") == name_key("Ｌéa")
    assert name_key("Ana") != name_key("ana")  # a different case is seen: not a look-alike
    assert shown_names(["Ana", "Ana\u2060"]) == ["Ana (1)", "Ana (2)"]
    codes = "\n".join(
        encode(Progress(learner=n, scenarios={"belote/a": ScenarioRecord()}))
        for n in ("Léa", "L\u200béa", "\u200b")
    )
    read = read_codes(codes)
    assert [x.name for x in read.learners] == ["Léa (1)", "Léa (2)", "Learner 3 (no name)"]


# --- Records checked on arrival -----------------------------------------------------------


def test_a_quiz_with_more_right_answers_than_questions_is_refused(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    store.sync(token, Progress(quizzes={"belote/03": QuizRecord(right=2, total=5)}))
    with pytest.raises(SyncError) as e:
        store.sync(token, Progress(quizzes={"belote/03": QuizRecord(right=50, total=2)}))
    assert e.value.key == "sync_quiz_count" and "50 right answers of 2" in str(e.value)
    kept = store.what_teacher_sees(token).progress.quizzes["belote/03"]
    assert (kept.right, kept.total) == (2, 5)  # the best result can still go up honestly
    store.sync(token, Progress(quizzes={"belote/03": QuizRecord(right=5, total=5)}))
    assert store.what_teacher_sees(token).progress.quizzes["belote/03"].right == 5


def test_records_of_scenarios_and_lessons_the_app_does_not_know_are_ignored(
    engine: Engine,
) -> None:
    known = KnownItems(frozenset({"belote/a"}), frozenset({"belote/03"}))
    store = open_store(engine, clock=fixed, known=known)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    junk = {f"belote/junk-{i}": ScenarioRecord(done=True, stars=3) for i in range(50)}
    sent = Progress(
        scenarios={"belote/a": ScenarioRecord(done=True, stars=2), **junk},
        quizzes={"belote/03": QuizRecord(right=3, total=4), "nope/1": QuizRecord(right=1, total=1)},
    )
    back = store.sync(
        token,
        sent,
        {"belote/a": 30, "belote/junk-1": 99},
        lessons={"belote/03": 60, "nope/1": 600},
    )
    seen = store.what_teacher_sees(token)
    assert list(seen.progress.scenarios) == ["belote/a"]
    assert list(seen.progress.quizzes) == ["belote/03"]
    assert seen.seconds == {"belote/a": 30} and seen.lesson_seconds == {"belote/03": 60}
    assert set(back.scenarios) == {"belote/a"}  # the browser keeps its own copy of the rest
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(schema.records)).scalar_one() == 1


# --- Remove, close and leave are transactions -----------------------------------------------


def test_leaving_a_closed_class_keeps_its_records(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    store.sync(token, Progress(scenarios={"belote/a": ScenarioRecord(done=True, stars=3)}))
    store.close(made.teacher_secret)
    with pytest.raises(AccessError) as e:
        store.leave(token)
    assert e.value.key == "class_closed"
    board = store.dashboard(made.teacher_secret, INFOS)
    assert [m.name for m in board.members] == ["Ana"]
    assert board.table.learners[0].done == 1  # the teacher's archive is whole
    view = store.what_teacher_sees(token)
    assert view.closed == fixed()  # My class can say the class is closed


def _race_remove_and_sync(store: ClassStore, secret: str, code: str, n: int) -> tuple[int, str]:
    """A learner joins; their sync and the teacher's removal of them start together; the
    learner's id and the sync's outcome ("sent" or the refusal's key)."""
    token = store.join(code, f"L{n}", f"c{n}")
    lid = next(m.learner_id for m in store.dashboard(secret, []).members if m.name == f"L{n}")
    start = threading.Barrier(2)
    outcome: list[str] = []

    def sync() -> None:
        start.wait()
        try:
            store.sync(
                token,
                Progress(
                    scenarios={f"belote/s{i}": ScenarioRecord(done=True) for i in range(20)},
                    quizzes={"belote/03": QuizRecord(right=1, total=2)},
                ),
                lessons={"belote/03": 60},
            )
            outcome.append("sent")
        except AccessError as e:
            outcome.append(e.key)

    def remove() -> None:
        start.wait()
        store.remove_learner(secret, lid)

    threads = [threading.Thread(target=sync), threading.Thread(target=remove)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(GIVE_UP)
    assert not any(th.is_alive() for th in threads)
    return lid, outcome[0]


def test_no_record_of_a_removed_learner_survives_a_racing_sync(engine: Engine) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    outcomes = []
    for n in range(40):
        lid, outcome = _race_remove_and_sync(store, made.teacher_secret, made.join_code, n)
        outcomes.append(outcome)
        assert records_of(engine, lid) == 0, (n, outcome)
    assert set(outcomes) <= {"sent", "removed"}


def _waiting_on_a_lock(engine: Engine) -> bool:
    """Whether a session of this database waits for a lock (PostgreSQL)."""
    with engine.connect() as conn:
        return bool(
            conn.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
            ).scalar_one()
        )


def test_a_removal_waits_for_the_sync_under_way_and_deletes_what_it_wrote(
    pg_engine: Engine,
) -> None:
    """The interleaving that kept records on PostgreSQL, forced: the sync has written its
    records and not committed when the removal starts; the removal waits, and whatever
    the sync committed is deleted with the rest."""
    store = open_store(pg_engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    lid = store.dashboard(made.teacher_secret, []).members[0].learner_id
    written, go_on = threading.Event(), threading.Event()

    @event.listens_for(pg_engine, "after_cursor_execute")
    def hold(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if threading.current_thread().name == "sync" and statement.startswith(
            "INSERT INTO records"
        ):
            written.set()
            go_on.wait(GIVE_UP)

    sent: list[BaseException | None] = []

    def sync() -> None:
        try:
            store.sync(token, Progress(scenarios={"belote/a": ScenarioRecord(done=True)}))
            sent.append(None)
        except ClassError as e:
            sent.append(e)

    syncing = threading.Thread(target=sync, name="sync")
    syncing.start()
    assert written.wait(GIVE_UP)
    removing = threading.Thread(
        target=lambda: store.remove_learner(made.teacher_secret, lid), name="remove"
    )
    removing.start()
    try:
        for _ in range(500):  # until the removal waits for the sync's lock (a few ms)
            if _waiting_on_a_lock(pg_engine) or not removing.is_alive():
                break
            threading.Event().wait(0.01)
    finally:
        go_on.set()
    syncing.join(GIVE_UP)
    removing.join(GIVE_UP)
    assert sent == [None]  # the sync went through before the removal...
    assert records_of(pg_engine, lid) == 0  # ...and the removal deleted what it wrote
    with pytest.raises(AccessError) as e:
        store.sync(token, Progress(scenarios={"belote/a": ScenarioRecord(done=True)}))
    assert e.value.key == "removed"


def test_closing_waits_for_the_sync_under_way(pg_engine: Engine) -> None:
    """A sync that began before the class closed commits before the closing does: nothing
    arrives in a class after it is closed."""
    store = open_store(pg_engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    written, go_on = threading.Event(), threading.Event()

    @event.listens_for(pg_engine, "after_cursor_execute")
    def hold(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if threading.current_thread().name == "sync" and statement.startswith(
            "INSERT INTO records"
        ):
            written.set()
            go_on.wait(GIVE_UP)

    syncing = threading.Thread(
        target=lambda: store.sync(token, Progress(scenarios={"belote/a": ScenarioRecord()})),
        name="sync",
    )
    syncing.start()
    assert written.wait(GIVE_UP)
    closing = threading.Thread(target=lambda: store.close(made.teacher_secret))
    closing.start()
    try:
        for _ in range(500):
            if _waiting_on_a_lock(pg_engine) or not closing.is_alive():
                break
            threading.Event().wait(0.01)
        waited = closing.is_alive()  # the closing waits for the sync's shared lock on the class
    finally:
        go_on.set()
    syncing.join(GIVE_UP)
    closing.join(GIVE_UP)
    assert waited
    assert store.what_teacher_sees(token).progress.scenarios == {"belote/a": ScenarioRecord()}
    assert store.dashboard(made.teacher_secret, INFOS).closed is not None


# --- Bounded database calls -------------------------------------------------------------------


@pytest.mark.parametrize("which", ["lock", "statement"])
def test_a_row_locked_by_a_hung_transaction_gives_up_in_bounded_time(
    pg_engine: Engine, which: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A transaction that holds the class's row and never ends (a client hung mid-way): the
    teacher's change waits at most the lock (or statement) timeout, says the class could
    not be reached, and the log says why."""
    open_store(pg_engine, clock=fixed)
    made = ClassStore(pg_engine, clock=fixed).create_class("Class")
    short = (
        Timeouts(lock=0.3, statement=30.0)
        if which == "lock"
        else Timeouts(lock=30.0, statement=0.3)
    )
    bounded = ClassStore(create_engine(pg_engine.url), clock=fixed, timeouts=short)
    try:
        with pg_engine.connect() as hung:
            hung.execute(
                select(schema.classes.c.id)
                .where(schema.classes.c.id == made.class_id)
                .with_for_update()
            )
            with caplog.at_level(logging.ERROR, logger="tutorial.classes"):
                error = in_time(lambda: bounded.rename(made.teacher_secret, "New name"))
            hung.rollback()
    finally:
        bounded.engine.dispose()
    assert isinstance(error, ClassError) and error.key == "unreachable"
    cause = "lock timeout" if which == "lock" else "statement timeout"
    assert any(cause in r.getMessage() for r in caplog.records), caplog.text


def test_a_database_address_that_never_answers_gives_up_in_bounded_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A server that takes the connection and never answers (a black hole, a stopped
    PostgreSQL): the connect timeout ends the call."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        store = ClassStore(
            f"postgresql+psycopg://atout@127.0.0.1:{port}/none",
            clock=fixed,
            timeouts=Timeouts(connect=1.0),
        )
        with caplog.at_level(logging.ERROR, logger="tutorial.classes"):
            error = in_time(lambda: store.dashboard("x" * 43, INFOS))
        store.engine.dispose()
    assert isinstance(error, ClassError) and error.key == "unreachable"
    assert any("timeout" in r.getMessage().lower() for r in caplog.records), caplog.text


def test_a_busy_sqlite_file_gives_up_in_bounded_time(tmp_path: Path) -> None:
    """Another process holding SQLite's write lock, then this process's own writer queue
    held: each write waits at most the bounded busy wait."""
    path = tmp_path / "classes.db"
    store = open_store(f"sqlite:///{path}", clock=fixed, timeouts=Timeouts(sqlite_busy=0.3))
    made = store.create_class("Class")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        error = in_time(lambda: store.rename(made.teacher_secret, "New"))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert isinstance(error, ClassError) and error.key == "unreachable"
    queue = sqlite_writer(store.engine)
    queue.acquire()
    try:
        error = in_time(lambda: store.rename(made.teacher_secret, "New"))
    finally:
        queue.release()
    assert isinstance(error, ClassError) and error.key == "unreachable"
    store.rename(made.teacher_secret, "New")  # free again: the write goes through
    store.engine.dispose()


def test_a_sqlite_file_replaced_under_the_server_is_opened_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A backup restored over the file while the server runs: the next call reads and
    writes the restored file, not the deleted one."""
    path = tmp_path / "classes.db"
    store = open_store(f"sqlite:///{path}", clock=fixed)
    made = store.create_class("Before the backup")
    shutil.copy(path, tmp_path / "backup.db")
    store.rename(made.teacher_secret, "After the backup")
    later = store.create_class("Made after the backup")
    assert store.dashboard(made.teacher_secret, INFOS).name == "After the backup"
    with caplog.at_level(logging.WARNING, logger="tutorial.classes"):
        os.replace(tmp_path / "backup.db", path)  # the restore
        assert store.dashboard(made.teacher_secret, INFOS).name == "Before the backup"
    with pytest.raises(AccessError):  # the class made after the backup is not in it
        store.dashboard(later.teacher_secret, INFOS)
    store.rename(made.teacher_secret, "Written after the restore")
    again = open_store(f"sqlite:///{path}", clock=fixed)
    assert again.dashboard(made.teacher_secret, INFOS).name == "Written after the restore"
    assert any("replaced" in r.getMessage() for r in caplog.records)
    store.engine.dispose()
    again.engine.dispose()


def test_timeouts_are_set_on_every_postgresql_connection(pg_engine: Engine) -> None:
    store = ClassStore(
        create_engine(pg_engine.url), clock=fixed, timeouts=Timeouts(statement=7.0, lock=3.0)
    )
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("SHOW statement_timeout")).scalar_one() == "7s"
            assert conn.execute(text("SHOW lock_timeout")).scalar_one() == "3s"
    finally:
        store.engine.dispose()


def test_failed_calls_are_logged_with_their_cause(
    engine: Engine, caplog: pytest.LogCaptureFixture
) -> None:
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    with engine.begin() as conn:  # a table gone: every read of the board fails
        conn.execute(text("DROP TABLE review_decks"))
    with (
        caplog.at_level(logging.ERROR, logger="tutorial.classes"),
        pytest.raises(ClassError) as e,
    ):
        store.dashboard(made.teacher_secret, INFOS)
    assert e.value.key == "unreachable"
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "review_decks" in logged and made.teacher_secret not in logged


def test_the_dashboard_reads_only_the_apps_scenarios_and_lessons(engine: Engine) -> None:
    """Records kept before unknown ones were ignored (or of a scenario since removed from
    the app) are not read: they cannot slow the teacher's page."""
    store = open_store(engine, clock=fixed)
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    junk = {f"belote/junk-{i}": ScenarioRecord(done=True) for i in range(30)}
    store.sync(
        token,
        Progress(
            scenarios={"belote/a": ScenarioRecord(done=True, stars=2), **junk},
            quizzes={
                "belote/03": QuizRecord(right=1, total=2),
                "x/9": QuizRecord(right=1, total=1),
            },
        ),
        {"belote/a": 30, "belote/junk-1": 5},
        lessons={"belote/03": 60, "x/9": 70},
    )
    known = KnownItems(frozenset({"belote/a"}), frozenset({"belote/03"}))
    board = ClassStore(engine, clock=fixed, known=known).dashboard(made.teacher_secret, INFOS)
    lid = board.members[0].learner_id
    assert board.seconds == {lid: {"belote/a": 30}}
    assert list(board.quizzes[lid]) == ["belote/03"]
    assert board.lesson_seconds == {lid: {"belote/03": 60}}
    assert board.table.learners[0].done == 1


def test_the_bench_loads_a_dashboard_at_the_caps_and_deletes_its_class(engine: Engine) -> None:
    from tutorial.classes.store import Limits
    from tutorial.tools.bench_classes import describe_dashboard, measure_dashboard

    most = Limits(
        learner_records=30, sync_records=20, quizzes=6, lessons=6, learner_hands=10, sync_hands=5
    )
    infos = [ScenarioInfo(f"belote/app-{i}", f"S{i}", "belote") for i in range(8)]
    figures = measure_dashboard(
        engine, infos, ["belote/01", "belote/02"], learners_n=2, runs=1, clock=fixed, limits=most
    )
    assert (figures.records, figures.quizzes, figures.lessons, figures.hands) == (30, 6, 6, 10)
    assert figures.load_ms == round(figures.read_ms + figures.figures_ms, 1)
    assert "2 learners at the caps (30 scenario records" in describe_dashboard(figures)
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(schema.learners)).scalar_one() == 0


def test_a_statement_the_server_never_answers_has_its_connection_shut() -> None:
    """A stopped server cannot run its own statement timeout: the watch shuts the
    connection's socket past the deadline, so the driver's wait on it ends."""
    from tutorial.classes.store import StatementWatch

    watch = StatementWatch(grace=0.0, every=0.01)
    ours, server = socket.socketpair()
    try:
        answered: list[bytes] = []
        waiting = threading.Thread(target=lambda: answered.append(ours.recv(16)), daemon=True)
        waiting.start()
        watch.start(1, ours.fileno(), 0.05)
        waiting.join(GIVE_UP)
        assert not waiting.is_alive() and answered == [b""]  # the wait ended: no answer
        quiet, other = socket.socketpair()
        watch.start(2, quiet.fileno(), 30.0)
        watch.end(2)  # answered in time: left alone
        other.sendall(b"ok")
        assert quiet.recv(16) == b"ok"
        quiet.close()
        other.close()
    finally:
        ours.close()
        server.close()


def _backend_gone(engine: Engine, pid: int) -> bool:
    """Whether the server process ``pid`` has ended (PostgreSQL)."""
    with engine.connect() as conn:
        found = conn.execute(
            text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid"), {"pid": pid}
        ).scalar_one()
    return not found


def test_a_commit_the_server_never_answers_gives_up_in_bounded_time(
    pg_engine: Engine, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The server's process stops (SIGSTOP, as a hung host) after a learner's sync wrote
    its records and before it commits: the COMMIT is never answered, and the server cannot
    run its own statement timeout. The watch ends it like any statement, so the send gives
    up ("could not be reached") instead of holding its thread; once the server goes on,
    the next sync goes through."""
    from tutorial.classes import store as store_module

    setup = open_store(pg_engine, clock=fixed)
    made = setup.create_class("Class")
    token = setup.join(made.join_code, "Ana", "c")
    monkeypatch.setattr(store_module.WATCH, "grace", 0.0)
    bounded = ClassStore(
        create_engine(pg_engine.url), clock=fixed, timeouts=Timeouts(statement=0.3)
    )
    stopped: list[int] = []

    @event.listens_for(bounded.engine, "commit")
    def stop_the_server(conn: Any) -> None:
        if threading.current_thread().name == "sync" and not stopped:
            pid = int(conn.connection.dbapi_connection.info.backend_pid)
            os.kill(pid, signal.SIGSTOP)  # idle, waiting for the COMMIT: it holds no latch
            stopped.append(pid)

    sent = Progress(scenarios={"belote/a": ScenarioRecord(done=True, stars=3)})
    try:
        with caplog.at_level(logging.ERROR, logger="tutorial.classes"):
            error = in_time(lambda: bounded.sync(token, sent), name="sync")
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
    for _ in range(500):  # the process goes on, finds its client gone and ends (a few ms)
        if not stopped or _backend_gone(pg_engine, stopped[0]):
            break
        threading.Event().wait(0.01)
    try:
        assert stopped, "the sync never reached its commit"
        assert isinstance(error, ClassError) and error.key == "unreachable", error
        assert any("did not answer" in r.getMessage() for r in caplog.records), caplog.text
        bounded.sync(token, sent)  # the server answers again: a new connection, sent
        assert setup.what_teacher_sees(token).progress.scenarios["belote/a"].stars == 3
    finally:
        bounded.engine.dispose()
