"""An in-process room online for the tables' tests: the server's services and tables started in
an asyncio loop, clients as :class:`Connection` objects fed text (the very path a socket's
frames take), a clock the test moves by hand."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _api import make_config

from croupier.rules.model import Rules
from croupier.server.config import ServerConfig
from croupier.server.online import Online, start_online
from croupier.server.ratelimit import Rate
from croupier.server.services import Services, start_services
from croupier.server.tables.actor import TableActor
from croupier.server.tables.commands import Command
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.demo import open_tables
from croupier.server.ws.connection import Connection

GENEROUS = {
    "connection": Rate(1000, 100_000),
    "user": Rate(1000, 100_000),
    "ip": Rate(1000, 100_000),
}
"""Rate limits no test of a table meets (the rate limits' own test uses the real ones)."""

TEST_ONLINE = {
    "demo_tables": False,
    "message_rates": GENEROUS,
    "between_hands": 0.0,
    "disconnect_grace": 0.05,
    "lobby_interval": 0.01,
    # The tests' clients read their frames when the test looks (not as a socket would): their
    # outboxes may hold a whole scenario's frames.
    "max_outbox_bytes": 1 << 31,
}


_IDS = itertools.count(1)
"""Command ids, unique across a user's connections (a repeated id is answered, not applied)."""


class Clock:
    """A clock moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def online_config(database_url: str, data: Path, **online: Any) -> ServerConfig:
    """A test server configuration with the tables' knobs for tests."""
    return make_config(database_url, data, online=OnlineConfig(**{**TEST_ONLINE, **online}))


@dataclass
class Client:
    """One client: a connection, the frames it was sent, its command ids."""

    room: Room
    connection: Connection
    frames: list[dict[str, Any]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.connection.user

    def all(self) -> list[dict[str, Any]]:
        """Every frame received so far."""
        self.drain()
        return self.frames

    def hand_events(self, table: str, hand: int) -> list[dict[str, Any]]:
        """The events of hand ``hand`` at ``table`` as this client received them (a fresh
        view's, then the updates')."""
        events: list[dict[str, Any]] = []
        for frame in self.all():
            if frame.get("table") != table or frame.get("hand") != hand:
                continue
            if frame["type"] == "table":
                events = list(frame["events"])
            elif frame["type"] == "update":
                events.extend(frame["events"])
        return events

    def drain(self) -> list[dict[str, Any]]:
        """Take the frames the connection would send now."""
        out = []
        conn = self.connection
        while conn.outbox:
            text = conn.outbox.popleft()
            if conn._fresh(text):
                frame = json.loads(text)
                self.texts.append(text)
                self.frames.append(frame)
                out.append(frame)
        return out

    async def send_text(self, text: str) -> list[dict[str, Any]]:
        """Send raw text; return the frames received until the room is quiet."""
        await self.connection.receive(text)
        await self.room.settle()
        return self.drain()

    async def send(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a message; return its answer (``ok`` or ``error``)."""
        command_id = fields.pop("id", None) or f"c{next(_IDS)}"
        text = json.dumps({"v": 1, "type": kind, "id": command_id, **fields})
        await self.send_text(text)
        for frame in reversed(self.frames):
            if frame["type"] in ("ok", "error") and frame.get("id") == command_id:
                return frame
        raise AssertionError(f"no answer to {kind} {command_id}")

    async def ok(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a message that must succeed; return its result."""
        answer = await self.send(kind, **fields)
        assert answer["type"] == "ok", answer
        result: dict[str, Any] = answer["result"]
        return result

    def last(self, kind: str, table: str | None = None) -> dict[str, Any]:
        """The last frame of ``kind`` (for ``table``)."""
        self.drain()
        for frame in reversed(self.frames):
            if frame["type"] == kind and (table is None or frame.get("table") == table):
                return frame
        raise AssertionError(f"{self.name} got no {kind} frame")

    def state(self, table: str) -> dict[str, Any]:
        """The table's state in the last frame about it."""
        self.drain()
        for frame in reversed(self.frames):
            if frame.get("table") == table and "state" in frame:
                state: dict[str, Any] = frame["state"]
                return state
        raise AssertionError(f"{self.name} knows nothing of {table}")

    def you(self, table: str) -> dict[str, Any] | None:
        self.drain()
        for frame in reversed(self.frames):
            if frame.get("table") == table and "you" in frame:
                you: dict[str, Any] | None = frame["you"]
                return you
        return None

    async def close(self) -> None:
        await self.connection.close()
        await self.room.settle()


@dataclass
class Room:
    """The room online running in the test's loop."""

    services: Services
    online: Online
    clock: Clock

    @property
    def tables(self) -> Any:
        return self.online.tables

    def actor(self, table: str) -> TableActor:
        actor: TableActor = self.online.tables.actors[table]
        return actor

    async def settle(self, timeout: float = 10.0) -> None:
        """Let every task run until every table is idle (its writes committed)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        quiet = 0
        while loop.time() < deadline:
            if all(a.idle() for a in self.online.tables.actors.values()):
                quiet += 1
                if quiet > 3:
                    return
                await asyncio.sleep(0)
            else:
                quiet = 0
                await asyncio.sleep(0.0005)
        raise AssertionError("the tables did not settle")

    async def connect(
        self, name: str, *, role: str = "player", ip: str = "10.0.0.1", watch: str | None = "t1"
    ) -> Client:
        """A client of ``name`` connected (and watching ``watch``, as a client does)."""
        online = self.online
        connection = Connection(
            tables=online.tables,
            store=self.services.store,
            pubsub=online.pubsub,
            user=name,
            role=role,
            ip=ip,
            limits=online.limits,
            memory=online.memory,
            clock=self.clock,
        )
        await connection.open()
        client = Client(self, connection)
        await self.settle()
        client.drain()
        if watch is not None and watch in self.online.tables.actors:
            await client.ok("watch", table=watch)
        return client

    async def tick(self, seconds: float, table: str) -> None:
        """Move the clock and wake the table's turn clock."""
        self.clock.now += seconds
        actor = self.actor(table)
        actor.post(Command("timer", token=actor.turn_token))
        await self.settle()


def seed(
    services: Services,
    tables: list[tuple[str, Rules, int, tuple[str, ...]]],
    *,
    players: Iterable[str] = (),
    deposit: int = 1_000_000,
) -> None:
    """Open tables on the new database (their first players seated, buying in for the
    maximum) and give ``players`` play money."""
    money = services.money
    for name in players:
        money.ledger.deposit(name, deposit, "test chips")
    from croupier.server.storage.records import WriteEntry

    services.store.write_blocking([WriteEntry(e) for e in money.ledger.entries])
    open_tables(services.store, money, tables, config=services.config, deposit=deposit)


@asynccontextmanager
async def running_room(
    config: ServerConfig,
    tables: list[tuple[str, Rules, int, tuple[str, ...]]] = (),  # type: ignore[assignment]
    *,
    players: Iterable[str] = (),
) -> AsyncIterator[Room]:
    """Services opened, tables seeded, the room online started with a test clock."""
    services = start_services(config)
    try:
        if tables or players:
            seed(services, list(tables), players=players)
        clock = Clock()
        online = await start_online(services, clock=clock)
        services.online = online
        room = Room(services, online, clock)
        await room.settle()
        try:
            yield room
        finally:
            await online.close()
            services.online = None
    finally:
        services.close()


def run(coro: Any) -> Any:
    """Run a test's coroutine."""
    return asyncio.run(coro)


Choice = Any
"""A function (client, legal actions, state) -> (action, amount) choosing a move."""


def passive(client: Client, legal: dict[str, Any], state: dict[str, Any]) -> tuple[str, int | None]:
    """Check or call; show at the showdown."""
    if legal["show"] or legal["muck"]:
        return ("show" if legal["show"] else "muck"), None
    return ("check" if legal["check"] else "call"), None


async def act_once(
    clients: Iterable[Client], table: str, choose: Choice = passive
) -> dict[str, Any] | None:
    """The client whose turn it is acts once (None if it is nobody's turn)."""
    for client in clients:
        state = client.state(table)
        turn = state["to_act"]
        if turn is not None and turn["player"] == client.name:
            action, amount = choose(client, turn["legal"], state)
            fields: dict[str, Any] = {"table": table, "hand": state["hand"], "action": action}
            if amount is not None:
                fields["amount"] = amount
            return await client.send("act", **fields)
    return None


async def play_hands(
    clients: list[Client], table: str, hands: int, choose: Choice = passive, *, limit: int = 2000
) -> None:
    """Play until ``hands`` more hands have ended at ``table``."""
    actor = clients[0].room.actor(table)
    target = actor.table.hand_number + hands
    for _ in range(limit):
        if actor.table.hand_number >= target:
            return
        answer = await act_once(clients, table, choose)
        if answer is None:
            await clients[0].room.settle()
            if actor.current is None:
                if not actor.service.room.can_start(table):
                    raise AssertionError("the table cannot go on")
                actor.post(Command("deal"))  # do not wait for the pause between hands
                await clients[0].room.settle()
        else:
            assert answer["type"] == "ok", answer
    raise AssertionError(f"{hands} hands not played in {limit} moves")
