"""Practice hands, time spent on lessons, and review decks kept per learner.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def _learner_key(table: str) -> sa.ForeignKeyConstraint:
    """The learner column's foreign key (rows go with their learner)."""
    return sa.ForeignKeyConstraint(
        ["learner_id"], ["learners.id"], name=f"fk_{table}_learner_id_learners", ondelete="CASCADE"
    )


def upgrade() -> None:
    """Create the practice_hands, lesson_times and review_decks tables."""
    op.create_table(
        "practice_hands",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("hand", sa.String(32), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("played", sa.DateTime(), nullable=False),
        sa.Column("cards_reviewed", sa.Integer(), nullable=False),
        sa.Column("cards_played", sa.Integer(), nullable=False),
        sa.Column("lost_tenths", sa.Integer(), nullable=False),
        sa.Column("costliest", sa.Text(), nullable=False),
        _learner_key("practice_hands"),
        sa.PrimaryKeyConstraint("learner_id", "hand", name="pk_practice_hands"),
    )
    op.create_index(
        "ix_practice_hands_learner_id_played", "practice_hands", ["learner_id", "played"]
    )
    op.create_table(
        "lesson_times",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson", sa.String(160), nullable=False),
        sa.Column("seconds", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        _learner_key("lesson_times"),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name="pk_lesson_times"),
    )
    op.create_table(
        "review_decks",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("deck", sa.Text(), nullable=False),
        sa.Column("cards", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        _learner_key("review_decks"),
        sa.PrimaryKeyConstraint("learner_id", name="pk_review_decks"),
    )


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("review_decks")
    op.drop_table("lesson_times")
    op.drop_index("ix_practice_hands_learner_id_played", table_name="practice_hands")
    op.drop_table("practice_hands")
