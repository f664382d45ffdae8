"""The initial schema: users, sessions, the ledger, snapshots, hands and their events.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.server.storage.types import UTCDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hands",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("table_name", sa.String(length=64), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("started_at", UTCDateTime(), nullable=False),
        sa.Column("ended_at", UTCDateTime(), nullable=True),
        sa.CheckConstraint("status IN ('open', 'ended', 'voided')", name=op.f("ck_hands_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hands")),
    )
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.create_index("ix_hands_status", ["status"], unique=False)
        batch_op.create_index("ix_hands_table_name_number", ["table_name", "number"], unique=False)

    op.create_table(
        "snapshots",
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "name", name=op.f("pk_snapshots")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("screen_name", sa.String(length=32), nullable=False),
        sa.Column("screen_key", sa.String(length=32), nullable=False),
        sa.Column("full_name", sa.String(length=200), nullable=False),
        sa.Column("date_of_birth", sa.Date(), nullable=True),
        sa.Column("adult_confirmed_at", UTCDateTime(), nullable=False),
        sa.Column("rules_version", sa.String(length=40), nullable=False),
        sa.Column("rules_accepted_at", UTCDateTime(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("failed_logins", sa.Integer(), server_default="0", nullable=False),
        sa.Column("locked_until", UTCDateTime(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint(
            "role IN ('player', 'floor', 'cashier', 'admin')", name=op.f("ck_users_role")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("screen_key", name=op.f("uq_users_screen_key")),
    )
    op.create_table(
        "hand_events",
        sa.Column("hand_id", sa.BigInteger(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["hands.id"], name=op.f("fk_hand_events_hand_id_hands")
        ),
        sa.PrimaryKeyConstraint("hand_id", "seq", name=op.f("pk_hand_events")),
    )
    op.create_table(
        "ledger_entries",
        sa.Column("number", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("memo", sa.String(length=500), server_default="", nullable=False),
        sa.Column("hand_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["hands.id"], name=op.f("fk_ledger_entries_hand_id_hands")
        ),
        sa.PrimaryKeyConstraint("number", name=op.f("pk_ledger_entries")),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_sessions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index("ix_sessions_user_id", ["user_id"], unique=False)

    op.create_table(
        "ledger_postings",
        sa.Column("entry_number", sa.BigInteger(), nullable=False),
        sa.Column("line", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("account_kind", sa.String(length=32), nullable=False),
        sa.Column("player", sa.String(length=64), server_default="", nullable=False),
        sa.Column("table_name", sa.String(length=64), server_default="", nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["entry_number"],
            ["ledger_entries.number"],
            name=op.f("fk_ledger_postings_entry_number_ledger_entries"),
        ),
        sa.PrimaryKeyConstraint("entry_number", "line", name=op.f("pk_ledger_postings")),
    )
    with op.batch_alter_table("ledger_postings", schema=None) as batch_op:
        batch_op.create_index("ix_ledger_postings_player", ["player"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("ledger_postings", schema=None) as batch_op:
        batch_op.drop_index("ix_ledger_postings_player")

    op.drop_table("ledger_postings")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index("ix_sessions_user_id")

    op.drop_table("sessions")
    op.drop_table("ledger_entries")
    op.drop_table("hand_events")
    op.drop_table("users")
    op.drop_table("snapshots")
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_index("ix_hands_table_name_number")
        batch_op.drop_index("ix_hands_status")

    op.drop_table("hands")
