"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

__all__ = ["UTCDateTime", "utc_now"]


def utc_now() -> datetime:
    """The current time, timezone-aware, in UTC (to the microsecond)."""
    return datetime.now(UTC)


class UTCDateTime(sa.TypeDecorator[datetime]):
    """A moment stored as a naive UTC timestamp and read back timezone-aware (UTC).

    SQLite keeps no time zone; storing every moment as naive UTC makes comparisons (a login
    lock's end, a session's expiry) the same on both databases.
    """

    impl = sa.DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"a stored moment must be timezone-aware, not {value!r}")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC)
