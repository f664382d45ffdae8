"""The database schema (SQLAlchemy Core): what the server keeps, one table per kind of record.

The migrations in ``croupier/server/migrations`` build exactly this schema (a test compares
them); change both together, with a new migration, never by editing an applied one.

- ``users``: the identity the room keeps (CAS-3), the adult confirmation (POK-1-2), the rules
  accepted and when (POK-1-1), the role, the argon2 password hash and the login lock.
- ``sessions``: a logged-in browser: the keyed hash of its cookie token (never the token), its
  CSRF token and its expiry.
- ``ledger_entries`` and ``ledger_postings``: the money, append-only, in whole cents; the same
  double-entry model as :mod:`croupier.room.cash.ledger` (each entry's postings sum to zero).
- ``snapshots``: the last snapshot of each table, room or tournament (JSON from the domain's
  ``snapshot()``), written at hand boundaries and after each between-hand operation.
- ``hands`` and ``hand_events``: every hand, and its events as they happen (JSON from
  :func:`croupier.engine.events.event_to_dict`); ``status`` is ``open`` until the hand ends or is
  voided. A hand keeps its deck commitment: the published ``root`` and the secret ``opening``
  (:mod:`croupier.commitment`: the salts, so that a restarted server goes on proving cards).
- ``hand_players``: who was dealt in each hand, at which seat (a player's own hands, PKG-15).
- ``floor_log``: the floor's decisions, append-only (:mod:`croupier.server.floor.log`): when,
  who (and his role), about what (a subject: a table, a tournament, a player, a hand), where
  (a table or tournament the decision was taken at, if any), the action, its details (JSON)
  and why.
- ``shard_leases``: who owns each shard (a cash table, a tournament with its tables, the room's
  shared part, a cashier partition; :mod:`croupier.server.cluster`): the owner (a worker's id,
  ``""`` when free), the epoch (bumped by every acquisition: the fence every commit of the
  shard checks) and the expiry, in milliseconds of the database's clock.
- ``cluster_workers``: the workers that said they are alive (their heartbeat's expiry, on the
  database's clock) and whether they are draining (placement gives them no new shard).
- ``store_commits``: each store writer's last committed batch (its number, marked in the
  batch's own transaction), so that a writer whose commit answer was lost with the connection
  learns whether it went through (:mod:`croupier.server.storage.store`).
"""

from __future__ import annotations

import sqlalchemy as sa

from croupier.server.storage.types import UTCDateTime

__all__ = [
    "FLOOR_SUBJECTS",
    "HAND_STATUSES",
    "ROLES",
    "cluster_workers",
    "floor_log",
    "hand_events",
    "hand_players",
    "hands",
    "ledger_entries",
    "ledger_postings",
    "metadata",
    "sessions",
    "shard_leases",
    "snapshots",
    "store_commits",
    "users",
]

ROLES = ("player", "floor", "cashier", "admin")
"""The roles of the room: a player plays; the floor (tournament director) rules on the tables;
the cashier moves money in and out; the admin manages accounts."""

HAND_STATUSES = ("open", "ended", "voided")

FLOOR_SUBJECTS = ("table", "tournament", "player", "hand", "room", "event", "season")
"""What a floor decision can be about (``floor_log.subject_kind``)."""

metadata = sa.MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("screen_name", sa.String(32), nullable=False),
    sa.Column("screen_key", sa.String(32), nullable=False, unique=True),
    sa.Column("full_name", sa.String(200), nullable=False),
    sa.Column("date_of_birth", sa.Date, nullable=True),
    sa.Column("adult_confirmed_at", UTCDateTime, nullable=False),
    sa.Column("rules_version", sa.String(40), nullable=False),
    sa.Column("rules_accepted_at", UTCDateTime, nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("failed_logins", sa.Integer, nullable=False, server_default="0"),
    sa.Column("locked_until", UTCDateTime, nullable=True),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Column("is_bot", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.CheckConstraint("role IN ('player', 'floor', 'cashier', 'admin')", name="role"),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    sa.Column("csrf_token", sa.String(64), nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Column("expires_at", UTCDateTime, nullable=False),
    sa.Index("ix_sessions_user_id", "user_id"),
)

ledger_entries = sa.Table(
    "ledger_entries",
    metadata,
    sa.Column("number", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("memo", sa.String(500), nullable=False, server_default=""),
    sa.Column("hand_id", sa.BigInteger, sa.ForeignKey("hands.id"), nullable=True),
    sa.Column("created_at", UTCDateTime, nullable=False),
)

ledger_postings = sa.Table(
    "ledger_postings",
    metadata,
    sa.Column(
        "entry_number",
        sa.BigInteger,
        sa.ForeignKey("ledger_entries.number"),
        primary_key=True,
    ),
    sa.Column("line", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("account_kind", sa.String(32), nullable=False),
    sa.Column("player", sa.String(64), nullable=False, server_default=""),
    sa.Column("table_name", sa.String(64), nullable=False, server_default=""),
    sa.Column("amount", sa.BigInteger, nullable=False),
    sa.Index("ix_ledger_postings_player", "player"),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column("kind", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("version", sa.BigInteger, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("updated_at", UTCDateTime, nullable=False),
)

hands = sa.Table(
    "hands",
    metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True),
    sa.Column("table_name", sa.String(64), nullable=False),
    sa.Column("number", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(8), nullable=False),
    sa.Column("started_at", UTCDateTime, nullable=False),
    sa.Column("ended_at", UTCDateTime, nullable=True),
    sa.Column("root", sa.String(64), nullable=True),
    sa.Column("opening", sa.Text, nullable=True),
    sa.CheckConstraint("status IN ('open', 'ended', 'voided')", name="status"),
    sa.Index("ix_hands_table_name_number", "table_name", "number"),
    sa.Index("ix_hands_status", "status"),
)

hand_events = sa.Table(
    "hand_events",
    metadata,
    sa.Column("hand_id", sa.BigInteger, sa.ForeignKey("hands.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("data", sa.Text, nullable=False),
)

hand_players = sa.Table(
    "hand_players",
    metadata,
    sa.Column("hand_id", sa.BigInteger, sa.ForeignKey("hands.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player", sa.String(64), nullable=False),
    sa.Index("ix_hand_players_player", "player"),
)

floor_log = sa.Table(
    "floor_log",
    metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True),
    sa.Column("at", UTCDateTime, nullable=False),
    sa.Column("who", sa.String(32), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("subject_kind", sa.String(16), nullable=False),
    sa.Column("subject_id", sa.String(64), nullable=False),
    sa.Column("place", sa.String(80), nullable=False, server_default=""),
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("detail", sa.Text, nullable=False, server_default="{}"),
    sa.Column("why", sa.String(1000), nullable=False, server_default=""),
    sa.Index("ix_floor_log_subject_kind_subject_id", "subject_kind", "subject_id"),
    sa.Index("ix_floor_log_at", "at"),
)

shard_leases = sa.Table(
    "shard_leases",
    metadata,
    sa.Column("kind", sa.String(16), primary_key=True),
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False, server_default=""),
    sa.Column("epoch", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("acquired_ms", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("expires_ms", sa.BigInteger, nullable=False, server_default="0"),
    sa.CheckConstraint("kind IN ('table', 'tournament', 'room', 'cashier')", name="kind"),
    sa.Index("ix_shard_leases_owner", "owner"),
)

cluster_workers = sa.Table(
    "cluster_workers",
    metadata,
    sa.Column("worker", sa.String(64), primary_key=True),
    sa.Column("started_ms", sa.BigInteger, nullable=False),
    sa.Column("expires_ms", sa.BigInteger, nullable=False),
    sa.Column("draining", sa.Boolean, nullable=False, server_default=sa.false()),
)

store_commits = sa.Table(
    "store_commits",
    metadata,
    sa.Column("writer", sa.String(32), primary_key=True),
    sa.Column("batch", sa.BigInteger, nullable=False),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
)
