"""The floor's operations on a tournament online (``floor`` and ``admin`` roles): start it,
pause and resume the clock, add or remove time, move a player, apply the balancing
suggestion, hand-for-hand on or off, cancel before the start. Each is applied by the
tournament's actor like any command (refused, changing nothing, when the rules say no), and
logged with who, when and why in the tournament's decision log (stored with it)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament.balancing import MoveReason
from croupier.server.tournaments.spec import table_name

if TYPE_CHECKING:
    from croupier.server.tournaments.actor import TournamentActor

__all__ = ["OPERATIONS", "apply"]

OPERATIONS = ("start", "pause", "resume", "time", "move", "balance", "hand-for-hand", "cancel")


def apply(actor: TournamentActor, order: dict[str, Any]) -> dict[str, Any]:
    """Apply the floor's ``order`` (``{"op": ..., "reason": ..., ...}``) to ``actor``."""
    op = order.get("op")
    reason = order.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ConfigurationError("every floor decision gives its reason: send a 'reason' text")
    if op == "start":
        if actor.state != "registering":
            raise IllegalActionError(f"{actor.id} is {actor.state}: it cannot start again")
        actor._start()
        return {"state": actor.state}
    if op == "cancel":
        if actor.state != "registering":
            raise IllegalActionError(
                f"{actor.id} is {actor.state}: only a tournament not started is cancelled"
            )
        actor.cancel(reason)
        return {"state": actor.state}
    t = actor._running()
    clock = t.clock
    if op == "pause":
        if not clock.running:
            raise IllegalActionError("the clock is already stopped")
        clock.pause()
        return {"paused": True}
    if op == "resume":
        if clock.running:
            raise IllegalActionError("the clock is already running")
        if t.hand_for_hand:
            raise IllegalActionError("hand-for-hand play: the clock stays stopped (TDA RP-8)")
        clock.resume()
        return {"paused": False}
    if op == "time":
        seconds = order.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds:
            raise ConfigurationError(f"seconds is a number of seconds (not 0), not {seconds!r}")
        if abs(seconds) > 3600:
            raise ConfigurationError("add or remove at most an hour at once")
        if seconds > 0:
            clock.add_time(float(seconds))
        else:
            if math.isinf(clock.remaining()):
                raise IllegalActionError("the last level lasts until the end: no time to remove")
            if -seconds >= clock.remaining():
                raise IllegalActionError(
                    f"the period has {clock.remaining():.0f} s left: remove less than that"
                )
            clock.remove_time(float(-seconds))
        t.tick()
        for table in actor.tables.values():
            table.info_cache = None
            actor.touched.add(table.name)
        left = clock.remaining()
        return {"time_left": None if math.isinf(left) else round(left, 1)}
    if op == "move":
        return _move(actor, order)
    if op == "balance":
        moves = t.rearrange()
        return {
            "moves": [
                {
                    "player": m.player,
                    "from_table": table_name(actor.id, m.from_table),
                    "table": table_name(actor.id, m.to_table),
                    "seat": m.to_seat,
                }
                for m in moves
            ]
        }
    if op == "hand-for-hand":
        on = order.get("on")
        if not isinstance(on, bool):
            raise ConfigurationError(f"on is true or false, not {on!r}")
        if on == t.hand_for_hand:
            raise IllegalActionError(f"hand-for-hand is already {'on' if on else 'off'}")
        t._hfh = on
        t._hfh_played.clear()
        if on and clock.running:
            clock.pause()
        elif not on and not clock.running:
            clock.resume()
        return {"hand_for_hand": on}
    raise ConfigurationError(f"unknown floor operation {op!r}: one of {', '.join(OPERATIONS)}")


def _move(actor: TournamentActor, order: dict[str, Any]) -> dict[str, Any]:
    t = actor._running()
    player = order.get("player")
    table = order.get("table")
    if not isinstance(player, str) or player not in t.players():
        raise IllegalActionError(f"{player!r} is not playing in {actor.id}")
    if type(table) is not int or table not in t.table_numbers():
        raise IllegalActionError(f"there is no table {table!r}: the tables are {t.table_numbers()}")
    source, _ = t.seat_of(player)
    if source == table:
        raise IllegalActionError(f"{player} already sits at table {table}")
    for number in (source, table):
        if not t.table(number).between_hands:
            raise IllegalActionError(
                f"table {number} is playing a hand: move {player} once it is over"
            )
    target = t.table(table)
    free = target.free_seats()
    seat = order.get("seat")
    if seat is None:
        if not free:
            raise IllegalActionError(f"table {table} is full")
        seat = t.rng.choice(free)
    if type(seat) is not int or seat not in free:
        raise IllegalActionError(f"seat {seat!r} at table {table} is not free: free are {free}")
    move = t._move(player, table, seat, MoveReason.FLOOR)
    return {"table": table_name(actor.id, move.to_table), "seat": move.to_seat}
