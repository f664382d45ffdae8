"""Live events: tournaments the director runs in the room with real cards (croupier keeps
the clock, the seats, balancing, standings and payouts), the clock on the wall and the
club's championship seasons. See ``docs/floor.md``."""

from croupier.server.live.clock_face import clock_face
from croupier.server.live.desk import LiveDesk, desk_of
from croupier.server.live.event import ClubLive, LiveEvent, WallClock, build_config

__all__ = [
    "ClubLive",
    "LiveDesk",
    "LiveEvent",
    "WallClock",
    "build_config",
    "clock_face",
    "desk_of",
]
