"""Live classes: live_sessions, live_members, live_steps, live_answers.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the tables of a live class: the session, who is in it, its steps, the answers."""
    op.create_table(
        "live_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("ref", sa.String(600), nullable=False),
        sa.Column("link_key", sa.String(22), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("guests", sa.Boolean(), nullable=False),
        sa.Column("split_shown", sa.Boolean(), nullable=False),
        sa.Column("choices", sa.Text(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("ended", sa.DateTime(), nullable=True),
        sa.CheckConstraint(
            "kind IN ('scenario', 'playlist', 'deal')", name="ck_live_sessions_kind"
        ),
        sa.CheckConstraint(
            "state IN ('waiting', 'open', 'revealed', 'ended')", name="ck_live_sessions_state"
        ),
        sa.CheckConstraint(
            "(state = 'ended') = (ended IS NOT NULL)", name="ck_live_sessions_ended"
        ),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["classes.id"],
            name="fk_live_sessions_class_id_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_live_sessions"),
        sa.UniqueConstraint("link_key", name="uq_live_sessions_link_key"),
    )
    op.create_index("ix_live_sessions_class_id_created", "live_sessions", ["class_id", "created"])
    op.create_index(
        "ix_live_sessions_one_live",
        "live_sessions",
        ["class_id"],
        unique=True,
        sqlite_where=sa.text("ended IS NULL"),
        postgresql_where=sa.text("ended IS NULL"),
    )
    op.create_table(
        "live_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("guest_name", sa.String(60), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "(learner_id IS NULL AND guest_name IS NOT NULL AND token_hash IS NOT NULL)"
            " OR (learner_id IS NOT NULL AND guest_name IS NULL AND token_hash IS NULL)",
            name="ck_live_members_who",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["live_sessions.id"],
            name="fk_live_members_session_id_live_sessions",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name="fk_live_members_learner_id_learners",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_live_members"),
        sa.UniqueConstraint(
            "session_id", "learner_id", name="uq_live_members_session_id_learner_id"
        ),
        sa.UniqueConstraint("token_hash", name="uq_live_members_token_hash"),
    )
    op.create_index("ix_live_members_learner_id", "live_members", ["learner_id"])
    op.create_table(
        "live_steps",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("opened", sa.DateTime(), nullable=True),
        sa.Column("revealed", sa.DateTime(), nullable=True),
        sa.Column("best", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["live_sessions.id"],
            name="fk_live_steps_session_id_live_sessions",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "step", name="pk_live_steps"),
    )
    op.create_table(
        "live_answers",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.String(120), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["live_sessions.id"],
            name="fk_live_answers_session_id_live_sessions",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["live_members.id"],
            name="fk_live_answers_member_id_live_members",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "step", "member_id", name="pk_live_answers"),
    )
    op.create_index("ix_live_answers_member_id", "live_answers", ["member_id"])


def downgrade() -> None:
    """Drop the live class's tables."""
    op.drop_index("ix_live_answers_member_id", table_name="live_answers")
    op.drop_table("live_answers")
    op.drop_table("live_steps")
    op.drop_index("ix_live_members_learner_id", table_name="live_members")
    op.drop_table("live_members")
    op.drop_index("ix_live_sessions_one_live", table_name="live_sessions")
    op.drop_index("ix_live_sessions_class_id_created", table_name="live_sessions")
    op.drop_table("live_sessions")
