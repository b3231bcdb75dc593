"""The first schema: classes, homework, learners, records and join attempts.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the five tables."""
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("closed", sa.DateTime(), nullable=True),
        sa.Column("teacher_hash", sa.String(64), nullable=False),
        sa.Column("join_code", sa.String(6), nullable=False),
        sa.Column("join_open", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("teacher_hash", name="uq_classes_teacher_hash"),
        sa.UniqueConstraint("join_code", name="uq_classes_join_code"),
    )
    op.create_table(
        "homework",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("ref", sa.String(160), nullable=False),
        sa.Column("due", sa.Date(), nullable=True),
        sa.CheckConstraint("kind IN ('lesson', 'playlist', 'scenario')", name="ck_homework_kind"),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["classes.id"],
            name="fk_homework_class_id_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_homework"),
        sa.UniqueConstraint("class_id", "kind", "ref", name="uq_homework_class_id_kind_ref"),
    )
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("display_name", sa.String(60), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("joined", sa.DateTime(), nullable=False),
        sa.Column("synced", sa.DateTime(), nullable=True),
        sa.Column("removed", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["classes.id"],
            name="fk_learners_class_id_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_learners"),
        sa.UniqueConstraint("token_hash", name="uq_learners_token_hash"),
    )
    op.create_index("ix_learners_class_id", "learners", ["class_id"])
    op.create_table(
        "records",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("scenario", sa.String(160), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.Column("stars", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("wrong", sa.Text(), nullable=False),
        sa.Column("seconds", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name="fk_records_learner_id_learners",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "scenario", name="pk_records"),
    )
    op.create_table(
        "join_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_hash", sa.String(64), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["classes.id"],
            name="fk_join_attempts_class_id_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_join_attempts"),
    )
    op.create_index("ix_join_attempts_client_hash_at", "join_attempts", ["client_hash", "at"])
    op.create_index("ix_join_attempts_class_id_at", "join_attempts", ["class_id", "at"])
    op.create_index("ix_join_attempts_at", "join_attempts", ["at"])


def downgrade() -> None:
    """Drop the five tables."""
    for table in ("join_attempts", "records", "learners", "homework", "classes"):
        op.drop_table(table)
