"""Lessons whose file moved to another number: Belote's from-Tarot track became lessons 13
and 14 when the differences between tables became lesson 12. Homework, quiz results and
lesson times kept under an old id follow the lesson, as progress codes do
(``tutorial.course.lessons.MOVED_LESSONS``; the pairs are written here as they were, so
this step stays what it was whatever that table becomes).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

#: (old id, new id), in an order where no new id is still an old one waiting to move.
MOVES = (
    ("belote/13-from-tarot-ranks-and-points", "belote/14-from-tarot-ranks-and-points"),
    ("belote/12-from-tarot-partner-winning", "belote/13-from-tarot-partner-winning"),
)


def upgrade() -> None:
    """Each old id becomes the new one; where a row already has the new id (a learner who
    sent it after the move), that row is kept and the old one dropped."""
    for old, new in MOVES:
        for table, owner in (("quizzes", "learner_id"), ("lesson_times", "learner_id")):
            op.execute(
                sa.text(
                    f"DELETE FROM {table} WHERE lesson = :old AND {owner} IN "
                    f"(SELECT {owner} FROM {table} WHERE lesson = :new)"
                ).bindparams(old=old, new=new)
            )
            op.execute(
                sa.text(f"UPDATE {table} SET lesson = :new WHERE lesson = :old").bindparams(
                    old=old, new=new
                )
            )
        op.execute(
            sa.text(
                "DELETE FROM homework WHERE kind = 'lesson' AND ref = :old AND class_id IN "
                "(SELECT class_id FROM homework WHERE kind = 'lesson' AND ref = :new)"
            ).bindparams(old=old, new=new)
        )
        op.execute(
            sa.text(
                "UPDATE homework SET ref = :new WHERE kind = 'lesson' AND ref = :old"
            ).bindparams(old=old, new=new)
        )


def downgrade() -> None:
    """The new ids back to the old ones (rows kept under both are not told apart)."""
    for old, new in reversed(MOVES):
        for table in ("quizzes", "lesson_times"):
            op.execute(
                sa.text(f"UPDATE {table} SET lesson = :old WHERE lesson = :new").bindparams(
                    old=old, new=new
                )
            )
        op.execute(
            sa.text(
                "UPDATE homework SET ref = :old WHERE kind = 'lesson' AND ref = :new"
            ).bindparams(old=old, new=new)
        )
