"""defences: a bot is a property of its account (``users.is_bot``), never of its name.

The demo's cash-table bots, made with the demo room (``Bot-Anna`` ... with the full name
``Demo bot Anna``), are marked; any other account, whatever its name, stays a player.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_DEMO_CASH_BOTS = ("Anna", "Bruno", "Chloe", "Dario", "Elena", "Fabio", "Greta", "Hugo")


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("is_bot", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    users = sa.table(
        "users",
        sa.column("screen_name", sa.String),
        sa.column("full_name", sa.String),
        sa.column("is_bot", sa.Boolean),
    )
    for name in _DEMO_CASH_BOTS:
        op.execute(
            users.update()
            .where(users.c.screen_name == f"Bot-{name}", users.c.full_name == f"Demo bot {name}")
            .values(is_bot=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("is_bot")
