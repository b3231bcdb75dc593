"""The time spent on each practice hand: a column of practice_hands, 0 for the hands kept
before it was counted.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add practice_hands.seconds (the server's default keeps the existing rows valid)."""
    op.add_column(
        "practice_hands",
        sa.Column("seconds", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )


def downgrade() -> None:
    """Drop practice_hands.seconds (SQLite rebuilds the table for it)."""
    with op.batch_alter_table("practice_hands") as batch:
        batch.drop_column("seconds")
