"""Databases for the class storage's tests: a SQLite file, and a real PostgreSQL server.

:func:`postgres_server` (session-scoped; registered in ``conftest.py``) starts one
PostgreSQL with Debian's binaries (``initdb``/``pg_ctl`` on the PATH or in
``/usr/lib/postgresql/*/bin``) in a temporary folder, in memory where the machine has
``/dev/shm`` (``memory_folder``), on a free port, its socket in that folder too; as root it runs the server as ``nobody`` (PostgreSQL refuses root). It is
stopped and deleted at the end of the session. When PostgreSQL is not installed the
tests that need it are skipped with that reason (``scripts/setup.sh --test`` installs it).

:func:`new_engine` gives each test a database of its own at the newest schema (or empty,
for the migrations' own tests: ``empty=True``): a copy of
a SQLite file, or a database made on the server from a template, migrated once per test
process (``open_store`` then finds nothing to do). The migrations themselves, from an
empty database and from each older schema, are ``test_classes_schema.py``'s: a copy
saves each test the half second the migrations take (their DDL, committed step by step).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text

from tutorial.classes.store import ClassStore, Limits, open_store

#: The two kinds of database every storage test runs on.
KINDS = ("sqlite", "postgresql")


@dataclass(frozen=True)
class Server:
    """A running PostgreSQL: where to reach it."""

    host: str
    port: int
    user: str

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database on this server (psycopg 3)."""
        return f"postgresql+psycopg://{self.user}@{self.host}:{self.port}/{database}"


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs, or None when it is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


#: A folder in memory (tmpfs), where there is one: see ``memory_folder``.
MEMORY = Path("/dev/shm")


def memory_folder() -> str | None:
    """Where the PostgreSQL server keeps its files: a folder in memory when the machine
    has one we may write to (each test's database is a copy of the migrated one, files
    that PostgreSQL writes out on disk: about 0.5 s a copy on this project's machines,
    0.05 s in memory), else the system's temporary folder (None)."""
    if MEMORY.is_dir() and os.access(MEMORY, os.W_OK | os.X_OK):
        return str(MEMORY)
    return None


def _free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """A PostgreSQL server for the session (skipped with the reason when there is none)."""
    binaries = postgres_bin()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (scripts/setup.sh --test installs it)")
    as_user: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser: PostgreSQL refuses to run as root")
        as_user = [runuser, "-u", "nobody", "--"]
    home = Path(tempfile.mkdtemp(prefix="atout-pg-", dir=memory_folder()))
    if as_user:
        shutil.chown(home, user="nobody")
    data, log = home / "data", home / "server.log"
    user = "atout"
    port = _free_port()
    subprocess.run(
        [
            *as_user,
            str(binaries / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            user,
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ],
        check=True,
        capture_output=True,
    )
    options = (
        f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
    )
    started = subprocess.run(
        [
            *as_user,
            str(binaries / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(log),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        ],
        capture_output=True,
        text=True,
    )
    if started.returncode != 0:
        detail = log.read_text() if log.exists() else started.stderr
        shutil.rmtree(home, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {detail[-2000:]}")
    try:
        yield Server("127.0.0.1", port, user)
    finally:
        subprocess.run(
            [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(home, ignore_errors=True)


_numbers = itertools.count(1)


def new_postgres_database(server: Server, template: str | None = None) -> str:
    """A new database on the server, empty or a copy of the database ``template``;
    returns its URL."""
    name = f"atout_{os.getpid()}_{next(_numbers)}"
    like = f' TEMPLATE "{template}"' if template else ""
    admin = create_engine(server.url("postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"{like}'))  # names made here
    finally:
        admin.dispose()
    return server.url(name)


#: This process's migrated databases to copy: the SQLite file, the server's database name
#: (per server: a session has one).
_MIGRATED: dict[str, str] = {}


def _migrated(engine: Engine) -> None:
    """``engine``'s database brought to the newest schema, its connections closed."""
    open_store(engine)
    engine.dispose()


def _sqlite_migrated() -> str:
    """The path of this process's SQLite file at the newest schema (made on first use)."""
    if "sqlite" not in _MIGRATED:
        folder = tempfile.mkdtemp(prefix="atout-sqlite-")
        path = str(Path(folder) / "migrated.db")
        _migrated(create_engine(f"sqlite:///{path}"))
        _MIGRATED["sqlite"] = path
    return _MIGRATED["sqlite"]


def _postgres_migrated(server: Server) -> str:
    """The name of this process's database at the newest schema on ``server`` (made on
    first use; nobody connects to it after, as a template must be)."""
    key = f"postgresql:{server.port}"
    if key not in _MIGRATED:
        url = new_postgres_database(server)
        _migrated(create_engine(url))
        _MIGRATED[key] = url.rsplit("/", 1)[1]
    return _MIGRATED[key]


def new_engine(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest, *, empty: bool = False
) -> Engine:
    """An engine on a new database of this kind at the newest schema, or ``empty`` (the
    migrations' own tests; see the module's docstring; the PostgreSQL server is started
    on first use; SQLite needs nothing)."""
    if kind == "sqlite":
        path = tmp_path / "classes.db"
        if not empty:
            shutil.copyfile(_sqlite_migrated(), path)
        return create_engine(f"sqlite:///{path}")
    server: Server = request.getfixturevalue("postgres_server")
    url = new_postgres_database(server, None if empty else _postgres_migrated(server))
    engine = create_engine(url, pool_size=10, max_overflow=30)

    def drop() -> None:
        # Dropped at the test's end: a hundred databases left behind took the server's
        # folder past a gigabyte, and its deletion a minute at the end of the session.
        engine.dispose()
        drop_postgres_database(server, url.rsplit("/", 1)[1])

    request.addfinalizer(drop)
    return engine


def drop_postgres_database(server: Server, name: str) -> None:
    """Drop a database made by :func:`new_postgres_database` (its sessions ended first)."""
    admin = create_engine(server.url("postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


class Clock:
    """A clock the test moves by hand (UTC, as the class store keeps it)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, 0)

    def __call__(self) -> datetime:
        """The time now."""
        return self.now

    def advance(self, **delta: float) -> None:
        """Move the time on."""
        self.now += timedelta(**delta)


@dataclass
class Env:
    """A class store on an empty database, its engine, its clock and the database's kind."""

    store: ClassStore
    engine: Engine
    clock: Clock
    kind: str

    def with_limits(self, limits: Limits) -> ClassStore:
        """Another store on the same database with other limits."""
        return ClassStore(self.engine, clock=self.clock, limits=limits)


@contextmanager
def store_env(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """A class store on a new database of ``kind``, with a clock moved by hand."""
    engine = new_engine(kind, tmp_path, request)
    clock = Clock()
    try:
        yield Env(open_store(engine, clock=clock), engine, clock, kind)
    finally:
        engine.dispose()
