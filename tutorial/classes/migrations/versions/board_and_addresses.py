"""The class board's read-only key and joins counted per address: classes.board_hash,
join codes of eight characters, join_attempts.address_hash.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the board token's hash (None until the teacher's page opens the class), let join
    codes be eight characters (the six-character ones stay), keep the address's hash of a
    join try."""
    with op.batch_alter_table("classes") as batch:
        batch.add_column(sa.Column("board_hash", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_classes_board_hash", ["board_hash"])
        batch.alter_column(
            "join_code", existing_type=sa.String(6), type_=sa.String(8), existing_nullable=False
        )
    op.add_column("join_attempts", sa.Column("address_hash", sa.String(64), nullable=True))
    op.create_index("ix_join_attempts_address_hash_at", "join_attempts", ["address_hash", "at"])


def downgrade() -> None:
    """Drop what :func:`upgrade` added (eight-character codes cannot go back to six)."""
    op.drop_index("ix_join_attempts_address_hash_at", table_name="join_attempts")
    with op.batch_alter_table("join_attempts") as batch:
        batch.drop_column("address_hash")
    with op.batch_alter_table("classes") as batch:
        batch.drop_constraint("uq_classes_board_hash", type_="unique")
        batch.drop_column("board_hash")
