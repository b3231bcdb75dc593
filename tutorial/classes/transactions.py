"""The class store's transactions (:class:`StoreCore`): its engine, clock and limits, its
transactions (each failure mapped to :class:`~tutorial.classes.errors.UnreachableError`),
who is asking (a teacher's secret, a learner's token) and the rows every operation shares."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Row,
    create_engine,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError

from tutorial.classes import tokens
from tutorial.classes.database import (
    LOG,
    Clock,
    Timeouts,
    bound_engine,
    database_failure,
    sqlite_writer,
    utc_now,
)
from tutorial.classes.errors import (
    AccessError,
    ClassError,
    UnreachableError,
)
from tutorial.classes.live_rows import (
    delete_learner_answers,
)
from tutorial.classes.migrate import upgrade
from tutorial.classes.schema import (
    classes,
    homework,
    learners,
    lesson_times,
    practice_hands,
    quizzes,
    records,
    review_decks,
)
from tutorial.classes.values import Homework, KnownItems, Limits
from tutorial.language.i18n import t

#: The tables of a learner's records (deleted with the learner).
LEARNER_TABLES = (records, quizzes, lesson_times, practice_hands, review_decks)


class StoreCore:
    """The store's engine, clock and limits, its transactions and the rows its operations share
    (the operations are in :class:`~tutorial.classes.store.ClassStore`'s other parts)."""

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

    def now(self) -> datetime:
        """The clock's time as stored: UTC, without a zone."""
        now = self.clock()
        if now.tzinfo is not None:
            now = now.astimezone(UTC).replace(tzinfo=None)
        return now

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction: committed whole at the end, rolled back whole on any error.

        On SQLite it takes the write lock at once (``BEGIN IMMEDIATE``), so two writers
        queue instead of one failing when both read first.
        """
        sqlite = self.engine.dialect.name == "sqlite"
        queue = sqlite_writer(self.engine) if sqlite else None
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
    def read(self) -> Iterator[Connection]:
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

    def class_of(self, conn: Connection, secret: object, *, lock: bool = False) -> Row[Any]:
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

    def open_class_of(self, conn: Connection, secret: object) -> Row[Any]:
        """The class a teacher secret opens, refused when it is closed."""
        row = self.class_of(conn, secret, lock=True)
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

    def learner_of(
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

    def free_code(self, conn: Connection) -> str:
        """A join code no class has."""
        while True:
            code = tokens.new_join_code()
            taken = conn.execute(select(classes.c.id).where(classes.c.join_code == code)).first()
            if taken is None:
                return code

    def homework_of(self, conn: Connection, class_id: int) -> tuple[Homework, ...]:
        """A class's homework, in the teacher's order."""
        rows = conn.execute(
            select(homework.c.kind, homework.c.ref, homework.c.due)
            .where(homework.c.class_id == class_id)
            .order_by(homework.c.position)
        )
        return tuple(Homework(r.kind, r.ref, r.due) for r in rows)

    def store_homework(self, conn: Connection, class_id: int, items: Sequence[Homework]) -> None:
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

    def delete_records(self, conn: Connection, learner_id: int) -> None:
        """Delete every record of one learner (their row stays)."""
        delete_learner_answers(conn, learner_id)
        for table in LEARNER_TABLES:
            conn.execute(delete(table).where(table.c.learner_id == learner_id))
