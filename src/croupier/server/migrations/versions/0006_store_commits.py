"""storage: each store writer's last committed batch, marked in the batch's own transaction
(a commit whose answer was lost is then known to have gone through, or not).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "store_commits",
        sa.Column("writer", sa.String(length=32), nullable=False),
        sa.Column("batch", sa.BigInteger(), nullable=False),
        sa.Column("at_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("writer", name=op.f("pk_store_commits")),
    )


def downgrade() -> None:
    op.drop_table("store_commits")
