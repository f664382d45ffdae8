"""Alembic's environment: run the migrations on the connection croupier hands over."""

from __future__ import annotations

from alembic import context

from croupier.server.storage.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "croupier's migrations run from code: croupier db upgrade (or start the server)"
    )
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
