"""The class database's engine and its bounded connections: the timeouts set on every
connection (:class:`Timeouts`), one writer at a time on SQLite, a replaced SQLite file
opened again, and the watch that ends a PostgreSQL statement running past its time
(:class:`StatementWatch`); the store's log (:data:`LOG`) and clock (:data:`Clock`)."""

from __future__ import annotations

import contextlib
import logging
import math
import os
import socket
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Engine,
    event,
)
from sqlalchemy.exc import DisconnectionError

#: Where the store says what failed and what it refused (the server's log).
LOG = logging.getLogger("tutorial.classes")

#: Where the time comes from (UTC); tests pass their own, so no test reads the wall clock.
Clock = Callable[[], datetime]


#: One lock per SQLite engine: this process's writers queue on it rather than polling the
#: file's lock (SQLite has one writer at a time anyway; other processes still use the file's).
_SQLITE_WRITERS: weakref.WeakKeyDictionary[Engine, threading.Lock] = weakref.WeakKeyDictionary()
_SQLITE_WRITERS_LOCK = threading.Lock()


def sqlite_writer(engine: Engine) -> threading.Lock:
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
