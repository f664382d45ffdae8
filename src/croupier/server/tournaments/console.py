"""What the floor's console and the clock on the wall need of a tournament online: the
staff's view (every player's table, seat and chips, the tables, the balancing suggestion,
the clock), the clock's public face (:func:`~croupier.server.live.clock_face.clock_face`
fed by the online tournament's state), and the floor's decisions as lines of the floor's
log (``floor_log``, subject kind ``tournament``), written in the same transaction as the
change they explain."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from croupier.room.tournament import Tournament
from croupier.room.tournament.balancing import difference, is_final, long_and_short, table_to_break
from croupier.server.floor.log import Decision, LogDecision
from croupier.server.live.clock_face import clock_face
from croupier.server.tournaments import views
from croupier.server.tournaments.purse import ServerClock
from croupier.server.tournaments.spec import ONLINE_PRESETS, table_name

if TYPE_CHECKING:
    from croupier.server.tournaments.actor import TournamentActor

__all__ = ["balancing", "decision_line", "face", "log_record", "public_face", "staff_view"]

FACE_SECONDS = 1.0
"""How long a clock's face read by the actor serves the walls (every TV polls it)."""
_faces: dict[str, tuple[float, TournamentActor, dict[str, Any]]] = {}


async def public_face(actor: TournamentActor) -> dict[str, Any]:
    """The clock's face for the wall, read in the actor's turn at most once a second (the
    pages count down in between): a room full of screens does not fill the actor's queue."""
    from croupier.server.tables.commands import Command

    now = time.monotonic()
    cached = _faces.get(actor.id)
    if cached is not None and cached[1] is actor and now - cached[0] < FACE_SECONDS:
        return cached[2]
    data = await actor.submit(Command("clock_face"))
    if len(_faces) > 256:
        _faces.clear()
    _faces[actor.id] = (now, actor, data)
    return data


def log_record(
    actor: TournamentActor, *, who: str, role: str, action: str, why: str, detail: dict[str, Any]
) -> LogDecision:
    """The floor's decision on ``actor``'s tournament as a line of the floor's log."""
    return LogDecision(
        who=who[:32] or "server",
        role=role[:16] or "floor",
        subject_kind="tournament",
        subject_id=actor.id,
        action=action[:40],
        why=why[:1000],
        detail=detail,
        place=f"tournament:{actor.id}"[:80],
    )


def decision_line(d: Decision) -> dict[str, Any]:
    """A log line as the tournament's decisions list shows it (who, role, when, what, why)."""
    return {
        "id": d.id,
        "at": d.at.isoformat(),
        "by": d.who,
        "role": d.role,
        "what": d.action,
        "args": dict(d.detail),
        "why": d.why,
    }


def face(actor: TournamentActor) -> dict[str, Any]:
    """The clock's public face of a tournament online (what ``/clock/<id>`` shows); before
    the start, the structure's first level with the players registered so far."""
    t = actor.tournament
    if t is None:
        # a look only, never started nor stored
        t = Tournament(actor.config, clock=ServerClock(actor.now), rng=random.Random(0))
        for player in actor.registered:
            t.register(player, adult=True)
    data = clock_face(t, title=actor.spec.name, now=actor.now())
    if actor.tournament is None:
        data["average_stack"] = actor.config.structure.starting_stack
    data["state"] = actor.state
    data["online"] = True
    return data


def balancing(actor: TournamentActor) -> dict[str, Any]:
    """The domain's balancing suggestion, read only: the players at each table, the
    largest difference, the table that gives a player and the one that gets him (the
    "next big blind moves" rule applies when the floor applies it: POK-7-1), a table to
    break, whether it is time for the final table."""
    t = actor.tournament
    if t is None or actor.state != "running":
        return {"counts": {}, "difference": 0, "move": None, "break": None, "final": False}
    counts = {n: len(t.table(n).players) for n in t.table_numbers()}
    size = actor.config.options.table_size
    pair = long_and_short(counts)
    broken = table_to_break(counts, size)
    return {
        "counts": {table_name(actor.id, n): c for n, c in counts.items()},
        "difference": difference(counts),
        "move": None
        if pair is None
        else {"from_table": table_name(actor.id, pair[0]), "table": table_name(actor.id, pair[1])},
        "break": None if broken is None else table_name(actor.id, broken),
        "final": is_final(counts, size),
    }


def staff_view(actor: TournamentActor) -> dict[str, Any]:
    """The tournament as the floor sees it: the view (players, tables, chip counts, clock),
    its lobby entry (structure, buy-in), the balancing suggestion and the presets."""
    data = views.view(actor, None)
    data.pop("v")
    data.pop("type")
    data["entry"] = views.lobby_entry(actor)
    data["balancing"] = balancing(actor)
    data["kind"] = actor.spec.kind
    data["presets"] = list(ONLINE_PRESETS)
    data["clock"] = face(actor)
    return data
