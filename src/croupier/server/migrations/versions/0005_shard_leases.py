"""cluster: a lease per shard (owner, epoch, expiry on the database's clock) and the workers'
heartbeats (:mod:`croupier.server.cluster`).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shard_leases",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("owner", sa.String(length=64), server_default="", nullable=False),
        sa.Column("epoch", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("acquired_ms", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("expires_ms", sa.BigInteger(), server_default="0", nullable=False),
        sa.CheckConstraint(
            "kind IN ('table', 'tournament', 'room', 'cashier')",
            name=op.f("ck_shard_leases_kind"),
        ),
        sa.PrimaryKeyConstraint("kind", "name", name=op.f("pk_shard_leases")),
    )
    with op.batch_alter_table("shard_leases", schema=None) as batch_op:
        batch_op.create_index("ix_shard_leases_owner", ["owner"], unique=False)
    op.create_table(
        "cluster_workers",
        sa.Column("worker", sa.String(length=64), nullable=False),
        sa.Column("started_ms", sa.BigInteger(), nullable=False),
        sa.Column("expires_ms", sa.BigInteger(), nullable=False),
        sa.Column("draining", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.PrimaryKeyConstraint("worker", name=op.f("pk_cluster_workers")),
    )


def downgrade() -> None:
    op.drop_table("cluster_workers")
    with op.batch_alter_table("shard_leases", schema=None) as batch_op:
        batch_op.drop_index("ix_shard_leases_owner")
    op.drop_table("shard_leases")
