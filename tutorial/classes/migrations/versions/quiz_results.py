"""Quiz results kept: one row per learner and lesson quiz, the best result.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the quizzes table."""
    op.create_table(
        "quizzes",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson", sa.String(160), nullable=False),
        sa.Column("right_answers", sa.Integer(), nullable=False),
        sa.Column("questions", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name="fk_quizzes_learner_id_learners",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name="pk_quizzes"),
    )


def downgrade() -> None:
    """Drop the quizzes table."""
    op.drop_table("quizzes")
