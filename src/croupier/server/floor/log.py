"""The floor's log: every decision of the floor, append-only, with who, when, about what and why.

Everyone who rules writes here (cash tables, penalties, tournaments online, live events):

- :class:`LogDecision` is a store record: put it in the same ``store.write([...])`` as the
  change it explains, so the change and its log line commit together or not at all;
- :func:`write_decision` writes one decision alone and returns it;
- :func:`read_log` (a read query) filters the log, newest first; :func:`log_csv` exports it.

A decision is about a *subject* (``subject_kind`` in :data:`FLOOR_SUBJECTS` and its id: a
table's name, a tournament's id, a player's screen name, a hand's id) and may say the *place*
it was taken at (``"table:t1"``, ``"tournament:42"``). ``detail`` is a small JSON object (what
the tools need: the amounts, the orbits of a suspension ...); ``why`` is the floor's words.
Nothing in the log is ever updated or deleted: a decision taken back is a new line.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from croupier.server.errors import ServerError
from croupier.server.storage import Store
from croupier.server.storage.records import dump_json
from croupier.server.storage.schema import FLOOR_SUBJECTS, floor_log
from croupier.server.storage.types import utc_now

__all__ = [
    "CSV_COLUMNS",
    "FLOOR_SUBJECTS",
    "MAX_WHY",
    "Decision",
    "LogDecision",
    "LogFilter",
    "log_csv",
    "read_log",
    "write_decision",
]

MAX_WHY = 1000
MAX_DETAIL = 4000
CSV_COLUMNS = (
    "id",
    "at",
    "who",
    "role",
    "subject_kind",
    "subject_id",
    "place",
    "action",
    "why",
    "detail",
)


@dataclass(frozen=True, slots=True)
class Decision:
    """One line of the floor's log."""

    id: int
    at: datetime
    who: str
    role: str
    subject_kind: str
    subject_id: str
    place: str
    action: str
    detail: Mapping[str, Any]
    why: str

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON (the moment in ISO 8601, UTC)."""
        return {
            "id": self.id,
            "at": self.at.isoformat(),
            "who": self.who,
            "role": self.role,
            "subject_kind": self.subject_kind,
            "subject_id": self.subject_id,
            "place": self.place,
            "action": self.action,
            "detail": dict(self.detail),
            "why": self.why,
        }


def _check(
    *, who: str, role: str, subject_kind: str, subject_id: str, place: str, action: str, why: str
) -> None:
    if subject_kind not in FLOOR_SUBJECTS:
        raise ServerError(f"subject kind {subject_kind!r}: one of {', '.join(FLOOR_SUBJECTS)}")
    for name, value, most in (
        ("who", who, 32),
        ("role", role, 16),
        ("subject id", subject_id, 64),
        ("action", action, 40),
    ):
        if not value or len(value) > most:
            raise ServerError(f"{name} {value!r}: from 1 to {most} characters")
    if len(place) > 80:
        raise ServerError(f"place {place[:40]!r}...: at most 80 characters")
    if len(why) > MAX_WHY:
        raise ServerError(f"why: at most {MAX_WHY} characters (got {len(why)})")


@dataclass(frozen=True, slots=True)
class LogDecision:
    """A store record: one decision appended to the floor's log; returns its id.

    >>> LogDecision(who="flo", role="floor", subject_kind="player", subject_id="ann",
    ...             action="warning", why="slow play").action
    'warning'
    """

    who: str
    role: str
    subject_kind: str
    subject_id: str
    action: str
    why: str = ""
    detail: Mapping[str, Any] = field(default_factory=dict)
    place: str = ""
    at: datetime = field(default_factory=utc_now)

    def __post_init__(self) -> None:
        _check(
            who=self.who,
            role=self.role,
            subject_kind=self.subject_kind,
            subject_id=self.subject_id,
            place=self.place,
            action=self.action,
            why=self.why,
        )
        if len(dump_json(dict(self.detail))) > MAX_DETAIL:
            raise ServerError(f"detail: at most {MAX_DETAIL} characters of JSON")

    def apply(self, connection: sa.Connection) -> object:
        result = connection.execute(
            floor_log.insert().values(
                at=self.at,
                who=self.who,
                role=self.role,
                subject_kind=self.subject_kind,
                subject_id=self.subject_id,
                place=self.place,
                action=self.action,
                detail=dump_json(dict(self.detail)),
                why=self.why,
            )
        )
        assert result.inserted_primary_key is not None
        return int(result.inserted_primary_key[0])

    def decision(self, id: int) -> Decision:
        """The decision as it was stored with ``id``."""
        return Decision(
            id=id,
            at=self.at,
            who=self.who,
            role=self.role,
            subject_kind=self.subject_kind,
            subject_id=self.subject_id,
            place=self.place,
            action=self.action,
            detail=dict(self.detail),
            why=self.why,
        )


async def write_decision(
    store: Store,
    *,
    who: str,
    role: str,
    subject_kind: str,
    subject_id: str,
    action: str,
    why: str = "",
    detail: Mapping[str, Any] | None = None,
    place: str = "",
) -> Decision:
    """Append one decision to the log (committed when this returns) and return it."""
    record = LogDecision(
        who=who,
        role=role,
        subject_kind=subject_kind,
        subject_id=subject_id,
        action=action,
        why=why,
        detail=dict(detail or {}),
        place=place,
    )
    [new_id] = await store.write([record])
    assert isinstance(new_id, int)
    return record.decision(new_id)


@dataclass(frozen=True, slots=True)
class LogFilter:
    """Which decisions to read: each field given narrows the log (``None``: any)."""

    subject_kind: str | None = None
    subject_id: str | None = None
    place: str | None = None
    action: str | None = None
    who: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    text: str | None = None
    """Decisions whose ``why`` contains this text (any case)."""
    before: int | None = None
    """Decisions with an id below this one (the next page)."""
    limit: int = 200

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> LogFilter:
        """The filter of a request's query string; a clear error for a bad value."""
        known = {
            "subject_kind", "subject_id", "place", "action", "who",
            "since", "until", "text", "before", "limit", "format",
        }  # fmt: skip
        unknown = sorted(set(query) - known)
        if unknown:
            raise ServerError(
                f"unknown filter {unknown[0]!r}: use {', '.join(sorted(known - {'format'}))}"
            )
        kind = query.get("subject_kind") or None
        if kind is not None and kind not in FLOOR_SUBJECTS:
            raise ServerError(f"subject_kind {kind!r}: one of {', '.join(FLOOR_SUBJECTS)}")
        return cls(
            subject_kind=kind,
            subject_id=query.get("subject_id") or None,
            place=query.get("place") or None,
            action=query.get("action") or None,
            who=query.get("who") or None,
            since=_moment(query, "since"),
            until=_moment(query, "until"),
            text=query.get("text") or None,
            before=_whole(query, "before", 1, 10**15),
            limit=_whole(query, "limit", 1, 5000) or 200,
        )


def _whole(query: Mapping[str, str], name: str, low: int, high: int) -> int | None:
    text = query.get(name)
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise ServerError(f"{name} {text!r}: a whole number from {low} to {high}")
    return int(text)


def _moment(query: Mapping[str, str], name: str) -> datetime | None:
    text = query.get(name)
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ServerError(
            f"{name} {text!r}: a date or moment in ISO 8601 (2026-12-01 or 2026-12-01T14:00Z)"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment


def read_log(connection: sa.Connection, where: LogFilter | None = None) -> list[Decision]:
    """The decisions that pass ``where``, newest first (a read query for ``store.read``)."""
    where = where or LogFilter()
    c = floor_log.c
    query = sa.select(floor_log).order_by(c.id.desc()).limit(where.limit)
    for column, value in (
        (c.subject_kind, where.subject_kind),
        (c.subject_id, where.subject_id),
        (c.place, where.place),
        (c.action, where.action),
        (c.who, where.who),
    ):
        if value is not None:
            query = query.where(column == value)
    if where.since is not None:
        query = query.where(c.at >= where.since)
    if where.until is not None:
        query = query.where(c.at < where.until)
    if where.before is not None:
        query = query.where(c.id < where.before)
    if where.text:
        query = query.where(sa.func.lower(c.why).contains(where.text.lower(), autoescape=True))
    return [_decision(row) for row in connection.execute(query)]


def _decision(row: sa.Row[Any]) -> Decision:
    return Decision(
        id=int(row.id),
        at=row.at,
        who=row.who,
        role=row.role,
        subject_kind=row.subject_kind,
        subject_id=row.subject_id,
        place=row.place,
        action=row.action,
        detail=json.loads(row.detail),
        why=row.why,
    )


def log_csv(decisions: Iterable[Decision]) -> str:
    """The decisions as CSV (a header line, then one line each; ``detail`` as JSON text).

    A cell that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``) is quoted
    with a leading apostrophe.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for d in decisions:
        writer.writerow(
            _cells(
                [
                    str(d.id),
                    d.at.isoformat(),
                    d.who,
                    d.role,
                    d.subject_kind,
                    d.subject_id,
                    d.place,
                    d.action,
                    d.why,
                    dump_json(dict(d.detail)),
                ]
            )
        )
    return out.getvalue()


def _cells(values: Sequence[str]) -> list[str]:
    return ["'" + v if v[:1] in ("=", "+", "-", "@") else v for v in values]
