"""The live events desk: every live event and championship season of the server, kept in
memory and written to the ``snapshots`` table after each change (kinds ``live-event``
and ``season``), read back on the first use after a start.

A change runs under one lock: it is applied to the domain (which refuses bad input,
changing nothing), then the snapshot is written; if the write fails the change is
undone by reading the last snapshot back.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from starlette.requests import Request

from croupier.errors import ConfigurationError
from croupier.room.championship import Formula, Season, event_from_tournament, formula
from croupier.room.tournament.clock import Clock
from croupier.server.errors import NotFoundError
from croupier.server.floor.log import LogDecision
from croupier.server.live.event import KIND, LiveEvent, WallClock, stamp
from croupier.server.services import Services
from croupier.server.storage.reads import latest_snapshots
from croupier.server.storage.records import SaveSnapshot

__all__ = ["SEASON_KIND", "LiveDesk", "desk_of"]

SEASON_KIND = "season"
T = TypeVar("T")
_log = logging.getLogger("croupier.server.live")


class LiveDesk:
    """The live events and seasons of one server."""

    def __init__(self, services: Services, *, clock: Clock | None = None) -> None:
        self.services = services
        self.clock: Clock = clock or WallClock()
        self.rng: random.Random = random.SystemRandom()
        self.events: dict[str, LiveEvent] = {}
        self.seasons: dict[str, Season] = {}
        self.lock = asyncio.Lock()
        self._loaded = False

    async def load(self) -> None:
        """Read every stored event and season (once)."""
        if self._loaded:
            return
        store = self.services.store
        events = await store.read(lambda c: latest_snapshots(c, KIND))
        seasons = await store.read(lambda c: latest_snapshots(c, SEASON_KIND))
        for key, data in events.items():
            try:
                self.events[key] = LiveEvent.restore(data, clock=self.clock)
            except ConfigurationError:
                _log.exception("live event %s: its snapshot cannot be read, left aside", key)
        for key, data in seasons.items():
            try:
                self.seasons[key] = Season.restore(data)
            except ConfigurationError:
                _log.exception("season %s: its snapshot cannot be read, left aside", key)
        self._loaded = True

    # -------------------------------------------------------------- events
    def event(self, event_id: str) -> LiveEvent:
        """The event ``event_id``, or a 404."""
        found = self.events.get(event_id)
        if found is None:
            raise NotFoundError(f"no live tournament {event_id!r}")
        return found

    def new_id(self) -> str:
        """The next free event number."""
        numbers = [int(k) for k in self.events if k.isdigit()]
        return str(max(numbers, default=0) + 1)

    async def create(
        self, name: str, spec: Mapping[str, Any], *, by: str, role: str = "floor"
    ) -> LiveEvent:
        """A new event (refused, creating nothing, if its settings are impossible)."""
        async with self.lock:
            event = LiveEvent(self.new_id(), name, spec, by=by, clock=self.clock, rng=self.rng)
            event.note(by, "created", f"{name} ({spec.get('preset') or 'pokcomm'})")
            self.events[event.id] = event
            try:
                await self._save(event, role=role, since=0)
            except BaseException:
                del self.events[event.id]
                raise
            return event

    async def change(
        self, event_id: str, fn: Callable[[LiveEvent], T], *, role: str = "floor"
    ) -> T:
        """Apply ``fn`` to the event and store it, with what it wrote to the event's journal
        in the floor's log (one transaction); a refused change changes nothing."""
        async with self.lock:
            event = self.event(event_id)
            before = event.snapshot()
            since = len(event.journal)
            try:
                result = fn(event)
                await self._save(event, role=role, since=since)
            except BaseException:
                self.events[event_id] = LiveEvent.restore(before, clock=self.clock)
                raise
            return result

    async def _save(self, event: LiveEvent, *, role: str, since: int) -> None:
        records: list[Any] = [SaveSnapshot(KIND, event.id, event.snapshot())]
        records += [_logged(event, entry, role) for entry in event.journal[since:]]
        await self.services.store.write(records)

    # ------------------------------------------------------------- seasons
    def season(self, name: str) -> Season:
        """The season ``name``, or a 404."""
        found = self.seasons.get(name)
        if found is None:
            raise NotFoundError(f"no season {name!r}")
        return found

    async def create_season(
        self,
        name: str,
        *,
        points: str | Mapping[str, Any],
        knockout_points: int,
        shared_knockouts: bool = False,
    ) -> Season:
        """A new season with its points formula (a name of :data:`FORMULAS` or a formula)
        and its knock-out bonus, split on a split pot only when ``shared_knockouts``."""
        async with self.lock:
            key = name.strip()
            if key in self.seasons:
                raise ConfigurationError(f"there is already a season {key!r}")
            if not key or len(key) > 64 or "/" in key:
                raise ConfigurationError(f"a season's name is 1 to 64 characters, no '/': {name!r}")
            chosen: Formula = (
                formula(points) if isinstance(points, str) else Formula.from_json(dict(points))
            )
            season = Season(key, chosen, knockout_points, shared_knockouts=shared_knockouts)
            await self.services.store.write([SaveSnapshot(SEASON_KIND, key, season.snapshot())])
            self.seasons[key] = season
            return season

    async def add_to_season(
        self, event_id: str, name: str, *, by: str, role: str = "floor"
    ) -> Season:
        """Add a finished event's result to a season (once)."""
        async with self.lock:
            event = self.event(event_id)
            season = self.season(name)
            if event.in_season:
                raise ConfigurationError(f"{event.name} is already in the season {event.season}")
            result = event_from_tournament(
                event.tournament, event=event.name, date=stamp(event.created_at)[:10]
            )
            before = season.snapshot()
            season.add(result)
            event.season, event.in_season = name, True
            event.note(by, "added to season", name)
            try:
                await self.services.store.write(
                    [
                        SaveSnapshot(SEASON_KIND, name, season.snapshot()),
                        SaveSnapshot(KIND, event.id, event.snapshot()),
                        _logged(event, event.journal[-1], role),
                    ]
                )
            except BaseException:
                self.seasons[name] = Season.restore(before)
                event.season, event.in_season = None, False
                event.journal.pop()
                raise
            return season

    async def remove_from_season(
        self, name: str, event_name: str, *, by: str, role: str = "floor", why: str = ""
    ) -> Season:
        """Take an event out of a season (added by mistake); its live event may be added again."""
        async with self.lock:
            season = self.season(name)
            before = season.snapshot()
            season.remove(event_name)
            events = [e for e in self.events.values() if e.season == name and e.name == event_name]
            records: list[Any] = [SaveSnapshot(SEASON_KIND, name, season.snapshot())]
            for event in events:
                event.season, event.in_season = None, False
                event.note(by, "removed from season", name, why)
                records += [SaveSnapshot(KIND, event.id, event.snapshot())]
                records += [_logged(event, event.journal[-1], role)]
            try:
                await self.services.store.write(records)
            except BaseException:
                self.seasons[name] = Season.restore(before)
                for event in events:
                    event.season, event.in_season = name, True
                    event.journal.pop()
                raise
            return season


def _logged(event: LiveEvent, entry: Mapping[str, Any], role: str) -> LogDecision:
    """A journal entry of ``event`` as a line of the floor's log."""
    return LogDecision(
        who=str(entry["by"])[:32],
        role=role,
        subject_kind="event",
        subject_id=event.id,
        action=str(entry["action"])[:40],
        why=str(entry.get("reason") or ""),
        detail={"detail": str(entry.get("detail") or "")[:2000], "level": entry.get("level")},
        place=f"live:{event.id} {event.name}"[:80],
    )


def desk_of(request: Request) -> LiveDesk:
    """The app's desk (made on first use)."""
    state = request.app.state
    desk: LiveDesk | None = getattr(state, "live_desk", None)
    if desk is None or desk.services is not state.services:
        desk = LiveDesk(state.services, clock=getattr(state, "live_clock", None))
        state.live_desk = desk
    return desk
