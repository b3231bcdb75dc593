"""The teacher's operations on a class (:class:`TeacherOperations`): create it, rename it,
its codes and secrets, open or close joining, close or delete it, its homework, and its
learners' names and removal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    Connection,
    Row,
    delete,
    insert,
    select,
    update,
)

from tutorial.classes import tokens
from tutorial.classes.errors import (
    AccessError,
)
from tutorial.classes.inputs import clean_homework, clean_name
from tutorial.classes.live_rows import (
    delete_class_sessions,
    end_class_sessions,
)
from tutorial.classes.schema import (
    classes,
    homework,
    join_attempts,
    learners,
)
from tutorial.classes.transactions import LEARNER_TABLES, StoreCore
from tutorial.classes.values import Homework, NewClass
from tutorial.language.i18n import t


class TeacherOperations(StoreCore):
    """The teacher's operations: each checks the class's secret first."""

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
        with self.write() as conn:
            code = self.free_code(conn)
            class_id = conn.execute(
                insert(classes)
                .values(
                    name=name,
                    created=self.now(),
                    closed=None,
                    teacher_hash=tokens.digest(secret),
                    board_hash=tokens.digest(board),
                    join_code=code,
                    join_open=True,
                )
                .returning(classes.c.id)
            ).scalar_one()
            self.store_homework(conn, class_id, items)
        return NewClass(class_id, secret, code, board)

    def rename(self, secret: str, name: str) -> None:
        """Rename the class."""
        name = clean_name(name)
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            conn.execute(update(classes).where(classes.c.id == row.id).values(name=name))

    def rotate_join_code(self, secret: str) -> str:
        """A new join code for the class (the old one stops working); returns it."""
        with self.write() as conn:
            row = self.open_class_of(conn, secret)
            code = self.free_code(conn)
            conn.execute(update(classes).where(classes.c.id == row.id).values(join_code=code))
        return code

    def lengthen_join_code(self, secret: str) -> str | None:
        """Give a class still on a join code shorter than :data:`tokens.JOIN_LENGTH` (made
        before codes grew) a code of full length; returns it, or None when the code is
        long enough already or the class is closed (nothing changes: a closed class takes
        nobody in)."""
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            if row.closed is not None or len(row.join_code) >= tokens.JOIN_LENGTH:
                return None
            code = self.free_code(conn)
            conn.execute(update(classes).where(classes.c.id == row.id).values(join_code=code))
        return code

    def rotate_teacher_secret(self, secret: str) -> str:
        """A new teacher secret (the old link stops working, and the old board link with
        it: the board token is drawn from the secret); returns it."""
        new = tokens.new_secret()
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
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
        with self.read() as conn:
            row = self.class_of(conn, secret)
        if row.board_hash is not None and tokens.same(row.board_hash, tokens.digest(board)):
            return board
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            conn.execute(
                update(classes)
                .where(classes.c.id == row.id)
                .values(board_hash=tokens.digest(board))
            )
        return board

    def set_joining(self, secret: str, open_: bool) -> None:
        """Open or close joining by the code (learners already in stay)."""
        with self.write() as conn:
            row = self.open_class_of(conn, secret) if open_ else self.class_of(conn, secret)
            conn.execute(update(classes).where(classes.c.id == row.id).values(join_open=open_))

    def close(self, secret: str) -> None:
        """Close the class: nobody joins or syncs any more; the teacher still reads it."""
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            if row.closed is None:
                conn.execute(
                    update(classes)
                    .where(classes.c.id == row.id)
                    .values(closed=self.now(), join_open=False)
                )
                end_class_sessions(conn, row.id, self.now())

    def delete(self, secret: str) -> None:
        """Delete the class with every record of it: homework, learners, records, join tries."""
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            delete_class_sessions(conn, row.id)
            members = select(learners.c.id).where(learners.c.class_id == row.id)
            for table in LEARNER_TABLES:
                conn.execute(delete(table).where(table.c.learner_id.in_(members)))
            conn.execute(delete(learners).where(learners.c.class_id == row.id))
            conn.execute(delete(homework).where(homework.c.class_id == row.id))
            conn.execute(delete(join_attempts).where(join_attempts.c.class_id == row.id))
            conn.execute(delete(classes).where(classes.c.id == row.id))

    def set_homework(self, secret: str, items: Sequence[Homework]) -> None:
        """Replace the class's homework."""
        checked = clean_homework(items, self.limits.homework)
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            self.store_homework(conn, row.id, checked)

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
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
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
        with self.write() as conn:
            row = self.class_of(conn, secret, lock=True)
            self._member(conn, row.id, learner_id)
            conn.execute(
                update(learners).where(learners.c.id == learner_id).values(removed=self.now())
            )
            self.delete_records(conn, learner_id)
