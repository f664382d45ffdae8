"""The floor's log: every decision of the floor, append-only.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.server.storage.types import UTCDateTime

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "floor_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("who", sa.String(length=32), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("subject_kind", sa.String(length=16), nullable=False),
        sa.Column("subject_id", sa.String(length=64), nullable=False),
        sa.Column("place", sa.String(length=80), server_default="", nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("detail", sa.Text(), server_default="{}", nullable=False),
        sa.Column("why", sa.String(length=1000), server_default="", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_floor_log")),
    )
    with op.batch_alter_table("floor_log", schema=None) as batch_op:
        batch_op.create_index("ix_floor_log_at", ["at"], unique=False)
        batch_op.create_index(
            "ix_floor_log_subject_kind_subject_id", ["subject_kind", "subject_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("floor_log", schema=None) as batch_op:
        batch_op.drop_index("ix_floor_log_subject_kind_subject_id")
        batch_op.drop_index("ix_floor_log_at")
    op.drop_table("floor_log")
