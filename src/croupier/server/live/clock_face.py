"""What the clock on the wall shows, from any tournament's clock state.

:func:`clock_face` reads a tournament (live, or played online by the engine: anything
built on :class:`~croupier.room.tournament.base.TournamentBase`) and gives the public
face of its clock: the level, blinds and ante, the time left, the next level, the time
to the break, players left and entries, the average stack, the prize pool and payouts,
the floor's message. Nothing hidden is in it (no seat, no stack but the average), so
the page that shows it needs no login.
"""

from __future__ import annotations

from typing import Any

from croupier.room.tournament.base import TournamentBase
from croupier.room.tournament.structure import Break, Level, Period

__all__ = ["clock_face"]


def _period(p: Period) -> dict[str, Any]:
    if isinstance(p, Break):
        return {"kind": "break", "minutes": p.minutes}
    return {
        "kind": "level",
        "small_blind": p.small_blind,
        "big_blind": p.big_blind,
        "ante": p.ante,
        "minutes": p.minutes,
    }


def clock_face(
    tournament: TournamentBase, *, title: str, message: str = "", now: float | None = None
) -> dict[str, Any]:
    """The clock's public face (JSON-ready). ``now`` is the server's wall time, for the
    page to count down between two readings.

    ``seconds_left`` is None in the last level (it lasts until the end);
    ``seconds_to_break`` is None when no break is ahead.
    """
    t = tournament
    t.tick()
    clock = t.clock
    periods = t.structure.periods
    index = clock.period_index
    left = clock.remaining()
    finite = left != float("inf")
    level: Level = clock.level
    upcoming = periods[index + 1] if index + 1 < len(periods) else None
    next_level = next((p for p in periods[index + 1 :] if isinstance(p, Level)), None)
    to_break: float | None = None
    if finite and not clock.on_break:
        ahead = left
        for p in periods[index + 1 :]:
            if isinstance(p, Break):
                to_break = ahead
                break
            ahead += p.seconds
    pool = t.prize_pool()
    amounts = t.prize_amounts()
    players = t.remaining
    registry = t.registry
    return {
        "title": title,
        "phase": t.phase.value,
        "started": clock.started,
        "running": clock.running,
        "on_break": clock.on_break,
        "period": index,
        "level": clock.level_number,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "seconds_left": round(left, 1) if finite else None,
        "period_seconds": periods[index].seconds,
        "upcoming": None if upcoming is None else _period(upcoming),
        "next_level": None if next_level is None else _period(next_level),
        "seconds_to_break": None if to_break is None else round(to_break, 1),
        "hand_for_hand": t.hand_for_hand,
        "players_left": players,
        "entries": len(registry),
        "rebuys": registry.rebuys,
        "add_ons": registry.add_ons,
        "chips": t.chips_expected(),
        "average_stack": t.chips_expected() // players if players else 0,
        "prize_pool": pool.total,
        "overlay": pool.overlay,
        "payouts": amounts,
        "winner": t.winner,
        "message": message,
        "server_time": now,
    }
