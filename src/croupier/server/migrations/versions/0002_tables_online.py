"""The tables online: each hand's deck commitment, and who was dealt in each hand.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("root", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("opening", sa.Text(), nullable=True))
    op.create_table(
        "hand_players",
        sa.Column("hand_id", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["hands.id"], name=op.f("fk_hand_players_hand_id_hands")
        ),
        sa.PrimaryKeyConstraint("hand_id", "seat", name=op.f("pk_hand_players")),
    )
    with op.batch_alter_table("hand_players", schema=None) as batch_op:
        batch_op.create_index("ix_hand_players_player", ["player"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("hand_players", schema=None) as batch_op:
        batch_op.drop_index("ix_hand_players_player")
    op.drop_table("hand_players")
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_column("opening")
        batch_op.drop_column("root")
