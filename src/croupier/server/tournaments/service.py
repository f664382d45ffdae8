"""The tournaments online: one actor per tournament, recovered on start, their lobby, their
clock's ticks, and the demo's sit-and-go and multi-table tournament.

Recovery: each tournament's stored part holds the domain's snapshot with every table (a hand
in progress as its events, deck included); a table whose hand was in progress takes that
hand's events from ``hand_events`` (every event a client heard of is there), checked as the
cash tables' are (:func:`croupier.server.tables.recovery._take_hand`: the events replay and
the deck is the committed one, else the hand is voided, ITA-45). The level clock resumes where
the last write left it: the time the server was down does not run.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import time
from typing import Any

from croupier.bots import Bot, make_bot
from croupier.errors import ConfigurationError
from croupier.room.tournament import Tournament
from croupier.server.cluster.shards import tournament_shard
from croupier.server.money import MoneyDesk
from croupier.server.protocol.codes import ProtocolError
from croupier.server.pubsub import Topic
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.storage import Record, Store
from croupier.server.storage.reads import latest_snapshots, open_hands, user_by_name
from croupier.server.storage.records import EndHand, NewUser, SaveSnapshot
from croupier.server.storage.types import utc_now
from croupier.server.tables.commands import Command
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.demo import DEMO_BOTS
from croupier.server.tables.frames import dumps
from croupier.server.tables.records import open_hand_of
from croupier.server.tables.recovery import Recovered, _take_hand
from croupier.server.tables.service import BOT_PREFIX, CashTables
from croupier.server.tournaments import views
from croupier.server.tournaments.actor import KIND, ServerClock, TournamentActor
from croupier.server.tournaments.spec import Spec, table_name
from croupier.server.tournaments.tables import TourneyTable

__all__ = ["TOURNAMENT_BOTS", "Tournaments", "ensure_bot_accounts"]

_log = logging.getLogger("croupier.server.tournaments")

TOURNAMENT_BOTS = (
    *DEMO_BOTS,
    *("Ines", "Jonas", "Karla", "Luca", "Marta", "Nico", "Olga", "Paolo"),
    *("Rita", "Sven", "Tina", "Ugo", "Vera", "Walt", "Xena", "Yann", "Zoe"),
)
"""The bots of the demo's tournaments (``Bot-Anna`` ...), in-process like the cash tables'."""
KEEP_FINISHED = 8
"""Finished tournaments kept in the lobby (and in memory)."""
MAX_ITALIAN = 2
"""The demo's Italian tournaments running at once, at most."""


def _account_of(connection: Any, *, name: str) -> Any:
    return user_by_name(connection, name)


async def ensure_bot_accounts(store: Store) -> None:
    """Every bot the tournaments run (they fill a sit-and-go that waited) has its account,
    marked as a bot; a name some player holds (from before bots had accounts) stays his, and
    is never played by the house. Run before the tables start (they read the house's bots)."""
    now = utc_now()
    for short in TOURNAMENT_BOTS:
        name = f"{BOT_PREFIX}{short}"
        row = await store.read(functools.partial(_account_of, name=name))
        if row is not None:
            if not row.is_bot:
                _log.warning("%s is a player's account: no bot of that name is run", name)
            continue
        record = NewUser(
            screen_name=name,
            full_name=f"Demo bot {short}",
            date_of_birth=None,
            adult_confirmed_at=now,
            rules_version=ROOM_RULES_VERSION,
            rules_accepted_at=now,
            role="player",
            password_hash="!bot",
            created_at=now,
            is_bot=True,
        )
        await store.write([record])


class Tournaments:
    """Every tournament of the server, with its actor."""

    def __init__(self, *, cash: CashTables, money: MoneyDesk, store: Store, demo: bool) -> None:
        self.cash = cash
        self.money = money
        self.store = store
        self.config: OnlineConfig = cash.config
        self.demo = demo
        self.actors: dict[str, TournamentActor] = {}
        self.bots: dict[str, Bot] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._lobby_dirty = True

    # ------------------------------------------------------------------ start
    @classmethod
    async def start(
        cls, *, cash: CashTables, money: MoneyDesk, store: Store, demo: bool
    ) -> Tournaments:
        """Recover every tournament from the database and start its actor."""
        service = cls(cash=cash, money=money, store=store, demo=demo)
        parts, records, stray = await store.read(_read_stored)
        if stray:
            await store.write([EndHand(h, "voided") for h in stray])
        finished = sorted(
            (p for p in parts.values() if p.get("state") in ("finished", "cancelled")),
            key=lambda p: float(p["spec"].get("created_at", 0)),
        )
        skip = {p["spec"]["id"] for p in finished[:-KEEP_FINISHED]}
        await cash.hold(tournament_shard(t) for t in parts if t not in skip)
        for tid, part in parts.items():
            if tid in skip:
                continue
            try:
                actor = service._restore(part, records)
            except (ConfigurationError, KeyError, TypeError, ValueError) as error:
                _log.error("tournament %s cannot be restored: %s", tid, error)
                continue
            service.actors[actor.id] = actor
        for actor in service.actors.values():
            actor.start()
        if demo:
            await service.demo_round()
        service._tasks.append(asyncio.create_task(service._tick_loop(), name="tournament-ticks"))
        service._tasks.append(asyncio.create_task(service._lobby_loop(), name="tournament-lobby"))
        return service

    def _restore(self, part: dict[str, Any], records: dict[str, Any]) -> TournamentActor:
        spec = Spec.from_json(part["spec"])
        domain = part.get("domain")
        tournament = None
        recovered: dict[str, Recovered] = {}
        if domain is not None:
            extras = part.get("tables", {})
            for number, data in domain["tables"]:
                name = table_name(spec.id, number)
                extra = dict(extras.get(name, {}))
                record = records.get(name)
                if data["hand"] is not None and record is not None:
                    recovered[name] = _take_hand(
                        {"table": data, "extra": extra}, record, self.config
                    )
                else:
                    recovered[name] = Recovered(extra=extra)
                    if data["hand"] is not None:
                        raise ConfigurationError(
                            f"table {name}'s stored state has a hand in progress but the hands"
                            " table has no open hand for it"
                        )
            for name, r in recovered.items():
                if not r.extra and name in extras:
                    r.extra = dict(extras[name])
            tournament = Tournament.restore(
                domain, clock=ServerClock(self.cash.now), rng=random.SystemRandom()
            )
        for player in tournament.registry.players if tournament else part.get("registered", []):
            if player in self.cash.house_bots:
                self.add_bot(player)
        return TournamentActor(self, spec, stored=part, tournament=tournament, recovered=recovered)

    async def close(self) -> None:
        """Stop the actors and the loops (a write handed to the store is committed)."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for actor in self.actors.values():
            await actor.close()

    # ----------------------------------------------------------------- access
    def actor(self, tournament: str) -> TournamentActor:
        """The actor of ``tournament``, or ``not_found``."""
        actor = self.actors.get(tournament)
        if actor is None:
            raise ProtocolError(
                "not_found",
                f"no tournament {tournament!r}: the tournaments are"
                f" {', '.join(sorted(self.actors)) or 'none'}",
            )
        return actor

    def table(self, name: str) -> TourneyTable | None:
        """The actor of tournament table ``name`` (``"id@n"``), if there is one."""
        tid, _, _ = name.rpartition("@")
        actor = self.actors.get(tid)
        return None if actor is None else actor.tables.get(name)

    def where(self, player: str) -> str | None:
        """A tournament table ``player`` plays at, if any."""
        for actor in self.actors.values():
            found = actor.where(player)
            if found is not None:
                return found
        return None

    def presence(self, player: str, kind: str) -> None:
        """A player's first connection opened or his last closed: his tournament tables
        hear of it (his clock runs on; after the grace he is blinded: POK-3-2)."""
        for actor in self.actors.values():
            found = actor.where(player)
            if found is not None and found in actor.tables:
                actor.tables[found].post(Command(kind, player=player))

    def is_bot(self, player: str) -> bool:
        """Whether ``player`` is one of the house's bots (his account is marked so)."""
        return self.cash.is_bot(player)

    def bot_names(self) -> list[str]:
        """The demo's tournament bots (each an account marked as a bot), in a random order."""
        house = self.cash.house_bots
        names = [f"{BOT_PREFIX}{n}" for n in TOURNAMENT_BOTS if f"{BOT_PREFIX}{n}" in house]
        random.shuffle(names)
        return names

    def add_bot(self, name: str) -> None:
        """An in-process bot plays as ``name`` (a demo bot)."""
        if name not in self.bots:
            self.bots[name] = self.cash.bots.get(name) or make_bot("reasonable")

    # --------------------------------------------------------------- messages
    async def handle(self, connection: Any, message: Any) -> dict[str, Any]:
        """A tournament message of a connection."""
        actor = self.actor(message.tournament)
        kind = message.type
        if kind == "tournament":
            command = Command(
                "watch_tournament", player=connection.user, message=message, viewer=connection
            )
            return await actor.submit(command)
        return await actor.submit(Command(kind, player=connection.user, message=message))

    async def floor(self, tournament: str, by: str, order: dict[str, Any]) -> dict[str, Any]:
        """A floor operation (see :mod:`.floor`), signed by ``by``."""
        actor = self.actor(tournament)
        return await actor.submit(Command("floor", player=by, message=order))

    def view(self, tournament: str, player: str | None) -> dict[str, Any]:
        """The tournament's view for ``player`` (over HTTP)."""
        data = views.view(self.actor(tournament), player)
        data.pop("v")
        data.pop("type")
        return data

    def lobby_entry(self, tournament: str) -> dict[str, Any]:
        """One tournament's lobby entry."""
        return views.lobby_entry(self.actor(tournament))

    def lobby(self) -> list[dict[str, Any]]:
        """Every tournament of the lobby."""
        return [views.lobby_entry(a) for a in self._listed()]

    def _listed(self) -> list[TournamentActor]:
        return sorted(self.actors.values(), key=lambda a: a.spec.created_at)

    # --------------------------------------------------------------- creating
    async def create(
        self, spec: Spec, *, decision: dict[str, Any] | None = None, role: str = "floor"
    ) -> TournamentActor:
        """A new tournament, registering (written before anyone hears of it); the floor's
        ``decision`` ({by, what, args, why}) kept with it and appended to the floor's log
        in the same transaction."""
        if spec.id in self.actors:
            raise ConfigurationError(f"there is already a tournament {spec.id!r}")
        actor = TournamentActor(self, spec)
        records: list[Record] = [SaveSnapshot(KIND, spec.id, actor.part())]
        if decision is not None:
            from croupier.server.tournaments.console import log_record

            actor.decisions.append(decision)
            records = [
                SaveSnapshot(KIND, spec.id, actor.part()),
                log_record(
                    actor,
                    who=str(decision["by"]),
                    role=role,
                    action=str(decision["what"]),
                    why=str(decision["why"]),
                    detail=dict(decision.get("args", {})),
                ),
            ]
        shard = tournament_shard(spec.id)
        await self.cash.hold([shard])
        await self.store.write([*self.cash.fence([shard]), *records])
        self.actors[spec.id] = actor
        actor.start()
        self._lobby_dirty = True
        return actor

    def next_id(self, prefix: str) -> str:
        """``prefix-N``, N one more than any such id so far."""
        numbers = [0]
        for tid in self.actors:
            head, _, tail = tid.rpartition("-")
            if head == prefix and tail.isdigit():
                numbers.append(int(tail))
        return f"{prefix}-{max(numbers) + 1}"

    def finished(self, actor: TournamentActor) -> None:
        """A tournament ended (called by its actor, before its write): the demo re-opens."""
        if self.demo:
            with contextlib.suppress(RuntimeError):
                task = asyncio.get_running_loop().create_task(self.demo_round())
                self._tasks.append(task)

    async def demo_round(self) -> None:
        """The demo's tournaments: a ``pokcomm`` sit-and-go always open for registration
        (six players; bots fill it after a wait), and an ``italian`` tournament scheduled
        every few minutes with bots."""
        active = [a for a in self.actors.values() if a.spec.demo]
        minutes = self.config.demo_level_minutes
        if not any(a.spec.preset == "pokcomm" and a.state == "registering" for a in active):
            tid = self.next_id("sng-pokcomm")
            await self.create(
                Spec.make(
                    id=tid,
                    preset="pokcomm",
                    name=f"Sit & Go pokcomm #{tid.rsplit('-', 1)[1]}",
                    max_players=6,
                    table_size=6,
                    start_when=6,
                    level_minutes=minutes,
                    demo=True,
                    bots=5,
                )
            )
        italian = [a for a in active if a.spec.preset == "italian"]
        waiting = [a for a in italian if a.state == "registering"]
        running = [a for a in italian if a.state == "running"]
        if not waiting and len(running) < MAX_ITALIAN:
            tid = self.next_id("italian")
            await self.create(
                Spec.make(
                    id=tid,
                    preset="italian",
                    name=f"Torneo italiano #{tid.rsplit('-', 1)[1]}",
                    kind="scheduled",
                    max_players=40,
                    starts_at=time.time() + self.config.italian_every,
                    level_minutes=minutes,
                    structure={"late_registration_levels": 2},
                    demo=True,
                    bots=14,
                )
            )
        self._trim()

    def _trim(self) -> None:
        done = [a for a in self._listed() if a.state in ("finished", "cancelled")]
        for actor in done[:-KEEP_FINISHED]:
            del self.actors[actor.id]
            task = asyncio.get_running_loop().create_task(actor.close())
            self._tasks.append(task)

    # ------------------------------------------------------------------ loops
    async def _tick_loop(self) -> None:
        rounds = 0
        while True:
            await asyncio.sleep(self.config.tournament_tick)
            rounds += 1
            for actor in list(self.actors.values()):
                if actor.state in ("registering", "running") and actor.queue.qsize() < 8:
                    actor.post(Command("tick"))
            if self.demo and rounds % 5 == 0:
                try:
                    await self.demo_round()
                except Exception:
                    _log.exception("the demo's tournaments could not open")
            self._tasks = [t for t in self._tasks if not t.done()]

    async def _lobby_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.lobby_interval)
            dirty = self._lobby_dirty or any(a.dirty for a in self.actors.values())
            if not dirty:
                continue
            self._lobby_dirty = False
            for actor in self.actors.values():
                actor.dirty = False
            if self.cash.pubsub.subscribers(Topic.lobby()) == 0:
                continue
            try:
                text = dumps(
                    {"v": 1, "type": "lobby_update", "tables": [], "tournaments": self.lobby()}
                )
                await self.cash.pubsub.publish(Topic.lobby(), text)
            except Exception:
                _log.exception("tournament lobby update failed")


def _read_stored(connection: Any) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """The tournaments' stored parts, the open hand of each table playing one, and the open
    hands of tournament tables that none is playing (closed as voided: no chip moved)."""
    parts = latest_snapshots(connection, KIND)
    records: dict[str, Any] = {}
    for tid, part in parts.items():
        domain = part.get("domain")
        if domain is None:
            continue
        for number, data in domain["tables"]:
            if data["hand"] is not None:
                name = table_name(tid, number)
                record = open_hand_of(connection, name)
                if record is not None:
                    records[name] = record
    playing = {r.id for r in records.values()}
    stray = [
        h.id
        for h in open_hands(connection)
        if h.table.rpartition("@")[0] in parts and h.id not in playing
    ]
    return parts, records, stray
