"""The floor's decisions told at the table: each one that concerns a player reaches him at once
and stays in the table's log.

Every decision of the floor is a line of its log (:class:`~croupier.server.floor.log.LogDecision`)
written with its change. Once written, the table's actor hands those lines here: each becomes a
``notice`` frame, in words the client puts in the player's language (a ``kind``, the player it
is about, the floor's reason, a few figures: the hand voided, the orbits and hands of a
suspension, the hands left before a table closes, where a player was moved). A decision the
whole table should hear (a hand voided, a suspension, a disqualification, the last hands, the
table closed, a move) goes on the table's stream; a warning only to the player it is about. The
player it is about gets it on his own topic too (he may not be watching the table). The last
notices are kept with the table, for a client that opens it afterwards (:func:`visible`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from croupier.server.pubsub import Topic
from croupier.server.tables.frames import dumps

if TYPE_CHECKING:
    from croupier.server.floor.log import LogDecision
    from croupier.server.tables.actor import TableActor

__all__ = ["KINDS", "deliver", "notice_of", "visible"]

_PUBLIC = frozenset(
    {
        "hand_voided",
        "suspension",
        "suspension_served",
        "disqualification",
        "disqualification_served",
        "penalty_lifted",
        "last_hands_announced",
        "table_closed",
        "moved",
    }
)
_PRIVATE = frozenset({"warning"})
KINDS = _PUBLIC | _PRIVATE
"""The decisions told at a table (the floor's log actions)."""

_FIGURES = ("hand", "hands", "orbits", "from", "to", "seat", "session", "hands_played")
"""The figures of a decision's detail a notice carries (never stacks, balances or ids)."""


def notice_of(log: LogDecision, table: str, number: int) -> dict[str, Any] | None:
    """The ``notice`` frame of ``log`` at ``table`` (None: not a decision told at a table);
    ``number``: its number in the table's notices."""
    if log.action not in KINDS:
        return None
    player = log.subject_id if log.subject_kind == "player" else None
    figures = {k: log.detail[k] for k in _FIGURES if k in log.detail}
    return {
        "v": 1,
        "type": "notice",
        "table": table,
        "id": f"{table}#{number}",
        "kind": log.action,
        "player": player,
        "why": log.why,
        "detail": figures,
        "by": log.role,
        "at": log.at.isoformat(),
        "to": None if log.action in _PUBLIC else player,
    }


def _records(records: Iterable[object]) -> list[LogDecision]:
    from croupier.server.floor.log import LogDecision

    return [r for r in records if isinstance(r, LogDecision)]


async def deliver(actor: TableActor, records: Iterable[object]) -> None:
    """Tell the decisions among ``records`` (written) at ``actor``'s table."""
    for log in _records(records):
        actor.notice_count += 1
        frame = notice_of(log, actor.name, actor.notice_count)
        if frame is None:
            continue
        actor.notices.append(frame)
        text = dumps(frame)
        pubsub = actor.service.pubsub
        if frame["to"] is None:
            await pubsub.publish(Topic.table(actor.name), text)
        if frame["player"] is not None:
            await pubsub.publish(Topic.user(frame["player"]), text)


def visible(actor: TableActor, player: str | None) -> list[dict[str, Any]]:
    """The notices kept at ``actor``'s table that ``player`` (None: a spectator) may read."""
    return [n for n in actor.notices if n["to"] is None or n["to"] == player]
