"""The class storage's operations: :class:`ClassStore` over a SQLAlchemy ``Engine``.

A teacher holds the class's secret (the teacher link); a learner holds the token
:meth:`ClassStore.join` gave them. Each call checks the secret or token first, so a
token reads and writes only its own learner's records and a secret only its class.
Every write is one transaction (a failure mid-way leaves nothing of it); every query is
a SQLAlchemy expression (values are always bound parameters). A database that fails or
cannot be reached gives :class:`~tutorial.classes.errors.UnreachableError`, never a
driver's exception, and every call gives up in bounded time (:class:`Timeouts`, set on
the engine's connections); failures are logged with their cause (:data:`LOG`).
The teacher's changes lock the class's row, then the learner's; a sync takes the class's
row shared first: a removal, closing or deletion and a sync run one after the other.

Progress sent by a learner is merged with what is stored exactly as the browser merges
two progresses (:func:`tutorial.course.progress.merge`: done if done in either, the best
stars, the larger counts, the larger count of each wrong card); the time spent on a
scenario takes the larger of the two as well. A lesson's quiz keeps its best result, and
the time spent on a lesson (reading it, answering its quiz) the larger time. A practice hand
is kept by the key the browser gave it (a later send of the same hand, with more of its
review done, replaces it; its time spent takes the larger of the two), the newest
:attr:`Limits.learner_hands` of them. The review
deck is merged as the browser merges two copies (:func:`tutorial.course.review_deck.merge_decks`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import math
import os
import re
import socket
import threading
import time
import unicodedata
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Row,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError

from tutorial.classes import tokens
from tutorial.classes.errors import (
    AccessError,
    ClassError,
    InputError,
    JoinError,
    SyncError,
    UnreachableError,
)
from tutorial.classes.live_rows import (
    delete_class_sessions,
    delete_learner_answers,
    end_class_sessions,
)
from tutorial.classes.migrate import upgrade
from tutorial.classes.schema import (
    HAND_KEY_MOST,
    HOMEWORK_KINDS,
    NAME_MOST,
    REF_MOST,
    classes,
    homework,
    join_attempts,
    learners,
    lesson_times,
    practice_hands,
    quizzes,
    records,
    review_decks,
)
from tutorial.course.classroom import (
    ClassTable,
    Learner,
    ReadCodes,
    ScenarioInfo,
    class_table,
    name_key,
    visible_text,
)
from tutorial.course.progress import (
    Progress,
    ProgressError,
    QuizRecord,
    ScenarioRecord,
    from_json,
    merge,
    to_json,
)
from tutorial.course.review_deck import ReviewDeck, merge_decks
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t

#: Where the store says what failed and what it refused (the server's log).
LOG = logging.getLogger("tutorial.classes")

#: Where the time comes from (UTC); tests pass their own, so no test reads the wall clock.
Clock = Callable[[], datetime]
#: A scenario id or homework reference: no spaces or control characters, not too long.
REF = re.compile(rf"[^\s\x00-\x1f\x7f]{{1,{REF_MOST}}}")
#: Characters a name may not hold: invisible direction changes (they reorder a page's text).
#: A practice hand's key, as the browser names one hand.
HAND_KEY = re.compile(rf"[A-Za-z0-9_-]{{1,{HAND_KEY_MOST}}}")
#: A card code as the engine writes it (``9H``, ``T21``, ``EXC``).
CARD_CODE = re.compile(r"[A-Za-z0-9]{1,8}")
_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


#: One lock per SQLite engine: this process's writers queue on it rather than polling the
#: file's lock (SQLite has one writer at a time anyway; other processes still use the file's).
_SQLITE_WRITERS: weakref.WeakKeyDictionary[Engine, threading.Lock] = weakref.WeakKeyDictionary()
_SQLITE_WRITERS_LOCK = threading.Lock()


def _sqlite_writer(engine: Engine) -> threading.Lock:
    """The lock of this process's writers to a SQLite engine."""
    with _SQLITE_WRITERS_LOCK:
        return _SQLITE_WRITERS.setdefault(engine, threading.Lock())


@dataclass(frozen=True)
class Timeouts:
    """How long one database call may wait, in seconds: no call hangs however the
    database does (stopped, behind a black hole, or behind a long lock)."""

    #: Opening a connection (PostgreSQL's ``connect_timeout``).
    connect: float = 5.0
    #: One statement (PostgreSQL's ``statement_timeout``).
    statement: float = 8.0
    #: Waiting for a row another transaction locked (PostgreSQL's ``lock_timeout``).
    lock: float = 4.0
    #: Waiting for SQLite's write lock (this process's writers' queue, then the file's
    #: busy wait): SQLite writes one at a time, so thirty learners sending at once queue
    #: thirty writes (measured: up to 12 s on a loaded machine); a send waiting longer
    #: than 10 s is said to be still tried meanwhile.
    sqlite_busy: float = 30.0


#: The timeouts of each engine a store bounded (one setting per engine).
_TIMEOUTS: weakref.WeakKeyDictionary[Engine, Timeouts] = weakref.WeakKeyDictionary()


def _set_timeouts(timeouts: Timeouts) -> Callable[[Any, Any, list[Any], dict[str, Any]], None]:
    """The ``do_connect`` event: every new connection gets its timeouts."""

    def on_connect(dialect: Any, record: Any, cargs: list[Any], cparams: dict[str, Any]) -> None:
        if dialect.name == "postgresql":
            cparams.setdefault("connect_timeout", max(1, math.ceil(timeouts.connect)))
            settings = (
                f"-c statement_timeout={round(timeouts.statement * 1000)} "
                f"-c lock_timeout={round(timeouts.lock * 1000)}"
            )
            cparams["options"] = f"{cparams.get('options', '')} {settings}".strip()
        elif dialect.name == "sqlite":
            cparams["timeout"] = timeouts.sqlite_busy

    return on_connect


def _file_of(engine: Engine) -> str | None:
    """The SQLite file an engine opens (None for another database or one in memory)."""
    if engine.dialect.name != "sqlite":
        return None
    name = engine.url.database
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    return os.path.abspath(name)


def _file_id(path: str) -> tuple[int, int] | None:
    """Which file is at ``path`` now (device and inode), or None when there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def _remember_file(engine: Engine) -> Callable[[Any, Any], None]:
    """The ``connect`` event: a new SQLite connection notes which file it opened."""
    path = _file_of(engine)

    def remember(dbapi_connection: Any, record: Any) -> None:
        if path is not None:
            record.info["file_id"] = _file_id(path)

    return remember


def _check_file(engine: Engine) -> Callable[[Any, Any, Any], None]:
    """The ``checkout`` event: a SQLite connection whose file was replaced (a backup
    restored under a running server, the file renamed away) is dropped and a new one
    opened on the file now there, instead of reading the old file for ever."""
    path = _file_of(engine)

    def check(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        if path is None:
            return
        now = _file_id(path)
        if record.info.get("file_id") != now:
            LOG.warning("The class database file %s was replaced: it is opened again.", path)
            raise DisconnectionError("the database file was replaced")

    return check


class StatementWatch:
    """Ends a PostgreSQL statement (a COMMIT or a ROLLBACK too) the server never answers. A
    server that is stopped (or cut off by a network that drops every packet) cannot run
    its own ``statement_timeout``, and the driver would wait on its socket for ever: past
    ``statement`` + ``grace`` seconds, the connection's socket is shut down, so the
    driver's wait ends in an error (the pool then drops the connection). One watching
    thread per process, started on first use; a statement that ends in time costs two
    dictionary writes."""

    def __init__(self, grace: float = 2.0, every: float = 0.5) -> None:
        self.grace, self.every = grace, every
        self._lock = threading.Lock()
        self._running: dict[int, tuple[float, int]] = {}  # connection id: deadline, socket
        self._thread: threading.Thread | None = None

    def start(self, key: int, fd: int, seconds: float) -> None:
        """A statement starts on the connection ``key`` (its socket ``fd``)."""
        with self._lock:
            self._running[key] = (time.monotonic() + seconds + self.grace, fd)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._watch, name="class-db-watch", daemon=True
                )
                self._thread.start()

    def end(self, key: int) -> None:
        """The statement on the connection ``key`` ended (answered or failed)."""
        with self._lock:
            self._running.pop(key, None)

    def _watch(self) -> None:
        while True:
            time.sleep(self.every)
            now = time.monotonic()
            with self._lock:
                late = [(k, fd) for k, (deadline, fd) in self._running.items() if deadline < now]
                for k, _fd in late:
                    del self._running[k]
            for _k, fd in late:
                LOG.error(
                    "The class database did not answer a statement: its connection is closed."
                )
                with contextlib.suppress(OSError):
                    socket.socket(fileno=os.dup(fd)).shutdown(socket.SHUT_RDWR)


#: The process's watch over PostgreSQL statements.
WATCH = StatementWatch()


def _watch_statements(
    timeouts: Timeouts,
) -> tuple[Callable[..., None], Callable[..., None], Callable[..., None]]:
    """The events that put each PostgreSQL statement, COMMIT and ROLLBACK under
    :data:`WATCH`: the first starts the watch (the ``before_cursor_execute``, ``commit``
    and ``rollback`` events, which fire before the driver sends them), the second ends it
    once a statement is answered (``after_cursor_execute``), the third once a connection
    goes back to the pool (``checkin``: a COMMIT or ROLLBACK has no event after it, and
    the store gives its connection back as soon as its transaction ended)."""

    def before(conn: Any, *_: Any) -> None:
        raw = conn.connection.dbapi_connection
        fd = getattr(getattr(raw, "pgconn", None), "socket", None)
        if isinstance(fd, int) and fd >= 0:
            WATCH.start(id(raw), fd, timeouts.statement)

    def after(conn: Any, *_: Any) -> None:
        WATCH.end(id(conn.connection.dbapi_connection))

    def checked_in(dbapi_connection: Any, record: Any) -> None:
        WATCH.end(id(dbapi_connection))

    return before, after, checked_in


def bound_engine(engine: Engine, timeouts: Timeouts) -> Engine:
    """``engine`` with its calls bounded (:class:`Timeouts`, set on every new connection)
    and, on SQLite, its connections opened again when the file is replaced. Set once per
    engine (a second store on the same engine keeps the first one's timeouts)."""
    with _SQLITE_WRITERS_LOCK:
        if engine in _TIMEOUTS:
            return engine
        _TIMEOUTS[engine] = timeouts
    event.listen(engine, "do_connect", _set_timeouts(timeouts))
    if engine.dialect.name == "postgresql":
        before, after, checked_in = _watch_statements(timeouts)
        for starts in ("before_cursor_execute", "commit", "rollback"):
            event.listen(engine, starts, before)
        event.listen(engine, "after_cursor_execute", after)
        event.listen(engine.pool, "checkin", checked_in)
        event.listen(engine, "handle_error", lambda context: _ended(context))
    if _file_of(engine) is not None:
        event.listen(engine, "connect", _remember_file(engine))
        event.listen(engine, "checkout", _check_file(engine))
    return engine


def _ended(context: Any) -> None:
    """A statement that failed is no longer watched (``handle_error`` event)."""
    raw = getattr(context.connection, "connection", None) if context.connection else None
    dbapi = getattr(raw, "dbapi_connection", None)
    if dbapi is not None:
        WATCH.end(id(dbapi))


def database_failure(error: BaseException) -> str:
    """What a driver said of a failure, for the log: its kind and first line, never the
    statement's values (a name, a token's hash)."""
    cause = getattr(error, "orig", None) or error
    first = (str(cause).strip().splitlines() or [""])[0]
    return f"{type(cause).__name__}: {first[:300]}"


def utc_now() -> datetime:
    """The time now, in UTC (the store's clock outside tests)."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Limits:
    """How much the store accepts: the rate limits of joining and the sizes of what is kept."""

    #: The window the join limits count in.
    window: timedelta = timedelta(minutes=15)
    #: Wrong codes one client (a browser session at its address) may try in a window.
    client_failures: int = 10
    #: Wrong codes one address may try in a window (a school's pupils share one address).
    address_failures: int = 200
    #: Wrong codes all clients together may try in a window (many addresses guessing); once
    #: it is spent, only addresses with fewer than :attr:`quiet_failures` wrong codes in
    #: the window are still served.
    all_failures: int = 2000
    #: Wrong codes an address may have tried and still be served past :attr:`all_failures`.
    quiet_failures: int = 10
    #: Learners who may join one class in a window (a code written on a public page).
    class_joins: int = 100
    #: Learners a class holds (removed ones not counted).
    learners: int = 200
    #: Scenario records in one sync.
    sync_records: int = 1000
    #: Scenario records kept per learner.
    learner_records: int = 2000
    #: Quiz results in one sync, and kept per learner.
    quizzes: int = 500
    #: Homework items of a class.
    homework: int = 100
    #: The time spent on one scenario, in seconds (a thousand hours).
    seconds: int = 3_600_000
    #: Lessons whose time spent is sent in one sync, and kept per learner.
    lessons: int = 500
    #: Practice hands in one sync.
    sync_hands: int = 50
    #: Practice hands kept per learner (the newest; older ones are dropped).
    learner_hands: int = 200
    #: Costliest cards kept per practice hand.
    costliest: int = 3
    #: The learner's cards in one practice hand (the largest hand is 24 cards).
    hand_cards: int = 40


@dataclass(frozen=True)
class KnownItems:
    """The scenarios and lessons the app has: a record of anything else is ignored when
    it arrives (a browser may send what it likes; the class keeps only what it can show)."""

    scenarios: frozenset[str]
    lessons: frozenset[str]


@dataclass(frozen=True)
class CostlyCard:
    """One of a practice hand's costliest cards: the card (its code), the trick it was
    played in, and the points it lost with what the learner could know and with every
    card shown."""

    card: str
    trick: int
    known: float
    shown: float


@dataclass(frozen=True)
class PracticeRecord:
    """What the class keeps of a practice hand: its game, how many of the learner's cards
    were played and reviewed, the points they lost (with what the learner could know), the
    costliest cards and the seconds spent playing it (from the deal to the last card).
    ``hand`` is the browser's key for the hand; ``played`` is when the class first had it
    (set by the store)."""

    hand: str
    game: str
    cards_reviewed: int
    cards_played: int
    lost: float
    costliest: tuple[CostlyCard, ...] = ()
    seconds: int = 0
    played: datetime | None = None


@dataclass(frozen=True)
class Homework:
    """One homework item: a lesson, playlist or scenario (by its id), with an optional due day."""

    kind: str
    ref: str
    due: date | None = None


@dataclass(frozen=True)
class NewClass:
    """A class just made: its id, the teacher's secret, the board token (both drawn again
    from the secret only) and the join code."""

    class_id: int
    teacher_secret: str
    join_code: str
    board_token: str = ""


@dataclass(frozen=True)
class Member:
    """A learner of the class as the teacher manages them: the id to rename or remove them by."""

    learner_id: int
    name: str
    shown: str
    joined: datetime
    synced: datetime | None


@dataclass(frozen=True)
class Dashboard:
    """What the teacher sees of a class: its settings, its homework, its learners and the
    table :func:`tutorial.course.classroom.class_table` makes of their records."""

    class_id: int
    name: str
    created: datetime
    closed: datetime | None
    join_code: str
    join_open: bool
    homework: tuple[Homework, ...]
    members: tuple[Member, ...]  # in the order of table.learners
    table: ClassTable
    #: Seconds spent per learner id and scenario id.
    seconds: Mapping[int, Mapping[str, int]]
    #: Quiz results per learner id and lesson id.
    quizzes: Mapping[int, Mapping[str, QuizRecord]] = dataclasses.field(default_factory=dict)
    #: Seconds spent per learner id and lesson id (reading it, answering its quiz).
    lesson_seconds: Mapping[int, Mapping[str, int]] = dataclasses.field(default_factory=dict)
    #: Practice hands per learner id, the newest first.
    hands: Mapping[int, tuple[PracticeRecord, ...]] = dataclasses.field(default_factory=dict)
    #: The review deck per learner id (learners who sent none are left out).
    decks: Mapping[int, ReviewDeck] = dataclasses.field(default_factory=dict)
    #: When the dashboard was read (UTC, aware): the day cards are due on.
    read_at: datetime = dataclasses.field(default_factory=lambda: datetime.now(UTC))


@dataclass(frozen=True)
class LearnerView:
    """What a learner's teacher sees of them (shown to the learner, so nothing is hidden)."""

    class_name: str
    name: str
    joined: datetime
    synced: datetime | None
    homework: tuple[Homework, ...]
    progress: Progress
    #: When the class was closed (None while it is open): nothing more is sent to it.
    closed: datetime | None
    seconds: Mapping[str, int]
    lesson_seconds: Mapping[str, int] = dataclasses.field(default_factory=dict)
    hands: tuple[PracticeRecord, ...] = ()
    deck: ReviewDeck = dataclasses.field(default_factory=ReviewDeck)
    read_at: datetime = dataclasses.field(default_factory=lambda: datetime.now(UTC))


def clean_name(text: object) -> str:
    """A class or learner name as stored: plain text, spaces collapsed, at most
    :data:`~tutorial.classes.schema.NAME_MOST` characters.

    Markup stays as typed (it is text, shown escaped). Control characters and direction
    overrides are refused, and so are invisible format characters (Unicode category Cf:
    zero-width spaces and joiners), which would make a name blank or a look-alike.

    >>> clean_name("  Ana   <b>B</b> "), clean_name("Zoé")
    ('Ana <b>B</b>', 'Zoé')

    Raises:
        InputError: empty, too long, or holding a character that cannot be shown.
    """
    if not isinstance(text, str):
        raise InputError("name_empty", t("classes.name_empty"))
    text = unicodedata.normalize("NFC", text)
    if any(
        ch in _BIDI or (unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") and ch != "\t")
        for ch in text
    ):
        raise InputError("name_control", t("classes.name_control"))
    if any(unicodedata.category(ch) == "Cf" for ch in text):
        raise InputError("name_invisible", t("classes.name_invisible"))
    name = " ".join(text.split())
    if not name:
        raise InputError("name_empty", t("classes.name_empty"))
    if len(name) > NAME_MOST:
        raise InputError("name_long", t("classes.name_long", size=len(name), most=NAME_MOST))
    return name


def clean_homework(items: Sequence[Homework], most: int) -> tuple[Homework, ...]:
    """The homework list checked: known kinds, well-formed references, no item twice.

    Raises:
        InputError: the first item that cannot be stored, by its number (from 1).
    """
    if len(items) > most:
        raise InputError("homework_many", t("classes.homework_many", most=most))
    seen: set[tuple[str, str]] = set()
    out: list[Homework] = []
    for n, item in enumerate(items, start=1):
        if not isinstance(item, Homework) or item.kind not in HOMEWORK_KINDS:
            raise InputError("homework_kind", t("classes.homework_kind", n=n))
        if not isinstance(item.ref, str) or not REF.fullmatch(item.ref):
            raise InputError("homework_ref", t("classes.homework_ref", n=n))
        due = item.due
        if isinstance(due, datetime):
            due = due.date()
        elif due is not None and not isinstance(due, date):
            raise InputError("homework_due", t("classes.homework_due", n=n))
        if (item.kind, item.ref) in seen:
            raise InputError("homework_twice", t("classes.homework_twice", n=n))
        seen.add((item.kind, item.ref))
        out.append(Homework(item.kind, item.ref, due))
    return tuple(out)


def _shown_id(sid: str) -> str:
    """A scenario id as an error shows it: cut short, invisible characters escaped."""
    return ascii(sid[:40])


def read_payload(
    progress: object, seconds: object, limits: Limits
) -> tuple[Progress, dict[str, int]]:
    """What a learner sends, checked before anything is stored: a progress (or its JSON
    text) and the seconds spent per scenario.

    Raises:
        SyncError: too big or malformed, with where (the record's number and id).
    """
    if isinstance(progress, Progress):
        text: str | bytes = to_json(progress)
    elif isinstance(progress, str | bytes):
        text = progress
    else:
        raise SyncError("sync_kind", t("classes.sync_kind"))
    try:
        p = from_json(text)
    except ProgressError as e:
        raise SyncError("sync_progress", t("classes.sync_progress", why=str(e))) from None
    if len(p.scenarios) > limits.sync_records:
        raise SyncError(
            "sync_many", t("classes.sync_many", size=len(p.scenarios), most=limits.sync_records)
        )
    for n, sid in enumerate(p.scenarios, start=1):
        if not REF.fullmatch(sid):
            why = t("classes.why_id")
            raise SyncError(
                "sync_record", t("classes.sync_record", n=n, where=_shown_id(sid), why=why)
            )
    if len(p.quizzes) > limits.quizzes:
        raise SyncError(
            "sync_quizzes", t("classes.sync_quizzes", size=len(p.quizzes), most=limits.quizzes)
        )
    for lid, quiz in p.quizzes.items():
        if not REF.fullmatch(lid):
            raise SyncError("sync_quiz", t("classes.sync_quiz", where=_shown_id(lid)))
        if quiz.right > quiz.total:  # "50 of 2 right": the best result kept could never go down
            raise SyncError(
                "sync_quiz_count",
                t(
                    "classes.sync_quiz_count",
                    where=_shown_id(lid),
                    right=quiz.right,
                    total=quiz.total,
                ),
            )
    times: dict[str, int] = {}
    if seconds is not None:
        if not isinstance(seconds, Mapping):
            raise SyncError("sync_seconds", t("classes.sync_seconds"))
        order = {sid: n for n, sid in enumerate(p.scenarios, start=1)}
        for sid, value in seconds.items():
            if not isinstance(sid, str) or sid not in order:
                where = _shown_id(str(sid))
                raise SyncError("sync_time", t("classes.sync_time_record", where=where))
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= limits.seconds
            ):
                why = t("classes.why_seconds", most=limits.seconds)
                raise SyncError(
                    "sync_record",
                    t("classes.sync_record", n=order[sid], where=_shown_id(sid), why=why),
                )
            times[sid] = value
    return p, times


def _seconds_ok(value: object, limits: Limits) -> bool:
    """Whether a time spent is a whole number of seconds the store keeps."""
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= limits.seconds


def read_lesson_times(lessons: object, limits: Limits) -> dict[str, int]:
    """The seconds spent per lesson a learner sends, checked.

    Raises:
        SyncError: not a mapping of lesson names to whole seconds, or too many of them.
    """
    if lessons is None:
        return {}
    if not isinstance(lessons, Mapping):
        raise SyncError("sync_lesson_times", t("classes.sync_lesson_times"))
    if len(lessons) > limits.lessons:
        raise SyncError(
            "sync_lessons_many",
            t("classes.sync_lessons_many", size=len(lessons), most=limits.lessons),
        )
    out: dict[str, int] = {}
    for lid, value in lessons.items():
        if not isinstance(lid, str) or not REF.fullmatch(lid):
            raise SyncError("sync_lesson_time", t("classes.sync_quiz", where=_shown_id(str(lid))))
        if not _seconds_ok(value, limits):
            why = t("classes.why_seconds", most=limits.seconds)
            raise SyncError(
                "sync_lesson_time",
                t("classes.sync_lesson_time", where=_shown_id(lid), why=why),
            )
        out[lid] = int(value)
    return out


def _number(value: object, most: float) -> float | None:
    """A finite number from 0 to ``most`` (a bool is not one), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not math.isfinite(value) or not 0 <= value <= most:
        return None
    return float(value)


def _whole(value: object, least: int, most: int) -> int | None:
    """A whole number from ``least`` to ``most`` (a bool is not one), else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        return None
    return value


def _costly_card(item: object) -> CostlyCard | None:
    """One costliest card as sent (a :class:`CostlyCard` or its fields), or None if malformed."""
    if isinstance(item, CostlyCard):
        item = dataclasses.asdict(item)
    if not isinstance(item, Mapping) or set(item) != {"card", "trick", "known", "shown"}:
        return None
    card, trick = item["card"], _whole(item["trick"], 1, 100)
    known, shown = _number(item["known"], 1000), _number(item["shown"], 1000)
    if not isinstance(card, str) or not CARD_CODE.fullmatch(card) or trick is None:
        return None
    if known is None or shown is None:
        return None
    return CostlyCard(card, trick, round(known, 1), round(shown, 1))


def _hand_of(item: object, limits: Limits) -> tuple[PracticeRecord | None, str]:
    """A practice hand as sent, checked: the record, or None and the key of why not."""
    if isinstance(item, PracticeRecord):
        fields: object = {
            **dataclasses.asdict(item),
            "costliest": list(item.costliest),
        }
        assert isinstance(fields, dict)
        fields.pop("played", None)
    else:
        fields = item
    wanted = {"hand", "game", "cards_reviewed", "cards_played", "lost", "costliest"}
    # The time spent may be left out (a hand sent before it was counted): 0 seconds.
    if not isinstance(fields, Mapping) or not wanted <= set(fields) <= wanted | {"seconds"}:
        return None, "why_hand_fields"
    key, game = fields["hand"], fields["game"]
    if not isinstance(key, str) or not HAND_KEY.fullmatch(key):
        return None, "why_hand_key"
    if game not in GAMES:
        return None, "why_hand_game"
    played = _whole(fields["cards_played"], 0, limits.hand_cards)
    reviewed = _whole(fields["cards_reviewed"], 0, limits.hand_cards)
    lost = _number(fields["lost"], 1000.0 * limits.hand_cards)
    if played is None or reviewed is None or reviewed > played or lost is None:
        return None, "why_hand_counts"
    costly = fields["costliest"]
    if not isinstance(costly, list | tuple) or len(costly) > limits.costliest:
        return None, "why_hand_cards"
    cards = [_costly_card(c) for c in costly]
    if any(c is None for c in cards):
        return None, "why_hand_cards"
    seconds = fields.get("seconds", 0)
    if not _seconds_ok(seconds, limits):
        return None, "why_hand_seconds"
    return (
        PracticeRecord(
            key,
            str(game),
            reviewed,
            played,
            round(lost, 1),
            tuple(c for c in cards if c is not None),
            int(seconds),
        ),
        "",
    )


#: Why a practice hand is refused: the catalogue's sentence for each.
_HAND_WHY = {
    "why_hand_fields": "classes.why_hand_fields",
    "why_hand_key": "classes.why_hand_key",
    "why_hand_game": "classes.why_hand_game",
    "why_hand_counts": "classes.why_hand_counts",
    "why_hand_cards": "classes.why_hand_cards",
    "why_hand_seconds": "classes.why_seconds",
}


def read_hands(hands: object, limits: Limits) -> list[PracticeRecord]:
    """The practice hands a learner sends, checked (each a :class:`PracticeRecord` or its
    fields as JSON gives them).

    Raises:
        SyncError: too many, or one malformed, named by its number (from 1) and why.
    """
    if hands is None:
        return []
    if isinstance(hands, str | bytes | Mapping) or not isinstance(hands, Sequence):
        raise SyncError("sync_hands_kind", t("classes.sync_hands_kind"))
    if len(hands) > limits.sync_hands:
        raise SyncError(
            "sync_hands_many",
            t("classes.sync_hands_many", size=len(hands), most=limits.sync_hands),
        )
    out: dict[str, PracticeRecord] = {}
    for n, item in enumerate(hands, start=1):
        found, why = _hand_of(item, limits)
        if found is None:
            because = t(_HAND_WHY[why], most=limits.seconds)
            raise SyncError("sync_hand", t("classes.sync_hand", n=n, why=because))
        out[found.hand] = found
    return list(out.values())


def _costliest_json(cards: Sequence[CostlyCard]) -> str:
    """A hand's costliest cards as stored (compact JSON)."""
    return json.dumps([dataclasses.asdict(c) for c in cards], separators=(",", ":"), sort_keys=True)


def _hand_row_of(row: Row[Any]) -> PracticeRecord:
    """A stored practice hand row as a record."""
    try:
        cards = tuple(CostlyCard(**c) for c in json.loads(row.costliest))
    except (ValueError, TypeError):
        cards = ()
    return PracticeRecord(
        hand=row.hand,
        game=row.game,
        cards_reviewed=row.cards_reviewed,
        cards_played=row.cards_played,
        lost=row.lost_tenths / 10,
        costliest=cards,
        seconds=row.seconds,
        played=row.played,
    )


def _deck_of(text: str) -> ReviewDeck:
    """A stored deck (an empty one if it can no longer be read)."""
    try:
        return ReviewDeck.model_validate_json(text)
    except ValueError:
        return ReviewDeck()


def _aware(moment: datetime) -> datetime:
    """A stored time (UTC without a zone) with its zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _record_of(row: Row[Any]) -> ScenarioRecord:
    """A stored record row as the progress model's record."""
    return ScenarioRecord(
        done=bool(row.done),
        mistakes=row.mistakes,
        hints=row.hints,
        stars=row.stars,
        wrong=json.loads(row.wrong),
    )


def _quiz_of(row: Row[Any]) -> QuizRecord:
    """A stored quiz row as the progress model's quiz result."""
    return QuizRecord(right=row.right_answers, total=row.questions)


def _record_values(rec: ScenarioRecord) -> dict[str, Any]:
    """A progress record as the columns of a stored row."""
    return {
        "done": rec.done,
        "stars": rec.stars,
        "mistakes": rec.mistakes,
        "hints": rec.hints,
        "wrong": json.dumps(rec.wrong, separators=(",", ":"), sort_keys=True),
    }


def shown_names(names: Sequence[str]) -> list[str]:
    """Names made unique for a table, as the class view does (``Ana (1)``, ``Ana (2)``):
    names that look alike (:func:`~tutorial.course.classroom.name_key`: the same once
    invisible characters are left out and compatibility forms made one) are numbered too.
    A name is shown without its invisible characters (one kept from before they were
    refused), and a name left blank by that is shown as its learner's number.

    >>> shown_names(["Ana", "Bo", "Ana", "Ｂo"])
    ['Ana (1)', 'Bo (1)', 'Ana (2)', 'Ｂo (2)']
    """
    keys = [name_key(name) for name in names]
    count: dict[str, int] = {}
    for key in keys:
        count[key] = count.get(key, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for i, (name, key) in enumerate(zip(names, keys, strict=True), start=1):
        visible = visible_text(name)
        if not visible:
            out.append(t("teacher.unnamed", n=i))
        elif count[key] > 1:
            seen[key] = seen.get(key, 0) + 1
            out.append(t("teacher.same_name", name=visible, n=seen[key]))
        else:
            out.append(visible)
    return out


@dataclass(frozen=True)
class _Extra:
    """Lesson times, practice hands and decks per learner id, as read together."""

    lesson_seconds: dict[int, dict[str, int]]
    hands: dict[int, tuple[PracticeRecord, ...]]
    decks: dict[int, ReviewDeck]


#: The tables of a learner's records (deleted with the learner).
_LEARNER_TABLES = (records, quizzes, lesson_times, practice_hands, review_decks)


class ClassStore:
    """Classes, their learners and their records, in one database (see the module's text)."""

    def __init__(
        self,
        engine: Engine | str,
        *,
        clock: Clock = utc_now,
        limits: Limits | None = None,
        timeouts: Timeouts | None = None,
        known: KnownItems | None = None,
    ) -> None:
        self.timeouts = timeouts or Timeouts()
        made = (
            create_engine(engine, pool_timeout=self.timeouts.connect)
            if isinstance(engine, str)
            else engine
        )
        self.engine = bound_engine(made, self.timeouts)
        self.clock = clock
        self.limits = limits or Limits()
        self.known = known

    # --- transactions -------------------------------------------------------------------

    def _now(self) -> datetime:
        """The clock's time as stored: UTC, without a zone."""
        now = self.clock()
        if now.tzinfo is not None:
            now = now.astimezone(UTC).replace(tzinfo=None)
        return now

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction: committed whole at the end, rolled back whole on any error.

        On SQLite it takes the write lock at once (``BEGIN IMMEDIATE``), so two writers
        queue instead of one failing when both read first.
        """
        sqlite = self.engine.dialect.name == "sqlite"
        queue = _sqlite_writer(self.engine) if sqlite else None
        if queue is not None and not queue.acquire(timeout=self.timeouts.sqlite_busy):
            LOG.error(
                "The class database stayed busy for %s s: a write gave up.",
                self.timeouts.sqlite_busy,
            )
            raise UnreachableError("unreachable", t("classes.unreachable"))
        try:
            with self.engine.begin() as conn:
                if sqlite:
                    raw = conn.connection.dbapi_connection
                    if not getattr(raw, "in_transaction", True):
                        conn.exec_driver_sql("BEGIN IMMEDIATE")
                yield conn
        except ClassError:
            raise
        except SQLAlchemyError as e:
            LOG.error("A write to the class database failed: %s", database_failure(e))
            raise UnreachableError("unreachable", t("classes.unreachable")) from None
        finally:
            if queue is not None:
                queue.release()

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """One read-only transaction."""
        try:
            with self.engine.connect() as conn, conn.begin():
                yield conn
        except ClassError:
            raise
        except SQLAlchemyError as e:
            LOG.error("A read of the class database failed: %s", database_failure(e))
            raise UnreachableError("unreachable", t("classes.unreachable")) from None

    def upgrade(self) -> None:
        """Bring the database to the newest schema (see :func:`tutorial.classes.migrate.upgrade`)."""
        try:
            upgrade(self.engine)
        except SQLAlchemyError as e:
            LOG.error("The class database could not be opened: %s", database_failure(e))
            raise UnreachableError("unreachable", t("classes.unreachable")) from None

    # --- who is asking -------------------------------------------------------------------

    def _class_of(self, conn: Connection, secret: object, *, lock: bool = False) -> Row[Any]:
        """The class a teacher secret opens (locked for the transaction when asked).

        Raises:
            AccessError: the secret opens no class (forged, replaced by a rotation, deleted).
        """
        if not tokens.well_formed(secret):
            raise AccessError("bad_teacher", t("classes.bad_teacher"))
        assert isinstance(secret, str)
        wanted = tokens.digest(secret)
        query = select(classes).where(classes.c.teacher_hash == wanted)
        if lock:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None or not tokens.same(row.teacher_hash, wanted):
            raise AccessError("bad_teacher", t("classes.bad_teacher"))
        return row

    def _open_class_of(self, conn: Connection, secret: object) -> Row[Any]:
        """The class a teacher secret opens, refused when it is closed."""
        row = self._class_of(conn, secret, lock=True)
        if row.closed is not None:
            raise AccessError("class_closed", t("classes.class_closed"))
        return row

    def _learner_row(self, conn: Connection, wanted: str) -> Row[Any] | None:
        """The learner of a token's hash, with their class's name and closing time."""
        return conn.execute(
            select(
                learners,
                classes.c.name.label("class_name"),
                classes.c.closed.label("class_closed"),
            )
            .join(classes, classes.c.id == learners.c.class_id)
            .where(learners.c.token_hash == wanted)
        ).first()

    def _learner_of(
        self,
        conn: Connection,
        token: object,
        *,
        touch: datetime | None = None,
        lock: bool = False,
    ) -> Row[Any]:
        """The learner a token names, with their class's name and closing time.

        With ``lock`` (or ``touch``), the learner's class row is locked for sharing first,
        then the learner's row is written (its last sync time with ``touch``): the locks
        are taken in the teacher's order (the class, then the learner), so a removal,
        a closing or a deletion waits for a sync under way and a sync waits for them, and
        two syncs of one learner run one after the other. The row is read again after
        the locks: what a teacher committed meanwhile is seen.

        Raises:
            AccessError: the token names nobody (forged, or the learner left), or the
                teacher removed the learner.
        """
        if not tokens.well_formed(token):
            raise AccessError("bad_token", t("classes.bad_token"))
        assert isinstance(token, str)
        wanted = tokens.digest(token)
        row = self._learner_row(conn, wanted)
        if row is not None and (lock or touch is not None):
            conn.execute(
                select(classes.c.id).where(classes.c.id == row.class_id).with_for_update(read=True)
            )
            values = {"synced": touch} if touch is not None else {"synced": learners.c.synced}
            conn.execute(
                update(learners)
                .where(learners.c.token_hash == wanted, learners.c.removed.is_(None))
                .values(**values)
            )
            row = self._learner_row(conn, wanted)
        if row is None or not tokens.same(row.token_hash, wanted):
            raise AccessError("bad_token", t("classes.bad_token"))
        if row.removed is not None:
            raise AccessError("removed", t("classes.removed"))
        return row

    def _free_code(self, conn: Connection) -> str:
        """A join code no class has."""
        while True:
            code = tokens.new_join_code()
            taken = conn.execute(select(classes.c.id).where(classes.c.join_code == code)).first()
            if taken is None:
                return code

    def _homework_of(self, conn: Connection, class_id: int) -> tuple[Homework, ...]:
        """A class's homework, in the teacher's order."""
        rows = conn.execute(
            select(homework.c.kind, homework.c.ref, homework.c.due)
            .where(homework.c.class_id == class_id)
            .order_by(homework.c.position)
        )
        return tuple(Homework(r.kind, r.ref, r.due) for r in rows)

    def _store_homework(self, conn: Connection, class_id: int, items: Sequence[Homework]) -> None:
        """Replace a class's homework by ``items``."""
        conn.execute(delete(homework).where(homework.c.class_id == class_id))
        if items:
            conn.execute(
                insert(homework),
                [
                    {
                        "class_id": class_id,
                        "position": i,
                        "kind": h.kind,
                        "ref": h.ref,
                        "due": h.due,
                    }
                    for i, h in enumerate(items)
                ],
            )

    # --- the teacher ---------------------------------------------------------------------

    def create_class(self, name: str, homework_items: Sequence[Homework] = ()) -> NewClass:
        """Make a class: its id, the teacher secret (known only to the teacher from now on)
        and the join code, open for joining.

        Raises:
            InputError: the name or the homework cannot be stored.
        """
        name = clean_name(name)
        items = clean_homework(homework_items, self.limits.homework)
        secret = tokens.new_secret()
        board = tokens.board_secret(secret)
        with self._write() as conn:
            code = self._free_code(conn)
            class_id = conn.execute(
                insert(classes)
                .values(
                    name=name,
                    created=self._now(),
                    closed=None,
                    teacher_hash=tokens.digest(secret),
                    board_hash=tokens.digest(board),
                    join_code=code,
                    join_open=True,
                )
                .returning(classes.c.id)
            ).scalar_one()
            self._store_homework(conn, class_id, items)
        return NewClass(class_id, secret, code, board)

    def rename(self, secret: str, name: str) -> None:
        """Rename the class."""
        name = clean_name(name)
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            conn.execute(update(classes).where(classes.c.id == row.id).values(name=name))

    def rotate_join_code(self, secret: str) -> str:
        """A new join code for the class (the old one stops working); returns it."""
        with self._write() as conn:
            row = self._open_class_of(conn, secret)
            code = self._free_code(conn)
            conn.execute(update(classes).where(classes.c.id == row.id).values(join_code=code))
        return code

    def lengthen_join_code(self, secret: str) -> str | None:
        """Give a class still on a join code shorter than :data:`tokens.JOIN_LENGTH` (made
        before codes grew) a code of full length; returns it, or None when the code is
        long enough already or the class is closed (nothing changes: a closed class takes
        nobody in)."""
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            if row.closed is not None or len(row.join_code) >= tokens.JOIN_LENGTH:
                return None
            code = self._free_code(conn)
            conn.execute(update(classes).where(classes.c.id == row.id).values(join_code=code))
        return code

    def rotate_teacher_secret(self, secret: str) -> str:
        """A new teacher secret (the old link stops working, and the old board link with
        it: the board token is drawn from the secret); returns it."""
        new = tokens.new_secret()
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            conn.execute(
                update(classes)
                .where(classes.c.id == row.id)
                .values(
                    teacher_hash=tokens.digest(new),
                    board_hash=tokens.digest(tokens.board_secret(new)),
                )
            )
        return new

    def board_token(self, secret: str) -> str:
        """The class's board token (its read-only key), for the teacher to share; a class
        made before boards existed gets its board here, the first time its teacher asks."""
        board = tokens.board_secret(secret) if isinstance(secret, str) else ""
        with self._read() as conn:
            row = self._class_of(conn, secret)
        if row.board_hash is not None and tokens.same(row.board_hash, tokens.digest(board)):
            return board
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            conn.execute(
                update(classes)
                .where(classes.c.id == row.id)
                .values(board_hash=tokens.digest(board))
            )
        return board

    def set_joining(self, secret: str, open_: bool) -> None:
        """Open or close joining by the code (learners already in stay)."""
        with self._write() as conn:
            row = self._open_class_of(conn, secret) if open_ else self._class_of(conn, secret)
            conn.execute(update(classes).where(classes.c.id == row.id).values(join_open=open_))

    def close(self, secret: str) -> None:
        """Close the class: nobody joins or syncs any more; the teacher still reads it."""
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            if row.closed is None:
                conn.execute(
                    update(classes)
                    .where(classes.c.id == row.id)
                    .values(closed=self._now(), join_open=False)
                )
                end_class_sessions(conn, row.id, self._now())

    def delete(self, secret: str) -> None:
        """Delete the class with every record of it: homework, learners, records, join tries."""
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            delete_class_sessions(conn, row.id)
            members = select(learners.c.id).where(learners.c.class_id == row.id)
            for table in _LEARNER_TABLES:
                conn.execute(delete(table).where(table.c.learner_id.in_(members)))
            conn.execute(delete(learners).where(learners.c.class_id == row.id))
            conn.execute(delete(homework).where(homework.c.class_id == row.id))
            conn.execute(delete(join_attempts).where(join_attempts.c.class_id == row.id))
            conn.execute(delete(classes).where(classes.c.id == row.id))

    def set_homework(self, secret: str, items: Sequence[Homework]) -> None:
        """Replace the class's homework."""
        checked = clean_homework(items, self.limits.homework)
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            self._store_homework(conn, row.id, checked)

    def _delete_records(self, conn: Connection, learner_id: int) -> None:
        """Delete every record of one learner (their row stays)."""
        delete_learner_answers(conn, learner_id)
        for table in _LEARNER_TABLES:
            conn.execute(delete(table).where(table.c.learner_id == learner_id))

    def _member(self, conn: Connection, class_id: int, learner_id: object) -> Row[Any]:
        """A learner of this class (not removed), by id.

        Raises:
            AccessError: no such learner in this class (another class's is refused alike).
        """
        if isinstance(learner_id, bool) or not isinstance(learner_id, int):
            raise AccessError("learner_unknown", t("classes.learner_unknown"))
        row = conn.execute(
            select(learners).where(
                learners.c.id == learner_id,
                learners.c.class_id == class_id,
                learners.c.removed.is_(None),
            )
        ).first()
        if row is None:
            raise AccessError("learner_unknown", t("classes.learner_unknown"))
        return row

    def rename_learner(self, secret: str, learner_id: int, name: str) -> None:
        """Change the name a learner is shown by in the class."""
        name = clean_name(name)
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            self._member(conn, row.id, learner_id)
            conn.execute(
                update(learners).where(learners.c.id == learner_id).values(display_name=name)
            )

    def remove_learner(self, secret: str, learner_id: int) -> None:
        """Remove a learner: their records are deleted and their token refused from now on.

        The class row is locked first (a sync under way holds it shared, so the removal
        waits for it to commit), the learner is marked removed, and only then are their
        records deleted: whatever a sync committed before is deleted with the rest, and a
        sync after it is refused.
        """
        with self._write() as conn:
            row = self._class_of(conn, secret, lock=True)
            self._member(conn, row.id, learner_id)
            conn.execute(
                update(learners).where(learners.c.id == learner_id).values(removed=self._now())
            )
            self._delete_records(conn, learner_id)

    def dashboard(self, secret: str, scenarios: Sequence[ScenarioInfo]) -> Dashboard:
        """The class as its teacher sees it; ``scenarios`` are the app's, in the course's order
        (as :func:`tutorial.course.classroom.class_table` takes them)."""
        with self._read() as conn:
            return self._dashboard_of(conn, self._class_of(conn, secret), scenarios)

    def board(self, token: str, scenarios: Sequence[ScenarioInfo]) -> Dashboard:
        """The class as its board shows it (the same figures as the teacher's dashboard),
        opened by the board token: a read, and the token opens nothing else.

        Raises:
            AccessError: the token opens no board (forged, the teacher link rotated, the
                class deleted).
        """
        with self._read() as conn:
            return self._dashboard_of(conn, self._board_class_of(conn, token), scenarios)

    def _board_class_of(self, conn: Connection, token: object) -> Row[Any]:
        """The class a board token opens.

        Raises:
            AccessError: the token opens no board.
        """
        if not tokens.well_formed(token):
            raise AccessError("bad_board", t("classes.bad_board"))
        assert isinstance(token, str)
        wanted = tokens.digest(token)
        row = conn.execute(select(classes).where(classes.c.board_hash == wanted)).first()
        if row is None or row.board_hash is None or not tokens.same(row.board_hash, wanted):
            raise AccessError("bad_board", t("classes.bad_board"))
        return row

    def _dashboard_of(
        self, conn: Connection, row: Row[Any], scenarios: Sequence[ScenarioInfo]
    ) -> Dashboard:
        """The dashboard of the class ``row``, read in ``conn``.

        Only the records of these scenarios are read (and, when the store knows the app's
        lessons, :attr:`known`, only those lessons' quizzes and times): records of anything
        else, kept before they were ignored on arrival, cannot slow the teacher's page.
        """
        sids = sorted({s.sid for s in scenarios})
        lessons = sorted(self.known.lessons) if self.known is not None else None
        items = self._homework_of(conn, row.id)
        people = conn.execute(
            select(learners)
            .where(learners.c.class_id == row.id, learners.c.removed.is_(None))
            .order_by(learners.c.joined, learners.c.id)
        ).all()
        kept = conn.execute(
            select(records)
            .join(learners, learners.c.id == records.c.learner_id)
            .where(
                learners.c.class_id == row.id,
                learners.c.removed.is_(None),
                records.c.scenario.in_(sids),
            )
        ).all()
        quiz_query = (
            select(quizzes)
            .join(learners, learners.c.id == quizzes.c.learner_id)
            .where(learners.c.class_id == row.id, learners.c.removed.is_(None))
        )
        if lessons is not None:
            quiz_query = quiz_query.where(quizzes.c.lesson.in_(lessons))
        quiz_rows = conn.execute(quiz_query).all()
        extra = self._learners_extra(conn, row.id, lessons=lessons)
        quizzes_of: dict[int, dict[str, QuizRecord]] = {}
        for q in quiz_rows:
            quizzes_of.setdefault(q.learner_id, {})[q.lesson] = _quiz_of(q)
        by_learner: dict[int, dict[str, ScenarioRecord]] = {}
        seconds: dict[int, dict[str, int]] = {}
        for r in kept:
            by_learner.setdefault(r.learner_id, {})[r.scenario] = _record_of(r)
            seconds.setdefault(r.learner_id, {})[r.scenario] = r.seconds
        shown = shown_names([p.display_name for p in people])
        members = tuple(
            Member(p.id, p.display_name, s, p.joined, p.synced)
            for p, s in zip(people, shown, strict=True)
        )
        read = ReadCodes(
            tuple(
                Learner(
                    m.shown,
                    m.synced.date().isoformat() if m.synced else "",
                    i,
                    Progress(
                        learner=m.name,
                        scenarios=by_learner.get(m.learner_id, {}),
                        quizzes=quizzes_of.get(m.learner_id, {}),
                    ),
                )
                for i, m in enumerate(members, start=1)
            ),
            (),
        )
        return Dashboard(
            class_id=row.id,
            name=row.name,
            created=row.created,
            closed=row.closed,
            join_code=row.join_code,
            join_open=bool(row.join_open),
            homework=items,
            members=members,
            table=class_table(read, scenarios),
            seconds=seconds,
            quizzes=quizzes_of,
            lesson_seconds=extra.lesson_seconds,
            hands=extra.hands,
            decks=extra.decks,
            read_at=_aware(self._now()),
        )

    def _learners_extra(
        self,
        conn: Connection,
        class_id: int | None,
        learner_id: int = 0,
        *,
        lessons: Sequence[str] | None = None,
    ) -> _Extra:
        """The lesson times (of ``lessons`` only, when given), practice hands and review
        decks of a class's learners (not removed), or of one learner when ``class_id`` is
        None."""

        def of(table: Table) -> Any:
            query = select(table)
            if class_id is None:
                return query.where(table.c.learner_id == learner_id)
            return query.join(learners, learners.c.id == table.c.learner_id).where(
                learners.c.class_id == class_id, learners.c.removed.is_(None)
            )

        times: dict[int, dict[str, int]] = {}
        time_query = of(lesson_times)
        if lessons is not None:
            time_query = time_query.where(lesson_times.c.lesson.in_(lessons))
        for r in conn.execute(time_query):
            times.setdefault(r.learner_id, {})[r.lesson] = r.seconds
        hands: dict[int, list[PracticeRecord]] = {}
        query = of(practice_hands).order_by(
            practice_hands.c.played.desc(), practice_hands.c.hand.desc()
        )
        for r in conn.execute(query):
            hands.setdefault(r.learner_id, []).append(_hand_row_of(r))
        decks = {r.learner_id: _deck_of(r.deck) for r in conn.execute(of(review_decks))}
        return _Extra(times, {k: tuple(v) for k, v in hands.items()}, decks)

    # --- the learner ---------------------------------------------------------------------

    def join(self, code: str, name: str, client: str, address: str = "") -> str:
        """Join the class whose code this is, under ``name``; returns the learner token
        (the learner's key to their record: kept by their browser, never shown to others).

        ``client`` names who is asking (the app's id for the browser session at its
        address), ``address`` the address alone ("" when unknown: the client stands for
        it). Wrong codes are counted in :attr:`Limits.window` per client, per address and
        for all clients, joins per class; past a limit the join is refused without looking
        at the code. So one pupil's typos block only their own session, a classroom sharing
        one address needs :attr:`Limits.address_failures` wrong codes to be refused, and
        when all clients together spent :attr:`Limits.all_failures`, the addresses with
        fewer than :attr:`Limits.quiet_failures` wrong codes are still served.

        Raises:
            JoinError: no open class has the code, the class is full, or too many tries.
            InputError: the name cannot be stored.
        """
        name = clean_name(name)
        wanted = tokens.normal_join_code(code)
        who = tokens.digest(client[:200] if isinstance(client, str) else "")
        where = (
            tokens.digest("address:" + address[:200])
            if isinstance(address, str) and address
            else who
        )
        lim = self.limits
        minutes = max(1, int(lim.window.total_seconds() // 60))
        now = self._now()
        since = now - lim.window
        refusal: ClassError | None = None
        token = tokens.new_secret()
        with self._write() as conn:
            conn.execute(delete(join_attempts).where(join_attempts.c.at < since))
            wrong = select(func.count()).where(
                join_attempts.c.ok.is_(False), join_attempts.c.at >= since
            )
            if conn.execute(wrong.where(join_attempts.c.client_hash == who)).scalar_one() >= (
                lim.client_failures
            ):
                raise JoinError("too_many_tries", t("classes.too_many_tries", minutes=minutes))
            here = conn.execute(wrong.where(join_attempts.c.address_hash == where)).scalar_one()
            if here >= lim.address_failures:
                raise JoinError("too_busy", t("classes.too_busy", minutes=minutes))
            if here >= lim.quiet_failures and conn.execute(wrong).scalar_one() >= lim.all_failures:
                raise JoinError("too_busy", t("classes.too_busy", minutes=minutes))
            found = None
            if wanted is not None:
                found = conn.execute(
                    select(classes.c.id)
                    .where(
                        classes.c.join_code == wanted,
                        classes.c.join_open.is_(True),
                        classes.c.closed.is_(None),
                    )
                    .with_for_update()
                ).first()
            if found is None:
                conn.execute(
                    insert(join_attempts).values(
                        client_hash=who, address_hash=where, class_id=None, at=now, ok=False
                    )
                )
                refusal = JoinError("bad_code", t("classes.bad_code"))
            else:
                joins = conn.execute(
                    select(func.count()).where(
                        join_attempts.c.class_id == found.id,
                        join_attempts.c.ok.is_(True),
                        join_attempts.c.at >= since,
                    )
                ).scalar_one()
                if joins >= lim.class_joins:
                    raise JoinError("busy_class", t("classes.busy_class", minutes=minutes))
                members = conn.execute(
                    select(func.count()).where(
                        learners.c.class_id == found.id, learners.c.removed.is_(None)
                    )
                ).scalar_one()
                if members >= lim.learners:
                    raise JoinError("class_full", t("classes.class_full", most=lim.learners))
                conn.execute(
                    insert(learners).values(
                        class_id=found.id,
                        display_name=name,
                        token_hash=tokens.digest(token),
                        joined=now,
                        synced=None,
                        removed=None,
                    )
                )
                conn.execute(
                    insert(join_attempts).values(
                        client_hash=who, address_hash=where, class_id=found.id, at=now, ok=True
                    )
                )
        if refusal is not None:  # the wrong try is stored (committed) before the refusal
            raise refusal
        return token

    def leave(self, token: str) -> None:
        """Leave the class: the learner's records and name are deleted; the token opens nothing.

        Raises:
            AccessError: the token opens nothing, the learner was removed, or the class is
                closed (a closed class's records are its teacher's archive: they stay).
        """
        with self._write() as conn:
            row = self._learner_of(conn, token, lock=True)
            if row.class_closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            self._delete_records(conn, row.id)
            conn.execute(delete(learners).where(learners.c.id == row.id))

    def sync(
        self,
        token: str,
        progress: Progress | str | bytes,
        seconds: Mapping[str, int] | None = None,
        *,
        lessons: Mapping[str, int] | None = None,
        hands: Sequence[PracticeRecord | Mapping[str, Any]] | None = None,
    ) -> Progress:
        """Merge what a learner's browser holds into their stored records; returns the
        learner's whole stored progress after the merge (for the browser to merge back).

        ``progress`` is a progress or its JSON text (the progress file), its review deck
        included (version 2); ``seconds`` the time spent per scenario of it, ``lessons``
        per lesson; ``hands`` the practice hands played. Each lesson quiz keeps its best
        result (the most right answers, then the most questions), as the browser's merge
        does.

        Raises:
            SyncError: too big or malformed (nothing stored changes).
            AccessError: the token is forged or replaced, the learner was removed, or the
                class is closed.
        """
        sent, times = read_payload(progress, seconds, self.limits)
        lesson_secs = read_lesson_times(lessons, self.limits)
        hand_list = read_hands(hands, self.limits)
        sent, times, lesson_secs = self._known_only(sent, times, lesson_secs)
        now = self._now()
        with self._write() as conn:
            me = self._learner_of(conn, token, touch=now)
            if me.class_closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            rows = conn.execute(select(records).where(records.c.learner_id == me.id)).all()
            old = {r.scenario: _record_of(r) for r in rows}
            old_seconds = {r.scenario: r.seconds for r in rows}
            total = len(old.keys() | sent.scenarios.keys())
            if total > self.limits.learner_records:
                raise SyncError(
                    "sync_total",
                    t("classes.sync_total", size=total, most=self.limits.learner_records),
                )
            merged = merge(Progress(scenarios=old), Progress(scenarios=sent.scenarios))
            fresh: list[dict[str, Any]] = []
            changed: list[dict[str, Any]] = []
            for sid in sent.scenarios:
                rec = merged.scenarios[sid]
                secs = max(old_seconds.get(sid, 0), times.get(sid, 0))
                if sid not in old:
                    fresh.append(
                        {
                            "learner_id": me.id,
                            "scenario": sid,
                            "seconds": secs,
                            "updated": now,
                            **_record_values(rec),
                        }
                    )
                elif rec != old[sid] or secs != old_seconds[sid]:
                    changed.append(
                        {
                            "b_learner": me.id,
                            "b_scenario": sid,
                            "seconds": secs,
                            "updated": now,
                            **_record_values(rec),
                        }
                    )
            if fresh:
                conn.execute(insert(records), fresh)
            if changed:
                conn.execute(
                    update(records).where(
                        records.c.learner_id == bindparam("b_learner"),
                        records.c.scenario == bindparam("b_scenario"),
                    ),
                    changed,
                )
            kept_quizzes = self._merge_quizzes(conn, me.id, sent.quizzes, now)
            self._merge_lesson_times(conn, me.id, lesson_secs, now)
            self._merge_hands(conn, me.id, hand_list, now)
            deck = self._merge_deck(conn, me.id, sent, now)
        back = Progress(scenarios={**old, **merged.scenarios}, quizzes=kept_quizzes)
        return back.with_deck(deck) if deck is not None else back

    def _known_only(
        self, sent: Progress, times: dict[str, int], lesson_secs: dict[str, int]
    ) -> tuple[Progress, dict[str, int], dict[str, int]]:
        """What was sent, without the records of scenarios and lessons the app does not
        have (:attr:`known`; all are kept when it is None): they are ignored, not refused,
        so a browser holding an old scenario's record still sends the rest."""
        known = self.known
        if known is None:
            return sent, times, lesson_secs
        scenarios = {k: v for k, v in sent.scenarios.items() if k in known.scenarios}
        quizzes_kept = {k: v for k, v in sent.quizzes.items() if k in known.lessons}
        dropped = (len(sent.scenarios) - len(scenarios)) + (len(sent.quizzes) - len(quizzes_kept))
        if dropped:
            LOG.info("A sync's %d records of unknown scenarios or lessons were ignored.", dropped)
        return (
            sent.model_copy(update={"scenarios": scenarios, "quizzes": quizzes_kept}),
            {k: v for k, v in times.items() if k in scenarios},
            {k: v for k, v in lesson_secs.items() if k in known.lessons},
        )

    def _merge_lesson_times(
        self, conn: Connection, learner_id: int, sent: Mapping[str, int], now: datetime
    ) -> None:
        """Keep each lesson's larger time spent (the stored one or the one sent).

        Raises:
            SyncError: the learner would have more lesson times than :attr:`Limits.lessons`.
        """
        if not sent:
            return
        rows = conn.execute(
            select(lesson_times.c.lesson, lesson_times.c.seconds).where(
                lesson_times.c.learner_id == learner_id
            )
        ).all()
        old = {r.lesson: r.seconds for r in rows}
        total = len(old.keys() | sent.keys())
        if total > self.limits.lessons:
            raise SyncError(
                "sync_lessons_many",
                t("classes.sync_lessons_many", size=total, most=self.limits.lessons),
            )
        for lid, secs in sent.items():
            if lid not in old:
                conn.execute(
                    insert(lesson_times).values(
                        learner_id=learner_id, lesson=lid, seconds=secs, updated=now
                    )
                )
            elif secs > old[lid]:
                conn.execute(
                    update(lesson_times)
                    .where(lesson_times.c.learner_id == learner_id, lesson_times.c.lesson == lid)
                    .values(seconds=secs, updated=now)
                )

    def _merge_hands(
        self, conn: Connection, learner_id: int, sent: Sequence[PracticeRecord], now: datetime
    ) -> None:
        """Keep the practice hands sent (a hand sent again with more of its review done
        replaces the stored one; its time spent takes the larger of the two), then only
        the newest :attr:`Limits.learner_hands`."""
        if not sent:
            return
        keys = [h.hand for h in sent]
        rows = conn.execute(
            select(
                practice_hands.c.hand, practice_hands.c.cards_reviewed, practice_hands.c.seconds
            ).where(practice_hands.c.learner_id == learner_id, practice_hands.c.hand.in_(keys))
        ).all()
        old = {r.hand: (r.cards_reviewed, r.seconds) for r in rows}
        for h in sent:
            values: dict[str, Any] = {
                "game": h.game,
                "cards_reviewed": h.cards_reviewed,
                "cards_played": h.cards_played,
                "lost_tenths": round(h.lost * 10),
                "costliest": _costliest_json(h.costliest),
                "seconds": h.seconds,
            }
            if h.hand not in old:
                conn.execute(
                    insert(practice_hands).values(
                        learner_id=learner_id, hand=h.hand, played=now, **values
                    )
                )
                continue
            was_reviewed, was_seconds = old[h.hand]
            if h.cards_reviewed < was_reviewed:  # an older copy: only a longer time is news
                values = {"seconds": h.seconds} if h.seconds > was_seconds else {}
            else:
                values["seconds"] = max(h.seconds, was_seconds)
            if values:
                conn.execute(
                    update(practice_hands)
                    .where(
                        practice_hands.c.learner_id == learner_id,
                        practice_hands.c.hand == h.hand,
                    )
                    .values(**values)
                )
        beyond = conn.execute(
            select(practice_hands.c.hand)
            .where(practice_hands.c.learner_id == learner_id)
            .order_by(practice_hands.c.played.desc(), practice_hands.c.hand.desc())
            .offset(self.limits.learner_hands)
        ).all()
        if beyond:
            conn.execute(
                delete(practice_hands).where(
                    practice_hands.c.learner_id == learner_id,
                    practice_hands.c.hand.in_([r.hand for r in beyond]),
                )
            )

    def _merge_deck(
        self, conn: Connection, learner_id: int, sent: Progress, now: datetime
    ) -> ReviewDeck | None:
        """Merge the review deck sent with the stored one; returns the deck kept (None
        when neither the store nor the progress has one: a version 1 progress has none)."""
        row = conn.execute(
            select(review_decks.c.deck).where(review_decks.c.learner_id == learner_id)
        ).first()
        old = _deck_of(row.deck) if row is not None else None
        if sent.version < 2:
            return old
        merged = merge_decks(old, sent.deck) if old is not None else sent.deck
        if merged == old:
            return old
        values = {"deck": merged.model_dump_json(), "cards": len(merged.cards), "updated": now}
        if row is None:
            conn.execute(insert(review_decks).values(learner_id=learner_id, **values))
        else:
            conn.execute(
                update(review_decks).where(review_decks.c.learner_id == learner_id).values(**values)
            )
        return merged

    def _merge_quizzes(
        self, conn: Connection, learner_id: int, sent: Mapping[str, QuizRecord], now: datetime
    ) -> dict[str, QuizRecord]:
        """Keep each quiz's better result (the stored one or the one sent); returns them all.

        Raises:
            SyncError: the learner would have more quiz results than :attr:`Limits.quizzes`.
        """
        rows = conn.execute(select(quizzes).where(quizzes.c.learner_id == learner_id)).all()
        old = {r.lesson: _quiz_of(r) for r in rows}
        total = len(old.keys() | sent.keys())
        if total > self.limits.quizzes:
            raise SyncError(
                "sync_quizzes", t("classes.sync_quizzes", size=total, most=self.limits.quizzes)
            )
        kept = dict(old)
        for lid, q in sent.items():
            was = old.get(lid)
            if was is not None and (q.right, q.total) <= (was.right, was.total):
                continue
            kept[lid] = q
            values = {"right_answers": q.right, "questions": q.total, "updated": now}
            if was is None:
                conn.execute(insert(quizzes).values(learner_id=learner_id, lesson=lid, **values))
            else:
                conn.execute(
                    update(quizzes)
                    .where(quizzes.c.learner_id == learner_id, quizzes.c.lesson == lid)
                    .values(**values)
                )
        return kept

    def what_teacher_sees(self, token: str) -> LearnerView:
        """Everything the learner's teacher sees of this learner (their name, records, times)."""
        with self._read() as conn:
            me = self._learner_of(conn, token)
            items = self._homework_of(conn, me.class_id)
            rows = conn.execute(select(records).where(records.c.learner_id == me.id)).all()
            quiz_rows = conn.execute(select(quizzes).where(quizzes.c.learner_id == me.id)).all()
            extra = self._learners_extra(conn, None, me.id)
        return LearnerView(
            class_name=me.class_name,
            closed=me.class_closed,
            name=me.display_name,
            joined=me.joined,
            synced=me.synced,
            homework=items,
            progress=Progress(
                learner=me.display_name,
                scenarios={r.scenario: _record_of(r) for r in rows},
                quizzes={q.lesson: _quiz_of(q) for q in quiz_rows},
            ),
            seconds={r.scenario: r.seconds for r in rows},
            lesson_seconds=extra.lesson_seconds.get(me.id, {}),
            hands=extra.hands.get(me.id, ()),
            deck=extra.decks.get(me.id, ReviewDeck()),
            read_at=_aware(self._now()),
        )


def open_store(
    engine: Engine | str,
    *,
    clock: Clock = utc_now,
    limits: Limits | None = None,
    timeouts: Timeouts | None = None,
    known: KnownItems | None = None,
) -> ClassStore:
    """A store on ``engine`` (or a database URL) with its schema brought up to date."""
    store = ClassStore(engine, clock=clock, limits=limits, timeouts=timeouts, known=known)
    store.upgrade()
    return store
